/// A web page's live region (ARIA's `aria-live`, `role=status`, `role=alert`), as the browsers
/// expose it on AT-SPI: the object's attributes, read by the bridge, and the rules for what a
/// change to it says (docs/design.md §12). Pure: tested by a table (LiveRegionTests).
public struct LiveRegion: Sendable, Equatable {
    public enum Politeness: Sendable, Equatable {
        /// Said after what is being said: a default announcement.
        case polite
        /// Said at once, cutting off what is being said: a high-priority announcement.
        case assertive
    }

    /// The region's root (the object whose whole text an atomic region says).
    public var id: String
    public var politeness: Politeness
    /// Whether the whole region is said at every change (`aria-atomic`), not only what changed.
    public var atomic: Bool
    /// What kinds of change are said (`aria-relevant`: additions, removals, text, all).
    public var relevant: Set<String>
    /// Whether the region is being changed and is not to be said until done (`aria-busy`).
    public var busy: Bool

    public init(id: String, politeness: Politeness, atomic: Bool = false, relevant: Set<String> = LiveRegion.defaultRelevant, busy: Bool = false) {
        self.id = id
        self.politeness = politeness
        self.atomic = atomic
        self.relevant = relevant
        self.busy = busy
    }

    /// The AT-SPI roles that are live regions of their own (ARIA's implicit values).
    static let assertiveRoles: Set<String> = ["alert"]
    static let politeRoles: Set<String> = ["status bar", "log"]

    /// Whether an object in a region is the region's root, whose whole text an atomic region
    /// says: it has `live` of its own, is a region by its role, or has a role the page gave it.
    public static func isRoot(role: String, attributes: [String: String]) -> Bool {
        attributes["live"] != nil || assertiveRoles.contains(role) || politeRoles.contains(role) || attributes["xml-roles"] != nil
    }

    /// ARIA's default: additions and text changes, not removals.
    public static let defaultRelevant: Set<String> = ["additions", "text"]

    /// The region an object is in, from its AT-SPI attributes and role, or nil when it is in
    /// none (or in one that is `off`). The browsers give `container-live` (and Chromium
    /// `container-atomic`, `container-relevant`, `container-busy`) to every object in a region;
    /// Firefox gives an alert none, only its role.
    public static func of(id: String, role: String, attributes: [String: String]) -> LiveRegion? {
        let xmlRoles = attributes["xml-roles"]?.split(separator: " ").map(String.init) ?? []
        let politeness: Politeness
        switch attributes["container-live"] ?? attributes["live"] {
        case "off"?: return nil
        case "assertive"?: politeness = .assertive
        case "polite"?: politeness = .polite
        default:
            // The roles that are live regions of their own (ARIA's implicit values).
            if assertiveRoles.contains(role) || xmlRoles.contains("alert") {
                politeness = .assertive
            } else if politeRoles.contains(role) || xmlRoles.contains("status") || xmlRoles.contains("log") {
                politeness = .polite
            } else {
                return nil
            }
        }
        // role=status and role=alert are atomic by ARIA's rules; Firefox does not say so.
        let impliedAtomic = xmlRoles.contains("status") || xmlRoles.contains("alert")
        let atomic = (attributes["container-atomic"] ?? attributes["atomic"]).map { $0 == "true" } ?? impliedAtomic
        let relevant = attributes["container-relevant"] ?? attributes["relevant"]
        return LiveRegion(id: id, politeness: politeness, atomic: atomic,
                          relevant: relevant.map { Set($0.split(separator: " ").map(String.init)) } ?? defaultRelevant,
                          busy: (attributes["container-busy"] ?? attributes["busy"]) == "true")
    }

    /// Whether a change of this kind is said.
    public func says(_ change: Change) -> Bool {
        guard !busy else { return false }
        if relevant.contains("all") { return true }
        switch change {
        case .inserted: return relevant.contains("additions") || relevant.contains("text")
        case .deleted: return relevant.contains("removals")
        case .settled: return true
        }
    }

    public enum Change: Sendable, Equatable {
        case inserted
        case deleted
        /// The region stopped being busy: it is said whole.
        case settled
    }
}

/// A change heard in a live region: the region, the web document it is in, and what it says
/// (the text inserted or deleted, or the region's whole text when it is atomic or settled).
public struct LiveChange: Sendable, Equatable {
    public var region: LiveRegion
    public var document: String?
    public var change: LiveRegion.Change
    public var text: String

    public init(region: LiveRegion, document: String? = nil, change: LiveRegion.Change, text: String) {
        self.region = region
        self.document = document
        self.change = change
        self.text = text
    }
}
