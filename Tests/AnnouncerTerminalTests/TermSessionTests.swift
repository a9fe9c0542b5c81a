#if canImport(Glibc)
import Glibc
#endif
import AnnouncerSettings
import AnnouncerScheduler
import AnnouncerWire
import AnnouncerSystem
import AnnouncerTerm
import AnnouncerTerminal
import AnnouncerTestSupport
import Foundation
import Testing

/// The terminal door's shell on its own, below `announce term`: the loop on a real
/// pseudo-terminal with a real announcerd (the text sink), and the key driver's printing.
@Suite struct TermSessionTests {
    /// A program run headless in the loop, with `steps`: what announcerd said for it, and its status.
    func session(_ command: [String], steps: [KeyScript.Step] = [], sink: String = "text:instant") async throws -> (spoken: [String], status: Int32) {
        let daemon = try DaemonProcess(arguments: ["--sink", sink])
        let socket = daemon.socket
        return try await offThePool {
            let settings = TerminalSettings()
            let pacing = StepPacing(settings: StepPacing.Settings(quietMs: Double(settings.quietMs) + 100), at: 0)
            let driver = KeyDriver(steps: steps.enumerated().map { ($0.offset + 1, $0.element) }, readingStandardInput: false,
                                   output: .kept, pacing: pacing)
            let child = try PseudoTerminal.spawn(command, rows: 24, columns: 80)
            var session = TermSession(child: child, signals: nil, size: (rows: 24, columns: 80), settings: settings, composer: englishComposer,
                                      socket: socket, driver: driver)
            let status = session.run()
            return (driver.spoken, status)
        }
    }

    @Test func theLoopSaysAProgramsOutputThenItsExit() async throws {
        let (spoken, status) = try await session(["sh", "-c", "echo hello; exit 3"])
        #expect(spoken == ["hello", "exited 3"])
        #expect(status == 3)
    }

    /// The steps go to the program through the pseudo-terminal as the bytes libvterm makes for
    /// them; what the program echoes is heard as typing, what it answers as output.
    @Test func theLoopTypesTheStepsAndSaysTheAnswer() async throws {
        let (spoken, status) = try await session(["sh", "-c", "printf 'name? '; read line; echo \"got $line\""],
                                                 steps: [.type("ok"), .key(ScriptKey(.enter))])
        #expect(spoken == ["name?", "o", "k", "got ok", "exited 0"])
        #expect(status == 0)
    }

    /// Alt-S gives the arrows to the settings: each is said with its value as it is chosen,
    /// each step said by the daemon; the next other key goes to the program again.
    @Test func altSAndTheArrowsChangeTheSettings() async throws {
        let (spoken, status) = try await session(["sh", "-c", "read line; echo \"got $line\""], steps: [
            .key(ScriptKey(.character("s"), .alt)), .key(ScriptKey(.up)), .key(ScriptKey(.right)), .key(ScriptKey(.down)),
            .key(ScriptKey(.left)), .key(ScriptKey(.left)), .key(ScriptKey(.down)), .type("x"), .key(ScriptKey(.enter)),
        ])
        // The typing echo turned off: the daemon's `settings` event reaches the reader, and the
        // "x" typed after is not said.
        #expect(spoken == ["Rate 175.", "Rate 200.", "Pitch 50.", "Pitch 40.", "Rate 200.", "Typing echo characters.", "Typing echo none.",
                           "got x", "exited 0"])
        #expect(status == 0)
    }

    /// The settings keys as a user hears them: the same sentence before and after Alt-S and
    /// three steps down (rate 175 to 100) is heard slower, the WAV sink's file of it longer.
    @Test func aSlowerRateFromTheKeysIsHeardSlower() async throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-term-rate-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: wav, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let sentence = "The quick brown fox jumps over the lazy dog"
        let (spoken, _) = try await session(["sh", "-c", "read a; echo '\(sentence)'; read b; echo '\(sentence)'; read c"], steps: [
            .key(ScriptKey(.enter)), .key(ScriptKey(.character("s"), .alt)),
            .key(ScriptKey(.down)), .key(ScriptKey(.down)), .key(ScriptKey(.down)), .key(ScriptKey(.enter)),
        ], sink: "wav:\(wav)")
        #expect(spoken.filter { $0 == sentence }.count == 2, "in \(spoken)")
        #expect(spoken.contains("Rate 100."), "in \(spoken)")
        // The two longest files are the sentence's, in the order they were said.
        let files = try FileManager.default.contentsOfDirectory(atPath: wav).compactMap { name -> (id: Int, bytes: Int)? in
            guard name.hasSuffix(".wav"), let id = Int(name.dropLast(4)),
                  let bytes = try? FileManager.default.attributesOfItem(atPath: wav + "/" + name)[.size] as? Int else { return nil }
            return (id, bytes)
        }
        let sentences = files.sorted { $0.bytes > $1.bytes }.prefix(2).sorted { $0.id < $1.id }
        #expect(sentences.count == 2)
        if sentences.count == 2 { #expect(Double(sentences[1].bytes) > Double(sentences[0].bytes) * 1.4, "\(sentences)") }
    }

    /// The program still running when the steps are done is hung up, and its hang-up is not said.
    @Test func aProgramLeftRunningIsHungUpOnceTheStepsAreDone() async throws {
        let (spoken, _) = try await session(["sh", "-c", "echo ready; exec sleep 30"])
        #expect(spoken == ["ready"])
    }

    // MARK: - The key driver's printing

    @Test(arguments: [
        (KeyDriver.Output.lines, ["two\\nlines"]),
        (.json, [#"{"event":"spoken","text":"two\nlines"}"#, #"{"event":"exit","status":0}"#]),
        (.kept, []),
    ])
    func theDriverPrintsOnlyThisRunsUtterances(output: KeyDriver.Output, printed: [String]) {
        var lines: [String] = []
        let driver = KeyDriver(steps: [], readingStandardInput: false, output: output, pacing: StepPacing(at: 0)) { lines.append($0) }
        driver.accepted(Reply(id: nil, .ok(Reply.Accepted(utterance: UtteranceID(7)))))
        driver.heard(.speaking(utterance: UtteranceID(6), text: "another client's", kind: "default"), at: 1)
        driver.heard(.speaking(utterance: UtteranceID(7), text: "two\nlines", kind: "default"), at: 2)
        #expect(driver.outstanding == [UtteranceID(7)])
        driver.heard(.finished(utterance: UtteranceID(7), status: .spoken, reason: nil), at: 3)
        #expect(driver.outstanding.isEmpty)
        driver.exited(status: 0)
        #expect(lines == printed)
        #expect(driver.spoken == ["two\nlines"])
    }

    @Test func theDriverPrintsTheScreenAsAJSONEvent() {
        var lines: [String] = []
        let driver = KeyDriver(steps: [], readingStandardInput: false, output: .json, pacing: StepPacing(at: 0)) { lines.append($0) }
        driver.show(ScreenSnapshot(lines: [ScreenLine(text: "$ ls", columns: 10)], cursor: ScreenPosition(row: 0, column: 4)))
        #expect(lines == [#"{"cursor":{"column":4,"row":0},"event":"screen","lines":["$ ls"]}"#])
    }
}

/// Runs `body` on a thread of its own: the loop blocks in poll, and must not hold one of the
/// test runtime's few threads while it does.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
