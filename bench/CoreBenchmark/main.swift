import AnnouncerComposer
import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire
import Foundation

// Throughput of Announcer's core, with no I/O: the scheduler's state machine, the composer, and
// the whole path of a focus request line (decode → compose → schedule).
//
//   swift run -c release announcer-bench [--seconds N]
//
// Each figure is the median of 15 runs of about N/15 seconds (default N = 3), with min and max.

let arguments = CommandLine.arguments
let totalSeconds = arguments.firstIndex(of: "--seconds").flatMap { Double(arguments[$0 + 1]) } ?? 3
let trials = 15
let clock = ContinuousClock()

/// Runs `body` (which returns how many operations it did) for about `perTrial` seconds per trial.
func measure(_ name: String, unit: String, _ body: () -> Int) {
    var rates: [Double] = []
    let perTrial = Duration.milliseconds(Int(totalSeconds * 1000) / trials)
    for _ in 0..<trials {
        var operations = 0
        let start = clock.now
        while clock.now - start < perTrial { operations += body() }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        rates.append(Double(operations) / seconds)
    }
    rates.sort()
    func format(_ rate: Double) -> String { String(format: "%.0f", rate) }
    print("\(name): median \(format(rates[trials / 2])) \(unit)/s (min \(format(rates[0])), max \(format(rates[trials - 1])), \(trials) trials)")
}

// 1. The scheduler: a fixed mix of requests and engine reports.
var random = SplitMix64(seed: 42)
var events: [(SchedulerEvent, Milliseconds)] = []
var time: Milliseconds = 0
var nextID = 1
for _ in 0..<10_000 {
    time += Double(Int.random(in: 0...20, using: &random))
    switch Int.random(in: 0..<10, using: &random) {
    case 0...4:
        events.append((.focus(description: Speech(text: "Play. Button."), hint: Speech(text: "Plays the song.")), time))
        nextID += 2
    case 5...7:
        var announcement = Announcement(text: "Saved", priority: [.high, .default, .low].randomElement(using: &random)!)
        announcement.delayMs = Int.random(in: 0...1, using: &random) * 100
        events.append((.announce(announcement), time))
        nextID += 1
    case 8:
        let id = UtteranceID(Int.random(in: max(1, nextID - 5)..<nextID + 1, using: &random))
        events.append((.engineStarted(id), time))
        events.append((.engineFinished(id), time + 1))
    default:
        events.append((.tick, time))
    }
}
events.append((.stop, time + 1))
measure("scheduler", unit: "events") {
    var scheduler = SpeechScheduler()
    for (event, at) in events { _ = scheduler.handle(event, at: at) }
    return events.count
}

// 2. The composer over a spread of elements.
let packaged = ConfigurationFiles(packagedDirectory: Path.directory(of: Path.directory(of: Path.directory(of: #filePath)!)!)! + "/config", userDirectory: "/nonexistent")
let catalog = try ConfigurationSources(packagedTables: packaged.readLocales()).loadLocales()
let composer = UtteranceComposer(catalog: catalog)
let elements: [Element] = [
    Element(label: "Play", traits: [.button]),
    Element(label: "Volume", value: "50%", hint: "Loudness", traits: [.adjustable]),
    Element(label: "Wi-Fi", value: "1", traits: [.button, .switchButton]),
    Element(label: "Segment B", traits: [.button, .selected], context: .series(index: 2, count: 3)),
    Element(label: "Name", value: "Ann", traits: [.textEntry, .isEditing]),
    Element(label: "Abspielen", traits: [.button], language: "de"),
]
measure("composer", unit: "elements") {
    var total = 0
    for element in elements { total &+= composer.compose(element).description.utf8.count }
    precondition(total > 0)
    return elements.count
}

// 3. A focus request line through Core: decode, compose, schedule.
let lines: [[UInt8]] = [
    #"{"type":"focus","id":1,"element":{"label":"Play","traits":["button"],"hint":"Plays the song."}}"#,
    #"{"type":"focus","id":2,"element":{"label":"Volume","value":"50%","traits":["adjustable"]}}"#,
    #"{"type":"focus","id":3,"element":{"label":"Wi-Fi","value":"1","traits":["button","switchButton"]}}"#,
].map { Array($0.utf8) }
var pathScheduler = SpeechScheduler()
var pathTime: Milliseconds = 0
measure("focus request (decode + compose + schedule)", unit: "requests") {
    for line in lines {
        guard case .focus(let element) = try! RequestLine(line).request else { fatalError() }
        let utterance = composer.compose(element)
        pathTime += 0.01
        _ = pathScheduler.handle(.focus(description: Speech(text: utterance.description), hint: utterance.hint.map { Speech(text: $0) }), at: pathTime)
    }
    return lines.count
}

// 4. A focus event through Core once decoded: compose and schedule.
var eventScheduler = SpeechScheduler()
var eventTime: Milliseconds = 0
measure("focus event (compose + schedule)", unit: "events") {
    for element in elements {
        let utterance = composer.compose(element)
        eventTime += 0.01
        _ = eventScheduler.handle(.focus(description: Speech(text: utterance.description), hint: utterance.hint.map { Speech(text: $0) }), at: eventTime)
    }
    return elements.count
}
