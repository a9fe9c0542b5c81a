import AnnouncerElements
import AnnouncerSupport

/// Live regions' changes, gathered and said (docs/design.md §12): a region's changes wait
/// `liveWaitMs` for the rest of their storm, an atomic or settled region saying its whole text as
/// it is last and another each change in turn; a region's whole text heard again with no key and
/// no focus since is said once; only the regions of the page the focus is in speak, and not while
/// that page is being built. Which changes a region says at all is `LiveRegion`'s. Pure
/// (LiveRegionChangesTests).
public struct LiveRegionChanges: Sendable {
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
    /// A storm of changes that never pauses still speaks this long after it began.
    public var longestWaitMs: Milliseconds = 100
    /// The web document the focus is in (the last to take the focus itself, or the one the
    /// bridge found the focus in): only its live regions speak. The bridge sets it as the focus
    /// moves.
    public var focusedDocument: String?
    /// The document that took the focus and whose load has not completed, and since when.
    private var building: (document: String, since: Milliseconds)?
    /// Live regions' changes waiting for the rest of their storm, in the order they came.
    private var pending: [LiveChange] = []
    private var pendingSince: Milliseconds = 0
    /// What each region said last, when, and whether it was its whole text (an atomic region's,
    /// or a settled one's).
    private var said: [String: (text: String, at: Milliseconds, whole: Bool)] = [:]

    public init() {}

    /// When the waiting changes are to be said, if any wait.
    public var deadline: Milliseconds? { pending.isEmpty ? nil : pendingSince + liveWaitMs }

    /// Whether waiting changes may wait on for the rest of their storm: they have not yet waited
    /// `longestWaitMs`.
    public func mayWaitLonger(at now: Milliseconds) -> Bool {
        !pending.isEmpty && now < pendingSince + longestWaitMs
    }

    /// An object took the focus; `anotherObject`: not the one that took it last. The focus moved:
    /// a region's same words are news again (the same object focused again, as the review's Space
    /// focuses the item it presses, which had the focus, is no move). A page's document taking
    /// the focus is the page the regions are heard of, and is being built; a focus in the page
    /// (a key moved it there) makes the page the user's now.
    public mutating func focusArrived(_ object: AccessibleSnapshot, anotherObject: Bool, at now: Milliseconds) {
        if anotherObject { said = [:] }
        if AccessibleMapping.windowRole(object.role) == .document {
            if focusedDocument != object.id { building = (object.id, now) }
            focusedDocument = object.id
        } else {
            building = nil
        }
    }

    /// A key was pressed: a region's same words are news again.
    public mutating func keyPressed() {
        said = [:]
    }

    /// A page's document finished loading: it is built.
    public mutating func documentLoaded(_ id: String) {
        if building?.document == id { building = nil }
    }

    /// A region's change, gathered with the rest of its storm. A page in another tab, or one being
    /// built (its regions' first text, which Chromium says as inserted before its document takes
    /// the focus, or just after until the document's load completes), says nothing.
    public mutating func changed(_ change: LiveChange, at now: Milliseconds) {
        guard change.region.says(change.change), change.document == nil || change.document == focusedDocument else { return }
        if let building, building.document == change.document, now < building.since + buildingWaitMs { return }
        let text = change.text.trimmingWhitespace()
        if pending.isEmpty { pendingSince = now }
        if let index = pending.firstIndex(where: { $0.region.id == change.region.id }) {
            // An atomic region, or one that settled, says its whole text as it is last;
            // another says each change in turn.
            if change.region.atomic || change.change == .settled {
                pending[index] = change
            } else if !text.isEmpty {
                pending[index].text += (pending[index].text.isEmpty ? "" : " ") + text
            }
        } else if !text.isEmpty || change.region.atomic {
            pending.append(change)
        }
    }

    /// The changes that waited their time, as announcements: polite regions' `default`,
    /// assertive ones' `high`.
    public mutating func due(at now: Milliseconds) -> [DesktopRequest] {
        guard !pending.isEmpty, now >= pendingSince + liveWaitMs else { return [] }
        var requests: [DesktopRequest] = []
        said = said.filter { now < $0.value.at + liveRepeatMs }
        for change in pending {
            guard let text = AccessibleMapping.spokenText(change.text) else { continue }
            // The region's whole text heard again is one change; a region that is not atomic
            // says each insertion, so the same words inserted twice are two lines.
            let whole = change.region.atomic || change.change == .settled
            if let last = said[change.region.id], last.text == text, whole || last.whole { continue }
            said[change.region.id] = (text, now, whole)
            requests.append(.announce(Announcement(text: text, priority: change.region.politeness == .assertive ? .high : .default)))
        }
        pending = []
        return requests
    }
}
