import AnnouncerSSIP
import AnnouncerSupport

/// One SSIP client's side of the daemon's core (docs/design.md §11): its session (settings,
/// `SPEAK` data), whether its speech is paused, and the events it is sent. An event never comes
/// while the client waits for a reply, and an event about a message comes `eventGapMs` after
/// the message's `225` reply at the soonest (python3-speechd registers a message's callbacks
/// only once it has read that reply, and an event read in the same instant is lost to it, as
/// its own comment says). A client that sends a command every 50 ms still gets its events:
/// the gap is counted from its message's reply, not from the last reply. Speech itself is
/// never delayed.
struct SSIPClientState {
    /// What to do with the events held back.
    enum Release: Equatable {
        case nothing
        /// Feed back `wake(client)` at this time, then ask again.
        case wake(at: Milliseconds)
        /// Write these events, in order.
        case write(String)
        /// Write these events, in order, and wake for the rest at this time.
        case writeThenWake(String, at: Milliseconds)
    }

    /// How long after a message's `225` reply an event about it waits. python3-speechd's reader
    /// thread hands the reply to the thread that registers the callbacks; on a loaded machine
    /// that thread ran more than 15 ms later (CI under ThreadSanitizer lost a message's BEGIN
    /// and first mark), so the gap is one no scheduler delay seen here comes near. Events are
    /// no speech: nothing a listener hears waits for it.
    static let eventGapMs: Milliseconds = 100
    /// Events a client may hold back while it waits for replies; past this it gets them anyway,
    /// so that a client that never stops sending cannot grow the daemon without end.
    static let maximumHeldEvents = 1000

    var session: SSIPSession
    /// Its speech is paused (`PAUSE`) until `RESUME`.
    var paused = false
    /// Events that wait, in order, each with when it may go at the soonest.
    private(set) var heldEvents: [(text: String, due: Milliseconds)] = []
    /// When each of its messages not yet ended had its `225` reply.
    private var queuedAt: [Int: Milliseconds] = [:]
    /// The wake-up asked for to release its held events.
    private var wakeAt: Milliseconds?

    init(client: Int) {
        session = SSIPSession(client: client)
    }

    /// The message's `225` reply went now.
    mutating func queued(_ message: Int, at now: Milliseconds) {
        queuedAt[message] = now
    }

    /// The client said `QUIT`: nothing more is sent to it.
    mutating func quit() {
        heldEvents.removeAll()
        queuedAt.removeAll()
    }

    /// The wake-up asked for has come.
    mutating func woke() {
        wakeAt = nil
    }

    /// An event about a message for the client: held, then released like the others. `last`:
    /// the message's end (or cancel), after which nothing more is said of it.
    mutating func send(_ event: String, about message: Int, last: Bool, unanswered: Int, at now: Milliseconds) -> Release {
        let due = (queuedAt[message] ?? -.infinity) + Self.eventGapMs
        if last { queuedAt[message] = nil }
        guard heldEvents.count < Self.maximumHeldEvents else {
            // A client that never stops sending gets its events anyway, in order.
            defer { heldEvents.removeAll() }
            return .write(heldEvents.map(\.text).joined() + event)
        }
        heldEvents.append((event, due))
        return release(unanswered: unanswered, at: now)
    }

    /// What was held back and is due, once the client no longer waits for a reply
    /// (`unanswered` lines, or `SPEAK` data); and a wake-up for the rest.
    mutating func release(unanswered: Int, at now: Milliseconds) -> Release {
        guard !heldEvents.isEmpty, unanswered == 0, !session.receivingData else { return .nothing }
        // In order: an event not yet due holds those after it.
        let ready = heldEvents.prefix { $0.due <= now }.count
        let text = heldEvents.prefix(ready).map(\.text).joined()
        heldEvents.removeFirst(ready)
        guard let next = heldEvents.first?.due else { return ready == 0 ? .nothing : .write(text) }
        if let asked = wakeAt, asked <= next { return ready == 0 ? .nothing : .write(text) }
        wakeAt = next
        return ready == 0 ? .wake(at: next) : .writeThenWake(text, at: next)
    }
}
