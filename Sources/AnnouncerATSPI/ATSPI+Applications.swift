import AnnouncerDesktop
import CAtSpi

/// The desktop's applications, and the focus an application holds (looked for when the bridge
/// meets an application that may have taken it before it sent events: `EventTriage.met`).
extension ATSPI {
    /// Every application on the desktop, by bus name, with its root object.
    static func applications() -> [(name: String, root: AccessibleReference)] {
        guard let desktop = atspi_get_desktop(0) else { return [] }
        defer { announcer_atspi_unref(desktop) }
        let count = checked { atspi_accessible_get_child_count(desktop, &$0) } ?? 0
        return (0..<max(count, 0)).compactMap { index in
            guard let child = checked({ atspi_accessible_get_child_at_index(desktop, index, &$0) }) ?? nil else { return nil }
            return (application(of: child), AccessibleReference(taking: child))
        }
    }

    /// The toolkit of `object`'s application (its ToolkitName: "gtk", "Qt", "Gecko",
    /// "Chromium"), or nil when it cannot be had. libatspi keeps it: one call per application.
    static func toolkit(of object: UnsafeMutablePointer<AtspiAccessible>) -> String? {
        let name = string { atspi_accessible_get_toolkit_name(object, &$0) }
        return name.isEmpty ? nil : name
    }

    /// The root object of `object`'s application, or nil when it cannot be had.
    static func root(of object: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleReference? {
        (checked({ atspi_accessible_get_application(object, &$0) }) ?? nil).map { AccessibleReference(taking: $0) }
    }

    /// Whether `child`, added to `parent`, is an application joining the desktop: `parent` is a
    /// root object in another application than `child`, and the desktop itself (its role: Qt
    /// names some of its own children by another bus name than their parent's). The role is
    /// asked only of a root object, and libatspi keeps it.
    static func joinsDesktop(_ child: UnsafeMutablePointer<AtspiAccessible>, parent: UnsafeMutablePointer<AtspiAccessible>) -> Bool {
        guard announcer_atspi_path(parent).map({ String(cString: $0) }) == "/org/a11y/atspi/accessible/root",
              application(of: child) != application(of: parent) else { return false }
        return checked({ atspi_accessible_get_role(parent, &$0) }) == ATSPI_ROLE_DESKTOP_FRAME
    }

    /// The object with the focus in an application's active window (its own search, or the
    /// window itself when it is focused), or nil: no window is active, or none of its objects is
    /// focused. At most 16 windows are asked.
    static func focusedObject(in application: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleReference? {
        let count = checked { atspi_accessible_get_child_count(application, &$0) } ?? 0
        for index in 0..<min(max(count, 0), 16) {
            guard let window = checked({ atspi_accessible_get_child_at_index(application, index, &$0) }) ?? nil else { continue }
            defer { announcer_atspi_unref(window) }
            guard let states = atspi_accessible_get_state_set(window) else { continue }
            defer { announcer_atspi_unref(states) }
            guard atspi_state_set_contains(states, ATSPI_STATE_ACTIVE) != 0 else { continue }
            // A top-level widget that is itself the focus (Qt's text edit shown as its own
            // window): the collection's search looks only below it.
            if atspi_state_set_contains(states, ATSPI_STATE_FOCUSED) != 0 { return AccessibleReference(retaining: window) }
            return announcer_atspi_focused_in(window).map { AccessibleReference(taking: $0) }
        }
        return nil
    }
}
