import AnnouncerCore
import Foundation
import Testing
import AnnouncerTestSupport

@Suite struct LocaleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var description: String
        var hint: String?
        var configured = "en"
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "de button", json: #"{"label":"Abspielen","traits":["button"],"language":"de"}"#, description: "Abspielen. Taste."),
        Case(name: "de region falls back to de", json: #"{"label":"Abspielen","traits":["button"],"language":"de-AT"}"#, description: "Abspielen. Taste."),
        Case(name: "de switch", json: #"{"label":"WLAN","value":"1","traits":["button","switchButton"],"language":"de"}"#,
             description: "WLAN. Umschalttaste. Ein.", hint: "Zum Umschalten doppeltippen."),
        Case(name: "de selected series with grouped numbers", json: #"{"label":"Zeile","traits":["selected"],"language":"de","context":{"kind":"series","index":1500,"count":2000}}"#,
             description: "Auswahl: Zeile 1.500 von 2.000."),
        Case(name: "de list start", json: #"{"label":"Eins","language":"de","context":{"kind":"listStart"}}"#, description: "Eins. Anfang der Liste."),
        Case(name: "de back button drops Zurück", json: #"{"label":"Zurück","traits":["button","backButton"],"language":"de"}"#, description: "Zurück Taste."),
        Case(name: "zh-Hans button", json: #"{"label":"播放","traits":["button"],"language":"zh-Hans"}"#, description: "播放。按钮。"),
        Case(name: "zh alias", json: #"{"label":"播放","traits":["button"],"language":"zh-CN"}"#, description: "播放。按钮。"),
        Case(name: "zh-Hans tab position", json: #"{"label":"首页","traits":["button","tabBarItem"],"language":"zh-Hans","context":{"kind":"tab","index":1,"count":4}}"#,
             description: "首页。标签。第1项，共4项。"),
        Case(name: "zh-Hans adjustable hint", json: #"{"label":"音量","hint":"调整音量","traits":["adjustable"],"language":"zh-Hans"}"#,
             description: "音量。可调整。", hint: "调整音量。用一个手指向上或向下轻扫以调整值。"),
        Case(name: "zh-Hans text already ending in 。", json: #"{"label":"完成。","traits":["button"],"language":"zh-Hans"}"#, description: "完成。按钮。"),
        Case(name: "unknown language uses the configured locale", json: #"{"label":"Play","traits":["button"],"language":"fr"}"#,
             description: "Play. Taste.", configured: "de"),
        Case(name: "no language uses the configured locale", json: #"{"label":"Play","traits":["button"]}"#,
             description: "Play。按钮。", configured: "zh-Hans"),
        Case(name: "unknown configured locale falls back to en", json: #"{"label":"Play","traits":["button"],"language":"fr"}"#,
             description: "Play. Button.", configured: "xx"),
    ])
    func speaksTheElementsLanguage(_ testCase: Case) throws {
        let utterance = composer(locale: testCase.configured).compose(try element(testCase.json))
        #expect(utterance.description == testCase.description)
        #expect(utterance.hint == testCase.hint)
    }

    /// Every hint the composer synthesizes, and the word of each table it is said with.
    static let synthesizedHints: [(name: String, json: String, keyboard: LocaleWords.Word, touch: LocaleWords.Word)] = [
        ("switch", #"{"label":"Wi-Fi","value":"1","traits":["button","switchButton"]}"#, .keyboardSwitchHint, .touchSwitchHint),
        ("edit", #"{"label":"Name","traits":["textEntry"]}"#, .keyboardEditHint, .touchEditHint),
        ("editing", #"{"label":"Name","traits":["textEntry","isEditing"]}"#, .keyboardEditingHint, .touchEditingHint),
        ("edit area", #"{"label":"Notes","traits":["textEntry","textArea"]}"#, .keyboardEditAreaHint, .touchEditAreaHint),
        ("adjust", #"{"label":"Volume","value":"50%","traits":["adjustable"]}"#, .keyboardAdjustHint, .touchAdjustHint),
    ]

    /// A keyboard user hears keys in every locale: each table words every synthesized hint for
    /// the keyboard in its own language, and no touch gesture is said in its place.
    @Test(arguments: ["en", "de", "zh-Hans"])
    func everySynthesizedHintHasKeyboardWording(locale: String) throws {
        let words = try #require(packagedCatalog.table(for: locale))
        let english = try #require(packagedCatalog.table(for: "en"))
        let touchWords = Self.synthesizedHints.map { words[$0.touch] }
        for hint in Self.synthesizedHints {
            let said = composer(locale: locale, hintStyle: .keyboard).compose(try element(hint.json)).hint
            #expect(said == words[hint.keyboard], "\(locale) \(hint.name)")
            #expect(!touchWords.contains { said?.contains($0) == true }, "\(locale) \(hint.name): \(said ?? "")")
            if locale != "en" { #expect(words[hint.keyboard] != english[hint.keyboard], "\(locale) \(hint.name) is English") }
            #expect(composer(locale: locale).compose(try element(hint.json)).hint == words[hint.touch])
        }
    }

    @Test func packagedTablesAreTheThreeLocales() {
        #expect(packagedCatalog.tags == ["de", "en", "zh-Hans"])
    }

    @Test func numbersAreGroupedPerLocale() throws {
        #expect(packagedCatalog.table(for: "en")!.formatNumber(1234567) == "1,234,567")
        #expect(packagedCatalog.table(for: "de")!.formatNumber(1234567) == "1.234.567")
        #expect(packagedCatalog.table(for: "de")!.formatNumber(999) == "999")
    }

    @Test func aTableMissingAWordIsAClearError() throws {
        let file = try KeyValueFile(parsing: "locale = xx\nback = B\n", name: "xx.conf")
        let error = #expect(throws: ConfigError.self) { try LocaleWords(file: file) }
        #expect(error?.description == "xx.conf: the table has no \"selected\"")
    }

    @Test func aTableWithAnUnknownWordNamesTheLine() throws {
        let file = try KeyValueFile(parsing: "locale = xx\n\ntrait.buton = Knopf.\n", name: "xx.conf")
        let error = #expect(throws: ConfigError.self) { try LocaleWords(file: file) }
        #expect(error?.description == "xx.conf:3: unknown word \"trait.buton\"")
    }

    @Test func aBrokenLineNamesTheLine() {
        let error = #expect(throws: ConfigError.self) { try KeyValueFile(parsing: "locale = en\nbutton Button.\n", name: "en.conf") }
        #expect(error?.description == "en.conf:2: expected `key = value`, got \"button Button.\"")
    }

    @Test func withoutEnglishThereIsNoCatalog() throws {
        let de = packagedCatalog.table(for: "de")!
        let error = #expect(throws: ConfigError.self) { try LocaleCatalog(tables: [de]) }
        #expect(error?.message == "there is no table for the reference locale \"en\"")
    }

    @Test func aUserOverrideChangesSomeWordsAndMayAddALocale() throws {
        let english = (path: "/home/me/.config/announcer/locales/en.conf", text: "trait.button = Knob.\n")
        let catalog = try ConfigurationSources(packagedTables: packagedTables, userTables: [english]).loadLocales()
        let utterance = UtteranceComposer(catalog: catalog).compose(try element(#"{"label":"Play","traits":["button","header"]}"#))
        #expect(utterance.description == "Play. Knob. Heading.")

        // A new locale that lacks words: they come from English, each reported; the rest stand.
        let french = (path: "/home/me/.config/announcer/locales/fr.conf", text: "locale = fr\ntrait.button = Bouton.\n")
        var warnings: [ConfigError] = []
        let withFrench = try ConfigurationSources(packagedTables: packagedTables, userTables: [english, french]).loadLocales(warnings: &warnings)
        #expect(warnings.first?.message == "the table has no \"back\"; en's word is used instead")
        #expect(warnings.count == LocaleWords.Word.allCases.count - 1)
        let spoken = UtteranceComposer(catalog: withFrench, locale: "fr").compose(try element(#"{"label":"Play","traits":["button","header"]}"#))
        #expect(spoken.description == "Play. Bouton. Heading.")
    }
}
