import AnnouncerTesting
import Testing

// docs/testing.md shows this file: keep the two the same (TestingGuideTests checks).

/// What a screen reader says in the curses menu of examples/testing/terminal, asserted from
/// Swift Testing through AnnouncerTesting's TerminalSession.
@Suite struct CursesMenuSpeechTests {
    /// examples/testing/terminal/menu.py, from this file's place in the repository.
    let program = ["python3", #filePath.split(separator: "/").dropLast(3).reduce("") { $0 + "/" + $1 } + "/examples/testing/terminal/menu.py"]

    @Test func theMenuSaysEachEntryTheHighlightMovesTo() throws {
        let menu = try TerminalSession(program)
        #expect(menu.spoken == [#"Main menu\#nNew game\#nLoad game\#nSettings\#nQuit"#])
        try menu.press("Down")
        try menu.press("Enter")
        #expect(menu.spoken.suffix(2) == ["Load game", "You chose Load game."])
        #expect(try menu.screen()[7] == "You chose Load game.")
        try menu.press("q")
        #expect(try menu.waitForExit() == 0)
        #expect(menu.spoken.last == "exited 0")
    }

    @Test func aBadKeyNameIsRefusedAndAMissingUtteranceListsWhatWasSaid() throws {
        let menu = try TerminalSession(program)
        #expect(throws: TerminalSession.Failure.self) { try menu.press("Dwn") }
        let missing = #expect(throws: TerminalSession.Failure.self) { try menu.waitForSpeech("Options", within: .milliseconds(300)) }
        #expect(missing?.description.hasPrefix(#""Options" was not spoken in time; spoken: ["Main menu"#) == true)
        try menu.press("Up")
        #expect(menu.spoken.last == "Quit")
    }
}
