import AnnouncerFocus
import Testing
@testable import announce

/// `announce keys`' documented mapping from terminal bytes to focus-model keys.
@Suite struct KeysMappingTests {
    @Test(arguments: [
        ([0x09], KeysCommand.Input.key(KeyPress("tab"))),
        ([0x1B, 0x5B, 0x5A], .key(KeyPress("tab", [.shift]))),
        ([0x1B, 0x5B, 0x41], .key(KeyPress("up"))),
        ([0x1B, 0x4F, 0x43], .key(KeyPress("right"))),
        ([0x20], .key(KeyPress("space"))),
        ([0x0D], .key(KeyPress("return"))),
        ([0x7F], .key(KeyPress("backspace"))),
        ([0x1B, 0x7A], .key(KeyPress("z", [.tab]))),
        ([0x1B, 0x66], .key(KeyPress("f", [.tab]))),
        ([0x1B, 0x68], .key(KeyPress("h", [.tab]))),
        ([0x1B, 0x6B], .key(KeyPress("command"))),
        ([0x1B, 0x6E], .navigate("next")),
        ([0x1B, 0x70], .navigate("previous")),
        ([0x1B, 0x73], .settings),
        ([0x70], .key(KeyPress("p"))),
        ([0x50], .key(KeyPress("p", [.shift]))),
        ([0x03], .quit),
        ([0x04], .quit),
    ] as [([UInt8], KeysCommand.Input)])
    func decodes(_ bytes: [UInt8], _ input: KeysCommand.Input) {
        #expect(KeysCommand.decode(bytes) == [input])
    }

    @Test func severalKeysInOneRead() {
        #expect(KeysCommand.decode(Array("prefs".utf8)).count == 5)
        #expect(KeysCommand.decode([0x09, 0x1B, 0x5B, 0x42, 0x20]) == [.key(KeyPress("tab")), .key(KeyPress("down")), .key(KeyPress("space"))])
    }
}

/// `announce keys`' status line never wraps, so rewriting it never leaves stale copies.
@Suite struct StatusLineTests {
    @Test func shortTextIsLeftAlone() {
        #expect(KeysCommand.fitToWidth("> Play. Button.", columns: 80) == "> Play. Button.")
    }

    @Test func longTextIsCutToOneCellLessThanTheWidth() {
        let fitted = KeysCommand.fitToWidth(String(repeating: "word ", count: 40), columns: 20)
        #expect(fitted.count == 19)
        #expect(fitted.hasSuffix("…"))
    }

    @Test func lineBreaksBecomeSpaces() {
        #expect(KeysCommand.fitToWidth("a\nb\rc\u{2028}d", columns: 80) == "a b c d")
    }

    @Test func wideCharactersCountTwo() {
        // 10 cells of room (11 columns, the last left free): 4 Chinese characters and the "…".
        #expect(KeysCommand.fitToWidth("你好世界你好世界", columns: 11) == "你好世界…")
        #expect(KeysCommand.fitToWidth("你好世界你", columns: 11) == "你好世界你")
    }
}
