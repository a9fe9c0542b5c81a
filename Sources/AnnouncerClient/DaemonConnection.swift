import AnnouncerCore
import AnnouncerSystem
import Glibc

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

    /// Connects to `socket`, or to the socket every Announcer program finds by default
    /// (`--socket`, `$ANNOUNCER_SOCKET`, `$XDG_RUNTIME_DIR/announcer/socket`, `~/.cache/…`).
    public init(socket: String? = nil, environment: [String: String] = Environment.current) throws(ClientError) {
        guard let path = SocketPath.resolve(explicit: socket, environment: environment) else { throw .noSocketPath }
        guard let address = UnixSocketAddress(path) else { throw .cannotConnect(path, "the path is too long for a Unix socket") }
        self.path = path
        do {
            descriptor = try UnixSocket.connect(to: address)
        } catch {
            throw .cannotConnect(path, error.reason)
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
            try descriptor.writeAll(bytes)
        } catch {
            throw .closed(path)
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
            guard left > .zero, let ready = try? descriptor.waitUntil(events: Int16(POLLIN), timeoutMilliseconds: Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)),
                  ready != 0, (try? readMore()) == true else { return nil }
        }
    }

    /// The events, as they come, until the daemon closes the connection.
    public var events: some Sequence<DaemonEvent> {
        AnySequence { AnyIterator { [self] in try? nextEvent() } }
    }

    /// The next line from the daemon, decoded.
    public func nextMessage() throws(ClientError) -> DaemonMessage {
        guard let line = try nextLine() else { throw .closed(path) }
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

    /// Reads what arrives next; false at the end.
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
            throw .closed(path)
        }
    }
}

/// Why a client could not talk to announcerd, in words a person can act on.
public enum ClientError: Error, CustomStringConvertible, Equatable {
    /// Neither XDG_RUNTIME_DIR nor HOME is set, and no socket was named.
    case noSocketPath
    case cannotConnect(String, String)
    /// The daemon closed the connection.
    case closed(String)
    /// A line from the daemon that is not a reply or an event.
    case badLine(String, String)

    public var description: String {
        switch self {
        case .noSocketPath: SocketPath.missingMessage
        case .cannotConnect(let path, let reason): "cannot connect to announcerd at \(path): \(reason) (is announcerd running?)"
        case .closed(let path): "announcerd at \(path) closed the connection"
        case .badLine(let line, let reason): "announcerd sent a line that is not a reply or an event (\(reason)): \(line)"
        }
    }
}
