import AnnouncerSupport

/// Log lines that may repeat without end (refused clients, a failing accept) are written at most
/// once per interval; the next line says how many were held back.
struct RateLimitedLog {
    static let intervalMs: Milliseconds = 1000

    private var lastWritten: Milliseconds = -.infinity
    private var heldBack = 0

    mutating func note(_ message: String, at now: Milliseconds, log: (String) -> Void) {
        guard now - lastWritten >= Self.intervalMs else {
            heldBack += 1
            return
        }
        lastWritten = now
        let suffix = heldBack > 0 ? " (and \(heldBack) more like it in the last \(Int(Self.intervalMs / 1000)) s)" : ""
        heldBack = 0
        log(message + suffix)
    }
}
