import AnnouncerSupport

/// The one glue between the scheduler and a speech engine, used by the daemon's core, by
/// `announcerd --play` and by the simulated engine of `--timeline` (SchedulerSimulation): events go to the scheduler at their time, its decisions wait until they
/// are carried out, and the engine's reports come back to it. It decides what the engine is told
/// (`speak`, `cutOff`, when to wake) and what is heard of (an utterance's first sound, its end
/// with the engine's reason for a failure), so that both paths treat a report alike — a `started`
/// for an utterance cut off meanwhile (it was on its way) is no sound.
public struct SpeechDriver: Sendable {
    public enum Action: Equatable, Sendable {
        /// Hand the engine this utterance.
        case speak(ScheduledUtterance)
        /// Stop the engine on this utterance now.
        case cutOff(UtteranceID)
        /// Feed back `tick` at this time; nil cancels the time asked for before.
        case wake(at: Milliseconds?)
        /// The utterance speaking now began to sound.
        case sounding(ScheduledUtterance)
        /// An index mark of an utterance handed to the engine was reached.
        case mark(UtteranceID, String)
        /// The utterance ended; `reason` is the engine's when it `failed`.
        case finished(UtteranceID, FinishStatus, reason: String?)
    }

    public private(set) var scheduler: SpeechScheduler
    /// What the scheduler decided and has not been carried out yet.
    private var decided: [SchedulerAction] = []
    /// Utterances handed to the engine and not finished.
    private var handedOver: [UtteranceID: ScheduledUtterance] = [:]

    public init(settings: SchedulerSettings) {
        self.init(scheduler: SpeechScheduler(settings: settings))
    }

    public init(scheduler: SpeechScheduler) {
        self.scheduler = scheduler
    }

    /// The scheduler's settings; new ones (a configuration reload) leave what is queued queued.
    public var settings: SchedulerSettings {
        get { scheduler.settings }
        set { scheduler.settings = newValue }
    }

    /// Whether nothing speaks or waits to be spoken.
    public var isSilent: Bool { scheduler.currentUtterance == nil && scheduler.waitingCount == 0 }

    /// Hands the scheduler an event; its decisions wait until `carryOut` (so that a request's
    /// own answer can go first).
    @discardableResult
    public mutating func schedule(_ event: SchedulerEvent, at now: Milliseconds) -> SchedulerOutput {
        let output = scheduler.handle(event, at: now)
        decided += output.actions
        return output
    }

    /// What the scheduler decided, in order, as actions; nothing is left waiting.
    public mutating func carryOut() -> [Action] {
        carryOut(failure: nil)
    }

    /// The engine's report, with what the scheduler decides about it carried out.
    public mutating func engineReported(_ report: SpeechEngineEvent, at now: Milliseconds) -> [Action] {
        switch report {
        case .started(let id):
            var actions: [Action] = []
            if let item = handedOver[id], scheduler.currentUtterance?.id == id { actions.append(.sounding(item)) }
            schedule(.engineStarted(id), at: now)
            return actions + carryOut()
        case .finished(let id):
            schedule(.engineFinished(id), at: now)
            return carryOut()
        case .mark(let id, let name):
            return handedOver[id] == nil ? [] : [.mark(id, name)]
        case .failed(let id, let message):
            schedule(.engineFailed(id), at: now)
            return carryOut(failure: (id, message))
        case .restarted:
            return []
        }
    }

    private mutating func carryOut(failure: (id: UtteranceID, reason: String)?) -> [Action] {
        var actions: [Action] = []
        while !decided.isEmpty {
            let batch = decided
            decided.removeAll()
            for action in batch {
                switch action {
                case .start(let item):
                    handedOver[item.id] = item
                    actions.append(.speak(item))
                case .cutOff(let id):
                    actions.append(.cutOff(id))
                case .wake(let time):
                    actions.append(.wake(at: time))
                case .finished(let id, let status):
                    handedOver[id] = nil
                    actions.append(.finished(id, status, reason: status == .failed && failure?.id == id ? failure?.reason : nil))
                }
            }
        }
        return actions
    }
}
