import AnnouncerSettings

/// The daemon's bounds (settings in `announcer.conf`, with `Configuration`'s defaults).
public struct DaemonLimits: Sendable, Equatable {
    /// Most clients connected at once; more are refused with a reason.
    public var maximumClients: Int
    /// Bytes of replies and events a client may leave unread before it is disconnected.
    public var maximumBacklogBytes: Int
    /// Utterances one client may have waiting at once, so no client fills the shared queue.
    public var maximumQueuedPerClient: Int

    public init(_ configuration: Configuration = Configuration()) {
        self.init(maximumClients: configuration.maxClients, maximumBacklogBytes: configuration.maxBacklogBytes,
                  maximumQueuedPerClient: configuration.maxQueuedPerClient)
    }

    public init(maximumClients: Int, maximumBacklogBytes: Int, maximumQueuedPerClient: Int) {
        self.maximumClients = maximumClients
        self.maximumBacklogBytes = maximumBacklogBytes
        self.maximumQueuedPerClient = maximumQueuedPerClient
    }
}
