import AnnouncerComposer
import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerTestSupport
import Foundation
import Testing

/// docs/architecture.md's recipes ("How to add a trait, a setting, a key command, a door") stay
/// true: every file they name exists; every trait is in the protocol and has its words in all
/// twelve tables; every listener's setting is in `announce set --help`.
@Suite struct RecipeTests {
    static func recipes() throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## How to add a trait, a setting, a key command, a door"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func everyFileTheRecipesNameExists() throws {
        let named = try Self.recipes().matches(of: #/`((?:Sources|Tests|config|docs|clients)/[^`*]*?)`/#).map { String($0.output.1) }
        #expect(named.count > 20, "the recipes name only \(named)")
        for path in named where !path.hasSuffix("/") {
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "the recipes name \(path), which is not there")
        }
    }

    @Test func everyTraitIsInTheProtocol() throws {
        let protocolText = try String(contentsOf: packageRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        let start = try #require(protocolText.range(of: "Traits: "))
        let paragraph = protocolText[start.lowerBound...].prefix { $0 != "#" }
        for trait in AnnouncerElements.Trait.allCases {
            #expect(paragraph.contains("`\(trait.rawValue)`"), "docs/protocol.md's traits lack \(trait.rawValue)")
        }
    }

    /// The words each trait is said with, alone or on the element it qualifies (a slider's
    /// `slider` on an adjustable element, a combo box's `editable`), in VoiceOver's rule.
    static func words(of trait: AnnouncerElements.Trait) -> Set<LocaleWords.Word> {
        let bases: [Traits] = [[], [.button], [.link], [.adjustable], [.comboBox], [.textEntry], [.button, .menuItem]]
        var said: Set<LocaleWords.Word> = []
        for base in bases {
            var traits = base
            traits.insert(trait)
            var baseWords: Set<LocaleWords.Word> = []
            for value in [nil, "1", "0"] as [String?] {
                _ = UtteranceComposer.traitWords(base, value: value, context: nil) { baseWords.insert($0); return "x" }
                _ = UtteranceComposer.traitWords(traits, value: value, context: nil) { word in
                    if !baseWords.contains(word) { said.insert(word) }
                    return "x"
                }
            }
        }
        // `selected` is said before the label ("Selected: Apple."), by the composer itself.
        if trait == .selected { said = [.selected, .selectedFormat] }
        return said
    }

    /// Traits VoiceOver says nothing for: they change how an element behaves or is read
    /// (`staticText`, `summaryElement`), not what is said of it.
    static let silent: Set<AnnouncerElements.Trait> = [.staticText, .summaryElement, .playsSound, .keyboardKey, .updatesFrequently, .startsMediaSession,
                                     .allowsDirectInteraction, .causesPageTurn, .textArea, .tabBar]

    @Test(arguments: AnnouncerElements.Trait.allCases) func everyTraitHasItsWordsInAllTwelveTables(_ trait: AnnouncerElements.Trait) throws {
        let words = Self.words(of: trait)
        if Self.silent.contains(trait) {
            #expect(words.isEmpty, "\(trait.rawValue) is said (\(words)): it is not silent")
            return
        }
        #expect(!words.isEmpty, "\(trait.rawValue) is said with no word")
        #expect(packagedCatalog.tags.count == 12)
        for tag in packagedCatalog.tags {
            let table = try #require(packagedCatalog.table(for: tag))
            for word in words { #expect(!table[word].isEmpty, "\(tag) has no \(word.rawValue) for \(trait.rawValue)") }
        }
    }

    @Test func everyListenersSettingIsInAnnounceSetsHelp() throws {
        let help = try run(announceBinary, ["set", "--help"]).stdout
        for setting in UserSetting.allCases {
            #expect(help.contains("\n  \(setting.rawValue) "), "announce set --help lacks \(setting.rawValue)")
        }
    }
}
