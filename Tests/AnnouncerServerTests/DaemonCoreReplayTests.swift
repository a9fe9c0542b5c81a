import AnnouncerBraille
import AnnouncerBrailleRules
import AnnouncerComposer
import AnnouncerScheduler
@testable import AnnouncerServer
@testable import AnnouncerSession
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTestSupport
import AnnouncerWire
import Foundation
import Testing

/// A daemon session replayed (docs/design.md §17): the real announcerd records every input of
/// its core (`--record`) while real clients talk to it through both doors; the recording, fed to a
/// new core on a virtual clock, gives every reply and event the clients read, and every line
/// the text sink spoke, in the same order.
@Suite struct DaemonCoreReplayTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/AnnouncerServerTests/Fixtures")
    /// Set to rewrite the fixture recording from the live session and its transcript.
    static let updating = ProcessInfo.processInfo.environment["ANNOUNCER_UPDATE_FIXTURES"] != nil

    /// The recording replayed by the one replay (`SessionReplay`, `announcerd --replay`'s);
    /// a recording without its tables (the fixture, older) is replayed with the packaged ones.
    static func replay(_ recording: String) throws -> SessionReplay {
        try SessionReplay(recording, tables: { packagedCatalog }, brailleTranslator: { LouisTranslator(tables: $0) })
    }

    @Test func aRecordedSessionReplaysToTheSameRepliesEventsAndSpeech() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-replay-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ssipPath = directory + "/ssip"
        let recordPath = directory + "/session.record"
        // A configuration and a user's locale table of its own, which the recording must carry:
        // its replay elsewhere reads neither.
        let configHome = directory + "/config-home"
        try FileManager.default.createDirectory(atPath: configHome + "/announcer/locales", withIntermediateDirectories: true)
        try "locale = en\ntrait.adjustable = Dial.\n".write(toFile: configHome + "/announcer/locales/en.conf", atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(arguments: ["--sink", "text", "--ssip", ssipPath, "--record", recordPath],
                                       config: "hint-delay-ms = 250\ntraits = full\nbraille-flash-ms = 1500\n",
                                       environment: ["XDG_CONFIG_HOME": configHome])

        // A JSON client with a tree, speech of every kind, a bad line and the voice list.
        let app = try LineClient(path: daemon.socket)
        let requests = [
            #"{"type":"subscribe","id":1,"events":"*"}"#,
            #"{"type":"hello","id":2,"client":"replay","protocol":1}"#,
            #"{"type":"screen","id":3,"elements":[{"id":"a","label":"Play","hint":"Plays the song.","traits":["button"]},{"id":"b","label":"Volume","value":"50%","traits":["adjustable"]}]}"#,
            #"{"type":"announce","id":4,"text":"Saved"}"#,
            #"{"type":"window","id":5,"title":"Save changes?","role":"dialog"}"#,
            #"{"type":"echo","id":6,"text":"a"}"#,
            #"{"type":"key","id":7,"key":"tab"}"#,
            #"{"type":"key","id":8,"key":"up"}"#,
            "{not json",
            #"{"type":"voices","id":9}"#,
            #"{"type":"announce","id":10,"text":"Later","delayMs":300,"priority":"low"}"#,
        ]
        for request in requests { app.send(request) }
        // An SSIP client that asks for its events. The SSIP door listens a moment after the
        // JSON socket (long enough, under ThreadSanitizer on a loaded machine, for a first try to
        // find no socket): tried until it answers, with no probe of its own in the recording.
        var connected: LineClient?
        try waitFor("the SSIP socket") { connected = try? LineClient(path: ssipPath); return connected != nil }
        let ssip = try #require(connected)
        for line in ["SET SELF CLIENT_NAME tests:replay:main", "SET SELF NOTIFICATION ALL on", "SPEAK", "From the other door.", "."] {
            ssip.send(line + "\r")
        }
        var ssipLines: [String] = []
        while !ssipLines.contains(where: { $0.hasPrefix("702 ") || $0.hasPrefix("703 ") }) { ssipLines += try ssip.readSSIP() }
        // Everything said, then the status, the last thing the app reads.
        var appLines: [String] = []
        func readApp(until done: (String) -> Bool) throws {
            while true {
                var line = try app.readText()
                if line.hasSuffix("\r") { line.removeLast() }
                appLines.append(line)
                if done(line) { return }
            }
        }
        // The last request's utterance (a low announcement, said into silence) ends last.
        try readApp { $0.contains(#""id":10"#) }
        guard case .object(let reply) = try JSONValue.parse(appLines.last!), let last = reply["utterance"] else {
            Issue.record("no utterance for the last announcement: \(appLines.last!)")
            return
        }
        try readApp { $0.contains(#""event":"finished""#) && $0.contains(#""utterance":\#(last.serialized())"#) }
        app.send(#"{"type":"status","id":11}"#)
        try readApp { $0.contains(#""id":11"#) }
        daemon.signal(SIGTERM)
        #expect(try daemon.waitForExit() == 0)

        let recording = try String(contentsOfFile: recordPath, encoding: .utf8)
        let replay = try Self.replay(recording)
        if Self.updating {
            try recording.write(to: Self.fixtures.appendingPathComponent("session.record"), atomically: true, encoding: .utf8)
        }
        // The JSON client sent the most lines (DaemonProcess's probe connected before it).
        let appID = try #require(replay.doors.filter { $0.value == .json }.keys.max { (replay.sent[$0]?.count ?? 0) < (replay.sent[$1]?.count ?? 0) })
        let ssipID = try #require(replay.doors.first { $0.value == .ssip }?.key)
        #expect(appLines.count > 20)
        #expect(Array((replay.sent[appID] ?? []).prefix(appLines.count)) == appLines)
        #expect(Array((replay.sent[ssipID] ?? []).prefix(ssipLines.count)) == ssipLines)
        let spoken = daemon.stdout.split(separator: "\n").map(String.init)
        #expect(spoken.count > 10)
        #expect(spoken.contains { $0.hasSuffix("Volume: 50%. Dial.") }, "the user's table was not used: \(spoken)")
        #expect(replay.textSink == spoken)
        #expect(replay.header.configuration.brailleFlashMs == 1500 && replay.header.configuration.hintDelayMs == 250)

        // The recording alone, replayed by announcerd in a fresh directory with no configuration,
        // no user tables and no packaged files to find: the same speech.
        let fresh = directory + "/fresh"
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: recordPath, toPath: fresh + "/session.record")
        let replayed = try runTool("/usr/bin/env", ["-i", "HOME=\(fresh)", "XDG_CONFIG_HOME=\(fresh)/config", "ANNOUNCER_DATA_DIR=\(fresh)/nothing",
                                                    binary("announcerd"), "--replay", fresh + "/session.record"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.split(separator: "\n").map(String.init) == spoken)
        // Without its tables in the header (an older recording), the tables at hand would be
        // needed: there are none here, and it says so.
        let header = try #require(recording.split(separator: "\n").first)
        try (String(header).replacing(#/,"locales":\[.*\]\]\]/#, with: "") + "\n").write(toFile: fresh + "/old.record", atomically: true, encoding: .utf8)
        let old = try runTool("/usr/bin/env", ["-i", "HOME=\(fresh)", "ANNOUNCER_DATA_DIR=\(fresh)/nothing", binary("announcerd"), "--replay", fresh + "/old.record"])
        #expect(old.status != 0 && old.stderr.contains("carries no locale tables"), "\(old)")
    }

    /// A session recorded once (by the test above with ANNOUNCER_UPDATE_FIXTURES=1), replayed on a
    /// virtual clock: every input's actions — replies, events, SSIP's lines and their timing,
    /// what the engine is handed and cut off, timers, the voice list — as the transcript says.
    @Test func theRecordedSessionGivesItsTranscript() throws {
        let recording = try String(contentsOf: Self.fixtures.appendingPathComponent("session.record"), encoding: .utf8)
        let transcript = try Self.replay(recording).transcript.joined(separator: "\n") + "\n"
        let path = Self.fixtures.appendingPathComponent("session.transcript")
        if Self.updating { try transcript.write(to: path, atomically: true, encoding: .utf8) }
        let expected = try String(contentsOf: path, encoding: .utf8)
        let diff = UnifiedDiff.lines(from: expected.split(separator: "\n").map(String.init), to: transcript.split(separator: "\n").map(String.init),
                                     oldName: "session.transcript", newName: "replayed")
        #expect(transcript == expected, "\(diff.joined(separator: "\n"))")
    }

    @Test func aRecordingThatCannotBeWrittenLeavesTheDaemonSpeaking() throws {
        // /dev/full takes the header and fails every write: the daemon says so once and serves on.
        let daemon = try DaemonProcess(arguments: ["--sink", "text", "--record", "/dev/full"])
        let client = try LineClient(path: daemon.socket)
        client.send(#"{"type":"announce","id":1,"text":"Still here"}"#)
        #expect(try client.reply(1)["type"] == "ok")
        try daemon.waitForOutput("SPEAK default 1 Still here")
        #expect(daemon.stderr.components(separatedBy: "cannot write the session record /dev/full").count == 2)
    }

    @Test(arguments: [
        (#"{"at":1,"client":1,"input":"line","text":"{}"}"#, DaemonCore.Input.line(1, .line(Array("{}".utf8)))),
        (#"{"at":1,"bytes":[255,10],"client":1,"input":"line"}"#, .line(1, .line([255, 10]))),
        (#"{"at":1,"failed":3,"input":"engine","message":"crash"}"#, .engine(.failed(UtteranceID(3), "crash"))),
        (#"{"at":1,"failed":"no worker","input":"voices"}"#, .voices(.failed("no worker"))),
        (#"{"at":1,"client":2,"door":"ssip","input":"connected","pid":7,"uid":1000}"#, .connected(2, uid: 1000, pid: 7, door: .ssip)),
        (#"{"at":1,"hintDelayMs":500,"hintStyle":"keyboard","input":"reconfigure","locale":"de","maxAgeMs":5000,"maxBacklogBytes":1000,"maxClients":4,"maxQueuedPerClient":10,"queueLimit":100}"#,
         .reconfigure(DaemonSettings(catalog: nil, locale: "de", hintStyle: .keyboard,
                                     limits: DaemonLimits(maximumClients: 4, maximumBacklogBytes: 1000, maximumQueuedPerClient: 10),
                                     scheduler: SchedulerSettings(hintDelayMs: 500, maxAgeMs: 5000, queueLimit: 100)))),
    ])
    func recordedInputsReadBackAsWritten(line: String, input: DaemonCore.Input) throws {
        let read = try DaemonCore.Input.recorded(Array(line.utf8))
        #expect(read.input == input)
        #expect(read.at == 1)
        #expect(input.json(at: 1).serialized() == line)
    }
}
