import AnnouncerElements
import AnnouncerSupport

/// Windows' titles and pages' loads (docs/design.md §12): the title of a window that became
/// active waits for the first focus in it and is said before it (a browser's title changes as
/// its page loads; a page's own title is its document's name, and the browser's is then not
/// said), or on its own once it has waited `windowWaitMs`; the same window activated again is
/// no other window. A page's document that took the focus last says its title again once its
/// load completes. Pure (WindowTitlesTests).
public struct WindowTitles: Sendable {
    /// A window's title waits this long for the first focus in it, then is said on its own (a
    /// browser's window is shown well before its page has a title and takes the focus).
    public var windowWaitMs: Milliseconds = 2_000
    /// The window last activated, and whether its title was said.
    private var active: (id: String, titled: Bool)?
    /// The title of the window activated last, not yet said, and since when it waits.
    private var waiting: (id: String, title: String, role: String)?
    private var waitingSince: Milliseconds = 0
    /// The object that took the focus last, said or not (a page's document that had nothing to
    /// say until it loaded).
    private var lastFocus: String?

    public init() {}

    /// The window activated last, as far as its events have told.
    public var activeWindowID: String? { active?.id }
    /// The window whose title waits to be said: its name changes are to be read.
    public var waitingWindow: String? { waiting?.id }

    /// When the waiting title is to be said on its own, if one waits.
    public var deadline: Milliseconds? { waiting.map { _ in waitingSince + windowWaitMs } }

    /// An object changed: the waiting window's new title (a browser's, as its page loads) is the
    /// one to say.
    public mutating func changed(_ object: AccessibleSnapshot) {
        if object.id == waiting?.id, !object.name.trimmingWhitespace().isEmpty { waiting?.title = object.name }
    }

    /// An object took the focus: whether it is another than the one that took it last.
    public mutating func focusArrived(_ id: String) -> Bool {
        defer { lastFocus = id }
        return id != lastFocus
    }

    /// Whether `id` took the focus last: its page's load says its title.
    public func tookTheFocusLast(_ id: String) -> Bool {
        lastFocus == id
    }

    /// A window became active, `focus` the focus said last (its role and when): what is said now,
    /// and whether it is another window than the one active before. The same window again (a
    /// keyboard grab ended, and the toolkit activates its window once more) is no other window,
    /// and its title is not said again, even when it changed meanwhile (a browser's, as its page
    /// loaded). The first window activated is the one the focus is in.
    public mutating func activated(id: String, title: String, role: String, at now: Milliseconds,
                                   focus: (role: String, at: Milliseconds)?) -> (said: [DesktopRequest], anotherWindow: Bool) {
        let hasTitle = !title.trimmingWhitespace().isEmpty
        var anotherWindow = false
        if let active, active.id == id {
            self.active?.titled = active.titled || hasTitle
            if active.titled { return ([], false) }
        } else {
            anotherWindow = active != nil
            active = (id, hasTitle)
        }
        // A toolkit that gave the focus first and activated its window after (GTK with no
        // window manager) has its title said at once, as it comes: the focus is in it. A
        // page's document that took the focus said the page's title itself (Firefox, on a
        // loaded machine, activates its window after its page has taken the focus).
        if let focus, now - focus.at < windowWaitMs {
            return (AccessibleMapping.windowRole(focus.role) != .document ? Self.title(title, role) : [], anotherWindow)
        }
        // Else said with the first focus in it, or on its own once it has waited; a window
        // that is only being built has no title yet, and may have one by then.
        waiting = (id, title, role)
        waitingSince = now
        return ([], anotherWindow)
    }

    /// A focus is said: the waiting title first. A page's document says the page's title itself:
    /// the browser's window title (its "Untitled" while the page loads, the browser's name) is
    /// not said.
    public mutating func focusSaid(_ object: AccessibleSnapshot) -> [DesktopRequest] {
        guard let window = waiting else { return [] }
        waiting = nil
        return AccessibleMapping.windowRole(object.role) != .document ? Self.title(window.title, window.role) : []
    }

    /// The waiting title, once it has waited for a focus in vain (while no focus waits to say it).
    public mutating func due(at now: Milliseconds) -> [DesktopRequest] {
        guard let window = waiting, now >= waitingSince + windowWaitMs else { return [] }
        waiting = nil
        return Self.title(window.title, window.role)
    }

    private static func title(_ title: String, _ role: String) -> [DesktopRequest] {
        title.trimmingWhitespace().isEmpty ? [] : [.window(title: title, role: AccessibleMapping.windowRole(role))]
    }
}
