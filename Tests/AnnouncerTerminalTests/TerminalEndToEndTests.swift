#if canImport(Glibc)
import Glibc
#endif
import AnnouncerSupport
import AnnouncerWire
import AnnouncerTestSupport
import Foundation
import Testing

/// Real programs under `announce term` in tmux, heard through announcerd on the text sink
/// (issue [K] point 4): Tests/fixtures/terminal/session.sh sends real keys with tmux
/// send-keys and prints what announcerd spoke.
/// Its tests run at once, as wide as Swift Testing runs tests: each session has its own tmux
/// server, daemon, home and copies of the files an editor changes.
@Suite struct TerminalEndToEndTests {
    func session(_ command: String, _ steps: [String]) async throws -> [String] {
        try await run(command, steps).spoken
    }

    /// What announcerd spoke, and session.sh's notes: `[announce term exited N]`,
    /// `[terminal restored]` or `[terminal not restored]`.
    func run(_ command: String, _ steps: [String]) async throws -> (spoken: [String], notes: [String]) {
        let fixtures = packageRoot.appendingPathComponent("Tests/fixtures/terminal").path
        let lines = try await sessionOutput(["\(fixtures)/session.sh", binary("announcerd"), binary("announce"), command] + steps, seconds: 120,
                                      directory: fixtures).split(separator: "\n")
        let spoken = lines.compactMap { line -> String? in
            let parts = line.split(separator: " ", maxSplits: 3)
            return parts.count == 4 && parts[0] == "SPEAK" ? String(parts[3]) : nil
        }
        return (spoken, lines.filter { $0.hasPrefix("[") }.map(String.init))
    }

    /// announce term declares keyboard use in its hello (docs/protocol.md), so that anything
    /// announcerd composes for it says keys: the hello as announcerd's `--record` wrote it down.
    @Test func announceTermDeclaresKeyboardUse() throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("term-record-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: record) }
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant", "--record", record])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary("announce"))
        process.arguments = ["term", "--socket", daemon.socket, "--", "sh", "-c", "echo hi"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try daemon.waitForOutput("exited 0")
        let requests = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").compactMap { line -> Request? in
            guard case .object(let members) = try JSONValue.parse(Array(line.utf8)), case .string(let text)? = members["text"] else { return nil }
            return try RequestLine(Array(text.utf8)).request
        }
        #expect(requests.first == .hello(client: "announce term", protocol: 1, hints: .keyboard))
    }

    @Test func bashEchoHistoryReviewAndTypingEcho() async throws {
        let spoken = try await session("bash --rcfile $ANNOUNCER_TEST_BASHRC", ["type:echo hi", "Enter", "Up", "BSpace", "M-i", "M-u", "C-e", "C-u", "type:exit", "Enter"])
        #expect(spoken == ["$", "e", "c", "h", "o", "space", "h", "i", "hi\\n$", "$ echo hi", "i", "$ echo h", "hi", "echo h", "e", "x", "i", "t", "exit", "exited 0"])
    }

    @Test func whiptailMenuDownSpeaksTheNextEntry() async throws {
        // Each key once the one before has been answered: on a loaded machine two keys in one
        // screen update would be said as the second alone.
        let spoken = try await session("./menu.sh", ["wait:Pick a fruit", "Down", "wait:banana Yellow fruit", "Down", "wait:cherry Small fruit",
                                               "Up", "wait:banana Yellow fruit", "Enter"])
        #expect(spoken == [
            "Fruit\\nPick a fruit\\napple Red fruit\\nbanana Yellow fruit\\ncherry Small fruit\\n<Ok> <Cancel>",
            "banana Yellow fruit", "cherry Small fruit", "banana Yellow fruit", "banana", "exited 0",
        ])
    }

    /// A check box is a switch: the row Down reaches is announcerd's focus of it, with the hint
    /// the composer gives a switch (awaited, so that each Space follows it), and Space's new state
    /// is said in the same words.
    @Test func dialogChecklistSpaceSpeaksTheNewState() async throws {
        let spoken = try await session("./checklist.sh", ["wait:Toppings", "Down", "wait:toggle setting", "Space", "wait:olives Olives. Not Checked.",
                                                    "Down", "wait:toggle setting", "Space", "wait:ham Ham. Checked.", "Escape"])
        #expect(Array(spoken.prefix(7)) == [
            "Toppings\\ncheese Cheese. Not Checked.\\nolives Olives. Checked.\\nham Ham. Not Checked.\\n< OK > <Cancel>",
            "olives Olives. Checked.", "Press Space to toggle setting.", "olives Olives. Not Checked.",
            "ham Ham. Not Checked.", "Press Space to toggle setting.", "ham Ham. Checked.",
        ])
        #expect(spoken.last?.hasPrefix("exited") == true)
    }

    @Test func lessSpaceSpeaksTheNewFirstLine() async throws {
        let spoken = try await session("less lines.txt", ["wait:lines.txt", "Space", "q"])
        #expect(spoken == [
            "Line 1 of the file\\nLine 2 of the file\\nLine 3 of the file\\nLine 4 of the file\\nLine 5 of the file\\nLine 6 of the file\\nlines.txt",
            "Line 24 of the file, 22 more lines", "exited 0",
        ])
    }

    // MARK: - Editors and full-screen programs (issue [P])

    /// An editor on a copy of notes.txt, in the copies' directory (its messages name no path).
    func inFiles(_ command: String) -> String { "sh -c \"cd \\$ANNOUNCER_TEST_FILES && exec \(command)\"" }

    /// vim with no vimrc: j and k the line, w the word, x the character deleted, insert mode's
    /// mode line and typing, Escape the character the cursor lands on, `:w`'s answer. vim shows
    /// the file's name alone while it writes: a loaded machine's write is long enough for it to
    /// be said (CI heard it once), and then what the line gained, "5L, 88B written" (CI heard
    /// that too); a quiet one's is not, and the line is said whole. All are right.
    @Test func vimWithNoVimrcTracksTheCursor() async throws {
        let said = try await session(inFiles("vim -u NONE -i NONE -N -n notes.txt"),
                                 ["wait:notes.txt", "j", "k", "w", "x", "i", "type:ab", "Escape", ":", "w", "Enter", "wait:written", ":", "q", "Enter"])
        var spoken: [String] = []
        for line in said {
            if line == "5L, 88B written", spoken.last == "\"notes.txt\"" { spoken[spoken.count - 1] += " " + line } else { spoken.append(line) }
        }
        #expect(spoken.filter { $0 != "\"notes.txt\"" } == [
            "first line of notes\\nsecond line here\\nfourth line after a blank\\nlast words of the file\\n\"notes.txt\" 5L, 87B",
            "second line here", "first line of notes", "line", "l", "-- INSERT --", "a", "b", "b",
            ":", "w", "\"notes.txt\" 5L, 88B written", ":", "q", "exited 0",
        ])
    }

    /// vim with Debian's defaults.vim (HOME is empty): a blank line says "blank", `:q` on a
    /// changed buffer says E37, `:q!` leaves.
    @Test func vimWithDebiansDefaultsSaysItsMessages() async throws {
        let spoken = try await session(inFiles("vim -i NONE -n notes.txt"),
                                 ["wait:notes.txt", "j", "j", "k", "w", "i", "type:ab", "Escape", ":", "q", "Enter", ":", "q", "!", "Enter"])
        #expect(spoken == [
            "first line of notes\\nsecond line here\\nfourth line after a blank\\nlast words of the file\\n\"notes.txt\" 5L, 87B",
            "second line here", "blank", "second line here", "line", "-- INSERT --", "a", "b", "b",
            ":", "q", "E37: No write since last change (add ! to override)", ":", "q", "!", "exited 0",
        ])
    }

    /// nano: its title, text and message on entry, not its key bar; End on a blank line, typing,
    /// Control-O's prompt and its answer. nano shows "[ Reading... ]" and "[ Writing... ]" for as
    /// long as it reads or writes: a loaded machine's is long enough for them to be said (CI
    /// heard each once), a quiet one's is not, and both are right. Then what it read is said
    /// after them, the lines that changed (its title had been said with "[ Reading... ]").
    @Test func nanoSaysItsPromptAndAnswerNeverItsKeyBar() async throws {
        let spoken = try await session(inFiles("nano --ignorercfiles notes.txt"),
                                 ["wait:Read 5 lines", "Down", "End", "type:xy", "C-o", "wait:File Name", "Enter", "wait:Wrote", "C-x"])
        let heard = spoken.filter { $0 != "[ Writing... ]" }
        let text = "first line of notes\\nsecond line here\\nfourth line after a blank\\nlast words of the file\\n[ Read 5 lines ]"
        let opening = heard.first == "[ Reading... ]" || heard.first == "GNU nano 7.2 notes.txt\\n[ Reading... ]"
            ? Array(heard.prefix(2)) : Array(heard.prefix(1))
        #expect(opening == ["GNU nano 7.2 notes.txt\\n" + text] || opening.last == text || opening.last == "GNU nano 7.2 notes.txt\\n" + text,
                "in \(spoken)")
        #expect(Array(heard.dropFirst(opening.count)) == [
            "second line here", "blank", "x", "y", "File Name to Write: notes.txt", "[ Wrote 5 lines ]", "exited 0",
        ], "in \(spoken)")
    }

    /// man through less: its first lines and prompt once, j the line scrolled into view.
    @Test func manSaysTheLineScrolledIntoView() async throws {
        let spoken = try await session("man -l notes.1", ["wait:notes.1", "j", "q"])
        #expect(spoken == [
            "NOTES(1) Test pages NOTES(1)\\nNAME\\nnotes - a page for the terminal door's tests\\nSYNOPSIS\\nnotes [FILE]\\nDESCRIPTION\\nManual page notes.1 line 1 (press h for help or q to quit)",
            "Line eleven of the description.", "exited 0",
        ])
    }

    /// git log through its pager (less in the main screen): a page, the next, j the new line,
    /// and q takes the prompt away unsaid. The repository's commits are fixed, so are their ids.
    /// Each key once the one before has been answered (CI's load stage pressed j while less still
    /// drew Space's page).
    @Test func gitLogThroughItsPager() async throws {
        let spoken = try await session("./gitlog.sh", ["wait:Note 9", "Space", "wait:10:15:00 2026", "j", "q"])
        #expect(spoken.count == 4)
        #expect(spoken.first?.hasPrefix("commit f10048700e234af096a48bbab7577aa6b7227427 (HEAD -> master)\\nAuthor: Tester <tester@example.org>\\nDate: Tue Dec 1 10:22:00 2026 +0000\\nNote 12\\n") == true)
        #expect(spoken.first?.hasSuffix("Note 9\\n:") == true)
        #expect(spoken.dropFirst().first?.hasSuffix("\\nDate: Tue Dec 1 10:15:00 2026 +0000") == true)
        #expect(Array(spoken.suffix(2)) == ["Note 5", "exited 0"])
    }

    /// fzf: its list once, Up the entry its `>` moved to, Enter its choice (printed as it ends).
    /// `--sync`: fzf shows its finder once its input is read. Without it, on a loaded machine
    /// it first drew its reading spinner ("⠦ 0/0"), long enough to be a screen of its own that
    /// the door said (CI heard it once), and the list after it.
    @Test func fzfSaysTheEntryItsMarkerMovedTo() async throws {
        let spoken = try await session("sh -c \"printf 'apple\\\\nbanana\\\\ncherry\\\\n' | fzf --sync\"", ["wait:3/3", "Up", "Up", "Enter"])
        #expect(spoken == ["cherry\\nbanana\\n> apple\\n3/3\\n>", "banana", "cherry", "cherry", "exited 0"])
    }

    /// htop: its meters once, then the highlighted process at each Down. A meter's line that
    /// htop rewrites in place is said at most once per term.repeat-ms (a session slowed by a
    /// loaded machine lasts long enough for one): nothing else is.
    @Test func htopSaysTheHighlightedProcess() async throws {
        let spoken = try await session("htop", ["wait:Tasks", "Down", "Down", "q"])
        #expect(spoken.first?.contains("Tasks:") == true)
        let rows = spoken.dropFirst().dropLast()
        let processes = rows.filter { $0.first?.isNumber == true && $0.contains(" root ") }
        let meters = rows.filter { $0.contains("%]") }
        #expect(processes.count >= 2 && processes.count + meters.count == rows.count, "\(rows)")
        #expect(spoken.last == "exited 0")
    }

    /// Midnight Commander: Down the file the bar moved to, F10 leaves.
    @Test func midnightCommanderSaysTheHighlightedFile() async throws {
        let spoken = try await session(inFiles("mc -u"), ["wait:Left", "Down", "Down", "F10"])
        #expect(spoken.count == 4)
        #expect(spoken.first?.hasPrefix("Left File Command Options Right") == true)
        #expect(spoken.dropFirst().first?.hasPrefix("lines.txt 1992 ") == true)
        #expect(spoken.dropFirst(2).first?.hasPrefix("notes.1 1085 ") == true)
        #expect(spoken.last == "exited 0")
    }

    /// bash, then vim, then bash again: leaving vim says the prompt, never the lines the
    /// alternate screen gives back.
    @Test func leavingVimSaysOnlyThePrompt() async throws {
        let spoken = try await session("bash --rcfile $ANNOUNCER_TEST_BASHRC",
                                 ["type:echo hello", "Enter", "wait:hello", "type:vim -u NONE", "Enter", "wait:VIM", ":", "q", "Enter", "wait:$", "type:exit", "Enter"])
        let vim = try #require(spoken.firstIndex { $0.contains("VIM - Vi IMproved") })
        #expect(spoken[..<vim].contains("hello\\n$"))
        #expect(Array(spoken[(vim + 1)...]) == [":", "q", "$", "e", "x", "i", "t", "exit", "exited 0"])
    }

    /// 4 s of a spinner redrawn every 25 ms: at most once per repeat-ms (2 s), then "done".
    @Test func aSpinnerIsSaidAtMostOncePerRepeatTime() async throws {
        let spoken = try await session("./spinner.sh", ["wait:Working done"])
        let spins = spoken.filter { $0.hasPrefix("Working") && $0 != "Working done" }
        #expect((1...3).contains(spins.count))
        #expect(Array(spoken.suffix(2)) == ["Working done", "exited 0"])
    }

    @Test func aFloodIsItsLastLineAndACount() async throws {
        let spoken = try await session("bash --rcfile $ANNOUNCER_TEST_BASHRC", ["type:seq 1 5000", "Enter", "wait:5000, "])
        let floods = spoken.filter { $0.hasSuffix(" more lines") }
        #expect(floods.last?.hasPrefix("5000, ") == true)
        #expect(spoken.count < 40)
    }

    /// The program's exit status is announce term's, and the terminal is as it was.
    @Test func theExitStatusIsPassedOnAndTheTerminalRestored() async throws {
        let result = try await run("sh -c 'echo bye; exit 3'", ["wait:exited 3"])
        #expect(result.spoken == ["bye", "exited 3"])
        #expect(result.notes == ["[announce term exited 3]", "[terminal restored]"])
    }

    /// SIGTERM to announce term: the terminal is restored and the status says the signal.
    @Test func aTerminatedAnnounceTermRestoresTheTerminal() async throws {
        let result = try await run("bash --rcfile $ANNOUNCER_TEST_BASHRC", ["signal:TERM"])
        #expect(result.notes == ["[announce term exited 143]", "[terminal restored]"])
    }

    /// The program sees the window's size, and its changes (SIGWINCH), as its terminal's.
    /// (tmux -f /dev/null with no client attached: the pane is the whole window.)
    @Test func theWindowSizeAndItsChangesReachTheProgram() async throws {
        let spoken = try await session("bash --rcfile $ANNOUNCER_TEST_BASHRC",
                                 ["type:stty size", "Enter", "resize:100x30", "type:stty size", "Enter", "type:exit", "Enter"])
        #expect(spoken.contains("24 80\\n$"))
        #expect(spoken.contains("30 100\\n$"))
    }
}
