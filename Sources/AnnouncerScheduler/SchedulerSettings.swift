import AnnouncerSettings
import AnnouncerSupport

/// The scheduler's bounds and delays (settings in `announcer.conf`; their defaults are
/// `Configuration`'s, stated there once).
public struct SchedulerSettings: Sendable, Equatable {
    /// Pause between a focus description's end and its hint.
    public var hintDelayMs: Milliseconds
    /// How long a low announcement may wait before it is `dropped`.
    public var maxAgeMs: Milliseconds
    /// Most announcements waiting at once; more are refused with `queue_full`.
    public var queueLimit: Int
    /// How often a cut-off default announcement is queued again before it ends `interrupted`.
    public static let maximumRequeues = 3

    /// The defaults.
    public init() { self = Configuration().schedulerSettings }

    public init(hintDelayMs: Milliseconds, maxAgeMs: Milliseconds, queueLimit: Int) {
        self.hintDelayMs = hintDelayMs
        self.maxAgeMs = maxAgeMs
        self.queueLimit = queueLimit
    }
}
