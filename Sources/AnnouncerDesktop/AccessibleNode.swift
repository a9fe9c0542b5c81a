/// An accessible object with its children, as the review reads a window or a document
/// (docs/design.md §18): the bridge walks libatspi's tree into it, the tests write it by hand.
public struct AccessibleNode: Sendable, Equatable {
    public var object: AccessibleSnapshot
    /// The children in the toolkit's order. In a text object (a paragraph, a web page's list
    /// item) they are the objects embedded in its text, one per U+FFFC, in the same order.
    public var children: [AccessibleNode]

    public init(_ object: AccessibleSnapshot, children: [AccessibleNode] = []) {
        self.object = object
        self.children = children
    }

    /// The character a text object holds in place of each embedded child.
    public static let embeddedObject: Character = "\u{FFFC}"
}
