/// A terminal screen at one moment, as the reader sees it: each line's cells (a character and
/// its look), the cursor, whether the cursor is shown, and whether the program has switched to
/// the alternate screen (a full-screen program: an editor, a pager, a menu). Made by
/// the shell's `TerminalScreenModel` (AnnouncerTerm) from libvterm, or from text in tests.
public struct ScreenSnapshot: Sendable, Equatable {
    public var lines: [ScreenLine]
    public var cursor: ScreenPosition
    public var cursorVisible: Bool
    public var alternate: Bool

    public init(lines: [ScreenLine], cursor: ScreenPosition, cursorVisible: Bool = true, alternate: Bool = false) {
        self.lines = lines
        self.cursor = cursor
        self.cursorVisible = cursorVisible
        self.alternate = alternate
    }

    /// A blank screen of the given size, the cursor at its top left.
    public init(rows: Int, columns: Int) {
        self.init(lines: Array(repeating: ScreenLine(text: "", columns: columns), count: rows), cursor: ScreenPosition(row: 0, column: 0))
    }

    /// The line under the cursor, or an empty one when the cursor is off the screen.
    public var cursorLine: ScreenLine {
        lines.indices.contains(cursor.row) ? lines[cursor.row] : ScreenLine(text: "", columns: 0)
    }
}

public struct ScreenPosition: Sendable, Equatable, Hashable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// One cell: the character shown (a space when empty) and its look (0 when plain; otherwise
/// reverse video and the background colour, as one number). The second column of a wide
/// character is a cell with `continuesWide` set.
public struct ScreenCell: Sendable, Equatable {
    public var character: Character
    public var look: UInt32
    public var continuesWide: Bool

    public init(_ character: Character, look: UInt32 = 0, continuesWide: Bool = false) {
        self.character = character
        self.look = look
        self.continuesWide = continuesWide
    }
}

public struct ScreenLine: Sendable, Equatable {
    public var cells: [ScreenCell]

    public init(cells: [ScreenCell]) {
        self.cells = cells
    }

    /// A plain line holding `text`, padded with spaces to `columns`.
    public init(text: String, columns: Int, look: UInt32 = 0) {
        var cells = text.map { ScreenCell($0, look: look) }
        if cells.count < columns { cells += Array(repeating: ScreenCell(" "), count: columns - cells.count) }
        self.cells = cells
    }

    /// The characters shown, without the spaces that end the line.
    public var text: String {
        var characters = cells.filter { !$0.continuesWide }.map(\.character)
        while characters.last == " " { characters.removeLast() }
        return String(characters)
    }

    /// The column after the last character that is not a space (0 on a blank line).
    public var textEnd: Int {
        cells.lastIndex { $0.character != " " }.map { $0 + 1 } ?? 0
    }

    /// Only blanks and the lines of boxes (whiptail's and dialog's frames): nothing to say.
    public var isBlank: Bool { ScreenLine.spokenText(text).isEmpty }

    /// The text between columns (half open), without the spaces around it.
    public func text(columns range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<cells.count)
        return String(cells[clamped].filter { !$0.continuesWide }.map(\.character)).trimmingWhitespace()
    }

    /// What is said of a line's text: box-drawing characters and the spaces around them go,
    /// and the marks a program draws past the end of what it shows (an editor's and a pager's
    /// `~`, a pager's `(END)`) are no text at all. Check boxes and radio buttons drawn in text
    /// stay as drawn: their state is said by the composer, in the listener's words
    /// (`DrawnControl`).
    public static func spokenText(_ text: String) -> String {
        let kept = String(text.unicodeScalars.map { (0x2500...0x259F).contains($0.value) ? " " : Character($0) })
        let words = kept.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return pastTheEnd.contains(words) ? "" : words
    }

    private static let pastTheEnd: Set<String> = ["~", "(END)"]
}
