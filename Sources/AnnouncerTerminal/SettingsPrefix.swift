import AnnouncerSettings

/// `announce term`'s settings keys (docs/design.md §13): Alt-S says the setting chosen on the
/// ring (`SettingsRing`) with its value, and gives the arrows to the settings: Left and Right
/// choose another, Up and Down step it; any other key gives them back to the program, and goes
/// to it. Pure (SettingsPrefixTests).
public struct SettingsPrefix: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Not a settings key: the key is the program's.
        case notTaken
        /// Say this setting with its value.
        case say(UserSetting)
        /// Ask the daemon for this change (it says it).
        case change(SettingChange)
    }

    /// Whether the arrows are the settings'.
    public private(set) var active = false
    public private(set) var ring = SettingsRing()

    public init() {}

    public mutating func take(_ key: TerminalKey) -> Outcome {
        if key == .settings {
            active = true
            return .say(ring.chosen)
        }
        guard active else { return .notTaken }
        switch key {
        case .left: return .say(ring.choose(next: false))
        case .right: return .say(ring.choose(next: true))
        case .up: return .change(ring.step(up: true))
        case .down: return .change(ring.step(up: false))
        // The user's terminal answering the program is no key: the arrows stay the settings'.
        case .report: return .notTaken
        default:
            active = false
            return .notTaken
        }
    }
}
