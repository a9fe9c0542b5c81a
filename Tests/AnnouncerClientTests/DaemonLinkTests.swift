import AnnouncerClient
import AnnouncerElements
import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// The doors' one connection to announcerd (`DaemonLink`, used by the desktop bridge and
/// `announce term`) and the errors of `DaemonConnection` under it: bounded connects and writes,
/// a daemon reached again after a restart, and errno kept.
@Suite struct DaemonLinkTests {
    /// A socket that listens and never accepts or reads: a daemon stuck in a loop.
    final class DeafListener {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deaf-\(UUID().uuidString.prefix(8))").path
        let path: String
        let socket: FileDescriptor

        init(backlog: Int32 = 16) throws {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/socket"
            socket = try UnixSocket.listen(at: try #require(UnixSocketAddress(path)), backlog: backlog)
        }

        deinit {
            socket.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    static let big = [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)

    @Test func aWriteToADaemonThatNeverReadsTimesOutWithItsErrno() throws {
        let deaf = try DeafListener()
        let connection = try DaemonConnection(socket: deaf.path, connectTimeout: .seconds(1), writeTimeout: .milliseconds(200))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: ClientError.failed(deaf.path, .timedOut)) { try connection.sendLine(Self.big) }
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aConnectToADaemonThatNeverAcceptsTimesOut() throws {
        let deaf = try DeafListener(backlog: 0)
        var connections: [DaemonConnection] = []
        let clock = ContinuousClock()
        var failure: ClientError?
        for _ in 0..<64 {
            let start = clock.now
            do {
                connections.append(try DaemonConnection(socket: deaf.path, connectTimeout: .milliseconds(100)))
            } catch {
                #expect(clock.now - start < .seconds(2))
                failure = error
                break
            }
        }
        #expect(failure == .cannotConnect(deaf.path, "it did not accept the connection in time"))
    }

    @Test func aDaemonThatHungUpIsClosedNotFailed() throws {
        let deaf = try DeafListener()
        let connection = try DaemonConnection(socket: deaf.path, connectTimeout: .seconds(1), writeTimeout: .seconds(1))
        guard case .processed(let accepted) = try UnixSocket.accept(deaf.socket) else {
            Issue.record("nothing to accept")
            return
        }
        accepted.close()
        #expect(throws: ClientError.closed(deaf.path)) { try connection.sendLine(Array("{}".utf8)) }
        #expect(try connection.nextLine() == nil)
    }

    @Test func theLinkReachesARestartedDaemonAndLosesNoRequest() throws {
        let first = try DaemonProcess()
        var notices: [DaemonLink.Notice] = []
        let link = DaemonLink(settings: DaemonLink.Settings(socket: first.socket, client: "test")) { notices.append($0) }
        guard case .ok? = link.request(.announce(Announcement(text: "one")))?.body else {
            Issue.record("no reply from the first daemon")
            return
        }
        first.signal(SIGKILL)
        _ = try first.waitForExit()
        let second = try DaemonProcess(socketPath: first.socket)
        guard case .ok? = link.request(.announce(Announcement(text: "two")))?.body else {
            Issue.record("no reply from the second daemon")
            return
        }
        try second.waitForOutput("two")
        #expect(notices == [])
    }

    /// A door's hint style goes with every hello, to a daemon that restarted too: the keyboard's
    /// hints, though announcerd's `hint-style` is touch.
    @Test func theLinkDeclaresItsHintStyleToEveryDaemon() throws {
        let first = try DaemonProcess(arguments: ["--sink", "text:instant"], config: "hint-delay-ms = 0\n")
        let link = DaemonLink(settings: DaemonLink.Settings(socket: first.socket, client: "test", hints: .keyboard)) { _ in }
        #expect(link.request(.focus(Element(label: "Volume", value: "50%", traits: [.adjustable]))) != nil)
        try first.waitForOutput("SPEAK hint 2 Press Up or Down Arrow to adjust the value.")
        first.signal(SIGKILL)
        _ = try first.waitForExit()
        let second = try DaemonProcess(arguments: ["--sink", "text:instant"], config: "hint-delay-ms = 0\n", socketPath: first.socket)
        #expect(link.request(.focus(Element(label: "Wi-Fi", value: "0", traits: [.button, .switchButton]))) != nil)
        try second.waitForOutput("SPEAK hint 2 Press Space to toggle setting.")
    }

    @Test func anOutageIsToldOnceAndTheReturnOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("link-\(UUID().uuidString.prefix(8))").path
        // Private, as announcerd wants a socket's directory.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var notices: [DaemonLink.Notice] = []
        let link = DaemonLink(settings: DaemonLink.Settings(socket: directory + "/socket", client: "test")) { notices.append($0) }
        #expect(!link.send(.stop))
        #expect(link.request(.stop) == nil)
        #expect(notices.count == 1)
        guard case .unreachable(.cannotConnect)? = notices.first else {
            Issue.record("not an outage: \(notices)")
            return
        }
        let daemon = try DaemonProcess(socketPath: directory + "/socket")
        #expect(link.send(.announce(Announcement(text: "back"))))
        try daemon.waitForOutput("back")
        #expect(notices.dropFirst() == [.reconnected])
    }

    @Test func theLinkGivesUpOnADaemonThatNeverReads() throws {
        let deaf = try DeafListener()
        var settings = DaemonLink.Settings(socket: deaf.path, client: "test")
        settings.connectTimeout = .milliseconds(200)
        settings.writeTimeout = .milliseconds(200)
        let link = DaemonLink(settings: settings) { _ in }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(!link.send(.announce(Announcement(text: String(repeating: "a", count: 4 << 20)))))
        // It gave up: without its write timeout it would wait here for ever. (Encoding 4 MiB
        // under ThreadSanitizer on a loaded machine takes seconds: the bound is only "not for ever".)
        #expect(clock.now - start < .seconds(60))
    }
}
