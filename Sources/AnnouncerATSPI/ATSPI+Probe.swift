import AnnouncerDesktop
import CAtSpi

/// How long the bridge waits for an application, and asking one that stopped answering whether
/// it answers again (docs/design.md §12, `EventTriage`).
extension ATSPI {
    /// Every call's timeout. libatspi's own is 800 ms, and 15 s for an application it met less
    /// than 15 s ago (one that is starting): one call to a hung application would hold every
    /// other's events that long. A hung application costs one timeout before it is silent
    /// (`EventTriage`): another application's focus is then said within a second.
    static let callTimeoutMs = 500
    /// How long a probe waits for its answer; it is asked again while none comes.
    static let probeTimeoutMs: Int32 = 5_000

    /// The bus name of the application an object is in (no call: libatspi knows it).
    static func application(of object: UnsafeMutablePointer<AtspiAccessible>) -> String {
        announcer_atspi_bus_name(object).map { String(cString: $0) } ?? ""
    }

    /// Asks `application` whether it answers, without waiting; `answered` is called on the main
    /// loop, perhaps while another call waits for its reply (libatspi dispatches then): it must
    /// only note the result. False when the question could not be sent.
    static func probe(_ application: String, _ answered: announcer_atspi_probe_done) -> Bool {
        announcer_atspi_probe(application, probeTimeoutMs, answered) != 0
    }
}
