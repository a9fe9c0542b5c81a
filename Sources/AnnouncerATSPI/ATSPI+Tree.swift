import AnnouncerDesktop
import AnnouncerElements
import CAtSpi

/// An accessible object the bridge holds on to (its reference is released with it).
final class AccessibleReference {
    let pointer: UnsafeMutablePointer<AtspiAccessible>

    /// Takes over a reference libatspi gave.
    init(taking pointer: UnsafeMutablePointer<AtspiAccessible>) {
        self.pointer = pointer
    }

    /// Adds a reference of its own.
    convenience init(retaining pointer: UnsafeMutablePointer<AtspiAccessible>) {
        g_object_ref(pointer)
        self.init(taking: pointer)
    }

    deinit { announcer_atspi_unref(pointer) }

    var id: String { ATSPI.identifier(pointer) }
    var role: String { ATSPI.string { atspi_accessible_get_role_name(pointer, &$0) } }
    var name: String { ATSPI.string { atspi_accessible_get_name(pointer, &$0) } }

    var parent: AccessibleReference? {
        (ATSPI.checked { atspi_accessible_get_parent(pointer, &$0) } ?? nil).map { AccessibleReference(taking: $0) }
    }
}

/// Reading a window's or a document's whole tree for the review (docs/design.md §18).
extension ATSPI {
    /// The most objects one review reads, how deep, and for how long in all (`TreeWalk`): what
    /// is read by then is the review's tree.
    static let maximumNodes = 5_000
    static let maximumDepth = 64
    static let longestWalk = Duration.seconds(2)
    /// How long a walk reads between two looks at the accessibility events.
    static let walkSlice = Duration.milliseconds(20)
    /// The longest text read of one object for the review.
    static let longestReviewText: Int32 = 10_000

    /// The roles whose place in their group the review takes from the page.
    static let reviewPlacedRoles: Set<String> = ["radio button", "page tab", "menu item", "menu"]   // "menu": Firefox's menu item that opens one

    static let documentRoles: Set<String> = ["document web", "document frame", "document text", "document email"]

    /// Where an object is: the web document it is in (nil outside one), and its top-level
    /// window (the object whose parent is the application).
    static func place(of object: AccessibleReference) -> (document: AccessibleReference?, window: AccessibleReference?) {
        var document: AccessibleReference?
        var current = object
        for _ in 0..<maximumDepth {
            if document == nil, documentRoles.contains(current.role) { document = current }
            guard let parent = current.parent else { return (document, current) }
            if parent.role == "application" { return (document, current) }
            current = parent
        }
        return (document, nil)
    }

    /// Calls `callback` once the main loop has nothing else to do (its accessibility events
    /// come first), until it returns G_SOURCE_REMOVE.
    static func whenIdle(_ callback: GSourceFunc) {
        g_idle_add_full(G_PRIORITY_LOW, callback, nil, nil)
    }

    /// What the review reads of one object: fewer calls than `snapshot` (no place among its
    /// siblings, no shortcut), and the text of every object that has some.
    static func reviewSnapshot(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot? {
        let role = string { atspi_accessible_get_role_name(accessible, &$0) }
        guard !role.isEmpty else { return nil }
        var object = AccessibleSnapshot(id: identifier(accessible), role: role, name: string { atspi_accessible_get_name(accessible, &$0) },
                                        states: [])
        if let set = atspi_accessible_get_state_set(accessible) {
            // And whether the keyboard can focus it, and a dialog is modal (the rest of the page inert).
            for (name, state) in spokenStates + [("focusable", ATSPI_STATE_FOCUSABLE), ("modal", ATSPI_STATE_MODAL)]
            where atspi_state_set_contains(set, state) != 0 {
                object.states.insert(name)
            }
            announcer_atspi_unref(set)
        }
        if ReviewTree.itemRoles.contains(role) {
            object.description = string { atspi_accessible_get_description(accessible, &$0) }
        }
        if let text = atspi_accessible_get_text_iface(accessible) {
            if let count = checked({ atspi_text_get_character_count(text, &$0) }), count > 0, count <= longestReviewText {
                let read = string { atspi_text_get_text(text, 0, count, &$0) }
                object.text = read
                object.textLanguages = textLanguages(text, read, count: Int(count))
            }
            announcer_atspi_unref(text)
            // A field's selected text is said with it (one more call, for fields alone).
            if textRoles.contains(role), object.states.contains("editable") { object.selection = selection(accessible) }
        }
        // The language of what it says (a web page's `lang`, object by object), when it says
        // anything: its text in that language's voice.
        if !object.name.isEmpty || object.text?.isEmpty == false, let locale = checked({ atspi_accessible_get_object_locale(accessible, &$0) }) ?? nil {
            object.locale = String(cString: locale)
        }
        let attributes = checked({ atspi_accessible_get_attributes(accessible, &$0) }) ?? nil
        // A radio button's, a tab's or a menu item's place in its group, as the page gives it (the
        // review's list items say List Start and List End instead).
        readValues(accessible, attributes: attributes, valueText: false, placed: reviewPlacedRoles, into: &object)
        if let attributes { g_hash_table_unref(attributes) }
        return object
    }

    /// The stretches of a text whose `language` text attribute is set (runs of a web page's
    /// `<span lang>`): one call for a text in one language, a call a run otherwise, at most 32.
    /// AT-SPI counts code points; the spans count the text's characters.
    static func textLanguages(_ text: UnsafeMutablePointer<AtspiText>, _ read: String, count: Int) -> [LanguageSpan] {
        var spans: [LanguageSpan] = []
        var offset = 0
        var characterOf: [Int]?
        for _ in 0..<32 where offset < count {
            var start: gint = 0, end: gint = 0
            guard let attributes = checked({ atspi_text_get_attribute_run(text, gint(offset), 0, &start, &end, &$0) }) ?? nil else { break }
            defer { g_hash_table_unref(attributes) }
            if let language = announcer_atspi_attribute(attributes, "language"), end > start {
                if characterOf == nil {
                    // The character each code point is in.
                    var map: [Int] = []
                    for (index, character) in read.enumerated() { map += Array(repeating: index, count: character.unicodeScalars.count) }
                    characterOf = map + [read.count]
                }
                let map = characterOf!
                // An application's offsets are not trusted: each is kept within the text.
                let first = map[max(0, min(Int(start), map.count - 1))], last = map[max(0, min(Int(end), map.count - 1))]
                if last > first { spans.append(LanguageSpan(offset: first, count: last - first, language: String(cString: language))) }
            }
            guard Int(end) > offset else { break }
            offset = Int(end)
        }
        return spans
    }

    /// Asks the object's application for its attributes, once per application: Chromium
    /// builds its tree (a web page's too) only once a client has read them, as Orca does at once.
    static func wakeApplication(of object: UnsafeMutablePointer<AtspiAccessible>, awake: inout Set<String>) {
        let bus = announcer_atspi_bus_name(object).map { String(cString: $0) } ?? ""
        guard !bus.isEmpty, awake.insert(bus).inserted,
              let application = checked({ atspi_accessible_get_application(object, &$0) }) ?? nil else { return }
        if let attributes = checked({ atspi_accessible_get_attributes(application, &$0) }) ?? nil { g_hash_table_unref(attributes) }
        announcer_atspi_unref(application)
    }

    /// Does the object's first action (a link's jump, a button's click, a check box's toggle).
    @discardableResult
    static func doDefaultAction(_ object: AccessibleReference) -> Bool {
        guard let action = atspi_accessible_get_action_iface(object.pointer) else { return false }
        defer { announcer_atspi_unref(action) }
        return checked { atspi_action_do_action(action, 0, &$0) } ?? 0 != 0
    }

    /// Moves a text's caret (a braille display's routing key over it).
    @discardableResult
    static func setCaretOffset(_ object: AccessibleReference, _ offset: Int) -> Bool {
        guard let text = atspi_accessible_get_text_iface(object.pointer) else { return false }
        defer { announcer_atspi_unref(text) }
        return checked { atspi_text_set_caret_offset(text, Int32(clamping: offset), &$0) } ?? 0 != 0
    }

    /// Selects the whole text of an editable field (nothing for any other object).
    static func selectAllText(of object: AccessibleReference) {
        guard let set = atspi_accessible_get_state_set(object.pointer) else { return }
        // A one-line field's text, as the browser's own Tab selects it; a text area keeps its
        // caret (neither browser selects a text area's text on Tab).
        let editable = atspi_state_set_contains(set, ATSPI_STATE_EDITABLE) != 0 && atspi_state_set_contains(set, ATSPI_STATE_MULTI_LINE) == 0
        announcer_atspi_unref(set)
        guard editable, let text = atspi_accessible_get_text_iface(object.pointer) else { return }
        defer { announcer_atspi_unref(text) }
        guard let count = checked({ atspi_text_get_character_count(text, &$0) }), count > 0 else { return }
        // The first selection set, or, where there is none to set, one added.
        if checked({ atspi_text_set_selection(text, 0, 0, count, &$0) }) ?? 0 == 0 {
            _ = checked { atspi_text_add_selection(text, 0, count, &$0) }
        }
    }

    /// Gives the object the keyboard focus.
    @discardableResult
    static func grabFocus(_ object: AccessibleReference) -> Bool {
        guard let component = atspi_accessible_get_component_iface(object.pointer) else { return false }
        defer { announcer_atspi_unref(component) }
        return checked { atspi_component_grab_focus(component, &$0) } ?? 0 != 0
    }
}
