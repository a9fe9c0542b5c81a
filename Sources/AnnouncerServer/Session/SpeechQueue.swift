import AnnouncerCore

/// What the session machine needs of the speech scheduler: submitting requests, and the numbers
/// `status` reports. The daemon gives it the speech controller; tests give it a recorder.
public protocol SpeechQueue {
    func submit(_ event: SchedulerEvent) -> SchedulerOutput
    var counters: [FinishStatus: Int] { get }
    var waitingCount: Int { get }
    var engineRestarts: Int { get }
    /// The utterance the engine holds now, if any.
    var currentUtterance: UtteranceID? { get }
    /// The scheduler's clock.
    func now() -> Milliseconds
}
