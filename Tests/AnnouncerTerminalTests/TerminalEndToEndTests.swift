#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import AnnouncerTestSupport
import Foundation
import Testing

/// Real programs under `announce term` in tmux, heard through announcerd on the text sink
/// (issue [K] point 4): Tests/fixtures/terminal/session.sh sends real keys with tmux
/// send-keys and prints what announcerd spoke.
@Suite(.serialized) struct TerminalEndToEndTests {
    func session(_ command: String, _ steps: [String]) throws -> [String] {
        try run(command, steps).spoken
    }

    /// What announcerd spoke, and session.sh's notes: `[announce term exited N]`,
    /// `[terminal restored]` or `[terminal not restored]`.
    func run(_ command: String, _ steps: [String]) throws -> (spoken: [String], notes: [String]) {
        let fixtures = packageRoot.appendingPathComponent("Tests/fixtures/terminal").path
        let lines = try sessionOutput(["\(fixtures)/session.sh", binary("announcerd"), binary("announce"), command] + steps, seconds: 120,
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

    @Test func bashEchoHistoryReviewAndTypingEcho() throws {
        let spoken = try session("bash --rcfile $ANNOUNCER_TEST_BASHRC", ["type:echo hi", "Enter", "Up", "BSpace", "M-i", "M-u", "C-e", "C-u", "type:exit", "Enter"])
        #expect(spoken == ["$", "e", "c", "h", "o", "space", "h", "i", "hi\\n$", "$ echo hi", "i", "$ echo h", "hi", "$", "e", "x", "i", "t", "exit", "exited 0"])
    }

    @Test func whiptailMenuDownSpeaksTheNextEntry() throws {
        let spoken = try session("./menu.sh", ["Down", "Down", "Up", "Enter"])
        #expect(spoken == [
            "Fruit\\nPick a fruit\\napple Red fruit\\nbanana Yellow fruit\\ncherry Small fruit\\n<Ok> <Cancel>",
            "banana Yellow fruit", "cherry Small fruit", "banana Yellow fruit", "banana", "exited 0",
        ])
    }

    @Test func dialogChecklistSpaceSpeaksTheNewState() throws {
        let spoken = try session("./checklist.sh", ["Down", "Space", "Down", "Space", "Escape"])
        #expect(Array(spoken.prefix(5)) == [
            "Toppings\\nnot checked cheese Cheese\\nchecked olives Olives\\nnot checked ham Ham\\n< OK > <Cancel>",
            "checked olives Olives", "not checked olives Olives", "not checked ham Ham", "checked ham Ham",
        ])
        #expect(spoken.last?.hasPrefix("exited") == true)
    }

    @Test func lessSpaceSpeaksTheNewFirstLine() throws {
        let spoken = try session("less lines.txt", ["Space", "q"])
        #expect(spoken == ["Line 1 of the file, 23 more lines", "Line 24 of the file, 23 more lines", "exited 0"])
    }

    /// 4 s of a spinner redrawn every 25 ms: at most once per repeat-ms (2 s), then "done".
    @Test func aSpinnerIsSaidAtMostOncePerRepeatTime() throws {
        let spoken = try session("./spinner.sh", ["sleep:5"])
        let spins = spoken.filter { $0.hasPrefix("Working") && $0 != "Working done" }
        #expect((1...3).contains(spins.count))
        #expect(Array(spoken.suffix(2)) == ["Working done", "exited 0"])
    }

    @Test func aFloodIsItsLastLineAndACount() throws {
        let spoken = try session("bash --rcfile $ANNOUNCER_TEST_BASHRC", ["type:seq 1 5000", "Enter", "sleep:2"])
        let floods = spoken.filter { $0.hasSuffix(" more lines") }
        #expect(floods.last?.hasPrefix("5000, ") == true)
        #expect(spoken.count < 40)
    }

    /// The program's exit status is announce term's, and the terminal is as it was.
    @Test func theExitStatusIsPassedOnAndTheTerminalRestored() throws {
        let result = try run("sh -c 'echo bye; exit 3'", ["sleep:1"])
        #expect(result.spoken == ["bye", "exited 3"])
        #expect(result.notes == ["[announce term exited 3]", "[terminal restored]"])
    }

    /// SIGTERM to announce term: the terminal is restored and the status says the signal.
    @Test func aTerminatedAnnounceTermRestoresTheTerminal() throws {
        let result = try run("bash --rcfile $ANNOUNCER_TEST_BASHRC", ["signal:TERM"])
        #expect(result.notes == ["[announce term exited 143]", "[terminal restored]"])
    }

    /// The program sees the window's size, and its changes (SIGWINCH), as its terminal's.
    /// (tmux -f /dev/null with no client attached: the pane is the whole window.)
    @Test func theWindowSizeAndItsChangesReachTheProgram() throws {
        let spoken = try session("bash --rcfile $ANNOUNCER_TEST_BASHRC",
                                 ["type:stty size", "Enter", "resize:100x30", "type:stty size", "Enter", "type:exit", "Enter"])
        #expect(spoken.contains("24 80\\n$"))
        #expect(spoken.contains("30 100\\n$"))
    }
}
