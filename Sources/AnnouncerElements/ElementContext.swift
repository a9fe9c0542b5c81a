import AnnouncerSupport

/// Position words for an element inside a container (docs/design.md §2 `context`).
public enum ElementContext: Sendable, Equatable {
    case series(index: Int, count: Int)
    case tab(index: Int, count: Int)
    case listStart, listEnd, landmarkStart, landmarkEnd
    /// A table's cell: the headers to say before it (its column's, its row's), and its row and
    /// column (from 1) among the table's, each nil when it is not to be said (the focus moved
    /// along the row: the row is the same).
    case cell(headers: [String], row: Int?, rows: Int, column: Int?, columns: Int)

    static let kinds = ["series", "tab", "listStart", "listEnd", "landmarkStart", "landmarkEnd", "cell"]

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
        case "cell":
            try reader.rejectUnknownKeys(allowed: ["kind", "headers", "row", "rows", "column", "columns"])
            func count(_ key: String) throws(FieldError) -> Int {
                try reader.required(key) { key throws(FieldError) in try reader.integer(key, in: 1...Self.maximumCount) }
            }
            let rows = try count("rows"), columns = try count("columns")
            let row = try reader.integer("row", in: 1...rows)
            let column = try reader.integer("column", in: 1...columns)
            var headers: [String] = []
            for (index, header) in (try reader.array("headers") ?? []).enumerated() {
                guard case .string(let text) = header else {
                    throw FieldError(.invalid, path: reader.pathOf("headers") + "[\(index)]", "a header is a string")
                }
                headers.append(text)
            }
            self = .cell(headers: headers, row: row, rows: rows, column: column, columns: columns)
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
        case .cell(let headers, let row, let rows, let column, let columns):
            Self.cellJSON(headers: headers, row: row, rows: rows, column: column, columns: columns)
        case .listStart: ["kind": "listStart"]
        case .listEnd: ["kind": "listEnd"]
        case .landmarkStart: ["kind": "landmarkStart"]
        case .landmarkEnd: ["kind": "landmarkEnd"]
        }
    }

    private static func cellJSON(headers: [String], row: Int?, rows: Int, column: Int?, columns: Int) -> JSONValue {
        var members: [String: JSONValue] = [
            "kind": "cell", "headers": .array(headers.map { .string($0) }), "rows": .number(Double(rows)), "columns": .number(Double(columns)),
        ]
        if let row { members["row"] = .number(Double(row)) }
        if let column { members["column"] = .number(Double(column)) }
        return .object(members)
    }
}
