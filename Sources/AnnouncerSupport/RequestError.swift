/// Why a request line was refused, as the wire protocol's `error` reply carries it (docs/design.md §5).
public struct RequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case badJSON = "bad_json"
        case tooLong = "too_long"
        case unknownType = "unknown_type"
        case missingField = "missing_field"
        case invalidField = "invalid_field"
        case noTree = "no_tree"
        case queueFull = "queue_full"
        case unsupportedProtocol = "unsupported_protocol"
        /// The daemon serves `max-clients` already, or has no descriptors left; the connection closes.
        case tooManyClients = "too_many_clients"
        /// `voices` when the speech worker could not list them (asked again at the next request).
        case voicesUnavailable = "voices_unavailable"
    }

    public var code: Code
    public var message: String
    /// The request's `id`, echoed in the reply, when the line got far enough to have one.
    public var id: JSONValue?

    public init(_ code: Code, _ message: String, id: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }

    public init(_ error: FieldError, id: JSONValue?) {
        self.init(error.kind == .missing ? .missingField : .invalidField, error.description, id: id)
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
