import AnnouncerComposer
import AnnouncerElements
import AnnouncerFocus
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Foundation
import Testing

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
        Case(name: "de button", json: #"{"label":"Abspielen","traits":["button"]}"#, description: "Abspielen. Taste.", configured: "de"),
        Case(name: "de region falls back to de", json: #"{"label":"Abspielen","traits":["button"]}"#, description: "Abspielen. Taste.", configured: "de-AT"),
        Case(name: "de switch", json: #"{"label":"WLAN","value":"1","traits":["button","switchButton"]}"#,
             description: "WLAN. Umschalttaste. Ein.", hint: "Zum Umschalten doppeltippen.", configured: "de"),
        Case(name: "de selected series with grouped numbers", json: #"{"label":"Zeile","traits":["selected"],"context":{"kind":"series","index":1500,"count":2000}}"#,
             description: "Auswahl: Zeile 1.500 von 2.000.", configured: "de"),
        Case(name: "de list start", json: #"{"label":"Eins","context":{"kind":"listStart"}}"#, description: "Eins. Anfang der Liste.", configured: "de"),
        Case(name: "de back button drops Zurück", json: #"{"label":"Zurück","traits":["button","backButton"]}"#, description: "Zurück Taste.", configured: "de"),
        Case(name: "zh-Hans button", json: #"{"label":"播放","traits":["button"]}"#, description: "播放。按钮。", configured: "zh-Hans"),
        Case(name: "zh alias", json: #"{"label":"播放","traits":["button"]}"#, description: "播放。按钮。", configured: "zh-CN"),
        Case(name: "zh-Hans tab position", json: #"{"label":"首页","traits":["button","tabBarItem"],"context":{"kind":"tab","index":1,"count":4}}"#,
             description: "首页。标签。第1项，共4项。", configured: "zh-Hans"),
        Case(name: "zh-Hans adjustable hint", json: #"{"label":"音量","hint":"调整音量","traits":["adjustable"]}"#,
             description: "音量。可调整。", hint: "调整音量。用一个手指向上或向下轻扫以调整值。", configured: "zh-Hans"),
        Case(name: "zh-Hans text already ending in 。", json: #"{"label":"完成。","traits":["button"]}"#, description: "完成。按钮。", configured: "zh-Hans"),
        Case(name: "an element's language is its voice, not its words", json: #"{"label":"Play","traits":["button"],"language":"fr"}"#,
             description: "Play. Taste.", configured: "de"),
        Case(name: "no language uses the configured locale", json: #"{"label":"Play","traits":["button"]}"#,
             description: "Play。按钮。", configured: "zh-Hans"),
        Case(name: "unknown configured locale falls back to en", json: #"{"label":"Play","traits":["button"],"language":"fr"}"#,
             description: "Play. Button.", configured: "xx"),
    ])
    func speaksTheUsersLocale(_ testCase: Case) throws {
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
    @Test(arguments: twelve)
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

    static let twelve = ["ar", "de", "en", "es", "fr", "hi", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans"]

    @Test func packagedTablesAreTheTwelveLocales() {
        #expect(packagedCatalog.tags == Self.twelve)
    }

    /// Each packaged table read strictly: every word there, none unknown, every placeholder, the
    /// plural forms its language has and no others; a key written twice is an error too.
    @Test(arguments: twelve)
    func everyPackagedTableIsComplete(_ tag: String) throws {
        let file = try #require(packagedTables.first { $0.path.hasSuffix("/\(tag).conf") })
        let (parsed, syntax) = KeyValueFile.checking(file.text, name: file.path)
        #expect(syntax.isEmpty, "\(syntax)")
        let (words, problems) = LocaleWords.checking(parsed, base: nil, fallback: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(words?.tag == tag)
        let keys = parsed.entries.map(\.key)
        #expect(Set(keys).count == keys.count, "a key twice in \(tag)")
        // Not left in English: a word the languages share ("Menu.", "Dialog.") may be the same,
        // a table that is mostly English may not.
        guard tag != "en", let words, let english = packagedCatalog.table(for: "en") else { return }
        let shared: Set<String> = ["sentence.period", "sentence.space", "number.group-separator", "number.grouping", "list.separator",
                                   "value.percent", "spelling.phonetic", "selected-format", "value.level", "value.range",
                                   "braille.state.checked", "braille.state.notChecked", "braille.state.mixed", "braille.state.pressed",
                                   "braille.state.notPressed", "braille.state.expanded", "braille.state.collapsed", "braille.position"]
        let same = LocaleWords.Word.allCases.filter { words[$0] == english[$0] && !shared.contains($0.rawValue) }.map(\.rawValue)
        #expect(same.count <= 6, "\(tag) says these as English does: \(same)")
    }

    /// A table that lacks a plural form its language has, has one it lacks, or drops the count
    /// where it is needed, is told so.
    @Test func pluralFormsAreChecked() throws {
        func every(_ text: String) throws -> [String] {
            let english = try #require(packagedTables.first { $0.path.hasSuffix("/en.conf") })
            let base = try LocaleWords(file: try KeyValueFile(parsing: english.text, name: "en.conf"))
            let file = try KeyValueFile(parsing: text, name: "t.conf")
            return LocaleWords.checking(file, base: base, fallback: nil).1.map(\.message)
        }
        // The lines below are about terminal.moreLines; every counted word is checked alike.
        func problems(_ text: String) throws -> [String] { try every(text).filter { !$0.contains("position.") } }
        #expect(try every("locale = ru\nposition.items.one = {count} элемент.\n").contains(#"the table has no "position.items.few" (ru has that form)"#))
        #expect(try every("locale = ru\nposition.items.one = один элемент.\n").contains("position.items.one must contain {count}"))
        #expect(try problems("locale = ru\nterminal.moreLines.one = {text}, ещё {count} строка\n")
                == [#"the table has no "terminal.moreLines.few" (ru has that form)"#, #"the table has no "terminal.moreLines.many" (ru has that form)"#])
        #expect(try problems("locale = ja\nterminal.moreLines.one = {text} {count}\n") == [#"ja has no "one" form (terminal.moreLines.one)"#])
        // Russian's one is 1, 21, 31…: it must say its number; English's is 1 alone, and may not.
        #expect(Set(try problems("locale = ru\nterminal.moreLines.one = {text}\nterminal.moreLines.few = {text}\nterminal.moreLines.many = {text} {count}\n"))
                == ["terminal.moreLines.one must contain {count}", "terminal.moreLines.few must contain {count}"])
        #expect(try problems("locale = fr\nterminal.moreLines.one = {text}, une ligne de plus\n") == ["terminal.moreLines.one must contain {count}"])
        #expect(try problems("locale = en\nnumber.grouping = 3,x\n") == ["number.grouping must be a group's size (3), or the first group's and the others' (3,2)"])
        #expect(try problems("locale = en\nterminal.moreLines.one = {text}, one more line\n").isEmpty)
    }

    /// CLDR's categories for whole numbers, and numbers that must not fall in them.
    @Test(arguments: [
        ("en", [1: PluralCategory.one, 0: .other, 2: .other, 11: .other, 21: .other]),
        ("de", [1: .one, 0: .other, 5: .other]),
        ("fr", [0: .one, 1: .one, 2: .other, 1000: .other]),
        ("pt", [0: .one, 1: .one, 2: .other]),
        ("hi", [0: .one, 1: .one, 2: .other]),
        ("ru", [1: .one, 21: .one, 101: .one, 11: .many, 2: .few, 4: .few, 22: .few, 12: .many, 14: .many, 5: .many, 0: .many, 111: .many, 112: .many]),
        ("ar", [0: .zero, 1: .one, 2: .two, 3: .few, 10: .few, 103: .few, 11: .many, 99: .many, 111: .many, 100: .other, 101: .other, 102: .other]),
        ("ja", [0: .other, 1: .other, 2: .other]),
        ("ko", [1: .other]),
        ("zh", [1: .other]),
    ])
    func pluralCategories(_ language: String, _ expected: [Int: PluralCategory]) {
        for (n, category) in expected {
            #expect(PluralCategory.of(n, in: Substring(language)) == category, "\(language) \(n)")
        }
    }

    /// "N more lines" as each locale says it.
    @Test(arguments: [
        ("en", 1, "make, 1 more line"), ("en", 41, "make, 41 more lines"),
        ("de", 1, "make, 1 weitere Zeile"), ("de", 3, "make, 3 weitere Zeilen"),
        ("en", 1500, "make, 1,500 more lines"),
    ])
    func moreLinesTakesItsPlural(_ tag: String, _ count: Int, _ said: String) throws {
        #expect(try #require(packagedCatalog.table(for: tag)).moreLines("make", count: count) == said)
    }

    /// Each count from 0 to 200 is said with the table's own line for its category (5 in
    /// Russian with `terminal.moreLines.many`, 100 in Arabic with `terminal.moreLines`), read
    /// from the file itself.
    @Test(arguments: twelve)
    func everyCountTakesItsCategorysLine(_ tag: String) throws {
        let words = try #require(packagedCatalog.table(for: tag))
        let file = try #require(packagedTables.first { $0.path.hasSuffix("/\(tag).conf") })
        let parsed = try KeyValueFile(parsing: file.text, name: file.path)
        let language = try #require(LanguageTag(tag)).primary
        for count in 0...200 {
            let category = PluralCategory.of(count, in: language)
            let key = category == .other ? "terminal.moreLines" : "terminal.moreLines.\(category)"
            let line = try #require(parsed[key]?.value, "\(tag) has no \(key)")
            let expected = line.replacing("{count}", with: words.formatNumber(count)).replacing("{text}", with: "x")
            #expect(words.moreLines("x", count: count) == expected, "\(tag) \(count)")
        }
    }

    @Test func numbersAreGroupedPerLocale() throws {
        #expect(packagedCatalog.table(for: "en")!.formatNumber(1234567) == "1,234,567")
        #expect(packagedCatalog.table(for: "de")!.formatNumber(1234567) == "1.234.567")
        #expect(packagedCatalog.table(for: "de")!.formatNumber(999) == "999")
        // French groups by a space (espeak-ng reads a no-break space as a break between numbers).
        #expect(packagedCatalog.table(for: "fr")!.formatNumber(1234567) == "1 234 567")
        // Russian leaves them ungrouped, for the same reason.
        #expect(packagedCatalog.table(for: "ru")!.formatNumber(1234567) == "1234567")
        // Indian grouping: three digits, then two at a time.
        #expect(packagedCatalog.table(for: "hi")!.formatNumber(1234567) == "12,34,567")
        #expect(packagedCatalog.table(for: "hi")!.formatNumber(-100000) == "-1,00,000")
        #expect(packagedCatalog.table(for: "hi")!.formatNumber(1000) == "1,000")
        #expect(packagedCatalog.table(for: "ja")!.formatNumber(1000) == "1,000")
        // The position words use them: "1.500 von 2.000".
        #expect(packagedCatalog.table(for: "hi")!.position(index: 150000, count: 200000).contains("1,50,000"))
    }

    /// Arabic is kept in its logical order (the label first, as it is read), with no
    /// directional marks in any table: a terminal or a display orders it for the eye.
    @Test func arabicIsKeptInItsOrder() throws {
        let words = try #require(packagedCatalog.table(for: "ar"))
        let said = composer(locale: "ar").compose(try element(#"{"label":"حفظ","traits":["button"]}"#)).description
        #expect(said.hasPrefix("حفظ"))
        #expect(said.hasSuffix(words[.button]))
        let marks: Set<Unicode.Scalar> = Set(["\u{200E}", "\u{200F}", "\u{061C}"] + (0x202A...0x202E).map { Unicode.Scalar($0)! } + (0x2066...0x2069).map { Unicode.Scalar($0)! })
        for table in packagedTables {
            #expect(!table.text.unicodeScalars.contains { marks.contains($0) }, "\(table.path) has a directional mark")
        }
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
        let french = (path: "/home/me/.config/announcer/locales/xx.conf", text: "locale = xx\ntrait.button = Bouton.\n")
        var warnings: [ConfigError] = []
        let withFrench = try ConfigurationSources(packagedTables: packagedTables, userTables: [english, french]).loadLocales(warnings: &warnings)
        #expect(warnings.first?.message == "the table has no \"back\"; en's word is used instead")
        // Each word but the one it gives, and its braille tables (English's are used).
        #expect(warnings.count == LocaleWords.Word.allCases.count - 1 + 1)
        #expect(warnings.last?.message == "the table has no \"braille.table.uncontracted\"; en's word is used instead")
        #expect(withFrench.table(for: "xx")?.brailleTables == withFrench.table(for: "en")?.brailleTables)
        let spoken = UtteranceComposer(catalog: withFrench, locale: "xx").compose(try element(#"{"label":"Play","traits":["button","header"]}"#))
        #expect(spoken.description == "Play. Bouton. Heading.")
    }

    // MARK: - The element's own language

    /// The user's words, the element's own text in its language's voice: its label, value,
    /// hint and the names of what it entered are spans; Announcer's words never are.
    @Test(arguments: [
        ("en", #"{"label":"Bonjour","traits":["button"],"language":"fr"}"#, "Bonjour. Button.", ["fr@0+7"], []),
        ("en", #"{"label":"Lautstärke","value":"50","traits":["adjustable"],"language":"de"}"#, "Lautstärke: 50. Adjustable.", ["de@0+10", "de@12+2"], []),
        ("en", #"{"label":"Zeile","traits":["selected"],"language":"de"}"#, "Selected: Zeile", ["de@10+5"], []),
        ("fr", #"{"label":"Hello","traits":["button"],"language":"en-GB"}"#, "Hello. Bouton.", ["en-GB@0+5"], []),
        ("en", #"{"label":"Hello","traits":["button"],"language":"en-GB"}"#, "Hello. Button.", [], []),
        ("zh-Hans", #"{"label":"播放","traits":["button"],"language":"zh-CN"}"#, "播放。按钮。", [], []),
        ("en", #"{"label":"完成。","traits":["button"],"language":"zh-Hans"}"#, "完成。 Button.", ["zh-Hans@0+3"], []),
        ("en", #"{"label":"Oui","traits":["button"],"language":"fr","entered":[{"kind":"radioGroup","label":"Réponse"}]}"#,
         "Réponse. Radio Group. Oui. Button.", ["fr@0+7", "fr@22+3"], []),
        ("en", #"{"label":"Nom","hint":"Votre nom","traits":["button"],"language":"fr"}"#, "Nom. Button.", ["fr@0+3"], ["fr@0+9"]),
        ("en", #"{"hint":"Votre nom","language":"fr"}"#, "Votre nom", ["fr@0+9"], []),
        ("en", #"{"label":"Play","traits":["button"],"language":"xx-unknown"}"#, "Play. Button.", ["xx-unknown@0+4"], []),
        // A label with a stretch in another language: each piece in its voice, the user's
        // language in none; a stretch past the label's end is cut to fit.
        ("en", #"{"label":"Il a dit hello hier","language":"fr","labelLanguages":[{"offset":9,"count":5,"language":"en"}],"traits":["button"]}"#,
         "Il a dit hello hier. Button.", ["fr@0+9", "fr@14+5"], []),
        ("fr", #"{"label":"He said bonjour","labelLanguages":[{"offset":8,"count":40,"language":"fr"}]}"#,
         "He said bonjour", [], []),
        ("en", #"{"label":"He said bonjour","labelLanguages":[{"offset":8,"count":7,"language":"fr"}],"value":"3"}"#,
         "He said bonjour: 3", ["fr@8+7"], []),
    ])
    func anElementsOwnLanguageIsItsVoice(_ locale: String, _ json: String, _ said: String, _ spans: [String], _ hintSpans: [String]) throws {
        let utterance = composer(locale: locale).compose(try element(json))
        #expect(utterance.description == said)
        #expect(utterance.spans.map(\.description) == spans)
        #expect(utterance.hintSpans.map(\.description) == hintSpans)
        for span in utterance.spans {
            let characters = Array(utterance.description)
            #expect(span.offset + span.count <= characters.count)
        }
    }

    /// The keyboard's focus (a client's tree: `key`, `navigate`, `announce compose`'s keys) is
    /// said by the same rule: the words in the user's voice, the label in its own.
    @Test func theKeyboardsFocusKeepsTheSpans() throws {
        let item = ReadingItem(element: try element(#"{"label":"Bonjour","hint":"Dites-le","traits":["button"],"language":"fr"}"#), context: nil)
        let outcome = FocusEngine.Action.focus(item).outcome(composer: composer(locale: "en"))
        #expect(outcome.description?.language == nil)
        #expect(outcome.description?.spans.map(\.description) == ["fr@0+7"])
        #expect(outcome.hint?.spans.map(\.description) == ["fr@0+8"])
    }

    @Test func aWindowsTitleIsInItsLanguage() {
        let title = composer(locale: "en").composeWindow(title: "Enregistrer", role: .dialog, language: "fr")
        #expect(title.description == "Enregistrer. Dialog.")
        #expect(title.spans.map(\.description) == ["fr@0+11"])
    }
}
