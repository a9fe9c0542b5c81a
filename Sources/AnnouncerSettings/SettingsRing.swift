/// The settings a listener's keys go round, as NVDA's synthesizer settings ring does: one is
/// chosen (the rate, at first); the next or previous key chooses another, which is said with its
/// value; up and down step the chosen one (`SettingChange`). The desktop door's and the
/// terminal door's keys both drive it. Pure (SettingsRingTests).
public struct SettingsRing: Sendable, Equatable {
    public private(set) var chosen = UserSetting.rate

    public init() {}

    /// Chooses the next (or previous) setting, round the ring.
    public mutating func choose(next: Bool) -> UserSetting {
        // The locale is not on the ring: a slip of a key should not change the language.
        let all = UserSetting.allCases.filter { $0 != .locale }
        let index = all.firstIndex(of: chosen)!
        chosen = all[(index + (next ? 1 : all.count - 1)) % all.count]
        return chosen
    }

    /// The chosen setting a step up or down.
    public func step(up: Bool) -> SettingChange {
        SettingChange(chosen, up ? .up : .down)
    }
}
