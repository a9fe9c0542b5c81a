/// Cuts a byte stream into lines of at most `limit` bytes. A longer line is reported once as
/// too long and skipped to its end; nothing else is lost.
struct LineFramer {
    enum Item: Equatable {
        case line([UInt8])
        case tooLong(Int)
    }

    let limit: Int
    private var pending: [UInt8] = []
    private var skipping = false
    private var skipped = 0

    init(limit: Int) { self.limit = limit }

    mutating func append(_ bytes: some Collection<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if skipping {
                    skipping = false
                    skipped = 0
                } else {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    items.append(.line(pending))
                }
                pending.removeAll(keepingCapacity: true)
            } else if skipping {
                skipped += 1
            } else {
                pending.append(byte)
                if pending.count > limit {
                    items.append(.tooLong(pending.count))
                    skipping = true
                    skipped = pending.count
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return items
    }
}
