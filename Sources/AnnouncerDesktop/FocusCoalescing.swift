import AnnouncerElements
import AnnouncerSupport

/// Which focus is said, and when (docs/design.md §12): real toolkits send focus events doubled
/// and in storms. A focus waits `coalesceMs` for a newer one, and each newer one waits again, so
/// that only the last of a storm is said; a storm that never pauses still speaks after
/// `longestWaitMs`. The same focus again within `duplicateMs` of the one said, or at any time
/// when no other window became active since, is the toolkit repeating itself. A change to the
/// focused object says it again (a slider's step only its new value); its losing its selection
/// waits as a focus does, for the focus that may follow it (Qt's). Pure, with no clock of its
/// own: the object is read into an element by the caller's mapping (FocusCoalescingTests).
public struct FocusCoalescing: Sendable {
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
    /// A field that holds text, reached by a key that moves the focus (Tab, which selects its
    /// text), and read with no selection, waits this long for the selection's event (Firefox's
    /// comes after the focus on a loaded machine), so that the one utterance says it.
    public var selectionWaitMs: Milliseconds = 30
    /// The fields a browser's Tab selects the text of (one-line ones: a text area keeps its
    /// caret, as the bridge's own Tab from the browse cursor, `ATSPI.selectAllText`, leaves it).
    static let selectingFieldRoles: Set<String> = ["entry", "text", "editbar", "search bar", "combo box"]

    /// A focus said: the object, what was said of it (without its containers), and when.
    public struct Said: Sendable {
        public var object: AccessibleSnapshot
        public var element: Element
        public var at: Milliseconds
    }

    /// The focus said last.
    public private(set) var said: Said?
    /// The focus waiting for the rest of its storm, when the first focus of the storm came, and
    /// its latest.
    private var pending: AccessibleSnapshot?
    private var pendingSince: Milliseconds = 0
    private var pendingLatest: Milliseconds = 0
    /// The waiting object is the focus losing its selection (`deselectionWaitMs`).
    private var pendingDeselection = false
    /// The waiting focus is a field waiting for its selection (`selectionWaitMs`).
    private var pendingSelection = false
    /// The object other than the focus selected last, and when (`selectionMoveMs`).
    private var selectedElsewhere: (id: String, at: Milliseconds)?
    /// Whether another window became active since the focus was said.
    private var windowSinceFocus = false
    /// Whether the last key pressed moves the focus, or a text's caret (`DesktopEvent.keyPressed`).
    private var keyMovedFocus = false
    private var keyMovedCaret = false

    public init() {}

    /// Whether a focus waits.
    public var isWaiting: Bool { pending != nil }

    /// The objects that are the focus: the one said and the one waiting.
    public var objects: Set<String> { Set([said?.object.id, pending?.id].compactMap { $0 }) }

    /// Whether `id` is the focus said or the one waiting.
    public func isFocused(_ id: String) -> Bool {
        said?.object.id == id || pending?.id == id
    }

    /// How long the waiting focus waits for a newer one.
    private var waitMs: Milliseconds { pendingDeselection ? deselectionWaitMs : pendingSelection ? selectionWaitMs : coalesceMs }

    /// When the waiting focus is due, if one waits.
    public var deadline: Milliseconds? {
        pending == nil ? nil : min(pendingLatest + waitMs, pendingSince + longestWaitMs)
    }

    /// Whether the waiting focus may wait on for the rest of its storm: it has not yet waited
    /// `longestWaitMs`.
    public func mayWaitLonger(at now: Milliseconds) -> Bool {
        pending != nil && now < pendingSince + longestWaitMs
    }

    /// A key was pressed: whether it moves the focus, or a text's caret.
    public mutating func keyPressed(movesFocus: Bool, movesCaret: Bool) {
        keyMovedFocus = movesFocus
        keyMovedCaret = movesCaret
    }

    /// Another window became active: the focus said is news again when it comes back.
    public mutating func windowChanged() {
        windowSinceFocus = true
    }

    /// A focus event: true when it waits for the rest of its storm (the newest of it), false
    /// when it is the focus said already.
    public mutating func arrived(_ object: AccessibleSnapshot, at now: Milliseconds, element: (AccessibleSnapshot) -> Element) -> Bool {
        if pending == nil, isRepeat(object, at: now, element: element) { return false }
        if pending == nil { pendingSince = now }
        pendingLatest = now
        pending = object
        pendingDeselection = false
        pendingSelection = keyMovedFocus && !keyMovedCaret && object.selection == nil && object.states.contains("editable")
            && !object.states.contains("multi-line") && object.text?.isEmpty == false && Self.selectingFieldRoles.contains(object.role)
        return true
    }

    /// A change read while a focus may wait: true when it belongs to the waiting focus's storm
    /// and is taken here. Another row selected ends the wait of the focused row's loss of its
    /// selection (the selection moving on with the focus, not said). A change while a focus
    /// waits (GTK 4 focuses a list row, then takes the selection from the row it leaves and
    /// gives it to the new one) does not end the wait, even when it is read after the wait's
    /// time (reading each object can take longer than the wait): a change to the waiting object
    /// is what will be said of it, and the wait starts again from it; a change to the object
    /// the focus leaves is not said.
    public mutating func changedInStorm(_ object: AccessibleSnapshot, at now: Milliseconds) -> Bool {
        if object.states.contains("selected"), object.id != said?.object.id {
            selectedElsewhere = (object.id, now)
            if pendingDeselection, pending?.id != object.id {
                pending = nil
                pendingDeselection = false
            }
        }
        guard let waiting = pending else { return false }
        if waiting.id == object.id {
            var object = object
            if object.containers.isEmpty { object.containers = waiting.containers }
            pending = object
            pendingLatest = now
        }
        return true
    }

    /// A change to the focus said: what is said of it. A change is read without the containers:
    /// those the focus was read in stand. A field's selection changing is said by its own event
    /// (`selectionChanged`), never as a change to the field. Losing its selection may be the
    /// focus moving on (Qt selects the next row, takes the selection from the row it leaves, then
    /// focuses the next): after another row's selection it is not said; else it waits as a focus
    /// does, and a newer focus is said instead. After a key that moves the focus the selection is
    /// going with it, however late the new row's events are read.
    public mutating func changed(_ object: AccessibleSnapshot, at now: Milliseconds, element: (AccessibleSnapshot) -> Element) -> [DesktopRequest] {
        guard let focused = said, focused.object.id == object.id else { return [] }
        var object = object
        if object.containers.isEmpty { object.containers = focused.object.containers }
        var element = element(object)
        element.selectedText = nil
        var before = focused.element
        before.selectedText = nil
        if before.traits.contains(.selected), !element.traits.contains(.selected) {
            if keyMovedFocus { return [] }
            if let elsewhere = selectedElsewhere, elsewhere.id != object.id, now - elsewhere.at <= selectionMoveMs { return [] }
            pendingSince = now
            pendingLatest = now
            pending = object
            pendingDeselection = true
        } else if !Self.isGoingAway(element, said: before), element != before {
            said = Said(object: object, element: element, at: now)
            return [.focus(Self.changed(element, from: before))]
        }
        return []
    }

    /// A page's document finished loading, the object that took the focus last: it waits to be
    /// said as a focus, unless it waits already or was said as it is now.
    public mutating func loaded(_ object: AccessibleSnapshot, at now: Milliseconds, element: (AccessibleSnapshot) -> Element) {
        guard pending?.id != object.id else { return }
        if let said, said.object.id == object.id, said.element == element(object) { return }
        pendingSince = now
        pendingLatest = now
        pending = object
    }

    /// The selection of `id` changed: the waiting focus says the selection it came with
    /// (Chromium selects a field's text after the field's focus event), and waits no more for it.
    public mutating func selectionChanged(_ id: String, to range: Range<Int>?) {
        guard pending?.id == id else { return }
        pending?.selection = range
        pendingSelection = false
    }

    /// The focus that waited its time with no newer one, said now (what it said is `said`), and
    /// the focus said before it; nil when none is due, or the one due says nothing or is the
    /// focus said already.
    public mutating func due(at now: Milliseconds, element: (AccessibleSnapshot) -> Element) -> (focus: Said, before: Said?)? {
        guard let object = pending, now >= min(pendingLatest + waitMs, pendingSince + longestWaitMs) else { return nil }
        pending = nil
        pendingDeselection = false
        pendingSelection = false
        let element = element(object)
        guard AccessibleMapping.speaks(element), !isRepeat(object, at: now, element: { _ in element }) else { return nil }
        let before = said
        said = Said(object: object, element: element, at: now)
        windowSinceFocus = false
        return (said!, before)
    }

    /// Whether the text of `id` changing is the user's typing: it is the focus and takes typing
    /// (a text field, a terminal, an editable spin button). A page's script that rewrites the
    /// text of a focused widget of its own (an ARIA spin button's number as Up steps it) is
    /// not typed: the widget's new value is said as a change to the focus.
    public func isTypedIn(_ id: String, element: (AccessibleSnapshot) -> Element) -> Bool {
        let object = pending?.id == id ? pending : said?.object.id == id ? said?.object : nil
        guard let object else { return false }
        return object.states.contains("editable") || element(object).traits.contains(.textEntry)
    }

    /// Whether a focus on `object` is the focus already said: the same object saying the same,
    /// within `duplicateMs`, or at any time when no window became active since. A toolkit gives
    /// the focus back to its object when a keyboard grab ends (the review's keys are grabbed
    /// on the X display): the user has not moved.
    private func isRepeat(_ object: AccessibleSnapshot, at now: Milliseconds, element: (AccessibleSnapshot) -> Element) -> Bool {
        guard let said, said.object.id == object.id else { return false }
        var element = element(object)
        element.selectedText = said.element.selectedText   // the selection's own events say it
        if Self.isGoingAway(element, said: said.element) { return true }
        guard said.element == element else { return false }
        return now - said.at < duplicateMs || !windowSinceFocus
    }

    /// The focused object read again with its name gone and nothing in its place (Firefox's
    /// link as the page it leads away from is left, changed or given the focus back after the
    /// key's grab: "Link."): it is going away, no news of it.
    static func isGoingAway(_ element: Element, said: Element) -> Bool {
        element.label == nil && said.label != nil
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
}
