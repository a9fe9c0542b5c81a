import AnnouncerSupport

/// A container the focus has just entered, said before the element (`entered`, docs/design.md
/// §2): a group and its name ("Sandwich Condiments. Group."), a radio group, a list, a table, a
/// dialog, a toolbar, a tab list, a tab's panel, a menu, a menu bar, a tree, a grid, a named region, a landmark by its
/// kind ("Mythical University. Navigation landmark."). What a listener needs to know where the focus now is, as NVDA
/// says a grouping or a landmark entered.
public struct EnteredContainer: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        case group, radioGroup, list, table, grid, tree, dialog, toolbar, tabList, tabPanel, menu, menuBar, region
        // The landmarks of a web page, by ARIA's kinds.
        case banner, navigation, main, contentInfo, complementary, search, form

        /// A page's landmark, or a named region: a part of the page by its purpose.
        public var isLandmark: Bool {
            switch self {
            case .banner, .navigation, .main, .contentInfo, .complementary, .search, .form, .region: true
            default: false
            }
        }
    }

    public var kind: Kind
    public var label: String?
    /// What the container says of itself beyond its name, said after its kind: a dialog's
    /// description (`aria-describedby`), "New address. Dialog. Where should we deliver?".
    public var description: String?
    /// How many items a list holds, said after its kind ("List. 4 items."), as NVDA says it.
    public var count: Int?
    /// A table's or grid's size, said after its kind ("Grid. 7 rows. 5 columns.").
    public var rows: Int?
    public var columns: Int?

    public init(_ kind: Kind, label: String? = nil, description: String? = nil, count: Int? = nil, rows: Int? = nil, columns: Int? = nil) {
        self.kind = kind
        self.label = label
        self.description = description
        self.count = count
        self.rows = rows
        self.columns = columns
    }

    init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: path)
        try reader.rejectUnknownKeys(allowed: ["kind", "label", "description", "count", "rows", "columns"])
        let kind = try reader.required("kind") { key throws(FieldError) in try reader.choice(key, Kind.allCases.map(\.rawValue)) }
        self.kind = Kind(rawValue: kind) ?? .group
        label = try reader.string("label", maximumBytes: Element.maximumTextBytes)
        description = try reader.string("description", maximumBytes: Element.maximumTextBytes)
        count = try reader.integer("count", in: 0...1_000_000)
        rows = try reader.integer("rows", in: 0...1_000_000)
        columns = try reader.integer("columns", in: 0...1_000_000)
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["kind": .string(kind.rawValue)]
        if let label { members["label"] = .string(label) }
        if let description { members["description"] = .string(description) }
        if let count { members["count"] = .number(Double(count)) }
        if let rows { members["rows"] = .number(Double(rows)) }
        if let columns { members["columns"] = .number(Double(columns)) }
        return .object(members)
    }

    /// The containers of `now` that `before` was not in, outermost first: what the focus entered
    /// in moving from an object inside `before` to one inside `now` (each list outermost first,
    /// containers told apart by their objects' ids).
    public static func entered(from before: [Placed], to now: [Placed]) -> [EnteredContainer] {
        now.filter { inner in !before.contains { $0.id == inner.id } }.map(\.container)
    }

    /// The containers of `before` that `now` is not in, innermost first, by their kind and name
    /// (the composer says a landmark's or region's name, "Out of Landmarks Complementary
    /// landmark.", since a page may have several of a kind): what was left in moving from an object
    /// inside `before` to one inside `now`. A list is not, unless `lists` (browse mode, as NVDA
    /// says "out of list"): its last item's "List End." says it.
    public static func left(from before: [Placed], to now: [Placed], lists: Bool = false) -> [EnteredContainer] {
        entered(from: now, to: before).reversed().compactMap { container in
            if !lists && container.kind == .list { return nil }
            return EnteredContainer(container.kind, label: container.label)
        }
    }

    /// A container with the id of the object it is, so that the same one is known again.
    public struct Placed: Sendable, Equatable {
        public var id: String
        public var container: EnteredContainer
        public init(id: String, container: EnteredContainer) { self.id = id; self.container = container }
    }
}
