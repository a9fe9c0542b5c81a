import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// The locale follows the user: announcer.conf's `locale`, else the environment's (LC_ALL, else
/// LC_MESSAGES, else LANG) when there is a table for it, else English; the voice for text with
/// no language is the configuration's, else the locale's language.
@Suite struct LocaleFollowsTheUserTests {
    @Test(arguments: [
        ([:], nil),
        (["LANG": "fr_FR.UTF-8"], "fr-FR"),
        (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"], "ja-JP"),
        (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LC_ALL": "ru_RU.UTF-8"], "ru-RU"),
        (["LC_ALL": "", "LANG": "pt_BR.UTF-8"], "pt-BR"),
        (["LANG": "C.UTF-8"], nil),
        (["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"], nil),
        (["LANG": "sr_RS@latin"], "sr-RS"),
    ] as [([String: String], String?)])
    func theEnvironmentsLocale(_ variables: [String: String], _ tag: String?) {
        #expect(ConfigurationSources.environmentLocale { variables[$0] } == tag)
    }

    private func loaded(configuration: String?, environment: String?) throws -> Configuration {
        var sources = ConfigurationSources(configuration: configuration.map { (path: "announcer.conf", text: $0) }, packagedTables: packagedTables)
        sources.environmentLocale = environment
        var warnings: [ConfigError] = []
        return try sources.load(warnings: &warnings).0
    }

    @Test func theConfigurationThenTheEnvironmentThenEnglish() throws {
        // The environment, when announcer.conf names no locale; its region finds the language's table.
        #expect(try loaded(configuration: nil, environment: "fr-FR").locale == "fr")
        #expect(try loaded(configuration: "rate = 200\n", environment: "pt-BR").locale == "pt-BR")
        #expect(try loaded(configuration: nil, environment: "pt-PT").locale == "pt-BR")
        #expect(try loaded(configuration: nil, environment: "zh-CN").locale == "zh-Hans")
        // announcer.conf wins.
        #expect(try loaded(configuration: "locale = de\n", environment: "fr-FR").locale == "de")
        // A language with no table, or none: English.
        #expect(try loaded(configuration: nil, environment: "sw-KE").locale == "en")
        #expect(try loaded(configuration: nil, environment: nil).locale == "en")
    }

    @Test func theVoiceIsTheLocalesUnlessOneIsChosen() throws {
        #expect(try loaded(configuration: nil, environment: "ja-JP").voice == "ja")
        #expect(try loaded(configuration: "locale = ru\n", environment: nil).voice == "ru")
        #expect(try loaded(configuration: "locale = ru\nvoice = en-GB\n", environment: nil).voice == "en-GB")
        #expect(try loaded(configuration: nil, environment: nil).voice == "en")
    }

    /// The packaged announcer.conf names neither: a fresh install speaks the user's language.
    @Test func thePackagedConfigurationLeavesBothToTheUser() throws {
        let text = try packagedConfigurationText()
        let file = try KeyValueFile(parsing: text, name: "announcer.conf")
        #expect(file["locale"] == nil)
        #expect(file["voice"] == nil)
    }
}
