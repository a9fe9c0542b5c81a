import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport

/// What the desktop tells the bridge, already read from AT-SPI (docs/design.md §12).
public enum DesktopEvent: Sendable, Equatable {
    /// An object gained the focus (`state-changed:focused` with detail 1), or became the active
    /// descendant of a list, tree, menu or table.
    case focused(AccessibleSnapshot)
    /// An object's name, value or a state that is spoken (checked, selected, expanded,
    /// sensitive) changed.
    case changed(AccessibleSnapshot)
    /// Text was typed into an object at `offset` (the caret then follows it).
    case textInserted(id: String, offset: Int, text: String)
    /// Text was deleted from an object at `offset` (Backspace, Delete).
    case textDeleted(id: String, offset: Int, text: String)
    /// The caret moved to `offset` in an object whose whole text is `text` (nil when it was too
    /// long to read at every move).
    case caretMoved(id: String, offset: Int, text: String?)
    /// The selection in an object whose whole text is `text` changed (nil: nothing selected).
    case selectionChanged(id: String, selection: Range<Int>?, text: String?)
    /// Control+C, Control+X or Control+V pressed.
    case clipboard(ClipboardKey)
    /// The user pressed a key (any: the bridge's key watcher sees them all). What moves after it
    /// is the key's answer, never the last focus's own. `movesFocus`: an arrow, Page Up or Down,
    /// Home, End or Tab, which takes a list's selection along with its focus; `movesCaret`:
    /// Left, Right, Home or End, which move a text's caret.
    case keyPressed(movesFocus: Bool = false, movesCaret: Bool = false)
    /// `object:announcement`: assertive ones interrupt.
    case announcement(String, assertive: Bool)
    /// A window became active: the object, its title and AT-SPI role name ("frame", "dialog").
    case windowActivated(id: String, title: String, role: String)
    /// A web document finished loading (`document:load-complete`): as it is now.
    case documentLoaded(AccessibleSnapshot)
    /// Text was inserted into or deleted from a live region, or the region stopped being busy.
    case liveChanged(LiveChange)
    /// A window was created (a notification's, or an alert's): the object, its AT-SPI role and
    /// its labels' texts, read a moment after (`DesktopBridge.windowCreated`).
    case windowCreated(id: String, role: String, texts: [String])
    /// A progress bar that does not have the focus changed its value: the bar, the percent it
    /// is at, and the top-level window it is in.
    case progressChanged(id: String, percent: Double, window: String?)
}

/// The clipboard's keys, as a text field's user presses them.
public enum ClipboardKey: Sendable, Equatable {
    case copy, cut, paste
}

/// What the bridge asks of announcerd.
public enum DesktopRequest: Sendable, Equatable {
    case focus(Element)
    /// The focus came to the object the browse cursor is on, which says the same as the cursor
    /// said of it (Enter or Space on it in browse mode, which focuses it and then acts): taken as
    /// the focus, not said again, as NVDA's browse mode does not. What the action changes is
    /// said as a change to the focus.
    case focusHeard(Element)
    case announce(Announcement)
    /// Typing echo: said at once, cutting off the echo before it (and never said again); the
    /// unit says what the text is (a character typed, deleted or crossed; a word; a line).
    case echo(String, unit: EchoUnit)
    /// A window that became active: its title, and whether it is a dialog or a document.
    case window(title: String, role: WindowRole)
    /// A desktop notification: said as a polite announcement, and kept in the history.
    case notification(String)
}
