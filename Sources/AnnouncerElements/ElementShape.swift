import AnnouncerSupport

/// The outline of an element's focus ring (accessibilityPath), handed back with focus events.
public enum ElementShape: Sendable, Equatable {
    case rect, roundedRect, ellipse
    case polygon([Point])

    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// A polygon needs at least a triangle and at most this many points.
    public static let maximumPolygonPoints = 1024

    package init(json: JSONValue, path: String) throws(FieldError) {
        switch json {
        case .string("rect"): self = .rect
        case .string("roundedRect"): self = .roundedRect
        case .string("ellipse"): self = .ellipse
        case .object:
            let reader = try JSONObjectReader(json, path: path)
            try reader.rejectUnknownKeys(allowed: ["polygon"])
            let items = try reader.required("polygon") { key throws(FieldError) in try reader.array(key) }
            guard (3...Self.maximumPolygonPoints).contains(items.count) else {
                throw FieldError(.invalid, path: reader.pathOf("polygon"), "expected 3 to \(Self.maximumPolygonPoints) points, got \(items.count)")
            }
            var points: [Point] = []
            for (index, item) in items.enumerated() {
                guard case .array(let pair) = item, pair.count == 2,
                      case .number(let x) = pair[0], case .number(let y) = pair[1], x.isFinite, y.isFinite
                else {
                    throw FieldError(.invalid, path: "\(reader.pathOf("polygon"))[\(index)]", "expected a point [x, y] of two numbers")
                }
                points.append(Point(x: x, y: y))
            }
            self = .polygon(points)
        default:
            throw FieldError(.invalid, path: path, "expected \"rect\", \"roundedRect\", \"ellipse\" or {\"polygon\": [[x, y], …]}")
        }
    }

    public var json: JSONValue {
        switch self {
        case .rect: "rect"
        case .roundedRect: "roundedRect"
        case .ellipse: "ellipse"
        case .polygon(let points): ["polygon": .array(points.map { [.number($0.x), .number($0.y)] })]
        }
    }
}
