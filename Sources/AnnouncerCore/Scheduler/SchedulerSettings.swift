/// The scheduler's bounds and delays (settings in `announcer.conf`).
public struct SchedulerSettings: Sendable, Equatable {
    /// Pause between a focus description's end and its hint.
    public var hintDelayMs: Milliseconds = 500
    /// How long a low announcement may wait before it is `dropped`.
    public var maxAgeMs: Milliseconds = 5000
    /// Most announcements waiting at once; more are refused with `queue_full`.
    public var queueLimit = 1000
    /// How often a cut-off default announcement is queued again before it ends `interrupted`.
    public static let maximumRequeues = 3

    public init(hintDelayMs: Milliseconds = 500, maxAgeMs: Milliseconds = 5000, queueLimit: Int = 1000) {
        self.hintDelayMs = hintDelayMs
        self.maxAgeMs = maxAgeMs
        self.queueLimit = queueLimit
    }
}
