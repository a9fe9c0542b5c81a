import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// The `announce` a speech-dispatcher user expects (docs/design.md §14), run against a real announcerd
/// on the text sink: what it prints, what the daemon says, and the exit status.
@Suite struct AnnounceCommandsEndToEndTests {
    func announce(_ arguments: [String], _ daemon: DaemonProcess, stdin: String? = nil) throws -> ToolResult {
        try runTool(binary("announce"), arguments + ["--socket", daemon.socket], stdin: stdin)
    }

    @Test func sayTakesEveryWordLikeSpdSay() throws {
        let daemon = try DaemonProcess()
        let said = try announce(["say", "hi", "there", "--wait"], daemon)
        #expect(said.status == 0)
        try daemon.waitForOutput("SPEAK default 1 hi there\n")
    }

    @Test func sayDashSaysEachLineOfStandardInputSkippingBlankOnes() throws {
        let daemon = try DaemonProcess()
        let said = try announce(["say", "-", "--priority", "high", "--wait"], daemon, stdin: "build started\n\n  \ntests passed\r\nlast line without newline")
        #expect(said.status == 0, "\(said.stderr)")
        try daemon.waitForOutput("SPEAK high 3 last line without newline")
        #expect(daemon.stdout.split(separator: "\n").filter { $0.hasPrefix("SPEAK") } == [
            "SPEAK high 1 build started", "SPEAK high 2 tests passed", "SPEAK high 3 last line without newline",
        ])
    }

    /// announcerd cancels what a client leaves waiting: `announce say` stays until its
    /// announcement has started, so one queued behind another is still said.
    @Test func anAnnouncementQueuedBehindAnotherIsStillSaid() throws {
        let daemon = try DaemonProcess()
        #expect(try announce(["say", "a long first announcement that takes a few seconds to say"], daemon).status == 0)
        #expect(try announce(["say", "second"], daemon).status == 0)
        try daemon.waitForOutput("SPEAK default 2 second")
        #expect(!daemon.stdout.contains("cancelled"))
    }

    /// The same for `announce focus`: it stays until the hint (which follows the description
    /// after hint-delay-ms) has started, so the hint is said; with --wait too.
    @Test(arguments: [[], ["--wait"]])
    func focusStaysUntilItsHintHasStarted(options: [String]) throws {
        let daemon = try DaemonProcess()
        let focused = try announce(["focus", "--label", "Play", "--traits", "button", "--hint", "Plays the song."] + options, daemon)
        #expect(focused.status == 0, "\(focused.stderr)")
        try daemon.waitForOutput("SPEAK hint 2 Plays the song.")
        try daemon.waitForOutput("FINISHED 2 spoken")
    }

    /// `tail -f log | announce say -`: a line is said when it arrives, not when input ends.
    @Test func sayDashSaysALineAsSoonAsItArrives() throws {
        let daemon = try DaemonProcess()
        let sayer = Process()
        sayer.executableURL = URL(fileURLWithPath: binary("announce"))
        sayer.arguments = ["say", "-", "--socket", daemon.socket]
        let input = Pipe()
        sayer.standardInput = input
        try sayer.run()
        input.fileHandleForWriting.write(Data("first line\n".utf8))
        try daemon.waitForOutput("SPEAK default 1 first line")
        #expect(sayer.isRunning)
        input.fileHandleForWriting.write(Data("second line\n".utf8))
        try input.fileHandleForWriting.close()
        sayer.waitUntilExit()
        #expect(sayer.terminationStatus == 0)
        try daemon.waitForOutput("SPEAK default 2 second line")
    }

    @Test func voiceOptionsAreCheckedByTheDaemonsRules() throws {
        let daemon = try DaemonProcess()
        #expect(try announce(["say", "quieter", "--rate", "1.5", "--pitch", "0.8", "--volume", "0.5", "--punctuation", "all", "--wait"], daemon).status == 0)
        let tooFast = try announce(["say", "hi", "--rate", "9"], daemon)
        #expect(tooFast.status == 65)
        #expect(tooFast.stderr == "announce: invalid_field: rate: expected a number from 0.25 to 4, got 9\n")
        let loud = try announce(["say", "hi", "--volume", "3"], daemon)
        #expect(loud.status == 65)
        #expect(try announce(["say", "hi", "--punctuation", "many"], daemon).status == 65)
        #expect(try announce(["say", "hi", "--rate", "fast"], daemon).status == 64)
    }

    @Test func emptyTextAndUnknownLanguagesAreRefused() throws {
        let daemon = try DaemonProcess()
        let empty = try announce(["say", " "], daemon)
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("announce say: the text is empty: there is nothing to say\n"))
        #expect(try announce(["say"], daemon).status == 64)
        let unknown = try announce(["say", "hallo", "--language", "xx-YY"], daemon)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.hasPrefix("announce say: no voice speaks \"xx-YY\"; the voices speak "))
        // A language spoken by a voice for its primary subtag is fine (de-CH: German).
        #expect(try announce(["say", "grüezi", "--language", "de-CH", "--wait"], daemon).status == 0)
        #expect(!daemon.stdout.contains("hallo"))
    }

    @Test func voicesListsTheSynthesizersVoices() throws {
        let daemon = try DaemonProcess()
        let all = try announce(["voices"], daemon)
        #expect(all.status == 0)
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count > 20)
        // espeak-ng's voices have no variant: no column that says "none" on every line.
        #expect(lines.first == "name\tlanguage")
        #expect(lines.contains("German\tde"))
        let speakGerman = try announce(["voices", "--language", "de"], daemon)
        #expect(speakGerman.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.split(separator: "\t")[1].hasPrefix("de") })
        let json = try JSONValue.parse(try announce(["voices", "--json"], daemon).stdout)
        guard case .object(let members) = json, case .array(let voices)? = members["voices"] else { Issue.record("no voices in \(json)"); return }
        let german: JSONValue = .object(["name": "German", "language": "de", "variant": "none"])
        #expect(voices.contains(german))
    }

    @Test func stopSilencesEveryClient() throws {
        let daemon = try DaemonProcess()
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try client.reply(0)
        client.send(["type": "announce", "id": 1, "text": .string(String(repeating: "A long announcement that takes a while. ", count: 20))])
        let utterance = try client.reply(1)["utterance"]!
        #expect(try announce(["stop"], daemon).status == 0)
        let finished = try client.read { $0["event"] == "finished" && $0["utterance"] == utterance }.last!
        #expect(finished["status"] == "interrupted")
    }

    @Test func listenTimestampsEachLine() throws {
        let daemon = try DaemonProcess()
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: binary("announce"))
        listener.arguments = ["listen", "--timestamps", "--socket", daemon.socket]
        let output = Pipe()
        listener.standardOutput = output
        try listener.run()
        defer { listener.terminate() }
        usleep(300_000)
        #expect(try announce(["say", "stamped", "--wait"], daemon).status == 0)
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.wholeMatch(of: /\d\d:\d\d:\d\d\.\d\d\d stamped/) != nil, "\(line)")
    }

    @Test func bothExecutablesPrintTheOneVersion() throws {
        let announce = try runTool(binary("announce"), ["--version"])
        let announcerd = try runTool(binary("announcerd"), ["--version"])
        #expect(announce.status == 0 && announcerd.status == 0)
        #expect(announce.stdout == "announce \(AnnouncerVersion.current)\n")
        #expect(announcerd.stdout == "announcerd \(AnnouncerVersion.current)\n")
    }

    /// Both --helps name the whole default socket lookup, in the words that sit beside the code
    /// (SocketPath.lookup), and those words name every path the code resolves to.
    @Test func bothHelpsNameTheSocketLookupAsTheCodeDoesIt() throws {
        for (variable, expected) in [("ANNOUNCER_SOCKET", "$ANNOUNCER_SOCKET"), ("XDG_RUNTIME_DIR", "$XDG_RUNTIME_DIR/announcer/socket"),
                                     ("HOME", "$HOME/.cache/announcer/socket")] {
            #expect(SocketPath.resolve(explicit: nil, environment: [variable: "$" + variable]) == expected)
            #expect(SocketPath.lookup.contains(expected), "\(expected)")
        }
        #expect(SocketPath.lookup.contains("--socket PATH"))
        for program in ["announce", "announcerd"] {
            #expect(try runTool(binary(program), ["--help"]).stdout.contains(SocketPath.lookup), "\(program)")
        }
    }

    @Test func exitCodesAreTheSameAcrossCommands() throws {
        for command in [["say", "hi"], ["stop"], ["status"], ["voices"], ["focus", "--label", "x"], ["listen"]] {
            let unavailable = try runTool(binary("announce"), command + ["--socket", "/nonexistent/socket"])
            #expect(unavailable.status == 69, "\(command)")
            let usage = try runTool(binary("announce"), command + ["--no-such-option"])
            #expect(usage.status == 64, "\(command)")
        }
    }
}
