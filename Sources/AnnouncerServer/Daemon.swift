import AnnouncerBraille
import AnnouncerSSIP
import AnnouncerScheduler
import AnnouncerSession
import AnnouncerSettings
import AnnouncerSpeech
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire
import Dispatch

/// The running daemon: the I/O shell around `DaemonCore`. It accepts clients on the listening
/// sockets (the JSON socket, and SSIP's when that door is open), reads their lines, feeds the
/// core every input with the time on a monotonic clock — connections, lines, the engine's
/// reports, timers, the voice list — and carries out what the core returns: replies and events,
/// what the engine says and cuts off, timers, asking the worker for its voices. Everything runs
/// on one serial queue, so the core has a single owner; nothing calls back into the core while
/// it decides. With a recorder every input is written down, to be replayed (`--record`).
public final class Daemon: @unchecked Sendable {  // Safe: every stored var is touched on `queue` only, the core's one owner.
    public static let version = DaemonCore.version
    public static let protocolVersion = DaemonCore.protocolVersion

    /// A socket clients connect to, and the protocol they speak there.
    private struct Listener {
        var socket: ListeningSocket
        var door: DaemonCore.Door
        var source: DispatchSourceRead?
    }

    private let queue = DispatchQueue(label: "announcerd")
    private var listeners: [Listener]
    private let log: LogHandler
    private var core: DaemonCore
    private var engine: (any SpeechEngine)?
    /// The text sink's lines go here; nil for sinks that sound.
    private let textSink: (@Sendable (String) -> Void)?
    private let voices: @Sendable () throws(VoiceListingError) -> [SynthesisVoice]
    /// Writes the settings changed while listening to announcer.conf (`settingsChanged`), on
    /// `settingsWriter`, one change after another.
    private let saveSettings: @Sendable (_ changed: [(key: String, value: String)]) throws(SettingsNotSaved) -> Void
    private let settingsWriter = DispatchQueue(label: "announcer.settings-writer")
    private let recorder: SessionRecorder?
    private var connections: [Int: Connection] = [:]
    /// Descriptors accepted and not yet admitted or refused by the core.
    private var arriving: [Int: (fd: FileDescriptor, door: DaemonCore.Door)] = [:]
    private var nextConnectionID = 1
    private var acceptPaused = false
    private lazy var schedulerTimer = WakeTimer(queue: queue)
    /// The end of a braille flash.
    private lazy var brailleTimer = WakeTimer(queue: queue)
    /// The braille display's thread, when `braille` is on or auto.
    private var brailleDisplay: BrlAPIDisplay?
    /// Idle, the daemon gives back the pages it is not using: its program's and its heap's free ones (IdlePages).
    private lazy var idleTrim = IdleTrim(at: now())
    private lazy var idleTrimTimer = WakeTimer(queue: queue)
    /// The end of a pause in accepting (no descriptors left).
    private lazy var acceptPauseTimer = WakeTimer(queue: queue)
    /// Each client's wake-up, while it has one (`wake`); gone with the client.
    private var clientTimers: [Int: WakeTimer] = [:]
    /// Inputs that arose while the actions of another were being carried out (a write that
    /// closed its client, a served line): fed to the core next, in order, never into the middle
    /// of an action list.
    private var inbox: [DaemonCore.Input] = []
    private var feeding = false
    private let origin = ContinuousClock.now
    /// A descriptor held back for telling a client "out of descriptors" when there are none.
    private var reserveDescriptor = Daemon.openReserve()
    private var limitedLog = RateLimitedLog()
    static let acceptPauseMs = 100

    /// `ssip`: SSIP's socket, when that door is open; `voices` lists the synthesizer's voices
    /// (called off the daemon's queue, when a client first asks); `textSink` writes the text
    /// sink's lines; `recorder` writes down every input.
    public init(listening: ListeningSocket, ssip: ListeningSocket? = nil, core: DaemonCore,
                textSink: (@Sendable (String) -> Void)? = nil,
                voices: @escaping @Sendable () throws(VoiceListingError) -> [SynthesisVoice] = { [] },
                saveSettings: @escaping @Sendable (_ changed: [(key: String, value: String)]) throws(SettingsNotSaved) -> Void = { _ throws(SettingsNotSaved) in },
                recorder: SessionRecorder? = nil,
                log: @escaping LogHandler) {
        self.saveSettings = saveSettings
        self.listeners = [Listener(socket: listening, door: .json)] + (ssip.map { [Listener(socket: $0, door: .ssip)] } ?? [])
        self.core = core
        self.textSink = textSink
        self.voices = voices
        self.recorder = recorder
        self.log = log
    }

    /// Connects the engine; call once, before `start`. Its reports must go to `engineReport`.
    public func attach(engine: any SpeechEngine) {
        queue.sync { self.engine = engine }
    }

    /// Starts the braille display's thread (BrlAPI); call once, before `start`. A display that is
    /// absent or hangs never holds the daemon: the thread hands its reports to the queue.
    public func attachBraille() throws(Errno) {
        let display = try BrlAPIDisplay { [weak self] report in
            guard let self else { return }
            let input: DaemonCore.BrailleInput = switch report {
            case .connected(let width): .connected(width: width)
            case .disconnected(let reason): .disconnected(reason: reason)
            case .key(let key): .key(key)
            }
            queue.async { self.run(.braille(input)) }
        }
        queue.sync { brailleDisplay = display }
    }

    /// The engine's reports, from any thread.
    public func engineReport(_ report: SpeechEngineEvent) {
        queue.async { [self] in run(.engine(report)) }
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

    /// Applies a reloaded configuration (on the daemon's queue), as the core's input so that
    /// it is recorded with the rest.
    public func reload(_ settings: DaemonSettings) {
        queue.async { [self] in run(.reconfigure(settings)) }
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
            run(.shutdown)
            schedulerTimer.cancel()
            brailleTimer.cancel()
            brailleDisplay?.stop()
            idleTrimTimer.cancel()
            acceptPauseTimer.cancel()
            for timer in clientTimers.values { timer.cancel() }
            clientTimers.removeAll()
            for connection in Array(connections.values) { connection.close(reason: nil) }
            connections.removeAll()
            for listener in listeners {
                listener.socket.removeFile()
                listener.socket.fd.close()
            }
            recorder?.close()
        }
    }

    // MARK: - The core

    /// Milliseconds on the daemon's monotonic clock.
    private func now() -> Milliseconds { (ContinuousClock.now - origin).milliseconds }

    /// Feeds the core one input at the time now and carries out what it returns; an input that
    /// arises while that is done waits in the inbox until it is, so that every action list is
    /// carried out whole and in order (a wake-up set by a later input is never overwritten by
    /// an earlier one's), and the recording is the order the core saw.
    private func run(_ input: DaemonCore.Input) {
        dispatchPrecondition(condition: .onQueue(queue))
        inbox.append(input)
        guard !feeding else { return }
        feeding = true
        while !inbox.isEmpty { feed(inbox.removeFirst()) }
        feeding = false
    }

    /// Hands the core an input now. Only `run` and a turn's lines come here: a turn's lines are
    /// answered one by one as `serve` reads them, so that a line that ends the connection (SSIP's
    /// `QUIT`) stops the turn; what they cause waits in the inbox like anything else.
    private func feed(_ input: DaemonCore.Input) {
        let time = now()
        recorder?.record(input, at: time)
        perform(core.handle(input, at: time))
        if let due = idleTrim.activity(at: time) { setIdleTrimTimer(for: due) }
    }

    private func setIdleTrimTimer(for due: Milliseconds) {
        idleTrimTimer.set(after: due - now()) { [weak self] in
            guard let self else { return }
            switch idleTrim.timerFired(at: now()) {
            case .trim: IdlePages.release()
            case .again(let due): setIdleTrimTimer(for: due)
            case nil: break
            }
        }
    }

    private func perform(_ actions: [DaemonCore.Action]) {
        dispatchPrecondition(condition: .onQueue(queue))
        for action in actions {
            switch action {
            case .admit(let id):
                admit(id)
            case .refuse(let id, let reply):
                if let arrival = arriving.removeValue(forKey: id) { Self.refuse(arrival.fd, reply, door: arrival.door) }
            case .serve(let id, let lines):
                connections[id]?.serve(lines)
            case .nextTurn:
                queue.async { [self] in run(.turn) }
            case .send(let id, let message):
                write(message.line, to: id)
            case .write(let id, let text):
                write(Array(text.utf8), to: id)
            case .hangUp(let id):
                connections[id]?.hangUp()
            case .close(let id, let reason):
                if let arrival = arriving.removeValue(forKey: id) { arrival.fd.close() }
                connections[id]?.close(reason: reason)
            case .resumeAccepting:
                resumeAccepting()
            case .wake(let id, let time):
                // One wake-up at a time per client (its SSIP events held back), on the one timer
                // mechanism the scheduler's and the idle trim's use.
                let timer = clientTimers[id] ?? WakeTimer(queue: queue)
                clientTimers[id] = timer
                timer.set(after: time - now()) { [weak self] in self?.run(.wake(id)) }
            case .speak(let item):
                engine?.speak(item)
            case .cutOff(let id):
                engine?.cutOff(id)
            case .wakeScheduler(let time):
                schedulerTimer.set(after: time.map { $0 - now() }) { [weak self] in self?.run(.tick) }
            case .showBraille(let window):
                brailleDisplay?.show(window)
            case .wakeBraille(let time):
                brailleTimer.set(after: time.map { $0 - now() }) { [weak self] in self?.run(.braille(.tick)) }
            case .listVoices:
                let voices = self.voices
                // The worker is run on another thread; its answer comes back as an input.
                DispatchQueue.global().async { [weak self] in
                    let listing: DaemonCore.VoiceListing
                    do throws(VoiceListingError) { listing = .listed(try voices()) } catch { listing = .failed(error.description) }
                    guard let self else { return }
                    queue.async { self.run(.voices(listing)) }
                }
            case .sounding(let item):
                textSink?(TextSinkLine.speaking(item))
            case .ended(let id, let status):
                textSink?(TextSinkLine.finished(id, status))
            case .log(let level, let message, let limited):
                if limited { warnLimited(message) } else { log(level, message) }
            case .settingsChanged(let configuration, let settings):
                engine?.configure(configuration)
                // Written in turn, off the daemon's queue: a slow or full disk never holds speech.
                let changed = settings.map { (key: $0.rawValue, value: configuration.value(of: $0)) }
                let save = saveSettings, log = log
                settingsWriter.async {
                    do throws(SettingsNotSaved) { try save(changed) } catch { log(.warning, error.description) }
                }
            }
        }
    }

    private func write(_ bytes: [UInt8], to id: Int) {
        guard let connection = connections[id] else { return }
        connection.send(bytes)
        if connection.state != .closed { run(.writable(id, backlog: connection.backlog)) }
    }

    // MARK: - Clients

    private func acceptAll(_ index: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        let listener = listeners[index]
        while listeners[index].source != nil, !acceptPaused {
            let accepted: IOResult<FileDescriptor>
            do {
                accepted = try UnixSocket.accept(listener.socket.fd)
            } catch where error == .connectionAborted {
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
            arrived(fd, door: listener.door)
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
        acceptPauseTimer.set(after: Milliseconds(Self.acceptPauseMs)) { [weak self] in self?.resumeAccepting() }
    }

    private func resumeAccepting() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard acceptPaused else { return }
        acceptPaused = false
        for listener in listeners { listener.source?.resume() }
    }

    /// A warning that may repeat without end: written at most once a second.
    private func warnLimited(_ message: String) {
        limitedLog.note(message, at: now()) { [log] in log(.warning, $0) }
    }

    private static func openReserve() -> FileDescriptor? { try? FileDescriptor.open("/dev/null") }

    /// Tells a client it cannot be served, in one line of its protocol, and lets it go.
    private static func refuse(_ fd: FileDescriptor, _ reply: Reply, door: DaemonCore.Door) {
        var line = DaemonMessage.reply(reply).line
        if door == .ssip, case .error(_, let message) = reply.body {
            line = Array(SSIPReply.refused(message).utf8)
        }
        // One try: the socket is non-blocking, and a client that cannot take one line is let go.
        _ = try? fd.write(line[...])
        fd.close()
    }

    /// A client connected: the core decides whether it is admitted.
    private func arrived(_ fd: FileDescriptor, door: DaemonCore.Door) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let peer = try? UnixSocket.peerCredentials(fd) else {
            fd.close()
            return
        }
        if core.clientCount >= core.limits.maximumClients {
            // Clients that connected and left may not have been read yet: they do not count.
            for connection in Array(connections.values) { connection.readIfHungUp() }
        }
        let id = nextConnectionID
        nextConnectionID += 1
        arriving[id] = (fd, door)
        run(.connected(id, uid: peer.uid, pid: peer.pid, door: door))
    }

    private func admit(_ id: Int) {
        guard let arrival = arriving.removeValue(forKey: id) else { return }
        let connection = Connection(id: id, fd: arrival.fd, queue: queue, lineLimit: Request.maximumLineBytes)
        connection.onLines = { [weak self] connection, count in self?.run(.linesArrived(connection.id, count: count)) }
        // Called only while a `.serve` action is carried out: the turn's lines, one by one.
        connection.onItem = { [weak self] connection, item in self?.feed(.line(connection.id, item)) }
        connection.onClose = { [weak self] connection, reason in
            self?.connections[connection.id] = nil
            self?.clientTimers.removeValue(forKey: connection.id)?.cancel()
            self?.run(.closed(connection.id, reason: reason))
        }
        connections[id] = connection
        connection.start()
    }
}

/// Why settings changed while listening could not be written to announcer.conf: they hold until
/// the daemon stops, and the log says so.
public struct SettingsNotSaved: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}
