#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import Foundation
import Testing

/// The real announcerd tried as a hostile, buggy or careless client would: refused clients,
/// connection churn, floods, half-closed sockets.
@Suite struct HardeningEndToEndTests {
    private func descriptorCount(_ daemon: DaemonProcess) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/fd").count) ?? -1
    }

    /// Waits (bounded) until the daemon holds `count` descriptors; returns what it holds.
    private func settleDescriptors(_ daemon: DaemonProcess, to count: Int) -> Int {
        for _ in 0..<500 where descriptorCount(daemon) != count { usleep(10_000) }
        return descriptorCount(daemon)
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
        #expect(daemon.process.isRunning)
    }

    @Test func tenThousandConnectAndCloseCyclesLeaveNoDescriptorBehind() throws {
        let daemon = try DaemonProcess(config: "max-clients = 8\n")
        let watcher = try LineClient(path: daemon.socket)
        watcher.send(["type": "status", "id": 0])
        _ = try watcher.reply(0)
        let before = descriptorCount(daemon)
        for _ in 0..<10_000 {
            _ = try LineClient(path: daemon.socket)
        }
        // A client that connects after the churn is served, not refused as one too many.
        let late = try LineClient(path: daemon.socket)
        late.send(["type": "status", "id": 1])
        #expect(try late.reply(1)["type"] == "ok")
        withExtendedLifetime(late) {}
        #expect(settleDescriptors(daemon, to: before + 1) == before + 1)
        watcher.send(["type": "status", "id": 2])
        #expect(try watcher.reply(2)["type"] == "ok")
        #expect(daemon.process.isRunning)
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
        let reply = try patient.reply("mine")
        // ...and is answered after at most a few turns of the flood, not after all of it: the
        // counters in its reply say how many focus requests had been handled by then.
        guard case .object(let counters)? = reply["counters"] else { Issue.record("no counters"); return }
        let handled = counters.values.reduce(0) { sum, value in if case .number(let n) = value { sum + Int(n) } else { sum } }
        #expect(handled < total / 2)
        #expect(lastReply.wait(timeout: .now() + 60) == .success)
    }
}
