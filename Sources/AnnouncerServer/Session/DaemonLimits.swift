/// The daemon's bounds (settings in `announcer.conf`).
public struct DaemonLimits: Sendable, Equatable {
    /// Most clients connected at once; more are refused with a reason.
    public var maximumClients = 256
    /// Bytes of replies and events a client may leave unread before it is disconnected.
    public var maximumBacklogBytes = 1 << 20
    /// Utterances one client may have waiting at once, so no client fills the shared queue.
    public var maximumQueuedPerClient = 200

    public init(maximumClients: Int = 256, maximumBacklogBytes: Int = 1 << 20, maximumQueuedPerClient: Int = 200) {
        self.maximumClients = maximumClients
        self.maximumBacklogBytes = maximumBacklogBytes
        self.maximumQueuedPerClient = maximumQueuedPerClient
    }
}
