import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerTerminal
import AnnouncerTestSupport
import Testing

/// The terminal door's rules for editors and full-screen programs (docs/design.md §13), each on a
/// screen drawn by hand and a manual clock: what past-the-end lines are, how a full-screen
/// program is read as it starts, a bottom line's message against a key bar, a cursor that moved
/// and drew nothing, and a prompt that comes back as it was.
struct TerminalScreenRulesTests {
    let words = packagedCatalog.words(for: "en", configured: "en")

    func screen(_ rows: [String], cursor: (Int, Int), alternate: Bool = true, columns: Int = 40) -> ScreenSnapshot {
        ScreenSnapshot(lines: rows.map { ScreenLine(text: $0, columns: columns) },
                       cursor: ScreenPosition(row: cursor.0, column: cursor.1), alternate: alternate)
    }

    /// A reader that has said `start` (a full-screen program already read).
    func reader(after start: ScreenSnapshot) -> TerminalReader {
        var reader = TerminalReader(composer: englishComposer, screen: start)
        _ = reader.output(start, scrolledOff: .init(), at: 0)
        while let deadline = reader.deadline { _ = reader.tick(at: deadline) }
        return reader
    }

    /// What a key and the output after it make said, once all is quiet.
    func answer(_ reader: inout TerminalReader, key: TerminalKey, then next: ScreenSnapshot, at time: Double = 100) -> [TerminalReader.Speech] {
        var said = reader.key(key, at: time) + reader.output(next, scrolledOff: .init(), at: time + 1)
        while let deadline = reader.deadline { said += reader.tick(at: deadline) }
        return said.filter { $0 != .stop }
    }

    /// A check box keeps its drawing here: its state is worded by the composer (DrawnControlTests).
    @Test(arguments: [("~", ""), ("(END)", ""), ("  ~   ", ""), ("~ notes", "~ notes"), ("~/src $", "~/src $"), ("[ ]  ham", "[ ] ham")])
    func linesPastTheEndAreNoText(line: String, spoken: String) {
        #expect(ScreenLine.spokenText(line) == spoken)
    }

    /// Entering the alternate screen: the first six lines with text and the cursor's line, the
    /// bottom line as its message alone (not the ruler after it), no `~`.
    @Test func aFullScreenProgramIsReadBrieflyAsItStarts() {
        var rows = (1...12).map { "line \($0)" } + Array(repeating: "~", count: 10)
        rows.append("")
        rows.append("\"notes.txt\" 12L, 90B          1,1  All")
        var reader = TerminalReader(composer: englishComposer, screen: screen(Array(repeating: "", count: 24), cursor: (0, 0), alternate: false))
        _ = reader.output(screen(rows, cursor: (9, 0)), scrolledOff: .init(), at: 0)
        #expect(reader.output(screen(rows, cursor: (9, 0)), scrolledOff: .init(), at: 5).isEmpty)
        var said: [TerminalReader.Speech] = []
        while let deadline = reader.deadline { said += reader.tick(at: deadline) }
        #expect(said == [.say("line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 10")])
        // With the cursor on the bottom line (a pager's prompt), the whole of it.
        var pager = TerminalReader(composer: englishComposer, screen: screen(Array(repeating: "", count: 5), cursor: (0, 0), alternate: false))
        _ = pager.output(screen(["a", "b", "~", "~", "(END)"], cursor: (4, 5)), scrolledOff: .init(), at: 0)
        #expect(pager.tick(at: 100) == [.say("a\nb")])
    }

    /// A message or mode that appears on the bottom line is said once as its first field; a
    /// key bar that appears (three fields in the left half, or three highlighted runs) is not.
    @Test func aBottomLineMessageIsSaidAndAKeyBarIsNot() {
        let text = ["first", "second", "third", ""]
        var vim = reader(after: screen(text, cursor: (0, 0)))
        let insert = screen(["first", "second", "third", "-- INSERT --             1,1   All"], cursor: (0, 0))
        #expect(answer(&vim, key: .typed("i"), then: insert) == [.say("-- INSERT --")])
        var ruler = insert
        ruler.lines[3] = ScreenLine(text: "-- INSERT --             1,2   All", columns: 40)
        ruler.cursor.column = 1
        #expect(answer(&vim, key: .right, then: ruler, at: 200) == [.echo("i", unit: .character)])

        var nano = reader(after: screen(text, cursor: (0, 0)))
        let bar = screen(["first", "second", "third", "^G Help  ^O Write  ^W Where"], cursor: (1, 0))
        #expect(answer(&nano, key: .down, then: bar) == [.echo("second", unit: .line)])
        var highlighted = reader(after: screen(text, cursor: (0, 0)))
        let keys = ScreenLine(cells: "F1Help F2Setup F3Search".enumerated().map { index, character in
            ScreenCell(character, look: [0, 1, 7, 8, 15, 16].contains(index) ? 1 : 0)
        } + Array(repeating: ScreenCell(" "), count: 17))
        var meters = screen(text, cursor: (1, 0))
        meters.lines[3] = keys
        #expect(answer(&highlighted, key: .down, then: meters) == [.echo("second", unit: .line)])
    }

    /// A cursor that moved and drew nothing onto a plain line is said at once (vim's j); onto a
    /// line with a look of its own, after `drawGapMs` of quiet: if the program draws after it (a
    /// curses menu's move to the item it redraws), the move alone is never said.
    @Test func aCursorThatMovedAndDrewNothingWaitsTheDrawGap() {
        let text = ["one", "two", "three", ""]
        var vim = reader(after: screen(text, cursor: (0, 0)))
        _ = vim.key(.typed("j"), at: 100)
        #expect(vim.output(screen(text, cursor: (1, 0)), scrolledOff: .init(), at: 101) == [.echo("two", unit: .line)])

        var coloured = screen(text, cursor: (0, 0))
        coloured.lines[1] = ScreenLine(text: "two", columns: 40, look: 2)
        var box = reader(after: coloured)
        _ = box.key(.typed("j"), at: 100)
        var down = coloured
        down.cursor = ScreenPosition(row: 1, column: 0)
        #expect(box.output(down, scrolledOff: .init(), at: 101).isEmpty)
        #expect(box.deadline == 101 + TerminalReader.drawGapMs)
        #expect(box.tick(at: 101 + TerminalReader.drawGapMs) == [.echo("two", unit: .line)])

        // A menu in the main screen: Down moves the cursor to the item it redraws, then the
        // highlight, and parks the cursor where it was.
        let items = ["  apple", "  banana", "", ""]
        var lines = items.map { ScreenLine(text: $0, columns: 20) }
        lines[0] = ScreenLine(text: "  apple", columns: 20, look: 1)
        let before = ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 3, column: 0))
        var menu = reader(after: before)
        _ = menu.key(.down, at: 100)
        var moved = before
        moved.cursor = ScreenPosition(row: 0, column: 2)
        #expect(menu.output(moved, scrolledOff: .init(), at: 101).isEmpty)
        var drawn = before
        drawn.lines[0] = ScreenLine(text: "  apple", columns: 20)
        drawn.lines[1] = ScreenLine(text: "  banana", columns: 20, look: 1)
        var said = menu.output(drawn, scrolledOff: .init(), at: 104)
        while let deadline = menu.deadline { said += menu.tick(at: deadline) }
        #expect(said == [.highlight("banana")])
    }

    /// Blank lines and lines past the end are never counted among "more lines".
    @Test func blankAndPastTheEndLinesAreNotCounted() {
        var settings = TerminalSettings()
        settings.floodLines = 3
        let start = screen(Array(repeating: "", count: 12), cursor: (0, 0), alternate: false)
        var reader = TerminalReader(settings: settings, composer: englishComposer, screen: start)
        let rows = ["one", "", "two", "", "three", "~", "four", "(END)", "five", "", "", "$"]
        var said = reader.output(screen(rows, cursor: (11, 2), alternate: false), scrolledOff: .init(), at: 0)
        while let deadline = reader.deadline { said += reader.tick(at: deadline) }
        // Drawn in place (nothing scrolled): said from its first line; the prompt is no line of it.
        #expect(said == [.say("one, 4 more lines")])
    }

    /// A pager's page: the new lines from the first, and the prompt that came back as it was
    /// (`:`) not said again.
    @Test func aPromptThatCameBackAsItWasIsNotSaidAgain() {
        let page1 = screen(["one", "two", ":"], cursor: (2, 1), alternate: false)
        var less = reader(after: page1)
        let page2 = screen(["three", "four", ":"], cursor: (2, 1), alternate: false)
        #expect(answer(&less, key: .typed(" "), then: page2) == [.say("three\nfour")])
    }
}
