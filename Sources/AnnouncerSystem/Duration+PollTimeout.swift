extension Duration {
    /// The duration as poll(2)'s timeout: whole milliseconds rounded up (a wait never ends
    /// before its deadline), never negative, at most `Int32.max`.
    public var pollTimeout: Int32 {
        let (seconds, attoseconds) = max(self, .zero).components
        guard seconds < Int64(Int32.max) / 1000 else { return .max }
        return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
