import AnnouncerFocus
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport

/// The one reply every request line gets (docs/design.md §5), as a typed value: the daemon encodes it,
/// clients decode it.
public struct Reply: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        /// To `hello`.
        case welcome(protocol: Int, version: String)
        /// To `focus`, `announce`, `stop`, `screen`, `update`, `key`, `navigate`: what was queued.
        case ok(Accepted)
        /// To `status`.
        case status(DaemonStatus)
        /// To `subscribe`: the events now subscribed.
        case subscribed(Set<String>)
        /// To `commands`: how many are registered.
        case commandsRegistered(Int)
        /// To `shortcuts`: the enabled commands.
        case shortcuts([KeyCommand])
        /// To `voices`: the synthesizer's voices.
        case voices([SynthesisVoice])
        /// To `settings`: every setting's value as announcer.conf writes it, after the changes,
        /// and the utterance that says the change (none when nothing changed).
        case settings([UserSetting: String], utterance: UtteranceID? = nil)
        case error(RequestError.Code, message: String)
    }

    /// What a speaking request put in the queue.
    public struct Accepted: Sendable, Equatable {
        /// The description's (or announcement's) utterance.
        public var utterance: UtteranceID?
        /// The hint's utterance, when there is one.
        public var hint: UtteranceID?
        /// The element now focused or read, when the request moved the focus or the reading
        /// cursor: `.some(nil)` is an element without an id.
        public var element: String??

        public init(utterance: UtteranceID? = nil, hint: UtteranceID? = nil, element: String?? = nil) {
            self.utterance = utterance
            self.hint = hint
            self.element = element
        }
    }

    /// The request's `id`, echoed.
    public var id: JSONValue?
    public var body: Body

    public init(id: JSONValue?, _ body: Body) {
        self.id = id
        self.body = body
    }

    /// The error reply for a refused line.
    public init(_ error: RequestError) {
        self.init(id: error.id, .error(error.code, message: error.message))
    }

    public var isError: Bool {
        if case .error = body { true } else { false }
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["id": id ?? .null]
        switch body {
        case .welcome(let version, let daemonVersion):
            members["type"] = "welcome"
            members["protocol"] = .number(Double(version))
            members["version"] = .string(daemonVersion)
        case .error(let code, let message):
            members["type"] = "error"
            members["code"] = .string(code.rawValue)
            members["message"] = .string(message)
        case .ok(let accepted):
            members["type"] = "ok"
            if let utterance = accepted.utterance { members["utterance"] = .number(Double(utterance.rawValue)) }
            if let hint = accepted.hint { members["hint"] = .number(Double(hint.rawValue)) }
            if let element = accepted.element { members["element"] = element.map { .string($0) } ?? .null }
        case .status(let status):
            members["type"] = "ok"
            members.merge(status.members) { _, new in new }
        case .subscribed(let events):
            members["type"] = "ok"
            members["events"] = .array(events.sorted().map { .string($0) })
        case .commandsRegistered(let count):
            members["type"] = "ok"
            members["commands"] = .number(Double(count))
        case .shortcuts(let commands):
            members["type"] = "ok"
            members["shortcuts"] = .array(commands.map { command in
                ["id": .string(command.id), "title": .string(command.title), "discoverabilityTitle": .string(command.discoverabilityTitle),
                 "key": .string(command.key.key), "modifiers": .array(command.key.modifiers.sorted().map { .string($0.rawValue) }),
                 "menu": command.menu.map { .string($0) } ?? .null]
            })
        case .voices(let voices):
            members["type"] = "ok"
            members["voices"] = .array(voices.map(\.json))
        case .settings(let values, let utterance):
            members["type"] = "ok"
            if let utterance { members["utterance"] = .number(Double(utterance.rawValue)) }
            members["settings"] = .object(Dictionary(values.map { setting, value in
                (setting.rawValue, setting.steps != nil ? Int(value).map { .number(Double($0)) } ?? .string(value) : .string(value))
            }, uniquingKeysWith: { _, last in last }))
        }
        return .object(members)
    }

    /// Decodes a reply object (one whose `type` is `ok`, `welcome` or `error`). Fields a newer
    /// daemon adds are ignored.
    public init(json: JSONValue) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: "")
        let id = reader.value("id").flatMap { $0 == .null ? nil : $0 }
        switch try reader.string("type") {
        case "welcome":
            self.init(id: id, .welcome(protocol: try reader.required("protocol") { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) },
                                       version: try reader.string("version") ?? ""))
        case "error":
            let code = try reader.required("code") { key throws(FieldError) in try reader.string(key) }
            guard let known = RequestError.Code(rawValue: code) else {
                throw FieldError(.invalid, path: "code", "unknown error code \"\(code)\"")
            }
            self.init(id: id, .error(known, message: try reader.string("message") ?? ""))
        case "ok":
            if reader.value("counters") != nil {
                self.init(id: id, .status(try DaemonStatus(reader: reader)))
            } else if reader.value("events") != nil {
                self.init(id: id, .subscribed(Set(try reader.stringArray("events") ?? [])))
            } else if let count = try reader.integer("commands", in: 0...Int.max) {
                self.init(id: id, .commandsRegistered(count))
            } else if let items = try reader.array("shortcuts") {
                var commands: [KeyCommand] = []
                for (index, item) in items.enumerated() {
                    let command = try JSONObjectReader(item, path: "shortcuts[\(index)]")
                    let id = try command.required("id") { key throws(FieldError) in try command.string(key) }
                    commands.append(KeyCommand(id: id, title: try command.string("title") ?? id,
                                               discoverabilityTitle: try command.string("discoverabilityTitle"),
                                               key: try KeyPress(reader: command), menu: try command.string("menu")))
                }
                self.init(id: id, .shortcuts(commands))
            } else if let items = try reader.array("voices") {
                self.init(id: id, .voices(try SynthesisVoice.list(items, path: "voices")))
            } else if case .object(let members)? = reader.value("settings") {
                var values: [UserSetting: String] = [:]
                for (key, value) in members {
                    // A setting a newer daemon has is not this client's to know.
                    guard let setting = UserSetting(rawValue: key) else { continue }
                    switch value {
                    case .number(let number): values[setting] = String(Int(number))
                    case .string(let text): values[setting] = text
                    default: throw FieldError(.invalid, path: "settings." + key, "expected a number or a string, got \(value.typeName)")
                    }
                }
                self.init(id: id, .settings(values, utterance: try reader.integer("utterance", in: 0...Int.max).map(UtteranceID.init)))
            } else {
                var accepted = Accepted()
                accepted.utterance = try reader.integer("utterance", in: 0...Int.max).map(UtteranceID.init)
                accepted.hint = try reader.integer("hint", in: 0...Int.max).map(UtteranceID.init)
                switch reader.members["element"] {
                case nil: break
                case .null?: accepted.element = .some(nil)
                case .string(let element)?: accepted.element = .some(element)
                case let other?: throw FieldError(.invalid, path: "element", "expected an element id or null, got \(other.typeName)")
                }
                self.init(id: id, .ok(accepted))
            }
        case let other:
            throw FieldError(.invalid, path: "type", "expected ok, welcome or error, got \(other.map { "\"\($0)\"" } ?? "none")")
        }
    }
}

/// The daemon's state as `status` reports it.
public struct DaemonStatus: Sendable, Equatable {
    public var version: String
    public var protocolVersion: Int
    public var clients: Int
    /// Utterances not yet heard: waiting, or handed to the voice and not yet begun.
    public var queue: Int
    /// How many utterances ended with each status.
    public var counters: [FinishStatus: Int]
    public var sink: String
    /// Speech workers replaced after a crash or a hang.
    public var restarts: Int

    public init(version: String, protocolVersion: Int, clients: Int, queue: Int, counters: [FinishStatus: Int], sink: String, restarts: Int) {
        self.version = version
        self.protocolVersion = protocolVersion
        self.clients = clients
        self.queue = queue
        self.counters = counters
        self.sink = sink
        self.restarts = restarts
    }

    var members: [String: JSONValue] {
        var counted: [String: JSONValue] = [:]
        for status in FinishStatus.allCases { counted[status.rawValue] = .number(Double(counters[status] ?? 0)) }
        return ["version": .string(version), "protocol": .number(Double(protocolVersion)), "clients": .number(Double(clients)),
                "queue": .number(Double(queue)), "counters": .object(counted), "sink": .string(sink), "restarts": .number(Double(restarts))]
    }

    init(reader: JSONObjectReader) throws(FieldError) {
        var counters: [FinishStatus: Int] = [:]
        let counted = try JSONObjectReader(reader.value("counters") ?? .object([:]), path: "counters")
        for status in FinishStatus.allCases {
            counters[status] = try counted.integer(status.rawValue, in: 0...Int.max) ?? 0
        }
        self.init(version: try reader.string("version") ?? "", protocolVersion: try reader.integer("protocol", in: 0...Int.max) ?? 0,
                  clients: try reader.integer("clients", in: 0...Int.max) ?? 0, queue: try reader.integer("queue", in: 0...Int.max) ?? 0,
                  counters: counters, sink: try reader.string("sink") ?? "", restarts: try reader.integer("restarts", in: 0...Int.max) ?? 0)
    }
}
