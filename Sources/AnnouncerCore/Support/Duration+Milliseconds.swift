extension Duration {
    /// The duration in milliseconds, fractions kept: the unit of every clock reading in Announcer.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
