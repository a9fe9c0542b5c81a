#if canImport(Glibc)
import Glibc
#endif
import AnnouncerSettings
import AnnouncerWire
import AnnouncerSystem
import Foundation
import Testing
import AnnouncerTestSupport
import AnnouncerSession

/// The real announcerd on a real socket with the text sink, driven as clients drive it.
@Suite struct DaemonEndToEndTests {
    @Test func helloStatusAndOneReplyPerLineInOrder() throws {
        let daemon = try DaemonProcess()
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "hello", "client": "test", "protocol": 1, "id": 1])
        client.send(["type": "status", "id": 2])
        client.send(["type": "stop", "id": 3])
        let welcome = try client.read()
        #expect(welcome["type"] == "welcome")
        #expect(welcome["protocol"] == 1)
        let status = try client.read()
        #expect(status["id"] == 2)
        #expect(status["sink"] == "text")
        #expect(status["clients"] == 1)
        guard case .object(let counters)? = status["counters"] else { Issue.record("no counters"); return }
        #expect(Set(counters.keys) == ["spoken", "interrupted", "superseded", "dropped", "cancelled", "failed"])
        #expect(status["restarts"] == 0)
        #expect(try client.read()["id"] == 3)
    }

    @Test func everyBadInputClassGetsItsErrorAndTheConnectionGoesOn() throws {
        let daemon = try DaemonProcess()
        let client = try LineClient(path: daemon.socket)
        let other = try LineClient(path: daemon.socket)
        client.send("this is not json")
        client.sendRaw([0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        client.send(#"{"type":"shout","id":3}"#)
        client.send(#"{"type":"announce","id":4}"#)
        client.send(#"{"type":"focus","id":5,"element":{"traits":["buton"]}}"#)
        client.send(#"{"type":"hello","id":6,"protocol":2}"#)
        client.send(#"{"type":"announce","id":7,"text":5}"#)
        client.send(String(repeating: "x", count: Request.maximumLineBytes + 10))
        client.send(#"{"type":"subscribe","id":9,"events":["nope"]}"#)
        let codes = try (0..<9).map { _ in try client.read()["code"] }
        #expect(codes == ["bad_json", "bad_json", "unknown_type", "missing_field", "invalid_field",
                          "unsupported_protocol", "invalid_field", "too_long", "invalid_field"])
        // Still served, and so is everyone else.
        client.send(["type": "status", "id": 10])
        #expect(try client.read()["type"] == "ok")
        other.send(["type": "status", "id": 1])
        #expect(try other.read()["type"] == "ok")
    }

    @Test func manyClientsAtOnce() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let clients = try (0..<64).map { _ in try LineClient(path: daemon.socket) }
        for (index, client) in clients.enumerated() {
            client.send(["type": "announce", "id": .number(Double(index)), "text": .string("client \(index)")])
        }
        for (index, client) in clients.enumerated() {
            let reply = try client.read()
            #expect(reply["type"] == "ok")
            #expect(reply["id"] == .number(Double(index)))
        }
        clients[0].send(["type": "status", "id": "s"])
        #expect(try clients[0].read()["clients"] == 64)
    }

    /// The scheduler's scenarios run on the text sink and on real espeak-ng (the null sink), so
    /// that a rule that holds for one holds for both.
    static let sinks = ["text", "null"]

    /// Text that is still being spoken when the next request arrives: the text sink takes the
    /// estimated speaking time, espeak-ng on the null sink synthesizes many times faster.
    static func longText(for sink: String) -> String {
        sink == "null" ? String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 300)
                       : "A long first announcement that takes a while to say"
    }

    @Test(arguments: sinks) func anAnnouncementDuringAFocusIsSpokenAfterIt(sink: String) throws {
        let daemon = try DaemonProcess(arguments: ["--sink", sink])
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["speaking", "finished"]])
        _ = try client.reply(0)
        client.send(#"{"type":"focus","id":1,"element":{"label":"Play","traits":["button"]}}"#)
        client.send(#"{"type":"announce","id":2,"text":"Saved"}"#)
        let lines = try client.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        let events = lines.filter { $0["type"] == "event" }.map { "\($0["event"]!.serialized()) \($0["utterance"]!.serialized()) \(($0["status"] ?? $0["text"])!.serialized())" }
        #expect(events == [#""speaking" 1 "Play. Button.""#, #""finished" 1 "spoken""#, #""speaking" 2 "Saved""#, #""finished" 2 "spoken""#])
    }

    @Test(arguments: sinks) func aFocusStormSpeaksOnlyTheLast(sink: String) throws {
        let daemon = try DaemonProcess(arguments: ["--sink", sink])
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try client.reply(0)
        // One write: the daemon reads all 50 before the engine reports the first one started.
        let storm = (1...50).map { #"{"type":"focus","id":\#($0),"element":{"label":"Item \#($0)"}}"# }.joined(separator: "\n") + "\n"
        client.sendRaw(Array(storm.utf8))
        let lines = try client.read { $0["event"] == "finished" && $0["status"] == "spoken" }
        #expect(lines.last?["utterance"] == 50)
        client.send(["type": "status", "id": "s"])
        let status = try client.reply("s")
        guard case .object(let counters)? = status["counters"] else { Issue.record("no counters"); return }
        #expect(counters["spoken"] == 1)
        // Every one of the 49 others ended, and none was spoken; most never made a sound.
        func count(_ key: String) -> Int { if case .number(let n)? = counters[key] { Int(n) } else { -1 } }
        #expect(count("superseded") + count("interrupted") == 49)
        #expect(count("superseded") > count("interrupted"))
    }

    @Test(arguments: sinks) func stopCancelsWhatWaits(sink: String) throws {
        let daemon = try DaemonProcess(arguments: ["--sink", sink])
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished", "speaking"]])
        _ = try client.reply(0)
        client.send(["type": "announce", "id": 1, "text": .string(Self.longText(for: sink))])
        client.send(#"{"type":"announce","id":2,"text":"Second"}"#)
        client.send(#"{"type":"announce","id":3,"text":"Third"}"#)
        // Once the first is sounding, stop: it is cut off, the others never start.
        _ = try client.read { $0["event"] == "speaking" && $0["utterance"] == 1 }
        client.send(#"{"type":"stop","id":4}"#)
        let lines = try client.read { $0["event"] == "finished" && $0["utterance"] == 3 }
        let statuses = lines.filter { $0["event"] == "finished" }.map { ($0["utterance"]!, $0["status"]!) }
        #expect(statuses.map(\.1) == ["interrupted", "cancelled", "cancelled"])
    }

    @Test func aSubscriberThatNeverReadsIsDisconnectedAndSlowsNobody() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"], config: "max-backlog-bytes = 4096\n")
        let lazy = try LineClient(path: daemon.socket)
        var size: Int32 = 4096
        setsockopt(lazy.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        lazy.send(["type": "subscribe", "id": 0, "events": "*"])
        let busy = try LineClient(path: daemon.socket)
        let text = String(repeating: "word ", count: 200)
        for index in 0..<300 {
            busy.send(["type": "announce", "id": .number(Double(index)), "text": .string(text)])
            _ = try busy.read()
        }
        busy.send(["type": "status", "id": "s"])
        #expect(try busy.reply("s")["clients"] == 1)
        #expect(daemon.stderr.contains("disconnected: it left"))
    }

    @Test func sigtermCancelsWaitingSpeechAndRemovesTheSocket() throws {
        let daemon = try DaemonProcess()
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try client.reply(0)
        client.send(#"{"type":"announce","id":1,"text":"A long announcement that is still being said"}"#)
        client.send(#"{"type":"announce","id":2,"text":"Waiting"}"#)
        _ = try client.reply(2)
        daemon.signal(SIGTERM)
        let lines = try client.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        #expect(lines.last?["status"] == "cancelled")
        #expect(try daemon.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
    }

    /// A reload is also one of the core's inputs: recorded where it came (a bad one is not), and
    /// replayed there, so that what was said before and after it replays in its own language.
    @Test func sighupReloadsAndKeepsTheOldConfigurationWhenTheNewOneIsBad() throws {
        let recordDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-reload-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: recordDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: recordDirectory) }
        let recordPath = recordDirectory + "/session.record"
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant", "--record", recordPath], config: "locale = en\n")
        let client = try LineClient(path: daemon.socket)
        client.send(#"{"type":"focus","id":1,"element":{"label":"OK","traits":["button"]}}"#)
        _ = try client.reply(1)
        try daemon.waitForOutput("SPEAK focus 1 OK. Button.")

        try "locale = de\n".write(toFile: daemon.directory + "/announcer.conf", atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try waitFor { daemon.stderr.contains("configuration reloaded") }
        client.send(#"{"type":"focus","id":2,"element":{"label":"OK","traits":["button"]}}"#)
        _ = try client.reply(2)
        try daemon.waitForOutput("SPEAK focus 2 OK. Taste.")

        try "locale = de\nhint-style = loud\n".write(toFile: daemon.directory + "/announcer.conf", atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try waitFor { daemon.stderr.contains("configuration not reloaded, keeping the old one") }
        #expect(daemon.stderr.contains("announcer.conf:2: hint-style"))
        client.send(#"{"type":"focus","id":3,"element":{"label":"OK","traits":["button"]}}"#)
        _ = try client.reply(3)
        try daemon.waitForOutput("SPEAK focus 3 OK. Taste.")
        daemon.signal(SIGTERM)
        #expect(try daemon.waitForExit() == 0)

        let recording = try String(contentsOfFile: recordPath, encoding: .utf8)
        #expect(recording.split(separator: "\n").filter { $0.contains(#""input":"reconfigure""#) }.count == 1)
        // The configuration the daemon started with, and the one it reloaded, are the recording's.
        let replay = try DaemonCoreReplayTests.replay(recording)
        #expect(replay.textSink.contains("SPEAK focus 1 OK. Button."))
        #expect(replay.textSink.contains("SPEAK focus 2 OK. Taste."))
        #expect(replay.textSink.contains("SPEAK focus 3 OK. Taste."))
    }

    @Test func aSecondDaemonOnALiveSocketExitsNamingIt() throws {
        let first = try DaemonProcess()
        let second = try DaemonProcess(socketPath: first.socket, waitForSocket: false)
        #expect(try second.waitForExit() == 69)
        #expect(second.stderr.contains("socket \(first.socket) is in use by a running announcerd (pid \(first.pid))"))
    }

    @Test func aStaleSocketIsReplacedAndANonSocketRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-stale-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A socket file nobody listens on.
        let path = directory + "/socket"
        try UnixSocket.listen(at: #require(UnixSocketAddress(path))).close()
        let daemon = try DaemonProcess(socketPath: path)
        let client = try LineClient(path: path)
        client.send(["type": "status", "id": 1])
        #expect(try client.read()["type"] == "ok")

        let file = directory + "/not-a-socket"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try DaemonProcess(socketPath: file, waitForSocket: false)
        #expect(try refused.waitForExit() == 69)
        #expect(refused.stderr.contains("\(file) exists and is not a socket"))
        #expect(FileManager.default.fileExists(atPath: file))
        _ = daemon
    }

    @Test func theSocketAndItsDirectoryArePrivate() throws {
        let daemon = try DaemonProcess()
        let socketMode = try FileManager.default.attributesOfItem(atPath: daemon.socket)[.posixPermissions] as? Int
        let directoryMode = try FileManager.default.attributesOfItem(atPath: (daemon.socket as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(socketMode == 0o600)
        #expect(directoryMode == 0o700)
    }

    @Test func aSocketDirectoryThatIsASymlinkOrNotPrivateIsRefusedAndLeftAlone() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-dir-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: base + "/target", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: base + "/target")
        // A planted symbolic link to a directory of ours: refused, and its target not touched.
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/target")
        let throughLink = try DaemonProcess(socketPath: base + "/link/socket", waitForSocket: false)
        #expect(try throughLink.waitForExit() == 69)
        #expect(throughLink.stderr.contains("symbolic link"))
        #expect(try FileManager.default.attributesOfItem(atPath: base + "/target")[.posixPermissions] as? Int == 0o755)
        #expect(!FileManager.default.fileExists(atPath: base + "/target/socket"))
        // A directory others can enter: refused with what to do, not chmod-ed.
        let open = try DaemonProcess(socketPath: base + "/target/socket", waitForSocket: false)
        #expect(try open.waitForExit() == 69)
        #expect(open.stderr.contains("chmod 700"))
        #expect(try FileManager.default.attributesOfItem(atPath: base + "/target")[.posixPermissions] as? Int == 0o755)
    }

    @Test func aReloadKeepsTheCommandLinesOverrides() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant", "--locale", "de"], config: "locale = en\n")
        let client = try LineClient(path: daemon.socket)
        client.send(#"{"type":"focus","id":1,"element":{"label":"OK","traits":["button"]}}"#)
        _ = try client.reply(1)
        try daemon.waitForOutput("SPEAK focus 1 OK. Taste.")
        daemon.signal(SIGHUP)
        try waitFor { daemon.stderr.contains("configuration reloaded") }
        client.send(#"{"type":"focus","id":2,"element":{"label":"OK","traits":["button"]}}"#)
        _ = try client.reply(2)
        try daemon.waitForOutput("SPEAK focus 2 OK. Taste.")
    }

    @Test func logLevelsSayLessAndLess() throws {
        for (level, expectInfo, expectWarning) in [("info", true, true), ("warning", false, true), ("error", false, false)] {
            let daemon = try DaemonProcess(arguments: ["--sink", "text", "--log-level", level], config: "max-clients = 1\n")
            let first = try LineClient(path: daemon.socket)
            first.send(["type": "status", "id": 1])
            _ = try first.reply(1)
            let refused = try LineClient(path: daemon.socket)
            #expect(try refused.read()["code"] == "too_many_clients")
            if expectInfo { try waitFor { daemon.stderr.contains("listening on") } }
            if expectWarning { try waitFor { daemon.stderr.contains("refused client") } }
            // What a level leaves out is never written: stop the daemon, then read everything.
            daemon.signal(SIGTERM)
            _ = try daemon.waitForExit()
            #expect(daemon.stderr.contains("listening on") == expectInfo, "--log-level \(level)")
            #expect(daemon.stderr.contains("refused client") == expectWarning, "--log-level \(level)")
        }
    }

    @Test func theClientSaysAndWaits() throws {
        let daemon = try DaemonProcess()
        let said = try runTool(binary("announce"), ["say", "hello there", "--wait", "--socket", daemon.socket])
        #expect(said.status == 0)
        #expect(daemon.stdout.contains("SPEAK default 1 hello there\nFINISHED 1 spoken"))
        let focused = try runTool(binary("announce"), ["focus", "--label", "Wi-Fi", "--value", "1", "--traits", "button,switchButton", "--wait", "--socket", daemon.socket])
        #expect(focused.status == 0)
        try daemon.waitForOutput("SPEAK focus 2 Wi-Fi. Switch Button. On.")
        let bad = try runTool(binary("announce"), ["say", "x", "--priority", "urgent", "--socket", daemon.socket])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("invalid_field: priority"))
        let status = try runTool(binary("announce"), ["status", "--socket", daemon.socket])
        #expect(status.stdout.contains("sink: text"))
    }

    @Test(.enabled(if: getuid() == 0, "needs root to connect as another user"))
    func connectionsFromAnotherUserAreRefused() throws {
        let daemon = try DaemonProcess()
        // Open the way for the other user; only the daemon's peer check stands between them.
        chmod((daemon.socket as NSString).deletingLastPathComponent, 0o755)
        chmod(daemon.directory, 0o755)
        chmod(daemon.socket, 0o777)
        // The run's own temporary directory (scripts/test makes it private) must let the other
        // user pass through for the length of the test.
        let temporary = (daemon.directory as NSString).deletingLastPathComponent
        var before = stat()
        if temporary != "/tmp", stat(temporary, &before) == 0 {
            chmod(temporary, 0o711)
        }
        defer { if temporary != "/tmp" { chmod(temporary, before.st_mode & 0o7777) } }
        let result = try runTool("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                      binary("announce"), "status", "--socket", daemon.socket])
        #expect(result.status == 69)
        #expect(result.stderr.contains("closed the connection"))
        try waitFor { daemon.stderr.contains("refused a connection from uid 65534") }
    }

    @Test func sendAndListen() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: binary("announce"))
        listener.arguments = ["listen", "--socket", daemon.socket]
        let heard = daemon.directory + "/heard"
        _ = FileManager.default.createFile(atPath: heard, contents: nil)
        listener.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: heard))
        try listener.run()
        defer { if listener.isRunning { kill(listener.processIdentifier, SIGKILL) } }
        // The listener is ready once it has heard something: connected is not yet subscribed.
        func heardText() -> String { (try? String(contentsOfFile: heard, encoding: .utf8)) ?? "" }
        // Generous: under a sanitizer, with the whole suite running at once, starting
        // `announce listen` alone has taken most of 20 s.
        try waitFor(seconds: 60, "the listener never heard \"ready\" (running: \(listener.isRunning)); heard: \(heardText())") {
            if let probe = try? LineClient(path: daemon.socket) {
                probe.send(["type": "announce", "id": 1, "text": "ready"])
                _ = try? probe.read()
            }
            usleep(100_000)
            return heardText().contains("ready\n")
        }

        let requests = daemon.directory + "/requests.jsonl"
        try """
            {"type":"focus","id":1,"element":{"label":"Play","traits":["button"]}}
            {"type":"announce","id":2,"text":"Saved"}
            not json
            """.write(toFile: requests, atomically: true, encoding: .utf8)
        let sent = try runTool(binary("announce"), ["send", requests, "--socket", daemon.socket])
        // A line answered with an error makes the whole send a failure, after every reply.
        #expect(sent.status == 65)
        #expect(sent.stderr.contains("1 of 3 lines got an error reply"))
        let replies = sent.stdout.split(separator: "\n").map(String.init)
        #expect(replies.count == 3)
        #expect(replies[0].contains(#""id":1"#) && replies[0].contains(#""type":"ok""#))
        #expect(replies[2].contains(#""code":"bad_json""#))
        try waitFor(seconds: 60, "heard: \(heardText())") { heardText().hasSuffix("Play. Button.\nSaved\n") }
    }

    /// The quick start in a second terminal with no XDG_RUNTIME_DIR: daemon and client agree.
    @Test func withoutARuntimeDirectoryTheDaemonAndTheClientMeetUnderHome() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-home-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = ["-u", "XDG_RUNTIME_DIR", "-u", "ANNOUNCER_SOCKET", "HOME=\(home)", binary("announcerd"), "--sink", "text:instant"]
        // Files of its own, not the shared FileHandle.nullDevice, whose descriptor Process may
        // close while other tests still use the number.
        _ = FileManager.default.createFile(atPath: home + "/out", contents: nil)
        daemon.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: home + "/out"))
        daemon.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: home + "/out"))
        try daemon.run()
        defer { daemon.terminate(); daemon.waitUntilExit() }
        // The file exists from bind, a moment before the daemon listens: wait for a connection.
        try waitFor("announcerd listens") { (try? LineClient(path: home + "/.cache/announcer/socket")) != nil }
        let said = try runTool("/usr/bin/env", ["-u", "XDG_RUNTIME_DIR", "-u", "ANNOUNCER_SOCKET", "HOME=\(home)", binary("announce"), "say", "hello", "--wait"])
        #expect(said.status == 0)
    }

    @Test func theClientWithNoDaemonIsAOneLineErrorExit69() throws {
        let result = try runTool(binary("announce"), ["say", "hello", "--socket", "/nonexistent/announcer/socket"])
        #expect(result.status == 69)
        #expect(result.stderr == "announce: cannot connect to announcerd at /nonexistent/announcer/socket: No such file or directory (is announcerd running?)\n")
    }

    @Test func checkConfigReportsLineNumbers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "rate = 175\nvolume = loud\n".write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try runTool(binary("announcerd"), ["--check-config", path])
        #expect(bad.status == 78)
        #expect(bad.stderr == "\(path):2: volume: expected a volume from 0 to 200, got \"loud\"\n\(path): 1 problem\n")
        let good = try runTool(binary("announcerd"), ["--check-config", packageRoot.appendingPathComponent("config/announcer.conf").path])
        #expect(good.status == 0)
    }

    @Test func checkConfigReportsEveryProblemAndALocaleWithNoTable() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "volume = loud\nlocale = sw\nnonsense\nrate = 9000\n".write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try runTool(binary("announcerd"), ["--check-config", path])
        #expect(bad.status == 78)
        let lines = bad.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == 5, "\(lines)")
        #expect(lines[0].hasPrefix("\(path):1: volume:"))
        #expect(lines[1] == "\(path):2: locale: there is no locale table for \"sw\"; available: ar, de, en, es, fr, hi, it, ja, ko, pt-BR, ru, zh-Hans")
        #expect(lines[2].hasPrefix("\(path):3: expected `key = value`"))
        #expect(lines[3].hasPrefix("\(path):4: rate:"))
        #expect(lines[4] == "\(path): 4 problems")
        // The daemon itself refuses a locale with no table, rather than speak another.
        let daemon = try runTool(binary("announcerd"), ["--config", path, "--sink", "text", "--socket", "/nonexistent/socket"])
        #expect(daemon.status == 78)
    }

    @Test func checkLocaleReportsEveryProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-locale-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // An override of a packaged table may change some words; a wrong one is still wrong.
        try "locale = de\ntrait.button = Knopf\nbuton = Knopf\nposition.series = {index}\n".write(toFile: directory + "/de.conf", atomically: true, encoding: .utf8)
        let override = try runTool(binary("announcerd"), ["--check-locale", directory + "/de.conf"])
        #expect(override.status == 78)
        #expect(override.stderr.contains("de.conf:3: unknown word \"buton\""))
        #expect(override.stderr.contains("de.conf:4: position.series must contain {index} and {count}"))
        // A new locale must give every word.
        try "locale = sw\ntrait.button = Kitufe\n".write(toFile: directory + "/sw.conf", atomically: true, encoding: .utf8)
        let incomplete = try runTool(binary("announcerd"), ["--check-locale", directory + "/sw.conf"])
        #expect(incomplete.status == 78)
        #expect(incomplete.stderr.contains("the table has no \"trait.link\""))
        let packaged = try runTool(binary("announcerd"), ["--check-locale", packageRoot.appendingPathComponent("config/locales/zh-Hans.conf").path])
        #expect(packaged.status == 0)
    }
}

/// systemd's own tools on the project's units.
@Suite struct SystemdUnitTests {
    @Test func unitsVerifyWithoutWarnings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-units-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory + "/runtime", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for unit in ["announcerd.socket", "announcerd.service"] {
            var text = try String(contentsOf: packageRoot.appendingPathComponent("systemd/\(unit)"), encoding: .utf8)
            // Point the service at the binary under test instead of the installed one.
            text = text.replacingOccurrences(of: "/usr/bin/announcerd", with: binary("announcerd"))
            try text.write(toFile: directory + "/" + unit, atomically: true, encoding: .utf8)
        }
        let result = try runTool("/usr/bin/systemd-analyze", ["verify", "--user", directory + "/announcerd.socket", directory + "/announcerd.service"],
                                 environment: ["XDG_RUNTIME_DIR": directory + "/runtime"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "systemd-analyze said: \(result.stdout)\(result.stderr)")
    }

    @Test func socketActivationAnswersTheFirstClient() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-activate-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/socket"
        let activator = Process()
        activator.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        // systemd-socket-activate passes on only the environment it is told to (a sanitizer's too).
        let passOn = ["ASAN_OPTIONS", "TSAN_OPTIONS"].filter { ProcessInfo.processInfo.environment[$0] != nil }.flatMap { ["-E", $0] }
        activator.arguments = ["-l", path] + passOn + [binary("announcerd"), "--sink", "text:instant"]
        let output = directory + "/out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: directory + "/err", contents: nil)
        activator.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        activator.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/err"))
        try activator.run()
        defer { if activator.isRunning { kill(activator.processIdentifier, SIGKILL) } }
        // The socket's file exists once systemd-socket-activate has bound it, a moment before it
        // listens: until then a connection is refused, so the test waits for one to be taken.
        var connected: LineClient?
        try waitFor("systemd-socket-activate listens on \(path)") {
            connected = try? LineClient(path: path)
            return connected != nil
        }
        // The daemon does not exist yet: this connection starts it, and it answers.
        let client = try #require(connected)
        client.send(["type": "hello", "id": 1, "protocol": 1, "client": "activation-test"])
        let welcome = try client.read()
        #expect(welcome["type"] == "welcome")
        client.send(["type": "announce", "id": 2, "text": "activated"])
        #expect(try client.read()["type"] == "ok")
        try waitFor { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("SPEAK default 1 activated") }
        kill(activator.processIdentifier, SIGTERM)
        activator.waitUntilExit()
        #expect(activator.terminationStatus == 0)
        // systemd handed the socket over, so it is systemd's to remove.
        #expect(FileManager.default.fileExists(atPath: path))
    }
}

func waitFor(seconds: Double = 20, _ what: @autoclosure () -> String = "", _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { throw Timeout(description: "condition not met in \(seconds) s\(what().isEmpty ? "" : ": " + what())") }
        usleep(10_000)
    }
}

struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

func runTool(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil) throws -> ToolResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let stdin {
        let input = directory.appendingPathComponent("in")
        try stdin.write(to: input, atomically: true, encoding: .utf8)
        process.standardInput = try FileHandle(forReadingFrom: input)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return ToolResult(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8))
}
