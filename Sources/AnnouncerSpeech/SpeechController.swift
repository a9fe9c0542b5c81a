import AnnouncerCore
import Dispatch

/// The scheduler in real time for `announcerd --play`, which speaks request lines with no
/// clients: one serial queue owns the scheduler, feeds it the engine's reports and a monotonic
/// clock, and carries its actions out to the engine and to an observer. (The daemon's own
/// scheduler lives in its core, with the clients; this is the same scheduler with no clients.)
/// Its public calls come from outside its queue.
public final class SpeechController: @unchecked Sendable {  // Safe: every stored var is touched on `queue` only; the public calls hop onto it.
    /// What the controller tells the world (the text sink's lines, failures).
    public enum Notice: Sendable, Equatable {
        case speaking(ScheduledUtterance)
        /// Its one terminal status; `reason` says why when it `failed`.
        case finished(UtteranceID, FinishStatus, reason: String?)
    }

    private let queue = DispatchQueue(label: "announcer.speech-controller")
    private var scheduler: SpeechScheduler
    private var engine: (any SpeechEngine)?
    private var observer: @Sendable (Notice) -> Void = { _ in }
    private var handedOver: [UtteranceID: ScheduledUtterance] = [:]
    /// Why the engine failed the utterance being finished, while its `failed` is reported.
    private var failure: (id: UtteranceID, reason: String)?
    private lazy var timer = WakeTimer(queue: queue)
    private let origin = ContinuousClock.now
    private var idleWaiters: [@Sendable () -> Void] = []

    public init(settings: SchedulerSettings) {
        scheduler = SpeechScheduler(settings: settings)
    }

    /// Connects the engine and the observer; call once, before submitting anything. The engine
    /// must send its reports to `engineReport`.
    public func attach(engine: any SpeechEngine, observer: @escaping @Sendable (Notice) -> Void) {
        queue.sync {
            self.engine = engine
            self.observer = observer
        }
    }

    /// Hands the scheduler requests that arrive together: all of them are handled before any
    /// report of the engine's, as one burst.
    public func submit(_ events: [SchedulerEvent]) -> [SchedulerOutput] {
        queue.sync { events.map { handle($0) } }
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
            case .failed(let id, let message):
                failure = (id, message)
                handle(.engineFailed(id))
                failure = nil
            case .mark, .restarted:
                break
            }
        }
    }

    /// Calls `body` (on the controller's queue) once nothing is speaking or waiting.
    public func whenIdle(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            idleWaiters.append(body)
            notifyIfIdle()
        }
    }

    // MARK: - On the queue

    private func now() -> Milliseconds { (ContinuousClock.now - origin).milliseconds }

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
                timer.set(after: time.map { $0 - now() }) { [weak self] in _ = self?.handle(.tick) }
            }
        }
        notifyIfIdle()
        return output
    }

    private func notifyIfIdle() {
        guard !idleWaiters.isEmpty, scheduler.currentUtterance == nil, scheduler.waitingCount == 0 else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter() }
    }
}
