import AnnouncerElements
import AnnouncerSupport

/// What can happen to the scheduler.
public enum SchedulerEvent: Sendable, Equatable {
    /// A new focus: its description, and its hint if it has one.
    case focus(description: Speech, hint: Speech?)
    case announce(Announcement)
    /// A typing echo: it cuts off focus-level speech and an older echo, and ends a waiting hint.
    case echo(Speech)
    /// A window's title: it cuts off what the window before it was saying, and its first focus
    /// follows; a newer focus cuts it off.
    case window(Speech)
    /// Silence now; everything waiting is cancelled.
    case stop
    /// These utterances are cancelled if they are still waiting (their client has gone); one
    /// already speaking plays on.
    case cancelWaiting(Set<UtteranceID>)
    /// A message through the speech-dispatcher door; `held` when its client is paused.
    case message(Speech, MessagePriority, held: Bool)
    /// These utterances end now: the one speaking is cut off (`interrupted`), waiting ones are
    /// `cancelled` (SSIP's `CANCEL`). With `waiting: false` only the one speaking, if it is one
    /// of them (SSIP's `STOP`).
    case cancel(Set<UtteranceID>, waiting: Bool)
    /// These utterances keep their places but may not start; the one speaking is cut off and
    /// waits again at the head of its queue, with no status (SSIP's `PAUSE`).
    case hold(Set<UtteranceID>)
    /// Held utterances may start again (SSIP's `RESUME`).
    case release(Set<UtteranceID>)
    /// The engine began to sound the utterance (its first audio reached the sink).
    case engineStarted(UtteranceID)
    /// The engine played the utterance to its end.
    case engineFinished(UtteranceID)
    /// The engine could not say the utterance (synthesis or the sink failed).
    case engineFailed(UtteranceID)
    /// The clock reached a time the scheduler asked to be woken at (or any other time).
    case tick
}

/// What the scheduler wants done, in order.
public enum SchedulerAction: Sendable, Equatable {
    /// Hand this utterance to the engine.
    case start(ScheduledUtterance)
    /// Stop the engine on this utterance now.
    case cutOff(UtteranceID)
    /// Report the utterance's terminal status.
    case finished(UtteranceID, FinishStatus)
    /// Call back with `.tick` at this time; nil cancels an earlier request.
    case wake(at: Milliseconds?)
}

/// The result of one event: the actions, and the ids of what the event added (or why it was
/// refused).
public struct SchedulerOutput: Sendable, Equatable {
    public var actions: [SchedulerAction] = []
    public var accepted: [UtteranceID] = []
    public var rejection: RequestError?

    public init(actions: [SchedulerAction] = [], accepted: [UtteranceID] = [], rejection: RequestError? = nil) {
        self.actions = actions
        self.accepted = accepted
        self.rejection = rejection
    }
}
