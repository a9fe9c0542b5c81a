import AnnouncerScheduler
import AnnouncerSupport
import Dispatch

/// `announcerd --play`'s shell in real time: one serial queue owns the speech driver (the same
/// glue between the scheduler and the engine that the daemon's core runs), feeds it the engine's
/// reports and a monotonic clock, and carries its actions out to the engine and to an observer.
/// Its public calls come from outside its queue.
public final class SpeechController: @unchecked Sendable {  // Safe: every stored var is touched on `queue` only; the public calls hop onto it.
    /// What the controller tells the world (the text sink's lines, failures).
    public enum Notice: Sendable, Equatable {
        case speaking(ScheduledUtterance)
        /// Its one terminal status; `reason` says why when it `failed`.
        case finished(UtteranceID, FinishStatus, reason: String?)
    }

    private let queue = DispatchQueue(label: "announcer.speech-controller")
    private var driver: SpeechDriver
    private var engine: (any SpeechEngine)?
    private var observer: @Sendable (Notice) -> Void = { _ in }
    private lazy var timer = WakeTimer(queue: queue)
    private let origin = ContinuousClock.now
    private var idleWaiters: [@Sendable () -> Void] = []

    public init(settings: SchedulerSettings) {
        driver = SpeechDriver(settings: settings)
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
        queue.sync {
            events.map { event in
                let output = driver.schedule(event, at: now())
                perform(driver.carryOut())
                return output
            }
        }
    }

    /// The engine's reports, from any thread.
    public func engineReport(_ event: SpeechEngineEvent) {
        queue.async { [self] in perform(driver.engineReported(event, at: now())) }
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

    private func perform(_ actions: [SpeechDriver.Action]) {
        dispatchPrecondition(condition: .onQueue(queue))
        for action in actions {
            switch action {
            case .speak(let item): engine?.speak(item)
            case .cutOff(let id): engine?.cutOff(id)
            case .wake(let time):
                timer.set(after: time.map { $0 - now() }) { [weak self] in self?.tick() }
            case .sounding(let item): observer(.speaking(item))
            case .finished(let id, let status, let reason): observer(.finished(id, status, reason: reason))
            case .mark: break
            }
        }
        notifyIfIdle()
    }

    private func tick() {
        driver.schedule(.tick, at: now())
        perform(driver.carryOut())
    }

    private func notifyIfIdle() {
        guard !idleWaiters.isEmpty, driver.isSilent else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter() }
    }
}
