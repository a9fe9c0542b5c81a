import AnnouncerComposer
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSpeech
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire
import Dispatch

/// `announcerd --play FILE`: speaks a file of request lines in real time through the chosen
/// sink, then exits. A line's `"at"` is when (milliseconds after start) it is sent; lines with
/// the same time (or none) reach the scheduler together, as one burst, before the engine reports
/// anything, exactly as `announce compose --timeline` hands them over. With `text:instant` the
/// file runs on the timeline's virtual clock: the lines the `text` sink would print, at once.
struct PlayCommand {
    var input: String
    var configuration: Configuration
    var composer: UtteranceComposer
    var sink: SinkChoice

    /// Requests that arrive at one time.
    private struct Burst {
        var at: Milliseconds
        var events: [(line: Int, event: SchedulerEvent)]
    }

    func run() -> ExitStatus {
        guard let data = RequestInput.read(input) else {
            Console.error("announcerd: cannot read \(input)")
            return .noInput
        }
        var bursts: [Burst] = []
        var badLines = 0
        var clock: Milliseconds = 0
        for (number, line) in RequestLine.lines(of: data) {
            do {
                let request = try RequestLine(line)
                if case .number(let at) = request.members["at"] ?? .null, at.isFinite { clock = max(clock, at) }
                guard let event = request.request.schedulerEvent(composer: composer) else { continue }
                if bursts.last?.at == clock {
                    bursts[bursts.count - 1].events.append((number, event))
                } else {
                    bursts.append(Burst(at: clock, events: [(number, event)]))
                }
            } catch {
                badLines += 1
                Console.error("line \(number): \(error)")
            }
        }
        let played = sink == .text(instant: true) ? playVirtually(bursts) : playInRealTime(bursts)
        guard played == .success else { return played }
        return badLines == 0 ? .success : .dataError
    }

    private func playInRealTime(_ bursts: [Burst]) -> ExitStatus {
        let controller = SpeechController(settings: configuration.schedulerSettings)
        let engine: any SpeechEngine
        do {
            engine = try SpeechOutput.start(sink, configuration: configuration, controller: controller, write: Console.out,
                                            log: { _, message in Console.error("announcerd: \(message)") }) { notice in
                if case .finished(let id, .failed, let reason) = notice {
                    Console.error("announcerd: utterance \(id) failed: \(reason ?? "no reason given")")
                }
            }
        } catch {
            Console.error("announcerd: \(error)")
            return .unavailable
        }
        let start = ContinuousClock.now
        for burst in bursts {
            let wait = start + .microseconds(Int64(burst.at * 1000)) - ContinuousClock.now
            Threads.sleep(for: wait)
            let outputs = controller.submit(burst.events.map(\.event))
            for (output, (line, _)) in zip(outputs, burst.events) {
                if let rejection = output.rejection { Console.error("line \(line): \(rejection)") }
            }
        }
        let idle = DispatchSemaphore(value: 0)
        controller.whenIdle { idle.signal() }
        idle.wait()
        engine.shutdown()
        return .success
    }

    private func playVirtually(_ bursts: [Burst]) -> ExitStatus {
        var simulation = SchedulerSimulation(scheduler: SpeechScheduler(settings: configuration.schedulerSettings),
                                             duration: configuration.durationEstimate.duration(of:))
        var printed = 0
        func flush() {
            for (_, line) in simulation.textSinkLines(from: printed) { Console.out(line) }
            printed = simulation.log.count
        }
        for burst in bursts {
            for (line, event) in burst.events {
                let output = simulation.submit(event, at: burst.at)
                if let rejection = output.rejection { Console.error("line \(line): \(rejection)") }
            }
            flush()
        }
        simulation.runToIdle()
        flush()
        return .success
    }
}
