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

    public init(from old: ScreenSnapshot, to new: ScreenSnapshot, scrolledOff: ScrolledOff = .init()) {
        let pushed = scrolledOff.count
        scrolled = pushed > 0
        // Text that moved up or down the screen in place (a pager's j and k, a full-screen
        // program's scrolling region): each line is compared with where it came from, so only
        // the lines scrolled into view are new.
        if pushed == 0, let (distance, span) = Self.shift(from: old, to: new) {
            scrolled = distance > 0
            for row in new.lines.indices {
                // A row in the span shows the line from `distance` rows away (none: scrolled
                // into view); a row outside it is compared with itself.
                let before: String
                if span.contains(row) {
                    before = span.contains(row + distance) ? old.lines[row + distance].text : ""
                } else {
                    before = old.lines[row].text
                }
                let text = new.lines[row].text
                guard text != before, let line = Self.line(row: row, text: text, before: before) else { continue }
                lines.append(line)
            }
            return
        }
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
        if !scrolled { highlight = Self.movedHighlight(from: old, to: new) ?? Self.movedMarker(from: old, to: new) }
    }

    /// A marker that moved from one line to another (fzf's `>`, a `*` or `->` before the
    /// chosen entry): exactly two rows changed, in the same columns, one gaining what the
    /// other lost. The line that gained it, without the marker.
    static func movedMarker(from old: ScreenSnapshot, to new: ScreenSnapshot) -> (row: Int, text: String)? {
        guard old.lines.count == new.lines.count else { return nil }
        let changed = new.lines.indices.filter { old.lines[$0].text != new.lines[$0].text }
        guard changed.count == 2 else { return nil }
        let columns = { (row: Int) -> Range<Int>? in
            let before = old.lines[row].cells.map(\.character), after = new.lines[row].cells.map(\.character)
            guard before.count == after.count,
                  let first = after.indices.first(where: { before[$0] != after[$0] }),
                  let last = after.indices.last(where: { before[$0] != after[$0] }) else { return nil }
            return first..<(last + 1)
        }
        guard let span = columns(changed[0]), span == columns(changed[1]) else { return nil }
        let marker = { (line: ScreenLine) in line.text(columns: span) }
        for (gained, lost) in [(changed[0], changed[1]), (changed[1], changed[0])] {
            let sign = marker(new.lines[gained])
            guard !sign.allSatisfy({ $0 == " " }), marker(old.lines[lost]) == sign,
                  marker(old.lines[gained]) == marker(new.lines[lost]) else { continue }
            let cells = new.lines[gained].cells
            let text = ScreenLine.spokenText(cells.indices.map { span.contains($0) ? " " : String(cells[$0].character) }.joined())
            if !text.isEmpty { return (gained, text) }
        }
        return nil
    }

    /// How far the text moved in place within the rows that changed above the last one, up
    /// (positive: a line that was on row r + distance is now on row r) or down, and those rows;
    /// nil when it did not move. Every line that stayed in those rows must have moved by the
    /// same distance, and one of them at least has text.
    static func shift(from old: ScreenSnapshot, to new: ScreenSnapshot) -> (distance: Int, span: ClosedRange<Int>)? {
        let rows = new.lines.count - 1
        guard rows >= 2, old.lines.count == new.lines.count else { return nil }
        let before = old.lines[0..<rows].map(\.text), after = new.lines[0..<rows].map(\.text)
        guard let top = before.indices.first(where: { before[$0] != after[$0] }),
              let bottom = before.indices.last(where: { before[$0] != after[$0] }), bottom > top else { return nil }
        let span = top...bottom
        for size in 1..<span.count {
            for distance in [size, -size] {
                let overlap = max(top, top - distance)...min(bottom, bottom - distance)
                var moved = 0
                var same = true
                for row in overlap {
                    guard after[row] == before[row + distance] else { same = false; break }
                    if !ScreenLine.spokenText(after[row]).isEmpty { moved += 1 }
                }
                if same, moved >= 1 { return (distance, span) }
            }
        }
        return nil
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
