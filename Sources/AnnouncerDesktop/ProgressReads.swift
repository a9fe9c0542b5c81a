import AnnouncerSupport

/// When a progress bar outside the focus is read (docs/design.md §12), at a bounded cost: an
/// object heard changing its value is asked once whether it is a bar (its role, the window it is
/// in, its bounds: kept for `remembered` objects, then asked afresh), and a bar's value is read at
/// most every `readEveryMs`, its latest change then (100% is never lost). Generic over the object
/// kept to read (an AT-SPI reference in the shell), which reads; what `ProgressBars` says of a
/// value is its own. Pure (ProgressReadsTests).
public struct ProgressReads<Object> {
    /// What is known of an object heard changing its value.
    public struct Bar: Sendable, Equatable {
        public var isBar: Bool
        /// The top-level window it is in, and its bounds.
        public var window: String?
        public var minimum: Double?
        public var maximum: Double?

        public init(isBar: Bool, window: String? = nil, minimum: Double? = nil, maximum: Double? = nil) {
            self.isBar = isBar
            self.window = window
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// What to do of a bar's change.
    public enum Read: Sendable, Equatable {
        /// Read it now.
        case now
        /// Set a timer: its change is read this long from now.
        case after(Milliseconds)
        /// Nothing: a timer is set already, and will read this change, the latest.
        case waits
    }

    public static var readEveryMs: Milliseconds { 100 }
    /// The most objects remembered: past it the oldest knowledge is let go and read again.
    public static var remembered: Int { 512 }

    private var bars: [String: Bar] = [:]
    /// A bar's latest change, waiting to be read, and when each bar was read last.
    private var waiting: [String: Object] = [:]
    private var readAt: [String: Milliseconds] = [:]

    public init() {}

    /// What is known of object `id`, or nil: it is to be asked.
    public func bar(_ id: String) -> Bar? {
        bars[id]
    }

    /// What `id` was found to be.
    public mutating func learned(_ id: String, _ bar: Bar) {
        if bars.count >= Self.remembered { bars.removeAll() }
        bars[id] = bar
    }

    /// Bar `id` changed, `object` to read it by: read at once, or, when it was read less than
    /// `readEveryMs` ago, once that time is up.
    public mutating func changed(_ id: String, object: Object, at now: Milliseconds) -> Read {
        let waited = waiting[id] != nil
        waiting[id] = object
        let last = readAt[id] ?? -.infinity
        if now - last >= Self.readEveryMs { return .now }
        return waited ? .waits : .after(last + Self.readEveryMs - now)
    }

    /// The bars whose waiting change's time is up (a timer fired, up to a millisecond early).
    public func due(at now: Milliseconds) -> [String] {
        waiting.keys.filter { now - (readAt[$0] ?? -.infinity) >= Self.readEveryMs - 1 }
    }

    /// Bar `id`'s waiting change, taken to be read now; nil when none waits.
    public mutating func take(_ id: String, at now: Milliseconds) -> Object? {
        guard let object = waiting.removeValue(forKey: id) else { return nil }
        readAt[id] = now
        if readAt.count > Self.remembered { readAt = [id: now] }
        return object
    }
}

extension ProgressReads: Sendable where Object: Sendable {}
