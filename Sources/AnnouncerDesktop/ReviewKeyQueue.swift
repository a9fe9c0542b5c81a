import AnnouncerComposer
import AnnouncerSupport

/// The review keys pressed and not yet answered (docs/design.md §18): a key waits for the
/// accessibility events already received, as a focus waits for the rest of its storm, at most
/// `longestWaitMs`. They may say that the tree changed (a page that went on loading while the
/// last walk read it), and a key answered before them would be answered from the tree as it
/// was. The keys are answered in the order they came, all of them once the first may wait no
/// longer; and a key pressed again in a row counts its presses (Insert+Up pressed again
/// spells). The shell tells it whether events wait. Pure (ReviewKeyQueueTests).
public struct ReviewKeyQueue: Sendable {
    /// The longest the first waiting key waits for the events still to be read.
    public var longestWaitMs: Milliseconds
    /// The keys waiting, in order, and when the first of them came.
    private var waiting: [ReviewKey] = []
    private var since: Milliseconds = 0
    /// The review keys pressed in a row.
    private var presses = PressCount()

    public init(longestWaitMs: Milliseconds = 100) {
        self.longestWaitMs = longestWaitMs
    }

    /// A key pressed: true when it is the first waiting, whose answer is to be sought now (a key
    /// pressed while others wait is answered with them).
    public mutating func pressed(_ key: ReviewKey, at now: Milliseconds) -> Bool {
        waiting.append(key)
        guard waiting.count == 1 else { return false }
        since = now
        return true
    }

    /// The keys to answer now, in order (none waiting, none), taken; nil while `eventsWaiting`
    /// (events still to be read) and the first key may wait longer: to be asked again a moment
    /// later.
    public mutating func answer(eventsWaiting: Bool, at now: Milliseconds) -> [ReviewKey]? {
        if eventsWaiting, now < since + longestWaitMs { return nil }
        defer { waiting = [] }
        return waiting
    }

    /// How many times `key`, being answered, was pressed in a row, this time included.
    public mutating func presses(of key: ReviewKey, at now: Milliseconds) -> Int {
        presses.press(key.description, at: now)
    }
}
