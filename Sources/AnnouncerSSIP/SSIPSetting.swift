import AnnouncerScheduler

/// One `SET` command, read and checked: what it sets, to what.
public enum SSIPSetting: Equatable, Sendable {
    case clientName(String)
    case priority(MessagePriority)
    case rate(Int)
    case pitch(Int)
    case pitchRange(Int)
    case volume(Int)
    case language(String)
    case voiceType(String)
    case synthesisVoice(String)
    case outputModule(String)
    case punctuation(String)
    case spelling(Bool)
    case capitalLetters(String)
    case ssml(Bool)
    case pauseContext(Int)
    /// An event (nil: all of them) turned on or off.
    case notification(SSIPEvent?, Bool)
    case history(Bool)
    case debug(Bool)

    /// A reply text that is an error.
    public struct Refusal: Error, Equatable {
        public var text: String
    }

    /// Reads `SET <target> name values…`.
    static func parse(_ name: String, _ values: [String]) -> Result<SSIPSetting, Refusal> {
        func refuse(_ text: String) -> Result<SSIPSetting, Refusal> { .failure(Refusal(text: text)) }
        let value = values.first ?? ""
        func number(_ range: ClosedRange<Int>, _ make: (Int) -> SSIPSetting) -> Result<SSIPSetting, Refusal> {
            guard let number = Int(value) else { return refuse(SSIPReply.notANumber) }
            if number > range.upperBound { return refuse(SSIPReply.outOfRange(name, tooHigh: true)) }
            if number < range.lowerBound { return refuse(SSIPReply.outOfRange(name, tooHigh: false)) }
            return .success(make(number))
        }
        func onOff(_ make: (Bool) -> SSIPSetting) -> Result<SSIPSetting, Refusal> {
            switch value.lowercased() {
            case "on": .success(make(true))
            case "off": .success(make(false))
            default: refuse(SSIPReply.notOnOrOff)
            }
        }
        func choice(_ choices: [String], _ make: (String) -> SSIPSetting) -> Result<SSIPSetting, Refusal> {
            let lowered = value.lowercased()
            return choices.contains(lowered) ? .success(make(lowered)) : refuse(SSIPReply.invalidParameter)
        }
        switch name {
        case "client_name":
            // libspeechd quotes the name; the three parts are kept as given.
            var name = values.joined(separator: " ")
            if name.count >= 2, name.first == "\"", name.last == "\"" { name = String(name.dropFirst().dropLast()) }
            return name.isEmpty ? refuse(SSIPReply.invalidParameter) : .success(.clientName(name))
        case "priority":
            guard let priority = MessagePriority(rawValue: value.lowercased()) else { return refuse(SSIPReply.unknownPriority) }
            return .success(.priority(priority))
        case "rate": return number(-100...100, SSIPSetting.rate)
        case "pitch": return number(-100...100, SSIPSetting.pitch)
        case "pitch_range": return number(-100...100, SSIPSetting.pitchRange)
        case "volume": return number(-100...100, SSIPSetting.volume)
        case "pause_context":
            guard let number = Int(value), number >= 0 else { return refuse(SSIPReply.notANumber) }
            return .success(.pauseContext(number))
        case "language":
            guard Self.isLanguageTag(value) else { return refuse(SSIPReply.invalidParameter) }
            return .success(.language(value))
        case "voice_type", "voice":
            let upper = value.uppercased()
            return SSIPSession.voiceTypes.contains(upper) ? .success(.voiceType(upper)) : refuse(SSIPReply.invalidParameter)
        case "synthesis_voice":
            // Voice names may have spaces ("English (Great Britain)").
            return .success(.synthesisVoice(values.joined(separator: " ")))
        case "output_module":
            return .success(.outputModule(value))
        case "punctuation":
            return choice(["all", "most", "some", "none"], SSIPSetting.punctuation)
        case "spelling":
            return onOff(SSIPSetting.spelling)
        case "cap_let_recogn":
            return choice(["none", "spell", "icon"], SSIPSetting.capitalLetters)
        case "ssml_mode":
            return onOff(SSIPSetting.ssml)
        case "notification":
            guard values.count >= 2 else { return refuse(SSIPReply.missingParameter) }
            let event: SSIPEvent?
            switch values[0].lowercased() {
            case "all": event = nil
            case "index_marks": event = .indexMark
            case let other:
                guard let named = SSIPEvent(rawValue: other), named != .indexMark else { return refuse(SSIPReply.invalidParameter) }
                event = named
            }
            switch values[1].lowercased() {
            case "on": return .success(.notification(event, true))
            case "off": return .success(.notification(event, false))
            default: return refuse(SSIPReply.invalidParameter)
            }
        case "history":
            return onOff(SSIPSetting.history)
        case "debug":
            return onOff(SSIPSetting.debug)
        default:
            return refuse(SSIPReply.invalidCommand)
        }
    }

    /// What a successful `SET` answers.
    var reply: String {
        switch self {
        case .clientName: SSIPReply.clientNameSet
        case .priority: SSIPReply.prioritySet
        case .rate: SSIPReply.rateSet
        case .pitch: SSIPReply.pitchSet
        case .pitchRange: SSIPReply.pitchRangeSet
        case .volume: SSIPReply.volumeSet
        case .language: SSIPReply.languageSet
        case .voiceType, .synthesisVoice: SSIPReply.voiceSet
        case .outputModule: SSIPReply.outputModuleSet
        case .punctuation: SSIPReply.punctuationSet
        case .spelling: SSIPReply.spellingSet
        case .capitalLetters: SSIPReply.capitalsSet
        case .ssml: SSIPReply.ssmlModeSet
        case .pauseContext: SSIPReply.pauseContextSet
        case .notification: SSIPReply.notificationSet
        case .history, .debug: SSIPReply.notImplementedButOK
        }
    }

    /// `SET ALL` and `SET <id>` may set these; the rest are each client's own.
    var forOtherClients: Bool {
        switch self {
        case .clientName, .priority, .notification, .ssml: false
        default: true
        }
    }

    /// The settings SSIP allows between `BLOCK BEGIN` and `BLOCK END`.
    var allowedInsideBlock: Bool {
        switch self {
        case .rate, .pitch, .volume, .voiceType, .language, .punctuation, .capitalLetters: true
        default: false
        }
    }

    /// A BCP-47-like tag: letters, digits, `-` and `_`, at most 35 characters.
    static func isLanguageTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}
