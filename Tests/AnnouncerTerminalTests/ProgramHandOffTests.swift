import AnnouncerTerminal
import Testing

/// `ProgramHandOff`: a program's word that it speaks for itself, or that its screen is to be
/// read again, found among its output however the reads split it, and nothing else taken for it.
struct ProgramHandOffTests {
    static let speaks = Array("\u{1B}]7771;announcer;self\u{07}".utf8)
    static let screen = Array("\u{1B}]7771;announcer;screen\u{1B}\\".utf8)

    @Test(arguments: [
        (Array("plain output".utf8), nil),
        (speaks, true),
        (screen, false),
        (Array("\u{1B}[2J".utf8) + speaks + Array("Name: ".utf8), true),          // among other output
        (speaks + Array("drawn".utf8) + screen, false),                            // the last word counts
        (Array("\u{1B}\u{1B}]7771;announcer;self\u{07}".utf8), true),              // an ESC before it
        (Array("\u{1B}]7771;announcer;selfish\u{07}".utf8), nil),                  // another word
        (Array("\u{1B}]7772;announcer;self\u{07}".utf8), nil),                     // another command
        (Array("\u{1B}]7771;announcer;".utf8) + Array(repeating: UInt8(ascii: "x"), count: 100) + [0x07], nil),
        (Array("\u{1B}]7771;announcer;self".utf8), nil),                           // not ended yet
        (Array("\u{1B}]0;title\u{07}".utf8), nil),                                  // a window title
    ] as [([UInt8], Bool?)])
    func oneRead(_ bytes: [UInt8], _ told: Bool?) {
        var handOff = ProgramHandOff()
        #expect(handOff.scan(bytes) == told)
    }

    /// Split at every byte: the same word, told by the read that ends it.
    @Test func splitAcrossReads() {
        for split in 1..<Self.speaks.count {
            var handOff = ProgramHandOff()
            #expect(handOff.scan(Self.speaks[..<split]) == nil)
            #expect(handOff.scan(Self.speaks[split...]) == true, "split at \(split)")
        }
        var handOff = ProgramHandOff()
        for byte in Self.screen.dropLast() { #expect(handOff.scan([byte]) == nil) }
        #expect(handOff.scan([Self.screen.last!]) == false)
    }

    /// Binary garbage never counts, and does not stop a later word from counting.
    @Test func garbageThenTheWord() {
        var handOff = ProgramHandOff()
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        _ = handOff.scan(garbage)
        #expect(handOff.scan([0x07] + Self.speaks) == true)
    }
}
