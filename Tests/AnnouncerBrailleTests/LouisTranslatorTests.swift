import AnnouncerBraille
import AnnouncerBrailleRules
import AnnouncerSettings
import AnnouncerTestSupport
import Testing

/// liblouis's tables from Debian, through the one door to them.
@Suite struct LouisTranslatorTests {
    let english = LouisTranslator(tables: packagedCatalog.table(for: "en")!.brailleTables)

    @Test func uncontractedEnglishHasACapitalSignAndALetterACell() {
        let cells = english.translate("Play btn", grade: .uncontracted, caret: nil)
        #expect(BrailleCells.unicode(cells.cells) == "⠠⠏⠇⠁⠽⠀⠃⠞⠝")
        // P takes two cells (the capital sign and the letter): l is the third.
        #expect(cells.cellOfCharacter.prefix(3) == [0, 2, 3])
        #expect(cells.characterOfCell.prefix(3) == [0, 0, 1])
    }

    @Test func contractedEnglishContracts() {
        #expect(BrailleCells.unicode(english.translate("the button", grade: .contracted, caret: nil).cells) == "⠮⠀⠃⠥⠞⠞⠕⠝")
        #expect(BrailleCells.unicode(english.translate("the button", grade: .uncontracted, caret: nil).cells) == "⠞⠓⠑⠀⠃⠥⠞⠞⠕⠝")
    }

    /// Every packaged locale's tables compile, and its own button word becomes cells.
    @Test(arguments: ["ar", "de", "en", "es", "fr", "hi", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans"])
    func everyLocalesTablesTranslate(locale: String) throws {
        let words = try #require(packagedCatalog.table(for: locale))
        let translator = LouisTranslator(tables: words.brailleTables)
        for grade in BrailleGrade.allCases {
            #expect(translator.check(grade), "\(locale) \(grade): \(translator.table(for: grade))")
        }
        let cells = translator.translate(words[.brailleButton], grade: .uncontracted, caret: nil)
        #expect(!cells.cells.isEmpty)
        #expect(cells.cellOfCharacter.count == words[.brailleButton].count)
    }

    @Test func aMissingTableStillShowsACellPerCharacter() {
        let broken = LouisTranslator(tables: .init(uncontracted: "no-such-table.ctb"))
        #expect(!broken.check(.uncontracted))
        #expect(broken.translate("abc", grade: .uncontracted, caret: nil).cells.count == 3)
    }

    @Test func textPastTheBoundIsCut() {
        let long = String(repeating: "a ", count: LouisTranslator.maximumCharacters)
        #expect(english.translate(long, grade: .uncontracted, caret: nil).cellOfCharacter.count == LouisTranslator.maximumCharacters)
    }

    @Test func emptyTextIsNoCells() {
        #expect(english.translate("", grade: .contracted, caret: nil).cells.isEmpty)
    }
}
