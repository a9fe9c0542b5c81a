import Glibc
import CAnnouncerSystem

/// An open file descriptor (after swift-system's `FileDescriptor`): a value, closed explicitly.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    public var description: String { "fd \(rawValue)" }

    /// Opens `path` for reading (close-on-exec).
    /// A directory opened to look at, never through a symbolic link (O_DIRECTORY, O_NOFOLLOW):
    /// a link fails (ELOOP), and so does a file that is not a directory (`.notDirectory`).
    public static func openDirectory(_ path: String) throws(Errno) -> FileDescriptor {
        try open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    }

    public static func open(_ path: String, _ flags: Int32 = O_RDONLY) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try SystemCall.retrying("open \(path)") { Glibc.open(path, flags | O_CLOEXEC) })
    }

    /// Creates `path` (or empties it) for writing, mode 0644 before the umask (close-on-exec).
    public static func create(_ path: String) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try SystemCall.retrying("open \(path)") { Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) })
    }

    /// A connected pair of Unix stream sockets, both close-on-exec.
    public static func socketPair() throws(Errno) -> (FileDescriptor, FileDescriptor) {
        var pair: [Int32] = [-1, -1]
        try pair.withUnsafeMutableBufferPointer { pointer throws(Errno) in
            let base = pointer.baseAddress
            try SystemCall.retrying("socketpair") { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, base) }
        }
        return (FileDescriptor(rawValue: pair[0]), FileDescriptor(rawValue: pair[1]))
    }

    /// A pipe: (read end, write end), both close-on-exec.
    public static func pipe() throws(Errno) -> (FileDescriptor, FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try ends.withUnsafeMutableBufferPointer { pointer throws(Errno) in
            let base = pointer.baseAddress
            try SystemCall.retrying("pipe2") { announcer_pipe_close_on_exec(base) }
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    public func close() { _ = Glibc.close(rawValue) }

    /// Whether it is a terminal (isatty).
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// Reads what is there into `buffer`: `.processed(0)` is the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> IOResult<Int> {
        let base = buffer.baseAddress
        let count = buffer.count
        return try SystemCall.nonBlocking("read") { Glibc.read(rawValue, base, count) }
    }

    /// Writes what it can of `bytes` (`send` with MSG_NOSIGNAL on a socket, so a gone reader
    /// is EPIPE, never SIGPIPE). `withoutWaiting` makes this one write non-blocking even on a
    /// blocking socket.
    public func write(_ bytes: UnsafeRawBufferPointer, withoutWaiting: Bool = false) throws(Errno) -> IOResult<Int> {
        let base = bytes.baseAddress
        let count = bytes.count
        let fd = rawValue
        let flags = Int32(MSG_NOSIGNAL) | (withoutWaiting ? Int32(MSG_DONTWAIT) : 0)
        return try SystemCall.nonBlocking("write") {
            let sent = Glibc.send(fd, base, count, flags)
            return sent < 0 && errno == ENOTSOCK ? Glibc.write(fd, base, count) : sent
        }
    }

    /// Reads what is there into the start of `buffer` (see `read(into:)`).
    public func read(into buffer: inout [UInt8]) throws(Errno) -> IOResult<Int> {
        // The standard library's withUnsafe… are `rethrows`, which loses the error's type.
        try buffer.withUnsafeMutableBytes { pointer in Result { () throws(Errno) in try read(into: pointer) } }.get()
    }

    /// Writes what it can of `bytes` (see `write(_:)`).
    public func write(_ bytes: ArraySlice<UInt8>, withoutWaiting: Bool = false) throws(Errno) -> IOResult<Int> {
        try bytes.withUnsafeBytes { pointer in Result { () throws(Errno) in try write(pointer, withoutWaiting: withoutWaiting) } }.get()
    }

    /// Writes all of `bytes`, waiting for room if the descriptor is non-blocking.
    public func writeAll(_ bytes: some Collection<UInt8>) throws(Errno) {
        var remaining = Array(bytes)[...]
        while !remaining.isEmpty {
            let result = try write(remaining)
            switch result {
            case .processed(let written): remaining = remaining.dropFirst(written)
            case .wouldBlock: _ = try waitUntil(events: Int16(POLLOUT), timeoutMilliseconds: -1)
            }
        }
    }

    /// Writes all of `bytes` without waiting longer than `timeout` for the reader to make
    /// room (the descriptor may be blocking: each write is made non-blocking). A reader that
    /// takes nothing for that long is `Errno.timedOut`.
    public func writeAll(_ bytes: some Collection<UInt8>, timeout: Duration) throws(Errno) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var remaining = Array(bytes)[...]
        while !remaining.isEmpty {
            switch try write(remaining, withoutWaiting: true) {
            case .processed(let written): remaining = remaining.dropFirst(written)
            case .wouldBlock:
                let left = deadline - clock.now
                guard left > .zero, try waitUntil(events: Int16(POLLOUT), timeoutMilliseconds: left.pollTimeout) != 0 else {
                    throw Errno(code: ETIMEDOUT, call: "write")
                }
            }
        }
    }

    /// Reads to the end of the file.
    public func readToEnd() throws(Errno) -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let result = try read(into: &chunk)
            switch result {
            case .processed(0): return contents
            case .processed(let count): contents += chunk[..<count]
            case .wouldBlock: _ = try waitUntil(events: Int16(POLLIN), timeoutMilliseconds: -1)
            }
        }
    }

    /// poll(2) on this descriptor alone: the events that happened, or none at the timeout.
    public func waitUntil(events: Int16, timeoutMilliseconds: Int32) throws(Errno) -> Int16 {
        var descriptor = pollfd(fd: rawValue, events: events, revents: 0)
        let ready = try SystemCall.retrying("poll") { poll(&descriptor, 1, timeoutMilliseconds) }
        return ready == 0 ? 0 : descriptor.revents
    }

    /// poll(2) on this descriptor alone (see `Poll`): the events that happened, none at the timeout.
    public func wait(for events: PollEvents, timeoutMilliseconds: Int32) throws(Errno) -> PollEvents {
        PollEvents(rawValue: try waitUntil(events: events.rawValue, timeoutMilliseconds: timeoutMilliseconds))
    }

    /// Makes the descriptor blocking again.
    public func setBlocking() throws(Errno) {
        let fd = rawValue
        let flags = try SystemCall.retrying("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        try SystemCall.retrying("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Makes the descriptor non-blocking and close-on-exec.
    public func setNonBlocking() throws(Errno) {
        let fd = rawValue
        let flags = try SystemCall.retrying("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        try SystemCall.retrying("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        try SystemCall.retrying("fcntl(F_SETFD)") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }

    /// POLLRDHUP (Linux): the peer closed its end or shut down writing.
    public static let pollReadHangUp: Int16 = announcer_poll_read_hang_up()
}
