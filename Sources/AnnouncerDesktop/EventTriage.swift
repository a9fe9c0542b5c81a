import AnnouncerSupport

/// Which accessibility events the bridge reads, before it reads any (docs/design.md §12). Reading
/// an event's object costs calls to its application, on the bridge's one main loop: an
/// application that does not answer (hung, stopped) costs each call libatspi's timeout, and one
/// that floods (a progress bar, a log) costs calls at every change, while every other
/// application's events wait behind them. Pure (EventTriageTests); the bridge reads, times its
/// calls and probes.
///
/// - A change, or a caret move, is read only on the object spoken as the focus (or waiting to
///   be), the object the review is on and the window whose title waits to be said (its name
///   changes as its page loads): nothing else of it would be said.
/// - A text changed outside the focus (a web page's live region), a select's menu's choice and
///   a page's load are read, unless their application is silent.
/// - An application one of whose calls timed out is silent: none of its events that need a
///   call is read, and its tree is not walked, until it answers a probe (sent without waiting
///   for the answer). Its latest focus is held meanwhile, and read when it answers, unless
///   another application's focus came since.
/// - An application the bridge has just met (one that joined the desktop, or every one when the
///   bridge starts) may hold a focus it sent no event of: a toolkit turns its accessibility on
///   only once it has heard of a screen reader (at-spi2-atk), so a window that took the focus
///   at once, or before the bridge ran, said nothing. Its focus is looked for while it answers,
///   again a moment later while no window of it has the focus yet (its window may be mapped
///   just after it joined), at most `focusSearches` times, and not once a focus event came.
public struct EventTriage: Sendable {
    /// What reading an event costs.
    public enum Cost: Sendable, Equatable {
        /// Reading the object that gained the focus.
        case focus
        /// Reading the object that changed (a name, a value, a state) or whose caret moved.
        case change
        /// Reading the window that became active.
        case window
        /// Reading an object beside the focus that may yet be said: whether a text changed
        /// outside the focus is a live region's, a select's menu that chose, a page that loaded.
        case outsideFocus
        /// No call: what the event carries is all there is (typing, an announcement), or the
        /// event is only noted (the review's tree changed).
        case none
    }

    /// What to do with an event.
    public enum Decision: Sendable, Equatable {
        case read
        /// Not read: nothing of it would be said, or its application is silent.
        case skip
        /// A silent application's focus: kept, and read when the application answers.
        case hold
    }

    /// What the bridge is asked to do.
    public enum Action: Sendable, Equatable {
        /// Ask the application, without waiting, whether it answers; `afterMs` from now.
        case probe(application: String, afterMs: Milliseconds)
        /// The application answers again: read the focus it was holding.
        case readHeldFocus(application: String)
        /// Carry out what the user's keys asked of the application while it was silent (the
        /// review's focus or action), in order.
        case performHeldRequests(application: String)
        /// Look for the application's focus (its active window's focused object), `afterMs` from
        /// now, and read it.
        case findFocus(application: String, afterMs: Milliseconds)
        /// Say in the log that the application stopped answering, or answers again after `ms`.
        case log(String)
    }

    /// How a probe ended.
    public enum ProbeResult: Sendable, Equatable {
        case answered
        /// No answer within the probe's own timeout: still silent.
        case noReply
        /// The application left the bus.
        case gone
    }

    /// A probe that failed at once is sent again this much later, not in a loop.
    public var probeRetryMs: Milliseconds = 500

    private struct Silence {
        var since: Milliseconds
        var holdsFocus = false
        var holdsRequests = false
    }

    private var silent: [String: Silence] = [:]
    /// Applications whose focus is to be looked for, with how often it was, and how often it was
    /// not found.
    private var focusUnknown: [String: (searches: Int, misses: Int)] = [:]
    /// Focus events so far: a search's result that a newer focus overtook (events are taken while
    /// its calls wait) is not said.
    public private(set) var focusesSeen = 0
    /// How often an application's focus is looked for: when met, once it answers if that timed
    /// out (an application that turns its accessibility on takes seconds to answer that first
    /// time, with a large window), and while none was found, 250 ms later, then twice as long
    /// each time: for two minutes in all. On a loaded machine a window can take its focus more
    /// than ten seconds after its application joined the bus, and the events of that focus can
    /// be lost (CI heard nothing of Qt's editor whose text had the focus, 150 s on); a search
    /// that finds nothing costs a few calls.
    static let focusSearches = 10
    /// The application of the latest focus event, read or held.
    private var latestFocus: String?

    public init() {}

    /// What an event of `type` costs to read (its AT-SPI event type).
    public static func cost(of type: String, detail1: Int) -> Cost {
        switch type {
        case "object:state-changed:focused": detail1 == 1 ? .focus : .none
        case "object:active-descendant-changed": .focus
        case "window:activate": .window
        case "object:text-caret-moved", "object:text-selection-changed": .change
        case "object:announcement": .none
        // Only an alert's appearing is said: its role is read, as a change beside the focus is.
        case "object:state-changed:showing": detail1 == 1 ? .outsideFocus : .none
        case _ where type.hasPrefix("object:text-changed"), "object:state-changed:busy", "object:selection-changed", "document:load-complete": .outsideFocus
        case _ where type.hasPrefix("object:children-changed") || type.hasPrefix("document:"): .none
        case _ where type.hasPrefix("object:state-changed") || type.hasPrefix("object:property-change") || type == "object:value-changed": .change
        default: .none
        }
    }

    public func isSilent(_ application: String) -> Bool { silent[application] != nil }

    /// Whether to read an event of `application` about `object`, which costs `cost`; `focused`,
    /// `reviewed` and `window` (the window whose title waits) are the objects whose changes are
    /// said.
    public mutating func decide(_ cost: Cost, application: String, object: String, focused: String?, reviewed: String?,
                                window: String? = nil) -> Decision {
        if cost == .focus {
            latestFocus = application
            focusesSeen += 1
            // A newer focus than any an application met before held.
            focusUnknown = [:]
        }
        guard cost != .none else { return .read }
        // Typing in the focus: the event carries the text, and reading it costs no call.
        if cost == .outsideFocus, object == focused { return .read }
        if cost == .change, object != focused, object != reviewed, object != window { return .skip }
        guard silent[application] != nil else { return .read }
        if cost == .focus {
            silent[application]?.holdsFocus = true
            return .hold
        }
        return .skip
    }

    /// The bridge met `application` (it joined the desktop, or was there when the bridge
    /// started): its focus is looked for, now or once it answers.
    public mutating func met(_ application: String) -> [Action] {
        focusUnknown[application] = (0, 0)
        return silent[application] == nil ? [.findFocus(application: application, afterMs: 0)] : []
    }

    /// A focus event of `application` that could not be read (its object not yet exported, as
    /// an application starting sends its first focus, or gone): the focus is unknown again, so
    /// the application is looked for as one met is, a moment later (the event cleared every
    /// search, and without another event its focus would never be said).
    public mutating func focusUnread(_ application: String) -> [Action] {
        guard silent[application] == nil else { return [] }
        focusUnknown[application] = (0, 0)
        return [.findFocus(application: application, afterMs: 250)]
    }

    /// Whether to look for `application`'s focus now (a search counted), asked as `findFocus` is
    /// acted on: not once a focus came, nor while it is silent, nor past `focusSearches`.
    public mutating func searchesFocus(of application: String) -> Bool {
        guard let unknown = focusUnknown[application], unknown.searches < Self.focusSearches, silent[application] == nil else { return false }
        focusUnknown[application]?.searches += 1
        return true
    }

    /// Whether `application`'s focus is still to be looked for (now, later, or once it answers).
    public func wantsFocus(of application: String) -> Bool { focusUnknown[application] != nil }

    /// `application`'s focus was looked for and the search answered: found, it is the focus (the
    /// newest: no other search is made); not found, it is looked for again a moment later (its
    /// window may be about to take it).
    public mutating func focusSearched(_ application: String, found: Bool) -> [Action] {
        guard let unknown = focusUnknown[application] else { return [] }
        if found {
            focusUnknown = [:]
            latestFocus = application
            return []
        }
        guard unknown.searches < Self.focusSearches else {
            focusUnknown[application] = nil
            return [.log("no focus found in \(application) after \(unknown.searches) searches")]
        }
        focusUnknown[application]?.misses += 1
        return [.findFocus(application: application, afterMs: 250 * Milliseconds(1 << min(unknown.misses, 8)))]
    }

    /// A call to `application` timed out (or took as long): it is silent from now, and probed.
    public mutating func timedOut(_ application: String, at now: Milliseconds) -> [Action] {
        guard silent[application] == nil else { return [] }
        silent[application] = Silence(since: now)
        return [.log("\(application) does not answer; its events wait until it does"), .probe(application: application, afterMs: 0)]
    }

    /// A focus of `application` timed out while it was read: held, as one that came while it
    /// was silent.
    public mutating func holdFocus(of application: String) {
        silent[application]?.holdsFocus = true
    }

    /// A user's key asked `application`, silent now, for something (the review's focus or
    /// action): kept, and carried out once it answers, never dropped. Whether it is silent.
    public mutating func holdRequest(of application: String) -> Bool {
        guard silent[application] != nil else { return false }
        silent[application]?.holdsRequests = true
        return true
    }

    public mutating func probed(_ application: String, _ result: ProbeResult, at now: Milliseconds) -> [Action] {
        guard let silence = silent[application] else { return [] }
        switch result {
        case .noReply:
            return [.probe(application: application, afterMs: probeRetryMs)]
        case .gone:
            silent[application] = nil
            focusUnknown[application] = nil
            return [.log("\(application) left the bus")]
        case .answered:
            silent[application] = nil
            var actions: [Action] = [.log("\(application) answers again after \(Int(now - silence.since)) ms")]
            if silence.holdsRequests { actions.append(.performHeldRequests(application: application)) }
            if silence.holdsFocus, latestFocus == application { actions.append(.readHeldFocus(application: application)) }
            if focusUnknown[application] != nil { actions.append(.findFocus(application: application, afterMs: 0)) }
            return actions
        }
    }
}
