import AnnouncerSettings
import Testing

/// The ring the settings keys go round: every setting once, in order, both ways; the locale
/// is not on it (a slip of a key should not change the language: `announce set locale`).
@Suite struct SettingsRingTests {
    @Test func theRingGoesRoundEverySettingBothWays() {
        var ring = SettingsRing()
        #expect(ring.chosen == .rate)
        let ringed = UserSetting.allCases.filter { $0 != .locale }
        let forward = (0..<ringed.count).map { _ in ring.choose(next: true) }
        #expect(forward == Array(ringed.dropFirst()) + [.rate])
        let backward = (0..<ringed.count).map { _ in ring.choose(next: false) }
        #expect(backward == Array(ringed.reversed()))
        #expect(ring.chosen == .rate)
        #expect(ring.step(up: true) == SettingChange(.rate, .up))
        _ = ring.choose(next: false)
        #expect(ring.step(up: false) == SettingChange(.typingEcho, .down))
    }
}
