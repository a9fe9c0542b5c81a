#if canImport(Glibc)
import Glibc
#endif

/// An errno from a failed system call, named by the call.
public struct Errno: Error, Equatable, CustomStringConvertible {
    public var code: Int32
    public var call: String

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The one door to the system calls: retries EINTR, reports EAGAIN as "would block" (nil), and
/// throws every other failure as an `Errno` naming the call.
enum Syscall {
    @discardableResult
    static func run<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(Errno) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            throw Errno(code: code, call: call)
        }
    }

    /// Like `run`, but a call that would block returns nil.
    static func nonBlocking<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(Errno) -> T? {
        do {
            return try run(call, body)
        } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
            return nil
        }
    }

    /// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC: the descriptor is never inheritable, not
    /// even for an instant (the speech worker is spawned from another thread).
    static func acceptNonBlocking(_ listener: Int32) throws(Errno) -> Int32? {
        try nonBlocking("accept4") { linux_accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)) }
    }

    /// POLLRDHUP (Linux): the peer closed its end or shut down writing.
    static let pollReadHangUp: Int16 = 0x2000

    static func setNonBlocking(_ fd: Int32) throws(Errno) {
        let flags = try run("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        try run("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        try run("fcntl(F_SETFD)") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }

    /// The uid and pid of the process at the other end of a Unix socket.
    static func peerCredentials(_ fd: Int32) throws(Errno) -> (uid: uid_t, pid: pid_t) {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        try run("getsockopt(SO_PEERCRED)") { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) }
        return (credentials.uid, credentials.pid)
    }

    /// Linux's `struct ucred`, which Glibc's module hides behind _GNU_SOURCE.
    private struct PeerCredentials {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
    }

    /// A `sockaddr_un` for `path`, or nil when the path is too long for one.
    static func unixAddress(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    static func withAddress<T>(_ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// Glibc's module hides accept4 behind _GNU_SOURCE; it is a plain C function with this signature.
@_silgen_name("accept4")
private func linux_accept4(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?, _ flags: Int32) -> Int32
