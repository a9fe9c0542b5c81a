/// What a program writes to its terminal to say that it speaks for itself (a UI framework's
/// adapter, announcer.textual, sends announcerd its focus), and that its screen is to be read
/// again: `ESC ] 7771 ; announcer ; self BEL` and `… ; screen BEL` (ST, `ESC \`, ends it as
/// well). Terminals ignore an operating system command they do not know, and so does libvterm.
/// Pure (ProgramHandOffTests): the sequence may come split across reads, among any other bytes.
public struct ProgramHandOff: Sendable {
    static let introducer = Array("\u{1B}]7771;announcer;".utf8)
    /// The longest word after the introducer: more is not ours, and is dropped.
    static let longestWord = 16

    /// How much of the introducer the last bytes matched, and the word after it so far.
    private var matched = 0
    private var word: [UInt8] = []
    /// The word's terminator had begun (the ESC of an ST).
    private var escape = false

    public init() {}

    /// The bytes a program wrote: whether it last said it speaks for itself (true) or that its
    /// screen is to be read (false), or nil when they say neither.
    public mutating func scan(_ bytes: some Sequence<UInt8>) -> Bool? {
        var told: Bool?
        for byte in bytes {
            if matched < Self.introducer.count {
                if byte == Self.introducer[matched] {
                    matched += 1
                } else {
                    matched = byte == Self.introducer[0] ? 1 : 0
                }
                continue
            }
            // In the word: a BEL or an ST ends it.
            if escape {
                escape = false
                if byte == UInt8(ascii: "\\") { told = meaning() ?? told }
                reset(startingWith: byte)
                continue
            }
            switch byte {
            case 0x07:
                told = meaning() ?? told
                reset()
            case 0x1B:
                escape = true
            default:
                word.append(byte)
                if word.count > Self.longestWord { reset() }
            }
        }
        return told
    }

    private func meaning() -> Bool? {
        switch String(decoding: word, as: UTF8.self) {
        case "self": true
        case "screen": false
        default: nil
        }
    }

    private mutating func reset(startingWith byte: UInt8? = nil) {
        matched = byte == Self.introducer[0] ? 1 : 0
        word = []
        escape = false
    }
}
