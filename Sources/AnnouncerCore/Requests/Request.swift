import Foundation

/// One request line of the wire protocol (DESIGN §5), decoded and checked.
public enum Request: Sendable, Equatable {
    case hello(client: String?, protocol: Int?)
    case focus(Element)
    case announce(Announcement)
    case stop
    case screen(ElementTree, focus: String?)
    case status
    /// A request type that this build knows by name but whose fields are read by a later part.
    case other(type: String)

    public static let types = [
        "hello", "focus", "announce", "stop", "screen", "update", "key", "navigate", "commands",
        "shortcuts", "subscribe", "status",
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
        case .status: "status"
        case .other(let type): type
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
    /// of DESIGN §5 and, once the line is known to be an object, its `id`.
    public init(_ line: some Collection<UInt8>) throws(RequestError) {
        guard line.count <= Request.maximumLineBytes else {
            throw RequestError(.tooLong, "the line is \(line.count) bytes; the limit is \(Request.maximumLineBytes)")
        }
        let data = Data(line)
        guard String(data: data, encoding: .utf8) != nil else {
            throw RequestError(.badJSON, "the line is not UTF-8")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
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
            return .hello(client: try reader.string("client"), protocol: try reader.integer("protocol", in: 0...1_000_000))
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
        case _ where Request.types.contains(type):
            return .other(type: type)
        default:
            throw RequestError(.unknownType, "unknown request type \"\(type)\"; known types: \(Request.types.joined(separator: ", "))", id: id)
        }
    }
}
