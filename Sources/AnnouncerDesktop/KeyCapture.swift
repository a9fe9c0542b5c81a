/// How the review takes its keys from the application with the focus (docs/design.md §18).
///
/// - `grab`: on the X display, before any window sees them. A grab that takes a key tells the
///   window with the focus that the focus went to the grab, and back when the key is released.
/// - `application`: asked of the application as each key reaches it (AT-SPI's keystroke
///   listeners: the application asks the registry, which asks the reader, whether the key is
///   taken), with no change of focus. Only an application whose toolkit forwards its keys can
///   be asked, and each key waits for the answer.
///
/// Firefox (Gecko) takes the grab's focus change as its window losing the focus: its page gets
/// a blur event, and a menu or disclosure that closes on `focusout` closes under the review's
/// key (a navigation menu's links gone before K reaches them, a modal dialog's focus trap
/// sending the focus to its last button). So its keys are asked of it, as a screen reader that
/// takes no grab asks. Every other toolkit keeps its focus across a grab, or cannot be asked
/// (GTK 4 forwards no keys): its keys are grabbed.
public enum KeyCapture: Sendable, Equatable {
    case grab
    case application

    /// The capture for an application whose toolkit is `toolkit` (AT-SPI's ToolkitName).
    public static func of(toolkit: String?) -> KeyCapture {
        toolkit?.lowercased() == "gecko" ? .application : .grab
    }
}

/// The review's keys as an application asks about them (`KeyCapture.application`): which press
/// is a key the review takes now. The application does not know the screen reader's modifier
/// (Insert, CapsLock) is one: whether it is held is kept here, from its own presses and
/// releases, which are the reader's too. A taken key's release is taken with it.
public struct AskedKeys: Sendable, Equatable {
    public private(set) var modifierHeld = false
    /// The keys whose press was taken and whose release is still to come, by name.
    private var down: Set<String> = []

    public init() {}

    /// What the application is to do with the key `name` (its unshifted name, as the review's
    /// keys are named): `taken` when the review takes it, and `key` the review key a taken press
    /// is. `wanted` is what the review takes now (`ReviewKeyMap.keys`).
    public mutating func asked(_ name: String, pressed: Bool, shift: Bool = false, control: Bool = false, alt: Bool = false,
                               isModifier: Bool = false, wanted: Set<ReviewKey>) -> (taken: Bool, key: ReviewKey?) {
        if isModifier {
            modifierHeld = pressed
            return (true, nil)
        }
        guard pressed else { return (down.remove(name) != nil, nil) }
        // Alt alone is no review key's: Alt+K is the application's.
        guard !alt || control else { return (false, nil) }
        let key = ReviewKey(name, shift: shift, modifier: modifierHeld, controlAlt: control && alt, control: control)
        guard wanted.contains(key) else { return (false, nil) }
        down.insert(name)
        return (true, key)
    }
}
