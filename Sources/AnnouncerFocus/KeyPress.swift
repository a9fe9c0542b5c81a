import AnnouncerSupport

/// A key as the focus model sees it (docs/design.md §6): a lowercase key name and its modifiers.
public struct KeyPress: Sendable, Hashable, CustomStringConvertible {
    public enum Modifier: String, Sendable, CaseIterable, Comparable {
        case shift, control, alt, command, tab
        public static func < (a: Modifier, b: Modifier) -> Bool { a.rawValue < b.rawValue }
    }

    public static let namedKeys: Set<String> = ["tab", "space", "return", "escape", "up", "down", "left", "right", "command", "backspace"]

    public var key: String
    public var modifiers: Set<Modifier>

    public init(_ key: String, _ modifiers: Set<Modifier> = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A key name is one of `namedKeys` or a single character.
    public static func isValidKey(_ key: String) -> Bool {
        namedKeys.contains(key) || key.count == 1
    }

    /// Keys the focus model uses itself, which a registered command may not take.
    public var isReservedByFocusModel: Bool {
        if modifiers.contains(.tab) { return true }
        switch key {
        case "tab": return true
        case "space", "return", "escape", "up", "down", "left", "right", "backspace": return modifiers.isEmpty
        case "command": return modifiers.isEmpty
        default: return false
        }
    }

    public var description: String {
        (modifiers.sorted().map(\.rawValue) + [key]).joined(separator: "-")
    }

    /// Decodes `{"key": …, "modifiers": […]}` members.
    public init(reader: JSONObjectReader) throws(FieldError) {
        let key = try reader.required("key") { key throws(FieldError) in try reader.string(key) }
        guard KeyPress.isValidKey(key) else {
            throw FieldError(.invalid, path: reader.pathOf("key"), "expected one character or one of \(KeyPress.namedKeys.sorted().joined(separator: ", ")), got \"\(key)\"")
        }
        var modifiers: Set<Modifier> = []
        for (index, name) in (try reader.stringArray("modifiers") ?? []).enumerated() {
            guard let modifier = Modifier(rawValue: name) else {
                throw FieldError(.invalid, path: "\(reader.pathOf("modifiers"))[\(index)]", "expected one of shift, control, alt, command, tab, got \"\(name)\"")
            }
            modifiers.insert(modifier)
        }
        self.init(key, modifiers)
    }
}
