import AnnouncerLocales
import AnnouncerSettings

/// A line translated into braille cells (liblouis does it: `LouisTranslator`), with where each
/// character went, so that the caret and a routing key find their place.
public struct BrailleCells: Sendable, Equatable {
    /// Each cell's dots: bit 0 is dot 1 … bit 7 dot 8.
    public var cells: [UInt8]
    /// For each character of the text, the first cell it went to.
    public var cellOfCharacter: [Int]
    /// For each cell, the character it came from.
    public var characterOfCell: [Int]

    public init(cells: [UInt8], cellOfCharacter: [Int], characterOfCell: [Int]) {
        self.cells = cells
        self.cellOfCharacter = cellOfCharacter
        self.characterOfCell = characterOfCell
    }

    /// Dots 7 and 8: the caret, under the character it is before.
    public static let caretDots: UInt8 = 0b1100_0000

    /// The cell the caret is at: its character's, or one past the last cell at the end.
    public func cell(ofCaret caret: Int) -> Int {
        caret < cellOfCharacter.count ? cellOfCharacter[max(caret, 0)] : cells.count
    }

    /// The character a cell shows; past the end, the text's end.
    public func character(ofCell cell: Int, textLength: Int) -> Int {
        cell < characterOfCell.count ? characterOfCell[max(cell, 0)] : textLength
    }

    /// The cells as Unicode braille (U+2800 + dots): what `braille` events and tests show.
    public static func unicode(_ cells: some Sequence<UInt8>) -> String {
        String(String.UnicodeScalarView(cells.map { Unicode.Scalar(0x2800 + UInt32($0))! }))
    }
}

/// Translates text into cells: liblouis's tables in the daemon (`LouisTranslator`); a table-test
/// translator in tests.
public protocol BrailleTranslating: Sendable {
    func translate(_ text: String, grade: BrailleGrade, caret: Int?) -> BrailleCells
}

/// The translator for a locale's braille tables, as the daemon's shell makes it (liblouis's
/// `LouisTranslator`): given to the session, which never reaches a C library itself.
public typealias BrailleTranslatorMaker = @Sendable (LocaleWords.BrailleTables) -> any BrailleTranslating

