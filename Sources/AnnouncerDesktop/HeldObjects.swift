/// What the user's keys asked of an object while its application was silent (`EventTriage`):
/// the review's focus, browse mode's Tab to it (its text selected, then its focus), its action.
public enum HeldRequest: Sendable, Equatable {
    case focus, tabTo, activate
}

/// What the shell keeps of each application while `EventTriage` decides (docs/design.md §12): the
/// focus a silent application held, the requests the user's keys made of it, in order, and the
/// root of an application met whose focus is looked for. Generic over the object kept (an AT-SPI
/// reference in the shell), so that what is kept, taken and let go is decided here, with no
/// AT-SPI: a held focus is the application's latest, taken once; its requests are taken all at
/// once, in order; an application that left the bus is let go of whole. Pure (HeldObjectsTests).
public struct HeldObjects<Object> {
    private var focus: [String: Object] = [:]
    private var requests: [String: [(request: HeldRequest, object: Object)]] = [:]
    private var roots: [String: Object] = [:]

    public init() {}

    /// `object` is `application`'s focus, held until it answers (a newer one replaces it).
    public mutating func holdFocus(_ object: Object, of application: String) {
        focus[application] = object
    }

    /// The focus `application` held, taken.
    public mutating func takeFocus(of application: String) -> Object? {
        focus.removeValue(forKey: application)
    }

    /// The user's keys asked `request` of `object`, in `application`, silent now.
    public mutating func hold(_ request: HeldRequest, of object: Object, in application: String) {
        requests[application, default: []].append((request, object))
    }

    /// What the user's keys asked of `application` while it was silent, in order, taken.
    public mutating func takeRequests(of application: String) -> [(request: HeldRequest, object: Object)] {
        requests.removeValue(forKey: application) ?? []
    }

    /// `application` was met, or its focus could not be read: its focus is looked for from `root`.
    public mutating func met(_ application: String, root: Object) {
        roots[application] = root
    }

    /// The root `application`'s focus is looked for from.
    public func root(of application: String) -> Object? {
        roots[application]
    }

    /// The roots of the applications whose focus is no longer looked for are let go.
    public mutating func keepRoots(where wanted: (String) -> Bool) {
        roots = roots.filter { wanted($0.key) }
    }

    /// `application` left the bus: all that was kept of it is let go.
    public mutating func gone(_ application: String) {
        focus[application] = nil
        requests[application] = nil
        roots[application] = nil
    }
}

extension HeldObjects: Sendable where Object: Sendable {}
