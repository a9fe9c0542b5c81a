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

    public private(set) var scheduler: SpeechScheduler
    public var startLatencyMs: Milliseconds
    /// How long the simulated engine takes to say an utterance.
    public var duration: @Sendable (Speech) -> Milliseconds
    public private(set) var log: [Entry] = []
    public private(set) var now: Milliseconds = 0

    private var playing: (item: ScheduledUtterance, startsAt: Milliseconds, endsAt: Milliseconds, started: Bool)?
    private var wakeAt: Milliseconds?

    public init(scheduler: SpeechScheduler, startLatencyMs: Milliseconds = 0,
                duration: @escaping @Sendable (Speech) -> Milliseconds = { SpeechDurationEstimate().duration(of: $0) }) {
        self.scheduler = scheduler
        self.startLatencyMs = startLatencyMs
        self.duration = duration
    }

    /// Runs the engine and the scheduler's wake-ups up to (not including) `time`, then hands
    /// the scheduler `event` at `time`.
    @discardableResult
    public mutating func submit(_ event: SchedulerEvent, at time: Milliseconds) -> SchedulerOutput {
        run(before: time)
        now = max(now, time)
        return apply(event)
    }

    /// Runs until nothing is speaking and nothing will wake.
    public mutating func runToIdle() {
        run(before: .infinity)
    }

    private mutating func run(before limit: Milliseconds) {
        while let (time, event) = nextInternalEvent(), time < limit {
            now = max(now, time)
            apply(event)
        }
    }

    private func nextInternalEvent() -> (Milliseconds, SchedulerEvent)? {
        var next: (Milliseconds, SchedulerEvent)?
        if let playing {
            next = playing.started ? (playing.endsAt, .engineFinished(playing.item.id)) : (playing.startsAt, .engineStarted(playing.item.id))
        }
        if let wakeAt, wakeAt < (next?.0 ?? .infinity) {
            next = (wakeAt, .tick)
        }
        return next
    }

    @discardableResult
    private mutating func apply(_ event: SchedulerEvent) -> SchedulerOutput {
        switch event {
        case .engineStarted(let id):
            if let item = playing?.item, item.id == id {
                playing?.started = true
                if scheduler.currentUtterance?.id == id { log.append(Entry(at: now, what: .sounding(item))) }
            }
        case .engineFinished(let id): if playing?.item.id == id { playing = nil }
        case .tick: wakeAt = nil
        default: break
        }
        let output = scheduler.handle(event, at: now)
        for action in output.actions {
            switch action {
            case .start(let item):
                let startsAt = now + startLatencyMs
                playing = (item, startsAt, startsAt + duration(item.speech), false)
                log.append(Entry(at: now, what: .start(item)))
            case .cutOff(let id):
                if playing?.item.id == id { playing = nil }
                log.append(Entry(at: now, what: .cutOff(id)))
            case .finished(let id, let status):
                log.append(Entry(at: now, what: .finished(id, status)))
            case .wake(let time):
                wakeAt = time
            }
        }
        return output
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
