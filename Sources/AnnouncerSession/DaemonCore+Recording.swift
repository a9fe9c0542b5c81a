import AnnouncerBrailleRules
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport

/// A daemon session written down as the core's inputs with their times, one JSON object a line
/// (`announcerd --record FILE`): fed to a new core with the same settings, it gives the same
/// replies, events and speech (DaemonCoreReplayTests). Pure: the recorder and the reader are
/// the shells.
extension DaemonCore.Input {
    /// The input as one line's object, with its time.
    public func json(at time: Milliseconds) -> JSONValue {
        var members: [String: JSONValue] = ["at": .number(time)]
        func client(_ id: DaemonCore.ClientID) { members["client"] = .number(Double(id)) }
        switch self {
        case .connected(let id, let uid, let pid, let door):
            members["input"] = "connected"
            client(id)
            members["uid"] = .number(Double(uid))
            members["pid"] = .number(Double(pid))
            members["door"] = .string(door.rawValue)
        case .linesArrived(let id, let count):
            members["input"] = "linesArrived"
            client(id)
            members["count"] = .number(Double(count))
        case .turn:
            members["input"] = "turn"
        case .line(let id, .line(let bytes)):
            members["input"] = "line"
            client(id)
            if let text = String(validating: bytes, as: UTF8.self) {
                members["text"] = .string(text)
            } else {
                members["bytes"] = .array(bytes.map { .number(Double($0)) })
            }
        case .line(let id, .tooLong(let length)):
            members["input"] = "tooLong"
            client(id)
            members["length"] = .number(Double(length))
        case .writable(let id, let backlog):
            members["input"] = "writable"
            client(id)
            members["backlog"] = .number(Double(backlog))
        case .closed(let id, let reason):
            members["input"] = "closed"
            client(id)
            if let reason { members["reason"] = .string(reason) }
        case .wake(let id):
            members["input"] = "wake"
            client(id)
        case .tick:
            members["input"] = "tick"
        case .braille(let input):
            members["input"] = "braille"
            switch input {
            case .connected(let width): members["connected"] = .number(Double(width))
            case .disconnected(let reason): members["disconnected"] = .string(reason)
            case .tick: members["tick"] = true
            case .key(let key): members["key"] = .string(key.name)
            }
        case .engine(let report):
            members["input"] = "engine"
            switch report {
            case .started(let id): members["started"] = .number(Double(id.rawValue))
            case .finished(let id): members["finished"] = .number(Double(id.rawValue))
            case .mark(let id, let name):
                members["mark"] = .number(Double(id.rawValue))
                members["name"] = .string(name)
            case .failed(let id, let message):
                members["failed"] = .number(Double(id.rawValue))
                members["message"] = .string(message)
            case .restarted: members["restarted"] = true
            }
        case .voices(.listed(let voices)):
            members["input"] = "voices"
            members["voices"] = .array(voices.map(\.json))
        case .voices(.failed(let reason)):
            members["input"] = "voices"
            members["failed"] = .string(reason)
        case .reconfigure(let settings):
            members["input"] = "reconfigure"
            members["locale"] = .string(settings.locale)
            members["hintStyle"] = .string(settings.hintStyle.rawValue)
            members["maxClients"] = .number(Double(settings.limits.maximumClients))
            members["maxBacklogBytes"] = .number(Double(settings.limits.maximumBacklogBytes))
            members["maxQueuedPerClient"] = .number(Double(settings.limits.maximumQueuedPerClient))
            members["hintDelayMs"] = .number(settings.scheduler.hintDelayMs)
            members["maxAgeMs"] = .number(settings.scheduler.maxAgeMs)
            members["queueLimit"] = .number(Double(settings.scheduler.queueLimit))
            // The whole configuration read again, and the tables, when the reload read them.
            if let configuration = settings.configuration { members["configuration"] = RecordingHeader.json(configuration.entries) }
            if let catalog = settings.catalog { members["locales"] = RecordingHeader.json(catalog) }
        case .shutdown:
            members["input"] = "shutdown"
        }
        return .object(members)
    }

    /// Reads a line written by `json(at:)`: the input and its time.
    public static func recorded(_ line: some Collection<UInt8>) throws(RequestError) -> (input: Self, at: Milliseconds) {
        let json: JSONValue
        do { json = try JSONValue.parse(line) } catch { throw RequestError(.badJSON, error.description) }
        do {
            let reader = try JSONObjectReader(json, path: "")
            let at = try reader.required("at") { key throws(FieldError) in try reader.number(key) }
            let kind = try reader.required("input") { key throws(FieldError) in try reader.string(key) }
            func client() throws(FieldError) -> DaemonCore.ClientID {
                try reader.required("client") { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) }
            }
            func utterance(_ key: String) throws(FieldError) -> UtteranceID? {
                try reader.integer(key, in: 0...Int.max).map(UtteranceID.init)
            }
            let input: Self
            switch kind {
            case "connected":
                let door = try reader.choice("door", ["json", "ssip"]).flatMap(DaemonCore.Door.init(rawValue:)) ?? .json
                input = .connected(try client(), uid: UInt32(try reader.required("uid") { key throws(FieldError) in try reader.integer(key, in: 0...Int(UInt32.max)) }),
                                   pid: Int32(try reader.required("pid") { key throws(FieldError) in try reader.integer(key, in: 0...Int(Int32.max)) }), door: door)
            case "linesArrived":
                input = .linesArrived(try client(), count: try reader.required("count") { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) })
            case "turn": input = .turn
            case "line":
                let bytes: [UInt8]
                if let text = try reader.string("text") {
                    bytes = Array(text.utf8)
                } else {
                    let numbers = try reader.required("bytes") { key throws(FieldError) in try reader.array(key) }
                    bytes = numbers.compactMap { if case .number(let n) = $0 { UInt8(exactly: n) } else { nil } }
                }
                input = .line(try client(), .line(bytes))
            case "tooLong":
                input = .line(try client(), .tooLong(try reader.required("length") { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) }))
            case "writable":
                input = .writable(try client(), backlog: try reader.required("backlog") { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) })
            case "closed": input = .closed(try client(), reason: try reader.string("reason"))
            case "wake": input = .wake(try client())
            case "tick": input = .tick
            case "braille":
                if let width = try reader.integer("connected", in: 1...10_000) {
                    input = .braille(.connected(width: width))
                } else if let reason = try reader.string("disconnected") {
                    input = .braille(.disconnected(reason: reason))
                } else if let name = try reader.string("key") {
                    guard let key = BrailleSession.Key(name: name) else { throw FieldError(.invalid, path: "key", "unknown braille key \"\(name)\"") }
                    input = .braille(.key(key))
                } else {
                    input = .braille(.tick)
                }
            case "engine":
                if let id = try utterance("started") {
                    input = .engine(.started(id))
                } else if let id = try utterance("finished") {
                    input = .engine(.finished(id))
                } else if let id = try utterance("mark") {
                    input = .engine(.mark(id, try reader.string("name") ?? ""))
                } else if let id = try utterance("failed") {
                    input = .engine(.failed(id, try reader.string("message") ?? ""))
                } else if try reader.bool("restarted") == true {
                    input = .engine(.restarted)
                } else {
                    throw FieldError(.missing, path: "started", "an engine report names what happened")
                }
            case "voices":
                if let reason = try reader.string("failed") {
                    input = .voices(.failed(reason))
                } else {
                    let items = try reader.required("voices") { key throws(FieldError) in try reader.array(key) }
                    input = .voices(.listed(try SynthesisVoice.list(items, path: "voices")))
                }
            case "reconfigure":
                func count(_ key: String) throws(FieldError) -> Int {
                    try reader.required(key) { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) }
                }
                func time(_ key: String) throws(FieldError) -> Milliseconds {
                    try reader.required(key) { key throws(FieldError) in try reader.number(key) }
                }
                let hintStyle = try reader.required("hintStyle") { key throws(FieldError) in
                    try reader.choice(key, HintStyle.allCases.map(\.rawValue)).flatMap(HintStyle.init(rawValue:))
                }
                // The configuration, when the reload read it (an older recording: the listener's
                // settings alone), by the file's own rule; the tables, when it read them.
                var configuration: Configuration?
                if let entries = reader.value("configuration") {
                    configuration = try RecordingHeader.configuration(entries, path: "configuration")
                } else if case .object(let values)? = reader.value("settings") {
                    var read = Configuration()
                    for (key, value) in values {
                        guard let setting = UserSetting(rawValue: key), case .string(let text) = value else {
                            throw FieldError(.invalid, path: "settings.\(key)", "expected a setting and its value as announcer.conf writes it")
                        }
                        do { try read.set(setting, to: text) } catch { throw FieldError(.invalid, path: "settings.\(key)", error.message) }
                    }
                    configuration = read
                }
                let catalog = try reader.value("locales").map { value throws(FieldError) in try RecordingHeader.catalog(value, path: "locales") }
                input = .reconfigure(DaemonSettings(
                    catalog: catalog, locale: try reader.required("locale") { key throws(FieldError) in try reader.string(key) },
                    hintStyle: hintStyle,
                    limits: DaemonLimits(maximumClients: try count("maxClients"), maximumBacklogBytes: try count("maxBacklogBytes"),
                                         maximumQueuedPerClient: try count("maxQueuedPerClient")),
                    scheduler: SchedulerSettings(hintDelayMs: try time("hintDelayMs"), maxAgeMs: try time("maxAgeMs"), queueLimit: try count("queueLimit")),
                    configuration: configuration))
            case "shutdown": input = .shutdown
            default:
                throw FieldError(.invalid, path: "input", "unknown input \"\(kind)\"")
            }
            return (input, at)
        } catch let error as FieldError {
            throw RequestError(error, id: nil)
        } catch {
            throw RequestError(.invalidField, "\(error)")
        }
    }
}
