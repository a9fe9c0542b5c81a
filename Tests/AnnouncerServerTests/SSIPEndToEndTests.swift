#if canImport(Glibc)
import Glibc
#endif
import AnnouncerSystem
import Foundation
import Testing
import AnnouncerTestSupport

/// The SSIP door with the real clients (docs/design.md §11, issue [I]): spd-say, python3-speechd,
/// libspeechd through a C program built here, Orca's call sequence through python3-speechd, and
/// raw SSIP for the rules no client shows; all pointed at announcerd by SPEECHD_ADDRESS. The
/// clients come from Debian (speech-dispatcher, python3-speechd, libspeechd-dev); its server is
/// never started here.
@Suite(.serialized) struct SSIPEndToEndTests {
    /// announcerd with its SSIP door open on a socket of its own.
    final class SSIPDaemon {
        let daemon: DaemonProcess
        let ssip: String
        let directory: String

        init(sink: String = "text") throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("ssip-\(UUID().uuidString.prefix(8))").path
            ssip = directory + "/run/speechd.sock"
            daemon = try DaemonProcess(arguments: ["--sink", sink, "--ssip", ssip])
            try waitFor { (try? LineClient(path: ssip)) != nil }
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        var environment: [String: String] { ["SPEECHD_ADDRESS": "unix_socket:\(ssip)"] }

        /// A client program pointed at the door, stopped if it takes over 30 s.
        func run(_ executable: String, _ arguments: [String]) throws -> ToolResult {
            try runTool("/usr/bin/timeout", ["30", executable] + arguments, environment: environment)
        }

        func connect() throws -> LineClient { try LineClient(path: ssip) }

        /// The text sink's lines so far.
        var spoken: [String] { daemon.stdout.split(separator: "\n").map(String.init) }

        func waitForSpoken(_ line: String) throws { try daemon.waitForOutput(line) }
    }

    static let spdSay = "/usr/bin/spd-say"
    static let python = "/usr/bin/python3"
    static func fixture(_ name: String) -> String { packageRoot.appendingPathComponent("Tests/fixtures/ssip/\(name)").path }

    // MARK: - spd-say

    @Test func theSocketIsPrivateLikeTheJSONSocket() throws {
        let door = try SSIPDaemon()
        var status = stat()
        #expect(stat(door.ssip, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(door.directory + "/run", &status) == 0 && status.st_mode & 0o777 == 0o700)
        // A second daemon on the same SSIP socket is refused, and says why.
        let second = try runTool("/usr/bin/timeout", ["20", binary("announcerd"), "--socket", door.directory + "/other", "--ssip", door.ssip, "--sink", "text"])
        #expect(second.status == 69)
        #expect(second.stderr.contains("is in use by a running announcerd"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: door.directory + "/other"), "the JSON socket of the refused daemon is removed")
    }

    @Test func spdSayWaitsForTheEndWithW() throws {
        let door = try SSIPDaemon()
        let result = try door.run(Self.spdSay, ["-w", "hello there"])
        #expect(result.status == 0, "\(result.stderr)")
        // -w returned only after the end: the text sink had finished it by then.
        let spoken = door.spoken
        #expect(spoken.contains("SPEAK text 1 hello there"))
        #expect(spoken.contains("FINISHED 1 spoken"))
    }

    @Test func spdSayOptionsAreAccepted() throws {
        let door = try SSIPDaemon()
        let result = try door.run(Self.spdSay, ["-w", "-r", "50", "-p", "-20", "-i", "-30", "-l", "de", "-t", "female1",
                                                "-y", "German", "-m", "all", "-o", "espeak-ng", "-P", "important", "guten Tag"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(door.spoken.contains("SPEAK important 1 guten Tag"))
        #expect(door.spoken.contains("FINISHED 1 spoken"))
        let characters = try door.run(Self.spdSay, ["-w", "-s", "ab"])
        #expect(characters.status == 0)
        let voices = try door.run(Self.spdSay, ["-L"])
        #expect(voices.stdout.contains("German") && voices.stdout.contains("English (Great Britain)"), "\(voices.stdout)")
        let modules = try door.run(Self.spdSay, ["-O"])
        #expect(modules.stdout.contains("espeak-ng"))
    }

    @Test(arguments: [("-C", "interrupted"), ("-S", "interrupted")])
    func spdSayCancelsOrStopsAnotherClientsSpeech(_ option: String, _ status: String) throws {
        let door = try SSIPDaemon()
        let speaker = Process()
        speaker.executableURL = URL(fileURLWithPath: Self.spdSay)
        speaker.arguments = ["-w", "a long sentence that goes on and on so that another client can cut it off"]
        speaker.environment = ProcessInfo.processInfo.environment.merging(door.environment) { $1 }
        try speaker.run()
        defer { if speaker.isRunning { kill(speaker.processIdentifier, SIGKILL) } }
        try door.waitForSpoken("SPEAK text 1 a long sentence")
        let other = try door.run(Self.spdSay, [option])
        #expect(other.status == 0)
        try door.waitForSpoken("FINISHED 1 \(status)")
        // The waiting spd-say heard that its message ended and exited.
        try waitFor(seconds: 10) { !speaker.isRunning }
        #expect(speaker.terminationStatus == 0)
    }

    // MARK: - python3-speechd, libspeechd, Orca

    @Test func pythonSpeechdCallbacksForBeginEndCancelAndMarks() throws {
        let door = try SSIPDaemon()
        let result = try door.run(Self.python, [Self.fixture("python_client.py")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first?.hasPrefix("client id ") == true)
        #expect(Array(lines.dropFirst()) == ["marked begin", "marked index_marks 0:5", "marked index_marks 6:11", "marked end",
                                             "long begin", "long cancel", "english voices yes", "closed"])
        #expect(door.spoken.contains("SPEAK message 1 Hello world"))
    }

    @Test func libspeechdProgramBuiltHere() throws {
        let door = try SSIPDaemon()
        let program = door.directory + "/libspeechd-client"
        let flags = try runTool("/usr/bin/pkg-config", ["--cflags", "--libs", "speech-dispatcher"])
        #expect(flags.status == 0, "libspeechd-dev is needed: \(flags.stderr)")
        let build = try runTool("/usr/bin/cc", ["-o", program, Self.fixture("libspeechd-client.c")]
                                 + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init) + ["-lpthread"])
        #expect(build.status == 0, "\(build.stderr)")
        let result = try door.run(program, [])
        #expect(result.status == 0, "\(result.stdout)")
        // The events come on libspeechd's callback thread, the replies on the program's own: each
        // in its order, the two interleaved as the threads run.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("event ") } == [
            "event begin 1", "event end 1", "event begin 2", "event end 2", "event begin 3", "event cancel 3", "event begin 4", "event end 4",
        ], "\(result.stdout)")
        #expect(lines.filter { !$0.hasPrefix("event ") } == ["queued 1 2", "char ok key ok", "voices many english yes", "closed"],
                "\(result.stdout)")
        // A text cuts off the text before it: the character, by the key.
        #expect(door.spoken.contains("SPEAK text 4 control alt delete"))
    }

    @Test func orcasCommandSequence() throws {
        let door = try SSIPDaemon()
        let result = try door.run(Self.python, [Self.fixture("orca_replay.py")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == """
            modules espeak-ng
            say-all begin index_marks=0:3 index_marks=4:7 index_marks=8:13 index_marks=14:18 index_marks=19:23 index_marks=24:25 index_marks=26:30 index_marks=31:34 end
            cancelled cancel

            """)
        #expect(door.spoken.contains("SPEAK message 1 Say all reads this line & that one"))
    }

    // MARK: - The protocol itself

    @Test func crlfLinesCaseAndEventsNeverBetweenACommandAndItsReply() throws {
        let door = try SSIPDaemon()
        let client = try door.connect()
        client.sendRaw(Array("set self client_name \"me:tests:main\"\r\nHISTORY GET CLIENT_ID\r\n".utf8))
        #expect(try client.readSSIP() == ["208 OK CLIENT NAME SET"])
        let id = try client.readSSIP()
        #expect(id.count == 2 && Int(id[0].dropFirst(4)) != nil && id[1] == "245 OK CLIENT ID SENT")
        client.sendRaw(Array("SET SELF NOTIFICATION ALL on\r\nSET SELF PRIORITY notification\r\n".utf8))
        #expect(try client.readSSIP() == ["220 OK NOTIFICATION SET"])
        #expect(try client.readSSIP() == ["202 OK PRIORITY SET"])
        // Pipelined: a message, then twenty commands sent at once. Its events may come only when
        // every command has been answered.
        var burst = "speak\r\n..starts with a dot\r\n.\r\n"
        for _ in 0..<20 { burst += "GET RATE\r\n" }
        client.sendRaw(Array(burst.utf8))
        #expect(try client.readSSIP() == ["230 OK RECEIVING DATA"])
        let queued = try client.readSSIP()
        #expect(queued.last == "225 OK MESSAGE QUEUED")
        for _ in 0..<20 { #expect(try client.readSSIP() == ["251-0", "251 OK GET RETURNED"]) }
        let message = queued.first!.dropFirst(4)
        #expect(try client.readSSIP() == ["701-\(message)", "701-\(id[0].dropFirst(4))", "701 BEGIN"])
        #expect(try client.readSSIP() == ["702-\(message)", "702-\(id[0].dropFirst(4))", "702 END"])
        try door.waitForSpoken("SPEAK notification \(message) .starts with a dot")
    }

    @Test func badInputIsAnsweredAndTheConnectionLives() throws {
        let door = try SSIPDaemon()
        let client = try door.connect()
        client.sendRaw(Array("FROBNICATE\r\n".utf8))
        #expect(try client.readSSIP() == ["500 ERR INVALID COMMAND"])
        client.sendRaw([0xff, 0xfe, 0x0d, 0x0a])
        #expect(try client.readSSIP() == ["501 ERR INVALID ENCODING"])
        client.sendRaw(Array((String(repeating: "x", count: 70_000) + "\r\n").utf8))
        #expect(try client.readSSIP() == ["300 ERR LINE TOO LONG"])
        client.sendRaw(Array("SET SELF RATE 1000\r\nSET SELF PRIORITY urgent\r\nSTOP 12345\r\nRESUME self\r\n".utf8))
        #expect(try client.readSSIP() == ["409 ERR RATE TOO HIGH"])
        #expect(try client.readSSIP() == ["408 ERR UNKNOWN PRIORITY"])
        #expect(try client.readSSIP() == ["406 ERR ID DOESNT EXIST"])
        #expect(try client.readSSIP() == ["212 OK RESUMED"])
        client.sendRaw(Array("SPEAK\r\nstill here\r\n.\r\nQUIT\r\n".utf8))
        #expect(try client.readSSIP() == ["230 OK RECEIVING DATA"])
        #expect(try client.readSSIP().last == "225 OK MESSAGE QUEUED")
        #expect(try client.readSSIP() == ["231 HAPPY HACKING"])
        #expect(throws: Timeout.self) { try client.readText() }  // closed after QUIT
        try door.waitForSpoken("SPEAK text 1 still here")
    }

    @Test func moreClientsThanTheLimitAreToldWhyInSSIP() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ssip-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ssip = directory + "/run/speechd.sock"
        let daemon = try DaemonProcess(arguments: ["--sink", "text", "--ssip", ssip], config: "max-clients = 2\n")
        try waitFor { (try? LineClient(path: ssip)) != nil }
        let first = try LineClient(path: ssip), second = try LineClient(path: ssip)
        first.sendRaw(Array("GET RATE\r\n".utf8))
        second.sendRaw(Array("GET RATE\r\n".utf8))
        _ = try first.readSSIP(); _ = try second.readSSIP()
        let third = try LineClient(path: ssip)
        let refusal = try third.readText()
        #expect(refusal.hasPrefix("300 ERR ANNOUNCERD ALREADY SERVES 2 CLIENTS"), "\(refusal)")
        try waitFor(seconds: 10) { daemon.stderr.contains("refused client pid") }
    }

    // MARK: - One voice for both doors

    @Test(arguments: ["text", "null"])
    func aJSONFocusCutsOffSSIPTextButNeverImportant(_ sink: String) throws {
        let door = try SSIPDaemon(sink: sink)
        let ssip = try door.connect()
        // Long enough to be still synthesizing on the null sink, which does not wait for playback.
        let paragraph = Array(repeating: "reading a long paragraph of text that a focus will cut off before its end", count: 40).joined(separator: " ")
        ssip.sendRaw(Array("SET SELF NOTIFICATION ALL on\r\nSPEAK\r\n\(paragraph)\r\n.\r\n".utf8))
        #expect(try ssip.readSSIP() == ["220 OK NOTIFICATION SET"])
        #expect(try ssip.readSSIP() == ["230 OK RECEIVING DATA"])
        let text = try ssip.readSSIP()[0].dropFirst(4)
        #expect(try ssip.readSSIP().last == "701 BEGIN")
        let json = try LineClient(path: door.daemon.socket)
        json.send(["type": "focus", "id": 1, "element": ["label": "Play", "traits": ["button"]]])
        _ = try json.reply(1)
        let cut = try ssip.readSSIP()
        #expect(cut == ["703-\(text)", cut[1], "703 CANCELED"])

        // On the null sink, long enough to be still synthesizing when the focus comes.
        let important = Array(repeating: "an important message that no focus may cut off", count: sink == "null" ? 40 : 1).joined(separator: " ")
        ssip.sendRaw(Array("SET SELF PRIORITY important\r\nSPEAK\r\n\(important)\r\n.\r\n".utf8))
        #expect(try ssip.readSSIP() == ["202 OK PRIORITY SET"])
        #expect(try ssip.readSSIP() == ["230 OK RECEIVING DATA"])
        let importantID = try ssip.readSSIP()[0].dropFirst(4)
        json.send(["type": "focus", "id": 2, "element": ["label": "Stop", "traits": ["button"]]])
        _ = try json.reply(2)
        var events: [[String]] = []
        while events.last?.last != "702 END" && events.last?.last != "703 CANCELED" { events.append(try ssip.readSSIP()) }
        #expect(events.last == ["702-\(importantID)", events.last![1], "702 END"], "\(events)")
        json.send(["type": "status", "id": 3])
        let status = try json.reply(3)
        guard case .object(let counters)? = status["counters"] else { Issue.record("no counters"); return }
        #expect(counters["interrupted"] == 1 || counters["interrupted"] == 2)  // SSIP text, and Play if Stop came before it ended
    }

    @Test func everySSIPMessageGetsExactlyOneEndOrCancelAndOneStatus() throws {
        let door = try SSIPDaemon()
        let client = try door.connect()
        client.sendRaw(Array("SET SELF NOTIFICATION end on\r\nSET SELF NOTIFICATION cancel on\r\n".utf8))
        _ = try client.readSSIP(); _ = try client.readSSIP()
        let priorities = ["important", "message", "text", "notification", "progress"]
        var ids: [String] = []
        var events: [[String]] = []
        for index in 0..<25 {
            client.sendRaw(Array("SET SELF PRIORITY \(priorities[index % 5])\r\nSPEAK\r\nmessage number \(index)\r\n.\r\n".utf8))
            // Events (7xx) of earlier messages may come before any reply: they are kept aside.
            func nextReply() throws -> [String] {
                var reply = try client.readSSIP()
                while reply.first?.hasPrefix("7") == true { events.append(reply); reply = try client.readSSIP() }
                return reply
            }
            #expect(try nextReply() == ["202 OK PRIORITY SET"])
            #expect(try nextReply() == ["230 OK RECEIVING DATA"])
            let reply = try nextReply()
            ids.append(String(reply[0].dropFirst(4)))
        }
        func ended() -> [String] { events.compactMap { $0.count == 3 ? String($0[0].dropFirst(4)) : nil } }
        while Set(ended()).count < ids.count { events.append(try client.readSSIP()) }
        #expect(ended().sorted() == ids.sorted(), "each message has one 702 or 703, and no more")
        let json = try LineClient(path: door.daemon.socket)
        json.send(["type": "status", "id": 1])
        guard case .object(let counters)? = try json.reply(1)["counters"] else { Issue.record("no counters"); return }
        let total = counters.values.reduce(0.0) { if case .number(let n) = $1 { $0 + n } else { $0 } }
        #expect(Int(total) == 25)
    }

    // MARK: - systemd

    @Test func theSSIPSocketUnitActivatesTheDaemonBesideTheJSONSocket() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ssip-units-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory + "/runtime", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for unit in ["announcerd.socket", "announcerd-ssip.socket", "announcerd.service"] {
            var text = try String(contentsOf: packageRoot.appendingPathComponent("systemd/\(unit)"), encoding: .utf8)
            text = text.replacingOccurrences(of: "/usr/bin/announcerd", with: binary("announcerd"))
            try text.write(toFile: directory + "/" + unit, atomically: true, encoding: .utf8)
        }
        let verified = try runTool("/usr/bin/systemd-analyze", ["verify", "--user"] + ["announcerd.socket", "announcerd-ssip.socket", "announcerd.service"].map { directory + "/" + $0 },
                                   environment: ["XDG_RUNTIME_DIR": directory + "/runtime"])
        #expect(verified.status == 0 && verified.stdout.isEmpty && verified.stderr.isEmpty, "\(verified.stdout)\(verified.stderr)")

        // Both sockets handed over, named as the units name them.
        let json = directory + "/socket", ssip = directory + "/speechd.sock"
        let activator = Process()
        activator.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        let passOn = ["ASAN_OPTIONS", "TSAN_OPTIONS"].filter { ProcessInfo.processInfo.environment[$0] != nil }.flatMap { ["-E", $0] }
        activator.arguments = ["-l", json, "-l", ssip, "--fdname=announcerd.socket:ssip"] + passOn + [binary("announcerd"), "--sink", "text:instant"]
        let output = directory + "/out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        activator.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        activator.standardError = FileHandle.nullDevice
        try activator.run()
        defer { if activator.isRunning { kill(activator.processIdentifier, SIGKILL) } }
        try waitFor { FileManager.default.fileExists(atPath: ssip) }
        // spd-say on the SSIP socket starts the daemon. (Run without Foundation's Process, which
        // here never noticed its child's exit while the activator, also its child, ran.)
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:\(ssip)"
        let said = try Subprocess.run("/usr/bin/timeout", ["30", Self.spdSay, "-w", "activated by SSIP"], environment: environment)
        #expect(said.status == 0)
        try waitFor { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("SPEAK text 1 activated by SSIP") }
        let client = try LineClient(path: json)
        client.send(["type": "announce", "id": 1, "text": "and by JSON"])
        #expect(try client.read()["type"] == "ok")
        kill(activator.processIdentifier, SIGTERM)
        activator.waitUntilExit()
        #expect(activator.terminationStatus == 0)
    }
}
