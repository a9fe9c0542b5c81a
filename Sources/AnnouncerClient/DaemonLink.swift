import AnnouncerSettings
import AnnouncerSystem
import AnnouncerWire

/// A door's connection to announcerd that outlives the daemon: connected when needed, said
/// hello to, dropped when it fails and made again at the next request, so that a restarted
/// daemon is reached again and the request that found it gone is not lost. Used by the desktop
/// bridge and `announce term`. Every connect and write is bounded: a daemon that accepts but
/// never reads costs a door `writeTimeout`, never its own loop.
public final class DaemonLink {
    public struct Settings: Sendable {
        /// `--socket`, or nil for the default.
        public var socket: String?
        /// The name said in `hello`.
        public var client: String
        /// The events subscribed to on every connection (none when empty).
        public var subscriptions: Set<String> = []
        /// How the door's user drives it, said in `hello` (`hints`): the daemon composes the
        /// door's hints so; nil leaves the daemon's `hint-style`.
        public var hints: HintStyle?
        public var connectTimeout: Duration = .seconds(2)
        public var writeTimeout: Duration = .seconds(2)
        /// How long a reply is awaited (`send(_:waitingForReply: true)`).
        public var replyTimeout: Duration = .seconds(5)
        public var environment: [String: String] = Environment.current

        public init(socket: String?, client: String, hints: HintStyle? = nil) {
            self.socket = socket
            self.client = client
            self.hints = hints
        }
    }

    /// What the door is told: each outage once, when it begins, and the return.
    public enum Notice: Equatable, Sendable {
        case unreachable(ClientError)
        case reconnected
    }

    public let settings: Settings
    private let notice: (Notice) -> Void
    /// The connection, while there is one.
    public private(set) var connection: DaemonConnection?
    /// Why the last attempt failed, while the daemon is out of reach.
    private var outage: ClientError?

    public init(settings: Settings, notice: @escaping (Notice) -> Void) {
        self.settings = settings
        self.notice = notice
    }

    /// The descriptor to poll for the daemon's lines, while connected.
    public var descriptor: FileDescriptor? { connection?.descriptor }

    /// Connects and says hello unless connected; true when connected.
    @discardableResult
    public func connectIfNeeded() -> Bool {
        if connection != nil { return true }
        do {
            let connection = try DaemonConnection(socket: settings.socket, environment: settings.environment,
                                                  connectTimeout: settings.connectTimeout, writeTimeout: settings.writeTimeout)
            try connection.send(.hello(client: settings.client, protocol: 1, hints: settings.hints))
            if !settings.subscriptions.isEmpty { try connection.send(.subscribe(events: settings.subscriptions)) }
            self.connection = connection
            if outage != nil { notice(.reconnected) }
            outage = nil
            return true
        } catch {
            if outage == nil { notice(.unreachable(error)) }
            outage = error
            return false
        }
    }

    /// Sends `request`, connecting first, without waiting for its reply (read it with `drain`);
    /// false when the daemon could not be reached.
    @discardableResult
    public func send(_ request: Request) -> Bool {
        attempt { connection in try connection.send(request) } != nil
    }

    /// Sends `request` and waits at most `replyTimeout` for its reply (events meanwhile are
    /// kept); nil when the daemon could not be reached or did not answer in time (it is then
    /// dropped: a daemon that is stuck is as good as gone).
    public func request(_ request: Request) -> Reply? {
        attempt { connection in
            guard let reply = try connection.reply(to: connection.send(request), within: settings.replyTimeout) else {
                throw ClientError.failed(connection.path, .timedOut)
            }
            return reply
        }
    }

    /// `body` on the connection, made first if needed; a connection that fails is dropped and
    /// `body` tried once more on a new one (the daemon may have restarted).
    private func attempt<T>(_ body: (DaemonConnection) throws -> T) -> T? {
        for _ in 0..<2 {
            guard connectIfNeeded(), let connection else { return nil }
            do {
                return try body(connection)
            } catch {
                disconnect()
            }
        }
        return nil
    }

    /// The events that have arrived (`DaemonConnection.takeEvents`); a closed connection is
    /// dropped and made again at the next send.
    public func takeEvents(readingSocket: Bool) -> [DaemonEvent] {
        guard let connection else { return [] }
        guard let events = connection.takeEvents(readingSocket: readingSocket) else {
            disconnect()
            return []
        }
        return events
    }

    public func disconnect() {
        connection = nil
    }
}
