import AnnouncerTerminal
import Testing

/// The user's keys, read from the bytes a terminal sends (xterm's and tmux's sequences).
struct TerminalKeysTests {
    @Test(arguments: [
        ([0x68], TerminalKey.typed("h")),
        ([0xC3, 0xA9], .typed("é")),
        ([0x0D], .enter),
        ([0x7F], .backspace),
        ([0x09], .tab),
        ([0x1B, 0x5B, 0x41], .up),
        ([0x1B, 0x4F, 0x42], .down),
        ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x44], .wordLeft),
        ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], .wordRight),
        ([0x1B, 0x5B, 0x35, 0x7E], .pageUp),
        ([0x1B, 0x5B, 0x33, 0x7E], .delete),
        ([0x1B, 0x75], .review(.previousLine)),
        ([0x1B, 0x69], .review(.currentLine)),
        ([0x1B, 0x2C], .review(.currentCharacter)),
        ([0x1B, 0x2E], .review(.nextCharacter)),
        ([0x1B, 0x73], .settings),
        ([0x1B], .escape),
        ([0x03], .other),
        // The terminal's answers to a program's questions, never a key the user pressed: the
        // cursor's position (ESC [ 24 ; 1 R), device attributes (ESC [ ? 1 ; 2 c, ESC [ > 0 c),
        // focus in and out (ESC [ I, ESC [ O).
        ([0x1B, 0x5B, 0x32, 0x34, 0x3B, 0x31, 0x52], .report),
        ([0x1B, 0x5B, 0x3F, 0x31, 0x3B, 0x32, 0x63], .report),
        ([0x1B, 0x5B, 0x3E, 0x30, 0x63], .report),
        ([0x1B, 0x5B, 0x49], .report),
        ([0x1B, 0x5B, 0x4F], .report),
    ] as [([UInt8], TerminalKey)])
    func oneKey(bytes: [UInt8], key: TerminalKey) {
        #expect(TerminalKeys.decode(bytes) == [KeyInput(key, bytes)])
    }

    @Test func severalKeysInOneReadKeepTheirBytesAndReviewKeysAreNotForwarded() {
        let keys = TerminalKeys.decode([0x61, 0x1B, 0x5B, 0x44, 0x1B, 0x6B, 0x0D])
        #expect(keys.map(\.key) == [.typed("a"), .left, .review(.currentWord), .enter])
        #expect(keys.filter(\.isForwarded).flatMap(\.bytes) == [0x61, 0x1B, 0x5B, 0x44, 0x0D])
    }
}
