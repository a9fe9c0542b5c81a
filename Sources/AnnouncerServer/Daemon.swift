#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import AnnouncerSpeech
import Dispatch

/// The running daemon: accepts clients on the listening socket, answers each request line with
/// exactly one reply, and sends `speaking`/`finished` events to subscribers. Everything runs on
/// the speech controller's queue, so the core state has a single owner.
public final class Daemon: @unchecked Sendable {
    public static let version = "0.1.0"
    public static let protocolVersion = 1
    public static let eventNames: Set<String> = ["speaking", "finished", "focus", "activate", "action", "adjust", "command"]

    private let listening: ListeningSocket
    private let controller: SpeechController
    private let sinkDescription: String
    private var composer: UtteranceComposer
    private var limits: DaemonLimits
    private let log: @Sendable (String) -> Void
    private var acceptSource: DispatchSourceRead?
    private var connections: [Int: Connection] = [:]
    private var nextConnectionID = 1
    private let myUID = getuid()

    public init(listening: ListeningSocket, controller: SpeechController, composer: UtteranceComposer,
                limits: DaemonLimits, sinkDescription: String, log: @escaping @Sendable (String) -> Void) {
        self.listening = listening
        self.controller = controller
        self.composer = composer
        self.limits = limits
        self.sinkDescription = sinkDescription
        self.log = log
    }

    private var queue: DispatchQueue { controller.queue }

    /// What the speech controller reports; route the controller's observer here.
    public func notice(_ notice: SpeechController.Notice) {
        switch notice {
        case .speaking(let item):
            broadcast("speaking", ["utterance": .number(Double(item.id.rawValue)), "text": .string(item.speech.text), "kind": .string(item.kind.description)])
        case .finished(let id, let status):
            broadcast("finished", ["utterance": .number(Double(id.rawValue)), "status": .string(status.rawValue)])
        case .engineFailed(let id, let message):
            log("utterance \(id) could not be spoken: \(message)")
        case .boundary:
            break
        }
    }

    public func start() {
        queue.async { [self] in
            let source = DispatchSource.makeReadSource(fileDescriptor: listening.fd, queue: queue)
            source.setEventHandler { [weak self] in self?.acceptAll() }
            source.resume()
            acceptSource = source
        }
    }

    /// Applies a reloaded configuration (on the daemon's queue).
    public func reload(composer: UtteranceComposer, limits: DaemonLimits, scheduler: SchedulerSettings) {
        queue.async { [self] in
            self.composer = composer
            self.limits = limits
            controller.update(settings: scheduler)
        }
    }

    /// Stops accepting, cancels waiting speech (subscribers hear `cancelled`), removes the socket
    /// file unless systemd handed it over, and closes every client. Blocks until done.
    public func shutdown() {
        queue.sync {
            acceptSource?.cancel()
            acceptSource = nil
        }
        controller.shutdown()
        queue.sync {
            for connection in connections.values { connection.close(reason: nil) }
            connections.removeAll()
            listening.removeFile()
            close(listening.fd)
        }
    }

    // MARK: - Clients

    private func acceptAll() {
        while true {
            let fd: Int32?
            do {
                fd = try Syscall.nonBlocking("accept") { accept(listening.fd, nil, nil) }
            } catch {
                log("accept failed: \(error)")
                return
            }
            guard let fd else { return }
            admit(fd)
        }
    }

    private func admit(_ fd: Int32) {
        guard let peer = try? Syscall.peerCredentials(fd) else {
            close(fd)
            return
        }
        guard peer.uid == myUID else {
            log("refused a connection from uid \(peer.uid) (pid \(peer.pid)): only uid \(myUID) may use this daemon")
            close(fd)
            return
        }
        do {
            try Syscall.setNonBlocking(fd)
        } catch {
            close(fd)
            return
        }
        let connection = Connection(id: nextConnectionID, fd: fd, peerPID: peer.pid, queue: queue,
                                    lineLimit: Request.maximumLineBytes, maximumBacklog: limits.maximumBacklogBytes)
        nextConnectionID += 1
        guard connections.count < limits.maximumClients else {
            log("refused client pid \(peer.pid): \(limits.maximumClients) clients are connected already")
            connection.send(["type": "error", "code": "too_many_clients", "message": .string("announcerd already serves \(limits.maximumClients) clients (max-clients)")])
            connection.close(reason: nil)
            return
        }
        connection.onItem = { [weak self] connection, item in self?.handle(item, from: connection) }
        connection.onClose = { [weak self] connection, reason in
            self?.connections[connection.id] = nil
            if let reason { self?.log("client \(connection.id) (pid \(connection.peerPID)) disconnected: \(reason)") }
        }
        connections[connection.id] = connection
        connection.start()
    }

    private func broadcast(_ event: String, _ fields: [String: JSONValue]) {
        var message = fields
        message["type"] = "event"
        message["event"] = .string(event)
        let json = JSONValue.object(message)
        for connection in connections.values where connection.subscriptions.contains(event) {
            connection.send(json)
        }
    }

    // MARK: - Requests

    private func handle(_ item: LineFramer.Item, from connection: Connection) {
        switch item {
        case .tooLong(let length):
            connection.send(errorReply(RequestError(.tooLong, "the line is longer than \(Request.maximumLineBytes) bytes (\(length) so far); it was skipped")))
        case .line(let bytes):
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            do {
                let line = try RequestLine(bytes)
                connection.send(reply(to: line, from: connection))
            } catch {
                connection.send(errorReply(error))
            }
        }
    }

    private func errorReply(_ error: RequestError) -> JSONValue {
        ["type": "error", "id": error.id ?? .null, "code": .string(error.code.rawValue), "message": .string(error.message)]
    }

    private func ok(_ id: JSONValue?, _ fields: [String: JSONValue] = [:]) -> JSONValue {
        var members = fields
        members["type"] = "ok"
        members["id"] = id ?? .null
        return .object(members)
    }

    private func reply(to line: RequestLine, from connection: Connection) -> JSONValue {
        let id = line.id
        switch line.request {
        case .hello(let client, let version):
            if let version, version != Self.protocolVersion {
                return errorReply(RequestError(.unsupportedProtocol, "this announcerd speaks protocol \(Self.protocolVersion), not \(version)", id: id))
            }
            connection.client = client
            return ["type": "welcome", "id": id ?? .null, "protocol": .number(Double(Self.protocolVersion)), "version": .string(Self.version)]
        case .focus, .announce, .stop, .screen:
            if case .screen = line.request {
                return errorReply(RequestError(.unsupported, "\"screen\" is not supported by this announcerd yet (it needs the keyboard focus model)", id: id))
            }
            guard let event = line.request.schedulerEvent(composer: composer) else { return ok(id) }
            let output = controller.submit(event)
            if let rejection = output.rejection {
                var error = rejection
                error.id = id
                return errorReply(error)
            }
            var fields: [String: JSONValue] = [:]
            if let first = output.accepted.first { fields["utterance"] = .number(Double(first.rawValue)) }
            if output.accepted.count > 1 { fields["hint"] = .number(Double(output.accepted[1].rawValue)) }
            return ok(id, fields)
        case .status:
            var counters: [String: JSONValue] = [:]
            let counted = controller.counters
            for status in FinishStatus.allCases { counters[status.rawValue] = .number(Double(counted[status] ?? 0)) }
            return ok(id, [
                "version": .string(Self.version), "protocol": .number(Double(Self.protocolVersion)),
                "clients": .number(Double(connections.count)), "queue": .number(Double(controller.waitingCount)),
                "counters": .object(counters), "sink": .string(sinkDescription),
            ])
        case .other(type: "subscribe"):
            return subscribe(line, connection)
        case .other(let type):
            return errorReply(RequestError(.unsupported, "\"\(type)\" is not supported by this announcerd yet (it needs the keyboard focus model)", id: id))
        }
    }

    private func subscribe(_ line: RequestLine, _ connection: Connection) -> JSONValue {
        let id = line.id
        var names: Set<String> = []
        switch line.members["events"] {
        case .string("*")?:
            names = Self.eventNames
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item, name == "*" || Self.eventNames.contains(name) else {
                    return errorReply(RequestError(.invalidField, "events[\(index)]: expected one of \(Self.eventNames.sorted().joined(separator: ", ")) or \"*\"", id: id))
                }
                if name == "*" { names.formUnion(Self.eventNames) } else { names.insert(name) }
            }
        case nil, .null?:
            return errorReply(RequestError(.missingField, "events: name the events to receive, or \"*\"", id: id))
        default:
            return errorReply(RequestError(.invalidField, "events: expected a list of event names or \"*\"", id: id))
        }
        connection.subscriptions = names
        return ok(id, ["events": .array(names.sorted().map { .string($0) })])
    }
}
