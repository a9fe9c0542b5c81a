import AnnouncerScheduler
import AnnouncerSupport

/// A client's share of the speech queue (`max-queued-per-client`): an announcement past it is
/// refused with `queue_full`, so that one client cannot fill the queue for everyone; a focus,
/// which replaces what it supersedes, is never refused. Pure (QueueShareTests).
struct QueueShare {
    var limit: Int

    /// The refusal of `event` from a client with `waiting` utterances not yet finished, or nil
    /// when it is within the client's share.
    func refusal(of event: SchedulerEvent, waiting: Int) -> RequestError? {
        switch event {
        case .announce, .message:
            guard waiting >= limit else { return nil }
            return RequestError(.queueFull, "this client already has \(waiting) utterances waiting, its share of the queue (max-queued-per-client); try again when some have been spoken")
        default:
            return nil
        }
    }
}
