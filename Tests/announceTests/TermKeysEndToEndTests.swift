import Foundation
import Testing
import AnnouncerTestSupport

/// `announce term --keys` as a snapshot tester: a real program (Python's curses menu of
/// examples/testing/terminal) run headless, its keys from a file, what announcerd said compared
/// with the snapshot, with a private announcerd on the text sink since none answers.
@Suite(.serialized) struct TermKeysEndToEndTests {
    let example = packageRoot.appendingPathComponent("examples/testing/terminal").path
    /// No announcerd answers here: the run starts its own.
    let noDaemon = ["ANNOUNCER_SOCKET": "/nonexistent/announcer/socket"]

    @Test func theMenuMatchesItsSnapshot() throws {
        let result = try run(announceBinary, ["term", "--keys", example + "/menu.keys", "--expect", example + "/menu.expected",
                                              "--", "python3", example + "/menu.py"], environment: noDaemon)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: example + "/menu.expected", encoding: .utf8) == [
            #"Main menu\nNew game\nLoad game\nSettings\nQuit"#, "Load game", "Settings", "Load game", "You chose Load game.",
            "Settings", "Quit", "exited 0",
        ].map { $0 + "\n" }.joined())
    }

    @Test func aDifferenceIsAUnifiedDiffAndExitOneAndUpdateRewritesIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keys = directory + "/keys", snapshot = directory + "/spoken"
        try "# down once, then out\nDown\nq\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let command = ["--", "python3", example + "/menu.py"]
        let missing = try run(announceBinary, ["term", "--keys", keys, "--expect", snapshot] + command, environment: noDaemon)
        #expect(missing.status == 1)
        #expect(missing.stderr == "announce term: cannot read \(snapshot); --update writes it\n")
        let updated = try run(announceBinary, ["term", "--keys", keys, "--update", snapshot] + command, environment: noDaemon)
        #expect(updated.status == 0)
        #expect(try String(contentsOfFile: snapshot, encoding: .utf8) == #"Main menu\nNew game\nLoad game\nSettings\nQuit"# + "\nLoad game\nexited 0\n")
        try "Down\nDown\nq\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let differs = try run(announceBinary, ["term", "--keys", keys, "--expect", snapshot] + command, environment: noDaemon)
        #expect(differs.status == 1)
        #expect(differs.stdout == [
            "--- \(snapshot)", "+++ announce term output", "@@ -1,3 +1,4 @@",
            #" Main menu\nNew game\nLoad game\nSettings\nQuit"#, " Load game", "+Settings", " exited 0",
        ].map { $0 + "\n" }.joined())
    }

    /// Without a snapshot each utterance is printed as it is said; a program still running
    /// when the keys are done is hung up, and the run exits 0.
    @Test func withoutASnapshotTheSpeechIsPrintedAndTheProgramHungUp() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "Up\nscreen\n".write(toFile: directory + "/keys", atomically: true, encoding: .utf8)
        let result = try run(announceBinary, ["term", "--keys", directory + "/keys", "--size", "40x10", "--", "python3", example + "/menu.py"],
                             environment: noDaemon)
        #expect(result.status == 0)
        #expect(result.stdout == #"Main menu\nNew game\nLoad game\nSettings\nQuit"# + "\nQuit\n")
        // `screen` shows the screen on standard error, its blank end left off.
        #expect(result.stderr == "Main menu\n\n  New game\n  Load game\n  Settings\n  Quit\n")
    }

    /// A driver's steps come a line at a time; these came at once, so `ready` (every step so
    /// far taken and said) comes only at the end, and a bad line is reported in its turn.
    @Test func driversGetJSONEventsAndStepsFromStandardInput() throws {
        let result = try run(announceBinary, ["term", "--keys", "-", "--json", "--", "python3", example + "/menu.py"],
                             stdin: "Down\nNope\nq\n", environment: noDaemon)
        #expect(result.status == 0)
        let events = result.stdout.split(separator: "\n").map(String.init)
        #expect(events == [
            #"{"event":"spoken","text":"Main menu\nNew game\nLoad game\nSettings\nQuit"}"#,
            #"{"event":"spoken","text":"Load game"}"#,
            #"{"event":"error","line":2,"message":"\"Nope\" is not a key name (Down, Enter, Escape, Tab, BSpace, Space, F2, PageUp, C-c, M-i, a character), type TEXT, wait MS or screen"}"#,
            #"{"event":"spoken","text":"exited 0"}"#,
            #"{"event":"exit","status":0}"#,
        ])
    }

    @Test func badKeysAndBadUseAreClearErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "Down\nDwn\nwait\n".write(toFile: directory + "/keys", atomically: true, encoding: .utf8)
        let bad = try run(announceBinary, ["term", "--keys", directory + "/keys", "--", "true"])
        #expect(bad.status == 65)
        #expect(bad.stderr.split(separator: "\n").count == 2)
        #expect(bad.stderr.contains("\(directory)/keys: line 2: \"Dwn\" is not a key name"))
        #expect(bad.stderr.contains("\(directory)/keys: line 3: wait needs a time in milliseconds"))
        #expect(try run(announceBinary, ["term", "--keys", directory + "/none", "--", "true"]).status == 66)
        #expect(try run(announceBinary, ["term", "--expect", "x", "--", "true"]).status == 64)
        #expect(try run(announceBinary, ["term", "--keys", directory + "/keys", "--expect", "x", "--json", "--", "true"]).status == 64)
        #expect(try run(announceBinary, ["term", "--keys", directory + "/keys"]).status == 64)
        #expect(try run(announceBinary, ["term", "--keys", directory + "/keys", "--size", "80", "--", "true"]).status == 64)
    }

    /// Keys left when the program has exited are not pressed, and the run fails.
    @Test func stepsAfterTheProgramEndedFailTheRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "q\nDown\n".write(toFile: directory + "/keys", atomically: true, encoding: .utf8)
        let result = try run(announceBinary, ["term", "--keys", directory + "/keys", "--update", directory + "/spoken", "--", "python3", example + "/menu.py"],
                             environment: noDaemon)
        #expect(result.status == 1)
        #expect(result.stderr == "announce term: the program ended (status 0) before the step on line 2; the steps from there were not taken\n")
    }

    private func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("term-keys-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
