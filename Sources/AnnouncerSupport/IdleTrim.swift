/// When a long-running process gives back the pages of its program it is not using
/// (`IdlePages` in AnnouncerSystem): once it has had nothing to do for `afterMs`, and then
/// not again until it has been busy. Pure: the shells tell it when something happened and when
/// their timer fired, on their own monotonic clocks, and it says when to set the timer (one at a
/// time) and when to trim. A shell that polls instead asks `shouldTrim` on each look.
public struct IdleTrim: Sendable, Equatable {
    /// Five seconds of quiet: never between the keys of someone typing or moving through a
    /// list, where the pages would only be mapped again at once.
    public static let defaultAfterMs: Milliseconds = 5000

    /// What a timer that fired calls for.
    public enum Wake: Sendable, Equatable {
        /// Quiet long enough: trim now.
        case trim
        /// Something happened since the timer was set: set it again, for this time.
        case again(Milliseconds)
    }

    public let afterMs: Milliseconds
    public private(set) var lastActivity: Milliseconds
    public private(set) var trimmed = false
    /// The time of the timer the shell has set, while one is.
    public private(set) var timerAt: Milliseconds?

    public init(afterMs: Milliseconds = IdleTrim.defaultAfterMs, at now: Milliseconds) {
        self.afterMs = afterMs
        self.lastActivity = now
    }

    /// Something happened (a request, an utterance's progress). Returns the time to set the
    /// timer for when none is set; nil when one is.
    @discardableResult
    public mutating func activity(at now: Milliseconds) -> Milliseconds? {
        lastActivity = max(lastActivity, now)
        trimmed = false
        guard timerAt == nil, let due = checkAt else { return nil }
        timerAt = due
        return due
    }

    /// The timer fired: trim now, set it again (something happened since it was set), or
    /// nothing (already trimmed).
    public mutating func timerFired(at now: Milliseconds) -> Wake? {
        timerAt = nil
        if shouldTrim(at: now) { return .trim }
        guard let due = checkAt else { return nil }
        timerAt = due
        return .again(due)
    }

    /// When to look again; nil once trimmed, until the next activity.
    public var checkAt: Milliseconds? { trimmed ? nil : lastActivity + afterMs }

    /// Whether to trim now. True once per quiet spell: after it, false until the next activity.
    public mutating func shouldTrim(at now: Milliseconds) -> Bool {
        guard let due = checkAt, now >= due else { return false }
        trimmed = true
        return true
    }
}
