/// When a long-running process gives back the pages of its program it is not using
/// (`IdlePages` in AnnouncerSystem): once it has had nothing to do for `afterMs`, and then
/// not again until it has been busy. Pure: the shells tell it when something happened and ask it
/// when to look again, on their own monotonic clocks.
public struct IdleTrim: Sendable, Equatable {
    /// Five seconds of quiet: never between the keys of someone typing or moving through a
    /// list, where the pages would only be mapped again at once.
    public static let defaultAfterMs: Milliseconds = 5000

    public let afterMs: Milliseconds
    public private(set) var lastActivity: Milliseconds
    public private(set) var trimmed = false

    public init(afterMs: Milliseconds = IdleTrim.defaultAfterMs, at now: Milliseconds) {
        self.afterMs = afterMs
        self.lastActivity = now
    }

    /// Something happened (a request, an utterance's progress).
    public mutating func activity(at now: Milliseconds) {
        lastActivity = max(lastActivity, now)
        trimmed = false
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
