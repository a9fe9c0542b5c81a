@testable import AnnouncerSettings
@testable import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// The settings a listener changes as they listen: stepping, setting by the file's rule, what is
/// said, and the file written back with its comments.
@Suite struct UserSettingTests {
    @Test(arguments: [
        // A number moves by its step and stops at its bounds.
        (UserSetting.rate, "175", true, "200"), (.rate, "175", false, "150"), (.rate, "450", true, "450"), (.rate, "80", false, "80"),
        (.rate, "440", true, "450"), (.rate, "90", false, "80"), (.rate, "200", false, "175"),
        (.pitch, "50", true, "60"), (.pitch, "100", true, "100"), (.pitch, "0", false, "0"), (.pitch, "55", false, "50"),
        (.volume, "100", true, "110"), (.volume, "200", true, "200"), (.volume, "5", false, "0"),
        // A choice goes round.
        (.punctuation, "none", true, "some"), (.punctuation, "some", true, "most"), (.punctuation, "most", true, "all"),
        (.punctuation, "all", true, "none"), (.punctuation, "none", false, "all"),
        (.hints, "on", true, "off"), (.hints, "off", true, "on"), (.positions, "on", false, "off"),
    ] as [(UserSetting, String, Bool, String)])
    func aStepMovesToTheNextValue(setting: UserSetting, from: String, up: Bool, to: String) throws {
        var configuration = Configuration()
        try configuration.set(setting, to: from)
        #expect(configuration.stepped(setting, up: up) == to)
    }

    @Test func theVoiceGoesRoundTheVoicesGiven() throws {
        var configuration = Configuration()
        let voices = ["en", "en-gb", "en-us"]
        #expect(configuration.stepped(.voice, up: true, voices: voices) == "en-gb")
        #expect(configuration.stepped(.voice, up: false, voices: voices) == "en-us")
        try configuration.set(.voice, to: "en-us")
        #expect(configuration.stepped(.voice, up: true, voices: voices) == "en")
        // A voice not among them (set by hand) steps to the first, or back to the last.
        try configuration.set(.voice, to: "de")
        #expect(configuration.stepped(.voice, up: true, voices: voices) == "en")
        #expect(configuration.stepped(.voice, up: false, voices: voices) == "en-us")
        #expect(configuration.stepped(.voice, up: true) == "de")
    }

    /// A value is read as the file's line is: the same bounds, the same errors.
    @Test(arguments: [
        (UserSetting.rate, "79", "rate: expected words per minute from 80 to 450, got \"79\""),
        (.pitch, "101", "pitch: expected a pitch from 0 to 100, got \"101\""),
        (.volume, "loud", "volume: expected a volume from 0 to 200, got \"loud\""),
        (.punctuation, "few", "punctuation: expected none, some, most or all, got \"few\""),
        (.hints, "yes", "hints: expected on or off, got \"yes\""),
        (.voice, "en gb", "voice: expected a language tag or an espeak-ng voice name"),
    ] as [(UserSetting, String, String)])
    func aBadValueIsTheFilesError(setting: UserSetting, value: String, message: String) {
        var configuration = Configuration()
        #expect(throws: ConfigError(file: setting.rawValue, line: 0, message)) { try configuration.set(setting, to: value) }
        #expect(configuration == Configuration())
    }

    @Test(arguments: [
        ("en", UserSetting.rate, "220", "Rate 220."), ("en", .punctuation, "most", "Punctuation most."), ("en", .hints, "off", "Hints off."),
        ("en", .positions, "on", "Positions on."), ("en", .voice, "en-gb", "Voice en-gb."),
        ("de", .rate, "220", "Geschwindigkeit 220."), ("de", .punctuation, "all", "Satzzeichen alle."), ("de", .hints, "off", "Hinweise aus."),
        ("zh-Hans", .volume, "120", "音量 120。"), ("zh-Hans", .positions, "off", "位置 关。"),
    ] as [(String, UserSetting, String, String)])
    func aChangeIsSaidInTheLocalesWords(locale: String, setting: UserSetting, value: String, said: String) throws {
        var configuration = Configuration()
        try configuration.set(setting, to: value)
        #expect(configuration.spoken(setting, in: try #require(packagedCatalog.table(for: locale))) == said)
    }

    /// Every setting can be written and read back: what the file holds is what was set.
    @Test func everySettingIsWrittenAsTheFileReadsIt() throws {
        var configuration = Configuration()
        for setting in UserSetting.allCases { try configuration.set(setting, to: configuration.stepped(setting, up: true, voices: ["de"])) }
        let text = KeyValueFile.text(nil, setting: UserSetting.allCases.map { ($0.rawValue, configuration.value(of: $0)) })
        #expect(try Configuration(file: KeyValueFile(parsing: text, name: "announcer.conf")) == configuration)
    }

    @Test func theFileKeepsItsCommentsAndOtherLines() {
        let before = """
            # My settings.
            locale = de
              rate = 175
            # rate = 300 (a comment, not the setting)

            sink = speaker
            """
        #expect(KeyValueFile.text(before + "\n", setting: [("rate", "220"), ("punctuation", "most")]) == """
            # My settings.
            locale = de
              rate = 220
            # rate = 300 (a comment, not the setting)

            sink = speaker
            punctuation = most

            """)
        // No newline at its end: one is added, and the new line comes after.
        #expect(KeyValueFile.text("rate = 175", setting: [("hints", "off")]) == "rate = 175\nhints = off\n")
        // No file yet: begun with a comment.
        let new = KeyValueFile.text(nil, setting: [("rate", "200")])
        #expect(new.hasPrefix("# Announcer configuration"))
        #expect(new.hasSuffix("\nrate = 200\n"))
    }
}
