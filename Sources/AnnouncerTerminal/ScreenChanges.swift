/// What changed between two snapshots of a screen, read the way a listener needs it: the lines
/// with new text (and whether each was written afresh, added to, or rewritten in place), and a
/// highlight that moved. Pure; `TerminalReader` decides what of it is said.
public struct ScreenChanges: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A line where there was none, or a blank one: said whole.
        case new
        /// Text added to the end of what the line held: the addition is said.
        case appended
        /// The line's text replaced in place (a spinner, a progress bar, a clock, a toggled
        /// box): said whole, at most once per `repeat-ms` on the same row.
        case rewritten
    }

    public struct Line: Sendable, Equatable {
        /// Its row on the new screen; nil for a line that has scrolled off the top since.
        public var row: Int?
        /// What is said: the line, or the part added to it.
        public var text: String
        public var kind: Kind

        public init(row: Int?, text: String, kind: Kind) {
            self.row = row
            self.text = text
            self.kind = kind
        }
    }

    /// The lines whose text changed, top to bottom, blank ones left out; scrolled-off lines
    /// beyond the ones kept are counted in `uncountedLines`.
    public var lines: [Line] = []
    public var uncountedLines = 0
    /// The screen scrolled (lines went off the top): new text is at the bottom.
    public var scrolled = false
    /// A highlight (reverse video, or a background of its own) that moved: its row and text.
    public var highlight: (row: Int, text: String)?

    public static func == (lhs: ScreenChanges, rhs: ScreenChanges) -> Bool {
        lhs.lines == rhs.lines && lhs.uncountedLines == rhs.uncountedLines && lhs.scrolled == rhs.scrolled
            && lhs.highlight?.row == rhs.highlight?.row && lhs.highlight?.text == rhs.highlight?.text
    }

    /// All the lines said, counting those scrolled off and not kept.
    public var lineCount: Int { lines.count + uncountedLines }

    public init(from old: ScreenSnapshot, to new: ScreenSnapshot, scrolledOff: TerminalScreenModel.ScrolledOff = .init()) {
        let pushed = scrolledOff.count
        scrolled = pushed > 0
        // The lines as one tall page: those scrolled off, then the screen. The old screen's
        // row j is the page's line j.
        let total = pushed + new.lines.count
        for index in 0..<total {
            let text: String
            let row: Int?
            if index < pushed {
                guard index < scrolledOff.lines.count else {
                    uncountedLines += 1
                    continue
                }
                text = scrolledOff.lines[index]
                row = nil
            } else {
                row = index - pushed
                text = new.lines[index - pushed].text
            }
            let before = index < old.lines.count ? old.lines[index].text : ""
            guard text != before, let line = Self.line(row: row, text: text, before: before) else { continue }
            lines.append(line)
        }
        if !scrolled { highlight = Self.movedHighlight(from: old, to: new) }
    }

    private static func line(row: Int?, text: String, before: String) -> Line? {
        let spoken = ScreenLine.spokenText(text)
        guard !spoken.isEmpty else { return nil }
        let previous = ScreenLine.spokenText(before)
        if previous.isEmpty { return Line(row: row, text: spoken, kind: .new) }
        if text.hasPrefix(before) {
            let added = ScreenLine.spokenText(String(text.dropFirst(before.count)))
            return added.isEmpty ? nil : Line(row: row, text: added, kind: .appended)
        }
        return Line(row: row, text: spoken, kind: .rewritten)
    }

    /// A look that left some cells and arrived at others is a highlight that moved (a menu's
    /// selection bar, a focused button); of several, the one covering the fewest cells of the
    /// screen (the bar, not the window it moves over). Its text is the run of cells with it.
    static func movedHighlight(from old: ScreenSnapshot, to new: ScreenSnapshot) -> (row: Int, text: String)? {
        guard old.lines.count == new.lines.count else { return nil }
        var lost = Set<UInt32>()
        var arrived: [(row: Int, column: Int, look: UInt32)] = []
        for row in new.lines.indices {
            let before = old.lines[row].cells, after = new.lines[row].cells
            guard before.count == after.count else { continue }
            for column in after.indices where before[column].look != after[column].look {
                lost.insert(before[column].look)
                if after[column].look != 0 { arrived.append((row, column, after[column].look)) }
            }
        }
        let moved = arrived.filter { lost.contains($0.look) }
        guard !moved.isEmpty else { return nil }
        var cellsWithLook: [UInt32: Int] = [:]
        for line in new.lines {
            for cell in line.cells { cellsWithLook[cell.look, default: 0] += 1 }
        }
        for look in Set(moved.map(\.look)).sorted(by: { (cellsWithLook[$0] ?? 0, $0) < (cellsWithLook[$1] ?? 0, $1) }) {
            for cell in moved where cell.look == look {
                let cells = new.lines[cell.row].cells
                var start = cell.column, end = cell.column + 1
                while start > 0, cells[start - 1].look == look { start -= 1 }
                while end < cells.count, cells[end].look == look { end += 1 }
                let text = ScreenLine.spokenText(new.lines[cell.row].text(columns: start..<end))
                if !text.isEmpty { return (cell.row, text) }
            }
        }
        return nil
    }
}
