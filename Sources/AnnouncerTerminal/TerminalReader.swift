import AnnouncerCore

/// What the terminal door says, and when (docs/design.md §13): the rules of `announce term`, with no
/// terminal, no clock and no daemon of their own (TerminalReaderTests). The shell gives it the
/// user's keys, the screen after each piece of the program's output, and the time; it answers
/// with speech:
///
/// - a key press cuts off speech; review keys say the line, word or character under the review
///   cursor;
/// - the typed character (or word) is said when the program echoes it, so the echo is never
///   said twice and what a program does not echo (a password) is never said;
/// - Backspace says the character deleted; Left and Right the character reached (Control: the
///   word); Up and Down the line the cursor is on (shell history, editors), or the highlight
///   that moved (a menu);
/// - other output is said after `quietMs` of quiet, once per burst; a line rewritten in place
///   with no key pressed (a spinner, a progress bar) at most once per `repeatMs`; a burst of
///   more than `floodLines` lines as its last line (its first when the screen was redrawn in
///   place) and how many more;
/// - the program's exit.
public struct TerminalReader {
    public enum Speech: Sendable, Equatable {
        /// Cut off whatever is being said.
        case stop
        /// The program's output: waits its turn, never lost.
        case say(String)
        /// What a key reached: replaces what a key before it reached (review, a menu's highlight).
        case focus(String)
        /// Typing echo: a character typed or deleted, a word ended, a line the cursor moved to,
        /// said at once; the unit travels with the text.
        case echo(String, unit: EchoUnit)
    }

    public var settings: TerminalSettings
    /// The words it says of its own ("blank", "space", "exited 0"), in the configured locale.
    public let words: LocaleWords
    /// The screen as it was when it was last said.
    private var said: ScreenSnapshot
    /// The screen now.
    private var screen: ScreenSnapshot
    private var scrolledOff = TerminalScreenModel.ScrolledOff()
    /// When the newest output not yet said arrived, and the first.
    private var outputAt: Double?
    private var burstStartedAt: Double?
    /// Output that never pauses (a spinner redrawn every 20 ms, a long stream) is said this
    /// long after the burst began, quiet or not.
    public static let longestWaitMs = 1000.0
    /// The keys pressed since the screen was last said.
    private var keys: [TerminalKey] = []
    /// Characters typed and not yet echoed by the program.
    private var typed: [Character] = []
    /// The word being typed (word echo).
    private var word = ""
    /// When a line was last said, by row: a rewrite with no key pressed waits `repeatMs`.
    private var lastSaid: [Int: Double] = [:]
    /// The review cursor once a review key has moved it; nil while it follows the cursor.
    private var review: ScreenPosition?

    public init(settings: TerminalSettings = TerminalSettings(), words: LocaleWords, screen: ScreenSnapshot) {
        self.settings = settings
        self.words = words
        self.said = screen
        self.screen = screen
    }

    /// When `tick` has something to say: the quiet after the newest output, or the longest
    /// wait after the first.
    public var deadline: Double? {
        guard let outputAt, let burstStartedAt else { return nil }
        return min(outputAt + Double(settings.quietMs), burstStartedAt + Self.longestWaitMs)
    }

    // MARK: - Keys

    public mutating func key(_ key: TerminalKey, at now: Double) -> [Speech] {
        if case .review(let command) = key {
            return [.stop] + reviewSpeech(command).map { .focus($0) }
        }
        review = nil
        var speech: [Speech] = [.stop]
        switch key {
        case .typed(let character):
            typed.append(character)
        case .enter:
            if settings.typingEcho == .words, !word.isEmpty { speech.append(.echo(word, unit: .word)) }
            word = ""
            typed = []
        case .backspace:
            if !word.isEmpty { word.removeLast() }
            typed = []
        default:
            word = ""
            typed = []
        }
        keys.append(key)
        return speech
    }

    // MARK: - Output

    /// The screen after a piece of the program's output. A key's answer that touches only the
    /// cursor's line (an echo, a deletion, the caret moving along the line) is said at once;
    /// anything else waits for the quiet (`tick`).
    public mutating func output(_ newScreen: ScreenSnapshot, scrolledOff newlyScrolled: TerminalScreenModel.ScrolledOff, at now: Double) -> [Speech] {
        screen = newScreen
        scrolledOff.count += newlyScrolled.count
        scrolledOff.lines += newlyScrolled.lines.prefix(TerminalScreenModel.ScrolledOff.keptLines - scrolledOff.lines.count)
        outputAt = now
        if burstStartedAt == nil { burstStartedAt = now }
        guard !keys.isEmpty, scrolledOff.count == 0, onlyTheCursorLineChanged(), let lastKey = keys.last else { return [] }
        let answer: [Speech]?
        switch lastKey {
        case .typed: answer = echo()
        case .backspace: answer = deletion()
        case .left, .right, .wordLeft, .wordRight: answer = caretMove(lastKey)
        case .up, .down: answer = recalledLine()
        default: answer = nil
        }
        guard let answer else { return [] }
        markSaid()
        return answer
    }

    /// Says the burst when the quiet after it has lasted `quietMs`.
    public mutating func tick(at now: Double) -> [Speech] {
        guard let deadline, now >= deadline else { return [] }
        return sayBurst(at: now)
    }

    /// The program has exited: what it wrote last, then its status.
    public mutating func exited(status: Int32, at now: Double) -> [Speech] {
        let last = outputAt == nil ? [] : sayBurst(at: now)
        return last + [.say(words.exited(status: status))]
    }

    private mutating func sayBurst(at now: Double) -> [Speech] {
        var changes = ScreenChanges(from: said, to: screen, scrolledOff: scrolledOff)
        var speech: [Speech] = []
        let keyPressed = !keys.isEmpty
        switch keys.last {
        case .up?, .down?, .pageUp?, .pageDown?, .tab?:
            if let highlight = changes.highlight {
                speech.append(.focus(highlight.text))
                changes.lines.removeAll { $0.row == highlight.row }
            } else if keys.last != .tab, said.cursor.row != screen.cursor.row || said.cursorLine.text != screen.cursorLine.text {
                let line = ScreenLine.spokenText(screen.cursorLine.text)
                speech.append(.echo(line.isEmpty ? words[.blank] : line, unit: .line))
                changes.lines.removeAll { $0.row == screen.cursor.row }
            }
        case .typed?:
            if let echoed = echo() {
                speech += echoed
                changes.lines.removeAll { $0.row == screen.cursor.row }
            }
        case .backspace?:
            if let deleted = deletion() {
                speech += deleted
                changes.lines.removeAll { $0.row == screen.cursor.row }
            }
        case .left?, .right?, .wordLeft?, .wordRight?:
            speech += caretMove(keys.last!) ?? []
        default:
            break
        }
        if let highlight = changes.highlight, !speech.contains(.focus(highlight.text)) {
            speech.append(.focus(highlight.text))
        }
        // A line rewritten in place with no key pressed (a spinner, a progress bar, a clock)
        // waits `repeatMs` after its row was last said, unless the cursor has just left it:
        // then it is finished ("done"), and its last state is said.
        if !keyPressed {
            changes.lines.removeAll { line in
                guard line.kind == .rewritten, let row = line.row, let last = lastSaid[row] else { return false }
                let finished = said.cursor.row == row && screen.cursor.row != row
                return !finished && now - last < Double(settings.repeatMs)
            }
        }
        for row in changes.lines.compactMap(\.row) { lastSaid[row] = now }
        if let text = Self.burstText(changes, cursorRow: screen.cursor.row, floodLines: settings.floodLines, words: words) {
            speech.append(.say(text))
        }
        markSaid()
        return speech
    }

    /// The lines of a burst as one utterance; a flood as its last line (the first, when the
    /// screen was redrawn in place: where reading starts) and how many more.
    static func burstText(_ changes: ScreenChanges, cursorRow: Int, floodLines: Int, words: LocaleWords) -> String? {
        var lines = changes.lines
        var count = changes.lineCount
        guard count > 0 else { return nil }
        guard count > floodLines else { return lines.map(\.text).joined(separator: "\n") }
        // After output that scrolled, the line with the cursor is the prompt that came back,
        // not the output's last line.
        if changes.scrolled, lines.count > 1, lines.last?.row == cursorRow {
            lines.removeLast()
            count -= 1
        }
        let shown = changes.scrolled ? lines.last! : lines.first!
        return words.moreLines(shown.text, count: count - 1)
    }

    private mutating func markSaid() {
        said = screen
        scrolledOff = TerminalScreenModel.ScrolledOff()
        outputAt = nil
        burstStartedAt = nil
        keys = []
    }

    // MARK: - A key's answer on the cursor's line

    private func onlyTheCursorLineChanged() -> Bool {
        guard said.lines.count == screen.lines.count, said.cursor.row == screen.cursor.row else { return false }
        for row in screen.lines.indices where row != screen.cursor.row && said.lines[row] != screen.lines[row] { return false }
        return true
    }

    /// The text the cursor's line gained and lost: what lies between the parts that stayed.
    private func cursorLineEdit() -> (inserted: [Character], removed: [Character]) {
        guard said.cursor.row == screen.cursor.row else { return ([], []) }
        let before = Self.editedText(said), after = Self.editedText(screen)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        return (Array(after[prefix..<(after.count - suffix)]), Array(before[prefix..<(before.count - suffix)]))
    }

    /// The cursor's line as far as its text or the cursor reaches, whichever is further: a
    /// space typed at the end of a line counts, the blank rest of the line does not.
    private static func editedText(_ screen: ScreenSnapshot) -> [Character] {
        let characters = screen.cursorLine.cells.map(\.character)
        var length = characters.count
        while length > 0, characters[length - 1] == " " { length -= 1 }
        return Array(characters[0..<min(max(length, screen.cursor.column), characters.count)])
    }

    /// The program echoed what was typed: each character (or each word ended) is said. Nil
    /// when the cursor's line did not change by what was typed.
    private mutating func echo() -> [Speech]? {
        let (inserted, _) = cursorLineEdit()
        guard !inserted.isEmpty, typed.starts(with: inserted) else { return nil }
        typed.removeFirst(inserted.count)
        var speech: [Speech] = []
        for character in inserted {
            speech += settings.typingEcho.echoes(for: String(character), word: &word, in: words).map { .echo($0, unit: settings.typingEcho.unit) }
        }
        return speech
    }

    private func deletion() -> [Speech]? {
        let (inserted, removed) = cursorLineEdit()
        guard inserted.isEmpty, removed.count == 1 else { return nil }
        return [.echo(TypingEcho.name(String(removed), in: words), unit: .character)]
    }

    private func caretMove(_ key: TerminalKey) -> [Speech]? {
        guard said.cursor.row == screen.cursor.row, said.cursor.column != screen.cursor.column,
              said.cursorLine.text == screen.cursorLine.text else { return nil }
        let line = screen.cursorLine
        switch key {
        case .wordLeft, .wordRight:
            let word = Self.word(in: line, at: screen.cursor.column)
            return word.isEmpty ? [.echo(words[.spaceCharacter], unit: .character)] : [.echo(word, unit: .word)]
        default:
            let cells = line.cells
            guard cells.indices.contains(screen.cursor.column) else { return nil }
            return [.echo(TypingEcho.name(String(cells[screen.cursor.column].character), in: words), unit: .character)]
        }
    }

    /// Up or Down replaced the cursor's line in place (shell history): the new line, once the
    /// program has left the cursor after its text, as a line editor does when it has redrawn it.
    private func recalledLine() -> [Speech]? {
        guard said.cursorLine.text != screen.cursorLine.text,
              screen.cursor.column >= screen.cursorLine.textEnd else { return nil }
        let line = ScreenLine.spokenText(screen.cursorLine.text)
        return [.echo(line.isEmpty ? words[.blank] : line, unit: .line)]
    }

    // MARK: - Review

    private mutating func reviewSpeech(_ command: ReviewCommand) -> [String] {
        var position = review ?? screen.cursor
        let lines = screen.lines
        guard !lines.isEmpty else { return [] }
        position.row = min(max(position.row, 0), lines.count - 1)
        let cells = lines[position.row].cells
        switch command {
        case .previousLine, .nextLine:
            let row = position.row + (command == .previousLine ? -1 : 1)
            if lines.indices.contains(row) { position = ScreenPosition(row: row, column: 0) }
        case .previousWord, .nextWord:
            let starts = Self.wordStarts(in: lines[position.row])
            let target = command == .previousWord
                ? starts.last { $0 < Self.wordStart(in: lines[position.row], at: position.column) }
                : starts.first { $0 > position.column }
            if let target { position.column = target }
        case .previousCharacter:
            position.column = max(position.column - 1, 0)
        case .nextCharacter:
            position.column = min(position.column + 1, max(cells.count - 1, 0))
        case .currentLine, .currentWord, .currentCharacter:
            break
        }
        review = position
        let line = lines[position.row]
        switch command {
        case .previousLine, .currentLine, .nextLine:
            let text = ScreenLine.spokenText(line.text)
            return [text.isEmpty ? words[.blank] : text]
        case .previousWord, .currentWord, .nextWord:
            let word = Self.word(in: line, at: position.column)
            return [word.isEmpty ? words[.spaceCharacter] : word]
        case .previousCharacter, .currentCharacter, .nextCharacter:
            guard line.cells.indices.contains(position.column) else { return [words[.blank]] }
            return [TypingEcho.name(String(line.cells[position.column].character), in: words)]
        }
    }

    /// The word (a run of characters other than spaces) at a column; empty on a space.
    static func word(in line: ScreenLine, at column: Int) -> String {
        let cells = line.cells
        guard cells.indices.contains(column), cells[column].character != " " else { return "" }
        let start = wordStart(in: line, at: column)
        var end = column
        while end + 1 < cells.count, cells[end + 1].character != " " { end += 1 }
        return line.text(columns: start..<(end + 1))
    }

    static func wordStart(in line: ScreenLine, at column: Int) -> Int {
        let cells = line.cells
        guard cells.indices.contains(column), cells[column].character != " " else { return column }
        var start = column
        while start > 0, cells[start - 1].character != " " { start -= 1 }
        return start
    }

    static func wordStarts(in line: ScreenLine) -> [Int] {
        line.cells.indices.filter { line.cells[$0].character != " " && ($0 == 0 || line.cells[$0 - 1].character == " ") }
    }
}
