import AnnouncerElements
import AnnouncerFocus
import AnnouncerSettings
import AnnouncerSupport

/// One request line of the wire protocol (docs/design.md §5), decoded and checked.
public enum Request: Sendable, Equatable {
    /// `hints`: how the door's user drives it, for the hints composed for this client; nil
    /// leaves the daemon's configured `hint-style`.
    case hello(client: String?, protocol: Int?, hints: HintStyle? = nil)
    case focus(Element)
    case announce(Announcement)
    case stop
    case screen(ElementTree, focus: String?)
    /// Elements replaced by id (layoutChanged), and where focus should go.
    case update([Element], focus: String?)
    case key(KeyPress)
    case navigate(direction: String)
    case commands([KeyCommand])
    case shortcuts
    case subscribe(events: Set<String>)
    case status
    /// The synthesizer's voices and their languages.
    case voices
    /// What the user just typed, deleted or moved over, said at once (a door's typing echo).
    case echo(text: String, unit: EchoUnit, language: String?)
    /// A window, dialog or document became active: its title, said once. It leaves the keyboard
    /// with the client whose tree it acts on.
    case window(title: String, role: WindowRole, language: String?)
    /// The listener's settings (`UserSetting`): read, with no changes, or changed, each change
    /// said and written back to announcer.conf.
    case settings([SettingChange])
    /// A door's own line for a braille display, with its caret (a terminal's line): shown until
    /// the focus moves; a routing key over it comes back as a `route` event. With `element`, the
    /// text of that focused field as it is edited, put in place of its text on the focus line.
    case braille(text: String, caret: Int?, element: String?)

    /// The events a client may subscribe to.
    public static let eventNames: Set<String> = ["speaking", "finished", "focus", "activate", "action", "adjust", "command", "settings", "braille", "route"]
    public static let directions = ["next", "previous", "first", "last"]

    public static let types = [
        "hello", "focus", "announce", "stop", "screen", "update", "key", "navigate", "commands",
        "shortcuts", "subscribe", "status", "voices", "echo", "window", "settings", "braille",
    ]

    /// The longest request line, in bytes, without its newline.
    public static let maximumLineBytes = 64 * 1024

    /// The request's `type` as sent.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .focus: "focus"
        case .announce: "announce"
        case .stop: "stop"
        case .screen: "screen"
        case .update: "update"
        case .key: "key"
        case .navigate: "navigate"
        case .commands: "commands"
        case .shortcuts: "shortcuts"
        case .subscribe: "subscribe"
        case .status: "status"
        case .voices: "voices"
        case .echo: "echo"
        case .window: "window"
        case .settings: "settings"
        case .braille: "braille"
        }
    }
}

/// A decoded line: the request and the `id` its reply must echo.
public struct RequestLine: Sendable, Equatable {
    public var id: JSONValue?
    public var request: Request
    /// The whole object, for fields a tool reads beyond the protocol (`at` in a timeline).
    public var members: [String: JSONValue]

    /// Decodes one line (without its newline). Every failure is a `RequestError` with the code
    /// of docs/design.md §5 and, once the line is known to be an object, its `id`.
    public init(_ line: some Collection<UInt8>) throws(RequestError) {
        guard line.count <= Request.maximumLineBytes else {
            throw RequestError(.tooLong, "the line is \(line.count) bytes; the limit is \(Request.maximumLineBytes)")
        }
        let bytes = Array(line)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw RequestError(.badJSON, "the line is not UTF-8")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw RequestError(.badJSON, error.description)
        }
        guard case .object(let members) = json else {
            throw RequestError(.badJSON, "a request is a JSON object, got \(json.typeName)")
        }
        let id = members["id"]
        self.id = id
        self.members = members
        do {
            request = try Self.decode(JSONObjectReader(json, path: ""), id: id)
        } catch let error as RequestError {
            throw error
        } catch let error as FieldError {
            throw RequestError(error, id: id)
        } catch {
            throw RequestError(.invalidField, "\(error)", id: id)
        }
    }

    private static func decode(_ reader: JSONObjectReader, id: JSONValue?) throws -> Request {
        guard let type = try reader.string("type") else {
            throw RequestError(.missingField, "type: every request needs a \"type\"", id: id)
        }
        switch type {
        case "hello":
            let hints = try reader.choice("hints", HintStyle.allCases.map(\.rawValue)).flatMap(HintStyle.init(rawValue:))
            return .hello(client: try reader.string("client"), protocol: try reader.integer("protocol", in: 0...1_000_000), hints: hints)
        case "focus":
            let element = try reader.required("element") { key throws(FieldError) in reader.value(key) }
            return .focus(try Element(json: element, path: "element"))
        case "announce":
            return .announce(try Announcement(reader: reader))
        case "stop":
            return .stop
        case "status":
            return .status
        case "screen":
            let tree: ElementTree
            if let elements = reader.value("elements") {
                tree = try ElementTree(json: elements, path: "elements")
            } else if let root = reader.value("root") {
                tree = try ElementTree(roots: [try Element(json: root, path: "root")], path: "root")
            } else {
                throw FieldError(.missing, path: "elements", "a screen needs \"elements\" or \"root\"")
            }
            return .screen(tree, focus: try reader.string("focus"))
        case "update":
            var elements: [Element] = []
            if let element = reader.value("element") {
                elements = [try Element(json: element, path: "element")]
            } else if case .array(let items)? = reader.value("elements") {
                for (index, item) in items.enumerated() { elements.append(try Element(json: item, path: "elements[\(index)]")) }
            } else {
                throw FieldError(.missing, path: "elements", "an update needs \"element\" or \"elements\"")
            }
            for (index, element) in elements.enumerated() where element.id == nil {
                throw FieldError(.missing, path: "elements[\(index)].id", "an updated element needs the id of the element it replaces")
            }
            return .update(elements, focus: try reader.string("focus"))
        case "key":
            return .key(try KeyPress(reader: reader))
        case "navigate":
            return .navigate(direction: try reader.required("direction") { key throws(FieldError) in try reader.choice(key, Request.directions) })
        case "commands":
            let items = try reader.required("commands") { key throws(FieldError) in try reader.array(key) }
            var commands: [KeyCommand] = []
            for (index, item) in items.enumerated() {
                let command = try KeyCommand(json: item, path: "commands[\(index)]")
                if commands.contains(where: { $0.key == command.key }) {
                    throw FieldError(.invalid, path: "commands[\(index)].key", "\(command.key) is already taken by another command")
                }
                commands.append(command)
            }
            return .commands(commands)
        case "shortcuts":
            return .shortcuts
        case "voices":
            return .voices
        case "settings":
            return .settings(try reader.value("set").map { value throws(FieldError) in try SettingChange.list(value, path: "set") } ?? [])
        case "echo":
            let text = try reader.required("text") { key throws(FieldError) in try reader.string(key) }
            // A typed space is something to echo; nothing at all is not.
            guard !text.isEmpty else { throw FieldError(.invalid, path: "text", "is empty: there is nothing to echo") }
            let unit = try reader.choice("unit", EchoUnit.allCases.map(\.rawValue)).flatMap(EchoUnit.init(rawValue:)) ?? .character
            return .echo(text: text, unit: unit, language: try reader.languageTag("language"))
        case "braille":
            let text = try reader.required("text") { key throws(FieldError) in try reader.string(key, maximumBytes: Element.maximumTextBytes) }
            let caret = try reader.integer("caret", in: 0...Element.maximumTextBytes)
            if let caret, caret > text.count { throw FieldError(.invalid, path: "caret", "\(caret) is past the text's end (\(text.count) characters)") }
            return .braille(text: text, caret: caret, element: try reader.string("element"))
        case "window":
            let title = try reader.required("title") { key throws(FieldError) in try reader.nonEmptyString(key) }
            let role = try reader.choice("role", WindowRole.allCases.map(\.rawValue)).flatMap(WindowRole.init(rawValue:)) ?? .window
            return .window(title: title, role: role, language: try reader.languageTag("language"))
        case "subscribe":
            switch reader.value("events") {
            case .string("*")?:
                return .subscribe(events: Request.eventNames)
            case .array(let items)?:
                var names: Set<String> = []
                for (index, item) in items.enumerated() {
                    guard case .string(let name) = item, name == "*" || Request.eventNames.contains(name) else {
                        throw FieldError(.invalid, path: "events[\(index)]", "expected one of \(Request.eventNames.sorted().joined(separator: ", ")) or \"*\"")
                    }
                    if name == "*" { names.formUnion(Request.eventNames) } else { names.insert(name) }
                }
                return .subscribe(events: names)
            case nil:
                throw FieldError(.missing, path: "events", "name the events to receive, or \"*\"")
            default:
                throw FieldError(.invalid, path: "events", "expected a list of event names or \"*\"")
            }
        default:
            throw RequestError(.unknownType, "unknown request type \"\(type)\"; known types: \(Request.types.joined(separator: ", "))", id: id)
        }
    }
}
