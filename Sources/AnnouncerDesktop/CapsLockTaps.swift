import AnnouncerSupport

/// CapsLock as the screen-reader modifier (docs/design.md §18): pressed once, or held for a
/// review key, it locks nothing; pressed twice quickly it toggles capitals, as in Orca. Pure
/// (ReviewKeyMapTests); the bridge puts the lock where `locked` says after each press.
public struct CapsLockTaps: Sendable, Equatable {
    /// The most time between the two presses of a double press.
    public static let doublePressMs: Milliseconds = 300

    /// Whether capitals are locked.
    public private(set) var locked: Bool
    private var lastPress: Milliseconds?

    public init(locked: Bool) {
        self.locked = locked
    }

    /// CapsLock pressed at `now`: the second of two quick presses toggles capitals.
    public mutating func pressed(at now: Milliseconds) {
        if let lastPress, now - lastPress <= Self.doublePressMs {
            locked.toggle()
            self.lastPress = nil
        } else {
            lastPress = now
        }
    }

    /// Another key came between: the next press is a first one.
    public mutating func otherKey() {
        lastPress = nil
    }
}
