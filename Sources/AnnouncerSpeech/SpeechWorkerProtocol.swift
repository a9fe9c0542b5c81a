import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem

/// What announcerd tells its speech worker, one JSON object per line on their socket pair.
public enum WorkerCommand: Sendable, Equatable {
    /// What the worker needs to start espeak-ng and its sink.
    public struct Start: Sendable, Equatable {
        public var sink: SinkChoice
        public var espeak: VoiceSettings
        public var speaker: SpeakerSettings

        public init(sink: SinkChoice, espeak: VoiceSettings, speaker: SpeakerSettings) {
            self.sink = sink
            self.espeak = espeak
            self.speaker = speaker
        }
    }

    /// The first line: start the engine, then answer `ready` or `refused`.
    case start(Start)
    case speak(ScheduledUtterance)
    case cut(UtteranceID)
    /// Speak what comes next with these settings (changed while listening).
    case configure(VoiceSettings)
    /// Finish the current utterance's cut-off, close the sink, and exit.
    case quit

    public var json: JSONValue {
        switch self {
        case .start(let start):
            return ["op": "start", "sink": .string(start.sink.description), "voice": .string(start.espeak.voice),
                    "wordsPerMinute": .number(Double(start.espeak.wordsPerMinute)), "volume": .number(Double(start.espeak.volume)),
                    "pitch": .number(Double(start.espeak.pitch)), "punctuation": .string(start.espeak.punctuation.rawValue),
                    "synthesisBufferMs": .number(Double(start.espeak.synthesisBufferMs)),
                    "dataPath": start.espeak.dataPath.map { .string($0) } ?? .null,
                    "speakerBufferMs": .number(Double(start.speaker.bufferMs)),
                    "speakerIdleCloseMs": .number(Double(start.speaker.idleCloseMs))]
        case .speak(let utterance):
            let speech = utterance.speech
            return ["op": "speak", "id": .number(Double(utterance.id.rawValue)), "kind": .string(utterance.kind.description),
                    "text": .string(speech.text), "language": speech.language.map { .string($0) } ?? .null,
                    "spellOut": .bool(speech.spellOut), "punctuation": speech.punctuation.map { .string($0.rawValue) } ?? .null,
                    "pitch": speech.pitch.map { .number($0) } ?? .null, "rate": speech.rate.map { .number($0) } ?? .null,
                    "volume": speech.volume.map { .number($0) } ?? .null, "voice": speech.voice.map { .string($0) } ?? .null,
                    "marks": .array(speech.marks.map { ["offset": .number(Double($0.offset)), "name": .string($0.name)] }),
                    "spans": .array(speech.spans.map { ["offset": .number(Double($0.offset)), "count": .number(Double($0.count)),
                                                         "language": .string($0.language)] })]
        case .cut(let id):
            return ["op": "cut", "id": .number(Double(id.rawValue))]
        case .configure(let voice):
            return ["op": "configure", "voice": .string(voice.voice), "wordsPerMinute": .number(Double(voice.wordsPerMinute)),
                    "volume": .number(Double(voice.volume)), "pitch": .number(Double(voice.pitch)),
                    "punctuation": .string(voice.punctuation.rawValue)]
        case .quit:
            return ["op": "quit"]
        }
    }

    /// Decodes a line; a line this side does not understand (an unknown `op` or `kind`, a
    /// field missing) is an error, never a guess: the two sides are built together, so it is a
    /// bug to report.
    public init(json: JSONValue) throws(WorkerProtocolError) {
        let fields = WorkerFields(json)
        switch fields.string("op") {
        case "start":
            guard let sinkName = fields.string("sink") else { throw WorkerProtocolError(json, "no sink") }
            guard let sink = try? SinkChoice(parsing: sinkName) else { throw WorkerProtocolError(json, "unknown sink \"\(sinkName)\"") }
            var espeak = Self.voice(fields)
            espeak.synthesisBufferMs = Int32(fields.int("synthesisBufferMs") ?? Int(espeak.synthesisBufferMs))
            espeak.dataPath = fields.string("dataPath")
            var speaker = SpeakerSettings()
            speaker.bufferMs = fields.int("speakerBufferMs") ?? speaker.bufferMs
            speaker.idleCloseMs = fields.int("speakerIdleCloseMs") ?? speaker.idleCloseMs
            self = .start(Start(sink: sink, espeak: espeak, speaker: speaker))
        case "speak":
            guard let id = fields.int("id"), let text = fields.string("text") else { throw WorkerProtocolError(json, "no id or text") }
            guard let kind = fields.string("kind").flatMap(Self.kind) else {
                throw WorkerProtocolError(json, "unknown utterance kind \(fields.string("kind").map { "\"\($0)\"" } ?? "(none)")")
            }
            let marks = fields.array("marks").compactMap { mark -> SpeechMark? in
                let mark = WorkerFields(mark)
                guard let offset = mark.int("offset"), let name = mark.string("name") else { return nil }
                return SpeechMark(offset: offset, name: name)
            }
            let spans = fields.array("spans").compactMap { span -> LanguageSpan? in
                let span = WorkerFields(span)
                guard let offset = span.int("offset"), let count = span.int("count"), let language = span.string("language") else { return nil }
                return LanguageSpan(offset: offset, count: count, language: language)
            }
            let speech = Speech(text: text, language: fields.string("language"), spellOut: fields.bool("spellOut") ?? false,
                                punctuation: fields.string("punctuation").flatMap(Announcement.Punctuation.init(rawValue:)),
                                pitch: fields.number("pitch"), rate: fields.number("rate"), marks: marks,
                                volume: fields.number("volume"), voice: fields.string("voice"), spans: spans)
            self = .speak(ScheduledUtterance(id: UtteranceID(id), kind: kind, speech: speech, arrivedAt: 0, eligibleAt: 0))
        case "cut":
            guard let id = fields.int("id") else { throw WorkerProtocolError(json, "no id") }
            self = .cut(UtteranceID(id))
        case "configure":
            self = .configure(Self.voice(fields))
        case "quit":
            self = .quit
        case let op:
            throw WorkerProtocolError(json, "unknown op \(op.map { "\"\($0)\"" } ?? "(none)")")
        }
    }

    /// The voice settings of a `start` or `configure` line; each missing one its default.
    private static func voice(_ fields: WorkerFields) -> VoiceSettings {
        var espeak = VoiceSettings()
        espeak.voice = fields.string("voice") ?? espeak.voice
        espeak.wordsPerMinute = fields.int("wordsPerMinute") ?? espeak.wordsPerMinute
        espeak.volume = fields.int("volume") ?? espeak.volume
        espeak.pitch = fields.int("pitch") ?? espeak.pitch
        espeak.punctuation = fields.string("punctuation").flatMap(Announcement.Punctuation.init(rawValue:)) ?? espeak.punctuation
        return espeak
    }

    /// `UtteranceKind.description` read back.
    static func kind(_ name: String) -> UtteranceKind? {
        switch name {
        case "focus": .focus
        case "hint": .hint
        case "echo": .echo
        case "window": .window
        // "progress" is the progress message's: a progress announcement is scheduled as one.
        default: MessagePriority(rawValue: name).map { .message($0) } ?? Announcement.Priority(rawValue: name).map { .announcement($0) }
        }
    }
}

/// A line on the worker's channel that does not say what it should.
public struct WorkerProtocolError: Error, Equatable, CustomStringConvertible {
    public var line: String
    public var reason: String

    init(_ json: JSONValue, _ reason: String) {
        line = json.serialized()
        self.reason = reason
    }

    public var description: String { "the speech worker's channel carried a line it cannot read (\(reason)): \(line)" }
}

/// What the speech worker tells announcerd.
public enum WorkerReport: Sendable, Equatable {
    /// espeak-ng is loaded and the sink open: the worker takes `speak` lines now.
    case ready
    /// The worker cannot start; the message says why, for the daemon to report.
    case refused(String)
    /// An engine report about the utterance in hand.
    case engine(SpeechEngineEvent)
    /// The worker is done with the utterance it was given, however it ended.
    case settled(UtteranceID)
    /// espeak-ng made progress (sent while synthesizing, a few times a second).
    case progress

    public var json: JSONValue {
        switch self {
        case .ready: return ["ev": "ready"]
        case .refused(let message): return ["ev": "refused", "message": .string(message)]
        case .engine(.started(let id)): return ["ev": "started", "id": .number(Double(id.rawValue))]
        case .engine(.finished(let id)): return ["ev": "finished", "id": .number(Double(id.rawValue))]
        case .engine(.failed(let id, let reason)): return ["ev": "failed", "id": .number(Double(id.rawValue)), "reason": .string(reason)]
        case .engine(.mark(let id, let name)): return ["ev": "mark", "id": .number(Double(id.rawValue)), "name": .string(name)]
        // The supervisor's own report: a worker never sends it, and one that did is not believed.
        case .engine(.restarted): return ["ev": "restarted"]
        case .settled(let id): return ["ev": "settled", "id": .number(Double(id.rawValue))]
        case .progress: return ["ev": "progress"]
        }
    }

    public init?(json: JSONValue) {
        let fields = WorkerFields(json)
        let id = fields.int("id").map(UtteranceID.init)
        switch (fields.string("ev"), id) {
        case ("ready", _): self = .ready
        case ("refused", _): self = .refused(fields.string("message") ?? "the speech worker could not start")
        case ("started", let id?): self = .engine(.started(id))
        case ("finished", let id?): self = .engine(.finished(id))
        case ("failed", let id?): self = .engine(.failed(id, fields.string("reason") ?? "synthesis failed"))
        case ("settled", let id?): self = .settled(id)
        case ("mark", let id?): self = .engine(.mark(id, fields.string("name") ?? ""))
        case ("progress", _): self = .progress
        default: return nil
        }
    }
}

/// Field access for the worker's lines.
private struct WorkerFields {
    let members: [String: JSONValue]
    init(_ json: JSONValue) {
        if case .object(let members) = json { self.members = members } else { members = [:] }
    }
    func string(_ key: String) -> String? { if case .string(let value)? = members[key] { value } else { nil } }
    func number(_ key: String) -> Double? { if case .number(let value)? = members[key] { value } else { nil } }
    func int(_ key: String) -> Int? { number(key).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil } }
    func bool(_ key: String) -> Bool? { if case .bool(let value)? = members[key] { value } else { nil } }
    func array(_ key: String) -> [JSONValue] { if case .array(let values)? = members[key] { values } else { [] } }
}

/// One end of the socket pair between announcerd and its worker: whole lines in, whole lines out.
/// Writers may be on any thread (a lock keeps their lines whole); one thread reads at a time.
public final class WorkerChannel: Sendable {
    public let descriptor: FileDescriptor
    /// The descriptor the daemon hands the worker its end of the socket pair on.
    public static let workerDescriptor: Int32 = 3
    /// Bytes read that do not end a line yet.
    private let partial = Locked<[UInt8]>([])
    /// Keeps each line whole: a plain mutex, not a `Locked<Void>`, whose zero-sized value shares
    /// its address with the lock's own field (ThreadSanitizer took the exclusive access to that
    /// nothing for a race with another writer reading the field, and halted the worker).
    private let writeLock = ConditionLock()

    public init(fd: Int32) { self.descriptor = FileDescriptor(rawValue: fd) }

    var fd: Int32 { descriptor.rawValue }

    /// Writes one message; false when the other end is gone or has stopped reading for
    /// `timeoutMs`.
    @discardableResult
    public func send(_ message: JSONValue, timeoutMs: Int32 = 1000) -> Bool {
        let bytes = Array(message.serialized().utf8) + [UInt8(ascii: "\n")]
        return writeLock.withLock {
            var offset = 0
            while offset < bytes.count {
                switch try? descriptor.write(bytes[offset...], withoutWaiting: true) {
                case .processed(let written)?: offset += written
                case .wouldBlock?:
                    guard let ready = try? descriptor.wait(for: .writable, timeoutMilliseconds: timeoutMs), !ready.isEmpty else { return false }
                case nil: return false
                }
            }
            return true
        }
    }

    /// For a non-blocking descriptor: everything there is now, read to "would block" or to the
    /// end (`ended`), as whole lines.
    func receiveAvailable() -> (lines: [JSONValue], ended: Bool) {
        var lines: [JSONValue] = []
        while true {
            switch receiveOnce() {
            case .ended: return (lines, true)
            case .wouldBlock: return (lines, false)
            case .lines(let more): lines += more
            }
        }
    }

    /// Reads what is there (blocking unless the descriptor is non-blocking) and returns the
    /// whole lines; nil at the end of the stream or on an error.
    public func receive() -> [JSONValue]? {
        switch receiveOnce() {
        case .ended: nil
        case .wouldBlock: []
        case .lines(let lines): lines
        }
    }

    private enum Received {
        case lines([JSONValue])
        case wouldBlock
        case ended
    }

    private func receiveOnce() -> Received {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count: Int
        switch try? descriptor.read(into: &chunk) {
        case .processed(let read)? where read > 0: count = read
        case .wouldBlock?: return .wouldBlock
        default: return .ended
        }
        return .lines(partial.withLock { buffer in
            buffer += chunk[0..<count]
            var lines: [JSONValue] = []
            var start = 0
            while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if let value = try? JSONValue.parse(buffer[start..<newline]) { lines.append(value) }
                start = newline + 1
            }
            buffer.removeFirst(start)
            return lines
        })
    }
}
