import AnnouncerElements

/// A key as the review takes it: its X keysym name ("Right", "h", "KP_Enter"), Shift, and the
/// screen-reader modifier (Insert, or CapsLock when configured).
public struct ReviewKey: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var shift: Bool
    public var modifier: Bool
    /// Control and Alt held (a table's Ctrl+Alt+arrows).
    public var controlAlt: Bool
    /// Control held alone (the settings' Insert+Ctrl+arrows).
    public var control: Bool

    public init(_ name: String, shift: Bool = false, modifier: Bool = false, controlAlt: Bool = false, control: Bool = false) {
        self.name = name
        self.shift = shift
        self.modifier = modifier
        self.controlAlt = controlAlt
        self.control = control && !controlAlt
    }

    public var description: String {
        (modifier ? "Insert+" : "") + (controlAlt ? "Ctrl+Alt+" : control ? "Ctrl+" : "") + (shift ? "Shift+" : "") + name
    }
}

/// Where the review's keys act: anywhere on the desktop, or in a web document in browse mode
/// (its keys read the page) or focus mode (its keys go to the page's field).
public enum ReviewMode: Sendable, Equatable {
    case desktop, browse, focus
}

/// What a review key does.
public enum ReviewCommand: Sendable, Equatable {
    /// Insert+Right / Insert+Left: the next or previous item of the rotor's category.
    case next, previous
    /// Insert+Page Down / Insert+Page Up: the rotor's next or previous category.
    case rotorNext, rotorPrevious
    /// Insert+A, Insert+W, Insert+T, Insert+Enter, Insert+Space.
    case readAll, whereAmI, title, activate, toggleMode
    /// Insert+Up: the current line (browse mode's, else the focus); Insert+Tab: the focus
    /// again (NVDA's keys).
    case sayLine, reportFocus
    /// Browse mode's arrows.
    case nextLine, previousLine, nextCharacter, previousCharacter
    /// Browse mode's Ctrl+Home and Ctrl+End: the page's first line, or its last.
    case firstLine, lastLine
    /// Browse mode's comma and Shift+comma (NVDA's): past the end of the container the cursor
    /// is in (a list, a table, a landmark, a group), or to its start.
    case containerEdge(end: Bool)
    /// Browse mode's single keys (H, 1–6, K, F, B, D, T, L; Shift backwards).
    case jump(ReviewFilter, forward: Bool)
    /// Enter or Space in browse mode: the review item's action, or focus mode in a text field.
    case press
    /// Tab or Shift+Tab in browse mode with the cursor away from the focus: the next (or
    /// previous) item the keyboard can focus from the cursor is focused, as NVDA does.
    case tab(forward: Bool)
    /// Escape in focus mode.
    case leaveFocusMode
    /// Ctrl+Alt+arrows in browse mode: the next cell that way in a table.
    case cell(ReviewCursor.CellDirection)
    /// Insert+Ctrl+Right / Left: the next or previous setting of the ring (`SettingsRing`).
    case chooseSetting(next: Bool)
    /// Insert+Ctrl+Up / Down: the chosen setting a step up or down.
    case stepSetting(up: Bool)
    /// Insert+N: the newest notification; Insert+Shift+N: the one before the last said.
    case notification(older: Bool)
}

/// The review's keys (docs/design.md §18): which keys are taken from the applications in each
/// mode, and what each does. Pure (ReviewKeyMapTests). Every key here is taken and not passed
/// on; any other key goes to the application.
public enum ReviewKeyMap {
    static let modifierKeys: [String: ReviewCommand] = [
        "Right": .next, "Left": .previous, "Page_Down": .rotorNext, "Page_Up": .rotorPrevious,
        "Up": .sayLine, "Tab": .reportFocus,
        "a": .readAll, "w": .whereAmI, "t": .title, "Return": .activate, "KP_Enter": .activate,
        // NVDA's Insert+keypad 5 (its desktop layout, Num Lock off or on): the item where the cursor is.
        "KP_Begin": .sayLine, "KP_5": .sayLine,
    ]
    static let browseArrows: [String: ReviewCommand] = [
        "Down": .nextLine, "Up": .previousLine, "Right": .nextCharacter, "Left": .previousCharacter,
        "Return": .press, "KP_Enter": .press, "space": .press,
    ]
    /// Browse mode's keys with Control.
    static let browseControlKeys: [String: ReviewCommand] = ["Home": .firstLine, "End": .lastLine]
    static let cellKeys: [String: ReviewCursor.CellDirection] = ["Left": .left, "Right": .right, "Up": .up, "Down": .down]
    /// Insert+Ctrl+arrows, everywhere: the settings (NVDA's synthesizer settings ring).
    static let settingKeys: [String: ReviewCommand] = [
        "Right": .chooseSetting(next: true), "Left": .chooseSetting(next: false), "Up": .stepSetting(up: true), "Down": .stepSetting(up: false),
    ]
    static let singleKeys: [String: ReviewFilter] = [
        "h": .heading(level: nil), "k": .link, "f": .formField, "b": .button, "d": .landmark, "t": .table, "l": .list,
        "x": .checkBox, "r": .radioButton, "e": .editField, "c": .comboBox, "u": .unvisitedLink, "i": .listItem, "g": .graphic,
        "1": .heading(level: 1), "2": .heading(level: 2), "3": .heading(level: 3),
        "4": .heading(level: 4), "5": .heading(level: 5), "6": .heading(level: 6),
    ]

    /// The roles of the controls that take the arrows themselves (a radio button, whose arrows
    /// check the next in its group, a combo box, a slider, a spin
    /// button, a list box's option, a tree's item, a grid's cell, a tab, a menu's item): the focus
    /// on one in a web page chooses focus mode, as a text field's does (NVDA's automatic focus
    /// mode), so that its arrows reach it.
    static let arrowRoles: Set<String> = [
        "radio button", "combo box", "slider", "spin button", "scroll bar", "dial", "list box", "list item", "tree", "tree item", "tree table",
        "table cell", "tree table cell", "page tab", "menu", "menu bar", "menu item", "check menu item", "radio menu item",
    ]

    public static func takesArrows(role: String) -> Bool { arrowRoles.contains(role) }

    /// Whether the focus on this element in a web page chooses focus mode: a text field, a
    /// button that opens a menu (Down opens it), or a control that takes the arrows.
    public static func takesArrows(role: String, traits: Traits) -> Bool {
        traits.contains(.textEntry) || traits.contains(.menuButton) || takesArrows(role: role)
    }

    public static func command(for key: ReviewKey, in mode: ReviewMode) -> ReviewCommand? {
        if key.modifier {
            if key.name == "n", !key.control { return .notification(older: key.shift) }
            if key.shift { return nil }
            if key.control { return settingKeys[key.name] }
            if key.name == "space" { return mode == .desktop ? nil : .toggleMode }
            return modifierKeys[key.name]
        }
        if key.controlAlt {
            // Browse mode's table keys; elsewhere taken only while the focus is in a table.
            guard !key.shift else { return nil }
            return cellKeys[key.name].map { .cell($0) }
        }
        switch mode {
        case .desktop:
            return nil
        case .focus:
            return key.name == "Escape" && !key.shift ? .leaveFocusMode : nil
        case .browse:
            if key.control { return key.shift ? nil : browseControlKeys[key.name] }
            if let filter = singleKeys[key.name] { return .jump(filter, forward: !key.shift) }
            if key.name == "Tab" { return .tab(forward: !key.shift) }
            if key.name == "comma" { return .containerEdge(end: !key.shift) }
            return key.shift ? nil : browseArrows[key.name]
        }
    }

    /// Every key taken in `mode`. With `escapeToPage` (the focus is on a menu's item), Escape in
    /// focus mode is left to the page, which closes its menu with it, as NVDA leaves it.
    /// `tabs`: whether Tab and Shift+Tab are taken in browse mode (`DesktopReview.tabs`: the
    /// cursor is away from the focus and there is an item to focus that way); else they are the
    /// page's, which moves from its focus (and a modal dialog's script keeps it inside).
    public static func keys(in mode: ReviewMode, escapeToPage: Bool = false, inTable: Bool = false,
                            tabs: (forward: Bool, backward: Bool) = (false, false)) -> Set<ReviewKey> {
        var keys = Set(modifierKeys.keys.map { ReviewKey($0, modifier: true) })
        keys.formUnion(settingKeys.keys.map { ReviewKey($0, modifier: true, control: true) })
        keys.formUnion([ReviewKey("n", modifier: true), ReviewKey("n", shift: true, modifier: true)])
        switch mode {
        case .desktop:
            if inTable { for name in cellKeys.keys { keys.insert(ReviewKey(name, controlAlt: true)) } }
        case .focus:
            keys.insert(ReviewKey("space", modifier: true))
            if !escapeToPage { keys.insert(ReviewKey("Escape")) }
            if inTable { for name in cellKeys.keys { keys.insert(ReviewKey(name, controlAlt: true)) } }
        case .browse:
            keys.insert(ReviewKey("space", modifier: true))
            for name in singleKeys.keys { keys.insert(ReviewKey(name)); keys.insert(ReviewKey(name, shift: true)) }
            for name in browseArrows.keys { keys.insert(ReviewKey(name)) }
            for name in browseControlKeys.keys { keys.insert(ReviewKey(name, control: true)) }
            keys.formUnion([ReviewKey("comma"), ReviewKey("comma", shift: true)])
            for name in cellKeys.keys { keys.insert(ReviewKey(name, controlAlt: true)) }
            if tabs.forward { keys.insert(ReviewKey("Tab")) }
            if tabs.backward { keys.insert(ReviewKey("Tab", shift: true)) }
        }
        return keys
    }
}
