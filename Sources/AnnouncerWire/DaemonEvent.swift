import AnnouncerBrailleRules
import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport

/// An event line (docs/design.md §5): what the daemon tells subscribers, and a tree's owner, beside the
/// replies.
public enum DaemonEvent: Sendable, Equatable {
    /// The utterance's first audio reached the sink.
    case speaking(utterance: UtteranceID, text: String, kind: String)
    /// The utterance ended; `reason` only when it `failed`.
    case finished(utterance: UtteranceID, status: FinishStatus, reason: String?)
    /// The keyboard focus moved here (draw a focus ring of this shape).
    case focus(element: String?, frame: Frame?, shape: ElementShape?)
    /// Space or Return on the focused element.
    case activate(element: String)
    /// A custom action chosen in the actions menu.
    case action(element: String, action: String)
    /// Up or Down on an adjustable element: `increment` or `decrement`.
    case adjust(element: String, direction: String)
    /// A registered shortcut fired.
    case command(command: String, element: String?)
    /// The listener's settings changed (a `settings` request): every setting's value now.
    case settings([UserSetting: String])
    /// What a braille display shows now: the whole line's text and cells (Unicode braille), the
    /// window the display shows from `offset`, and the caret's cell.
    case braille(BrailleShown)
    /// A braille display's routing key over a line this client gave: move the caret to `offset`
    /// in the element's text (or the client's `braille` line), or the focus to `element`.
    case route(element: String?, offset: Int?)

    /// The event's name, as clients subscribe to it.
    public var name: String {
        switch self {
        case .speaking: "speaking"
        case .finished: "finished"
        case .focus: "focus"
        case .activate: "activate"
        case .action: "action"
        case .adjust: "adjust"
        case .command: "command"
        case .settings: "settings"
        case .braille: "braille"
        case .route: "route"
        }
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["type": "event", "event": .string(name)]
        func optional(_ string: String?) -> JSONValue { string.map { .string($0) } ?? .null }
        switch self {
        case .speaking(let utterance, let text, let kind):
            members["utterance"] = .number(Double(utterance.rawValue))
            members["text"] = .string(text)
            members["kind"] = .string(kind)
        case .finished(let utterance, let status, let reason):
            members["utterance"] = .number(Double(utterance.rawValue))
            members["status"] = .string(status.rawValue)
            if let reason { members["reason"] = .string(reason) }
        case .focus(let element, let frame, let shape):
            members["element"] = optional(element)
            members["frame"] = frame?.json ?? .null
            members["shape"] = shape?.json ?? .null
        case .activate(let element):
            members["element"] = .string(element)
        case .action(let element, let action):
            members["element"] = .string(element)
            members["action"] = .string(action)
        case .adjust(let element, let direction):
            members["element"] = .string(element)
            members["direction"] = .string(direction)
        case .command(let command, let element):
            members["command"] = .string(command)
            members["element"] = optional(element)
        case .settings(let values):
            if case .object(let reply) = Reply(id: nil, .settings(values)).json { members["settings"] = reply["settings"] }
        case .braille(let shown):
            members["kind"] = .string(shown.kind.rawValue)
            members["text"] = .string(shown.text)
            members["cells"] = .string(shown.cells)
            members["offset"] = .number(Double(shown.offset))
            members["window"] = .string(shown.window)
            members["caret"] = shown.caret.map { .number(Double($0)) } ?? .null
        case .route(let element, let offset):
            members["element"] = optional(element)
            members["offset"] = offset.map { .number(Double($0)) } ?? .null
        }
        return .object(members)
    }

    /// Decodes an event object (`"type": "event"`).
    public init(json: JSONValue) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: "")
        func text(_ key: String) throws(FieldError) -> String {
            try reader.required(key) { key throws(FieldError) in try reader.string(key) }
        }
        func utterance() throws(FieldError) -> UtteranceID {
            UtteranceID(try reader.required("utterance") { key throws(FieldError) in try reader.integer(key, in: 0...Int.max) })
        }
        switch try text("event") {
        case "speaking":
            self = .speaking(utterance: try utterance(), text: try text("text"), kind: try reader.string("kind") ?? "")
        case "finished":
            let status = try text("status")
            guard let known = FinishStatus(rawValue: status) else {
                throw FieldError(.invalid, path: "status", "unknown status \"\(status)\"")
            }
            self = .finished(utterance: try utterance(), status: known, reason: try reader.string("reason"))
        case "focus":
            let frame = try reader.value("frame").flatMap { value throws(FieldError) in value == .null ? nil : try Frame(json: value, path: "frame") }
            let shape = try reader.value("shape").flatMap { value throws(FieldError) in value == .null ? nil : try ElementShape(json: value, path: "shape") }
            self = .focus(element: try reader.string("element"), frame: frame, shape: shape)
        case "activate":
            self = .activate(element: try text("element"))
        case "action":
            self = .action(element: try text("element"), action: try text("action"))
        case "adjust":
            self = .adjust(element: try text("element"), direction: try text("direction"))
        case "command":
            self = .command(command: try text("command"), element: try reader.string("element"))
        case "settings":
            guard case .settings(let values, _) = try Reply(json: .object(["type": "ok", "settings": reader.value("settings") ?? .object([:])])).body else {
                throw FieldError(.invalid, path: "settings", "expected an object of settings and their values")
            }
            self = .settings(values)
        case "braille":
            let kind = try text("kind")
            guard let known = BrailleLine.Kind(rawValue: kind) else { throw FieldError(.invalid, path: "kind", "unknown kind \"\(kind)\"") }
            self = .braille(BrailleShown(kind: known, text: try text("text"), cells: try text("cells"),
                                         offset: try reader.integer("offset", in: 0...Int.max) ?? 0, window: try text("window"),
                                         caret: reader.value("caret") == .null ? nil : try reader.integer("caret", in: 0...Int.max)))
        case "route":
            self = .route(element: reader.value("element") == .null ? nil : try reader.string("element"),
                          offset: reader.value("offset") == .null ? nil : try reader.integer("offset", in: 0...Int.max))
        case let other:
            throw FieldError(.invalid, path: "event", "unknown event \"\(other)\"")
        }
    }
}

/// What a braille display shows, as the `braille` event tells it.
public struct BrailleShown: Sendable, Equatable {
    public var kind: BrailleLine.Kind
    public var text: String
    /// The whole line's cells, as Unicode braille (U+2800 + dots; the caret's dots 7–8 in).
    public var cells: String
    public var offset: Int
    /// The display's window, as Unicode braille.
    public var window: String
    public var caret: Int?

    public init(kind: BrailleLine.Kind, text: String, cells: String, offset: Int, window: String, caret: Int?) {
        self.kind = kind; self.text = text; self.cells = cells; self.offset = offset; self.window = window; self.caret = caret
    }

    public init(_ frame: BrailleSession.Frame) {
        self.init(kind: frame.kind, text: frame.text, cells: BrailleCells.unicode(frame.cells), offset: frame.offset,
                  window: BrailleCells.unicode(frame.window), caret: frame.caretCell)
    }
}

/// A line from the daemon: a reply or an event.
public enum DaemonMessage: Sendable, Equatable {
    case reply(Reply)
    case event(DaemonEvent)

    public var json: JSONValue {
        switch self {
        case .reply(let reply): reply.json
        case .event(let event): event.json
        }
    }

    /// One line of the wire protocol, newline included.
    public var line: [UInt8] { Array(json.serialized().utf8) + [UInt8(ascii: "\n")] }

    /// Decodes one line from the daemon (without its newline).
    public init(line: some Collection<UInt8>) throws(FieldError) {
        let json: JSONValue
        do {
            json = try JSONValue.parse(Array(line))
        } catch {
            throw FieldError(.invalid, path: "", error.description)
        }
        guard case .object(let members) = json else {
            throw FieldError(.invalid, path: "", "a line from the daemon is a JSON object, got \(json.typeName)")
        }
        if members["type"] == "event" {
            self = .event(try DaemonEvent(json: json))
        } else {
            self = .reply(try Reply(json: json))
        }
    }
}
