import AnnouncerSystem
import Glibc
import Testing

/// Addresses, descriptors and the non-blocking results, on real sockets.
@Suite struct SocketsTests {
    @Test func anAddressIsAPathOrAnAbstractNameThatFits() throws {
        let path = try #require(UnixSocketAddress("/run/user/1000/announcer/socket"))
        #expect(!path.isAbstract)
        let abstract = try #require(UnixSocketAddress("@/org/example/notify"))
        #expect(abstract.isAbstract)
        #expect(UnixSocketAddress(String(repeating: "a", count: 107)) != nil)
        #expect(UnixSocketAddress(String(repeating: "a", count: 108)) == nil)
        #expect(UnixSocketAddress("") == nil)
        #expect(UnixSocketAddress("@") == nil)
    }

    @Test func anEmptySocketWouldBlockAndAClosedOneEnds() throws {
        let (left, right) = try FileDescriptor.socketPair()
        defer { left.close() }
        try left.setNonBlocking()
        var buffer = [UInt8](repeating: 0, count: 16)
        let empty = try left.read(into: &buffer)
        #expect(empty == .wouldBlock)
        try right.writeAll(Array("hello".utf8))
        let read = try left.read(into: &buffer)
        #expect(read == .processed(5))
        #expect(Array(buffer[..<5]) == Array("hello".utf8))
        right.close()
        let ended = try left.read(into: &buffer)
        #expect(ended == .processed(0))
    }

    @Test func writingToAGoneReaderIsBrokenPipeNotASignal() throws {
        let (left, right) = try FileDescriptor.socketPair()
        defer { left.close() }
        right.close()
        #expect(throws: Errno.brokenPipe) { try left.writeAll(Array("x".utf8)) }
    }

    @Test func listenAcceptConnectAndAskWhoIsThere() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? Files.list(directory).map { unlink(directory + "/" + $0) }; rmdir(directory) }
        let address = try #require(UnixSocketAddress(directory + "/socket"))
        let listener = try UnixSocket.listen(at: address)
        defer { listener.close() }
        var status = stat()
        #expect(stat(address.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try UnixSocket.accept(listener) == .wouldBlock)
        let client = try UnixSocket.connect(to: address)
        defer { client.close() }
        guard case .processed(let server) = try UnixSocket.accept(listener) else {
            Issue.record("the waiting client was not accepted")
            return
        }
        defer { server.close() }
        let peer = try UnixSocket.peerCredentials(server)
        #expect(peer.uid == getuid())
        #expect(peer.pid == getpid())
        #expect(fcntl(server.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(server.rawValue, F_GETFL) & O_NONBLOCK != 0)
    }

    @Test func connectingToNobodyNamesTheCallAndTheErrno() throws {
        let error = #expect(throws: Errno.self) { try UnixSocket.connect(to: #require(UnixSocketAddress("/nonexistent/announcer/socket"))) }
        #expect(error == .noSuchFile)
        #expect(error?.description.hasPrefix("connect /nonexistent/announcer/socket: ") == true)
    }

    @Test func aDatagramReachesAnAbstractName() throws {
        let name = "@announcer-test-\(getpid())"
        let address = try #require(UnixSocketAddress(name))
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(receiver) }
        #expect(address.withSocketAddress { bind(receiver, $0, $1) } == 0)
        try UnixSocket.sendDatagram(Array("READY=1".utf8), to: address)
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = recv(receiver, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "READY=1")
    }
}

/// A new private directory under /tmp.
func temporaryDirectory() throws -> String {
    var template = Array("/tmp/announcer-system-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw Errno.current("mkdtemp") }
    return String(cString: made)
}
