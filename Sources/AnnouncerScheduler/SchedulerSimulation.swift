import AnnouncerSupport

/// A scheduler driven by a simulated engine on a virtual clock: every utterance starts sounding
/// `startLatencyMs` after it is handed over and plays for its estimated duration unless cut off.
/// This is what `announce compose --timeline` runs, and what the scenario tests observe.
///
/// Events submitted at a time are handled before the engine's own reports at that same time, so
/// requests that arrive together act as one burst (a focus storm supersedes rather than
/// interrupts).
public struct SchedulerSimulation: Sendable {
    public struct Entry: Sendable, Equatable {
        public enum What: Sendable, Equatable {
            /// Handed to the engine.
            case start(ScheduledUtterance)
            /// Its first audio: the scheduler now counts it as speaking.
            case sounding(ScheduledUtterance)
            case cutOff(UtteranceID)
            case finished(UtteranceID, FinishStatus)
        }
        public var at: Milliseconds
        public var what: What
    }

    /// The scheduler and the glue to the engine that the daemon runs too.
    private var driver: SpeechDriver
    public var scheduler: SpeechScheduler { driver.scheduler }
    public var startLatencyMs: Milliseconds
    /// How long the simulated engine takes to say an utterance.
    public var duration: @Sendable (Speech) -> Milliseconds
    public private(set) var log: [Entry] = []
    public private(set) var now: Milliseconds = 0

    private var playing: (item: ScheduledUtterance, startsAt: Milliseconds, endsAt: Milliseconds, started: Bool)?
    private var wakeAt: Milliseconds?

    /// What happens inside the simulation: the engine's report, or the scheduler's wake-up.
    private enum Internal {
        case report(SpeechEngineEvent)
        case tick
    }

    public init(scheduler: SpeechScheduler, startLatencyMs: Milliseconds = 0,
                duration: @escaping @Sendable (Speech) -> Milliseconds = { SpeechDurationEstimate().duration(of: $0) }) {
        self.driver = SpeechDriver(scheduler: scheduler)
        self.startLatencyMs = startLatencyMs
        self.duration = duration
    }

    /// Runs the engine and the scheduler's wake-ups up to (not including) `time`, then hands
    /// the scheduler `event` at `time`.
    @discardableResult
    public mutating func submit(_ event: SchedulerEvent, at time: Milliseconds) -> SchedulerOutput {
        run(before: time)
        now = max(now, time)
        let output = driver.schedule(event, at: now)
        carryOut(driver.carryOut())
        return output
    }

    /// Runs until nothing is speaking and nothing will wake.
    public mutating func runToIdle() {
        run(before: .infinity)
    }

    private mutating func run(before limit: Milliseconds) {
        while let (time, event) = nextInternalEvent(), time < limit {
            now = max(now, time)
            switch event {
            case .report(let report):
                switch report {
                case .started: playing?.started = true
                default: playing = nil
                }
                carryOut(driver.engineReported(report, at: now))
            case .tick:
                wakeAt = nil
                driver.schedule(.tick, at: now)
                carryOut(driver.carryOut())
            }
        }
    }

    private func nextInternalEvent() -> (Milliseconds, Internal)? {
        var next: (Milliseconds, Internal)?
        if let playing {
            next = playing.started ? (playing.endsAt, .report(.finished(playing.item.id))) : (playing.startsAt, .report(.started(playing.item.id)))
        }
        if let wakeAt, wakeAt < (next?.0 ?? .infinity) {
            next = (wakeAt, .tick)
        }
        return next
    }

    /// The simulated engine does what it is told, and the log records it.
    private mutating func carryOut(_ actions: [SpeechDriver.Action]) {
        for action in actions {
            switch action {
            case .speak(let item):
                let startsAt = now + startLatencyMs
                playing = (item, startsAt, startsAt + duration(item.speech), false)
                log.append(Entry(at: now, what: .start(item)))
            case .cutOff(let id):
                if playing?.item.id == id { playing = nil }
                log.append(Entry(at: now, what: .cutOff(id)))
            case .sounding(let item):
                log.append(Entry(at: now, what: .sounding(item)))
            case .finished(let id, let status, _):
                log.append(Entry(at: now, what: .finished(id, status)))
            case .wake(let time):
                wakeAt = time
            case .mark:
                break
            }
        }
    }
}

extension SchedulerSimulation {
    /// The log from `index` on as the text sink prints it (`TextSinkLine`): a SPEAK line when an
    /// utterance starts sounding, a FINISHED line for every utterance, each with its time.
    public func textSinkLines(from index: Int = 0) -> [(at: Milliseconds, line: String)] {
        log[index...].compactMap { entry in
            switch entry.what {
            case .sounding(let item): (entry.at, TextSinkLine.speaking(item))
            case .finished(let id, let status): (entry.at, TextSinkLine.finished(id, status))
            case .start, .cutOff: nil
            }
        }
    }
}
