import AnnouncerScheduler
import AnnouncerTerminal
import Testing

typealias Step = Recording.Step

/// What a key's answer sounds like: a line, a word or a character reached or echoed.
func line(_ text: String) -> TerminalReader.Speech { .echo(text, unit: .line) }
func word(_ text: String) -> TerminalReader.Speech { .echo(text, unit: .word) }
func character(_ text: String) -> TerminalReader.Speech { .echo(text, unit: .character) }

/// Editors, pagers and full-screen programs (issue [P]), recorded under tmux by
/// Tests/fixtures/terminal/session.sh with RECORD=FILE (80x24, notes.txt, lines.txt, notes.1)
/// and replayed with a manual clock: each key the user pressed and all the reader said for it.
///
/// - vim (`-u NONE -N`, and with Debian's defaults.vim): j and k the line, w b e the word, l
///   and h the character, x the character deleted, dd and u the cursor's new line and vim's
///   message, G and gg the line, typed text echoed, `:` echoed on the command line, the
///   command's answer (E37, "written") said; its `~` lines never said or counted.
/// - vim scrolling (defaults.vim on lines.txt): Control-F, -D, -U the cursor's new line.
/// - nano: arrows, Control+Right, typing, Backspace, Control-O's prompt and its answer.
/// - less and man: j and k the line scrolled into view, Space and G the page from its first
///   line with no count for the prompt, the prompt's line number never read again.
/// - htop and mc: the highlighted row; fzf: the entry its `>` moved to.
/// - git log through its pager in the main screen: a page said whole, j the new line, q nothing.
/// - bash running vim: only the prompt after vim, never the restored scrollback.
struct TerminalProgramsTests {
    @Test(arguments: [
        ("vim-none", [
            Step("start", [.say("first line of notes\nsecond line here\nfourth line after a blank\nlast words of the file\n\"notes.txt\" 5 lines, 87 bytes")]),
            Step("j", [line("second line here")]),
            Step("j", [line("blank")]),
            Step("k", [line("second line here")]),
            Step("w", [word("line")]),
            Step("w", [word("here")]),
            Step("b", [word("line")]),
            Step("e", [word("line")]),
            Step("l", [character("space")]),
            Step("h", [character("e")]),
            Step("x", [character("e")]),
            Step("j", [line("blank")]),
            Step("d"),
            Step("d", [line("fourth line after a blank")]),
            Step("u", [line("blank"), .say("1 more line; before #2")]),
            Step("G", [line("last words of the file")]),
            Step("g"),
            Step("g", [line("first line of notes")]),
            Step("i"),
            Step("a", [character("a")]),
            Step("b", [character("b")]),
            Step("escape", [character("b")]),
            Step(":", [character(":")]),
            Step("q", [character("q")]),
            Step("enter", [.say("E37: No write since last change (add ! to override)")]),
            Step(":", [character(":")]),
            Step("w", [character("w")]),
            Step("enter", [.say("\"notes.txt\" 5 lines, 88 bytes written")]),
            Step(":", [character(":")]),
            Step("q", [character("q")]),
            Step("enter", [.say("exited 0")]),
        ]),
        ("vim-defaults", [
            Step("start", [.say("abfirst line of notes\nsecond lin here\nfourth line after a blank\nlast words of the file\n\"notes.txt\" 5L, 88B")]),
            Step("j", [line("second lin here")]),
            Step("j", [line("blank")]),
            Step("k", [line("second lin here")]),
            Step("w", [word("lin")]),
            Step("w", [word("here")]),
            Step("b", [word("lin")]),
            Step("e", [word("lin")]),
            Step("l", [character("space")]),
            Step("h", [character("n")]),
            Step("x", [character("n")]),
            Step("j", [line("blank")]),
            Step("d"),
            Step("d", [line("fourth line after a blank")]),
            Step("u", [line("blank"), .say("1 more line; before #2")]),
            Step("G", [line("last words of the file")]),
            Step("g"),
            Step("g", [line("abfirst line of notes")]),
            Step("i", [.say("-- INSERT --")]),
            Step("a", [character("a")]),
            Step("b", [character("b")]),
            Step("escape", [character("b")]),
            Step(":", [character(":")]),
            Step("q", [character("q")]),
            Step("enter", [.say("E37: No write since last change (add ! to override)")]),
            Step(":", [character(":")]),
            Step("w", [character("w")]),
            Step("enter", [.say("\"notes.txt\" 5L, 89B written")]),
            Step(":", [character(":")]),
            Step("q", [character("q")]),
            Step("enter", [.say("exited 0")]),
        ]),
        ("vim-scroll", [
            Step("start", [.say("Line 1 of the file\nLine 2 of the file\nLine 3 of the file\nLine 4 of the file\nLine 5 of the file\nLine 6 of the file")]),
            Step("C-f", [line("Line 27 of the file")]),
            Step("C-d", [line("Line 38 of the file")]),
            Step("C-u", [line("Line 27 of the file")]),
            Step("G", [line("Line 100 of the file")]),
            Step("g"),
            Step("g", [line("Line 1 of the file")]),
            Step("j", [line("Line 2 of the file")]),
            Step(":", [character(":")]),
            Step("q", [character("q")]),
            Step("enter", [.say("exited 0")]),
        ]),
        ("nano", [
            Step("start", [.say("GNU nano 7.2 notes.txt\nfirst line of notes\nsecond line here\nfourth line after a blank\nlast words of the file\n[ Read 5 lines ]")]),
            Step("down", [line("second line here")]),
            Step("down", [line("blank")]),
            Step("right", [line("fourth line after a blank")]),
            Step("right", [character("o")]),
            Step("wordRight", [word("line")]),
            Step("x", [character("x")]),
            Step("y", [character("y")]),
            Step("backspace", [character("y")]),
            Step("up", [line("blank")]),
            Step("C-o", [.highlight("File Name to Write: notes.txt")]),
            Step("enter", [.say("[ Wrote 5 lines ]")]),
            Step("C-x", [.say("exited 0")]),
        ]),
        ("less-lines", [
            Step("start", [.say("Line 1 of the file\nLine 2 of the file\nLine 3 of the file\nLine 4 of the file\nLine 5 of the file\nLine 6 of the file\nlines.txt")]),
            Step("j", [.say("Line 24 of the file")]),
            Step("j", [.say("Line 25 of the file")]),
            Step("k", [.say("Line 2 of the file")]),
            Step(" ", [.say("Line 25 of the file, 22 more lines")]),
            Step("G", [.say("Line 78 of the file, 22 more lines")]),
            Step("g", [.say("Line 1 of the file, 22 more lines")]),
            Step("q", [.say("exited 0")]),
        ]),
        ("man", [
            Step("start", [.say("NOTES(1) Test pages NOTES(1)\nNAME\nnotes - a page for the terminal door's tests\nSYNOPSIS\nnotes [FILE]\nDESCRIPTION\nManual page notes.1 line 1 (press h for help or q to quit)")]),
            Step("j", [.say("Line eleven of the description.")]),
            Step("j", [.say("Line twelve of the description.")]),
            Step(" ", [.say("Line thirteen of the description.\nLine fourteen of the description.\nLine fifteen of the description.\nLine sixteen of the description.\nLine seventeen of the description.\nLine eighteen of the description.\nLine nineteen of the description.\nLine twenty of the description.\nEXIT STATUS\n0 when the notes were kept.\nAnnouncer 2026-12-02 NOTES(1)")]),
            Step("q", [.say("exited 0")]),
        ]),
        ("htop", [
            Step("start", [.say("0[ 0.0%] Tasks: 14, 17 thr, 59 kthr; 2 running\n1[ 0.0%] Load average: 0.46 0.77 0.42\nMem[|||| 96.2M/23.5G] Uptime: 00:07:38\nSwp[ 0K/0K]\n[Main] [I/O]\nPID USER PRI NI VIRT RES SHR S CPU%▽MEM% TIME+ Command")]),
            Step("down", [.highlight("59 root 20 0 42860 10076 6948 S 0.0 0.0 0:00.04 /process_api --")]),
            Step("down", [.highlight("60 root 10 -10 42860 10076 6948 S 0.0 0.0 0:00.07 /process_api --")]),
            Step("up", [.highlight("59 root 20 0 42860 10076 6948 S 0.0 0.0 0:00.04 /process_api --")]),
            Step("q", [.say("exited 0")]),
        ]),
        ("mc", [
            Step("start", [.say("Left File Command Options Right\n< ...n/Tests/fixtures/terminal .[^]> < ...n/Tests/fixtures/terminal .[^]>\n.n Name Size Modify time .n Name Size Modify time\n/.. UP--DIR Dec 2 18:41 /.. UP--DIR Dec 2 18:41\n*checklist.sh 185 Dec 2 18:41 *checklist.sh 185 Dec 2 18:41\nlines.txt 1992 Dec 2 18:41 lines.txt 1992 Dec 2 18:41\n#")]),
            Step("down", [.highlight("*checklist.sh 185 Dec 2 18:41")]),
            Step("down", [.highlight("lines.txt 1992 Dec 2 18:41")]),
            Step("tab", [.highlight("...n/Tests/fixtures/terminal")]),
            Step("down", [.highlight("*checklist.sh 185 Dec 2 18:41")]),
            Step("other", [.say("exited 0")]),
        ]),
        ("fzf", [
            Step("start", [.say("cherry\nbanana\n> apple\n3/3\n>")]),
            Step("up", [.highlight("banana")]),
            Step("up", [.highlight("cherry")]),
            Step("c", [character("c")]),
            Step("h", [character("h")]),
            Step("backspace", [character("h")]),
            Step("enter", [.say("cherry"), .say("exited 0")]),
        ]),
        ("gitlog", [
            // git log's pager (less, LESS=FRX) in the main screen: a page is output, said whole
            // with its prompt; j the line scrolled into view; q takes the prompt away, unsaid.
            Step("start", [.say("""
                commit f10048700e234af096a48bbab7577aa6b7227427 (HEAD -> master)\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:22:00 2026 +0000\nNote 12\n\
                commit 6727d1e24c207b110189ce58a895588c69194d60\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:21:00 2026 +0000\nNote 11\n\
                commit 4032b1aa353460f4e936c01b06098fed9ba950cd\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:20:00 2026 +0000\nNote 10\n\
                commit 0917a4ea8a48b1d0bad5896738ef608e97042440\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:19:00 2026 +0000\nNote 9\n:
                """)]),
            Step(" ", [.say("""
                commit 967b68b665cf99a3e001120b23667bd7d2fc690e\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:18:00 2026 +0000\nNote 8\n\
                commit 931bb3aaf5dfa11ecae52c3f9f96df9a49e6d6c5\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:17:00 2026 +0000\nNote 7\n\
                commit 958d06593f5d941a10d48b6742e9a3e66f801d9e\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:16:00 2026 +0000\nNote 6\n\
                commit c6195b64746d392f0b26e1fa1c9e5b8a137f5874\nAuthor: Tester <tester@example.org>\nDate: Tue Dec 1 10:15:00 2026 +0000
                """)]),
            Step("j", [.say("Note 5")]),
            Step("q", [.say("exited 0")]),
        ]),
        ("bash-vim", [
            Step("start", [.say("$")]),
            Step("l", [character("l")]),
            Step("s", [character("s")]),
            Step("enter", [.say("checklist.sh lines.txt menu.sh notes.1 notes.txt session.sh spinner.sh\n$")]),
            Step("v", [character("v")]),
            Step("i", [character("i")]),
            Step("m", [character("m")]),
            Step(" ", [character("space")]),
            Step("-", [character("-")]),
            Step("u", [character("u")]),
            Step(" ", [character("space")]),
            Step("N", [character("N")]),
            Step("O", [character("O")]),
            Step("N", [character("N")]),
            Step("E", [character("E")]),
            Step(" ", [character("space")]),
            Step("-", [character("-")]),
            Step("i", [character("i")]),
            Step(" ", [character("space")]),
            Step("N", [character("N")]),
            Step("O", [character("O")]),
            Step("N", [character("N")]),
            Step("E", [character("E")]),
            Step(" ", [character("space")]),
            Step("n", [character("n")]),
            Step("o", [character("o")]),
            Step("t", [character("t")]),
            Step("e", [character("e")]),
            Step("s", [character("s")]),
            Step(".", [character(".")]),
            Step("t", [character("t")]),
            Step("x", [character("x")]),
            Step("t", [character("t")]),
            Step("enter", [.say("first line of notes\nsecond line here\nfourth line after a blank\nlast words of the file\n\"notes.txt\" 5 lines, 87 bytes")]),
            Step("j", [line("second line here")]),
            Step(":", [character(":")]),
            Step("q", [character("q")]),
            Step("enter", [.say("$")]),
            Step("e", [character("e")]),
            Step("x", [character("x")]),
            Step("i", [character("i")]),
            Step("t", [character("t")]),
            Step("enter", [.say("exit"), .say("exited 0")]),
        ]),
    ] as [(String, [Step])])
    func eachKeyIsAnsweredAsAListenerNeeds(program: String, expected: [Step]) throws {
        let steps = try Recording(fixture: "\(program).rec").replayByKey()
        #expect(steps.map(\.key) == expected.map(\.key), "the keys recorded")
        for (step, wanted) in zip(steps, expected) {
            #expect(step == wanted)
        }
    }
}
