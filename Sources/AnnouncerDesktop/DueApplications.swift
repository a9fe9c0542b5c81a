import AnnouncerSupport

/// Applications each due for something a moment from now (`EventTriage`'s probes and searches
/// for a focus): when each timer of the shell fires, the applications whose time has come, in
/// the order they were asked for, a timer that fires up to a millisecond early included. Pure
/// (DueApplicationsTests).
public struct DueApplications: Sendable, Equatable {
    private var due: [Due] = []

    private struct Due: Sendable, Equatable {
        var application: String
        var at: Milliseconds
    }

    public init() {}

    public var isEmpty: Bool { due.isEmpty }

    /// `application` is due at `at`.
    public mutating func add(_ application: String, at: Milliseconds) {
        due.append(Due(application: application, at: at))
    }

    /// The applications due by `now`, in order, taken; the later ones wait for their own timer.
    public mutating func take(at now: Milliseconds) -> [String] {
        let taken = due.filter { $0.at <= now + 1 }
        due.removeAll { $0.at <= now + 1 }
        return taken.map(\.application)
    }
}
