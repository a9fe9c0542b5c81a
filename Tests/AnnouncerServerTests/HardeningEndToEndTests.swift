#if canImport(Glibc)
import Glibc
#endif
import AnnouncerSupport
import Foundation
import Testing
import AnnouncerTestSupport

/// The real announcerd tried as a hostile, buggy or careless client would: refused clients,
/// connection churn, floods, half-closed sockets.
@Suite struct HardeningEndToEndTests {
    /// The daemon's sockets: its listener, its clients and its worker's channel. What a client
    /// leaves behind is a socket; libdispatch's own descriptors (a timerfd for the timers armed,
    /// an eventfd) come and go with what the daemon is doing, and an idle daemon arms no timer.
    /// The daemon's open sockets, by inode ("socket:[5761155]").
    private func sockets(_ daemon: DaemonProcess) -> Set<String> {
        let directory = "/proc/\(daemon.pid)/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return Set(names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0) }.filter { $0.hasPrefix("socket:") })
    }

    /// Waits (bounded: 20 s, for a loaded machine running the whole suite at once) until at most
    /// `allowed` of the daemon's sockets are ones it did not hold in `before`; returns how many
    /// it holds that it did not. Sockets it held that closed since do not count: the speech
    /// worker's channel comes and goes with the worker, and a churn of minutes on a loaded
    /// machine saw it close (4 sockets where 5 were counted, none left behind).
    private func settleNewSockets(_ daemon: DaemonProcess, since before: Set<String>, to allowed: Int) -> Int {
        for _ in 0..<2000 where sockets(daemon).subtracting(before).count > allowed { usleep(10_000) }
        return sockets(daemon).subtracting(before).count
    }

    /// What the daemon's descriptors are, for a failure's message.
    private func descriptors(_ daemon: DaemonProcess) -> String {
        let directory = "/proc/\(daemon.pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { "\($0)→\((try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) ?? "?")" }.joined(separator: " ")
    }

    @Test func clientsOverTheLimitAreRefusedAndTheDaemonLivesOn() throws {
        let daemon = try DaemonProcess(config: "max-clients = 2\n")
        let first = try LineClient(path: daemon.socket)
        let second = try LineClient(path: daemon.socket)
        first.send(["type": "status", "id": 1])
        _ = try first.reply(1)
        second.send(["type": "status", "id": 1])
        _ = try second.reply(1)
        for _ in 0..<20 {
            let refused = try LineClient(path: daemon.socket)
            #expect(try refused.read()["code"] == "too_many_clients")
        }
        first.send(["type": "status", "id": 2])
        #expect(try first.reply(2)["clients"] == 2)
        #expect(daemon.isRunning)
    }

    @Test func tenThousandConnectAndCloseCyclesLeaveNoDescriptorBehind() throws {
        let daemon = try DaemonProcess(config: "max-clients = 8\n")
        let watcher = try LineClient(path: daemon.socket)
        watcher.send(["type": "status", "id": 0])
        _ = try watcher.reply(0)
        // Counted once the daemon says it is up: its signals' descriptors, which libdispatch
        // opens on a thread of its own, are there by then (on a loaded machine they were not
        // yet at the first reply, and counted as left behind by the churn).
        try waitFor { daemon.stderr.contains("listening on") }
        let before = sockets(daemon)
        for _ in 0..<10_000 {
            _ = try LineClient(path: daemon.socket)
        }
        // A client that connects after the churn is served, not refused as one too many.
        let late = try LineClient(path: daemon.socket)
        late.send(["type": "status", "id": 1])
        #expect(try late.reply(1)["type"] == "ok")
        withExtendedLifetime(late) {}
        // The late client's socket alone is new.
        #expect(settleNewSockets(daemon, since: before, to: 1) == 1, "\(descriptors(daemon))")
        watcher.send(["type": "status", "id": 2])
        #expect(try watcher.reply(2)["type"] == "ok")
        #expect(daemon.isRunning)
    }

    /// Found by the soak: a client that sends part of a line and closes was never read to its
    /// end, so its descriptor stayed open for good.
    @Test func clientsThatLeaveMidLineLeaveNoDescriptorBehind() throws {
        let daemon = try DaemonProcess()
        let watcher = try LineClient(path: daemon.socket)
        watcher.send(["type": "status", "id": 0])
        _ = try watcher.reply(0)
        let before = sockets(daemon)
        for index in 0..<500 {
            let client = try LineClient(path: daemon.socket)
            client.sendRaw(Array(#"{"type":"announce","text":"half"#.utf8))
            if index % 2 == 0 { client.send(#"{"type":"status"}"#) }
        }
        #expect(settleNewSockets(daemon, since: before, to: 0) == 0, "\(descriptors(daemon))")
        watcher.send(["type": "status", "id": 1])
        #expect(try watcher.reply(1)["type"] == "ok")
    }

    /// A client that always leaves a little unread, with large ids, once held everything ever
    /// sent to it: what it has read must be let go.
    @Test(.disabled(if: underSanitizer, "a sanitizer's allocator keeps freed memory: resident size says nothing there"))
    func aClientThatAlwaysLeavesALittleUnreadHoldsOnlyThatLittle() throws {
        let daemon = try DaemonProcess()
        let client = try LineClient(path: daemon.socket)
        var size: Int32 = 4096
        setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let bigID = String(repeating: "i", count: 16_384)
        client.send(["type": "status", "id": "warm"])
        _ = try client.reply("warm")
        let before = residentKiB(daemon)
        // 3,000 replies of 16 KiB (48 MiB) through a connection never read dry: 40 unread replies
        // are more than the socket buffers hold, less than max-backlog-bytes. Each reply is read
        // off the socket exactly, so the rest really stay unread.
        let rounds = 3_000
        let unread = 40
        for index in 0..<rounds {
            client.send(["type": "stop", "id": .string("\(index)-\(bigID)")])
            if index >= unread { try readExactlyOneLine(client.fd) }
        }
        // Measured while the last replies are still unread: once read dry, even a buffer that
        // kept everything would be let go.
        let grown = residentKiB(daemon) - before
        for _ in 0..<unread { try readExactlyOneLine(client.fd) }
        #expect(grown < 16 * 1024, "resident memory grew \(grown) KiB")
    }

    /// Takes one line off the socket and nothing after it.
    private func readExactlyOneLine(_ fd: Int32) throws {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let peeked = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_PEEK)) }
            guard peeked > 0 else { throw Timeout(description: "no line from the daemon") }
            let take = buffer[0..<peeked].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? peeked
            _ = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, take, 0) }
            if take <= peeked, buffer[take - 1] == UInt8(ascii: "\n") { return }
        }
    }

    private func residentKiB(_ daemon: DaemonProcess) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(daemon.pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func aHalfClosedClientGetsEveryReplyIncludingAnUnterminatedLastLine() throws {
        let daemon = try DaemonProcess()
        let client = try LineClient(path: daemon.socket)
        let requests = (1...1000).map { #"{"type":"status","id":\#($0)}"# }.joined(separator: "\n") + "\n" + #"{"type":"status","id":"last"}"#
        client.sendRaw(Array(requests.utf8))
        shutdown(client.fd, Int32(SHUT_WR))
        var ids: [JSONValue] = []
        while let line = try? client.read() { ids.append(line["id"] ?? .null) }
        #expect(ids.count == 1001)
        #expect(ids.first == 1)
        #expect(ids.last == "last")
    }

    /// One unterminated line and a half-close, many times over: the reply is served in a later
    /// turn than the one that read the end, and the descriptor must still be open for it (the
    /// soak found clients left without a reply when the read source's end closed it).
    @Test func aHalfClosedClientWithOneUnterminatedLineIsAnswered() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "null"])
        // Another client keeps the daemon's turns busy, so that the reply waits a while.
        let busy = try LineClient(path: daemon.socket)
        let burst = Array(((1...2000).map { #"{"type":"status","id":\#($0)}"# }.joined(separator: "\n") + "\n").utf8)
        let flooding = Thread { for _ in 0..<20 { busy.sendRaw(burst) } }
        flooding.start()
        var unanswered = 0
        for index in 0..<300 {
            let client = try LineClient(path: daemon.socket)
            client.sendRaw(Array(#"{"type":"status","id":\#(index)}"#.utf8))
            shutdown(client.fd, Int32(SHUT_WR))
            if (try? client.read())?["id"] != .number(Double(index)) { unanswered += 1 }
        }
        #expect(unanswered == 0)
    }

    @Test func aFloodingClientDoesNotHoldUpAnotherClientsReply() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let flooder = try LineClient(path: daemon.socket)
        let patient = try LineClient(path: daemon.socket)
        let total = 20_000
        let flood = (1...total).map { #"{"type":"focus","id":\#($0),"element":{"label":"Item \#($0)"}}"# }.joined(separator: "\n") + "\n"
        let writer = Thread { flooder.sendRaw(Array(flood.utf8)) }
        writer.start()
        let lastReply = DispatchSemaphore(value: 0)
        let reader = Thread {
            while let line = try? flooder.read() {
                if line["id"] == .number(Double(total)) { break }
            }
            lastReply.signal()
        }
        reader.start()
        // The flood is being served: the patient client asks for its status...
        usleep(20_000)
        patient.send(["type": "status", "id": "mine"])
        let reply: [String: JSONValue]
        do {
            reply = try patient.reply("mine")
        } catch {
            Issue.record("\(error); announcerd running: \(daemon.isRunning); its errors: \(daemon.stderr)")
            return
        }
        // ...and is answered after at most a few turns of the flood, not after all of it: the
        // counters in its reply say how many focus requests had been handled by then.
        guard case .object(let counters)? = reply["counters"] else { Issue.record("no counters"); return }
        let handled = counters.values.reduce(0) { sum, value in if case .number(let n) = value { sum + Int(n) } else { sum } }
        #expect(handled < total / 2)
        // A client that connects during the flood is served as soon, not after it.
        let newcomer = try LineClient(path: daemon.socket)
        newcomer.send(["type": "status", "id": "new"])
        var late: [String: JSONValue] = [:]
        while late["id"] != "new" {
            do {
                late = try newcomer.read()
            } catch {
                Issue.record("\(error) after \(late); announcerd running: \(daemon.isRunning); its errors: \(daemon.stderr)")
                return
            }
        }
        guard case .object(let lateCounters)? = late["counters"] else { Issue.record("no counters"); return }
        let handledLater = lateCounters.values.reduce(0) { sum, value in if case .number(let n) = value { sum + Int(n) } else { sum } }
        #expect(handledLater < total)
        // Every one of the flood is answered in the end. The bound is only there so that a
        // daemon that stopped answering fails the test rather than hang it: a sanitized daemon
        // on a loaded machine takes over a minute for the 20,000.
        #expect(lastReply.wait(timeout: .now() + 600) == .success)
    }

    // MARK: - Speech on every sink

    @Test(arguments: DaemonEndToEndTests.sinks)
    func aDefaultAnnouncementCutOffByAFocusIsSpokenInFullAfterIt(sink: String) throws {
        let daemon = try DaemonProcess(arguments: ["--sink", sink])
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished", "speaking"]])
        _ = try client.reply(0)
        client.send(["type": "announce", "id": 1, "text": .string(DaemonEndToEndTests.longText(for: sink))])
        client.send(["type": "announce", "id": 2, "text": "Behind it"])
        _ = try client.read { $0["event"] == "speaking" && $0["utterance"] == 1 }
        client.send(#"{"type":"focus","id":3,"element":{"label":"Play","traits":["button"]}}"#)
        let lines = try client.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        let finished = lines.filter { $0["event"] == "finished" }.map { "\($0["utterance"]!.serialized()) \($0["status"]!.serialized())" }
        #expect(finished == [#"3 "spoken""#, #"1 "spoken""#, #"2 "spoken""#])
        let spoken = lines.filter { $0["event"] == "speaking" }.map { $0["utterance"]!.serialized() }
        #expect(spoken == ["3", "1", "2"])
    }

    /// 2,000 mixed requests from 8 clients: every utterance accepted gets exactly one `finished`.
    @Test(arguments: DaemonEndToEndTests.sinks)
    func everyAcceptedUtteranceFinishesExactlyOnce(sink: String) throws {
        let daemon = try DaemonProcess(arguments: ["--sink", sink])
        let listener = try LineClient(path: daemon.socket)
        listener.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try listener.reply(0)
        let clients = try (0..<8).map { _ in try LineClient(path: daemon.socket) }
        // A long default announcement is still sounding when a focus cuts it off, so it is queued
        // again under its id: the case that once left utterances without a `finished`.
        let long = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 12)
        let requests = [
            #"{"type":"focus","element":{"label":"Row","hint":"Opens the row."}}"#,
            #"{"type":"announce","text":"\#(long)"}"#,
            #"{"type":"announce","text":"Saved","priority":"default"}"#,
            #"{"type":"announce","text":"Battery low","priority":"high"}"#,
            #"{"type":"announce","text":"Synced","priority":"low"}"#,
            #"{"type":"announce","text":"Later","delayMs":50}"#,
            #"{"type":"announce","text":"Now","interrupt":true}"#,
        ]
        var accepted: Set<Double> = []
        for round in 0..<250 {
            for (index, client) in clients.enumerated() {
                let request = (round * 8 + index) % 97 == 0 ? #"{"type":"stop"}"# : requests[(round + index) % requests.count]
                client.send(request)
            }
            for client in clients {
                let reply = try client.read { $0["type"] != "event" }.last!
                #expect(reply["type"] == "ok")
                for key in ["utterance", "hint"] {
                    if case .number(let id)? = reply[key] { accepted.insert(id) }
                }
            }
        }
        if sink == "text" {
            // The text sink takes the estimated speaking time: stop rather than wait minutes.
            clients[0].send(#"{"type":"stop","id":"end"}"#)
            _ = try clients[0].reply("end")
        }
        // On espeak-ng everything is let finish by itself: an utterance that never ends would
        // hang here (a stop would hide it by cancelling it).
        var finished: [Double: Int] = [:]
        while finished.count < accepted.count {
            let line = try listener.read()
            if line["event"] == "finished", case .number(let id)? = line["utterance"] { finished[id, default: 0] += 1 }
        }
        #expect(Set(finished.keys) == accepted)
        #expect(finished.values.allSatisfy { $0 == 1 })
    }

    // MARK: - A supervised synthesizer

    /// espeak-ng 1.51 smashes its own stack on this input (its tests/crash_vectors).
    static let crashingText = String(repeating: "a . ", count: 85)

    @Test func aCrashingSynthesizerCostsOneUtteranceNotTheDaemon() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "null"])
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try client.reply(0)
        client.send(["type": "announce", "id": 1, "text": .string(Self.crashingText)])
        client.send(["type": "announce", "id": 2, "text": "Still here"])
        var lines = try client.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        let focusLabel = String(repeating: "a . ", count: 90)
        client.send(["type": "focus", "id": 3, "element": ["label": .string(focusLabel)]])
        client.send(["type": "announce", "id": 4, "text": "And here"])
        lines += try client.read { $0["event"] == "finished" && $0["utterance"] == 4 }
        let finished = lines.filter { $0["event"] == "finished" }
        let statuses = Dictionary(uniqueKeysWithValues: finished.map { ($0["utterance"]!.serialized(), $0["status"]!) })
        #expect(statuses["1"] == "failed")
        #expect(statuses["2"] == "spoken")
        #expect(statuses["3"] == "failed")
        #expect(statuses["4"] == "spoken")
        let reasons = finished.compactMap { line -> String? in if case .string(let reason)? = line["reason"] { reason } else { nil } }
        #expect(reasons.count == 2)
        #expect(reasons.allSatisfy { $0.contains("crashed") })
        client.send(["type": "status", "id": "s"])
        let status = try client.reply("s")
        #expect(status["restarts"] == 2)
        guard case .object(let counters)? = status["counters"] else { Issue.record("no counters"); return }
        #expect(counters["failed"] == 2)
        #expect(daemon.isRunning)
    }

    @Test func aHungSynthesizerIsReplacedByTheWatchdog() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "null"])
        // The daemon's watchdog bound (a sanitized run gives it more), and a read's time past it.
        let bound = ProcessInfo.processInfo.environment["ANNOUNCER_SPEECH_WATCHDOG_MS"].flatMap { Int($0) } ?? 2000
        let client = try LineClient(path: daemon.socket, timeoutSeconds: bound / 1000 + 10)
        client.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try client.reply(0)
        // The daemon listens while its worker starts; it says "listening" once the worker is up.
        try waitFor { daemon.stderr.contains("listening on") }
        let workers = childProcesses(of: daemon.pid)
        #expect(workers.count == 1)
        // A stopped worker takes its utterance and never answers: as a hung synthesizer would.
        for worker in workers { kill(worker, SIGSTOP) }
        client.send(["type": "announce", "id": 1, "text": "Nobody hears this"])
        client.send(["type": "announce", "id": 2, "text": "But this"])
        let lines = try client.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        let finished = lines.filter { $0["event"] == "finished" }
        #expect(finished.map { $0["status"] } == ["failed", "spoken"])
        if case .string(let reason)? = finished.first?["reason"] {
            #expect(reason.contains("no progress"))
        } else {
            Issue.record("no reason for the failure")
        }
        let replaced = childProcesses(of: daemon.pid)
        #expect(replaced.count == 1)
        #expect(Set(replaced).isDisjoint(with: workers))
    }

    private func childProcesses(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }

    // MARK: - Every client its share

    @Test func aClientCannotFillTheQueueForEveryoneAndWhatItLeavesIsCancelled() throws {
        let daemon = try DaemonProcess(config: "max-queued-per-client = 5\n")
        let listener = try LineClient(path: daemon.socket)
        listener.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try listener.reply(0)
        var greedy: LineClient? = try LineClient(path: daemon.socket)
        var accepted: [JSONValue] = []
        for index in 0..<5 {
            greedy!.send(["type": "announce", "id": .number(Double(index)), "text": "Much later", "delayMs": 600_000])
            let reply = try greedy!.reply(.number(Double(index)))
            #expect(reply["type"] == "ok")
            if let utterance = reply["utterance"] { accepted.append(utterance) }
        }
        greedy!.send(["type": "announce", "id": "over", "text": "One too many", "delayMs": 600_000])
        let refused = try greedy!.reply("over")
        #expect(refused["code"] == "queue_full")
        if case .string(let message)? = refused["message"] { #expect(message.contains("max-queued-per-client")) }
        // Another client is not refused for the first one's share.
        let other = try LineClient(path: daemon.socket)
        other.send(["type": "announce", "id": 1, "text": "Battery low", "priority": "high"])
        #expect(try other.reply(1)["type"] == "ok")
        // The greedy client leaves: what it queued is cancelled, not left to speak in ten minutes.
        greedy = nil
        var cancelled: Set<JSONValue> = []
        while cancelled.count < accepted.count {
            let line = try listener.read()
            if line["status"] == "cancelled", let utterance = line["utterance"] { cancelled.insert(utterance) }
        }
        #expect(cancelled == Set(accepted))
        other.send(["type": "status", "id": 2])
        #expect(try other.reply(2)["queue"] == 0)
    }

    @Test func outOfFileDescriptorsRefusesCleanlyAndDoesNotSpin() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.pid
        let limit = Process()
        limit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        limit.arguments = ["--pid", "\(pid)", "--nofile=64:64"]
        try limit.run()
        limit.waitUntilExit()
        try #require(limit.terminationStatus == 0)
        var clients: [LineClient] = []
        var refused = 0
        for index in 0..<100 {
            let client = try LineClient(path: daemon.socket)
            client.send(["type": "status", "id": .number(Double(index))])
            let line = try client.read()
            if line["code"] == "too_many_clients" {
                refused += 1
                if case .string(let message)? = line["message"] { #expect(message.contains("file descriptors")) }
            } else {
                #expect(line["type"] == "ok")
                clients.append(client)
            }
        }
        #expect(refused > 0)
        #expect(!clients.isEmpty)
        // Refusals are logged at most about once a second, not once per attempt.
        let logged = daemon.stderr.split(separator: "\n").filter { $0.contains("out of file descriptors") }.count
        #expect(logged <= 3)
        // Once clients leave there is room again.
        clients.removeAll()
        var served = false
        for _ in 0..<100 where !served {
            usleep(20_000)
            let client = try LineClient(path: daemon.socket)
            client.send(["type": "status", "id": "again"])
            served = (try? client.read())?["type"] == "ok"
        }
        #expect(served)
    }
}
