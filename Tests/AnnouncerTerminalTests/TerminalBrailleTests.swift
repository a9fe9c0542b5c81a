import AnnouncerTerminal
import Testing

/// The terminal door's braille: the cursor's line and its caret, sent when they change; a
/// routing key's arrows.
@Suite struct TerminalBrailleTests {
    static func screen(_ lines: [String], cursor: (Int, Int), visible: Bool = true) -> ScreenSnapshot {
        ScreenSnapshot(lines: lines.map { ScreenLine(text: $0, columns: 20) }, cursor: ScreenPosition(row: cursor.0, column: cursor.1), cursorVisible: visible)
    }

    @Test func theCursorsLineWithItsCaretOnlyWhenItChanged() {
        var braille = TerminalBraille()
        let first = braille.line(for: Self.screen(["$ ls -l", "total 0"], cursor: (0, 4)))
        #expect(first?.text == "$ ls -l" && first?.caret == 4)
        #expect(braille.line(for: Self.screen(["$ ls -l", "total 0"], cursor: (0, 4))) == nil)
        let moved = braille.line(for: Self.screen(["$ ls -l", "total 0"], cursor: (0, 7)))
        #expect(moved?.text == "$ ls -l" && moved?.caret == 7)
        // Past the text: the spaces up to the cursor are the line's, the caret at its end.
        let past = braille.line(for: Self.screen(["$ ", ""], cursor: (0, 2)))
        #expect(past?.text == "$ " && past?.caret == 2)
        #expect(braille.line(for: Self.screen(["$ ls", ""], cursor: (1, 0)))?.text == "")
    }

    @Test func aHiddenCursorShowsNothingNew() {
        var braille = TerminalBraille()
        #expect(braille.line(for: Self.screen(["menu"], cursor: (0, 0), visible: false)) == nil)
    }

    @Test func aWideCharacterIsOneCharacterOfTheLine() {
        var braille = TerminalBraille()
        let cells = [ScreenCell("日"), ScreenCell(" ", continuesWide: true), ScreenCell("x"), ScreenCell(" ")]
        let line = braille.line(for: ScreenSnapshot(lines: [ScreenLine(cells: cells)], cursor: ScreenPosition(row: 0, column: 2)))
        #expect(line?.text == "日x" && line?.caret == 1)
    }

    @Test func theReviewCursorsLineWhileItIsPlacedThenTheCursorsAgain() {
        var braille = TerminalBraille()
        let screen = Self.screen(["alpha beta", "$ ls"], cursor: (1, 4))
        #expect(braille.line(for: screen)?.text == "$ ls")
        // The review's line up to its text's end, the caret on the review cursor's character.
        let review = braille.line(for: screen, review: ScreenPosition(row: 0, column: 6))
        #expect(review?.text == "alpha beta" && review?.caret == 6 && braille.showsReview)
        #expect(braille.line(for: screen, review: ScreenPosition(row: 0, column: 6)) == nil)
        // Routing over it moves no cursor by arrows; the cell's column is the review's.
        #expect(braille.routeKeys(to: 2).isEmpty)
        #expect(braille.column(at: 2) == 2 && braille.column(at: 10) == nil)
        // Reviewing ended: the cursor's line, even where it is the same text and caret.
        let back = braille.line(for: screen)
        #expect(back?.text == "$ ls" && back?.caret == 4 && !braille.showsReview)
        // A hidden cursor (a full-screen program): the review still shows its line.
        let hidden = Self.screen(["menu"], cursor: (0, 0), visible: false)
        #expect(braille.line(for: hidden, review: ScreenPosition(row: 5, column: 1))?.caret == 1)
    }

    @Test func aWideCharacterTakesTwoColumnsOfTheReviewLine() {
        var braille = TerminalBraille()
        let cells = [ScreenCell("日"), ScreenCell(" ", continuesWide: true), ScreenCell("x")]
        let screen = ScreenSnapshot(lines: [ScreenLine(cells: cells)], cursor: ScreenPosition(row: 0, column: 0))
        #expect(braille.line(for: screen, review: ScreenPosition(row: 0, column: 2))?.caret == 1)
        #expect(braille.column(at: 0) == 0 && braille.column(at: 1) == 2)
    }

    @Test func routingIsArrowsFromTheCaret() {
        var braille = TerminalBraille()
        #expect(braille.routeKeys(to: 3).isEmpty)
        _ = braille.line(for: Self.screen(["$ echo hi"], cursor: (0, 9)))
        #expect(braille.routeKeys(to: 7) == Array("\u{1B}[D\u{1B}[D".utf8))
        #expect(braille.routeKeys(to: 9).isEmpty)
        _ = braille.line(for: Self.screen(["$ echo hi"], cursor: (0, 2)))
        #expect(braille.routeKeys(to: 4) == Array("\u{1B}[C\u{1B}[C".utf8))
    }
}
