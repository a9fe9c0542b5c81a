import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import Dispatch

/// The `text` sink's engine: no synthesis. An utterance "sounds" as soon as it is handed over and
/// takes as long as the speaking-time estimate says (so timing and interruption behave as with
/// sound), or no time at all in `instant` mode. Its lines are written from the controller's
/// notices (`TextSinkLine`), so that they say what the scheduler decided.
public final class TextSpeechEngine: SpeechEngine, Sendable {
    /// The speaking-time estimate, at the rate configured now.
    private let estimate: Locked<SpeechDurationEstimate>
    private let instant: Bool
    private let onEvent: @Sendable (SpeechEngineEvent) -> Void
    private let queue = DispatchQueue(label: "announcer.text-sink")
    private let state = Locked<(playing: UtteranceID?, timer: DispatchWorkItem?)>((nil, nil))

    public init(estimate: SpeechDurationEstimate, instant: Bool = false, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void) {
        self.estimate = Locked(estimate)
        self.instant = instant
        self.onEvent = onEvent
    }

    public func configure(_ configuration: Configuration) {
        estimate.withLock { $0 = configuration.durationEstimate }
    }

    public func speak(_ utterance: ScheduledUtterance) {
        let id = utterance.id
        state.withLock { state in
            state.timer?.cancel()
            state.playing = id
            state.timer = nil
        }
        onEvent(.started(id))
        let duration = instant ? 0 : estimate.withLock { $0 }.duration(of: utterance.speech)
        // Marks are reached in proportion to their place in the text, then the end.
        let length = max(utterance.speech.text.count, 1)
        let marks = utterance.speech.marks.sorted { $0.offset < $1.offset }
            .map { (at: duration * Double(min($0.offset, length)) / Double(length), name: $0.name) }
        step(id, marks[...], duration: duration, startedAt: .now())
    }

    /// Reports the next mark (or the end) of `id` when its time comes, if it still plays.
    private func step(_ id: UtteranceID, _ marks: ArraySlice<(at: Milliseconds, name: String)>, duration: Milliseconds, startedAt: DispatchTime) {
        let at = marks.first?.at ?? duration
        let work = DispatchWorkItem { [self] in
            let current = state.withLock { state -> Bool in
                guard state.playing == id else { return false }
                if marks.isEmpty {
                    state.playing = nil
                    state.timer = nil
                }
                return true
            }
            guard current else { return }
            if let mark = marks.first {
                onEvent(.mark(id, mark.name))
                step(id, marks.dropFirst(), duration: duration, startedAt: startedAt)
            } else {
                onEvent(.finished(id))
            }
        }
        let scheduled = state.withLock { state -> Bool in
            guard state.playing == id else { return false }
            state.timer = work
            return true
        }
        guard scheduled else { return }
        queue.asyncAfter(deadline: startedAt + .microseconds(Int(at * 1000)), execute: work)
    }

    public func cutOff(_ id: UtteranceID) {
        state.withLock { state in
            guard state.playing == id else { return }
            state.timer?.cancel()
            state.timer = nil
            state.playing = nil
        }
    }

    public func shutdown() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            state.playing = nil
        }
        queue.sync {}
    }
}
