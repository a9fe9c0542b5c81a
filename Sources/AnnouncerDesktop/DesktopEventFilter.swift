import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport

/// The bridge's rules, with no clock of its own and no AT-SPI (DesktopEventFilterTests): it
/// routes each event to the small machines that own the rules, each of its own concern and
/// tested on its own, and gathers what they say in the order it is to be said.
/// `FocusCoalescing` says only the latest focus of a storm and drops a focus repeated, and a
/// change to the focused object says it again; `FocusPlace` says the containers a focus entered
/// and left; `ReviewedObject` says a change to the object the review is on; `WindowTitles` holds
/// a window's title for the first focus in it and says a page's title once it loads;
/// `LiveRegionChanges` gathers a live region's changes for the rest of their storm; `CaretEcho`
/// echoes typing and says what the caret crossed, as VoiceOver does; `SelectionAndClipboard`
/// says a selection's change and what the clipboard's keys did; `ProgressBars` and
/// `Notifications` what happens outside the focus.
public struct DesktopEventFilter: Sendable {
    /// Progress bars outside the focus: which of their values are said.
    public var progressBars = ProgressBars()
    /// The locale tables and the configured locale: the words of values ("expanded"), of
    /// shortcuts and of typed characters ("space") come from them.
    public let catalog: LocaleCatalog
    public var locale: String

    private var focus = FocusCoalescing()
    private var place = FocusPlace()
    private var review = ReviewedObject()
    private var windows = WindowTitles()
    private var live = LiveRegionChanges()
    private var caret: CaretEcho
    private var selection = SelectionAndClipboard()

    public init(typingEcho: TypingEcho = .characters, catalog: LocaleCatalog, locale: String = LocaleCatalog.reference) {
        self.caret = CaretEcho(typingEcho: typingEcho)
        self.catalog = catalog
        self.locale = locale
    }

    // MARK: - The machines' settings and what the bridge reads and sets

    /// How long a focus waits for a newer one (`FocusCoalescing`).
    public var coalesceMs: Milliseconds { get { focus.coalesceMs } set { focus.coalesceMs = newValue } }
    /// A storm of focuses, or of a live region's changes, that never pauses still speaks this
    /// long after it began.
    public var longestWaitMs: Milliseconds { get { focus.longestWaitMs } set { focus.longestWaitMs = newValue; live.longestWaitMs = newValue } }
    /// How long the focused row's loss of its selection waits for a newer focus (`FocusCoalescing`).
    public var deselectionWaitMs: Milliseconds { get { focus.deselectionWaitMs } set { focus.deselectionWaitMs = newValue } }
    /// How soon another row's selection makes that loss the selection moving on (`FocusCoalescing`).
    public var selectionMoveMs: Milliseconds { get { focus.selectionMoveMs } set { focus.selectionMoveMs = newValue } }
    /// How soon the same focus again is the toolkit repeating itself (`FocusCoalescing`).
    public var duplicateMs: Milliseconds { get { focus.duplicateMs } set { focus.duplicateMs = newValue } }
    /// How long a field reached by Tab waits for its selection (`FocusCoalescing`).
    public var selectionWaitMs: Milliseconds { get { focus.selectionWaitMs } set { focus.selectionWaitMs = newValue } }
    /// How long a window's title waits for the first focus in it (`WindowTitles`).
    public var windowWaitMs: Milliseconds { get { windows.windowWaitMs } set { windows.windowWaitMs = newValue } }
    /// How long a live region's changes are gathered (`LiveRegionChanges`).
    public var liveWaitMs: Milliseconds { get { live.liveWaitMs } set { live.liveWaitMs = newValue } }
    /// How long a region's whole text heard again is the same change (`LiveRegionChanges`).
    public var liveRepeatMs: Milliseconds { get { live.liveRepeatMs } set { live.liveRepeatMs = newValue } }
    /// How long a page that took the focus is being built, at most (`LiveRegionChanges`).
    public var buildingWaitMs: Milliseconds { get { live.buildingWaitMs } set { live.buildingWaitMs = newValue } }
    /// What typing echoes (`CaretEcho`): the bridge follows the listener's setting.
    public var typingEcho: TypingEcho { get { caret.typingEcho } set { caret.typingEcho = newValue } }
    /// How long a combo box's caret waits for its own event (`CaretEcho`).
    public var caretWaitMs: Milliseconds { get { caret.caretWaitMs } set { caret.caretWaitMs = newValue } }
    /// How long after its key a deletion or insertion is the cut's or the paste's (`SelectionAndClipboard`).
    public var clipboardWaitMs: Milliseconds { get { selection.clipboardWaitMs } set { selection.clipboardWaitMs = newValue } }
    /// How soon after a selection change a caret move is the selection's own (`SelectionAndClipboard`).
    public var selectionStormMs: Milliseconds { get { selection.selectionStormMs } set { selection.selectionStormMs = newValue } }
    /// A selection or a caret move this soon after its object's focus came is the focus's own.
    public var focusSelectionMs: Milliseconds { get { caret.focusSelectionMs } set { caret.focusSelectionMs = newValue; selection.focusSelectionMs = newValue } }
    /// The object the review cursor is on and what was said of it (docs/design.md §18): a
    /// change to it is said, as a change to the focus is. The bridge sets it as the cursor moves.
    public var reviewed: (id: String, element: Element)? { get { review.object } set { review.object = newValue } }
    /// The review gave `id` the focus at `now` (Enter or Space on the browse cursor's item): its
    /// focus, saying what the cursor said of it, is not said again (`ReviewedObject.ask`).
    public mutating func askFocus(_ id: String, at now: Milliseconds) {
        review.ask(id, at: now)
    }
    /// The web document the focus is in: only its live regions speak. The bridge sets it as the
    /// focus moves.
    public var focusedDocument: String? { get { live.focusedDocument } set { live.focusedDocument = newValue } }
    /// The window activated last, as far as its events have told (a progress bar outside it is
    /// not read: `DesktopBridge.progressChanged`).
    public var activeWindowID: String? { windows.activeWindowID }
    /// The window whose title waits to be said: its name changes are to be read.
    public var waitingWindow: String? { windows.waitingWindow }

    // MARK: - Events

    /// The configured locale's words (typing echo, the caret).
    private var words: LocaleWords { catalog.words(for: nil, configured: locale) }

    /// The element an object is said as, in the configured locale: a function of its own, so
    /// that a machine may call it while it changes.
    private var mapping: @Sendable (AccessibleSnapshot) -> Element {
        let catalog = catalog, locale = locale
        return { AccessibleMapping.element($0, catalog: catalog, locale: locale) }
    }

    /// When `due` should be called next, if anything waits.
    public var deadline: Milliseconds? {
        [focus.deadline, focus.isWaiting ? nil : windows.deadline, live.deadline, caret.deadline].compactMap { $0 }.min()
    }

    /// Whether a waiting focus, or a live region's waiting change, may wait on for the rest of
    /// its storm: it has not yet waited `longestWaitMs`.
    public func mayWaitLonger(at now: Milliseconds) -> Bool {
        focus.mayWaitLonger(at: now) || live.mayWaitLonger(at: now)
    }

    public mutating func receive(_ event: DesktopEvent, at now: Milliseconds) -> [DesktopRequest] {
        let element = mapping
        if case .changed(let object) = event {
            windows.changed(object)
            // A change while a focus waits belongs to its storm: it does not end the wait.
            if focus.changedInStorm(object, at: now) { return mayWaitLonger(at: now) ? [] : due(at: now) }
        }
        // So does a focus read after the wait's time, while the storm may last: it replaces the
        // waiting one (Qt takes the selection from the row it leaves, then focuses the next).
        var requests: [DesktopRequest] = []
        if case .focused = event, mayWaitLonger(at: now) {} else { requests = due(at: now) }
        switch event {
        case .focused(let object):
            live.focusArrived(object, anotherObject: windows.focusArrived(object.id), at: now)
            guard focus.arrived(object, at: now, element: element) else { break }
            caret.focusArrived(object, at: now)
            selection.focusArrived(object.id, at: now)
        case .changed(let object):
            if focus.said?.object.id == object.id {
                requests += focus.changed(object, at: now, element: element)
            } else if let said = review.changed(object, element: element) {
                requests.append(said)
            }
        case .textInserted(let id, let offset, let text):
            guard focus.isTypedIn(id, element: element) else { break }
            // A browser's document building itself inserts its children's characters (U+FFFC):
            // that is no typing, and the character is never spoken.
            let typed = AccessibleMapping.spokenText(text, trimmed: false)
            let pasted = typed.flatMap { selection.inserted($0, at: now, in: words) }
            requests += caret.inserted(typed, endingAt: offset + text.count, pasted: pasted != nil, in: words)
            requests += pasted.map { [$0] } ?? []
        case .textDeleted(let id, let offset, let text):
            guard focus.isTypedIn(id, element: element), let text = AccessibleMapping.spokenText(text, trimmed: false) else { break }
            let clipboard = selection.deleted(text, at: now, in: words)
            requests += caret.deleted(text, at: offset, byClipboard: clipboard != nil, in: words) + (clipboard ?? [])
        case .caretMoved(let id, let offset, let text):
            requests += caret.moved(id, to: offset, text: text, isFocused: focus.isFocused(id),
                                    withSelection: selection.caretMovesWithSelection(at: now), at: now, in: words)
        case .keyPressed(let movesFocus, let movesCaret):
            caret.keyPressed(movesCaret: movesCaret)
            focus.keyPressed(movesFocus: movesFocus, movesCaret: movesCaret)
            live.keyPressed()
        case .clipboard(let key):
            let field = focus.said.flatMap { $0.element.traits.contains(.textEntry) ? $0.object.id : nil }
            requests += selection.pressed(key, field: field, at: now, in: words)
        case .selectionChanged(let id, let range, let text):
            guard let said = selection.changed(id, to: range, text: text, focus: focus.objects, at: now, in: words) else { break }
            focus.selectionChanged(id, to: range)
            requests += said
        case .announcement(let text, let assertive):
            requests += Notifications.announced(text, assertive: assertive).map { [$0] } ?? []
        case .windowActivated(let id, let title, let role):
            let activated = windows.activated(id: id, title: title, role: role, at: now,
                                              focus: focus.said.map { (role: $0.object.role, at: $0.at) })
            if activated.anotherWindow { focus.windowChanged() }
            requests += activated.said
        case .documentLoaded(let object):
            live.documentLoaded(object.id)
            // The page the focus is on has loaded: its title (the document's name) is said,
            // unless it was, as it is now, when the document took the focus.
            if windows.tookTheFocusLast(object.id) { focus.loaded(object, at: now, element: element) }
        case .windowCreated(let id, let role, let texts):
            requests += Notifications.created(role: role, texts: texts, isActive: windows.activeWindowID == id, in: words).map { [$0] } ?? []
        case .progressChanged(let id, let percent, let window):
            // In the active window, or in any while none is known (the bridge began after it).
            let active = windows.activeWindowID.map { $0 == window } ?? true
            guard let mark = progressBars.changed(id, percent: percent, inActiveWindow: active) else { break }
            requests.append(.announce(Announcement(text: words.percent(mark), priority: .progress)))
        case .liveChanged(let change):
            live.changed(change, at: now)
        }
        return requests
    }

    /// What has waited its time: live regions' changes, a combo box's caret, a window's title
    /// that waited for a focus in vain, and the focus that waited its `coalesceMs` with no newer
    /// one (after the title of the window it is in, and before the character its caret reached).
    public mutating func due(at now: Milliseconds) -> [DesktopRequest] {
        var requests = live.due(at: now) + caret.due(at: now, in: words)
        if !focus.isWaiting { requests += windows.due(at: now) }
        guard let (said, before) = focus.due(at: now, element: mapping) else { return requests }
        requests += windows.focusSaid(said.object)
        let placed = place.said(said.object, element: said.element, after: before)
        let reached = caret.focusSaid(said.object, after: before?.object, at: now, in: words)
        let heard = review.heard(said.object.id, as: said.element, at: now)
        review.focusSaid()
        return requests + [heard ? .focusHeard(placed) : .focus(placed)] + reached
    }

    /// What a braille display shows of an edit: the focused field's text and caret after its
    /// caret moved (typing moves it too), for the daemon to put in place of the field's text on
    /// the focus line. Nil for anything else. Braille is not speech: every move shows, the
    /// focus's own too.
    public func brailleText(for event: DesktopEvent) -> (element: String, text: String, caret: Int)? {
        guard case .caretMoved(let id, let offset, let text?) = event, focus.isFocused(id),
              let element = focus.said?.element, element.traits.contains(.textEntry) else { return nil }
        let shown = element.traits.contains(.secureTextField) ? String(repeating: "*", count: text.count) : text
        return (id, String(shown.prefix(Element.maximumTextBytes)), min(max(offset, 0), min(shown.count, Element.maximumTextBytes)))
    }

    /// What a caret move from `from` to `to` says (`CaretEcho.crossed`).
    static func crossed(_ text: String, from: Int?, to: Int, in words: LocaleWords) -> (text: String, unit: EchoUnit)? {
        CaretEcho.crossed(text, from: from, to: to, in: words)
    }
}
