import AnnouncerComposer
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// A "where am I" key pressed again: spelled, then spelled with the locale's alphabet.
@Suite struct SpellingTests {
    @Test func pressesInARowAreCountedPerKeyWithinHalfASecond() {
        var presses = PressCount()
        #expect(presses.press("Insert+Tab", at: 0) == 1)
        #expect(presses.press("Insert+Tab", at: 500) == 2)
        #expect(presses.press("Insert+Tab", at: 900) == 3)
        #expect(presses.press("Insert+Tab", at: 1_401) == 1)     // a pause
        #expect(presses.press("Insert+Up", at: 1_500) == 1)      // another key
        #expect(presses.press("Insert+Tab", at: 1_600) == 1)
    }

    @Test(arguments: [
        ("en", 1, "Ok", EchoUnit.word, "Ok", EchoUnit.word),
        ("en", 2, "Ok", .word, "Ok", .spelled),
        ("en", 3, "Ok", .word, "O, oscar. k, kilo", .line),
        ("en", 4, "Ok", .word, "Ok", .word),
        ("en", 3, "a1 b", .line, "a, alfa. 1. space. b, bravo", .line),
        ("de", 3, "Ja", .word, "J, Julius. a, Anton", .line),
        ("de", 3, "ä b", .word, "ä. Leerzeichen. b, Berta", .line),
    ] as [(String, Int, String, EchoUnit, String, EchoUnit)])
    func eachPressSaysItsWay(locale: String, presses: Int, text: String, unit: EchoUnit, said: String, saidUnit: EchoUnit) throws {
        let words = try #require(packagedCatalog.table(for: locale))
        let echo = Spelling.echo(text, unit: unit, presses: presses, in: words)
        #expect(echo.text == said && echo.unit == saidUnit)
    }

    /// A table's alphabet must have a word for each letter: a short one is refused and the
    /// fallback's taken.
    @Test func aSpellingAlphabetOfTheWrongLengthIsRefused() throws {
        let file = try KeyValueFile(parsing: "locale = xx\nspelling.phonetic = alfa bravo", name: "xx.conf")
        let english = try #require(packagedCatalog.table(for: "en"))
        let (words, problems) = LocaleWords.checking(file, base: english, fallback: english)
        #expect(problems.contains { $0.message.hasPrefix("spelling.phonetic must be 26 words") })
        #expect(words?.phonetic("z") == "zulu")
    }
}
