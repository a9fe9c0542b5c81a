/// What a `window` request's window is: an application's window (its title alone is said), a
/// dialog or a document (the title, then the role's word from the locale table).
public enum WindowRole: String, Sendable, CaseIterable {
    case window
    case dialog
    case document
}
