import Glibc

/// Exit statuses of Announcer's executables, from sysexits(3) so that scripts can tell failures
/// apart.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The utterance did not end `spoken` (`announce say --wait`).
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    /// An output file could not be written.
    case cannotCreate = 73
    case temporaryFailure = 75
    case config = 78

    /// Ends the process with this status.
    public func exit() -> Never { Glibc.exit(rawValue) }

    /// Ends the process with any status (a child's, passed on).
    public static func exit(code: Int32) -> Never { Glibc.exit(code) }
}
