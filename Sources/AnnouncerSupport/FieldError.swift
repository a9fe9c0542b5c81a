/// A problem with one field of a JSON object, named by its path ("element.children[2].traits[0]").
public struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case missing = "missing_field"
        case invalid = "invalid_field"
    }

    public var kind: Kind
    public var path: String
    public var problem: String

    public init(_ kind: Kind, path: String, _ problem: String) {
        self.kind = kind
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
