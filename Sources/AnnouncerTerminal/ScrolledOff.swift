/// Lines that scrolled off the top of a terminal's screen since they were last taken: how many,
/// and the text of the first `keptLines` of them (the rest are counted only). The shell's screen
/// model collects them; the reader says them with the burst they belong to.
public struct ScrolledOff: Sendable, Equatable {
    public var count = 0
    public var lines: [String] = []

    public init(count: Int = 0, lines: [String] = []) {
        self.count = count
        self.lines = lines
    }

    public static let keptLines = 4096
}
