/// Announcer's version: the one place it is written. `--version` of every executable, the
/// daemon's `welcome` and `status`, and the package (scripts) read it from here.
public enum AnnouncerVersion {
    public static let current = "0.1.0"
}
