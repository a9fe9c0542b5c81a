@testable import AnnouncerServer
@testable import AnnouncerSession
import Testing

/// Whose turn it is (TurnQueue), as tables: clients with the lines they have waiting, and the
/// turns the shell is given, as `client:lines`, until nobody has lines left.
@Suite struct TurnQueueTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Clients in the order they joined, with their lines waiting.
        var pending: [(client: Int, lines: Int)]
        var turns: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "clients are served in the order they came",
             pending: [(1, 2), (2, 1), (3, 5)], turns: ["1:2", "2:1", "3:5"]),
        Case(name: "a flood is served a turn at a time, behind everyone else",
             pending: [(1, 70), (2, 1), (3, 32)], turns: ["1:32", "2:1", "3:32", "1:32", "1:6"]),
        Case(name: "a client with nothing to serve is passed over",
             pending: [(1, 0), (2, 3)], turns: ["2:3"]),
    ]

    @Test(arguments: cases)
    func turnsGoRound(_ example: Case) {
        var queue = TurnQueue()
        var pending: [Int: Int] = [:]
        for (client, lines) in example.pending {
            pending[client] = lines
            queue.join(client)
        }
        var turns: [String] = []
        while let (client, lines) = queue.take(pending: { pending[$0] }) {
            pending[client, default: 0] -= lines
            turns.append("\(client):\(lines)")
        }
        #expect(turns == example.turns)
    }

    @Test func aTurnIsAskedForOnceUntilItComes() {
        var queue = TurnQueue()
        queue.join(1)
        var asked = [queue.ask(), queue.ask()]
        let turn = queue.take { _ in 40 }
        // The turn given asks for the next one itself (`nextTurn` with `serve`).
        asked.append(queue.ask())
        let none = queue.take { _ in nil }
        asked.append(queue.ask())
        #expect(asked == [true, false, false, true])
        #expect(turn?.client == 1 && turn?.lines == 32)
        #expect(none == nil)
    }
}
