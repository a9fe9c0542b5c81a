#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import AnnouncerSystem
import AnnouncerSpeech
import Dispatch

/// The running daemon: accepts clients on the listening socket, answers each request line with
/// exactly one reply, and sends `speaking`/`finished` events to subscribers. Everything runs on
/// the speech controller's queue, so the core state has a single owner.
public final class Daemon: @unchecked Sendable {
    public static let version = "0.1.0"
    public static let protocolVersion = 1

    private let listening: ListeningSocket
    private let controller: SpeechController
    private let sinkDescription: String
    private var composer: UtteranceComposer
    private var limits: DaemonLimits
    private let log: LogHandler
    private var acceptSource: DispatchSourceRead?
    private var connections: [Int: Connection] = [:]
    /// Clients with a tree, least recently registered or updated first: the keyboard acts on the last.
    private var treeOwners: [Int] = []
    private var nextConnectionID = 1
    private let myUID = getuid()
    private var acceptPaused = false
    /// A descriptor held back for telling a client "out of descriptors" when there are none.
    private var reserveDescriptor = Daemon.openReserve()
    private var limitedLog = RateLimitedLog()
    /// Each client's utterances that have not finished yet, and whose each one is.
    private var waiting: [Int: Set<UtteranceID>] = [:]
    private var ownerOf: [UtteranceID: Int] = [:]
    static let acceptPauseMs = 100

    public init(listening: ListeningSocket, controller: SpeechController, composer: UtteranceComposer,
                limits: DaemonLimits, sinkDescription: String, log: @escaping LogHandler) {
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
        case .finished(let id, let status, let reason):
            if let owner = ownerOf.removeValue(forKey: id) { waiting[owner]?.remove(id) }
            var fields: [String: JSONValue] = ["utterance": .number(Double(id.rawValue)), "status": .string(status.rawValue)]
            if let reason {
                fields["reason"] = .string(reason)
                log(.warning, "utterance \(id) failed: \(reason)")
            }
            broadcast("finished", fields)
        }
    }

    public func start() {
        queue.async { [self] in
            let source = DispatchSource.makeReadSource(fileDescriptor: listening.fd.rawValue, queue: queue)
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
            if acceptPaused {
                acceptPaused = false
                acceptSource?.resume()
            }
            acceptSource?.cancel()
            acceptSource = nil
        }
        controller.shutdown()
        queue.sync {
            for connection in connections.values { connection.close(reason: nil) }
            connections.removeAll()
            listening.removeFile()
            listening.fd.close()
        }
    }

    // MARK: - Clients

    private func acceptAll() {
        while acceptSource != nil, !acceptPaused {
            let accepted: IOResult<FileDescriptor>
            do {
                accepted = try UnixSocket.accept(listening.fd)
            } catch where error.code == ECONNABORTED {
                continue
            } catch where error.isOutOfDescriptors {
                // Linux reports this before it looks for a waiting client: there may be none.
                if refuseWithoutDescriptors(error) { continue }
                return
            } catch {
                warnLimited("accept failed: \(error); pausing for \(Self.acceptPauseMs) ms")
                pauseAccepting()
                return
            }
            guard case .processed(let fd) = accepted else { return }
            admit(fd)
        }
    }

    /// Out of descriptors: the reserved one is given up for a moment so that a waiting client
    /// can be told why and let go, instead of the listener firing again and again with the
    /// client left hanging. Returns whether a client was refused (others may be waiting).
    private func refuseWithoutDescriptors(_ error: Errno) -> Bool {
        guard let reserve = reserveDescriptor else {
            // No reserve to give up: stop listening until a client leaves (`onClose` resumes), since
            // at this point not even a timer can be had.
            warnLimited("out of file descriptors (\(error)); not accepting until a client leaves")
            pauseAccepting()
            reserveDescriptor = Self.openReserve()
            return false
        }
        reserve.close()
        let waitingClient = try? UnixSocket.accept(listening.fd)
        if case .processed(let fd) = waitingClient {
            refuse(fd, code: "too_many_clients",
                   message: "announcerd has no file descriptors left (\(error)); close some clients or raise its limit (ulimit -n)")
            warnLimited("refused a client: out of file descriptors (\(error))")
        }
        reserveDescriptor = Self.openReserve()
        if case .processed = waitingClient { return true }
        return false
    }

    /// Stops accepting for a moment, and until a client leaves.
    private func pauseAccepting() {
        guard let acceptSource, !acceptPaused else { return }
        acceptPaused = true
        acceptSource.suspend()
        queue.asyncAfter(deadline: .now() + .milliseconds(Self.acceptPauseMs)) { [self] in resumeAccepting() }
    }

    private func resumeAccepting() {
        guard acceptPaused, let acceptSource else { return }
        acceptPaused = false
        acceptSource.resume()
    }

    /// A warning that may repeat without end: written at most once a second.
    private func warnLimited(_ message: String) {
        limitedLog.note(message, at: controller.now()) { [log] in log(.warning, $0) }
    }

    private static func openReserve() -> FileDescriptor? { try? FileDescriptor.open("/dev/null") }

    /// Tells a client it cannot be served, in one line, and lets it go.
    private func refuse(_ fd: FileDescriptor, code: String, message: String) {
        let line = Array(JSONValue.object(["type": "error", "id": .null, "code": .string(code), "message": .string(message)]).serialized().utf8) + [10]
        // One try: the socket is non-blocking, and a client that cannot take one line is let go.
        _ = try? fd.write(line[...])
        fd.close()
    }

    private func admit(_ fd: FileDescriptor) {
        guard let peer = try? UnixSocket.peerCredentials(fd) else {
            fd.close()
            return
        }
        guard peer.uid == myUID else {
            warnLimited("refused a connection from uid \(peer.uid) (pid \(peer.pid)): only uid \(myUID) may use this daemon")
            fd.close()
            return
        }
        if connections.count >= limits.maximumClients {
            // Clients that connected and left may not have been read yet: they do not count.
            for connection in Array(connections.values) { connection.readIfHungUp() }
        }
        guard connections.count < limits.maximumClients else {
            refuse(fd, code: "too_many_clients", message: "announcerd already serves \(limits.maximumClients) clients (max-clients)")
            warnLimited("refused client pid \(peer.pid): \(limits.maximumClients) clients are connected already")
            return
        }
        let connection = Connection(id: nextConnectionID, fd: fd, peerPID: peer.pid, queue: queue,
                                    lineLimit: Request.maximumLineBytes, maximumBacklog: limits.maximumBacklogBytes)
        nextConnectionID += 1
        connection.onItem = { [weak self] connection, item in self?.handle(item, from: connection) }
        connection.onClose = { [weak self] connection, reason in
            self?.connections[connection.id] = nil
            self?.treeOwners.removeAll { $0 == connection.id }
            self?.releaseWaiting(of: connection)
            self?.resumeAccepting()
            if let reason { self?.log(.warning, "client \(connection.id)\(connection.client.map { " \"\($0)\"" } ?? "") (pid \(connection.peerPID)) disconnected: \(reason)") }
        }
        connections[connection.id] = connection
        connection.start()
    }

    /// A client that has gone leaves nothing waiting: what it queued is `cancelled` (what is
    /// already speaking plays on).
    private func releaseWaiting(of connection: Connection) {
        guard let ids = waiting.removeValue(forKey: connection.id), !ids.isEmpty else { return }
        controller.submit(.cancelWaiting(ids))
        for id in ids { ownerOf[id] = nil }
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
            if RequestInput.isBlank(bytes) { return }
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
        case .focus, .announce, .stop:
            guard let event = line.request.schedulerEvent(composer: composer) else { return ok(id) }
            return speak(event, id: id, from: connection)
        case .status:
            var counters: [String: JSONValue] = [:]
            let counted = controller.counters
            for status in FinishStatus.allCases { counters[status.rawValue] = .number(Double(counted[status] ?? 0)) }
            return ok(id, [
                "version": .string(Self.version), "protocol": .number(Double(Self.protocolVersion)),
                "clients": .number(Double(connections.count)), "queue": .number(Double(controller.waitingCount)),
                "counters": .object(counters), "sink": .string(sinkDescription),
                "restarts": .number(Double(controller.engineRestarts)),
            ])
        case .subscribe(let events):
            connection.subscriptions = events
            return ok(id, ["events": .array(events.sorted().map { .string($0) })])
        case .screen(let tree, let focus):
            var engine = FocusEngine(tree: tree)
            engine.register(connection.commands)
            let actions = engine.replaceTree(tree, focus: focus)
            connection.focusEngine = engine
            makeActive(connection)
            return ok(id, perform(actions, owner: connection))
        case .update(let elements, let focus):
            guard var engine = connection.focusEngine else {
                return errorReply(RequestError(.noTree, "this client has registered no tree; send \"screen\" first", id: id))
            }
            do {
                let actions = try engine.updateElements(elements, focus: focus)
                connection.focusEngine = engine
                makeActive(connection)
                return ok(id, perform(actions, owner: connection))
            } catch {
                return errorReply(RequestError(error, id: id))
            }
        case .commands(let commands):
            connection.commands = commands
            connection.focusEngine?.register(commands)
            return ok(id, ["commands": .number(Double(commands.count))])
        case .key, .navigate, .shortcuts:
            guard let owner = activeTreeOwner, var engine = owner.focusEngine else {
                return errorReply(RequestError(.noTree, "no client has registered a tree, so there is nothing to move through", id: id))
            }
            switch line.request {
            case .key(let key):
                let actions = engine.press(key)
                owner.focusEngine = engine
                return ok(id, perform(actions, owner: owner))
            case .navigate(let direction):
                let actions = engine.navigate(direction)
                owner.focusEngine = engine
                return ok(id, perform(actions, owner: owner))
            default:
                return ok(id, ["shortcuts": .array(engine.enabledCommands.map { command in
                    ["id": .string(command.id), "title": .string(command.title), "discoverabilityTitle": .string(command.discoverabilityTitle),
                     "key": .string(command.key.key), "modifiers": .array(command.key.modifiers.sorted().map { .string($0.rawValue) }),
                     "menu": command.menu.map { .string($0) } ?? .null]
                })])
            }
        }
    }

    private func speak(_ event: SchedulerEvent, id: JSONValue?, from connection: Connection) -> JSONValue {
        let output = submit(event, for: connection)
        if let rejection = output.rejection {
            var error = rejection
            error.id = id
            return errorReply(error)
        }
        return ok(id, acceptedFields(output))
    }

    /// Hands the scheduler a request on a client's behalf, within the client's share of the
    /// queue, and remembers what it accepted as the client's until it finishes.
    private func submit(_ event: SchedulerEvent, for connection: Connection) -> SchedulerOutput {
        let waitingCount = waiting[connection.id]?.count ?? 0
        if case .announce = event, waitingCount >= limits.maximumQueuedPerClient {
            var output = SchedulerOutput()
            output.rejection = RequestError(.queueFull, "this client already has \(waitingCount) utterances waiting, its share of the queue (max-queued-per-client); try again when some have been spoken")
            return output
        }
        let output = controller.submit(event)
        for utterance in output.accepted {
            waiting[connection.id, default: []].insert(utterance)
            ownerOf[utterance] = connection.id
        }
        return output
    }

    private func acceptedFields(_ output: SchedulerOutput) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let first = output.accepted.first { fields["utterance"] = .number(Double(first.rawValue)) }
        if output.accepted.count > 1 { fields["hint"] = .number(Double(output.accepted[1].rawValue)) }
        return fields
    }

    // MARK: - The keyboard focus model

    private var activeTreeOwner: Connection? { treeOwners.last.flatMap { connections[$0] } }

    private func makeActive(_ connection: Connection) {
        treeOwners.removeAll { $0 == connection.id }
        treeOwners.append(connection.id)
    }

    /// Carries out the focus engine's actions: speech through the scheduler, interaction events
    /// to the tree's owner. Returns the reply fields for what was spoken.
    private func perform(_ actions: [FocusEngine.Action], owner: Connection) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        func say(_ description: String, hint: String? = nil, language: String? = nil) {
            let output = submit(.focus(description: Speech(text: description, language: language),
                                       hint: hint.map { Speech(text: $0, language: language) }), for: owner)
            fields.merge(acceptedFields(output)) { _, new in new }
        }
        func tell(_ event: String, _ members: [String: JSONValue]) {
            var message = members
            message["type"] = "event"
            message["event"] = .string(event)
            owner.send(.object(message))
        }
        for action in actions {
            switch action {
            case .focus(let item), .read(let item):
                let utterance = composer.compose(item)
                say(utterance.description, hint: utterance.hint, language: item.element.language)
                fields["element"] = item.element.id.map { .string($0) } ?? .null
                if case .focus = action {
                    tell("focus", ["element": item.element.id.map { .string($0) } ?? .null,
                                   "frame": item.element.frame?.json ?? .null, "shape": item.element.shape?.json ?? .null])
                }
            case .say(let speech):
                say(speech.text(composer: composer))
            case .activate(let element):
                tell("activate", ["element": .string(element)])
            case .action(let element, let action):
                tell("action", ["element": .string(element), "action": .string(action)])
            case .adjust(let element, let direction):
                tell("adjust", ["element": .string(element), "direction": .string(direction.rawValue)])
            case .command(let command, let element):
                tell("command", ["command": .string(command), "element": element.map { .string($0) } ?? .null])
            }
        }
        return fields
    }

}
