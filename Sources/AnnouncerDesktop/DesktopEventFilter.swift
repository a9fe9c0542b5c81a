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

/// The bridge's rules, with no clock of its own and no AT-SPI (DesktopEventFilterTests): real
/// toolkits send events doubled and in storms; only the latest focus of a storm speaks, a focus
/// repeated within `duplicateMs` of the one spoken is dropped, a change to the focused object
/// says it again (a slider's step only its new value), typing and deleting in the focused object are echoed, and moving its caret
/// says what the caret crossed, as VoiceOver does. A window's title waits for the first focus in
/// it (a browser's title changes as its page loads; a page's own title is its document's name),
/// and a live region's changes for the rest of their storm.
public struct DesktopEventFilter: Sendable {
    /// A focus waits this long for a newer one, and each newer one waits again: only the last of
    /// a storm is spoken. A toolkit
    /// sends the events of one change together (GTK 3's second focus for one Tab comes about
    /// 1 ms after the first); a user's next key comes tens of milliseconds later, and announcerd
    /// cuts the older focus off then. Every millisecond here is a millisecond before sound.
    public var coalesceMs: Milliseconds = 3
    /// A storm that never pauses still speaks this long after it began.
    public var longestWaitMs: Milliseconds = 100
    /// The focused row losing its selection waits this long for the focus that may follow it (Qt
    /// takes the selection from the row it leaves, then focuses the next; on a loaded machine
    /// the focus is read tens of milliseconds later). Control+Space on the row says it then.
    public var deselectionWaitMs: Milliseconds = 50
    /// Another row selected this soon before the focused row loses its selection (or while that
    /// loss waits) is the selection moving on with the focus: the loss is not said, whenever
    /// the new row's focus comes (on a loaded machine Qt's came after `deselectionWaitMs`, and
    /// the row left was said unselected between the two).
    public var selectionMoveMs: Milliseconds = 500
    /// The same focus again within this long of the one spoken is the toolkit repeating itself.
    public var duplicateMs: Milliseconds = 150
    /// A window's title waits this long for the first focus in it, then is said on its own (a
    /// browser's window is shown well before its page has a title and takes the focus).
    public var windowWaitMs: Milliseconds = 2_000
    /// A live region's changes are gathered this long (a page changes several of its nodes for
    /// one update, and Chromium says a text replaced as a deletion and an insertion).
    public var liveWaitMs: Milliseconds = 20
    /// A region's whole text said again within this long, with no key pressed and no focus
    /// moved since, is the page's one change heard twice: Chromium tells one `innerHTML` as an
    /// insertion into the region and another into its new paragraph, and a busy region that
    /// settles is told both as settled and as its text inserted, in either order. On a loaded
    /// machine the second may come after the first was said (1.3 s later, in a CI's Firefox).
    /// A page saying the same words again on its own (a timer) after this long is heard again.
    public var liveRepeatMs: Milliseconds = 3_000
    /// A page's document that took the focus is being built until its load completes, at most
    /// this long: its live regions' text is the page's own, not a change, and says nothing
    /// (Chromium inserts it as it builds the page, as late as after the document's focus). A
    /// page that had loaded before (its load is never seen again) speaks after this long.
    public var buildingWaitMs: Milliseconds = 1_000
    public var typingEcho: TypingEcho
    /// Progress bars outside the focus: which of their values are said.
    public var progressBars = ProgressBars()
    /// The locale tables and the configured locale: the words of values ("expanded"), of
    /// shortcuts and of typed characters ("space") come from them.
    public let catalog: LocaleCatalog
    public var locale: String

    private var pending: AccessibleSnapshot?
    /// The waiting object is the focus losing its selection (`deselectionWaitMs`).
    private var pendingDeselection = false
    /// The waiting focus is a field that holds text, reached by a key that moves the focus
    /// (Tab, which selects its text), and read with no selection: it waits `selectionWaitMs`
    /// for the selection's event (Firefox's comes after the focus on a loaded machine), so that
    /// the one utterance says it.
    private var pendingSelection = false
    public var selectionWaitMs: Milliseconds = 30
    /// The fields a browser's Tab selects the text of.
    static let selectingFieldRoles: Set<String> = ["entry", "text", "editbar", "search bar", "combo box"]
    /// The object other than the focus selected last, and when (`selectionMoveMs`).
    private var selectedElsewhere: (id: String, at: Milliseconds)?
    /// When the first focus of the waiting storm came, and its latest.
    private var pendingSince: Milliseconds = 0
    private var pendingLatest: Milliseconds = 0
    /// The object spoken as the focus, what was said of it, and when.
    private var focused: (object: AccessibleSnapshot, element: Element, at: Milliseconds)?
    /// The object the review cursor is on and what was said of it (docs/design.md §18): a
    /// change to it is said, as a change to the focus is. The bridge sets it as the cursor moves.
    public var reviewed: (id: String, element: Element)?
    /// The object the review gave the focus (Enter or Space on the browse cursor's item), until
    /// the next key: its focus, saying what the cursor said of it, is not said again. A focus
    /// the application moved (Shift+Tab back to the item the review is on) is said.
    public var focusAsked: String?
    /// Whether another window became active since the focus was said, and the window last
    /// activated (whether its title was said).
    private var windowSinceFocus = false
    private var activeWindow: (id: String, titled: Bool)?
    /// The window activated last, as far as its events have told (a progress bar outside it is
    /// not read: `DesktopBridge.progressChanged`).
    public var activeWindowID: String? { activeWindow?.id }
    /// The window whose title waits to be said: its name changes are to be read.
    public var waitingWindow: String? { pendingWindow?.id }
    /// The title of the window activated last, not yet said, and since when it waits.
    private var pendingWindow: (id: String, title: String, role: String)?
    private var pendingWindowSince: Milliseconds = 0
    /// The object that took the focus last, said or not (a page's document that had nothing to
    /// say until it loaded).
    private var lastFocus: String?
    /// The web document the focus is in (the last to take the focus itself, or the one the
    /// bridge found the focus in): only its live regions speak. The bridge sets it as the focus
    /// moves.
    public var focusedDocument: String?
    /// The document that took the focus and whose load has not completed, and since when.
    private var building: (document: String, since: Milliseconds)?
    /// The containers the last focus said was in (`AccessibleMapping.enteredContainer`), by id.
    private var focusedContainers: [EnteredContainer.Placed] = []
    /// Live regions' changes waiting for the rest of their storm, in the order they came.
    private var pendingLive: [LiveChange] = []
    private var pendingLiveSince: Milliseconds = 0
    /// What each region said last, when, and whether it was its whole text (an atomic region's,
    /// or a settled one's).
    private var liveSaid: [String: (text: String, at: Milliseconds, whole: Bool)] = [:]
    /// The word being typed, for word echo.
    private var word = ""
    /// Where the focused object's caret is, as far as its events have told.
    private var caret: (id: String, offset: Int)?
    /// A cut or paste key pressed, and when: the deletion or insertion that follows it is said
    /// as cut or pasted.
    private var clipboard: (key: ClipboardKey, at: Milliseconds)?
    /// How long after its key a deletion or insertion is the cut's or the paste's.
    public var clipboardWaitMs: Milliseconds = 1_000
    /// The focused object's selection, as far as its events have told, and when it changed.
    private var selection: (id: String, range: Range<Int>?)?
    private var selectedAt: Milliseconds?
    /// A caret move this soon after a selection change is the selection's own.
    public var selectionStormMs: Milliseconds = 50
    /// A selection this soon after its object's focus came is the focus's own.
    public var focusSelectionMs: Milliseconds = 150
    /// The object that took the focus last, and when.
    private var focusArrivedAt: (id: String, at: Milliseconds)?
    /// Whether a key was pressed since the last focus arrived (in the order they came).
    private var keyAfterFocus = false
    /// Whether the last key pressed moves the focus, or a text's caret (`DesktopEvent.keyPressed`).
    private var keyMovedFocus = false
    private var keyMovedCaret = false
    /// The combo box the caret was put back in from its list, said, and the caret read with it:
    /// its character waits `caretWaitMs` for the caret's own event (Firefox reads the focus
    /// with the caret before the key, and moves it after).
    private var caretReturned: (id: String, text: String, offset: Int, at: Milliseconds)?
    public var caretWaitMs: Milliseconds = 50
    /// The last caret move of any object, and when: one read before its object's focus.
    private var lastCaret: (id: String, offset: Int, at: Milliseconds)?
    /// Where the caret goes after an edit that was echoed: arriving there says nothing more.
    private var caretAfterEdit: Int?

    public init(typingEcho: TypingEcho = .characters, catalog: LocaleCatalog, locale: String = LocaleCatalog.reference) {
        self.typingEcho = typingEcho
        self.catalog = catalog
        self.locale = locale
    }

    /// The configured locale's words (typing echo, the caret).
    private var words: LocaleWords { catalog.words(for: nil, configured: locale) }

    private func element(_ object: AccessibleSnapshot) -> Element {
        AccessibleMapping.element(object, catalog: catalog, locale: locale)
    }

    /// Whether an object says what the review said of its item: its name, value, traits and
    /// range (the item's reading is the same element made for a line of the page, with its
    /// children gathered into its name).
    static func saysTheSame(_ element: Element, as item: Element) -> Bool {
        element.label == item.label && element.value == item.value && element.traits == item.traits && element.range == item.range
    }

    /// What is said of a change to the focus: a slider's or spin button's new value alone
    /// ("129", as NVDA and Orca say a step), when nothing else of it changed; else all of it.
    static func changed(_ element: Element, from before: Element) -> Element {
        guard element.traits.contains(.adjustable), let value = element.value else { return element }
        var unchanged = element
        unchanged.value = before.value
        guard unchanged == before else { return element }
        return Element(id: element.id, value: value, language: element.language)
    }

    /// When `due` should be called next, if anything waits.
    public var deadline: Milliseconds? {
        let focus = pending == nil ? nil : min(pendingLatest + pendingWaitMs, pendingSince + longestWaitMs)
        let window = pendingWindow == nil || pending != nil ? nil : pendingWindowSince + windowWaitMs
        let live = pendingLive.isEmpty ? nil : pendingLiveSince + liveWaitMs
        let caret = caretReturned.map { $0.at + caretWaitMs }
        return [focus, window, live, caret].compactMap { $0 }.min()
    }

    public mutating func receive(_ event: DesktopEvent, at now: Milliseconds) -> [DesktopRequest] {
        // The waiting window's new title (a browser's, as its page loads) is the one to say.
        if case .changed(let object) = event, object.id == pendingWindow?.id, !object.name.trimmingWhitespace().isEmpty {
            pendingWindow?.title = object.name
        }
        // Another row selected: the focused row's loss of its selection, waiting, is the
        // selection moving on with the focus, and is not said.
        if case .changed(let object) = event, object.states.contains("selected"), object.id != focused?.object.id {
            selectedElsewhere = (object.id, now)
            if pendingDeselection, pending?.id != object.id {
                pending = nil
                pendingDeselection = false
            }
        }
        // A change while a focus waits belongs to its storm (GTK 4 focuses a list row, then
        // takes the selection from the row it leaves and gives it to the new one): it does not
        // end the wait, even when it is read after the wait's time (reading each object can take
        // longer than the wait). A change to the waiting object is what will be said of it, and
        // the wait starts again from it; a change to the object the focus leaves is not said.
        if case .changed(let object) = event, let waiting = pending {
            if waiting.id == object.id {
                var object = object
                if object.containers.isEmpty { object.containers = waiting.containers }
                pending = object
                pendingLatest = now
            }
            return mayWaitLonger(at: now) ? [] : due(at: now)
        }
        // So does a focus read after the wait's time, while the storm may last: it replaces the
        // waiting one (Qt takes the selection from the row it leaves, then focuses the next).
        var requests: [DesktopRequest] = []
        if case .focused = event, mayWaitLonger(at: now) {} else { requests = due(at: now) }
        switch event {
        case .focused(let object):
            // The focus moved: a region's same words are news again. The same object focused
            // again (the review's Space focuses the item it presses, which had the focus) is
            // no move.
            if object.id != lastFocus { liveSaid = [:] }
            lastFocus = object.id
            if AccessibleMapping.windowRole(object.role) == .document {
                if focusedDocument != object.id { building = (object.id, now) }
                focusedDocument = object.id
            } else {
                // A focus in the page (a key moved it there): the page is the user's now.
                building = nil
            }
            if pending == nil, isRepeat(object, at: now) { break }
            if pending == nil { pendingSince = now }
            pendingLatest = now
            pending = object
            pendingDeselection = false
            pendingSelection = keyMovedFocus && !keyMovedCaret && object.selection == nil && object.states.contains("editable")
                && object.text?.isEmpty == false && Self.selectingFieldRoles.contains(object.role)
            word = ""
            caret = object.caretOffset.map { (object.id, $0) }
            // A field that selected its text as the focus came (Firefox's, at Tab) keeps that
            // selection as where the next one is measured from.
            if selection?.id != object.id { selection = nil }
            focusArrivedAt = (object.id, now)
            keyAfterFocus = false
            caretAfterEdit = nil
        case .changed(var object):
            if let focused, focused.object.id == object.id {
                // A change is read without the containers: those the focus was read in stand.
                if object.containers.isEmpty { object.containers = focused.object.containers }
                // A field's selection changing is said by its own event (`selectionChanged`),
                // never as a change to the field.
                var element = element(object)
                element.selectedText = nil
                var said = focused.element
                said.selectedText = nil
                if said.traits.contains(.selected), !element.traits.contains(.selected) {
                    // Losing its selection may be the focus moving on (Qt selects the next row,
                    // takes the selection from the row it leaves, then focuses the next): after
                    // another row's selection it is not said; else it waits as a focus does,
                    // and a newer focus is said instead. After a key that moves the focus the
                    // selection is going with it, however late the new row's events are read.
                    if keyMovedFocus { break }
                    if let elsewhere = selectedElsewhere, elsewhere.id != object.id, now - elsewhere.at <= selectionMoveMs { break }
                    pendingSince = now
                    pendingLatest = now
                    pending = object
                    pendingDeselection = true
                } else if Self.isGoingAway(element, said: said) {
                    break
                } else if element != said {
                    self.focused = (object, element, now)
                    requests.append(.focus(Self.changed(element, from: said)))
                }
            } else if let reviewed, reviewed.id == object.id {
                // The object the review is on changed (Insert+Enter toggled it): said as well.
                let element = element(object)
                if !Self.saysTheSame(element, as: reviewed.element) {
                    self.reviewed = (object.id, element)
                    requests.append(.focus(element))
                }
            }
        case .textInserted(let id, let offset, let text):
            guard isTypedIn(id) else { break }
            caretAfterEdit = offset + text.count
            // A browser's document building itself inserts its children's characters (U+FFFC):
            // that is no typing, and the character is never spoken.
            guard let typed = AccessibleMapping.spokenText(text, trimmed: false) else { break }
            if let clipboard, clipboard.key == .paste, now - clipboard.at <= clipboardWaitMs {
                self.clipboard = nil
                word = ""
                requests.append(.echo(words[.pasted].replacing("{text}", with: String(typed.prefix(TextSelection.longestSaid))), unit: .line))
                break
            }
            requests += echo(typed)
        case .textDeleted(let id, let offset, let text):
            guard isTypedIn(id), let text = AccessibleMapping.spokenText(text, trimmed: false) else { break }
            caretAfterEdit = offset
            word = ""
            if let clipboard, now - clipboard.at <= clipboardWaitMs {
                // Cut: what went. A paste over a selection deletes it first: its insertion says it.
                if clipboard.key == .cut {
                    self.clipboard = nil
                    requests.append(.echo(words[.cutText].replacing("{text}", with: String(text.prefix(TextSelection.longestSaid))), unit: .line))
                }
                break
            }
            requests.append(.echo(TypingEcho.name(text, in: words), unit: text.count == 1 ? .character : .word))
        case .caretMoved(let id, let offset, let text):
            lastCaret = (id, offset, now)
            guard isFocused(id) else { break }
            let from = caret?.id == id ? caret?.offset : nil
            caret = (id, offset)
            // The caret put back in a combo box from its list, moving after the box's focus was
            // read (Firefox moves it after the page's key handler gave the focus back): the
            // character it reached, in place of the one read with the focus.
            if let returned = caretReturned, returned.id == id {
                caretReturned = nil
                requests.append(Self.caretReached(text ?? returned.text, at: offset, in: words))
                break
            }
            // A caret placed as its field takes the focus (Firefox's text area, its caret event
            // just before or after the focus) is the focus's own: the focus says the field. Not
            // once a key was pressed after the focus: a loaded machine may read the focus late,
            // right before the caret that the user's Down moved.
            if let arrived = focusArrivedAt, arrived.id == id, now - arrived.at <= focusSelectionMs,
               !keyAfterFocus { break }
            if caretAfterEdit == offset {
                caretAfterEdit = nil
                break
            }
            // The caret moved with the selection (Shift and the arrows, Control+A): what was
            // selected is said, not what the caret crossed.
            if let selectedAt, now - selectedAt <= selectionStormMs { break }
            caretAfterEdit = nil
            word = ""
            if let text, let crossed = Self.crossed(text, from: from, to: offset, in: words) { requests.append(.echo(crossed.text, unit: crossed.unit)) }
        case .keyPressed(let movesFocus, let movesCaret):
            caretReturned = nil   // a newer key's answer is what is said
            keyMovedFocus = movesFocus
            keyMovedCaret = movesCaret
            keyAfterFocus = true
            liveSaid = [:]
            focusAsked = nil
        case .clipboard(let key):
            // Only in a text field: elsewhere the keys are the application's own.
            guard let focused, focused.element.traits.contains(.textEntry) else { break }
            if key == .copy {
                // What was copied is the selection: nothing is said of an empty one.
                if selection?.id == focused.object.id, selection?.range != nil { requests.append(.echo(words[.copied], unit: .word)) }
            } else {
                clipboard = (key, now)
            }
        case .selectionChanged(let id, let range, let text):
            // Kept for the focus, or for an object that may be about to take it (Firefox
            // selects a field's text before the field's focus event); never over the focus's.
            guard isFocused(id) || selection.map({ !isFocused($0.id) }) ?? true else { break }
            let before = selection?.id == id ? selection?.range : nil
            selection = (id, range)
            // The waiting focus says the selection it came with (Chromium selects a field's
            // text after the field's focus event).
            if pending?.id == id {
                pending?.selection = range
                pendingSelection = false
            }
            selectedAt = now
            // A selection that comes with the focus, before it or just after (a field selecting
            // its text as Tab reaches it), is the field's, not the user's: the focus says it.
            guard isFocused(id), let arrived = focusArrivedAt, arrived.id == id, now - arrived.at > focusSelectionMs else { break }
            if let text, let said = TextSelection.said(text, from: before, to: range, in: words) { requests.append(.echo(said, unit: .line)) }
        case .announcement(let text, let assertive):
            guard !text.isEmpty else { break }
            requests.append(.announce(Announcement(text: text, priority: assertive ? .high : .default)))
        case .windowActivated(let id, let title, let role):
            // The same window again (a keyboard grab ended, and the toolkit activates its
            // window once more) is no other window, and its title is not said again, even when
            // it changed meanwhile (a browser's, as its page loaded). The first window
            // activated is the one the focus is in.
            let hasTitle = !title.trimmingWhitespace().isEmpty
            if let activeWindow, activeWindow.id == id {
                self.activeWindow?.titled = activeWindow.titled || hasTitle
                if activeWindow.titled { break }
            } else {
                if activeWindow != nil { windowSinceFocus = true }
                activeWindow = (id, hasTitle)
            }
            // A toolkit that gave the focus first and activated its window after (GTK with no
            // window manager) has its title said at once, as it comes: the focus is in it. A
            // page's document that took the focus said the page's title itself (Firefox, on a
            // loaded machine, activates its window after its page has taken the focus).
            if let focused, now - focused.at < windowWaitMs {
                if AccessibleMapping.windowRole(focused.object.role) != .document { requests += windowTitle((id, title, role)) }
                break
            }
            // Else said with the first focus in it, or on its own once it has waited; a window
            // that is only being built has no title yet, and may have one by then.
            pendingWindow = (id, title, role)
            pendingWindowSince = now
        case .documentLoaded(let object):
            if building?.document == object.id { building = nil }
            // The page the focus is on has loaded: its title (the document's name) is said,
            // unless it was, as it is now, when the document took the focus.
            guard lastFocus == object.id, pending?.id != object.id else { break }
            if let focused, focused.object.id == object.id, focused.element == element(object) { break }
            pendingSince = now
            pendingLatest = now
            pending = object
        case .windowCreated(let id, let role, let texts):
            // A notification: a window of its roles that did not become the active window
            // (an alert dialog takes the focus, and is said as a window). Its summary and body
            // are two sentences.
            guard AccessibleMapping.notificationRoles.contains(role), activeWindow?.id != id else { break }
            let period = words[.period], space = words[.space]
            let said = texts.compactMap { AccessibleMapping.spokenText($0) }.reduce("") { said, text in
                guard !said.isEmpty else { return text }
                return said + (said.last.map { ".?!:。！？".contains($0) } == true ? "" : period) + space + text
            }
            if !said.isEmpty { requests.append(.notification(said)) }
        case .progressChanged(let id, let percent, let window):
            // In the active window, or in any while none is known (the bridge began after it).
            let active = activeWindow.map { $0.id == window } ?? true
            guard let mark = progressBars.changed(id, percent: percent, inActiveWindow: active) else { break }
            requests.append(.announce(Announcement(text: words.percent(mark), priority: .progress)))
        case .liveChanged(let change):
            // A page in another tab, or one being built (its regions' first text, which
            // Chromium says as inserted before its document takes the focus, or just after
            // until the document's load completes), says nothing.
            guard change.region.says(change.change), change.document == nil || change.document == focusedDocument else { break }
            if let building, building.document == change.document, now < building.since + buildingWaitMs { break }
            let text = change.text.trimmingWhitespace()
            if pendingLive.isEmpty { pendingLiveSince = now }
            if let index = pendingLive.firstIndex(where: { $0.region.id == change.region.id }) {
                // An atomic region, or one that settled, says its whole text as it is last;
                // another says each change in turn.
                if change.region.atomic || change.change == .settled {
                    pendingLive[index] = change
                } else if !text.isEmpty {
                    pendingLive[index].text += (pendingLive[index].text.isEmpty ? "" : " ") + text
                }
            } else if !text.isEmpty || change.region.atomic {
                pendingLive.append(change)
            }
        }
        return requests
    }

    /// How long the waiting focus waits for a newer one.
    private var pendingWaitMs: Milliseconds { pendingDeselection ? deselectionWaitMs : pendingSelection ? selectionWaitMs : coalesceMs }

    /// Whether a waiting focus, or a live region's waiting change, may wait on for the rest of
    /// its storm: it has not yet waited `longestWaitMs`.
    public func mayWaitLonger(at now: Milliseconds) -> Bool {
        pending != nil && now < pendingSince + longestWaitMs || !pendingLive.isEmpty && now < pendingLiveSince + longestWaitMs
    }

    /// What has waited its time: the focus that waited its `coalesceMs` with no newer one (after
    /// the title of the window it is in), a window's title that waited for a focus in vain, and
    /// live regions' changes.
    public mutating func due(at now: Milliseconds) -> [DesktopRequest] {
        var requests: [DesktopRequest] = []
        if !pendingLive.isEmpty, now >= pendingLiveSince + liveWaitMs {
            liveSaid = liveSaid.filter { now < $0.value.at + liveRepeatMs }
            for change in pendingLive {
                guard let text = AccessibleMapping.spokenText(change.text) else { continue }
                // The region's whole text heard again is one change; a region that is not atomic
                // says each insertion, so the same words inserted twice are two lines.
                let whole = change.region.atomic || change.change == .settled
                if let said = liveSaid[change.region.id], said.text == text, whole || said.whole { continue }
                liveSaid[change.region.id] = (text, now, whole)
                requests.append(.announce(Announcement(text: text, priority: change.region.politeness == .assertive ? .high : .default)))
            }
            pendingLive = []
        }
        // The caret put back in a combo box, no event of its own having come: where the box's
        // focus read it (Chromium moves it before).
        if let returned = caretReturned, now >= returned.at + caretWaitMs {
            caretReturned = nil
            requests.append(Self.caretReached(returned.text, at: returned.offset, in: words))
        }
        if pending == nil, let window = pendingWindow, now >= pendingWindowSince + windowWaitMs {
            pendingWindow = nil
            requests += windowTitle(window)
        }
        guard let object = pending, now >= min(pendingLatest + pendingWaitMs, pendingSince + longestWaitMs) else { return requests }
        pending = nil
        pendingDeselection = false
        pendingSelection = false
        let element = element(object)
        guard AccessibleMapping.speaks(element) else { return requests }
        if isRepeat(object, at: now) { return requests }
        if let window = pendingWindow {
            pendingWindow = nil
            // A page's document says the page's title itself: the browser's window title (its
            // "Untitled" while the page loads, the browser's name) is not said.
            if AccessibleMapping.windowRole(object.role) != .document { requests += windowTitle(window) }
        }
        // The containers the focus entered since the last focus are said before it; the
        // element kept as the focus is without them, so that a change to it is said alone.
        // A web page's container that takes the focus itself (a tab panel, a dialog) says what it
        // is as it is entered, and its name once.
        let own = object.xmlRoles == nil ? [] : AccessibleMapping.placedContainers([
            AccessibleSnapshot.Container(id: object.id, role: object.role, name: object.name, xmlRoles: object.xmlRoles),
        ]).filter { $0.container.kind != .list }
        let inside = AccessibleMapping.placedContainers(object.containers)
        var said = element
        said.entered = EnteredContainer.entered(from: focusedContainers, to: inside + own).map { container in
            var container = container
            if container.label == element.label { container.label = nil }
            return container
        }
        // And those it left, innermost first ("Out of Radio Group."), but for a list outside a
        // web page (its last item's "List End." said it; a page's list is left as NVDA's browse
        // mode leaves it, "Out of List."); a page's document taking the focus (a page loaded)
        // leaves nothing: the last page's containers are gone with it.
        let isDocument = AccessibleMapping.windowRole(object.role) == .document
        let inPage = object.xmlRoles != nil || object.containers.contains { $0.xmlRoles != nil }
        said.left = isDocument ? [] : EnteredContainer.left(from: focusedContainers, to: inside + own, lists: inPage)
        focusedContainers = inside + own
        // From a combo box not said open into a list (its option, the box's active descendant):
        // the box opened its list, said first ("Expanded."), whichever came first of the box's
        // change and the option's focus (a browser tells the change after the focus moved on).
        if let before = focused?.element, before.traits.contains(.comboBox), !before.traits.contains(.expanded),
           !element.traits.contains(.comboBox), said.entered.contains(where: { $0.kind == .list }) {
            said.opened = true
        }
        // A cell within the table the focus was in: only what changed of its place.
        if let cell = object.cell { said.context = AccessibleMapping.cellContext(cell, from: focused?.object.cell, label: element.label) }
        // The caret put back in a combo box that can be typed in, from an option of its list, by
        // a key that moves the caret (Left, Right, Home, End): the box, then the character the
        // caret reached, as NVDA says the focus and the caret's move ("blank" at the end), into
        // the silence after the box (a newer key's answer cuts it off).
        var reached: [DesktopRequest] = []
        if keyMovedCaret, focused?.object.editableComboBoxItem == true, object.states.contains("editable"),
           let text = object.text, var offset = object.caretOffset {
            // Its caret event may come before its focus, and the caret read with the focus be
            // the one before (Firefox): the event's is the newer.
            if let moved = lastCaret, moved.id == object.id, now - moved.at <= focusSelectionMs {
                offset = moved.offset
                reached = [Self.caretReached(text, at: offset, in: words)]
            } else {
                caretReturned = (object.id, text, offset, now)
            }
        }
        focused = (object, element, now)
        windowSinceFocus = false
        if focusAsked == object.id, let reviewed, reviewed.id == object.id, Self.saysTheSame(element, as: reviewed.element) {
            return requests + [.focusHeard(said)] + reached
        }
        return requests + [.focus(said)] + reached
    }

    /// The character after a caret put at `offset` ("blank" at the end), said after what is
    /// being said, into silence.
    static func caretReached(_ text: String, at offset: Int, in words: LocaleWords) -> DesktopRequest {
        let reached = crossed(text, from: nil, to: offset, in: words)?.text ?? words[.blank]
        return .announce(Announcement(text: reached, priority: .low))
    }

    private func windowTitle(_ window: (id: String, title: String, role: String)) -> [DesktopRequest] {
        window.title.trimmingWhitespace().isEmpty ? [] : [.window(title: window.title, role: AccessibleMapping.windowRole(window.role))]
    }

    /// Whether a focus on `object` is the focus already said: the same object saying the same,
    /// within `duplicateMs`, or at any time when no window became active since. A toolkit gives
    /// the focus back to its object when a keyboard grab ends (the review's keys are grabbed
    /// on the X display): the user has not moved.
    /// The focused object read again with its name gone and nothing in its place (Firefox's
    /// link as the page it leads away from is left, changed or given the focus back after the
    /// key's grab: "Link."): it is going away, no news of it.
    static func isGoingAway(_ element: Element, said: Element) -> Bool {
        element.label == nil && said.label != nil
    }

    private func isRepeat(_ object: AccessibleSnapshot, at now: Milliseconds) -> Bool {
        guard let focused, focused.object.id == object.id else { return false }
        var said = element(object)
        said.selectedText = focused.element.selectedText   // the selection's own events say it
        if Self.isGoingAway(said, said: focused.element) { return true }
        guard focused.element == said else { return false }
        return now - focused.at < duplicateMs || !windowSinceFocus
    }

    /// What a braille display shows of an edit: the focused field's text and caret after its
    /// caret moved (typing moves it too), for the daemon to put in place of the field's text on
    /// the focus line. Nil for anything else. Braille is not speech: every move shows, the
    /// focus's own too.
    public func brailleText(for event: DesktopEvent) -> (element: String, text: String, caret: Int)? {
        guard case .caretMoved(let id, let offset, let text?) = event, isFocused(id),
              focused?.element.traits.contains(.textEntry) == true else { return nil }
        let shown = focused?.element.traits.contains(.secureTextField) == true ? String(repeating: "*", count: text.count) : text
        return (id, String(shown.prefix(Element.maximumTextBytes)), min(max(offset, 0), min(shown.count, Element.maximumTextBytes)))
    }

    private func isFocused(_ id: String) -> Bool {
        focused?.object.id == id || pending?.id == id
    }

    /// Whether the text of `id` changing is the user's typing: it is the focus and takes typing
    /// (a text field, a terminal, an editable spin button). A page's script that rewrites the
    /// text of a focused widget of its own (an ARIA spin button's number as Up steps it) is
    /// not typed: the widget's new value is said as a change to the focus.
    private func isTypedIn(_ id: String) -> Bool {
        let object = pending?.id == id ? pending : focused?.object.id == id ? focused?.object : nil
        guard let object else { return false }
        return object.states.contains("editable") || element(object).traits.contains(.textEntry)
    }

    /// What a caret move from `from` to `to` says (VoiceOver's rules): one character crossed, that
    /// character (to the right, the one passed; to the left, the one now after the caret); more
    /// on one line, the text crossed (a word, or the rest of the line for Home and End); across
    /// lines, the line the caret is now on. With no earlier place known, the character after the
    /// caret. Nothing when it did not move or the text is not what the offsets say. The embedded
    /// object's character (U+FFFC, a page's child in its text) is never said: a move across it
    /// alone says nothing (the object says itself when it takes the focus).
    static func crossed(_ text: String, from: Int?, to: Int, in words: LocaleWords) -> (text: String, unit: EchoUnit)? {
        guard let (said, unit) = crossedText(text, from: from, to: to, in: words) else { return nil }
        let object = AccessibleMapping.objectReplacement
        guard said.unicodeScalars.contains(object) else { return (said, unit) }
        let spoken = String(String.UnicodeScalarView(said.unicodeScalars.filter { $0 != object })).trimmingWhitespace()
        return spoken.isEmpty ? nil : (spoken, unit)
    }

    private static func crossedText(_ text: String, from: Int?, to: Int, in words: LocaleWords) -> (text: String, unit: EchoUnit)? {
        let characters = Array(text)
        guard to >= 0, to <= characters.count else { return nil }
        guard let from, from >= 0, from <= characters.count else {
            return to < characters.count ? (TypingEcho.name(String(characters[to]), in: words), .character) : nil
        }
        guard from != to else { return nil }
        let crossed = characters[min(from, to)..<max(from, to)]
        if crossed.count == 1 { return (TypingEcho.name(String(crossed), in: words), .character) }
        if crossed.contains("\n") {
            let start = characters[..<to].lastIndex(of: "\n").map { $0 + 1 } ?? 0
            let end = characters[to...].firstIndex(of: "\n") ?? characters.count
            let line = String(characters[start..<end])
            return (line.allSatisfy(\.isWhitespace) ? words[.blank] : line, .line)
        }
        let text = String(crossed).trimmingWhitespace()
        return text.isEmpty ? (TypingEcho.name(String(crossed.first!), in: words), .character) : (text, .word)
    }

    private mutating func echo(_ text: String) -> [DesktopRequest] {
        typingEcho.echoed(for: text, word: &word, in: words).map { .echo($0.text, unit: $0.unit) }
    }
}
