import AnnouncerCore
import Testing

/// The ring the settings keys go round: every setting once, in order, both ways.
@Suite struct SettingsRingTests {
    @Test func theRingGoesRoundEverySettingBothWays() {
        var ring = SettingsRing()
        #expect(ring.chosen == .rate)
        let forward = (0..<UserSetting.allCases.count).map { _ in ring.choose(next: true) }
        #expect(forward == Array(UserSetting.allCases.dropFirst()) + [.rate])
        let backward = (0..<UserSetting.allCases.count).map { _ in ring.choose(next: false) }
        #expect(backward == Array(UserSetting.allCases.reversed()))
        #expect(ring.chosen == .rate)
        #expect(ring.step(up: true) == SettingChange(.rate, .up))
        _ = ring.choose(next: false)
        #expect(ring.step(up: false) == SettingChange(.typingEcho, .down))
    }
}
