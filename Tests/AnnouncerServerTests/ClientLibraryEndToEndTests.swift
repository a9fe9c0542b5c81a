import AnnouncerClient
import AnnouncerElements
import AnnouncerFocus
import AnnouncerScheduler
import AnnouncerTestSupport
import AnnouncerWire
import Testing

/// The Swift client library against the real daemon: typed requests, replies and events.
@Suite struct ClientLibraryEndToEndTests {
    @Test func sayWaitForFinishedAndReadTheStatus() throws {
        let daemon = try DaemonProcess()
        let connection = try DaemonConnection(socket: daemon.socket, environment: [:])
        #expect(try connection.request(.hello(client: "library-test", protocol: 1)).body == .welcome(protocol: 1, version: "0.1.0"))
        #expect(try connection.request(.subscribe(events: ["speaking", "finished"])).body == .subscribed(["speaking", "finished"]))
        let reply = try connection.request(.announce(Announcement(text: "Saved")))
        guard case .ok(let accepted) = reply.body, let utterance = accepted.utterance else {
            Issue.record("not accepted: \(reply)")
            return
        }
        var heard: [DaemonEvent] = []
        for event in connection.events {
            heard.append(event)
            if case .finished(utterance, _, _) = event { break }
        }
        #expect(heard == [.speaking(utterance: utterance, text: "Saved", kind: "default"), .finished(utterance: utterance, status: .spoken, reason: nil)])
        guard case .status(let status) = try connection.request(.status).body else {
            Issue.record("no status")
            return
        }
        #expect(status.clients == 1)
        #expect(status.counters[.spoken] == 1)
        #expect(status.sink == "text")
    }

    @Test func aTreeTheKeyboardMovesThrough() throws {
        let daemon = try DaemonProcess()
        let connection = try DaemonConnection(socket: daemon.socket, environment: [:])
        let tree = try ElementTree(roots: [Element(id: "play", label: "Play", traits: [.button]), Element(id: "stop", label: "Stop", traits: [.button])])
        let screen = try connection.request(.screen(tree, focus: nil))
        guard case .ok(let accepted) = screen.body else {
            Issue.record("screen refused: \(screen)")
            return
        }
        #expect(accepted.element == .some("play"))
        // The focus ring event came before the reply, and is kept for `nextEvent`.
        #expect(try connection.nextEvent() == .focus(element: "play", frame: nil, shape: nil))
        _ = try connection.request(.key(KeyPress("tab")))
        #expect(try connection.nextEvent() == .focus(element: "stop", frame: nil, shape: nil))
        _ = try connection.request(.key(KeyPress("space")))
        #expect(try connection.nextEvent() == .activate(element: "stop"))
        let refused = try connection.request(.update([Element(id: "nowhere", label: "X")], focus: nil))
        guard case .error(.invalidField, _) = refused.body else {
            Issue.record("an update of an unknown id was not refused: \(refused)")
            return
        }
    }

    /// The README's example, word for word but for the socket.
    @Test func theReadmeExample() throws {
        let daemonProcess = try DaemonProcess()
        var statuses: [FinishStatus] = []
        let daemon = try DaemonConnection(socket: daemonProcess.socket)
        _ = try daemon.request(.subscribe(events: ["finished"]))
        let reply = try daemon.request(.announce(Announcement(text: "Download complete")))
        if case .ok(let accepted) = reply.body, let utterance = accepted.utterance {
            for event in daemon.events {
                if case .finished(utterance, let status, _) = event {
                    statuses.append(status)
                    break
                }
            }
        }
        #expect(statuses == [.spoken])
    }

    @Test func noDaemonIsAClearError() {
        let error = #expect(throws: ClientError.self) { try DaemonConnection(socket: "/nonexistent/announcer/socket", environment: [:]) }
        #expect(error?.description == "cannot connect to announcerd at /nonexistent/announcer/socket: No such file or directory (is announcerd running?)")
        #expect(throws: ClientError.noSocketPath) { try DaemonConnection(environment: [:]) }
    }
}
