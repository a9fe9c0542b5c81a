import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSupport
import Testing

/// docs/design.md §4's invariants (with §11's SSIP messages, STOP, CANCEL, PAUSE and RESUME) over 10,000 random sequences of requests, engine reports and clock
/// readings, each driven to the end and then shut down.
@Suite struct SchedulerPropertyTests {
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    @Test func invariantsHoldForRandomSequences() throws {
        var failures: [String] = []
        for seed in UInt64(1)...10_000 {
            do {
                try checkSequence(seed: seed)
            } catch {
                failures.append("seed \(seed): \(error)")
                if failures.count >= 5 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    private func checkSequence(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var settings = SchedulerSettings()
        settings.queueLimit = Int.random(in: 1...20, using: &random)
        settings.hintDelayMs = Double(Int.random(in: 0...600, using: &random))
        settings.maxAgeMs = Double(Int.random(in: 100...3000, using: &random))
        var scheduler = SpeechScheduler(settings: settings)

        var now: Milliseconds = 0
        var kinds: [UtteranceID: UtteranceKind] = [:]
        var statuses: [UtteranceID: FinishStatus] = [:]
        var active: UtteranceID?  // started and neither cut off nor finished
        var engine: (id: UtteranceID, startsAt: Milliseconds, endsAt: Milliseconds, started: Bool)?
        var wake: Milliseconds?
        var lastActionTime: Milliseconds = 0

        func apply(_ event: SchedulerEvent) throws {
            let output = scheduler.handle(event, at: now)
            guard now >= lastActionTime else { throw Violation(description: "time ran backwards: \(now) after \(lastActionTime)") }
            lastActionTime = now
            if case .focus = event {
                guard !output.accepted.isEmpty else { throw Violation(description: "a focus was refused") }
                kinds[output.accepted[0]] = .focus
                if output.accepted.count > 1 { kinds[output.accepted[1]] = .hint }
            }
            if case .announce(let announcement) = event {
                guard output.accepted.count + (output.rejection == nil ? 0 : 1) == 1 else {
                    throw Violation(description: "an announcement was neither accepted nor refused")
                }
                if let id = output.accepted.first { kinds[id] = .announcement(announcement.priority) }
            }
            if case .echo = event {
                guard output.accepted.count == 1 else { throw Violation(description: "an echo was refused") }
                kinds[output.accepted[0]] = .echo
            }
            if case .window = event {
                guard output.accepted.count == 1 else { throw Violation(description: "a window was refused") }
                kinds[output.accepted[0]] = .window
            }
            if case .message(_, let priority, _) = event {
                guard output.accepted.count + (output.rejection == nil ? 0 : 1) == 1 else {
                    throw Violation(description: "an SSIP message was neither accepted nor refused")
                }
                if let id = output.accepted.first { kinds[id] = .message(priority) }
            }
            for action in output.actions {
                switch action {
                case .start(let item):
                    if let active { throw Violation(description: "\(item.id) started while \(active) was speaking") }
                    active = item.id
                    engine = (item.id, now + Double(Int.random(in: 0...20, using: &random)),
                              now + Double(Int.random(in: 20...800, using: &random)), false)
                case .cutOff(let id):
                    guard active == id else { throw Violation(description: "cut off \(id), which was not speaking") }
                    let mayCutHigh: Bool
                    switch event {
                    case .stop, .cancel, .hold: mayCutHigh = true
                    default: mayCutHigh = false
                    }
                    if kinds[id] == .announcement(.high) || kinds[id] == .message(.important), !mayCutHigh {
                        throw Violation(description: "high \(id) was cut off by \(event)")
                    }
                    active = nil
                    if engine?.id == id { engine = nil }
                case .finished(let id, let status):
                    guard kinds[id] != nil else { throw Violation(description: "finished unknown \(id)") }
                    if let earlier = statuses[id] { throw Violation(description: "\(id) finished twice: \(earlier), \(status)") }
                    if kinds[id] == .announcement(.default) || kinds[id] == .message(.message), status == .dropped || status == .superseded {
                        throw Violation(description: "default \(id) ended \(status)")
                    }
                    if active == id { active = nil }
                    statuses[id] = status
                case .wake(let time):
                    if let time, time < now { throw Violation(description: "asked to wake in the past: \(time) at \(now)") }
                    wake = time
                }
            }
        }

        /// Runs engine reports and wake-ups that fall due up to `time`.
        func advance(to time: Milliseconds) throws {
            while true {
                var next: (Milliseconds, SchedulerEvent)?
                if let engine {
                    next = engine.started ? (engine.endsAt, .engineFinished(engine.id)) : (engine.startsAt, .engineStarted(engine.id))
                }
                if let wake, wake < (next?.0 ?? .infinity) { next = (wake, .tick) }
                guard let (at, event) = next, at <= time else { break }
                now = max(now, at)
                switch event {
                case .engineStarted: engine?.started = true
                case .engineFinished: engine = nil
                default: wake = nil
                }
                try apply(event)
            }
            now = max(now, time)
        }

        for _ in 0..<Int.random(in: 1...40, using: &random) {
            try advance(to: now + Double(Int.random(in: 0...300, using: &random)))
            /// Some of the utterances made so far, for SSIP's STOP, CANCEL, PAUSE and RESUME.
            func someIDs() -> Set<UtteranceID> { Set(kinds.keys.filter { _ in Bool.random(using: &random) }) }
            switch Int.random(in: 0..<17, using: &random) {
            case 0...2:
                try apply(.focus(description: Speech(text: "f"), hint: Bool.random(using: &random) ? Speech(text: "h") : nil))
            case 3...8:
                var announcement = Announcement(text: "a", priority: Announcement.Priority.allCases.randomElement(using: &random)!)
                announcement.delayMs = Bool.random(using: &random) ? 0 : Int.random(in: 0...1000, using: &random)
                announcement.interrupt = Int.random(in: 0..<4, using: &random) == 0
                try apply(.announce(announcement))
            case 9, 10:
                try apply(.message(Speech(text: "m"), MessagePriority.allCases.randomElement(using: &random)!,
                                   held: Int.random(in: 0..<6, using: &random) == 0))
            case 11:
                try apply(.cancel(someIDs(), waiting: Bool.random(using: &random)))
            case 12:
                try apply(.hold(someIDs()))
            case 13:
                try apply(.release(someIDs()))
            case 14:
                try apply(.echo(Speech(text: "e")))
            case 15:
                try apply(.window(Speech(text: "w")))
            default:
                try apply(.stop)
            }
        }
        // Let some of it play out, then shut down: everything must have ended by then.
        try advance(to: now + Double(Int.random(in: 0...3000, using: &random)))
        for action in scheduler.shutdown(at: now) {
            if case .finished(let id, let status) = action {
                if statuses[id] != nil { throw Violation(description: "\(id) finished twice at shutdown") }
                statuses[id] = status
            }
        }
        let unfinished = kinds.keys.filter { statuses[$0] == nil }
        if !unfinished.isEmpty { throw Violation(description: "never finished: \(unfinished.sorted())") }
        if scheduler.waitingCount != 0 || scheduler.currentUtterance != nil {
            throw Violation(description: "the scheduler still holds work after shutdown")
        }
        var counted: [FinishStatus: Int] = [:]
        for status in statuses.values { counted[status, default: 0] += 1 }
        if counted != scheduler.counters { throw Violation(description: "counters \(scheduler.counters) disagree with \(counted)") }
    }
}
