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
    /// selection bar, a focused button), where it stands out from the cells beside it: the
    /// look the old highlight's place went back to blends with its row, the highlight does not.
    /// Its text runs from the first to the last cell that took the look in its row.
    static func movedHighlight(from old: ScreenSnapshot, to new: ScreenSnapshot) -> (row: Int, text: String)? {
        guard old.lines.count == new.lines.count else { return nil }
        var lost = Set<UInt32>()
        // For each row and look: the first and last column that took that look.
        var spans: [(row: Int, look: UInt32, start: Int, end: Int)] = []
        for row in new.lines.indices {
            let before = old.lines[row].cells, after = new.lines[row].cells
            guard before.count == after.count else { continue }
            var rowSpans: [UInt32: (start: Int, end: Int)] = [:]
            for column in after.indices where before[column].look != after[column].look {
                lost.insert(before[column].look)
                let look = after[column].look
                rowSpans[look] = (rowSpans[look]?.start ?? column, column + 1)
            }
            for (look, span) in rowSpans { spans.append((row, look, span.start, span.end)) }
        }
        var cellsWithLook: [UInt32: Int] = [:]
        for line in new.lines {
            for cell in line.cells { cellsWithLook[cell.look, default: 0] += 1 }
        }
        let standingOut = spans.filter { span in
            guard span.look != 0, lost.contains(span.look) else { return false }
            let cells = new.lines[span.row].cells
            let left = span.start > 0 ? cells[span.start - 1].look : nil
            let right = span.end < cells.count ? cells[span.end].look : nil
            return left != span.look && right != span.look
        }
        for span in standingOut.sorted(by: { (cellsWithLook[$0.look] ?? 0, $0.row) < (cellsWithLook[$1.look] ?? 0, $1.row) }) {
            let text = ScreenLine.spokenText(new.lines[span.row].text(columns: span.start..<span.end))
            if !text.isEmpty { return (span.row, text) }
        }
        return nil
    }
}
