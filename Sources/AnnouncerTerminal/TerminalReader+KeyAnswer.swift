import AnnouncerScheduler
import AnnouncerSettings

/// What a key did, read from the screen before it and after it, as Speakup and Fenrir read a
/// terminal: one rule for every program and every key, not a list of keys per program.
///
/// - The cursor's line changed where the cursor is: the typed text the program echoed (also
///   on the line the cursor went to: a command line's `:`), the text a key deleted
///   (Backspace, Delete, an editor's `x`, Control+W; in the main screen not a line cleared
///   whole, a pager's prompt as it quits), a completion Tab inserted, or the line Up or Down
///   recalled.
/// - Only the cursor moved (its own line may have been redrawn as it was): the character it
///   moved to when it moved one character along the line, the word when it moved further
///   (w, b, e, Control+Right, Home), the line when it moved to another line (j, k, G, gg; in
///   the main screen only Up and Down, where a move to another line is otherwise output).
/// - In a full-screen program, a key that changed more than the cursor's line: the cursor's
///   new line (a scroll: Control+D, Control+F, G; a line deleted or put back); a command line
///   the cursor left that now holds a message (`E37: No write since last change`), the message.
extension TerminalReader {
    /// What to say for the key's effect, or nil when the screen does not show one (yet).
    /// Unsettled (output still arriving), only an answer the program has finished drawing:
    /// its cursor shown again, nothing else on the screen changed.
    mutating func keyAnswer(to key: TerminalKey, settled: Bool) -> [Speech]? {
        let before = said, after = screen
        guard before.lines.count == after.lines.count, scrolledOff.count == 0, !after.lines.isEmpty else { return nil }
        // A program that hides its cursor while it draws shows it again when it is done.
        if !settled, before.cursorVisible, !after.cursorVisible { return nil }
        let from = before.cursor, to = after.cursor
        let lastRow = after.lines.count - 1
        // A row changed when its text or its look did (a highlight that moved is no cursor
        // move); the cursor's line counts as far as the cursor: a space typed at its end
        // changes it.
        let rowChanged = { (row: Int) in
            let (old, new) = (before.lines[row], after.lines[row])
            guard old.cells.map(\.look) == new.cells.map(\.look) else { return true }
            return row == to.row && row == from.row
                ? Self.editedText(old, cursor: from) != Self.editedText(new, cursor: to)
                : old.text != new.text
        }
        // Rows that changed besides the cursor's, the bottom line's message and lines cleared.
        let elsewhere = after.lines.indices.contains { row in
            row != from.row && row != to.row && row != messageRow && rowChanged(row) && !after.lines[row].isBlank
        }
        // Lines that moved up or down around the cursor's (a line deleted, put back, opened):
        // no edit along the cursor's line.
        let shifted = elsewhere && ScreenChanges.shift(from: before, to: after) != nil
        if from.row == to.row, rowChanged(to.row), !shifted {
            // A line cleared is as likely a program starting to redraw it (a pager's prompt).
            if !settled, elsewhere || after.lines[to.row].isBlank { return nil }
            if let edit = edit(after: key, cursorMoved: from != to) { return edit }
            guard settled, after.alternate, !elsewhere else { return nil }
            return [line(to.row)]
        }
        // The cursor went to another line with what was typed (a command line's `:`, a line
        // that wrapped).
        if from.row != to.row, !elsewhere, rowChanged(to.row), let echoed = echo(cursorLineEdit().inserted) { return echoed }
        if let answer = commandAnswer(to: key) { return settled ? answer : nil }
        if !elsewhere {
            if from.row == to.row {
                // Enter's answer is what the program does with the line, not where it leaves the cursor.
                return from.column == to.column || key == .enter ? nil : caretMove(key, from: from, to: to)
            }
            guard after.alternate || key == .up || key == .down, !rowChanged(to.row) else { return nil }
            return [line(to.row)]
        }
        guard settled, after.alternate, to.row != lastRow, from.row != to.row || rowChanged(to.row) else { return nil }
        return [line(to.row)]
    }

    /// Enter on a command line or a prompt at the bottom of a full-screen program (vim's `:w`,
    /// nano's file name): the cursor went back up, and the line holds the command's answer
    /// (`"notes.txt" 4L written`, `[ Wrote 4 lines ]`); nil for any other key or screen.
    func commandAnswer(to key: TerminalKey) -> [Speech]? {
        let from = said.cursor, to = screen.cursor
        guard key == .enter, screen.alternate, said.lines.count == screen.lines.count, from.row > to.row,
              screen.lines.indices.contains(from.row), said.lines[from.row] != screen.lines[from.row],
              let answer = Self.firstField(of: screen.lines[from.row]) else { return nil }
        return [.say(answer)]
    }

    /// The bottom line of a full-screen program whose cursor is elsewhere: where editors and
    /// pagers show their messages, their mode and their ruler.
    var messageRow: Int? {
        let lastRow = screen.lines.count - 1
        guard screen.alternate, lastRow > 0, screen.cursor.row != lastRow, said.cursor.row != lastRow,
              said.lines.count == screen.lines.count else { return nil }
        return lastRow
    }

    /// A message or a mode that appeared on the bottom line ("-- INSERT --", "1 more line;
    /// before #2"), said once: the line's first field, when it begins in the line's left half
    /// and is new. Its other fields (a ruler, the keys of a command being typed, a clock) are
    /// status, never read again as they change.
    func messageSpeech() -> [Speech] {
        guard let row = messageRow, !Self.isKeyBar(screen.lines[row]),
              let field = Self.firstField(of: screen.lines[row], leftHalf: true),
              field != Self.firstField(of: said.lines[row], leftHalf: true) else { return [] }
        return [.say(field)]
    }

    /// A bar of keys (nano's `^G Help  ^O Write Out  ^W Where Is …`, htop's `F1Help F2Setup`),
    /// not a message (vim's `1 more line; before #2  0 seconds ago`, with its ruler on the
    /// right): `barFields` fields or more in its left half, or as many runs of highlighted
    /// cells (the keys shown apart from their names).
    static func isKeyBar(_ line: ScreenLine) -> Bool {
        let fields = line.text(columns: 0..<(line.cells.count / 2)).split(separator: "  ", omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy { $0 == " " } }.count
        let looks = line.cells.map(\.look)
        let highlighted = looks.indices.filter { looks[$0] != 0 && ($0 == 0 || looks[$0 - 1] != looks[$0]) }.count
        return fields >= barFields || highlighted >= barFields
    }

    static let barFields = 3

    /// The first run of text on a line, up to a gap of two spaces or more; nil on a blank line,
    /// or, with `leftHalf`, when it begins past the line's middle.
    static func firstField(of line: ScreenLine, leftHalf: Bool = false) -> String? {
        let cells = line.cells
        guard let start = cells.firstIndex(where: { $0.character != " " }), !leftHalf || start < cells.count / 2 else { return nil }
        var end = start
        var gap = 0
        for column in start..<cells.count {
            if cells[column].character == " " {
                gap += 1
                if gap >= 2 { break }
            } else {
                gap = 0
                end = column + 1
            }
        }
        let text = ScreenLine.spokenText(line.text(columns: start..<end))
        return text.isEmpty ? nil : text
    }

    // MARK: - The cursor's line

    private func line(_ row: Int) -> Speech {
        let text = ScreenLine.spokenText(screen.lines[row].text)
        return .echo(text.isEmpty ? words[.blank] : text, unit: .line)
    }

    /// The cursor's line changed where the cursor is: what was typed and echoed, deleted,
    /// completed or recalled; nil when it is none of these.
    private mutating func edit(after key: TerminalKey, cursorMoved: Bool) -> [Speech]? {
        let (inserted, removed) = cursorLineEdit()
        if !inserted.isEmpty, let echoed = echo(inserted) { return echoed }
        if key == .up || key == .down {
            // A line editor has redrawn the line when it leaves the cursor after its text.
            guard screen.cursor.column >= screen.cursorLine.textEnd else { return nil }
            return [line(screen.cursor.row)]
        }
        // In the main screen a line cleared whole is a program taking its prompt away (a
        // pager's `:` as it quits), not an edit.
        if inserted.isEmpty, !removed.isEmpty, screen.alternate || !screen.cursorLine.isBlank {
            let text = String(removed)
            return removed.count == 1 ? [.echo(TypingEcho.name(text, in: words), unit: .character)]
                : [.echo(text.trimmingWhitespace(), unit: .word)]
        }
        if key == .tab, removed.isEmpty, cursorMoved {
            let completed = String(inserted).trimmingWhitespace()
            return completed.isEmpty ? nil : [.echo(completed, unit: .word)]
        }
        return nil
    }

    /// The text the cursor's line gained and lost: what lies between the parts that stayed.
    private func cursorLineEdit() -> (inserted: [Character], removed: [Character]) {
        let cursorBefore = said.cursor.row == screen.cursor.row ? said.cursor : ScreenPosition(row: screen.cursor.row, column: 0)
        let before = Self.editedText(said.lines[screen.cursor.row], cursor: cursorBefore),
            after = Self.editedText(screen.cursorLine, cursor: screen.cursor)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        return (Array(after[prefix..<(after.count - suffix)]), Array(before[prefix..<(before.count - suffix)]))
    }

    /// A line as far as its text or the cursor reaches, whichever is further: a space typed at
    /// the end of a line counts, the blank rest of the line does not.
    static func editedText(_ line: ScreenLine, cursor: ScreenPosition) -> [Character] {
        let characters = line.cells.map(\.character)
        var length = characters.count
        while length > 0, characters[length - 1] == " " { length -= 1 }
        return Array(characters[0..<min(max(length, cursor.column), characters.count)])
    }

    /// The program echoed what was typed: each character (or each word ended) is said. The
    /// echo is the newest run of the characters typed that the line gained (a command key
    /// before it, an editor's `i`, is not echoed); nil when the line gained something else.
    private mutating func echo(_ inserted: [Character]) -> [Speech]? {
        guard !inserted.isEmpty, inserted.count <= typed.count,
              let start = (0...(typed.count - inserted.count)).first(where: { typed[$0..<($0 + inserted.count)].elementsEqual(inserted) })
        else { return nil }
        typed.removeFirst(start + inserted.count)
        var speech: [Speech] = []
        for character in inserted {
            speech += settings.typingEcho.echoed(for: String(character), word: &word, in: words).map { .echo($0.text, unit: $0.unit) }
        }
        return speech
    }

    /// The cursor moved along its unchanged line: the character it reached after one
    /// character's move, else the word (blank past the line's end).
    private func caretMove(_ key: TerminalKey, from: ScreenPosition, to: ScreenPosition) -> [Speech]? {
        let line = screen.cursorLine
        let cells = line.cells
        guard cells.indices.contains(to.column) else { return nil }
        if to.column >= line.textEnd { return [.echo(words[.blank], unit: .character)] }
        let crossed = cells[min(from.column, to.column)..<min(max(from.column, to.column), cells.count)].filter { !$0.continuesWide }.count
        if crossed <= 1, key != .wordLeft, key != .wordRight {
            return [.echo(TypingEcho.name(String(cells[to.column].character), in: words), unit: .character)]
        }
        let word = Self.word(in: line, at: to.column)
        return word.isEmpty ? [.echo(words[.spaceCharacter], unit: .character)] : [.echo(word, unit: .word)]
    }
}
