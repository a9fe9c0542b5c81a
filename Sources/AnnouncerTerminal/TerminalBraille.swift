/// The terminal door's braille (docs/design.md §20): the cursor's line with its caret, as BRLTTY
/// shows a console, or, while the review keys have moved the review cursor, the review cursor's
/// line with the caret on its character; sent again only when it changed. A routing key over the
/// cursor's line moves the cursor there as BRLTTY's cursor routing does, by the arrow keys a
/// shell's line editor takes; over the review cursor's line, it moves the review cursor.
public struct TerminalBraille: Sendable {
    /// The line and caret sent last.
    public private(set) var shown: (text: String, caret: Int)?
    /// Whether the line sent last is the review cursor's.
    public private(set) var showsReview = false
    /// The screen column of each character of the line sent last (a wide character has two).
    private var columns: [Int] = []

    public init() {}

    /// The line and the caret's character offset in it, when they differ from what was shown
    /// last; nil when they are the same, or the cursor is hidden (a full-screen program that
    /// draws its own) and no review cursor is placed. `review`: the review cursor, when the
    /// review keys have placed it.
    public mutating func line(for screen: ScreenSnapshot, review: ScreenPosition? = nil) -> (text: String, caret: Int)? {
        let position: ScreenPosition
        if let review, !screen.lines.isEmpty {
            position = ScreenPosition(row: min(max(review.row, 0), screen.lines.count - 1), column: review.column)
        } else {
            guard screen.cursorVisible, screen.lines.indices.contains(screen.cursor.row) else { return nil }
            position = screen.cursor
        }
        let line = screen.lines[position.row]
        // The cursor's line up to the cursor (the spaces before it are its line's); the review
        // cursor's up to its text's end, the caret on the character it is on.
        let end = review == nil ? max(line.textEnd, min(position.column, line.cells.count)) : line.textEnd
        var text = ""
        var caret: Int?
        var columns: [Int] = []
        for (column, cell) in line.cells.prefix(end).enumerated() where !cell.continuesWide {
            if caret == nil, column >= position.column { caret = text.count }
            text.append(cell.character)
            columns.append(column)
        }
        // The caret past the text: at its end.
        let caretOffset = caret ?? text.count
        let isReview = review != nil
        guard shown?.text != text || shown?.caret != caretOffset || showsReview != isReview else { return nil }
        shown = (text, caretOffset)
        showsReview = isReview
        self.columns = columns
        return (text, caretOffset)
    }

    /// The keys that move the cursor from the caret to `offset` in the line: Left or Right
    /// arrows, as many as the distance (none when the line is not known, or is the review's).
    public func routeKeys(to offset: Int) -> [UInt8] {
        guard let caret = shown?.caret, !showsReview else { return [] }
        let right: [UInt8] = [0x1B, 0x5B, 0x43], left: [UInt8] = [0x1B, 0x5B, 0x44]
        let distance = offset - caret
        return Array((0..<abs(distance)).map { _ in distance > 0 ? right : left }.joined())
    }

    /// The screen column of the character at `offset` in the line shown; nil past its end.
    public func column(at offset: Int) -> Int? {
        columns.indices.contains(offset) ? columns[offset] : nil
    }
}
