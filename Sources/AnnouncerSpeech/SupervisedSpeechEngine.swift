import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import Dispatch
import Synchronization

/// espeak-ng in a supervised worker process (docs/design.md §7). The daemon keeps the queue; the worker
/// is handed one utterance at a time. When the worker dies (espeak-ng 1.51 aborts on some
/// inputs) or makes no progress for `watchdogMs` while it holds an utterance (a hang), that
/// utterance ends `failed` with the reason, a new worker is started, and the queue goes on.
public final class SupervisedSpeechEngine: SpeechEngine, @unchecked Sendable {  // Safe: every stored var is touched on `queue` only (dispatchPrecondition checks it).
    public struct Settings: Sendable {
        public var start: WorkerCommand.Start
        /// The program to run as the worker (`SupervisedSpeechEngine.workerExecutable`).
        public var executable = SupervisedSpeechEngine.workerExecutable()
        public var arguments = ["announcer-speech-worker"]
        /// No progress for this long while speaking: the worker is presumed hung and replaced.
        public var watchdogMs = Settings.watchdogMs()

        public init(start: WorkerCommand.Start) { self.start = start }

        /// The watchdog's bound: `$ANNOUNCER_SPEECH_WATCHDOG_MS` when it is a whole number of
        /// milliseconds from 100 to 600,000 (a sanitized build's worker runs many times slower),
        /// else 2,000.
        public static func watchdogMs(environment: [String: String] = Environment.current) -> Int {
            guard let given = environment["ANNOUNCER_SPEECH_WATCHDOG_MS"].flatMap({ Int($0) }), (100...600_000).contains(given) else { return 2000 }
            return given
        }
    }

    /// A running worker process and the daemon's end of its channel.
    private struct Worker {
        var process: ChildProcess
        var channel: WorkerChannel
        var source: DispatchSourceRead
    }

    /// Its voice settings change while listening (`configure`), on `queue`: a new worker starts
    /// with them.
    private var settings: Settings
    private let onEvent: @Sendable (SpeechEngineEvent) -> Void
    private let log: LogHandler
    private let queue = DispatchQueue(label: "announcer.speech-supervisor")

    // On `queue`.
    private var worker: Worker?
    /// The utterance the worker holds, and whether it has been cut off since.
    private var inWorker: (utterance: ScheduledUtterance, cut: Bool)?
    private var waiting: [ScheduledUtterance] = []
    private var lastProgress = ContinuousClock.now
    /// Set, once, for when the worker will have been silent `watchdogMs`, while it holds an
    /// utterance (the daemon's one timer mechanism, as its own wakes are).
    private lazy var watchdog = WakeTimer(queue: queue)
    private var killedForHanging = false
    private var startFailure: Error?
    private var stopping = false

    /// Where the worker is: `$ANNOUNCER_SPEECH_WORKER`; else beside the running executable (a
    /// build tree); else `../libexec/announcer/` from the executable's directory (the package's
    /// layout, wherever the tree was unpacked); else `/usr/libexec/announcer/`.
    public static func workerExecutable(environment: [String: String] = Environment.current) -> String {
        if let explicit = environment["ANNOUNCER_SPEECH_WORKER"], !explicit.isEmpty { return explicit }
        let name = "announcer-speech-worker"
        let installed = "/usr/libexec/announcer/" + name
        guard let directory = Path.directory(of: Environment.executablePath) else { return installed }
        let beside = directory + "/" + name
        let candidates = [beside, (Path.directory(of: directory) ?? "") + "/libexec/announcer/" + name, installed]
        // None there: the one beside is named in the error, as the likelier place.
        return candidates.first(where: Files.isExecutable) ?? beside
    }

    private init(settings: Settings, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void, log: @escaping LogHandler) {
        self.settings = settings
        self.onEvent = onEvent
        self.log = log
    }

    /// Starts the first worker and waits until it has loaded espeak-ng and opened its sink; a
    /// worker that cannot (no voice data, no sound server, an unwritable directory) is an error
    /// here, with the worker's own words.
    public static func start(settings: Settings, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void,
                             log: @escaping LogHandler) throws -> SupervisedSpeechEngine {
        let engine = launch(settings: settings, onEvent: onEvent, log: log)
        try engine.waitUntilReady()
        return engine
    }

    /// Starts the first worker in the background and returns at once, so that the daemon can
    /// listen while espeak-ng loads (a socket-activated start speaks that much sooner); what
    /// is asked of it meanwhile waits for the worker. `waitUntilReady` reports a failure.
    public static func launch(settings: Settings, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void,
                              log: @escaping LogHandler) -> SupervisedSpeechEngine {
        let engine = SupervisedSpeechEngine(settings: settings, onEvent: onEvent, log: log)
        engine.queue.async {
            do {
                engine.worker = try engine.spawn()
            } catch {
                engine.startFailure = error
            }
        }
        return engine
    }

    public func waitUntilReady() throws {
        if let failure = queue.sync(execute: { startFailure }) { throw failure }
    }

    public func speak(_ utterance: ScheduledUtterance) {
        queue.async { [self] in
            guard !stopping else { return }
            waiting.append(utterance)
            handOver()
        }
    }

    public func configure(_ configuration: Configuration) {
        queue.async { [self] in
            settings.start.espeak = settings.start.espeak.taking(configuration)
            if let worker, !worker.channel.send(WorkerCommand.configure(settings.start.espeak).json) { replaceUnresponsive(worker) }
        }
    }

    public func cutOff(_ id: UtteranceID) {
        queue.async { [self] in
            waiting.removeAll { $0.id == id }
            guard let held = inWorker, held.utterance.id == id, !held.cut else { return }
            inWorker?.cut = true
            if let worker, !worker.channel.send(WorkerCommand.cut(id).json) { replaceUnresponsive(worker) }
        }
    }

    public func shutdown() {
        queue.sync {
            stopping = true
            waiting.removeAll()
            watchdog.cancel()
            guard let worker else { return }
            self.worker = nil
            if let held = inWorker, !held.cut { worker.channel.send(WorkerCommand.cut(held.utterance.id).json) }
            worker.channel.send(WorkerCommand.quit.json)
            worker.source.cancel()
            // The worker closes its sink and exits; one that does not within a second is killed.
            if (try? worker.process.wait(atMost: .seconds(1))) ?? nil == nil {
                try? worker.process.send(.kill)
                _ = try? worker.process.wait()
            }
        }
    }

    // MARK: - On the queue

    /// Gives the worker the next utterance when it holds none.
    private func handOver() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard inWorker == nil, !waiting.isEmpty, !stopping else { return }
        if worker == nil {
            do {
                worker = try spawn()
            } catch {
                // No worker can be had: say why for what waits, and try again on the next one.
                let reason = "the speech synthesizer could not be restarted: \(error)"
                for utterance in waiting { onEvent(.failed(utterance.id, reason)) }
                waiting.removeAll()
                return
            }
        }
        guard let worker else { return }
        let next = waiting.removeFirst()
        inWorker = (next, false)
        lastProgress = .now
        armWatchdog()
        if !worker.channel.send(WorkerCommand.speak(next).json) { replaceUnresponsive(worker) }
    }

    private func received(_ report: WorkerReport) {
        dispatchPrecondition(condition: .onQueue(queue))
        lastProgress = .now
        switch report {
        case .engine(let event):
            // Reports for an utterance cut off since are stale: no report may follow a cut-off,
            // and a re-queued announcement speaks again under the same id.
            guard let held = inWorker, !held.cut, held.utterance.id == event.utteranceID, event.utteranceID != nil else { return }
            onEvent(event)
        case .settled(let id):
            guard inWorker?.utterance.id == id else { return }
            inWorker = nil
            disarmWatchdog()
            handOver()
        case .progress, .ready, .refused:
            break
        }
    }

    /// The worker's channel closed: it exited or was killed. Reap it, fail what it held, start
    /// another for what waits.
    private func workerEnded(_ process: ChildProcess) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let ended = worker, ended.process == process else { return }
        ended.source.cancel()
        worker = nil
        let status = try? ended.process.wait()
        let reason: String
        if killedForHanging {
            reason = "the speech synthesizer made no progress for \(settings.watchdogMs) ms and was restarted"
        } else if let status, case .signalled = status {
            reason = "the speech synthesizer crashed (\(status)) and was restarted"
        } else {
            reason = "the speech synthesizer exited (\(status.map { "\($0)" } ?? "status unknown")) and was restarted"
        }
        killedForHanging = false
        guard !stopping else { return }
        // Counted by the daemon's core (the `status` reply's `restarts`).
        onEvent(.restarted)
        log(.warning, reason.hasSuffix(" and was restarted") ? String(reason.dropLast(" and was restarted".count)) + "; starting a new one" : reason)
        if let held = inWorker, !held.cut { onEvent(.failed(held.utterance.id, reason)) }
        inWorker = nil
        disarmWatchdog()
        handOver()
    }

    /// A worker that does not take what it is sent is as good as hung.
    private func replaceUnresponsive(_ unresponsive: Worker) {
        dispatchPrecondition(condition: .onQueue(queue))
        killedForHanging = true
        try? unresponsive.process.send(.kill)
    }

    /// The watchdog looks for progress only while the worker holds an utterance, and then once,
    /// when the worker will have been silent `watchdogMs` since its last report (reports move
    /// that time on without touching the timer: it is set again from there when it fires). An
    /// idle daemon sets no timer and wakes for nothing (a worker that dies idle is heard
    /// through its channel's end, as ever).
    private func armWatchdog() {
        dispatchPrecondition(condition: .onQueue(queue))
        let silentMs = (ContinuousClock.now - lastProgress).milliseconds
        watchdog.set(after: Milliseconds(settings.watchdogMs) - silentMs + 1) { [weak self] in self?.checkProgress() }
    }

    private func disarmWatchdog() {
        dispatchPrecondition(condition: .onQueue(queue))
        watchdog.cancel()
    }

    private func checkProgress() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let worker, let held = inWorker, !killedForHanging else { return }
        let silentMs = Int((ContinuousClock.now - lastProgress).milliseconds)
        guard silentMs > settings.watchdogMs else {
            armWatchdog()
            return
        }
        log(.warning, "the speech synthesizer made no progress on utterance \(held.utterance.id) for \(silentMs) ms; killing it")
        replaceUnresponsive(worker)
    }

    // MARK: - Starting a worker

    private func spawn() throws -> Worker {
        let ends: (FileDescriptor, FileDescriptor)
        do {
            ends = try FileDescriptor.socketPair()
        } catch {
            throw WorkerError("cannot make the speech worker's channel: \(error.reason)")
        }
        let (mine, theirs) = ends
        defer { theirs.close() }
        // A crash in espeak-ng is expected and handled here: the Swift runtime's backtrace of it
        // would only slow the restart and fill the log.
        var environment = Environment.current
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let process: ChildProcess
        do {
            // The worker's end on descriptor 3; everything else the daemon holds stays shut.
            process = try ChildProcess.spawn(settings.executable, arguments: settings.arguments, environment: environment,
                                             descriptors: [WorkerChannel.workerDescriptor: theirs], defaultSignalMask: true)
        } catch {
            mine.close()
            throw WorkerError("cannot start the speech worker \(settings.executable): \(error.reason)")
        }

        let channel = WorkerChannel(fd: mine.rawValue)
        guard channel.send(WorkerCommand.start(settings.start).json), let answer = firstReport(channel) else {
            try? process.send(.kill)
            _ = try? process.wait()
            mine.close()
            throw WorkerError("the speech worker did not start")
        }
        guard case .ready = answer else {
            _ = try? process.wait()
            mine.close()
            if case .refused(let message) = answer { throw WorkerError(message) }
            throw WorkerError("the speech worker did not start")
        }
        try? mine.setNonBlocking()
        let source = DispatchSource.makeReadSource(fileDescriptor: mine.rawValue, queue: queue)
        source.setEventHandler { [weak self] in
            // Read to "would block" or the end: libdispatch reports a hang-up once, so a worker
            // that wrote its last report and died must be read to its end in this one event.
            guard let self else { return }
            let (reports, ended) = channel.receiveAvailable()
            for report in reports.compactMap(WorkerReport.init(json:)) { self.received(report) }
            if ended { self.workerEnded(process) }
        }
        source.setCancelHandler { mine.close() }
        source.resume()
        return Worker(process: process, channel: channel, source: source)
    }

    /// The worker's first line, read while it is still a blocking descriptor (start-up takes
    /// espeak-ng's load time, a few tens of milliseconds).
    private func firstReport(_ channel: WorkerChannel) -> WorkerReport? {
        while true {
            guard let ready = try? channel.descriptor.wait(for: .readable, timeoutMilliseconds: 30_000), !ready.isEmpty,
                  let lines = channel.receive() else { return nil }
            if let first = lines.first { return WorkerReport(json: first) }
        }
    }
}

public struct WorkerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension SpeechEngineEvent {
    /// The utterance the report is about; nil for the supervisor's own `restarted`.
    var utteranceID: UtteranceID? {
        switch self {
        case .started(let id), .finished(let id), .failed(let id, _), .mark(let id, _): id
        case .restarted: nil
        }
    }
}
