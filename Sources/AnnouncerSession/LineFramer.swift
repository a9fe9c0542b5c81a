/// Cuts a byte stream into lines of at most `limit` bytes. A longer line is reported once as
/// too long and skipped to its end; nothing else is lost.
public struct LineFramer {
    public enum Item: Equatable, Sendable {
        case line([UInt8])
        case tooLong(Int)
    }

    public let limit: Int
    private var pending: [UInt8] = []
    private var skipping = false

    public init(limit: Int) { self.limit = limit }

    public mutating func append(_ bytes: some Collection<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if skipping {
                    skipping = false
                } else {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    items.append(.line(pending))
                }
                pending.removeAll(keepingCapacity: true)
            } else if !skipping {
                pending.append(byte)
                if pending.count > limit {
                    items.append(.tooLong(pending.count))
                    skipping = true
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return items
    }

    /// The end of the stream: an unterminated last line is still a line.
    public mutating func finish() -> Item? {
        defer {
            pending.removeAll()
            skipping = false
        }
        guard !skipping, !pending.isEmpty else { return nil }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        return .line(pending)
    }
}
