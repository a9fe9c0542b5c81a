/// One accessibility element as a client publishes it (docs/design.md §2). Every field is optional; the
/// defaults that UIKit derives (`isAccessible`, `isInteractive`) are computed, not stored, so that
/// an element encodes back to what the client sent.
public struct Element: Sendable, Equatable {
    public var id: String?
    public var label: String?
    public var value: String?
    public var hint: String?
    public var traits: Traits
    public var language: String?
    /// Stretches of the label in another language than `language` (a web page's `<span
    /// lang="en">` in a French paragraph): each said in its language's voice.
    public var labelLanguages: [LanguageSpan] = []
    public var accessible: Bool?
    public var interactive: Bool?
    public var hidden: Bool
    public var inputLabels: [String]
    public var actions: [CustomAction]
    public var children: [Element]
    public var group: String?
    public var priority: Int?
    public var frame: Frame?
    public var shape: ElementShape?
    public var container: ContainerKind?
    public var context: ElementContext?
    /// The containers the focus entered in coming to this element, outermost first: said
    /// before it.
    public var entered: [EnteredContainer]
    /// The containers left in coming to this element, innermost first: said before all of it
    /// ("Out of Radio Group.").
    public var left: [EnteredContainer]
    /// The focus came into a popup that its control just opened (a combo box's list, the
    /// focus on its option): the control's change is said first, "Expanded.", as NVDA says a
    /// combo box opening.
    public var opened: Bool = false
    /// An adjustable element's bounds, said after what it is.
    public var range: ValueRange?
    /// A text field's caret, as a character offset in its value: shown on a braille display.
    public var caret: Int?
    /// A text field's selected text, as the focus comes to it (a field that selects what it
    /// holds as it is tabbed to): said after what it is, "Selected." for the whole value, else
    /// "Selected: ouisiana", as NVDA warns that typing will replace it.
    public var selectedText: String?

    public init(
        id: String? = nil, label: String? = nil, value: String? = nil, hint: String? = nil,
        traits: Traits = [], language: String? = nil, accessible: Bool? = nil, interactive: Bool? = nil,
        hidden: Bool = false, inputLabels: [String] = [], actions: [CustomAction] = [],
        children: [Element] = [], group: String? = nil, priority: Int? = nil, frame: Frame? = nil,
        shape: ElementShape? = nil, container: ContainerKind? = nil, context: ElementContext? = nil,
        entered: [EnteredContainer] = [], range: ValueRange? = nil, left: [EnteredContainer] = []
    ) {
        self.id = id; self.label = label; self.value = value; self.hint = hint
        self.traits = traits; self.language = language; self.accessible = accessible
        self.interactive = interactive; self.hidden = hidden; self.inputLabels = inputLabels
        self.actions = actions; self.children = children; self.group = group; self.priority = priority
        self.frame = frame; self.shape = shape; self.container = container; self.context = context
        self.entered = entered
        self.range = range
        self.left = left
    }

    /// isAccessibilityElement: as set, else true for an element with words of its own and no children.
    public var isAccessible: Bool {
        if let accessible { return accessible }
        return children.isEmpty && (label.isNonEmpty || value.isNonEmpty || hint.isNonEmpty)
    }

    /// accessibilityRespondsToUserInteraction: as set, else derived from traits and actions.
    public var isInteractive: Bool {
        if let interactive { return interactive }
        return !actions.isEmpty || !traits.isDisjoint(with: Element.interactiveTraits)
    }

    static let interactiveTraits: Traits = [
        .button, .link, .adjustable, .searchField, .textEntry, .switchButton, .keyboardKey, .tabBarItem, .backButton,
    ]
}

/// A custom action (accessibilityCustomActions): `id` comes back in `action` events, `name` is spoken.
public struct CustomAction: Sendable, Equatable {
    public var id: String
    public var name: String
    public init(id: String, name: String) { self.id = id; self.name = name }
}

extension Optional where Wrapped == String {
    package var isNonEmpty: Bool { !(self?.isEmpty ?? true) }
    /// The string, or nil when it is empty.
    package var nonEmpty: String? { (self?.isEmpty ?? true) ? nil : self }
}
