import AnnouncerSettings
import AnnouncerTerminal
import Testing

/// `announce term`'s settings keys: Alt-S gives the arrows to the settings until another key.
@Suite struct SettingsPrefixTests {
    @Test func altSGivesTheArrowsToTheSettingsUntilAnotherKey() {
        var keys = SettingsPrefix()
        #expect(keys.take(.up) == .notTaken)
        #expect(keys.take(.settings) == .say(.rate))
        #expect(keys.take(.up) == .change(SettingChange(.rate, .up)))
        #expect(keys.take(.report) == .notTaken)
        #expect(keys.active)
        #expect(keys.take(.right) == .say(.pitch))
        #expect(keys.take(.down) == .change(SettingChange(.pitch, .down)))
        #expect(keys.take(.left) == .say(.rate))
        #expect(keys.take(.typed("x")) == .notTaken)
        #expect(!keys.active)
        #expect(keys.take(.down) == .notTaken)
        // The ring keeps its place: Alt-S again says the setting chosen last.
        #expect(keys.take(.settings) == .say(.rate))
        #expect(keys.take(.escape) == .notTaken)
    }
}
