import AnnouncerCore
import AnnouncerSpeech
import Foundation

/// `announcerd --play FILE`: speaks a file of request lines in real time through the chosen
/// sink, then exits. A line's `"at"` is when (milliseconds after start) it is sent.
struct PlayCommand {
    var input: String
    var configuration: Configuration
    var composer: UtteranceComposer
    var sink: SinkChoice

    func run() -> Int32 {
        guard let data = RequestInput.read(input) else {
            Console.error("announcerd: cannot read \(input)")
            return 66
        }
        let controller = SpeechController(settings: configuration.schedulerSettings)
        let engine: any SpeechEngine
        do {
            engine = try SpeechOutput.start(sink, configuration: configuration, controller: controller, write: Console.out,
                                            log: { Console.error("announcerd: \($0)") }) { notice in
                if case .finished(let id, .failed, let reason) = notice {
                    Console.error("announcerd: utterance \(id) failed: \(reason ?? "no reason given")")
                }
            }
        } catch {
            Console.error("announcerd: \(error)")
            return 69
        }
        let start = Date()
        var badLines = 0
        for (number, line) in RequestInput.lines(of: data) {
            do {
                let request = try RequestLine(line)
                if case .number(let at) = request.members["at"] ?? .null, at.isFinite, at > 0 {
                    let wait = start.addingTimeInterval(at / 1000).timeIntervalSinceNow
                    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                }
                guard let event = request.request.schedulerEvent(composer: composer) else { continue }
                let output = controller.submit(event)
                if let rejection = output.rejection {
                    Console.error("line \(number): \(rejection)")
                }
            } catch {
                badLines += 1
                Console.error("line \(number): \(error)")
            }
        }
        let idle = DispatchSemaphore(value: 0)
        controller.whenIdle { idle.signal() }
        idle.wait()
        engine.shutdown()
        return badLines == 0 ? 0 : 65
    }
}
