import AnnouncerCore
import Dispatch

/// The scheduler in real time: one serial queue owns it, feeds it the engine's reports and a
/// monotonic clock, and carries its actions out to the engine and to an observer.
public final class SpeechController: @unchecked Sendable {
    /// What the controller tells the world (the daemon's `speaking` and `finished` events).
    public enum Notice: Sendable, Equatable {
        case speaking(ScheduledUtterance)
        /// Its one terminal status; `reason` says why when it `failed`.
        case finished(UtteranceID, FinishStatus, reason: String?)
        /// Speech reached a mark in the utterance's text.
        case mark(UtteranceID, String)
    }

    public let queue = DispatchQueue(label: "announcer.speech-controller")
    private var scheduler: SpeechScheduler
    private var engine: (any SpeechEngine)?
    private var observer: @Sendable (Notice) -> Void = { _ in }
    private var handedOver: [UtteranceID: ScheduledUtterance] = [:]
    /// Why the engine failed the utterance being finished, while its `failed` is reported.
    private var failure: (id: UtteranceID, reason: String)?
    private var timer: DispatchSourceTimer?
    private let origin = ContinuousClock.now
    private var idleWaiters: [@Sendable () -> Void] = []

    private static let onQueueKey = DispatchSpecificKey<Bool>()

    public init(settings: SchedulerSettings) {
        scheduler = SpeechScheduler(settings: settings)
        queue.setSpecific(key: Self.onQueueKey, value: true)
    }

    /// Runs `body` on the controller's queue, directly when already there. Sockets and signals
    /// of the daemon run on this queue too, so the core state has one owner.
    private func onQueue<T>(_ body: () -> T) -> T {
        DispatchQueue.getSpecific(key: Self.onQueueKey) == true ? body() : queue.sync(execute: body)
    }

    /// New scheduler settings (a configuration reload); what is queued stays queued.
    public func update(settings: SchedulerSettings) {
        onQueue { scheduler.settings = settings }
    }

    /// Connects the engine and the observer; call once, before submitting anything. The engine
    /// must send its reports to `engineReport`.
    public func attach(engine: any SpeechEngine, observer: @escaping @Sendable (Notice) -> Void) {
        onQueue {
            self.engine = engine
            self.observer = observer
        }
    }

    /// Milliseconds on the controller's monotonic clock.
    public func now() -> Milliseconds {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// Hands the scheduler a request; returns what it accepted or why it refused.
    @discardableResult
    public func submit(_ event: SchedulerEvent) -> SchedulerOutput {
        onQueue { handle(event) }
    }

    /// Hands the scheduler requests that arrive together: all of them are handled before any
    /// report of the engine's, as one burst.
    public func submit(_ events: [SchedulerEvent]) -> [SchedulerOutput] {
        onQueue { events.map { handle($0) } }
    }

    /// The engine's reports, from any thread.
    public func engineReport(_ event: SpeechEngineEvent) {
        queue.async { [self] in
            switch event {
            case .started(let id):
                if let item = handedOver[id] { observer(.speaking(item)) }
                handle(.engineStarted(id))
            case .finished(let id):
                handle(.engineFinished(id))
            case .mark(let id, let name):
                if handedOver[id] != nil { observer(.mark(id, name)) }
            case .failed(let id, let message):
                failure = (id, message)
                handle(.engineFailed(id))
                failure = nil
            }
        }
    }

    public var counters: [FinishStatus: Int] { onQueue { scheduler.counters } }
    /// How many times the engine replaced a crashed or hung synthesizer.
    public var engineRestarts: Int { onQueue { engine?.restarts ?? 0 } }
    public var waitingCount: Int { onQueue { scheduler.waitingCount } }
    /// The utterance the engine holds now, if any.
    public var currentUtterance: UtteranceID? { onQueue { scheduler.currentUtterance?.id } }

    /// Calls `body` (on the controller's queue) once nothing is speaking or waiting.
    public func whenIdle(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            idleWaiters.append(body)
            notifyIfIdle()
        }
    }

    /// Stops everything: the speaking utterance is cut off, everything waiting is cancelled.
    public func shutdown() {
        onQueue {
            _ = handle(.stop)
            timer?.cancel()
            timer = nil
        }
    }

    // MARK: - On the queue

    @discardableResult
    private func handle(_ event: SchedulerEvent) -> SchedulerOutput {
        dispatchPrecondition(condition: .onQueue(queue))
        let output = scheduler.handle(event, at: now())
        for action in output.actions {
            switch action {
            case .start(let item):
                handedOver[item.id] = item
                engine?.speak(item)
            case .cutOff(let id):
                engine?.cutOff(id)
            case .finished(let id, let status):
                handedOver[id] = nil
                observer(.finished(id, status, reason: status == .failed && failure?.id == id ? failure?.reason : nil))
            case .wake(let time):
                schedule(wakeAt: time)
            }
        }
        notifyIfIdle()
        return output
    }

    private func schedule(wakeAt time: Milliseconds?) {
        dispatchPrecondition(condition: .onQueue(queue))
        timer?.cancel()
        timer = nil
        guard let time else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .microseconds(Int(max(time - now(), 0) * 1000)), leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in _ = self?.handle(.tick) }
        timer.resume()
        self.timer = timer
    }

    private func notifyIfIdle() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !idleWaiters.isEmpty, scheduler.currentUtterance == nil, scheduler.waitingCount == 0 else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter() }
    }
}
