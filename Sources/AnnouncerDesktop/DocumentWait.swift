/// A page's document that took the focus, waiting for its first item to be said once a walk has
/// read its tree (docs/design.md §12, page load): an item with no words of its own yet is a
/// page still being laid out, and the tree is read again every `readAgainMs`, at most
/// `mostReads` times (2 s), after which the item is said as it is (`DesktopReview.documentShown`
/// decides what is said). The shell walks the tree. Pure (DocumentWaitTests).
public struct DocumentWait: Sendable, Equatable {
    /// How long after a walk whose item had no words the tree is read again.
    public static let readAgainMs = 200
    /// How many times it is read again before the item is said as it is.
    public static let mostReads = 10
    /// The document waiting, and how many times its tree was read again.
    public private(set) var document: String?
    private var reads = 0

    public init() {}

    /// The review moved to another window or document (`document`, the web document the focus
    /// is in, if any) as the focus came to `focus`: a page's document that took the focus itself
    /// waits for its first item; anything else waits for none.
    public mutating func rootChanged(document: String?, focus: String) {
        self.document = document == focus ? focus : nil
        reads = 0
    }

    /// A walk of the tree under `root` ended: the document whose first item is to be said now,
    /// and whether it has waited enough to be said without words; nil when no document waits
    /// for this walk.
    public func walked(root: String) -> (document: String, waitedEnough: Bool)? {
        guard let document, root == document else { return nil }
        return (document, reads >= Self.mostReads)
    }

    /// The item was said, or there was nothing to say: it waits no more.
    public mutating func said() {
        document = nil
        reads = 0
    }

    /// Its first item had no words yet: the tree is to be read again, `readAgainMs` from now.
    public mutating func readAgain() -> Int {
        reads += 1
        return Self.readAgainMs
    }
}
