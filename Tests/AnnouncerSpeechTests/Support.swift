import AnnouncerScheduler
@testable import AnnouncerSpeech
@testable import AnnouncerSynthesis
import AnnouncerSystem
import Foundation

/// Collects an engine's reports and lets a test wait for one.
final class EventRecorder: Sendable {
    private let events = Locked<[SpeechEngineEvent]>([])
    private let arrived = DispatchSemaphore(value: 0)

    var handler: @Sendable (SpeechEngineEvent) -> Void {
        { [self] event in
            events.withLock { $0.append(event) }
            arrived.signal()
        }
    }

    var all: [SpeechEngineEvent] { events.withLock { $0 } }

    /// Waits (up to `seconds`) until an event matching `predicate` has arrived.
    @discardableResult
    func wait(seconds: Double = 20, for predicate: (SpeechEngineEvent) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if all.contains(where: predicate) { return true }
            if arrived.wait(timeout: .now() + max(deadline.timeIntervalSinceNow, 0)) == .timedOut { return all.contains(where: predicate) }
        }
    }

    func waitForEnd(of id: UtteranceID) -> Bool {
        wait { event in
            switch event {
            case .finished(id), .failed(id, _): true
            default: false
            }
        }
    }
}

/// A sink that keeps every sample of every utterance, and can call back after some samples
/// (to cut off mid-sentence from inside synthesis).
// Safe: `samples`, `current`, `cutOffs` and `sampleRate` are read and written under `lock`; `onSamples` is set before the engine is given the sink, and only read after.
final class RecordingSink: AudioSink, @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [UtteranceID: [Int16]] = [:]
    private var current: UtteranceID?
    private var cutOffs: [UtteranceID] = []
    var onSamples: ((UtteranceID, Int) -> Void)?
    private var rate = 0
    var sampleRate: Int { lock.withLock { rate } }

    func begin(_ id: UtteranceID, sampleRate: Int) {
        lock.withLock { current = id; samples[id] = []; rate = sampleRate }
    }

    func write(_ buffer: UnsafeBufferPointer<Int16>) {
        let (id, total) = lock.withLock { () -> (UtteranceID?, Int) in
            guard let current else { return (nil, 0) }
            samples[current, default: []].append(contentsOf: buffer)
            return (current, samples[current]!.count)
        }
        if let id { onSamples?(id, total) }
    }

    func end(cutOff: Bool) {
        lock.withLock {
            if cutOff, let current { cutOffs.append(current) }
            current = nil
        }
    }

    func idle(now: ContinuousClock.Instant) -> ContinuousClock.Instant? { nil }
    func close() {}

    func samples(of id: UtteranceID) -> [Int16] { lock.withLock { samples[id] ?? [] } }
    func wasCutOff(_ id: UtteranceID) -> Bool { lock.withLock { cutOffs.contains(id) } }
}

func utterance(_ id: Int, _ text: String, language: String? = nil, spellOut: Bool = false) -> ScheduledUtterance {
    ScheduledUtterance(id: UtteranceID(id), kind: .announcement(.default),
                       speech: Speech(text: text, language: language, spellOut: spellOut),
                       arrivedAt: 0, eligibleAt: 0, interrupt: false, requeues: 0, follows: nil)
}

/// Root mean square of the samples, 0…32768.
func rms(_ samples: [Int16]) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
}
