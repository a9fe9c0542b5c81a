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

    /// The lookup above in words, for both programs' --help and the man pages.
    public static let lookup = """
        The socket: --socket PATH, else $ANNOUNCER_SOCKET, else $XDG_RUNTIME_DIR/announcer/socket,
        else $HOME/.cache/announcer/socket (when XDG_RUNTIME_DIR is not set: under su, some ssh
        logins). announcerd and every client look it up the same way.
        """

    public static let missingMessage = "neither XDG_RUNTIME_DIR nor HOME is set, so there is no default socket; give --socket PATH or set ANNOUNCER_SOCKET=PATH (the same for announcerd and announce)"
}

/// Where the SSIP door listens (docs/design.md §11): `--ssip PATH` or `ssip-socket = PATH`; `auto` is
/// speech-dispatcher's own path, `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`, where its
/// clients look when `SPEECHD_ADDRESS` is not set.
public enum SSIPSocketPath {
    public static func resolve(_ setting: String, environment: [String: String]) -> String? {
        guard setting == "auto" else { return setting }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime + "/speech-dispatcher/speechd.sock"
    }

    public static let missingMessage = "ssip-socket = auto needs XDG_RUNTIME_DIR (speech-dispatcher's socket is there); give --ssip PATH instead"
}
