/// The terminal door's braille (docs/design.md §20): the cursor's line with its caret, as BRLTTY
/// shows a console; sent again only when it changed. A routing key over the line moves the
/// cursor there as BRLTTY's cursor routing does, by the arrow keys a shell's line editor takes.
public struct TerminalBraille: Sendable {
    /// The line and caret sent last.
    public private(set) var shown: (text: String, caret: Int)?

    public init() {}

    /// The cursor's line and the caret's character offset in it, when they differ from what was
    /// shown last; nil when they are the same, or the cursor is hidden (a full-screen program
    /// that draws its own).
    public mutating func line(for screen: ScreenSnapshot) -> (text: String, caret: Int)? {
        guard screen.cursorVisible, screen.lines.indices.contains(screen.cursor.row) else { return nil }
        let line = screen.cursorLine
        let cells = line.cells.prefix(max(line.textEnd, min(screen.cursor.column, line.cells.count)))
        var text = ""
        var caret: Int?
        for (column, cell) in cells.enumerated() where !cell.continuesWide {
            if caret == nil, column >= screen.cursor.column { caret = text.count }
            text.append(cell.character)
        }
        // The caret past the text (the spaces up to it are in it): at its end.
        let caretOffset = caret ?? text.count
        guard shown?.text != text || shown?.caret != caretOffset else { return nil }
        shown = (text, caretOffset)
        return (text, caretOffset)
    }

    /// The keys that move the cursor from the caret to `offset` in the line: Left or Right
    /// arrows, as many as the distance (none when the line is not known).
    public func routeKeys(to offset: Int) -> [UInt8] {
        guard let caret = shown?.caret else { return [] }
        let right: [UInt8] = [0x1B, 0x5B, 0x43], left: [UInt8] = [0x1B, 0x5B, 0x44]
        let distance = offset - caret
        return Array((0..<abs(distance)).map { _ in distance > 0 ? right : left }.joined())
    }
}
