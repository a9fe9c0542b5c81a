import AnnouncerScheduler

/// One SSIP connection's side of the protocol (docs/design.md §11): it reads command lines and `SPEAK`
/// data, keeps the client's name, settings and notifications, answers what it can alone, and
/// says what the server must do for the rest (queue a message, stop or pause clients, set
/// another client's settings, list voices, hang up). Pure: tested by tables (SSIPSessionTests).
public struct SSIPSession: Sendable {
    /// Who a control command or a setting is for: `self`, `all`, or a client by its id.
    public enum Target: Equatable, Sendable {
        case own
        case all
        case client(Int)
    }

    public enum Control: String, Sendable {
        case stop, cancel, pause, resume

        /// What the command answers when it is carried out.
        public var reply: String {
            switch self {
            case .stop: SSIPReply.stopped
            case .cancel: SSIPReply.cancelled
            case .pause: SSIPReply.paused
            case .resume: SSIPReply.resumed
            }
        }
    }

    /// A message to queue, with the events the client asked for when it was sent.
    public struct Message: Equatable, Sendable {
        public var speech: Speech
        public var priority: MessagePriority
        public var notifications: Set<SSIPEvent>
    }

    /// What a line asks of the server.
    public enum Step: Equatable, Sendable {
        /// Send this; nothing else to do.
        case reply(String)
        /// A line of `SPEAK` data: nothing to send yet.
        case silent
        /// Queue it, and answer `SSIPReply.queued(id)` (or why not).
        case speak(Message)
        /// Stop, cancel, pause or resume the target's speech, and answer `control.reply` (or
        /// `SSIPReply.noSuchClient`).
        case control(Control, Target)
        /// Apply the setting to the target clients (`all` or one by id), and answer what
        /// `apply` returns (or `SSIPReply.noSuchClient`).
        case set(SSIPSetting, Target)
        /// Answer `SSIPReply.voices` with the synthesizer's voices for the language (and variant).
        case listVoices(language: String?, variant: String?)
        /// Answer `SSIPReply.bye` and close the connection once it is written.
        case quit
    }

    /// The longest message kept: longer `SPEAK` data is refused whole once its end arrives.
    public static let maximumMessageBytes = 1 << 20

    public let client: Int
    /// `user:application:component`, once the client has set it.
    public private(set) var name: String?
    public private(set) var settings = SSIPSettings()
    public private(set) var notifications: Set<SSIPEvent> = []
    /// Between `BLOCK BEGIN` and `BLOCK END`.
    public private(set) var insideBlock = false
    /// `SPEAK` data being received, and its size.
    private var data: [String]?
    private var dataBytes = 0

    public init(client: Int) {
        self.client = client
    }

    /// Whether the client is sending `SPEAK` data: nothing may be sent to it until that ends.
    public var receivingData: Bool { data != nil }

    /// The client's display name for logs.
    public var displayName: String { name ?? "unnamed SSIP client" }

    /// A line that was too long to keep (the framer's limit): in `SPEAK` data it makes the
    /// message too long; as a command it is answered as one.
    public mutating func receiveTooLong() -> Step {
        if data != nil {
            dataBytes = Self.maximumMessageBytes + 1
            return .silent
        }
        return .reply(SSIPReply.refused("LINE TOO LONG"))
    }

    public mutating func receive(line bytes: [UInt8]) -> Step {
        if data != nil { return receiveData(bytes) }
        guard let line = String(validating: bytes, as: UTF8.self) else { return .reply(SSIPReply.invalidEncoding) }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let command = words.first?.lowercased() else { return .reply(SSIPReply.invalidCommand) }
        let arguments = Array(words.dropFirst())
        switch command {
        case "speak":
            data = []
            dataBytes = 0
            return .reply(SSIPReply.receivingData)
        case "char":
            guard let character = arguments.first else { return .reply(SSIPReply.missingParameter) }
            return .speak(message(settings.speech(character == "space" ? " " : character, spellOut: true)))
        case "key":
            guard let key = arguments.first else { return .reply(SSIPReply.missingParameter) }
            return .speak(message(settings.speech(Self.words(ofKey: key))))
        case "sound_icon":
            guard let icon = arguments.first else { return .reply(SSIPReply.missingParameter) }
            return .speak(message(settings.speech(icon.replacing("_", with: " "))))
        case "stop", "cancel", "pause", "resume":
            if insideBlock { return .reply(SSIPReply.notAllowedInsideBlock) }
            guard let argument = arguments.first else { return .reply(SSIPReply.missingParameter) }
            guard let target = Self.target(argument) else { return .reply(SSIPReply.invalidParameter) }
            return .control(Control(rawValue: command)!, target)
        case "set":
            return set(arguments)
        case "get":
            if insideBlock { return .reply(SSIPReply.notAllowedInsideBlock) }
            return .reply(get(arguments.first?.lowercased()))
        case "list":
            if insideBlock { return .reply(SSIPReply.notAllowedInsideBlock) }
            switch arguments.first?.lowercased() {
            case "voices": return .reply(SSIPReply.voices(Self.voiceTypes))
            case "output_modules": return .reply(SSIPReply.modules([settings.outputModule]))
            case "synthesis_voices": return .listVoices(language: arguments.dropFirst().first, variant: arguments.dropFirst(2).first)
            case nil: return .reply(SSIPReply.missingParameter)
            default: return .reply(SSIPReply.invalidParameter)
            }
        case "history":
            if insideBlock { return .reply(SSIPReply.notAllowedInsideBlock) }
            if arguments.count >= 2, arguments[0].lowercased() == "get", arguments[1].lowercased() == "client_id" {
                return .reply(SSIPReply.clientID(client))
            }
            return .reply(arguments.isEmpty ? SSIPReply.missingParameter : SSIPReply.notImplemented)
        case "block":
            switch arguments.first?.lowercased() {
            case "begin":
                if insideBlock { return .reply(SSIPReply.alreadyInsideBlock) }
                insideBlock = true
                return .reply(SSIPReply.insideBlock)
            case "end":
                if !insideBlock { return .reply(SSIPReply.alreadyOutsideBlock) }
                insideBlock = false
                return .reply(SSIPReply.outsideBlock)
            case nil: return .reply(SSIPReply.missingParameter)
            default: return .reply(SSIPReply.invalidParameter)
            }
        case "help":
            return .reply(SSIPReply.help(Self.help))
        case "quit", "bye":
            return .quit
        default:
            return .reply(SSIPReply.invalidCommand)
        }
    }

    // MARK: - SPEAK data

    private mutating func receiveData(_ bytes: [UInt8]) -> Step {
        guard bytes == [UInt8(ascii: ".")] else {
            dataBytes += bytes.count + 1
            guard dataBytes <= Self.maximumMessageBytes else { return .silent }
            // A line that starts with a dot was sent with one more (dot-stuffing).
            let unstuffed = bytes.first == UInt8(ascii: ".") ? Array(bytes.dropFirst()) : bytes
            if let line = String(validating: unstuffed, as: UTF8.self) {
                data?.append(line)
            } else {
                invalidData = true
            }
            return .silent
        }
        let lines = data ?? []
        let size = dataBytes
        let invalid = invalidData
        data = nil
        dataBytes = 0
        invalidData = false
        if size > Self.maximumMessageBytes {
            return .reply(SSIPReply.refused("MESSAGE TOO LONG (THE LIMIT IS \(Self.maximumMessageBytes) BYTES); NOTHING QUEUED"))
        }
        if invalid { return .reply(SSIPReply.invalidEncoding) }
        let text = lines.joined(separator: "\n")
        if settings.ssml {
            let document = SSMLText(text)
            if document.text.isEmpty { return .reply(SSIPReply.messageEmpty) }
            return .speak(message(settings.speech(document.text, marks: document.marks)))
        }
        if text.allSatisfy(\.isWhitespace) { return .reply(SSIPReply.messageEmpty) }
        return .speak(message(settings.speech(text)))
    }

    /// A line of the `SPEAK` data was not UTF-8: the message is refused when it ends.
    private var invalidData = false

    private func message(_ speech: Speech) -> Message {
        Message(speech: speech, priority: blockPriority, notifications: notifications)
    }

    /// Messages inside a block do not cut each other off: text, notifications and progress go
    /// in as messages there (first come, first spoken).
    private var blockPriority: MessagePriority {
        guard insideBlock else { return settings.priority }
        return settings.priority == .important ? .important : .message
    }

    // MARK: - SET and GET

    private mutating func set(_ arguments: [String]) -> Step {
        guard arguments.count >= 3 || (arguments.count == 2 && arguments[1].lowercased() == "notification") else {
            return .reply(arguments.count < 3 ? SSIPReply.missingParameter : SSIPReply.invalidParameter)
        }
        guard let target = Self.target(arguments[0]) else { return .reply(SSIPReply.invalidParameter) }
        let name = arguments[1].lowercased()
        let values = Array(arguments.dropFirst(2))
        let setting: SSIPSetting
        switch SSIPSetting.parse(name, values) {
        case .success(let parsed): setting = parsed
        case .failure(let reply): return .reply(reply.text)
        }
        if insideBlock, !setting.allowedInsideBlock { return .reply(SSIPReply.notAllowedInsideBlock) }
        guard target == .own else {
            if !setting.forOtherClients { return .reply(SSIPReply.invalidParameter) }
            return .set(setting, target)
        }
        return .reply(apply(setting))
    }

    /// Applies a setting (its own `SET SELF`, or another client's `SET ALL`/`SET id`); returns
    /// the reply.
    public mutating func apply(_ setting: SSIPSetting) -> String {
        switch setting {
        case .clientName(let name):
            if self.name != nil { return SSIPReply.couldNotSetClientName }
            self.name = name
        case .priority(let priority): settings.priority = priority
        case .rate(let value): settings.rate = value
        case .pitch(let value): settings.pitch = value
        case .pitchRange(let value): settings.pitchRange = value
        case .volume(let value): settings.volume = value
        case .language(let language): settings.language = language
        case .voiceType(let type): settings.voiceType = type
        case .synthesisVoice(let voice): settings.synthesisVoice = voice
        case .outputModule(let module): settings.outputModule = module
        case .punctuation(let mode): settings.punctuation = mode
        case .spelling(let on): settings.spelling = on
        case .capitalLetters(let mode): settings.capitalLetters = mode
        case .ssml(let on): settings.ssml = on
        case .pauseContext(let value): settings.pauseContext = value
        case .notification(let event, let on):
            let events = event.map { [$0] } ?? SSIPEvent.allCases
            if on { notifications.formUnion(events) } else { notifications.subtract(events) }
        case .history, .debug:
            break
        }
        return setting.reply
    }

    private func get(_ name: String?) -> String {
        switch name {
        case nil: SSIPReply.missingParameter
        case "voice_type": SSIPReply.got(settings.voiceType)
        case "output_module": SSIPReply.got(settings.outputModule)
        case "language": SSIPReply.got(settings.language ?? "en")
        case "synthesis_voice": SSIPReply.got(settings.synthesisVoice ?? "")
        case "rate": SSIPReply.got(String(settings.rate))
        case "pitch": SSIPReply.got(String(settings.pitch))
        case "pitch_range": SSIPReply.got(String(settings.pitchRange))
        case "volume": SSIPReply.got(String(settings.volume))
        case "punctuation": SSIPReply.got(settings.punctuation ?? "none")
        case "priority": SSIPReply.got(settings.priority.rawValue)
        case "spelling": SSIPReply.got(settings.spelling ? "on" : "off")
        case "cap_let_recogn": SSIPReply.got(settings.capitalLetters)
        case "ssml_mode": SSIPReply.got(settings.ssml ? "on" : "off")
        default: SSIPReply.invalidParameter
        }
    }

    // MARK: - Words

    static func target(_ word: String) -> Target? {
        switch word.lowercased() {
        case "self": return .own
        case "all": return .all
        default:
            guard let id = Int(word), id > 0 else { return nil }
            return .client(id)
        }
    }

    /// A key name as words: `control_alt_delete` → "control alt delete", `shift_kp-enter` →
    /// "shift kp enter"; `space` and `underscore` as what they are.
    static func words(ofKey key: String) -> String {
        key.split(separator: "_").map(String.init).map { part -> String in
            switch part {
            case "space": "space"
            case "underscore": "underscore"
            case "double-quote": "double quote"
            default: part.count == 1 ? String(part) : part.replacing("-", with: " ")
            }
        }.joined(separator: " ")
    }

    static let voiceTypes = ["MALE1", "MALE2", "MALE3", "FEMALE1", "FEMALE2", "FEMALE3", "CHILD_MALE", "CHILD_FEMALE"]

    static let help = [
        "  SPEAK           -- say text ", "  KEY             -- say a combination of keys ",
        "  CHAR            -- say a character ", "  SOUND_ICON      -- execute a sound icon ",
        "  SET             -- set a parameter ", "  GET             -- get a current parameter ",
        "  LIST            -- list available arguments ", "  HISTORY         -- commands related to history ",
        "  QUIT            -- close the connection ",
    ]
}
