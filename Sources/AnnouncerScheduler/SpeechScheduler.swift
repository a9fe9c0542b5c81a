import AnnouncerElements
import AnnouncerSupport

/// The one voice's state machine (docs/design.md §4): which utterance speaks, which wait, which are cut
/// off, and the one terminal status each gets. It takes events and a clock reading and returns
/// actions; it never reads a clock, sleeps, or touches the engine itself.
///
/// Decisions made where docs/design.md §4 is silent:
/// - An utterance handed to the engine is *starting* until the engine reports its first audio.
///   Cut off while starting it never sounded, so it is not `interrupted`: a newer focus makes a
///   starting focus `superseded`, `stop` makes it `cancelled`, and anything else puts it back at
///   the head of its queue.
/// - "A hint can be cut off by anything" means any focus, high or default announcement, or
///   `stop`; a low announcement never cuts off speech.
/// - A low announcement waits only for eligible speech: a delayed default that may not start
///   yet does not hold it back.
/// - Order among waiting items: high (FIFO), window, focus, echo, default (FIFO; an `interrupt`
///   one goes to the head), hint, low (FIFO).
/// - An echo (a door's typing echo) is focus-level speech that is said at once: it cuts off a
///   focus, hint or echo that speaks, supersedes a waiting echo and a waiting hint (the user has
///   moved on), and waits only behind a focus that has not sounded yet (one handed to the
///   engine and not yet sounding is put back and said first).
/// - A window's title cuts off focus-level speech and an older title. The first focus to arrive
///   after it (and a focus that had not sounded yet when it came) is said after it: the title,
///   then the window's focus. Any focus after that first one, while the title waits or speaks,
///   is the user's key moving on: it cuts off the title at once (a waiting title is superseded)
///   and replaces the first focus, as focus replaces focus.
/// - The queue bound counts waiting announcements. A focus is always accepted: it replaces the
///   waiting focus and hint, so it cannot grow the queue.
///
/// SSIP's priorities (docs/design.md §11) take these places beside §4's kinds, as one table of levels:
/// - `important` is `high`: one queue, first come first spoken, never cut off.
/// - `message` is `default`: one queue; both cut off SSIP text, notifications and progress, and
///   a message or default cut off by a focus or a high is spoken again, as §4 says of defaults.
///   A message's arrival drops the SSIP text waiting (SSIP: text waits for messages and is
///   cancelled by them).
/// - `text` waits behind focus and messages; one waits at a time (a newer one supersedes it, and
///   cuts off one speaking); a focus cuts it off, as any focus-level speech.
/// - `notification` never waits: `dropped` at once when anything else speaks or may start; a
///   newer one cuts off one speaking.
/// - `progress` starts at once when the voice is free; otherwise it waits as the one latest
///   progress (a newer one supersedes it), at message level but cutting nothing off, so the last
///   of a series is always spoken.
/// - A held utterance (its SSIP client paused) keeps its place and does not start; a notification
///   or progress from a paused client is `dropped` (SSIP: not spoken after `RESUME`).
public struct SpeechScheduler: Sendable {
    public var settings: SchedulerSettings
    public private(set) var counters: [FinishStatus: Int] = [:]

    private enum Phase: Sendable { case starting, speaking }
    private var current: (item: ScheduledUtterance, phase: Phase)?
    private var highs: [ScheduledUtterance] = []
    private var pendingWindow: ScheduledUtterance?
    /// The title whose first focus has arrived: a newer focus ends it; and that first focus.
    private var titleWithFocus: UtteranceID?
    private var firstFocusOfTitle: UtteranceID?
    private var pendingFocus: ScheduledUtterance?
    private var pendingEcho: ScheduledUtterance?
    private var pendingHint: ScheduledUtterance?
    private var defaults: [ScheduledUtterance] = []
    private var pendingText: ScheduledUtterance?
    private var pendingProgress: ScheduledUtterance?
    private var lows: [ScheduledUtterance] = []
    private var nextID = 1
    private var requestedWake: Milliseconds?
    private var now: Milliseconds = -.infinity
    private var actions: [SchedulerAction] = []

    public init(settings: SchedulerSettings = SchedulerSettings()) {
        self.settings = settings
    }

    /// The utterance the engine holds, if any.
    public var currentUtterance: ScheduledUtterance? { current?.item }

    /// Waiting utterances of every kind.
    public var waitingCount: Int {
        waitingAnnouncements + [pendingWindow, pendingFocus, pendingEcho, pendingHint].count { $0 != nil }
    }

    /// Utterances not yet heard (the `status` reply's queue length): the waiting ones, and the
    /// one handed to the engine whose start has not come back. Between the two, a client that
    /// asks whether speech has settled would otherwise be told nothing is left (a hint just
    /// handed over, its `speaking` event not yet sent).
    public var unheardCount: Int {
        waitingCount + (current?.phase == .starting ? 1 : 0)
    }

    private var waitingAnnouncements: Int {
        highs.count + defaults.count + lows.count + (pendingText == nil ? 0 : 1) + (pendingProgress == nil ? 0 : 1)
    }

    public mutating func handle(_ event: SchedulerEvent, at time: Milliseconds) -> SchedulerOutput {
        // The clock never runs backwards for the scheduler, whatever the caller passes.
        now = max(now, time)
        var output = SchedulerOutput()
        switch event {
        case .focus(let description, let hint):
            output.accepted = acceptFocus(description, hint)
        case .echo(let speech):
            output.accepted = [acceptEcho(speech)]
        case .window(let speech):
            output.accepted = [acceptWindow(speech)]
        case .announce(let announcement):
            if waitingAnnouncements >= settings.queueLimit {
                output.rejection = RequestError(.queueFull, "the speech queue is full (\(settings.queueLimit) announcements waiting); try again when some have been spoken")
            } else {
                output.accepted = [acceptAnnouncement(announcement)]
            }
        case .message(let speech, let priority, let held):
            if waitingAnnouncements >= settings.queueLimit {
                output.rejection = RequestError(.queueFull, "the speech queue is full (\(settings.queueLimit) messages waiting); try again when some have been spoken")
            } else {
                output.accepted = [acceptMessage(speech, priority, held: held)]
            }
        case .stop:
            stopAll(status: .cancelled)
        case .cancelWaiting(let ids):
            cancelWaiting(ids)
        case .cancel(let ids, let waiting):
            if let (item, phase) = current, ids.contains(item.id) {
                current = nil
                actions.append(.cutOff(item.id))
                finish(item, phase == .speaking ? .interrupted : .cancelled)
            }
            if waiting { cancelWaiting(ids) }
        case .hold(let ids):
            setHeld(ids, true)
            if let (item, _) = current, ids.contains(item.id) {
                current = nil
                actions.append(.cutOff(item.id))
                var paused = item
                paused.held = true
                putBack(paused)
            }
        case .release(let ids):
            setHeld(ids, false)
        case .engineStarted(let id):
            if current?.item.id == id { current?.phase = .speaking }
        case .engineFinished(let id):
            if let (item, _) = current, item.id == id {
                current = nil
                finish(item, .spoken)
            }
        case .engineFailed(let id):
            if let (item, _) = current, item.id == id {
                current = nil
                finish(item, .failed)
            }
        case .tick:
            break
        }
        settle()
        output.actions = actions
        actions.removeAll(keepingCapacity: true)
        return output
    }

    /// Cancels everything, as at shutdown: the speaking utterance is cut off and `interrupted`
    /// (`cancelled` if it had not sounded yet), every waiting one `cancelled`.
    public mutating func shutdown(at time: Milliseconds) -> [SchedulerAction] {
        handle(.stop, at: time).actions
    }

    // MARK: - Arrivals

    private mutating func makeItem(_ kind: UtteranceKind, _ speech: Speech, eligibleAt: Milliseconds?) -> ScheduledUtterance {
        defer { nextID += 1 }
        return ScheduledUtterance(id: UtteranceID(nextID), kind: kind, speech: speech, arrivedAt: now,
                                  eligibleAt: eligibleAt, interrupt: false, requeues: 0, follows: nil)
    }

    private mutating func acceptFocus(_ description: Speech, _ hint: Speech?) -> [UtteranceID] {
        if let waiting = pendingFocus { pendingFocus = nil; finish(waiting, .superseded) }
        if let waiting = pendingHint { pendingHint = nil; finish(waiting, .superseded) }
        // An echo answered a key before this focus's: the newest answer is said (the review's
        // "Headings" cut off by the next heading, a typed character by the menu it opened).
        if let waiting = pendingEcho { pendingEcho = nil; finish(waiting, .superseded) }
        if let (item, phase) = current, [.focus, .hint, .echo].contains(item.kind) {
            current = nil
            actions.append(.cutOff(item.id))
            finish(item, phase == .speaking ? .interrupted : .superseded)
        }
        let first = endTitleMovedPast()
        let focus = makeItem(.focus, description, eligibleAt: now)
        pendingFocus = focus
        if first { firstFocusOfTitle = focus.id }
        guard let hint else { return [focus.id] }
        var hintItem = makeItem(.hint, hint, eligibleAt: nil)
        hintItem.follows = focus.id
        pendingHint = hintItem
        return [focus.id, hintItem.id]
    }

    /// A focus arrived: the title waiting or speaking keeps its place for its window's first
    /// focus; a later one means the user's key moved past the window's opening, and the title
    /// ends at once (no key's answer waits behind it).
    /// Whether the focus arriving is the title's first.
    private mutating func endTitleMovedPast() -> Bool {
        let speakingTitle = current.flatMap { $0.item.kind == .window ? $0 : nil }
        guard let title = pendingWindow ?? speakingTitle?.item else { return false }
        guard titleWithFocus == title.id else {
            titleWithFocus = title.id
            return true
        }
        if pendingWindow?.id == title.id {
            pendingWindow = nil
            finish(title, .superseded)
        } else if let (item, phase) = speakingTitle {
            current = nil
            actions.append(.cutOff(item.id))
            finish(item, phase == .speaking ? .interrupted : .superseded)
        }
        return false
    }

    private mutating func acceptEcho(_ speech: Speech) -> UtteranceID {
        if let waiting = pendingEcho { pendingEcho = nil; finish(waiting, .superseded) }
        if let waiting = pendingHint { pendingHint = nil; finish(waiting, .superseded) }
        if let (item, phase) = current, [.focus, .hint, .echo].contains(item.kind) {
            current = nil
            actions.append(.cutOff(item.id))
            if item.kind == .focus, phase == .starting {
                // A focus that never sounded is not lost to a keystroke: it waits again, first.
                putBack(item)
            } else {
                finish(item, phase == .speaking ? .interrupted : .superseded)
            }
        }
        let echo = makeItem(.echo, speech, eligibleAt: now)
        pendingEcho = echo
        return echo.id
    }

    private mutating func acceptWindow(_ speech: Speech) -> UtteranceID {
        if let waiting = pendingWindow { pendingWindow = nil; finish(waiting, .superseded) }
        let window = makeItem(.window, speech, eligibleAt: now)
        pendingWindow = window
        // A focus that came before its title (a toolkit that focuses the window's first
        // control, then says the window is active) and waits, no other title's first focus, is
        // this title's: the next focus is the user's key, and ends the title.
        // (One already sounding was the last window's: the title cuts it off.)
        let before = pendingFocus ?? current.flatMap { $0.item.kind == .focus && $0.phase == .starting ? $0.item : nil }
        if let focus = before, focus.id != firstFocusOfTitle {
            titleWithFocus = window.id
            firstFocusOfTitle = focus.id
        }
        return window.id
    }

    private mutating func acceptAnnouncement(_ announcement: Announcement) -> UtteranceID {
        var item = makeItem(.announcement(announcement.priority), Speech(announcement), eligibleAt: now + Double(announcement.delayMs))
        switch announcement.priority {
        case .high:
            highs.append(item)
        case .default:
            item.interrupt = announcement.interrupt
            if item.interrupt {
                defaults.insert(item, at: 0)
            } else {
                defaults.append(item)
            }
        case .low, .progress:
            // A progress announcement comes as a progress message (`Request.schedulerEvent`).
            lows.append(item)
        }
        return item.id
    }

    private mutating func acceptMessage(_ speech: Speech, _ priority: MessagePriority, held: Bool) -> UtteranceID {
        var item = makeItem(.message(priority), speech, eligibleAt: now)
        item.held = held
        switch priority {
        case .important:
            highs.append(item)
        case .message:
            defaults.append(item)
            if let text = pendingText { pendingText = nil; finish(text, .dropped) }
        case .text:
            if let older = pendingText { pendingText = nil; finish(older, .superseded) }
            pendingText = item
        case .notification:
            if held || isBusy(besides: .notification) {
                finish(item, .dropped)
            } else {
                // Cut off at once (not in `settle`) so that it never waits.
                cutOffCurrent(for: item)
                start(item)
            }
        case .progress:
            if held {
                finish(item, .dropped)
            } else if current == nil || current?.item.kind == .message(.notification), !isBusy(besides: .notification) {
                cutOffCurrent(for: item)
                start(item)
            } else {
                if let older = pendingProgress { pendingProgress = nil; finish(older, .superseded) }
                pendingProgress = item
            }
        }
        return item.id
    }

    /// Whether something other than `kind` speaks, or waits and may start now.
    private func isBusy(besides kind: MessagePriority) -> Bool {
        if let (item, _) = current, item.kind != .message(kind) { return true }
        return bestCandidate() != nil
    }

    private mutating func setHeld(_ ids: Set<UtteranceID>, _ held: Bool) {
        func mark(_ queue: inout [ScheduledUtterance]) {
            for index in queue.indices where ids.contains(queue[index].id) { queue[index].held = held }
        }
        mark(&highs)
        mark(&defaults)
        mark(&lows)
        if let item = pendingText, ids.contains(item.id) { pendingText?.held = held }
        if let item = pendingProgress, ids.contains(item.id) { pendingProgress?.held = held }
    }

    // MARK: - Deciding

    /// Expires old lows, then starts or switches to the best eligible item, then asks to be
    /// woken at the next time something changes on its own.
    private mutating func settle() {
        expireLows()
        if let (slot, candidate) = bestCandidate() {
            if let (item, _) = current {
                if preempts(candidate, item) {
                    // Take the candidate out before the cut-off item may go back into its queue.
                    let next = take(slot, candidate)
                    cutOffCurrent(for: next)
                    start(next)
                }
            } else {
                start(take(slot, candidate))
            }
        }
        requestWake()
    }

    private enum Slot { case high(Int), window, focus, echo, defaultAnnouncement(Int), progress, text, hint, low(Int) }

    private func bestCandidate() -> (Slot, ScheduledUtterance)? {
        if let index = highs.firstIndex(where: { $0.isEligible(at: now) }) { return (.high(index), highs[index]) }
        if let window = pendingWindow { return (.window, window) }
        if let focus = pendingFocus { return (.focus, focus) }
        if let echo = pendingEcho { return (.echo, echo) }
        if let index = defaults.firstIndex(where: { $0.isEligible(at: now) }) { return (.defaultAnnouncement(index), defaults[index]) }
        if let progress = pendingProgress, progress.isEligible(at: now) { return (.progress, progress) }
        if let text = pendingText, text.isEligible(at: now) { return (.text, text) }
        if let hint = pendingHint, hint.isEligible(at: now) { return (.hint, hint) }
        if let index = lows.firstIndex(where: { $0.isEligible(at: now) }) { return (.low(index), lows[index]) }
        return nil
    }

    private mutating func take(_ slot: Slot, _ item: ScheduledUtterance) -> ScheduledUtterance {
        switch slot {
        case .high(let index): highs.remove(at: index)
        case .window: pendingWindow = nil
        case .focus: pendingFocus = nil
        case .echo: pendingEcho = nil
        case .defaultAnnouncement(let index): defaults.remove(at: index)
        case .progress: pendingProgress = nil
        case .text: pendingText = nil
        case .hint: pendingHint = nil
        case .low(let index): lows.remove(at: index)
        }
        return item
    }

    /// Whether a waiting `candidate` may cut off the `speaking` one (docs/design.md §4's last column,
    /// and §11's levels).
    private func preempts(_ candidate: ScheduledUtterance, _ speaking: ScheduledUtterance) -> Bool {
        if speaking.kind.level == .high { return false }
        if candidate.interrupt { return true }
        // Of these kinds, newer replaces older.
        if candidate.kind == speaking.kind, [.window, .focus, .echo, .message(.text), .message(.notification)].contains(candidate.kind) { return true }
        switch candidate.kind {
        case .message(.progress):
            // The last of a series waits its turn; it cuts nothing off but what anything may.
            return speaking.kind.level >= .hint
        default:
            return candidate.kind.level < speaking.kind.level
        }
    }

    private mutating func start(_ item: ScheduledUtterance) {
        var item = item
        item.interrupt = false  // it has had its turn; once cut off it waits like any default
        current = (item, .starting)
        actions.append(.start(item))
    }

    /// Cuts off the current utterance for a more urgent one, `next`.
    private mutating func cutOffCurrent(for next: ScheduledUtterance) {
        guard let (item, phase) = current else { return }
        current = nil
        actions.append(.cutOff(item.id))
        // Of its own kind, newer replaces older: a focus, a text or a notification.
        let replaced = item.kind == next.kind && item.kind != .announcement(.default) && item.kind != .message(.message)
        if phase == .starting, !replaced {
            // It never sounded: it waits again at the head of its queue.
            putBack(item)
            return
        }
        if phase == .starting {
            finish(item, .superseded)
            return
        }
        if item.kind.level == .message, item.kind != .message(.progress), item.requeues < SchedulerSettings.maximumRequeues {
            var again = item
            again.requeues += 1
            defaults.insert(again, at: 0)
            return
        }
        finish(item, .interrupted)
    }

    /// An utterance taken off the voice before it sounded, or paused, waits again at the head of
    /// its queue. In a one-place queue a newer one may have taken the place: then it is superseded
    /// (a notification never waits: dropped).
    private mutating func putBack(_ item: ScheduledUtterance) {
        switch item.kind {
        case .announcement(.high), .message(.important): highs.insert(item, at: 0)
        case .focus: pendingFocus = item
        case .window:
            if pendingWindow == nil { pendingWindow = item } else { finish(item, .superseded) }
        case .echo:
            if pendingEcho == nil { pendingEcho = item } else { finish(item, .superseded) }
        case .announcement(.default), .message(.message): defaults.insert(item, at: 0)
        case .hint: pendingHint = item
        case .announcement(.low), .announcement(.progress): lows.insert(item, at: 0)
        case .message(.text):
            if pendingText == nil { pendingText = item } else { finish(item, .superseded) }
        case .message(.progress):
            if pendingProgress == nil { pendingProgress = item } else { finish(item, .superseded) }
        case .message(.notification):
            finish(item, .dropped)
        }
    }

    private mutating func stopAll(status: FinishStatus) {
        if let (item, phase) = current {
            current = nil
            actions.append(.cutOff(item.id))
            finish(item, phase == .speaking ? .interrupted : status)
        }
        // In arrival order, so that the reports read in the order things were asked for.
        var waiting = highs + defaults + lows
        for item in [pendingWindow, pendingFocus, pendingEcho, pendingHint, pendingText, pendingProgress] { if let item { waiting.append(item) } }
        highs.removeAll(); defaults.removeAll(); lows.removeAll()
        pendingWindow = nil
        pendingEcho = nil
        pendingFocus = nil
        pendingHint = nil
        pendingText = nil
        pendingProgress = nil
        for item in waiting.sorted(by: { $0.id < $1.id }) { finish(item, status) }
    }

    private mutating func cancelWaiting(_ ids: Set<UtteranceID>) {
        var cancelled: [ScheduledUtterance] = []
        func take(from queue: inout [ScheduledUtterance]) {
            cancelled += queue.filter { ids.contains($0.id) }
            queue.removeAll { ids.contains($0.id) }
        }
        take(from: &highs)
        take(from: &defaults)
        take(from: &lows)
        if let window = pendingWindow, ids.contains(window.id) { pendingWindow = nil; cancelled.append(window) }
        if let focus = pendingFocus, ids.contains(focus.id) { pendingFocus = nil; cancelled.append(focus) }
        if let echo = pendingEcho, ids.contains(echo.id) { pendingEcho = nil; cancelled.append(echo) }
        if let hint = pendingHint, ids.contains(hint.id) { pendingHint = nil; cancelled.append(hint) }
        if let text = pendingText, ids.contains(text.id) { pendingText = nil; cancelled.append(text) }
        if let progress = pendingProgress, ids.contains(progress.id) { pendingProgress = nil; cancelled.append(progress) }
        for item in cancelled.sorted(by: { $0.id < $1.id }) { finish(item, .cancelled) }
    }

    private mutating func expireLows() {
        guard lows.contains(where: { now - $0.arrivedAt >= settings.maxAgeMs }) else { return }
        var kept: [ScheduledUtterance] = []
        for item in lows {
            if now - item.arrivedAt >= settings.maxAgeMs { finish(item, .dropped) } else { kept.append(item) }
        }
        lows = kept
    }

    private mutating func finish(_ item: ScheduledUtterance, _ status: FinishStatus) {
        counters[status, default: 0] += 1
        actions.append(.finished(item.id, status))
        // A focus description that ended (spoken or cut off) lets its hint follow after the delay;
        // one that never sounded takes its hint with it.
        guard item.kind == .focus, let hint = pendingHint, hint.follows == item.id else { return }
        switch status {
        case .spoken, .interrupted, .failed:
            pendingHint?.eligibleAt = now + settings.hintDelayMs
        case .superseded, .dropped, .cancelled:
            pendingHint = nil
            finish(hint, status)
        }
    }

    private mutating func requestWake() {
        var next: Milliseconds?
        func consider(_ time: Milliseconds?) {
            guard let time, time > now else { return }
            next = min(next ?? time, time)
        }
        for item in highs { consider(item.eligibleAt) }
        for item in defaults { consider(item.eligibleAt) }
        for item in lows {
            consider(item.eligibleAt)
            consider(item.arrivedAt + settings.maxAgeMs)
        }
        consider(pendingHint?.eligibleAt)
        if next != requestedWake {
            requestedWake = next
            actions.append(.wake(at: next))
        }
    }
}

/// The scheduler's levels, most urgent first: a waiting utterance cuts off one speaking at a later
/// level (docs/design.md §4's table with §11's priorities in their places; `interrupt` and progress are
/// the exceptions, in `preempts`).
enum UtteranceLevel: Int, Comparable {
    case high, window, focus, message, text, hint, low

    static func < (a: UtteranceLevel, b: UtteranceLevel) -> Bool { a.rawValue < b.rawValue }
}

extension UtteranceKind {
    var level: UtteranceLevel {
        switch self {
        case .announcement(.high), .message(.important): .high
        case .window: .window
        case .focus, .echo: .focus
        case .announcement(.default), .message(.message), .message(.progress), .announcement(.progress): .message
        case .message(.text): .text
        case .hint: .hint
        case .announcement(.low), .message(.notification): .low
        }
    }
}
