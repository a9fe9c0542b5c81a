/// Where the daemon's socket is: `--socket`, else `$ANNOUNCER_SOCKET`, else
/// `$XDG_RUNTIME_DIR/announcer/socket`, else (a session with no runtime directory, as under `su`
/// or some ssh logins) `$HOME/.cache/announcer/socket`. The daemon and every client resolve it
/// the same way, so they meet without being told where.
public enum SocketPath {
    public static func resolve(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["ANNOUNCER_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/announcer/socket" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/announcer/socket"
    }

    public static let missingMessage = "neither XDG_RUNTIME_DIR nor HOME is set, so there is no default socket; give --socket PATH or set ANNOUNCER_SOCKET=PATH (the same for announcerd and announce)"
}
