/// The one voice's state machine (DESIGN §4): which utterance speaks, which wait, which are cut
/// off, and the one terminal status each gets. It takes events and a clock reading and returns
/// actions; it never reads a clock, sleeps, or touches the engine itself.
///
/// Decisions made where DESIGN §4 is silent:
/// - An utterance handed to the engine is *starting* until the engine reports its first audio.
///   Cut off while starting it never sounded, so it is not `interrupted`: a newer focus makes a
///   starting focus `superseded`, `stop` makes it `cancelled`, and anything else puts it back at
///   the head of its queue.
/// - "A hint can be cut off by anything" means any focus, high or default announcement, or
///   `stop`; a low announcement never cuts off speech.
/// - A low announcement waits only for eligible speech: a delayed default that may not start
///   yet does not hold it back.
/// - Order among waiting items: high (FIFO), focus, default (FIFO; an `interrupt` one goes to
///   the head), hint, low (FIFO).
/// - The queue bound counts waiting announcements. A focus is always accepted: it replaces the
///   waiting focus and hint, so it cannot grow the queue.
public struct SpeechScheduler: Sendable {
    public var settings: SchedulerSettings
    public private(set) var counters: [FinishStatus: Int] = [:]

    private enum Phase: Sendable { case starting, speaking }
    private var current: (item: ScheduledUtterance, phase: Phase)?
    private var highs: [ScheduledUtterance] = []
    private var pendingFocus: ScheduledUtterance?
    private var pendingHint: ScheduledUtterance?
    private var defaults: [ScheduledUtterance] = []
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

    /// Waiting utterances of every kind (the `status` reply's queue length).
    public var waitingCount: Int {
        highs.count + defaults.count + lows.count + (pendingFocus == nil ? 0 : 1) + (pendingHint == nil ? 0 : 1)
    }

    private var waitingAnnouncements: Int { highs.count + defaults.count + lows.count }

    public mutating func handle(_ event: SchedulerEvent, at time: Milliseconds) -> SchedulerOutput {
        // The clock never runs backwards for the scheduler, whatever the caller passes.
        now = max(now, time)
        var output = SchedulerOutput()
        switch event {
        case .focus(let description, let hint):
            output.accepted = acceptFocus(description, hint)
        case .announce(let announcement):
            if waitingAnnouncements >= settings.queueLimit {
                output.rejection = RequestError(.queueFull, "the speech queue is full (\(settings.queueLimit) announcements waiting); try again when some have been spoken")
            } else {
                output.accepted = [acceptAnnouncement(announcement)]
            }
        case .stop:
            stopAll(status: .cancelled)
        case .cancelWaiting(let ids):
            cancelWaiting(ids)
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
        if let (item, phase) = current, item.kind == .focus || item.kind == .hint {
            current = nil
            actions.append(.cutOff(item.id))
            finish(item, phase == .speaking ? .interrupted : .superseded)
        }
        let focus = makeItem(.focus, description, eligibleAt: now)
        pendingFocus = focus
        guard let hint else { return [focus.id] }
        var hintItem = makeItem(.hint, hint, eligibleAt: nil)
        hintItem.follows = focus.id
        pendingHint = hintItem
        return [focus.id, hintItem.id]
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
        case .low:
            lows.append(item)
        }
        return item.id
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
                    cutOffCurrent()
                    start(next)
                }
            } else {
                start(take(slot, candidate))
            }
        }
        requestWake()
    }

    private enum Slot { case high(Int), focus, defaultAnnouncement(Int), hint, low(Int) }

    private func bestCandidate() -> (Slot, ScheduledUtterance)? {
        if let index = highs.firstIndex(where: { $0.isEligible(at: now) }) { return (.high(index), highs[index]) }
        if let focus = pendingFocus { return (.focus, focus) }
        if let index = defaults.firstIndex(where: { $0.isEligible(at: now) }) { return (.defaultAnnouncement(index), defaults[index]) }
        if let hint = pendingHint, hint.isEligible(at: now) { return (.hint, hint) }
        if let index = lows.firstIndex(where: { $0.isEligible(at: now) }) { return (.low(index), lows[index]) }
        return nil
    }

    private mutating func take(_ slot: Slot, _ item: ScheduledUtterance) -> ScheduledUtterance {
        switch slot {
        case .high(let index): highs.remove(at: index)
        case .focus: pendingFocus = nil
        case .defaultAnnouncement(let index): defaults.remove(at: index)
        case .hint: pendingHint = nil
        case .low(let index): lows.remove(at: index)
        }
        return item
    }

    /// Whether a waiting `candidate` may cut off the `speaking` one (DESIGN §4's last column).
    private func preempts(_ candidate: ScheduledUtterance, _ speaking: ScheduledUtterance) -> Bool {
        if speaking.kind == .announcement(.high) { return false }
        switch candidate.kind {
        case .announcement(.high), .focus:
            return true
        case .announcement(.default):
            return candidate.interrupt || speaking.kind == .hint || speaking.kind == .announcement(.low)
        case .hint:
            return speaking.kind == .announcement(.low)
        case .announcement(.low):
            return false
        }
    }

    private mutating func start(_ item: ScheduledUtterance) {
        var item = item
        item.interrupt = false  // it has had its turn; once cut off it waits like any default
        current = (item, .starting)
        actions.append(.start(item))
    }

    /// Cuts off the current utterance for a more urgent one.
    private mutating func cutOffCurrent() {
        guard let (item, phase) = current else { return }
        current = nil
        actions.append(.cutOff(item.id))
        if phase == .starting {
            // It never sounded: it waits again at the head of its queue.
            putBack(item)
            return
        }
        if item.kind == .announcement(.default), item.requeues < SchedulerSettings.maximumRequeues {
            var again = item
            again.requeues += 1
            defaults.insert(again, at: 0)
            return
        }
        finish(item, .interrupted)
    }

    private mutating func putBack(_ item: ScheduledUtterance) {
        switch item.kind {
        case .announcement(.high): highs.insert(item, at: 0)
        case .focus: pendingFocus = item
        case .announcement(.default): defaults.insert(item, at: 0)
        case .hint: pendingHint = item
        case .announcement(.low): lows.insert(item, at: 0)
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
        if let focus = pendingFocus { waiting.append(focus) }
        if let hint = pendingHint { waiting.append(hint) }
        highs.removeAll(); defaults.removeAll(); lows.removeAll()
        pendingFocus = nil
        pendingHint = nil
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
        if let focus = pendingFocus, ids.contains(focus.id) { pendingFocus = nil; cancelled.append(focus) }
        if let hint = pendingHint, ids.contains(hint.id) { pendingHint = nil; cancelled.append(hint) }
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
