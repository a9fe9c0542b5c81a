import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
@testable import AnnouncerSpeech
import AnnouncerSystem
import Testing

/// `announcerd --play`'s shell over the speech driver: what the engine is told, and what the
/// observer (the text sink's lines) hears of the engine's reports.
@Suite struct SpeechControllerTests {
    /// An engine that only writes down what it is asked; the test sends its reports.
    final class ListeningEngine: SpeechEngine, Sendable {
        let calls = Locked<[String]>([])
        func speak(_ utterance: ScheduledUtterance) { calls.withLock { $0.append("speak \(utterance.speech.text)") } }
        func cutOff(_ id: UtteranceID) { calls.withLock { $0.append("cut \(id)") } }
        func shutdown() {}
        func configure(_ configuration: Configuration) { calls.withLock { $0.append("configure rate \(configuration.rate)") } }
    }

    @Test func aStartedForAnUtteranceCutOffMeanwhileIsNoSound() {
        let controller = SpeechController(settings: SchedulerSettings())
        let engine = ListeningEngine()
        let notices = Locked<[SpeechController.Notice]>([])
        controller.attach(engine: engine) { notice in notices.withLock { $0.append(notice) } }
        var urgent = Announcement(text: "B", priority: .high)
        urgent.interrupt = true
        let first = controller.submit([.announce(Announcement(text: "A"))])[0].accepted[0]
        let second = controller.submit([.announce(urgent)])[0].accepted[0]
        // The engine's start of the first was on its way when the second cut it off; the first
        // waits again, to be said once the second has been.
        controller.engineReport(.started(first))
        controller.engineReport(.started(second))
        _ = controller.submit([])  // the reports are handled on the controller's queue before this
        #expect(engine.calls.withLock { $0 } == ["speak A", "cut \(first)", "speak B"])
        let speaking = notices.withLock { $0 }.compactMap { notice -> String? in
            if case .speaking(let item) = notice { item.speech.text } else { nil }
        }
        #expect(speaking == ["B"])
    }
}
