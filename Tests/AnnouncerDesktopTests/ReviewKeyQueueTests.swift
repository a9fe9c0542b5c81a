@testable import AnnouncerDesktop
import AnnouncerSupport
import Testing

/// Review keys wait for the events already received, at most `longestWaitMs`, and are answered
/// in order, all at once (docs/design.md §18).
@Suite struct ReviewKeyQueueTests {
    enum Step: Sendable {
        /// A key pressed at a time.
        case press(String, Milliseconds)
        /// The shell asks for the keys to answer, events waiting or not.
        case answer(eventsWaiting: Bool, Milliseconds)
    }

    /// What each step gave: "ask" for a press to be answered now, "wait" for one that waits with
    /// the others, "later" for an answer put off, else the keys answered.
    typealias Row = Scenario<Step, [String]>

    static let rows: [Row] = [
        Row(name: "a key with no events waiting is answered at once", steps: [.press("Down", 0), .answer(eventsWaiting: false, 0)],
            said: ["ask", "Down"]),
        Row(name: "a key waits while events wait, and keys pressed meanwhile are answered with it, in order",
            steps: [.press("Down", 0), .answer(eventsWaiting: true, 0), .press("Up", 1), .answer(eventsWaiting: true, 2),
                    .answer(eventsWaiting: false, 3)],
            said: ["ask", "later", "wait", "later", "Down Up"]),
        Row(name: "a key waits no longer than longestWaitMs, however many events still wait",
            steps: [.press("Down", 0), .answer(eventsWaiting: true, 99), .answer(eventsWaiting: true, 100)],
            said: ["ask", "later", "Down"]),
        Row(name: "once answered, the next key's wait starts from its own press",
            steps: [.press("Down", 0), .answer(eventsWaiting: false, 0), .press("Up", 500), .answer(eventsWaiting: true, 550),
                    .answer(eventsWaiting: true, 600)],
            said: ["ask", "Down", "ask", "later", "Up"]),
        Row(name: "nothing waiting, nothing is answered", steps: [.answer(eventsWaiting: false, 0)], said: [""]),
    ]

    @Test(arguments: rows)
    func keysAreAnsweredInOrderOnceTheEventsAreRead(_ row: Row) {
        var keys = ReviewKeyQueue()
        var said: [String] = []
        for step in row.steps {
            switch step {
            case .press(let name, let at): said.append(keys.pressed(ReviewKey(name), at: at) ? "ask" : "wait")
            case .answer(let eventsWaiting, let at):
                said.append(keys.answer(eventsWaiting: eventsWaiting, at: at).map { $0.map(\.name).joined(separator: " ") } ?? "later")
            }
        }
        #expect(said == row.said)
    }

    /// (key presses at their times, the counts): the same key again soon counts on; another key,
    /// or the same one late, starts again.
    @Test(arguments: [
        ([("Up", 0.0), ("Up", 200), ("Up", 400)], [1, 2, 3]),
        ([("Up", 0), ("Down", 100), ("Up", 200)], [1, 1, 1]),
        ([("Up", 0), ("Up", 5_000)], [1, 1]),
    ] as [([(String, Milliseconds)], [Int])])
    func aKeyPressedAgainInARowCountsItsPresses(_ presses: [(String, Milliseconds)], _ counts: [Int]) {
        var keys = ReviewKeyQueue()
        var counted: [Int] = []
        for (name, at) in presses { counted.append(keys.presses(of: ReviewKey(name, modifier: true), at: at)) }
        #expect(counted == counts)
    }
}
