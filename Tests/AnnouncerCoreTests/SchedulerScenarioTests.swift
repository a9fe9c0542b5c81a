import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSupport
import Testing

/// docs/design.md §4 as scenarios on a manual clock. The simulated engine says each utterance in 100 ms
/// per character ("Play" takes 400 ms) and starts sounding after `latency` ms; the hint delay is
/// 500 ms and lows may wait 5000 ms, the defaults. Each expected line is one thing that happened:
/// `<ms> start <kind> <text>`, `<ms> cut <text>`, `<ms> <text> <status>`.
@Suite struct SchedulerScenarioTests {
    struct Step: Sendable {
        var at: Milliseconds
        var event: SchedulerEvent
    }

    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [Step]
        var expected: [String]
        var latency: Milliseconds = 0
        var queueLimit = 1000
        var testDescription: String { name }
    }

    static func focus(_ text: String, hint: String? = nil) -> SchedulerEvent {
        .focus(description: Speech(text: text), hint: hint.map { Speech(text: $0) })
    }

    static func say(_ text: String, _ priority: Announcement.Priority = .default, delay: Int = 0, interrupt: Bool = false) -> SchedulerEvent {
        var announcement = Announcement(text: text, priority: priority)
        announcement.delayMs = delay
        announcement.interrupt = interrupt
        return .announce(announcement)
    }

    static func at(_ time: Milliseconds, _ event: SchedulerEvent) -> Step { Step(at: time, event: event) }

    /// An SSIP message (docs/design.md §11).
    static func ssip(_ text: String, _ priority: MessagePriority, held: Bool = false) -> SchedulerEvent {
        .message(Speech(text: text), priority, held: held)
    }

    static func ids(_ numbers: Int...) -> Set<UtteranceID> { Set(numbers.map(UtteranceID.init)) }

    static func echo(_ text: String) -> SchedulerEvent { .echo(Speech(text: text)) }
    static func window(_ text: String) -> SchedulerEvent { .window(Speech(text: text)) }

    /// The doors' typed requests (docs/design.md §16): an echo is said at once and never waits
    /// behind a hint; a window's title comes before its first focus, and a newer focus cuts it off.
    static let doorScenarios: [Scenario] = [
        Scenario(name: "echo: a newer echo cuts off an older one",
                 steps: [at(0, echo("abc")), at(50, echo("d"))],
                 expected: ["0 start echo abc", "50 cut abc", "50 abc interrupted", "50 start echo d", "150 d spoken"]),
        Scenario(name: "focus: a speaking echo is cut off, the newest key's answer is said",
                 steps: [at(0, echo("Headings")), at(50, focus("Details"))],
                 expected: ["0 start echo Headings", "50 cut Headings", "50 Headings interrupted", "50 start focus Details", "750 Details spoken"]),
        Scenario(name: "focus: an echo waiting behind a window ends",
                 steps: [at(0, window("Save changes?")), at(10, echo("x")), at(20, focus("OK"))],
                 expected: ["0 start window Save changes?", "20 x superseded", "1300 Save changes? spoken", "1300 start focus OK", "1500 OK spoken"]),
        Scenario(name: "echo: a speaking hint is cut off",
                 steps: [at(0, focus("Go", hint: "Hint")), at(800, echo("x"))],
                 expected: ["0 start focus Go", "200 Go spoken", "700 start hint Hint", "800 cut Hint", "800 Hint interrupted",
                            "800 start echo x", "900 x spoken"]),
        Scenario(name: "echo: a waiting hint ends, the echo is said at once",
                 steps: [at(0, focus("Go", hint: "Hint")), at(300, echo("x"))],
                 expected: ["0 start focus Go", "200 Go spoken", "300 Hint superseded", "300 start echo x", "400 x spoken"]),
        Scenario(name: "echo: a default announcement is cut off and said again after it",
                 steps: [at(0, say("Saved")), at(100, echo("a"))],
                 expected: ["0 start default Saved", "100 cut Saved", "100 start echo a", "200 a spoken", "200 start default Saved", "700 Saved spoken"]),
        Scenario(name: "echo: a focus handed to the engine and not yet sounding is said first, not lost",
                 steps: [at(0, focus("Go")), at(1, echo("x"))],
                 expected: ["0 start focus Go", "1 cut Go", "1 start focus Go", "206 Go spoken", "206 start echo x", "311 x spoken"],
                 latency: 5),
        Scenario(name: "window: its title comes before the focus that arrives with it",
                 steps: [at(0, window("Save")), at(0, focus("OK"))],
                 expected: ["0 start window Save", "400 Save spoken", "400 start focus OK", "600 OK spoken"]),
        Scenario(name: "window: a new window cuts off what the old one's focus was saying",
                 steps: [at(0, focus("Old item")), at(100, window("New")), at(100, focus("OK"))],
                 expected: ["0 start focus Old item", "100 cut Old item", "100 Old item interrupted", "100 start window New",
                            "400 New spoken", "400 start focus OK", "600 OK spoken"]),
        Scenario(name: "window: a newer title cuts off an older one",
                 steps: [at(0, window("First")), at(100, window("Second"))],
                 expected: ["0 start window First", "100 cut First", "100 First interrupted", "100 start window Second", "700 Second spoken"]),
        Scenario(name: "window: a first focus arriving while the title is said waits for it",
                 steps: [at(0, window("Save")), at(100, focus("OK"))],
                 expected: ["0 start window Save", "400 Save spoken", "400 start focus OK", "600 OK spoken"]),
        Scenario(name: "window: a newer focus cuts off the title at once; the stale first focus and its hint end",
                 steps: [at(0, window("Save")), at(0, focus("OK", hint: "Hint")), at(100, focus("Cancel"))],
                 expected: ["0 start window Save", "100 OK superseded", "100 Hint superseded", "100 cut Save", "100 Save interrupted",
                            "100 start focus Cancel", "700 Cancel spoken"]),
        Scenario(name: "window: a focus that came before its title is its first; the next key's focus ends the title",
                 steps: [at(0, focus("Stay")), at(1, window("Save")), at(100, focus("Leave"))],
                 expected: ["0 start focus Stay", "1 cut Stay", "1 start window Save", "100 Stay superseded", "100 cut Save", "100 Save interrupted",
                            "100 start focus Leave", "605 Leave spoken"], latency: 5),
        Scenario(name: "window: a focus waiting before its title is its first, said after it unless a key moved on",
                 steps: [at(0, say("Alarm", .high)), at(10, focus("Stay")), at(20, window("Save")), at(30, focus("Leave"))],
                 expected: ["0 start high Alarm", "30 Stay superseded", "30 Save superseded", "500 Alarm spoken",
                            "500 start focus Leave", "1000 Leave spoken"]),
        Scenario(name: "window: a newer focus supersedes a title that has not sounded yet",
                 steps: [at(0, window("Save")), at(0, focus("OK")), at(2, focus("Cancel"))],
                 expected: ["0 start window Save", "2 OK superseded", "2 cut Save", "2 Save superseded", "2 start focus Cancel", "607 Cancel spoken"],
                 latency: 5),
        Scenario(name: "window: a newer focus supersedes a title waiting behind a high",
                 steps: [at(0, say("Alarm", .high)), at(10, window("Save")), at(20, focus("OK")), at(30, focus("Cancel"))],
                 expected: ["0 start high Alarm", "30 OK superseded", "30 Save superseded", "500 Alarm spoken",
                            "500 start focus Cancel", "1100 Cancel spoken"]),
        Scenario(name: "window: a new window's title waits for its own first focus",
                 steps: [at(0, window("One")), at(0, focus("A")), at(100, window("Two")), at(100, focus("B"))],
                 expected: ["0 start window One", "100 cut One", "100 One interrupted", "100 start window Two", "100 A superseded",
                            "400 Two spoken", "400 start focus B", "500 B spoken"]),
    ]

    /// SSIP's priorities on the one voice, each rule of docs/design.md §11 a scenario.
    static let ssipScenarios: [Scenario] = [
        Scenario(name: "ssip: important is never cut off by a focus",
                 steps: [at(0, ssip("Alarm", .important)), at(100, focus("Go"))],
                 expected: ["0 start important Alarm", "500 Alarm spoken", "500 start focus Go", "700 Go spoken"]),
        Scenario(name: "ssip: importants queue among themselves and cut off a message, which is spoken again",
                 steps: [at(0, ssip("Saved", .message)), at(100, ssip("A", .important)), at(150, ssip("B", .important))],
                 expected: ["0 start message Saved", "100 cut Saved", "100 start important A", "200 A spoken",
                            "200 start important B", "300 B spoken", "300 start message Saved", "800 Saved spoken"]),
        Scenario(name: "ssip: important and JSON high share one queue, first come first spoken",
                 steps: [at(0, say("One", .high)), at(50, ssip("Two", .important)), at(60, say("Six", .high))],
                 expected: ["0 start high One", "300 One spoken", "300 start important Two", "600 Two spoken",
                            "600 start high Six", "900 Six spoken"]),
        Scenario(name: "ssip: a message waits for the message speaking",
                 steps: [at(0, ssip("One", .message)), at(100, ssip("Two", .message))],
                 expected: ["0 start message One", "300 One spoken", "300 start message Two", "600 Two spoken"]),
        Scenario(name: "ssip: a message cuts off text",
                 steps: [at(0, ssip("Reading", .text)), at(100, ssip("Mail", .message))],
                 expected: ["0 start text Reading", "100 cut Reading", "100 Reading interrupted", "100 start message Mail", "500 Mail spoken"]),
        Scenario(name: "ssip: a message drops the text waiting",
                 steps: [at(0, ssip("Mail", .message)), at(100, ssip("Line", .text)), at(200, ssip("More", .message))],
                 expected: ["0 start message Mail", "200 Line dropped", "400 Mail spoken", "400 start message More", "800 More spoken"]),
        Scenario(name: "ssip: a newer text cuts off the text speaking",
                 steps: [at(0, ssip("One", .text)), at(100, ssip("Two", .text))],
                 expected: ["0 start text One", "100 cut One", "100 One interrupted", "100 start text Two", "400 Two spoken"]),
        Scenario(name: "ssip: a newer text supersedes the text waiting",
                 steps: [at(0, ssip("Mail", .message)), at(100, ssip("A", .text)), at(200, ssip("B", .text))],
                 expected: ["0 start message Mail", "200 A superseded", "400 Mail spoken", "400 start text B", "500 B spoken"]),
        Scenario(name: "ssip: text waits for a message",
                 steps: [at(0, ssip("Mail", .message)), at(100, ssip("Line", .text))],
                 expected: ["0 start message Mail", "400 Mail spoken", "400 start text Line", "800 Line spoken"]),
        Scenario(name: "ssip: a JSON focus cuts off SSIP text",
                 steps: [at(0, ssip("Reading", .text)), at(100, focus("Go"))],
                 expected: ["0 start text Reading", "100 cut Reading", "100 Reading interrupted", "100 start focus Go", "300 Go spoken"]),
        Scenario(name: "ssip: a JSON focus cuts off a message, which is spoken again after it",
                 steps: [at(0, ssip("Mail", .message)), at(100, focus("Go"))],
                 expected: ["0 start message Mail", "100 cut Mail", "100 start focus Go", "300 Go spoken", "300 start message Mail", "700 Mail spoken"]),
        Scenario(name: "ssip: a notification is dropped while anything else speaks",
                 steps: [at(0, ssip("Mail", .message)), at(100, ssip("Tick", .notification))],
                 expected: ["0 start message Mail", "100 Tick dropped", "400 Mail spoken"]),
        Scenario(name: "ssip: a newer notification cuts off the one speaking",
                 steps: [at(0, ssip("One", .notification)), at(100, ssip("Two", .notification))],
                 expected: ["0 start notification One", "100 cut One", "100 One interrupted", "100 start notification Two", "400 Two spoken"]),
        Scenario(name: "ssip: text cuts off a notification",
                 steps: [at(0, ssip("Note", .notification)), at(100, ssip("Line", .text))],
                 expected: ["0 start notification Note", "100 cut Note", "100 Note interrupted", "100 start text Line", "500 Line spoken"]),
        Scenario(name: "ssip: the last progress of a series is spoken, the ones between are superseded",
                 steps: [at(0, ssip("Mail", .message)), at(100, ssip("10", .progress)), at(200, ssip("20", .progress)), at(300, ssip("30", .progress))],
                 expected: ["0 start message Mail", "200 10 superseded", "300 20 superseded", "400 Mail spoken",
                            "400 start progress 30", "600 30 spoken"]),
        Scenario(name: "ssip: a progress does not cut off the progress speaking",
                 steps: [at(0, ssip("10", .progress)), at(100, ssip("20", .progress))],
                 expected: ["0 start progress 10", "200 10 spoken", "200 start progress 20", "400 20 spoken"]),
        Scenario(name: "ssip: a progress does not cut off text",
                 steps: [at(0, ssip("Line", .text)), at(100, ssip("50", .progress))],
                 expected: ["0 start text Line", "400 Line spoken", "400 start progress 50", "600 50 spoken"]),
        Scenario(name: "ssip: a progress cuts off a notification",
                 steps: [at(0, ssip("Note", .notification)), at(100, ssip("50", .progress))],
                 expected: ["0 start notification Note", "100 cut Note", "100 Note interrupted", "100 start progress 50", "300 50 spoken"]),
        Scenario(name: "ssip: STOP cuts off the client's message speaking; the queue goes on",
                 steps: [at(0, ssip("One", .message)), at(50, ssip("Two", .message)), at(100, .cancel(ids(1), waiting: false))],
                 expected: ["0 start message One", "100 cut One", "100 One interrupted", "100 start message Two", "400 Two spoken"]),
        Scenario(name: "ssip: CANCEL ends the client's speaking and waiting messages",
                 steps: [at(0, ssip("One", .message)), at(50, ssip("Two", .message)), at(60, ssip("Six", .message)),
                         at(100, .cancel(ids(1, 2), waiting: true))],
                 expected: ["0 start message One", "100 cut One", "100 One interrupted", "100 Two cancelled",
                            "100 start message Six", "400 Six spoken"]),
        Scenario(name: "ssip: PAUSE holds a message with no status, others speak meanwhile, RESUME says it again",
                 steps: [at(0, ssip("One", .message)), at(100, .hold(ids(1))), at(200, ssip("Two", .message)), at(600, .release(ids(1)))],
                 expected: ["0 start message One", "100 cut One", "200 start message Two", "500 Two spoken",
                            "600 start message One", "900 One spoken"]),
        Scenario(name: "ssip: a notification from a paused client is dropped",
                 steps: [at(0, ssip("Tick", .notification, held: true))],
                 expected: ["0 Tick dropped"]),
    ]

    static let scenarios: [Scenario] = [
        Scenario(name: "a focus and its hint after the delay",
                 steps: [at(0, focus("Play", hint: "Tap"))],
                 expected: ["0 start focus Play", "400 Play spoken", "900 start hint Tap", "1200 Tap spoken"]),
        Scenario(name: "an announcement posted during a focus description is spoken after it, not lost",
                 steps: [at(0, focus("Play")), at(100, say("Saved"))],
                 expected: ["0 start focus Play", "400 Play spoken", "400 start default Saved", "900 Saved spoken"]),
        Scenario(name: "the announcement goes before the focus hint",
                 steps: [at(0, focus("Play", hint: "Tap")), at(100, say("Saved"))],
                 expected: ["0 start focus Play", "400 Play spoken", "400 start default Saved", "900 Saved spoken",
                            "900 start hint Tap", "1200 Tap spoken"]),
        Scenario(name: "a focus cuts off a speaking focus",
                 steps: [at(0, focus("One")), at(100, focus("Two"))],
                 expected: ["0 start focus One", "100 cut One", "100 One interrupted", "100 start focus Two", "400 Two spoken"]),
        Scenario(name: "a focus that has not sounded yet is superseded by a newer one",
                 steps: [at(0, focus("One")), at(1, focus("Two"))],
                 expected: ["0 start focus One", "1 cut One", "1 One superseded", "1 start focus Two", "306 Two spoken"],
                 latency: 5),
        Scenario(name: "a newer focus supersedes a waiting hint",
                 steps: [at(0, focus("One", hint: "H1")), at(600, focus("Two", hint: "H2"))],
                 expected: ["0 start focus One", "300 One spoken", "600 H1 superseded", "600 start focus Two", "900 Two spoken",
                            "1400 start hint H2", "1600 H2 spoken"]),
        Scenario(name: "a newer focus cuts off a speaking hint",
                 steps: [at(0, focus("One", hint: "Hint")), at(900, focus("Two"))],
                 expected: ["0 start focus One", "300 One spoken", "800 start hint Hint", "900 cut Hint", "900 Hint interrupted",
                            "900 start focus Two", "1200 Two spoken"]),
        Scenario(name: "a default announcement cuts off a speaking hint",
                 steps: [at(0, focus("One", hint: "Hint")), at(900, say("News"))],
                 expected: ["0 start focus One", "300 One spoken", "800 start hint Hint", "900 cut Hint", "900 Hint interrupted",
                            "900 start default News", "1300 News spoken"]),
        Scenario(name: "a message arriving while another speaks plays after it",
                 steps: [at(0, say("First")), at(100, say("Second"))],
                 expected: ["0 start default First", "500 First spoken", "500 start default Second", "1100 Second spoken"]),
        Scenario(name: "a focus cuts a default, which is spoken again in full after",
                 steps: [at(0, say("Saved")), at(200, focus("Go"))],
                 expected: ["0 start default Saved", "200 cut Saved", "200 start focus Go", "400 Go spoken",
                            "400 start default Saved", "900 Saved spoken"]),
        Scenario(name: "a high cuts a default, which plays again after",
                 steps: [at(0, say("Saved")), at(100, say("Alarm", .high))],
                 expected: ["0 start default Saved", "100 cut Saved", "100 start high Alarm", "600 Alarm spoken",
                            "600 start default Saved", "1100 Saved spoken"]),
        Scenario(name: "a default cut off a fourth time ends interrupted",
                 steps: [at(0, say("Long")), at(100, focus("A")), at(250, focus("B")), at(400, focus("C")), at(550, focus("D"))],
                 expected: ["0 start default Long", "100 cut Long", "100 start focus A", "200 A spoken", "200 start default Long",
                            "250 cut Long", "250 start focus B", "350 B spoken", "350 start default Long",
                            "400 cut Long", "400 start focus C", "500 C spoken", "500 start default Long",
                            "550 cut Long", "550 Long interrupted", "550 start focus D", "650 D spoken"]),
        Scenario(name: "a default preempted before it sounded does not count as cut off",
                 steps: [at(0, say("Saved")), at(1, focus("Go"))],
                 expected: ["0 start default Saved", "1 cut Saved", "1 start focus Go", "206 Go spoken", "206 start default Saved", "711 Saved spoken"],
                 latency: 5),
        Scenario(name: "a high cuts off a focus; the hint follows after the high",
                 steps: [at(0, focus("Play", hint: "Tap")), at(100, say("Alarm", .high))],
                 expected: ["0 start focus Play", "100 cut Play", "100 Play interrupted", "100 start high Alarm", "600 Alarm spoken",
                            "600 start hint Tap", "900 Tap spoken"]),
        Scenario(name: "highs are spoken in order and never cut each other",
                 steps: [at(0, say("One", .high)), at(100, say("Two", .high)), at(150, say("Six", .high))],
                 expected: ["0 start high One", "300 One spoken", "300 start high Two", "600 Two spoken", "600 start high Six", "900 Six spoken"]),
        Scenario(name: "a focus waits behind a high",
                 steps: [at(0, say("Alarm", .high)), at(100, focus("Play"))],
                 expected: ["0 start high Alarm", "500 Alarm spoken", "500 start focus Play", "900 Play spoken"]),
        Scenario(name: "focus changes behind a high: only the last is spoken",
                 steps: [at(0, say("Alarm", .high)), at(100, focus("A")), at(200, focus("B")), at(300, focus("C"))],
                 expected: ["0 start high Alarm", "200 A superseded", "300 B superseded", "500 Alarm spoken", "500 start focus C", "600 C spoken"]),
        Scenario(name: "a low with nothing else is spoken at once",
                 steps: [at(0, say("Tick", .low))],
                 expected: ["0 start low Tick", "400 Tick spoken"]),
        Scenario(name: "a low arriving while something speaks waits",
                 steps: [at(0, say("News")), at(100, say("Tick", .low))],
                 expected: ["0 start default News", "400 News spoken", "400 start low Tick", "800 Tick spoken"]),
        Scenario(name: "a low waits for queued defaults",
                 steps: [at(0, say("A")), at(10, say("Tick", .low)), at(20, say("B"))],
                 expected: ["0 start default A", "100 A spoken", "100 start default B", "200 B spoken", "200 start low Tick", "600 Tick spoken"]),
        Scenario(name: "a low that waits past max age is dropped",
                 steps: [at(0, say(String(repeating: "x", count: 60))), at(100, say("Tick", .low))],
                 expected: ["0 start default " + String(repeating: "x", count: 60), "5100 Tick dropped",
                            "6000 " + String(repeating: "x", count: 60) + " spoken"]),
        Scenario(name: "a default cuts off a speaking low",
                 steps: [at(0, say("Tick", .low)), at(100, say("News"))],
                 expected: ["0 start low Tick", "100 cut Tick", "100 Tick interrupted", "100 start default News", "500 News spoken"]),
        Scenario(name: "a focus cuts off a speaking low",
                 steps: [at(0, say("Tick", .low)), at(100, focus("Go"))],
                 expected: ["0 start low Tick", "100 cut Tick", "100 Tick interrupted", "100 start focus Go", "300 Go spoken"]),
        Scenario(name: "iOS 17's three priorities posted during a focus",
                 steps: [at(0, focus("Play")), at(100, say("Low", .low)), at(110, say("Mid")), at(120, say("Top", .high))],
                 expected: ["0 start focus Play", "120 cut Play", "120 Play interrupted", "120 start high Top", "420 Top spoken",
                            "420 start default Mid", "720 Mid spoken", "720 start low Low", "1020 Low spoken"]),
        Scenario(name: "delayMs holds an announcement back",
                 steps: [at(0, say("Later", delay: 1000))],
                 expected: ["1000 start default Later", "1500 Later spoken"]),
        Scenario(name: "a delayed default does not hold back the next one",
                 steps: [at(0, say("Later", delay: 1000)), at(10, say("Now"))],
                 expected: ["10 start default Now", "310 Now spoken", "1000 start default Later", "1500 Later spoken"]),
        Scenario(name: "interrupt cuts off a default, which is spoken again after",
                 steps: [at(0, say("Saved")), at(100, say("Quick", interrupt: true))],
                 expected: ["0 start default Saved", "100 cut Saved", "100 start default Quick", "600 Quick spoken",
                            "600 start default Saved", "1100 Saved spoken"]),
        Scenario(name: "interrupt goes ahead of waiting defaults",
                 steps: [at(0, focus("Play")), at(10, say("A")), at(20, say("Now", interrupt: true))],
                 expected: ["0 start focus Play", "20 cut Play", "20 Play interrupted", "20 start default Now", "320 Now spoken",
                            "320 start default A", "420 A spoken"]),
        Scenario(name: "interrupt does not cut off a high",
                 steps: [at(0, say("Alarm", .high)), at(100, say("Now", interrupt: true))],
                 expected: ["0 start high Alarm", "500 Alarm spoken", "500 start default Now", "800 Now spoken"]),
        Scenario(name: "stop with a full queue cancels everything waiting",
                 steps: [at(0, say("A")), at(1, say("B")), at(2, say("C", .high)), at(3, say("D", .low)),
                         at(4, focus("F", hint: "H")), at(50, .stop)],
                 expected: ["0 start default A", "2 cut A", "2 start high C", "50 cut C", "50 C interrupted",
                            "50 A cancelled", "50 B cancelled", "50 D cancelled", "50 F cancelled", "50 H cancelled"]),
        Scenario(name: "stop before the first sound cancels",
                 steps: [at(0, focus("Play")), at(1, .stop)],
                 expected: ["0 start focus Play", "1 cut Play", "1 Play cancelled"],
                 latency: 5),
        Scenario(name: "a high is cut off by stop",
                 steps: [at(0, say("Alarm", .high)), at(100, .stop)],
                 expected: ["0 start high Alarm", "100 cut Alarm", "100 Alarm interrupted"]),
        Scenario(name: "stop with nothing speaking does nothing",
                 steps: [at(0, .stop)],
                 expected: []),
        Scenario(name: "a full queue refuses the next announcement and still takes a focus",
                 steps: [at(0, say("A")), at(1, say("B")), at(2, say("C")), at(3, say("D")), at(4, focus("F"))],
                 expected: ["0 start default A", "3 D refused: queue_full", "4 cut A", "4 start focus F", "104 F spoken",
                            "104 start default A", "204 A spoken", "204 start default B", "304 B spoken", "304 start default C", "404 C spoken"],
                 queueLimit: 2),
    ]

    @Test(arguments: scenarios + ssipScenarios + doorScenarios)
    func behaves(_ scenario: Scenario) {
        var settings = SchedulerSettings()
        settings.queueLimit = scenario.queueLimit
        var simulation = SchedulerSimulation(
            scheduler: SpeechScheduler(settings: settings),
            startLatencyMs: scenario.latency,
            duration: { Milliseconds($0.text.count * 100) }
        )
        var names: [UtteranceID: String] = [:]
        var refused: [(Milliseconds, String)] = []
        for step in scenario.steps {
            let output = simulation.submit(step.event, at: step.at)
            switch step.event {
            case .focus(let description, let hint):
                for (id, speech) in zip(output.accepted, [description] + (hint.map { [$0] } ?? [])) { names[id] = speech.text }
            case .announce(let announcement):
                if let id = output.accepted.first { names[id] = announcement.text }
                if let rejection = output.rejection { refused.append((step.at, "\(announcement.text) refused: \(rejection.code.rawValue)")) }
            case .message(let speech, _, _), .echo(let speech), .window(let speech):
                if let id = output.accepted.first { names[id] = speech.text }
            default: break
            }
        }
        simulation.runToIdle()
        var lines = simulation.log.compactMap { entry -> (Milliseconds, String)? in
            let time = entry.at
            switch entry.what {
            case .sounding: return nil
            case .start(let item): return (time, "start \(item.kind) \(item.speech.text)")
            case .cutOff(let id): return (time, "cut \(names[id] ?? "?")")
            case .finished(let id, let status): return (time, "\(names[id] ?? "?") \(status.rawValue)")
            }
        }
        // A refusal happens before anything later in time: merge it in by time, stably.
        for refusal in refused {
            let index = lines.firstIndex { $0.0 > refusal.0 } ?? lines.endIndex
            lines.insert(refusal, at: index)
        }
        #expect(lines.map { "\(format($0.0)) \($0.1)" } == scenario.expected)
    }

    @Test func focusStormOneSpokenNinetyNineSuperseded() {
        var simulation = SchedulerSimulation(scheduler: SpeechScheduler(), startLatencyMs: 5, duration: { Milliseconds($0.text.count * 100) })
        for index in 0..<100 {
            simulation.submit(Self.focus("Item \(index)", hint: "Hint"), at: Double(index) * 0.1)
        }
        simulation.runToIdle()
        let counters = simulation.scheduler.counters
        // 100 descriptions and 100 hints: the last focus and its hint are spoken.
        #expect(counters[.spoken] == 2)
        #expect(counters[.superseded] == 198)
        #expect(counters[.interrupted] == nil)
        let started = simulation.log.compactMap { entry -> String? in
            if case .start(let item) = entry.what, item.kind == .focus { return item.speech.text } else { return nil }
        }
        #expect(started.last == "Item 99")
    }

    @Test func focusStormInOneInstantSupersedesToo() {
        var simulation = SchedulerSimulation(scheduler: SpeechScheduler(), duration: { _ in 300 })
        for index in 0..<100 { simulation.submit(Self.focus("Item \(index)"), at: 0) }
        simulation.runToIdle()
        #expect(simulation.scheduler.counters == [.spoken: 1, .superseded: 99])
    }

    @Test func theSchedulerAsksToBeWokenForDelaysAndAges() {
        var scheduler = SpeechScheduler()
        var announcement = Announcement(text: "Later")
        announcement.delayMs = 1000
        let output = scheduler.handle(.announce(announcement), at: 0)
        #expect(output.actions == [.wake(at: 1000)])
        #expect(scheduler.handle(.tick, at: 999).actions.isEmpty)
        let due = scheduler.handle(.tick, at: 1000).actions
        #expect(due.count == 2)
        guard case .start(let item) = due.first else { Issue.record("expected a start"); return }
        #expect(item.speech.text == "Later")
        #expect(due.last == .wake(at: nil))
    }

    private func format(_ time: Milliseconds) -> String {
        time.rounded() == time ? String(Int(time)) : String(time)
    }

    /// `status`'s queue counts what is not yet heard: the waiting utterances, and the one handed
    /// to the engine until its start comes back. A hint handed over when its pause ends is not
    /// yet speaking (its `speaking` event follows the engine's start): a client waiting for
    /// speech to settle is told one is left, not none.
    @Test func theQueueCountsAnUtteranceHandedOverUntilItStarts() {
        var scheduler = SpeechScheduler()
        let accepted = scheduler.handle(Self.focus("Go", hint: "Press Space to activate."), at: 0).accepted
        #expect(accepted.count == 2)
        let (focus, hint) = (accepted[0], accepted[1])
        #expect(scheduler.waitingCount == 1 && scheduler.unheardCount == 2)     // the hint; the focus handed over
        _ = scheduler.handle(.engineStarted(focus), at: 1)
        #expect(scheduler.unheardCount == 1)
        _ = scheduler.handle(.engineFinished(focus), at: 200)
        #expect(scheduler.unheardCount == 1)                                     // the hint, in its pause
        let handed = scheduler.handle(.tick, at: 700).actions
        #expect(handed.contains { if case .start(let item) = $0 { item.id == hint } else { false } })
        #expect(scheduler.waitingCount == 0 && scheduler.unheardCount == 1)
        _ = scheduler.handle(.engineStarted(hint), at: 701)
        #expect(scheduler.unheardCount == 0)
    }
}
