import AnnouncerElements

/// What is in front of the user: the clients' trees, the keyboard acting on the one registered
/// or updated last, and the window a door said last (the same one again is not said).
struct Foreground {
    struct Window: Equatable {
        var client: Int
        var title: String
        var role: WindowRole
    }

    /// Clients with a tree, least recently registered or updated first.
    private var treeOwners: [Int] = []
    private var window: Window?

    /// The client the keyboard acts on.
    var keyboardOwner: Int? { treeOwners.last }

    /// A door's window became active: true when it is to be said, false for the same window
    /// again (a door's doubled event).
    mutating func windowActivated(_ activated: Window) -> Bool {
        guard activated != window else { return false }
        window = activated
        return true
    }

    /// The client registered or updated its tree: the keyboard acts on it now. A client's own
    /// screen is a window of its own: a door's window is said again after it.
    mutating func treeChanged(by client: Int) {
        window = nil
        treeOwners.removeAll { $0 == client }
        treeOwners.append(client)
    }

    /// The client has gone, with its tree and its window.
    mutating func remove(_ client: Int) {
        treeOwners.removeAll { $0 == client }
        if window?.client == client { window = nil }
    }
}
