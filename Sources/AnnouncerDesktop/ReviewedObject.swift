import AnnouncerElements
import AnnouncerSupport

/// The object the review cursor is on, as the focus's rules see it (docs/design.md §18): a change
/// to it is said, as a change to the focus is (Insert+Enter toggled it); and the focus the review
/// gave it (Enter or Space on the browse cursor's item, which focuses it and then acts), saying
/// what the cursor said of it, is heard already, not said again, as NVDA's browse mode does not.
/// The bridge sets both as the cursor moves and acts. Pure (ReviewedObjectTests).
public struct ReviewedObject: Sendable {
    /// The object the review cursor is on and what was said of it.
    public var object: (id: String, element: Element)?
    /// The object the review gave the focus, until the next focus is said (the one asked for
    /// comes before anything a later key moves: the application takes the request first), at
    /// most `askedFocusMs`. A key pressed meanwhile leaves it: on a loaded machine the test's
    /// next key came before the focus Return gave Chromium's combo box, which was said again.
    /// A focus the application moved (Shift+Tab back to the item the review is on) is said.
    public private(set) var focusAsked: String?
    /// When it was asked.
    private var focusAskedAt: Milliseconds = 0
    /// How long a focus asked for is waited for: one that never came (the object had it
    /// already) is not taken for a later one.
    public static let askedFocusMs: Milliseconds = 2000

    public init() {}

    /// The review gave `id` the focus.
    public mutating func ask(_ id: String, at now: Milliseconds) {
        focusAsked = id
        focusAskedAt = now
    }

    /// A change to `object`, which has not the focus: the reviewed object said again when it says
    /// something else now, else nothing.
    public mutating func changed(_ object: AccessibleSnapshot, element: (AccessibleSnapshot) -> Element) -> DesktopRequest? {
        guard let reviewed = self.object, reviewed.id == object.id else { return nil }
        let element = element(object)
        guard !Self.saysTheSame(element, as: reviewed.element) else { return nil }
        self.object = (object.id, element)
        return .focus(element)
    }

    /// Whether the focus coming to `id`, said as `element` at `now`, is the one the review asked
    /// for and says what the cursor said of it: heard already.
    public func heard(_ id: String, as element: Element, at now: Milliseconds) -> Bool {
        guard focusAsked == id, let reviewed = object, reviewed.id == id, now - focusAskedAt <= Self.askedFocusMs else { return false }
        return Self.saysTheSame(element, as: reviewed.element)
    }

    /// A focus was said (the one asked for, or another): none is waited for any more.
    public mutating func focusSaid() {
        focusAsked = nil
    }

    /// Whether an object says what the review said of its item: its name, value, traits and
    /// range (the item's reading is the same element made for a line of the page, with its
    /// children gathered into its name).
    static func saysTheSame(_ element: Element, as item: Element) -> Bool {
        element.label == item.label && element.value == item.value && element.traits == item.traits && element.range == item.range
    }
}
