import AnnouncerCore
import AnnouncerTerminal
import Testing

/// The terminal door's rules on recorded sessions (Fixtures/*.rec, recorded from real programs
/// under tmux with ANNOUNCE_TERM_RECORD), replayed with no terminal and a manual clock.
struct TerminalReaderTests {
    @Test(arguments: ["shell.rec", "menu.rec", "checklist.rec", "spinner.rec", "flood.rec", "less.rec"])
    func dump(name: String) throws {
        let spoken = try Recording(fixture: name).replay()
        print("DUMP", name, spoken)
    }
}
