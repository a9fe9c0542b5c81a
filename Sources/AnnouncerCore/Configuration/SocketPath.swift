/// Where the daemon's socket is: `--socket`, else `$ANNOUNCER_SOCKET`, else
/// `$XDG_RUNTIME_DIR/announcer/socket`.
public enum SocketPath {
    public static func resolve(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["ANNOUNCER_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime + "/announcer/socket"
    }

    public static let missingMessage = "XDG_RUNTIME_DIR is not set, so there is no default socket; give --socket PATH or set ANNOUNCER_SOCKET"
}
