import AnnouncerDesktop
import AnnouncerSystem
import CAtSpi
import Glibc

/// The one door to libatspi: connecting to the accessibility bus, listening for events, reading
/// an accessible object into an `AccessibleSnapshot`, timers and the main loop. libatspi runs
/// on GLib's main loop: every call here is made on the thread that runs `runMainLoop`.
enum ATSPI {
    /// The events the bridge listens to (docs/design.md §12).
    static let eventTypes = [
        "object:state-changed:focused",
        "object:active-descendant-changed",
        "object:state-changed:checked", "object:state-changed:indeterminate", "object:state-changed:pressed",
        "object:state-changed:selected", "object:state-changed:expanded", "object:state-changed:sensitive",
        "object:property-change:accessible-name", "object:property-change:accessible-value", "object:value-changed",
        "object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved",
        "object:announcement",
        "window:activate",
        // Only for the review: its tree must be read again.
        "object:children-changed", "document:load-complete", "document:reload",
    ]

    /// Connects to the session's accessibility bus; false when there is none.
    static func initialize() -> Bool {
        let status = atspi_init()
        // One timeout for every call, however young the application (`ATSPI.callTimeoutMs`).
        atspi_set_timeout(Int32(callTimeoutMs), 0)
        return status == 0 || status == 1
    }

    /// Tells the desktop that assistive technology is in use, as a screen reader does; false
    /// when the accessibility bus launcher did not take it.
    static func enableAccessibility() -> Bool {
        announcer_atspi_enable_accessibility() != 0
    }

    /// Registers `handler` for every event type; returns the types that could not be registered.
    static func listen(_ callback: AtspiEventListenerSimpleCB) -> [String] {
        guard let listener = atspi_event_listener_new_simple(callback, nil) else { return eventTypes }
        var failed: [String] = []
        for type in eventTypes where checked({ atspi_event_listener_register(listener, type, &$0) }) ?? 0 == 0 {
            failed.append(type)
        }
        return failed
    }

    static func runMainLoop() { atspi_event_main() }

    static func quitMainLoop() { atspi_event_quit() }

    /// Calls `gone` on the main loop when the accessibility bus is lost; false when there is no
    /// connection to watch.
    static func watchBus(_ gone: announcer_atspi_bus_gone) -> Bool {
        announcer_atspi_watch_bus(gone) != 0
    }

    /// Whether more events wait on the accessibility bus: read by libdbus and not yet
    /// dispatched, or still in its socket. A toolkit's events for one key press come together.
    static var eventsWaiting: Bool {
        if announcer_atspi_events_queued() != 0 { return true }
        let descriptor = announcer_atspi_bus_descriptor()
        guard descriptor >= 0, let ready = try? FileDescriptor(rawValue: descriptor).waitUntil(events: Int16(POLLIN), timeoutMilliseconds: 0) else {
            return false
        }
        return ready & Int16(POLLIN) != 0
    }

    /// Calls `callback` once after `milliseconds` on the main loop.
    static func after(milliseconds: Int, _ callback: GSourceFunc) {
        g_timeout_add(guint(max(milliseconds, 0)), callback, nil)
    }

    // MARK: - Reading events

    /// An event as the bridge sees it, or nil for one it does not speak.
    static func event(_ event: UnsafePointer<AtspiEvent>) -> DesktopEvent? {
        guard let type = event.pointee.type.map({ String(cString: $0) }), let source = event.pointee.source else { return nil }
        let detail1 = event.pointee.detail1
        // A shallow copy, read only: the event owns what it holds.
        var data = event.pointee.any_data
        switch type {
        case "object:state-changed:focused":
            // Only gaining the focus speaks (GTK also says when it is lost).
            guard detail1 == 1, let object = snapshot(source) else { return nil }
            return .focused(object)
        case "object:active-descendant-changed":
            guard let child = announcer_atspi_value_accessible(&data), let object = snapshot(child) else { return nil }
            return .focused(object)
        case "object:text-changed:insert", "object:text-changed:delete":
            guard let text = announcer_atspi_value_string(&data) else { return nil }
            let id = identifier(source), offset = Int(detail1)
            return type.hasSuffix("insert") ? .textInserted(id: id, offset: offset, text: String(cString: text))
                                            : .textDeleted(id: id, offset: offset, text: String(cString: text))
        case "object:text-caret-moved":
            return .caretMoved(id: identifier(source), offset: Int(detail1), text: wholeText(source))
        case "object:announcement":
            guard let text = announcer_atspi_value_string(&data) else { return nil }
            return .announcement(String(cString: text), assertive: detail1 == 2)
        case _ where type.hasPrefix("object:children-changed") || type.hasPrefix("document:"):
            return nil
        case "window:activate":
            return .windowActivated(id: identifier(source), title: string { atspi_accessible_get_name(source, &$0) }, role: string { atspi_accessible_get_role_name(source, &$0) })
        default:
            return snapshot(source).map { .changed($0) }
        }
    }

    // MARK: - Reading an accessible

    /// Where the object lives on the bus: the same object has the same id.
    static func identifier(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> String {
        let bus = announcer_atspi_bus_name(accessible).map { String(cString: $0) } ?? ""
        let path = announcer_atspi_path(accessible).map { String(cString: $0) } ?? ""
        return bus + path
    }

    static let spokenStates: [(String, AtspiStateType)] = [
        ("focused", ATSPI_STATE_FOCUSED), ("sensitive", ATSPI_STATE_SENSITIVE), ("visible", ATSPI_STATE_VISIBLE), ("checked", ATSPI_STATE_CHECKED),
        ("indeterminate", ATSPI_STATE_INDETERMINATE), ("pressed", ATSPI_STATE_PRESSED), ("selected", ATSPI_STATE_SELECTED),
        ("expandable", ATSPI_STATE_EXPANDABLE), ("expanded", ATSPI_STATE_EXPANDED), ("editable", ATSPI_STATE_EDITABLE),
        ("multi-line", ATSPI_STATE_MULTI_LINE),
    ]

    static let textRoles: Set<String> = ["entry", "text", "editbar", "search bar", "terminal", "combo box", "spin button"]

    /// The object as it is now; nil when it is already gone (toolkits announce objects that
    /// they destroy a moment later).
    static func snapshot(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot? {
        let role = string { atspi_accessible_get_role_name(accessible, &$0) }
        guard !role.isEmpty else { return nil }
        var object = AccessibleSnapshot(id: identifier(accessible), role: role,
                                        name: string { atspi_accessible_get_name(accessible, &$0) },
                                        description: string { atspi_accessible_get_description(accessible, &$0) },
                                        states: [])
        if let set = atspi_accessible_get_state_set(accessible) {
            for (name, state) in spokenStates where atspi_state_set_contains(set, state) != 0 { object.states.insert(name) }
            announcer_atspi_unref(set)
        }
        if let value = atspi_accessible_get_value_iface(accessible) {
            object.value = checked { atspi_value_get_current_value(value, &$0) }
            object.minimum = checked { atspi_value_get_minimum_value(value, &$0) }
            object.maximum = checked { atspi_value_get_maximum_value(value, &$0) }
            let text = string { atspi_value_get_text(value, &$0) }
            object.valueText = text.isEmpty ? nil : text
            announcer_atspi_unref(value)
        }
        if textRoles.contains(role) { object.text = wholeText(accessible) }
        if AccessibleMapping.positionedRoles.contains(role) {
            object.position = position(accessible)
            // A row with no name of its own says what its children say (GTK's list box rows).
            if object.name.isEmpty { object.name = childNames(accessible, depth: 2).joined(separator: " ") }
        }
        if let attributes = checked({ atspi_accessible_get_attributes(accessible, &$0) }) ?? nil {
            if let level = announcer_atspi_attribute(attributes, "level") { object.level = Int(String(cString: level)) }
            g_hash_table_unref(attributes)
        }
        if role.contains("menu item"), let action = atspi_accessible_get_action_iface(accessible) {
            let binding = string { atspi_action_get_key_binding(action, 0, &$0) }
            // "mnemonic;sequence;shortcut": the last part given is the shortcut.
            object.accelerator = binding.split(separator: ";").last.map(String.init)
            announcer_atspi_unref(action)
        }
        if let locale = checked({ atspi_accessible_get_object_locale(accessible, &$0) }) ?? nil {
            object.locale = String(cString: locale)
        }
        return object
    }

    /// The longest text read whole at every caret move; a longer document's caret is not spoken.
    static let longestText: Int32 = 100_000

    /// The Text interface's whole text, when it has one and it is not too long.
    static func wholeText(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> String? {
        guard let text = atspi_accessible_get_text_iface(accessible) else { return nil }
        defer { announcer_atspi_unref(text) }
        guard let count = checked({ atspi_text_get_character_count(text, &$0) }), count >= 0, count <= longestText else { return nil }
        return string { atspi_text_get_text(text, 0, count, &$0) }
    }

    /// The names of an object's descendants, in order, `depth` levels down.
    static func childNames(_ accessible: UnsafeMutablePointer<AtspiAccessible>, depth: Int) -> [String] {
        guard depth > 0 else { return [] }
        let count = checked { atspi_accessible_get_child_count(accessible, &$0) } ?? 0
        var names: [String] = []
        for index in 0..<min(max(count, 0), 20) {
            guard let child = checked({ atspi_accessible_get_child_at_index(accessible, index, &$0) }) ?? nil else { continue }
            let name = string { atspi_accessible_get_name(child, &$0) }
            names += name.isEmpty ? childNames(child, depth: depth - 1) : [name]
            announcer_atspi_unref(child)
        }
        return names
    }

    /// 1-based place among the parent's children, and their count.
    static func position(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot.Position? {
        guard let parent = checked({ atspi_accessible_get_parent(accessible, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(parent) }
        guard let index = checked({ atspi_accessible_get_index_in_parent(accessible, &$0) }),
              let count = checked({ atspi_accessible_get_child_count(parent, &$0) }),
              index >= 0, count > 0, index < count else { return nil }
        return AccessibleSnapshot.Position(index: Int(index) + 1, count: Int(count))
    }

    /// A string libatspi returns for us to free, or "" when it failed.
    static func string(_ call: (inout UnsafeMutablePointer<GError>?) -> UnsafeMutablePointer<gchar>?) -> String {
        guard let text = checked(call) ?? nil else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// One libatspi call that reports failure through a GError, with an error of its own: its
    /// result, or nil when it failed. The error is freed and cleared here, every time, so that
    /// no call ever sees the one before it (GLib requires a GError to be NULL when passed).
    static func checked<T>(_ call: (inout UnsafeMutablePointer<GError>?) -> T) -> T? {
        var error: UnsafeMutablePointer<GError>?
        let result = call(&error)
        guard error == nil else {
            g_clear_error(&error)
            return nil
        }
        return result
    }

}
