/// Position words for an element inside a container (docs/design.md §2 `context`).
public enum ElementContext: Sendable, Equatable {
    case series(index: Int, count: Int)
    case tab(index: Int, count: Int)
    case listStart, listEnd, landmarkStart, landmarkEnd

    static let kinds = ["series", "tab", "listStart", "listEnd", "landmarkStart", "landmarkEnd"]

    /// The largest index or count accepted, so that a typo cannot make the composer format nonsense.
    public static let maximumCount = 1_000_000

    init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: path)
        let kind = try reader.required("kind") { key throws(FieldError) in try reader.choice(key, Self.kinds) }
        switch kind {
        case "series", "tab":
            try reader.rejectUnknownKeys(allowed: ["kind", "index", "count"])
            let count = try reader.required("count") { key throws(FieldError) in
                try reader.integer(key, in: 1...Self.maximumCount)
            }
            let index = try reader.required("index") { key throws(FieldError) in
                try reader.integer(key, in: 1...Self.maximumCount)
            }
            guard index <= count else {
                throw FieldError(.invalid, path: reader.pathOf("index"), "index \(index) is greater than count \(count)")
            }
            self = kind == "series" ? .series(index: index, count: count) : .tab(index: index, count: count)
        case "listStart": try reader.rejectUnknownKeys(allowed: ["kind"]); self = .listStart
        case "listEnd": try reader.rejectUnknownKeys(allowed: ["kind"]); self = .listEnd
        case "landmarkStart": try reader.rejectUnknownKeys(allowed: ["kind"]); self = .landmarkStart
        default: try reader.rejectUnknownKeys(allowed: ["kind"]); self = .landmarkEnd
        }
    }

    var json: JSONValue {
        switch self {
        case .series(let index, let count): ["kind": "series", "index": .number(Double(index)), "count": .number(Double(count))]
        case .tab(let index, let count): ["kind": "tab", "index": .number(Double(index)), "count": .number(Double(count))]
        case .listStart: ["kind": "listStart"]
        case .listEnd: ["kind": "listEnd"]
        case .landmarkStart: ["kind": "landmarkStart"]
        case .landmarkEnd: ["kind": "landmarkEnd"]
        }
    }
}
