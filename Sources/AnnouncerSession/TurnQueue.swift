/// Whose turn it is to be served: the clients with lines waiting, in the order they are served,
/// and whether the shell has been asked for a turn that has not come yet. A client is served at
/// most `linesPerTurn` lines at a time and then goes to the back of the line, so that a flood
/// waits behind everyone else.
struct TurnQueue {
    /// Lines a client is served in one turn before the others get theirs.
    static let linesPerTurn = 32

    private var waiting: [Int] = []
    /// A `nextTurn` was asked for and its `turn` has not come yet.
    private var asked = false

    func contains(_ client: Int) -> Bool { waiting.contains(client) }

    /// The client joins the back of the line, unless it is in it.
    mutating func join(_ client: Int) {
        if !waiting.contains(client) { waiting.append(client) }
    }

    mutating func remove(_ client: Int) {
        waiting.removeAll { $0 == client }
    }

    /// Whether the shell is to be asked for a turn now: not when one is coming.
    mutating func ask() -> Bool {
        guard !asked else { return false }
        asked = true
        return true
    }

    /// The turn the shell gave: the first client in line that `pending` says has lines to be
    /// served now (nil or 0 passes it over; it joins again when it has), and how many of them.
    /// The client goes to the back with what it has left, and the next turn is to be asked for.
    mutating func take(pending: (Int) -> Int?) -> (client: Int, lines: Int)? {
        asked = false
        while !waiting.isEmpty {
            let client = waiting.removeFirst()
            guard let count = pending(client), count > 0 else { continue }
            let lines = min(count, Self.linesPerTurn)
            if count > lines { waiting.append(client) }
            asked = true
            return (client, lines)
        }
        return nil
    }
}
