import AnnouncerCore
import AnnouncerSSIP
import AnnouncerSpeech
import AnnouncerSystem
import Dispatch
import Glibc

/// The running daemon: the I/O shell around the session machine. It accepts clients on the
/// listening sockets (the JSON socket, and SSIP's when that door is open), reads their lines, serves them in the turns the machine gives, carries out
/// the machine's actions (replies, events, refusals, closing) and feeds it the speech
/// controller's notices. Everything runs on the speech controller's queue (asserted), so the
/// machine and the scheduler have a single owner.
public final class Daemon: @unchecked Sendable {
    public static let version = SessionMachine.version
    public static let protocolVersion = SessionMachine.protocolVersion

    /// A socket clients connect to, and the protocol they speak there.
    private struct Listener {
        var socket: ListeningSocket
        var door: SessionMachine.Door
        var source: DispatchSourceRead?
    }

    private var listeners: [Listener]
    private let controller: SpeechController
    private let log: LogHandler
    private var session: SessionMachine
    private var connections: [Int: Connection] = [:]
    private var nextConnectionID = 1
    private var acceptPaused = false
    /// The machine is handling an input; what arrives meanwhile waits in `deferred`.
    private var handling = false
    private var deferred: [SessionMachine.Input] = []
    /// A turn is scheduled on the queue (`serveTurn`).
    private var serving = false
    /// A descriptor held back for telling a client "out of descriptors" when there are none.
    private var reserveDescriptor = Daemon.openReserve()
    private var limitedLog = RateLimitedLog()
    static let acceptPauseMs = 100

    /// `ssip`: SSIP's socket, when that door is open; `voices` lists the synthesizer's voices
    /// for it (called once, when a client first asks).
    public init(listening: ListeningSocket, ssip: ListeningSocket? = nil, controller: SpeechController, composer: UtteranceComposer,
                limits: DaemonLimits, sinkDescription: String, voices: @escaping () -> [SynthesisVoice] = { [] },
                log: @escaping LogHandler) {
        self.listeners = [Listener(socket: listening, door: .json)] + (ssip.map { [Listener(socket: $0, door: .ssip)] } ?? [])
        self.controller = controller
        self.log = log
        self.session = SessionMachine(composer: composer, limits: limits, sinkDescription: sinkDescription, uid: getuid())
        self.session.voiceLister = voices
    }

    private var queue: DispatchQueue { controller.queue }

    /// What the speech controller reports; route the controller's observer here (it calls on
    /// the controller's queue).
    public func notice(_ notice: SpeechController.Notice) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch notice {
        case .speaking(let item): run(.speaking(item))
        case .finished(let id, let status, let reason): run(.finished(id, status, reason: reason))
        case .mark(let id, let name): run(.mark(id, name))
        }
    }

    public func start() {
        queue.async { [self] in
            for index in listeners.indices {
                let source = DispatchSource.makeReadSource(fileDescriptor: listeners[index].socket.fd.rawValue, queue: queue)
                source.setEventHandler { [weak self] in self?.acceptAll(index) }
                source.resume()
                listeners[index].source = source
            }
        }
    }

    /// Applies a reloaded configuration (on the daemon's queue).
    public func reload(composer: UtteranceComposer, limits: DaemonLimits, scheduler: SchedulerSettings) {
        queue.async { [self] in
            session.composer = composer
            session.limits = limits
            controller.update(settings: scheduler)
        }
    }

    /// Stops accepting, cancels waiting speech (subscribers hear `cancelled`), removes the socket
    /// file unless systemd handed it over, and closes every client. Blocks until done.
    public func shutdown() {
        queue.sync {
            resumeAccepting()
            for index in listeners.indices {
                listeners[index].source?.cancel()
                listeners[index].source = nil
            }
        }
        controller.shutdown()
        queue.sync {
            for connection in connections.values { connection.close(reason: nil) }
            connections.removeAll()
            for listener in listeners {
                listener.socket.removeFile()
                listener.socket.fd.close()
            }
        }
    }

    // MARK: - The session machine

    /// Feeds the machine one input and carries out what it says. The speech controller may
    /// report while the machine is submitting to it (a superseded focus ends at once): such a
    /// report waits until the machine is done with the input at hand.
    private func run(_ input: SessionMachine.Input) {
        dispatchPrecondition(condition: .onQueue(queue))
        if handling {
            deferred.append(input)
            return
        }
        handling = true
        let actions = session.handle(input, speech: controller)
        handling = false
        perform(actions)
        while !handling, !deferred.isEmpty {
            run(deferred.removeFirst())
        }
    }

    private func perform(_ actions: [SessionMachine.Action]) {
        dispatchPrecondition(condition: .onQueue(queue))
        for action in actions {
            switch action {
            case .admit, .refuse:
                break  // only in answer to `connected` (`admit(_:)`)
            case .send(let id, let message):
                write(message.line, to: id)
            case .write(let id, let text):
                write(Array(text.utf8), to: id)
            case .hangUp(let id):
                connections[id]?.hangUp()
            case .wake(let id, let time):
                let delay = max(time - controller.now(), 0)
                queue.asyncAfter(deadline: .now() + .microseconds(Int(delay * 1000))) { [weak self] in self?.run(.wake(id)) }
            case .close(let id, let reason):
                connections[id]?.close(reason: reason)
            case .schedule(let event):
                controller.submit(event)
            case .resumeAccepting:
                resumeAccepting()
            case .log(let level, let message, let limited):
                if limited { warnLimited(message) } else { log(level, message) }
            }
        }
    }

    private func write(_ bytes: [UInt8], to id: Int) {
        guard let connection = connections[id] else { return }
        connection.send(bytes)
        if connection.state != .closed { run(.writable(id, backlog: connection.backlog)) }
    }

    /// Serves one client's turn, then lets the queue run everything else (accepts, speech
    /// notices, writes) before the next.
    private func serveTurn() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let turn = session.nextTurn() else {
            serving = false
            return
        }
        connections[turn.client]?.serve(turn.lines)
        queue.async { [self] in serveTurn() }
    }

    // MARK: - Clients

    private func acceptAll(_ index: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        let listener = listeners[index]
        while listeners[index].source != nil, !acceptPaused {
            let accepted: IOResult<FileDescriptor>
            do {
                accepted = try UnixSocket.accept(listener.socket.fd)
            } catch where error.code == ECONNABORTED {
                continue
            } catch where error.isOutOfDescriptors {
                // Linux reports this before it looks for a waiting client: there may be none.
                if refuseWithoutDescriptors(error, listener) { continue }
                return
            } catch {
                warnLimited("accept failed: \(error); pausing for \(Self.acceptPauseMs) ms")
                pauseAccepting()
                return
            }
            guard case .processed(let fd) = accepted else { return }
            admit(fd, door: listener.door)
        }
    }

    /// Out of descriptors: the reserved one is given up for a moment so that a waiting client
    /// can be told why and let go, instead of the listener firing again and again with the
    /// client left hanging. Returns whether a client was refused (others may be waiting).
    private func refuseWithoutDescriptors(_ error: Errno, _ listener: Listener) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let reserve = reserveDescriptor else {
            // No reserve to give up: stop listening until a client leaves (`onClose` resumes), since
            // at this point not even a timer can be had.
            warnLimited("out of file descriptors (\(error)); not accepting until a client leaves")
            pauseAccepting()
            reserveDescriptor = Self.openReserve()
            return false
        }
        reserve.close()
        let waitingClient = try? UnixSocket.accept(listener.socket.fd)
        if case .processed(let fd) = waitingClient {
            Self.refuse(fd, Reply(RequestError(.tooManyClients, "announcerd has no file descriptors left (\(error)); close some clients or raise its limit (ulimit -n)")),
                        door: listener.door)
            warnLimited("refused a client: out of file descriptors (\(error))")
        }
        reserveDescriptor = Self.openReserve()
        if case .processed = waitingClient { return true }
        return false
    }

    /// Stops accepting for a moment, and until a client leaves.
    private func pauseAccepting() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !acceptPaused else { return }
        acceptPaused = true
        for listener in listeners { listener.source?.suspend() }
        queue.asyncAfter(deadline: .now() + .milliseconds(Self.acceptPauseMs)) { [self] in resumeAccepting() }
    }

    private func resumeAccepting() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard acceptPaused else { return }
        acceptPaused = false
        for listener in listeners { listener.source?.resume() }
    }

    /// A warning that may repeat without end: written at most once a second.
    private func warnLimited(_ message: String) {
        limitedLog.note(message, at: controller.now()) { [log] in log(.warning, $0) }
    }

    private static func openReserve() -> FileDescriptor? { try? FileDescriptor.open("/dev/null") }

    /// Tells a client it cannot be served, in one line of its protocol, and lets it go.
    private static func refuse(_ fd: FileDescriptor, _ reply: Reply, door: SessionMachine.Door) {
        var line = DaemonMessage.reply(reply).line
        if door == .ssip, case .error(_, let message) = reply.body {
            line = Array(SSIPReply.refused(message).utf8)
        }
        // One try: the socket is non-blocking, and a client that cannot take one line is let go.
        _ = try? fd.write(line[...])
        fd.close()
    }

    private func admit(_ fd: FileDescriptor, door: SessionMachine.Door) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let peer = try? UnixSocket.peerCredentials(fd) else {
            fd.close()
            return
        }
        if session.clientCount >= session.limits.maximumClients {
            // Clients that connected and left may not have been read yet: they do not count.
            for connection in Array(connections.values) { connection.readIfHungUp() }
        }
        let id = nextConnectionID
        nextConnectionID += 1
        for action in session.handle(.connected(id, uid: peer.uid, pid: peer.pid, door: door), speech: controller) {
            switch action {
            case .admit:
                let connection = Connection(id: id, fd: fd, queue: queue, lineLimit: Request.maximumLineBytes)
                connection.onLines = { [weak self] connection, count in self?.linesArrived(connection, count) }
                connection.onItem = { [weak self] connection, item in self?.run(.line(connection.id, item)) }
                connection.onClose = { [weak self] connection, reason in
                    self?.connections[connection.id] = nil
                    self?.run(.closed(connection.id, reason: reason))
                }
                connections[id] = connection
                connection.start()
            case .refuse(_, let reply):
                Self.refuse(fd, reply, door: door)
            case .close:
                fd.close()
            default:
                perform([action])
            }
        }
    }

    private func linesArrived(_ connection: Connection, _ count: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        session.linesArrived(connection.id, count: count)
        guard !serving else { return }
        serving = true
        queue.async { [self] in serveTurn() }
    }
}
