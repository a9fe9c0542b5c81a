/// Whether a walk of the review's tree that was cut short is read again (docs/design.md §18). A
/// walk cut short (an application slow to answer: Firefox on a loaded machine, just after its
/// page took the focus, gave its document and none of the page) is not the tree: the review
/// answers from it only until the next review key, which reads the tree again, and so on while
/// each walk cut short reads more than the one before (the application is catching up). One that
/// reads no more is kept until the tree changes: the application is slow, not only busy for a
/// moment, and each key must not cost another walk. Nor is a walk that only ran out of time read
/// again (a tree of 10,000 objects): reading it again would read as little, and hold every key
/// for the walk's seconds. The shell walks. Pure (CutShortWalksTests).
public struct CutShortWalks: Sendable, Equatable {
    /// How many objects the walk that read the tree in hand read, when it was cut short and the
    /// tree is to be read again.
    private var read: Int?

    public init() {}

    /// A walk ended that read `objects`, `cutShort` or not, and cut short only because it
    /// `ranOutOfTime`: whether the tree is to be read again before the next review key.
    public mutating func ended(cutShort: Bool, ranOutOfTime: Bool, objects: Int) -> Bool {
        let again = cutShort && !ranOutOfTime && objects > (read ?? 0)
        read = again ? objects : nil
        return again
    }
}
