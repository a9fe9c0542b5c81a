import CAnnouncerSystem
import Glibc

/// Unix stream and datagram sockets: connecting, listening, accepting, and asking who is at the
/// other end.
public enum UnixSocket {
    /// A blocking stream socket connected to `address` (close-on-exec).
    public static func connect(to address: UnixSocketAddress) throws(Errno) -> FileDescriptor {
        let socket = try stream()
        do throws(Errno) {
            try SystemCall.retrying("connect \(address)") { address.withSocketAddress { Glibc.connect(socket.rawValue, $0, $1) } }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// A blocking stream socket connected to `address` within `timeout` (close-on-exec): the
    /// connect is made non-blocking, so that a listener whose backlog is full (a daemon that
    /// has stopped accepting) is `Errno.timedOut`, not a wait with no end.
    public static func connect(to address: UnixSocketAddress, timeout: Duration) throws(Errno) -> FileDescriptor {
        let socket = try stream()
        do throws(Errno) {
            try socket.setNonBlocking()
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while true {
                let (result, code) = address.withSocketAddress { pointer, length in
                    let result = Glibc.connect(socket.rawValue, pointer, length)
                    return (result, result < 0 ? errno : 0)
                }
                if result == 0 || code == EISCONN { break }
                // A Unix socket says EAGAIN while the listener's backlog is full; others EINPROGRESS.
                guard code == EINTR || code == EAGAIN || code == EINPROGRESS || code == EALREADY else {
                    throw Errno(code: code, call: "connect \(address)")
                }
                let left = deadline - clock.now
                guard left > .zero else { throw Errno(code: ETIMEDOUT, call: "connect \(address)") }
                // The listener's accept makes room without waking a Unix socket's poll: look again soon.
                _ = try socket.waitUntil(events: Int16(POLLOUT), timeoutMilliseconds: min(left.pollTimeout, 10))
            }
            try socket.setBlocking()
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// A stream socket bound to `address` and listening, its file's mode 0600, non-blocking and
    /// close-on-exec. The mode is set right after `bind`, not by masking the process's umask
    /// around it: the umask belongs to every thread, and another one creating a file or
    /// starting a program meanwhile would get the mask too (a test process saw directories made
    /// 0600 and a compiled program without its execute bit). Between the two calls the file has
    /// the umask's usual mode, inside a directory the daemon makes sure only its user can enter
    /// (`ListeningSocket`).
    public static func listen(at address: UnixSocketAddress, backlog: Int32 = 128) throws(Errno) -> FileDescriptor {
        let socket = try stream()
        do throws(Errno) {
            try SystemCall.retrying("bind \(address)") { address.withSocketAddress { Glibc.bind(socket.rawValue, $0, $1) } }
            try SystemCall.retrying("chmod \(address)") { chmod(address.path, 0o600) }
            try SystemCall.retrying("listen") { Glibc.listen(socket.rawValue, backlog) }
            try socket.setNonBlocking()
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC: the new descriptor is never inheritable,
    /// not even for an instant (a child process may be spawned from another thread).
    public static func accept(_ listener: FileDescriptor) throws(Errno) -> IOResult<FileDescriptor> {
        switch try SystemCall.nonBlocking("accept4", { announcer_accept_nonblocking(listener.rawValue) }) {
        case .processed(let fd): .processed(FileDescriptor(rawValue: fd))
        case .wouldBlock: .wouldBlock
        }
    }

    /// The uid and pid of the process at the other end.
    public static func peerCredentials(_ socket: FileDescriptor) throws(Errno) -> (uid: uid_t, pid: pid_t) {
        var uid: uid_t = 0
        var pid: pid_t = 0
        try SystemCall.retrying("getsockopt(SO_PEERCRED)") { announcer_peer_credentials(socket.rawValue, &uid, &pid) }
        return (uid, pid)
    }

    /// Sends one datagram to `address` from a socket made for it (as `sd_notify` does).
    public static func sendDatagram(_ message: some Collection<UInt8>, to address: UnixSocketAddress) throws(Errno) {
        let fd = try SystemCall.retrying("socket") { socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        defer { close(fd) }
        let bytes = Array(message)
        _ = try bytes.withUnsafeBytes { pointer in
            let base = pointer.baseAddress
            let count = pointer.count
            return Result { () throws(Errno) in
                try SystemCall.retrying("sendto \(address)") { address.withSocketAddress { sendto(fd, base, count, Int32(MSG_NOSIGNAL), $0, $1) } }
            }
        }.get()
    }

    private static func stream() throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try SystemCall.retrying("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) })
    }
}
