import AnnouncerCore
import Dispatch
import Synchronization

/// The `text` sink's engine: no synthesis. An utterance "sounds" as soon as it is handed over and
/// takes as long as the speaking-time estimate says (so timing and interruption behave as with
/// sound), or no time at all in `instant` mode. Its lines are written from the controller's
/// notices (`TextSinkLine`), so that they say what the scheduler decided.
public final class TextSpeechEngine: SpeechEngine, Sendable {
    private let estimate: SpeechDurationEstimate
    private let instant: Bool
    private let onEvent: @Sendable (SpeechEngineEvent) -> Void
    private let queue = DispatchQueue(label: "announcer.text-sink")
    private let state = Mutex<(playing: UtteranceID?, timer: DispatchWorkItem?)>((nil, nil))

    public init(estimate: SpeechDurationEstimate, instant: Bool = false, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void) {
        self.estimate = estimate
        self.instant = instant
        self.onEvent = onEvent
    }

    public func speak(_ utterance: ScheduledUtterance) {
        let id = utterance.id
        let work = DispatchWorkItem { [self] in
            let current = state.withLock { state -> Bool in
                guard state.playing == id else { return false }
                state.playing = nil
                state.timer = nil
                return true
            }
            if current { onEvent(.finished(id)) }
        }
        state.withLock { state in
            state.timer?.cancel()
            state.playing = id
            state.timer = work
        }
        onEvent(.started(id))
        let duration = instant ? 0 : estimate.duration(of: utterance.speech)
        queue.asyncAfter(deadline: .now() + .microseconds(Int(duration * 1000)), execute: work)
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
