/// The desktop notifications said, for a listener who missed one (docs/design.md §18):
/// Insert+N says the newest, Insert+Shift+N each one before, back to the oldest kept. Pure
/// (NotificationHistoryTests).
public struct NotificationHistory: Sendable, Equatable {
    /// The most kept: the oldest goes first.
    public static let kept = 50
    private var texts: [String] = []
    /// The one said last by `newest` or `older`.
    private var position: Int?

    public init() {}

    public var isEmpty: Bool { texts.isEmpty }

    public mutating func add(_ text: String) {
        texts.append(text)
        if texts.count > Self.kept { texts.removeFirst(texts.count - Self.kept) }
        position = nil
    }

    /// The newest; from there `older` goes back.
    public mutating func newest() -> String? {
        position = texts.isEmpty ? nil : texts.count - 1
        return texts.last
    }

    /// The one before the one said last (the newest first); nil at the oldest, where it stays.
    public mutating func older() -> String? {
        guard let position else { return newest() }
        guard position > 0 else { return nil }
        self.position = position - 1
        return texts[position - 1]
    }
}
