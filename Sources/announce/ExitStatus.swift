/// Exit statuses, from sysexits(3) so that scripts can tell failures apart.
enum ExitStatus: Int32 {
    case success = 0
    /// The utterance did not end `spoken` (`--wait`).
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case temporaryFailure = 75
    case config = 78
}
