import AnnouncerSupport

/// A keyboard shortcut a client registers (UIKeyCommand): fired on its key when enabled.
public struct KeyCommand: Sendable, Equatable {
    public enum Availability: String, Sendable { case always, focused }

    public var id: String
    public var title: String
    /// What the shortcut overlay and help say; the title when not given.
    public var discoverabilityTitle: String
    public var key: KeyPress
    /// `focused`: enabled only while an element has keyboard focus (canPerformAction).
    public var when: Availability
    /// The menu the command belongs to (UIMenu), which the shortcut overlay groups it under.
    public var menu: String?

    public init(id: String, title: String, discoverabilityTitle: String? = nil, key: KeyPress, when: Availability = .always, menu: String? = nil) {
        self.id = id
        self.title = title
        self.discoverabilityTitle = discoverabilityTitle ?? title
        self.key = key
        self.when = when
        self.menu = menu
    }

    /// Decodes one command; a key the focus model uses itself is refused.
    public init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: path)
        let id = try reader.required("id") { key throws(FieldError) in try reader.string(key) }
        let title = try reader.required("title") { key throws(FieldError) in try reader.string(key) }
        let key = try KeyPress(reader: reader)
        guard !key.isReservedByFocusModel else {
            throw FieldError(.invalid, path: reader.pathOf("key"), "\(key) is used by the keyboard focus model itself and cannot be a command")
        }
        let when = try reader.choice("when", ["always", "focused"]).flatMap(Availability.init(rawValue:)) ?? .always
        self.init(id: id, title: title, discoverabilityTitle: try reader.string("discoverabilityTitle"), key: key, when: when,
                  menu: try reader.string("menu"))
    }
}
