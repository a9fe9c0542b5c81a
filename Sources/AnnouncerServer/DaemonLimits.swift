/// The daemon's bounds (settings in `announcer.conf`).
public struct DaemonLimits: Sendable, Equatable {
    /// Most clients connected at once; more are refused with a reason.
    public var maximumClients = 256
    /// Bytes of replies and events a client may leave unread before it is disconnected.
    public var maximumBacklogBytes = 1 << 20

    public init(maximumClients: Int = 256, maximumBacklogBytes: Int = 1 << 20) {
        self.maximumClients = maximumClients
        self.maximumBacklogBytes = maximumBacklogBytes
    }
}
