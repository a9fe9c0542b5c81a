import AnnouncerSystem

/// Tells systemd the daemon is ready (`READY=1` to `$NOTIFY_SOCKET`), as `Type=notify` units
/// expect. Does nothing when there is no `NOTIFY_SOCKET`.
public enum SystemdNotify {
    public static func send(_ state: String, environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], let address = UnixSocketAddress(path) else { return }
        try? UnixSocket.sendDatagram(state.utf8, to: address)
    }
}
