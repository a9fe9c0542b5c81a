import AnnouncerBrailleRules
import AnnouncerLocales
import AnnouncerSettings
import CLouis
import Synchronization

/// Text into braille cells with liblouis (the only importer of CLouis): the locale's uncontracted
/// table, or its contracted one where it has one (`braille.table.*` in the locale tables).
/// liblouis keeps its compiled tables in globals, so every call holds one lock.
public struct LouisTranslator: BrailleTranslating {
    public let tables: LocaleWords.BrailleTables
    /// Where the tables are (liblouis's own directory unless given).
    public let directory: String

    public init(tables: LocaleWords.BrailleTables, directory: String = LouisTranslator.defaultDirectory) {
        self.tables = tables
        self.directory = directory
    }

    public static let defaultDirectory = "/usr/share/liblouis/tables"
    /// Text longer than a display could ever pan through is cut (liblouis's time grows with it).
    public static let maximumCharacters = 4096

    private static let lock = Mutex(())

    /// The table a grade uses: the contracted one only where the locale has it.
    public func table(for grade: BrailleGrade) -> String {
        let name = grade == .contracted ? tables.contracted ?? tables.uncontracted : tables.uncontracted
        return name.hasPrefix("/") ? name : directory + "/" + name
    }

    /// Whether liblouis can compile the table (a name that is wrong in a user's locale table).
    public func check(_ grade: BrailleGrade) -> Bool {
        Self.lock.withLock { _ in lou_getTable(table(for: grade)) != nil }
    }

    public func translate(_ text: String, grade: BrailleGrade, caret: Int?) -> BrailleCells {
        let characters = Array(text.prefix(Self.maximumCharacters))
        // liblouis counts UCS-4 scalars (Debian builds its widechar as 32 bits); a character of
        // several scalars is several inputs, each mapped back to its character.
        var input: [widechar] = []
        var characterOfInput: [Int] = []
        for (index, character) in characters.enumerated() {
            for scalar in character.unicodeScalars {
                input.append(widechar(scalar.value))
                characterOfInput.append(index)
            }
        }
        guard !input.isEmpty else { return BrailleCells(cells: [], cellOfCharacter: [], characterOfCell: []) }
        var capacity = input.count * 4 + 16
        while true {
            var inputLength = Int32(input.count)
            var outputLength = Int32(capacity)
            var output = [widechar](repeating: 0, count: capacity)
            var outputPositions = [Int32](repeating: 0, count: input.count)
            var inputPositions = [Int32](repeating: 0, count: capacity)
            let done = Self.lock.withLock { _ in
                lou_translate(table(for: grade), input, &inputLength, &output, &outputLength, nil, nil,
                              &outputPositions, &inputPositions, nil, Int32(dotsIO.rawValue | ucBrl.rawValue))
            }
            guard done != 0 else { return Self.literal(characters) }
            // Output full before the input ended: again with room.
            if Int(inputLength) < input.count, capacity < input.count * 16 {
                capacity *= 2
                continue
            }
            let count = Int(outputLength)
            let cells = output.prefix(count).map { UInt8(truncatingIfNeeded: $0 & 0xFF) }
            var cellOfCharacter = [Int](repeating: count, count: characters.count)
            for (position, character) in characterOfInput.enumerated().reversed() where position < Int(inputLength) {
                cellOfCharacter[character] = min(Int(outputPositions[position]), count)
            }
            let characterOfCell = inputPositions.prefix(count).map { characterOfInput[min(max(Int($0), 0), characterOfInput.count - 1)] }
            return BrailleCells(cells: cells, cellOfCharacter: cellOfCharacter, characterOfCell: characterOfCell)
        }
    }

    /// What is shown when liblouis cannot translate (its table is missing): each character's
    /// low six bits as dots, one cell each, so that the display still moves with the focus.
    static func literal(_ characters: [Character]) -> BrailleCells {
        let cells = characters.map { UInt8(truncatingIfNeeded: ($0.unicodeScalars.first?.value ?? 0) & 0x3F) }
        return BrailleCells(cells: cells, cellOfCharacter: Array(characters.indices), characterOfCell: Array(characters.indices))
    }
}
