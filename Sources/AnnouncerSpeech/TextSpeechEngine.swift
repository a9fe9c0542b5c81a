import AnnouncerCore
import Dispatch
import Foundation
import Synchronization

/// The `text` sink: no synthesis. Each utterance is a line `SPEAK <kind> <id> <text>`, and when
/// the scheduler reports its end, `FINISHED <id> <status>`. An utterance takes as long as the
/// speaking-time estimate says (so timing and interruption behave as with sound), or no time at
/// all in `instant` mode.
public final class TextSpeechEngine: SpeechEngine, @unchecked Sendable {
    private let estimate: SpeechDurationEstimate
    private let instant: Bool
    private let write: @Sendable (String) -> Void
    private let onEvent: @Sendable (SpeechEngineEvent) -> Void
    private let queue = DispatchQueue(label: "announcer.text-sink")
    private let state = Mutex<(playing: UtteranceID?, spoken: Set<UtteranceID>, timer: DispatchWorkItem?)>((nil, [], nil))

    public init(estimate: SpeechDurationEstimate, instant: Bool = false,
                write: @escaping @Sendable (String) -> Void, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void) {
        self.estimate = estimate
        self.instant = instant
        self.write = write
        self.onEvent = onEvent
    }

    public func speak(_ utterance: ScheduledUtterance) {
        let id = utterance.id
        let text = utterance.speech.text.replacingOccurrences(of: "\n", with: " ")
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
            state.spoken.insert(id)
            state.timer = work
        }
        write("SPEAK \(utterance.kind) \(id) \(text)")
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

    /// Writes the `FINISHED` line for an utterance this engine said.
    public func noteFinished(_ id: UtteranceID, _ status: FinishStatus) {
        let said = state.withLock { $0.spoken.remove(id) != nil }
        if said { write("FINISHED \(id) \(status.rawValue)") }
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
