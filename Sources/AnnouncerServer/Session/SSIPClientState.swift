import AnnouncerCore
import AnnouncerSSIP

/// One SSIP client's side of the daemon's core (docs/design.md §11): its session (settings,
/// `SPEAK` data), whether its speech is paused, and the events it is sent. An event never comes
/// while the client waits for a reply: it is held until the reply has gone, and then
/// `eventGapMs` more (python3-speechd registers a message's callbacks only once it has read the
/// `225` reply, and an event read in the same instant is lost to it, as its own comment says).
/// Speech itself is never delayed.
struct SSIPClientState {
    /// What to do with the events held back.
    enum Release: Equatable {
        case nothing
        /// Feed back `wake(client)` at this time, then ask again.
        case wake(at: Milliseconds)
        /// Write these events, in order.
        case write(String)
    }

    /// How long after a reply an event waits. python3-speechd's reader thread hands the reply
    /// to the thread that registers the callbacks; on a loaded machine that thread ran more
    /// than 15 ms later (CI under ThreadSanitizer lost a message's BEGIN and first mark), so the
    /// gap is one no scheduler delay seen here comes near. Events are no speech: nothing a
    /// listener hears waits for it.
    static let eventGapMs: Milliseconds = 100
    /// Events a client may hold back while it waits for replies; past this it gets them anyway,
    /// so that a client that never stops sending cannot grow the daemon without end.
    static let maximumHeldEvents = 1000

    var session: SSIPSession
    /// Its speech is paused (`PAUSE`) until `RESUME`.
    var paused = false
    /// Events that wait until the client is not waiting for a reply.
    private(set) var heldEvents: [String] = []
    /// When it was last answered.
    private(set) var lastReplyAt: Milliseconds = -.infinity
    /// The wake-up asked for to release its held events.
    private var wakeAt: Milliseconds?

    init(client: Int) {
        session = SSIPSession(client: client)
    }

    /// The client was answered now.
    mutating func replied(at now: Milliseconds) {
        lastReplyAt = now
    }

    /// The client said `QUIT`: nothing more is sent to it.
    mutating func quit() {
        heldEvents.removeAll()
    }

    /// The wake-up asked for has come.
    mutating func woke() {
        wakeAt = nil
    }

    /// An event for the client: held, then released like the others.
    mutating func send(_ event: String, unanswered: Int, at now: Milliseconds) -> Release {
        guard heldEvents.count < Self.maximumHeldEvents else {
            // A client that never stops sending gets its events anyway, in order.
            defer { heldEvents.removeAll() }
            return .write(heldEvents.joined() + event)
        }
        heldEvents.append(event)
        return release(unanswered: unanswered, at: now)
    }

    /// What was held back, once the client no longer waits for a reply (`unanswered` lines, or
    /// `SPEAK` data) and the gap after the last one has passed; or a wake-up for then.
    mutating func release(unanswered: Int, at now: Milliseconds) -> Release {
        guard !heldEvents.isEmpty, unanswered == 0, !session.receivingData else { return .nothing }
        let due = lastReplyAt + Self.eventGapMs
        guard now >= due else {
            if let asked = wakeAt, asked <= due { return .nothing }
            wakeAt = due
            return .wake(at: due)
        }
        defer { heldEvents.removeAll() }
        return .write(heldEvents.joined())
    }
}
