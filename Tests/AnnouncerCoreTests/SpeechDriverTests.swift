import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSupport
import Testing

/// The glue between the scheduler and the engine that the daemon's core and `announcerd --play`
/// share (SpeechDriver), as tables: what each path is told of the engine's reports. Utterances
/// are named by their text; wake-ups are left out. Each line is one action:
/// `speak <text>`, `cut <text>`, `sounding <text>`, `mark <text> <name>`, `<text> <status>[: <reason>]`.
@Suite struct SpeechDriverTests {
    enum Step: Sendable {
        case event(SchedulerEvent)
        case started(String)
        case finished(String)
        case failed(String, String)
        case mark(String, String)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [Step]
        var expected: [String]
        var testDescription: String { name }
    }

    static func focus(_ text: String) -> Step { .event(.focus(description: Speech(text: text), hint: nil)) }
    static func say(_ text: String, interrupting: Bool = false) -> Step {
        var announcement = Announcement(text: text, priority: interrupting ? .high : .default)
        announcement.interrupt = interrupting
        return .event(.announce(announcement))
    }

    static let cases: [Case] = [
        Case(name: "a started for the utterance speaking is its first sound",
             steps: [focus("A"), .started("A"), .finished("A")],
             expected: ["speak A", "sounding A", "A spoken"]),
        Case(name: "a started for an utterance cut off meanwhile is no sound",
             steps: [focus("A"), focus("B"), .started("A"), .started("B")],
             expected: ["speak A", "cut A", "A superseded", "speak B", "sounding B"]),
        Case(name: "a started for an utterance cut off to wait again is no sound, until it starts again",
             steps: [say("A"), say("B", interrupting: true), .started("A"), .started("B"), .finished("B"), .started("A")],
             expected: ["speak A", "cut A", "speak B", "sounding B", "B spoken", "speak A", "sounding A"]),
        Case(name: "a failure carries the engine's reason",
             steps: [focus("A"), .failed("A", "no audio")],
             expected: ["speak A", "A failed: no audio"]),
        Case(name: "a mark of an utterance handed over is passed on, one of an ended one is not",
             steps: [focus("A"), .mark("A", "m1"), .started("A"), .finished("A"), .mark("A", "m2")],
             expected: ["speak A", "mark A m1", "sounding A", "A spoken"]),
    ]

    @Test(arguments: cases)
    func theEnginesReportsAreToldAlike(_ example: Case) {
        var driver = SpeechDriver(settings: SchedulerSettings())
        var ids: [String: UtteranceID] = [:]
        var texts: [UtteranceID: String] = [:]
        var log: [String] = []
        func record(_ actions: [SpeechDriver.Action]) {
            for action in actions {
                switch action {
                case .speak(let item):
                    ids[item.speech.text] = item.id
                    texts[item.id] = item.speech.text
                    log.append("speak \(item.speech.text)")
                case .cutOff(let id): log.append("cut \(texts[id] ?? "\(id)")")
                case .wake: break
                case .sounding(let item): log.append("sounding \(item.speech.text)")
                case .mark(let id, let name): log.append("mark \(texts[id] ?? "\(id)") \(name)")
                case .finished(let id, let status, let reason):
                    log.append("\(texts[id] ?? "\(id)") \(status)\(reason.map { ": \($0)" } ?? "")")
                }
            }
        }
        for (index, step) in example.steps.enumerated() {
            let now = Milliseconds(index * 10)
            switch step {
            case .event(let event):
                driver.schedule(event, at: now)
                record(driver.carryOut())
            case .started(let text): record(driver.engineReported(.started(ids[text]!), at: now))
            case .finished(let text): record(driver.engineReported(.finished(ids[text]!), at: now))
            case .failed(let text, let reason): record(driver.engineReported(.failed(ids[text]!, reason), at: now))
            case .mark(let text, let name): record(driver.engineReported(.mark(ids[text]!, name), at: now))
            }
        }
        #expect(log == example.expected)
    }
}
