import AnnouncerLocales
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// A locale table written as its entries (as a recording carries it) reads back as the same
/// table: every word, every counted word's forms, the tag, aliases and braille tables.
@Suite struct LocaleEntriesTests {
    @Test(arguments: packagedCatalog.tags) func aTableReadsBackFromItsEntries(_ tag: String) throws {
        let table = try #require(packagedCatalog.table(for: tag))
        let read = try LocaleWords(file: KeyValueFile(name: tag, entries: table.entries))
        #expect(read.entries == table.entries)
        #expect(read.tag == table.tag && read.aliases == table.aliases && read.brailleTables == table.brailleTables)
        for word in LocaleWords.Word.allCases { #expect(read[word] == table[word], "\(tag): \(word)") }
    }

    @Test func theCatalogGivesEveryTable() {
        #expect(packagedCatalog.tables.map(\.tag) == packagedCatalog.tags)
        #expect(packagedCatalog.tables.count == 12)
    }
}
