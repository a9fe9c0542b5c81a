import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire

/// A connection to announcerd for Swift programs: typed requests out, typed replies and events
/// in, over the wire protocol (docs/protocol.md). Blocking, for one thread at a time.
///
/// ```swift
/// let daemon = try DaemonConnection()                          // the default socket
/// _ = try daemon.request(.subscribe(events: ["finished"]))
/// let reply = try daemon.request(.announce(Announcement(text: "Saved")))
/// if case .ok(let accepted) = reply.body, let utterance = accepted.utterance {
///     while let event = try daemon.nextEvent() {
///         if case .finished(utterance, let status, _) = event { print(status); break }
///     }
/// }
/// ```
public final class DaemonConnection {
    /// The socket's path.
    public let path: String
    public let descriptor: FileDescriptor
    private var input: [UInt8] = []
    private var inputStart = 0
    private var nextID = 1
    /// Events that arrived while a reply was awaited, oldest first.
    private var pendingEvents: [DaemonEvent] = []

    /// How long a write may wait for the daemon to take it; nil: as long as it takes. A daemon
    /// that accepts but never reads then costs `.failed(path, .timedOut)`, not a hung client.
    public var writeTimeout: Duration?

    /// Connects to `socket`, or to the socket every Announcer program finds by default
    /// (`--socket`, `$ANNOUNCER_SOCKET`, `$XDG_RUNTIME_DIR/announcer/socket`, `~/.cache/…`).
    /// With a `connectTimeout`, a daemon that does not accept within it is `.cannotConnect`.
    public init(socket: String? = nil, environment: [String: String] = Environment.current,
                connectTimeout: Duration? = nil, writeTimeout: Duration? = nil) throws(ClientError) {
        guard let path = SocketPath.resolve(explicit: socket, environment: environment) else { throw .noSocketPath }
        guard let address = UnixSocketAddress(path) else { throw .cannotConnect(path, "the path is too long for a Unix socket") }
        self.path = path
        self.writeTimeout = writeTimeout
        do throws(Errno) {
            if let connectTimeout {
                descriptor = try UnixSocket.connect(to: address, timeout: connectTimeout)
            } else {
                descriptor = try UnixSocket.connect(to: address)
            }
        } catch {
            throw .cannotConnect(path, error == .timedOut ? "it did not accept the connection in time" : error.reason)
        }
    }

    deinit { descriptor.close() }

    // MARK: - Requests

    /// Sends a request with a fresh numeric id, and returns the id.
    @discardableResult
    public func send(_ request: Request) throws(ClientError) -> JSONValue {
        let id = JSONValue.number(Double(nextID))
        nextID += 1
        try send(request, id: id)
        return id
    }

    /// Sends a request with the id given.
    public func send(_ request: Request, id: JSONValue) throws(ClientError) {
        try sendLine(request.line(id: id))
    }

    /// Sends one line as it is (a newline is added when it has none).
    public func sendLine(_ line: some Collection<UInt8>) throws(ClientError) {
        var bytes = Array(line)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        do {
            if let writeTimeout { try descriptor.writeAll(bytes, timeout: writeTimeout) } else { try descriptor.writeAll(bytes) }
        } catch {
            throw ClientError(path: path, error)
        }
    }

    /// Sends a request and waits for its reply; events that arrive meanwhile are kept for
    /// `nextEvent`.
    public func request(_ request: Request) throws(ClientError) -> Reply {
        try reply(to: send(request))
    }

    /// Waits for the reply with this id; events that arrive meanwhile are kept for `nextEvent`.
    public func reply(to id: JSONValue) throws(ClientError) -> Reply {
        while true {
            switch try nextMessage() {
            case .reply(let reply) where reply.id == id || (reply.id == nil && reply.isError): return reply
            case .reply: continue
            case .event(let event): pendingEvents.append(event)
            }
        }
    }

    /// Waits at most `timeout` for the reply with this id (events meanwhile are kept for
    /// `nextEvent`); nil when none came in time.
    public func reply(to id: JSONValue, within timeout: Duration) throws(ClientError) -> Reply? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            while let line = takeLine() {
                switch try message(line) {
                case .reply(let reply) where reply.id == id || (reply.id == nil && reply.isError): return reply
                case .reply: continue
                case .event(let event): pendingEvents.append(event)
                }
            }
            let left = deadline - clock.now
            guard left > .zero else { return nil }
            let ready: PollEvents
            do {
                ready = try descriptor.wait(for: .readable, timeoutMilliseconds: left.pollTimeout)
            } catch {
                throw ClientError(path: path, error)
            }
            if ready.isEmpty { return nil }
            guard try readMore() else { throw .closed(path) }
        }
    }

    // MARK: - Replies and events

    /// The next event (subscribed, or about this client's tree); nil when the daemon closed the
    /// connection. Replies that arrive meanwhile are skipped.
    public func nextEvent() throws(ClientError) -> DaemonEvent? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        while true {
            let message: DaemonMessage
            do {
                message = try nextMessage()
            } catch .closed {
                return nil
            }
            if case .event(let event) = message { return event }
        }
    }

    /// The next event if one comes within `milliseconds`; nil when none came in time or the
    /// daemon closed the connection.
    public func nextEvent(within milliseconds: Int) -> DaemonEvent? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(milliseconds)
        while true {
            if let line = takeLine() {
                if case .event(let event)? = try? DaemonMessage(line: line) { return event }
                continue
            }
            let left = deadline - clock.now
            guard left > .zero, let ready = try? descriptor.wait(for: .readable, timeoutMilliseconds: left.pollTimeout),
                  !ready.isEmpty, (try? readMore()) == true else { return nil }
        }
    }

    /// The events that have arrived and not been taken, without waiting: those kept while
    /// replies were awaited, and with `readingSocket` (call it when poll says the socket is
    /// readable) what the socket holds now. Replies among them are skipped. Nil when the daemon
    /// closed the connection.
    public func takeEvents(readingSocket: Bool) -> [DaemonEvent]? {
        var events = pendingEvents
        pendingEvents = []
        if readingSocket, (try? readMore()) != true { return nil }
        while let line = takeLine() {
            if case .event(let event)? = try? DaemonMessage(line: line) { events.append(event) }
        }
        return events
    }

    /// The events, as they come, until the daemon closes the connection.
    public var events: some Sequence<DaemonEvent> {
        AnySequence { AnyIterator { [self] in try? nextEvent() } }
    }

    /// The next line from the daemon, decoded.
    public func nextMessage() throws(ClientError) -> DaemonMessage {
        guard let line = try nextLine() else { throw .closed(path) }
        return try message(line)
    }

    private func message(_ line: [UInt8]) throws(ClientError) -> DaemonMessage {
        do {
            return try DaemonMessage(line: line)
        } catch {
            throw .badLine(String(decoding: line, as: UTF8.self), error.description)
        }
    }

    /// The next line from the daemon as it came (without its newline); nil when it closed the
    /// connection.
    public func nextLine() throws(ClientError) -> [UInt8]? {
        while true {
            if let line = takeLine() { return line }
            guard try readMore() else { return nil }
        }
    }

    /// The complete lines that have arrived, reading only what the socket holds now (call when
    /// poll says it is readable); nil when the daemon closed the connection.
    public func availableLines() throws(ClientError) -> [[UInt8]]? {
        guard try readMore() else { return nil }
        var lines: [[UInt8]] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    private func takeLine() -> [UInt8]? {
        guard let newline = input[inputStart...].firstIndex(of: UInt8(ascii: "\n")) else {
            if inputStart > 0 {
                input.removeFirst(inputStart)
                inputStart = 0
            }
            return nil
        }
        let line = Array(input[inputStart..<newline])
        inputStart = newline + 1
        return line
    }

    /// Reads what arrives next; false at the end (a reset connection ends it too).
    private func readMore() throws(ClientError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        do {
            switch try descriptor.read(into: &chunk) {
            case .processed(0): return false
            case .processed(let count): input += chunk[..<count]
            case .wouldBlock: break
            }
            return true
        } catch {
            switch ClientError(path: path, error) {
            case .closed: return false
            case let other: throw other
            }
        }
    }
}

/// Why a client could not talk to announcerd, in words a person can act on.
public enum ClientError: Error, CustomStringConvertible, Equatable {
    /// Neither XDG_RUNTIME_DIR nor HOME is set, and no socket was named.
    case noSocketPath
    case cannotConnect(String, String)
    /// The daemon closed the connection (the end of the stream, EPIPE or ECONNRESET).
    case closed(String)
    /// Reading from or writing to the daemon failed otherwise (a write that timed out, EIO…):
    /// the path and the errno, kept.
    case failed(String, Errno)
    /// A line from the daemon that is not a reply or an event.
    case badLine(String, String)

    public var description: String {
        switch self {
        case .noSocketPath: SocketPath.missingMessage
        case .cannotConnect(let path, let reason): "cannot connect to announcerd at \(path): \(reason) (is announcerd running?)"
        case .closed(let path): "announcerd at \(path) closed the connection"
        case .failed(let path, let error) where error == .timedOut: "announcerd at \(path) did not take what was sent in time (\(error))"
        case .failed(let path, let error): "the connection to announcerd at \(path) failed: \(error)"
        case .badLine(let line, let reason): "announcerd sent a line that is not a reply or an event (\(reason)): \(line)"
        }
    }
}

extension ClientError {
    /// A failed read or write on the connection: the daemon's end closing is `.closed`, any
    /// other errno is kept.
    init(path: String, _ error: Errno) {
        self = error == .brokenPipe || error == .connectionReset ? .closed(path) : .failed(path, error)
    }
}
