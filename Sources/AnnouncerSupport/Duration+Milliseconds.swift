extension Duration {
    /// The duration in milliseconds, fractions kept: the unit of every deadline and timeout in
    /// Announcer's settings and state machines (`quiet-ms`, `Milliseconds`).
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
