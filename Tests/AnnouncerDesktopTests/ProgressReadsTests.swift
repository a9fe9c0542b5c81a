@testable import AnnouncerDesktop
import AnnouncerSupport
import Testing

/// When a progress bar outside the focus is read: at once, or its latest change once
/// `readEveryMs` has passed since it was read (docs/design.md §12).
@Suite struct ProgressReadsTests {
    enum Step: Sendable {
        /// Bar "bar" changed at a time, its change known by a name.
        case changed(String, Milliseconds)
        /// Bar "bar"'s change is read now, as `.now` asks.
        case readNow(Milliseconds)
        /// A timer fired.
        case timer(Milliseconds)
    }

    /// What each step gave: "now", "timer in N ms" or "waits" for a change; the changes read.
    typealias Row = Scenario<Step, [String]>

    static let rows: [Row] = [
        Row(name: "a bar never read is read at once",
            steps: [.changed("1%", 0), .readNow(0)], said: ["now", "read 1%"]),
        Row(name: "a change within readEveryMs waits for a timer, and the latest is read when it fires",
            steps: [.changed("1%", 0), .readNow(0), .changed("2%", 30), .changed("3%", 60), .timer(99), .changed("4%", 100), .timer(199)],
            said: ["now", "read 1%", "timer in 70 ms", "waits", "read 3%", "timer in 99 ms", "read 4%"]),
        Row(name: "a timer that fires early finds nothing due",
            steps: [.changed("1%", 0), .readNow(0), .changed("2%", 50), .timer(98), .timer(100)],
            said: ["now", "read 1%", "timer in 50 ms", "", "read 2%"]),
        Row(name: "a change long after the last read is read at once",
            steps: [.changed("1%", 0), .readNow(0), .changed("100%", 5_000), .readNow(5_000), .timer(6_000)],
            said: ["now", "read 1%", "now", "read 100%", ""]),
    ]

    @Test(arguments: rows)
    func aBarIsReadAtMostEveryReadEveryMs(_ row: Row) {
        var reads = ProgressReads<String>()
        var said: [String] = []
        func read(_ ids: [String], at now: Milliseconds) {
            said.append(ids.compactMap { reads.take($0, at: now).map { "read \($0)" } }.joined(separator: ", "))
        }
        for step in row.steps {
            switch step {
            case .changed(let change, let at):
                switch reads.changed("bar", object: change, at: at) {
                case .now: said.append("now")
                case .after(let wait): said.append("timer in \(Int(wait)) ms")
                case .waits: said.append("waits")
                }
            case .readNow(let at): read(["bar"], at: at)
            case .timer(let at): read(reads.due(at: at), at: at)
            }
        }
        #expect(said == row.said)
    }

    /// What an object is, asked once, is kept; past `remembered` objects all is asked afresh.
    @Test func whatAnObjectIsIsAskedOnce() {
        var reads = ProgressReads<String>()
        #expect(reads.bar("bar") == nil)
        reads.learned("bar", .init(isBar: true, window: "copy", minimum: 0, maximum: 1))
        reads.learned("label", .init(isBar: false))
        #expect(reads.bar("bar") == .init(isBar: true, window: "copy", minimum: 0, maximum: 1) && reads.bar("label")?.isBar == false)
        for index in 0..<(ProgressReads<String>.remembered - 2) { reads.learned("object \(index)", .init(isBar: false)) }
        #expect(reads.bar("bar") != nil)
        reads.learned("one more", .init(isBar: false))
        #expect(reads.bar("bar") == nil && reads.bar("one more") != nil)
    }
}
