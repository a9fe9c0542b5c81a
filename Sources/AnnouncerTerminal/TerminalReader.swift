import AnnouncerComposer
import AnnouncerElements
import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport

/// What the terminal door says, and when (docs/design.md §13): the rules of `announce term`, with no
/// terminal, no clock and no daemon of their own (TerminalReaderTests). The shell gives it the
/// user's keys, the screen after each piece of the program's output, and the time; it answers
/// with speech:
///
/// - a key press cuts off speech; review keys echo the line, word or character under the review
///   cursor;
/// - what a key did, said as soon as the program has drawn it (TerminalReader+KeyAnswer): the
///   typed character (or word) when the program echoes it, so the echo is never said twice and
///   what a program does not echo (a password) is never said; what a key deleted; the
///   character, word or line the cursor moved to, whatever the key (arrows, an editor's
///   commands); in a full-screen program, the cursor's new line when the key scrolled, and a
///   message or mode that appeared on the bottom line, while a status line's fields (a ruler,
///   a clock, pending keys) are not read again;
/// - Up and Down the highlight that moved (a menu), as the focus of the element it stands for
///   (`DrawnControl`: a check box drawn in text is a switch with its state as value);
/// - other output is said after `quietMs` of quiet, once per burst; a line rewritten in place
///   with no key pressed (a spinner, a progress bar) at most once per `repeatMs`; a burst of
///   more than `floodLines` lines as its last line (its first when the screen was redrawn in
///   place) and how many more;
/// - a full-screen program (the alternate screen) once and briefly when it starts (its first
///   lines and the cursor's line), and only what is new after it when it ends, never the
///   lines it gives back;
/// - the program's exit.
public struct TerminalReader {
    public enum Speech: Sendable, Equatable {
        /// Cut off whatever is being said.
        case stop
        /// The program's output: waits its turn, never lost.
        case say(String)
        /// The highlight a key moved to (a menu's entry, a checklist's row), as an element whose
        /// state is traits and value: announcerd's composer words it.
        case focus(Element)
        /// Typing echo: a character typed or deleted, a word ended, a line the cursor moved to,
        /// the line, word or character a review key reached; said at once, the unit travelling
        /// with the text.
        case echo(String, unit: EchoUnit)
    }

    public var settings: TerminalSettings
    /// The composer in the configured locale: it words a check box or radio button drawn in the
    /// program's output as announcerd words a focused one.
    public private(set) var composer: UtteranceComposer
    /// The words it says of its own ("blank", "space", "exited 0"), in the configured locale.
    public private(set) var words: LocaleWords
    /// The screen as it was when it was last said.
    var said: ScreenSnapshot
    /// The screen now.
    var screen: ScreenSnapshot
    var scrolledOff = ScrolledOff()
    /// A full-screen program has started (the alternate screen) and has not been said yet.
    private var entering = false
    /// At most this many of a full-screen program's lines are said when it starts.
    public static let entryLines = 6
    /// When the newest output not yet said arrived, and the first.
    private var outputAt: Double?
    private var burstStartedAt: Double?
    /// Output that never pauses (a spinner redrawn every 20 ms, a long stream) is said this
    /// long after the burst began, quiet or not.
    public static let longestWaitMs = 1000.0
    /// A cursor that moved and drew nothing, in a full-screen program or to another line, onto a
    /// line with a look of its own (a highlight, a background: a menu, a dialog box) is said
    /// after this much quiet, not at once: a curses program moving the cursor to where it
    /// draws next can write the move on its own under load (dialog's menu), and the drawing
    /// after it would make the line it landed on the wrong thing to say. Onto a plain line
    /// (vim's j on text) the line is said at once.
    public static let drawGapMs = 15.0
    /// The output so far moved only the cursor (`drawGapMs`).
    private var cursorOnly = false
    /// The keys pressed since the screen was last said.
    var keys: [TerminalKey] = []
    /// Characters typed and not yet echoed by the program.
    var typed: [Character] = []
    /// The word being typed (word echo).
    var word = ""
    /// When a line was last said, by row: a rewrite with no key pressed waits `repeatMs`.
    private var lastSaid: [Int: Double] = [:]
    /// The review cursor once a review key has moved it; nil while it follows the cursor.
    public private(set) var review: ScreenPosition?
    /// The review keys pressed in a row: a "current" key pressed again spells (`Spelling`).
    private var presses = PressCount()
    /// The program speaks for itself (`ProgramHandOff`: a UI framework's adapter sends announcerd
    /// its focus): its screen is followed, for the review keys, and not read; its keys are not
    /// echoed. Its exit is still said.
    public var programSpeaks = false

    /// The user's locale changed (`settings`): its words from now on.
    public mutating func follow(locale: String) {
        composer.locale = locale
        words = composer.words
    }

    public init(settings: TerminalSettings = TerminalSettings(), composer: UtteranceComposer, screen: ScreenSnapshot) {
        self.settings = settings
        self.composer = composer
        words = composer.words
        self.said = screen
        self.screen = screen
    }

    /// When `tick` has something to say: the quiet after the newest output, or the longest
    /// wait after the first.
    public var deadline: Double? {
        guard let outputAt, let burstStartedAt else { return nil }
        let quiet = cursorOnly ? min(Double(settings.quietMs), Self.drawGapMs) : Double(settings.quietMs)
        return min(outputAt + quiet, burstStartedAt + Self.longestWaitMs)
    }

    // MARK: - Keys

    public mutating func key(_ key: TerminalKey, at now: Double) -> [Speech] {
        if key == .report { return [] }
        if case .review(let command) = key {
            let count = presses.press("\(command)", at: Milliseconds(now))
            let speech = reviewSpeech(command)
            guard count > 1, [.currentLine, .currentWord, .currentCharacter].contains(command) else { return [.stop] + worded(speech) }
            // Pressed again: spelled, then spelled phonetically; a character has no spelling of
            // its own, so its second press is the phonetic one.
            return [.stop] + worded(speech.map { item in
                guard case .echo(let text, let unit) = item, unit != .character || text.count == 1 else { return item }
                let spelled = Spelling.echo(text, unit: unit, presses: unit == .character ? count + 1 : count, in: words)
                return .echo(spelled.text, unit: spelled.unit)
            })
        }
        review = nil
        presses = PressCount()
        // A key cuts off what is being said, as ever; its answer is the program's.
        if programSpeaks { return [.stop] }
        var speech: [Speech] = [.stop]
        switch key {
        case .typed(let character):
            typed.append(character)
        case .enter:
            if settings.typingEcho.saysWords, !word.isEmpty { speech.append(.echo(word, unit: .word)) }
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

    /// The screen after a piece of the program's output, with the main screen as the program
    /// gave it back if it has just left the alternate screen. A key's answer (an echo, a
    /// deletion, the cursor's move) is said at once, once the program has finished drawing it;
    /// anything else waits for the quiet (`tick`).
    public mutating func output(_ newScreen: ScreenSnapshot, scrolledOff newlyScrolled: ScrolledOff,
                                restored: ScreenSnapshot? = nil, at now: Double) -> [Speech] {
        if let restored {
            // The lines a full-screen program gives back were heard before it started.
            said = restored
            entering = false
        }
        if newScreen.alternate, !said.alternate { entering = true }
        screen = newScreen
        if programSpeaks {
            markSaid()
            return []
        }
        scrolledOff.count += newlyScrolled.count
        scrolledOff.lines += newlyScrolled.lines.prefix(ScrolledOff.keptLines - scrolledOff.lines.count)
        outputAt = now
        if burstStartedAt == nil { burstStartedAt = now }
        cursorOnly = screen.lines == said.lines && (screen.alternate ? screen.cursor != said.cursor : screen.cursor.row != said.cursor.row)
            && screen.cursorLine.cells.contains { $0.look != 0 }
        guard !entering, !cursorOnly, let key = keys.last, let answer = keyAnswer(to: key, settled: false) else { return [] }
        let speech = answer + messageSpeech()
        markSaid()
        return worded(speech)
    }

    /// Says the burst when the quiet after it has lasted `quietMs`.
    public mutating func tick(at now: Double) -> [Speech] {
        guard let deadline, now >= deadline else { return [] }
        return worded(sayBurst(at: now))
    }

    /// The program has exited: what it wrote last, then its status.
    public mutating func exited(status: Int32, at now: Double) -> [Speech] {
        let last = outputAt == nil ? [] : sayBurst(at: now)
        return worded(last) + [.say(words.exited(status: status))]
    }

    /// Output and lines as they are said: a check box or radio button drawn on a line in the
    /// composer's words (`DrawnControl`), as announcerd words a highlighted one.
    private func worded(_ speech: [Speech]) -> [Speech] {
        speech.map { item in
            switch item {
            case .say(let text): .say(worded(text))
            case .echo(let text, .line): .echo(worded(text), unit: .line)
            case .stop, .focus, .echo: item
            }
        }
    }

    private func worded(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { DrawnControl.said(String($0), composer: composer) }
            .joined(separator: "\n")
    }

    /// A highlighted line as the element it stands for; a line with several controls drawn on
    /// it (a row of check boxes) as one element worded here, since a focus is one element.
    func highlightedElement(_ text: String) -> Element {
        let elements = DrawnControl.elements(in: text)
        return elements.count == 1 ? elements[0] : Element(label: worded(text))
    }

    private mutating func sayBurst(at now: Double) -> [Speech] {
        if entering {
            guard let text = Self.entryText(screen) else {
                // Nothing drawn yet: wait for the next output.
                outputAt = nil
                burstStartedAt = nil
                return []
            }
            entering = false
            markSaid()
            return [.say(text)]
        }
        var changes = ScreenChanges(from: said, to: screen, scrolledOff: scrolledOff)
        var speech: [Speech] = []
        let keyPressed = !keys.isEmpty
        let message = messageSpeech()
        if let row = messageRow { changes.lines.removeAll { $0.row == row } }
        // A highlight that moved (a menu's, a selection) is what a key reached; else what the
        // key did to the cursor and its line.
        var answered = false
        if let key = keys.last, let answer = commandAnswer(to: key) {
            speech += answer
            answered = true
        } else if let highlight = changes.highlight {
            speech.append(.focus(highlightedElement(highlight.text)))
            changes.lines.removeAll { $0.row == highlight.row }
            answered = true
        } else if let key = keys.last, let answer = keyAnswer(to: key, settled: true) {
            speech += answer
            changes.lines.removeAll { $0.row == screen.cursor.row }
            answered = true
        }
        if screen.alternate {
            // A full-screen program's other lines after a key's answer are its status (a
            // ruler, a title's "Modified", meters), and so are lines it rewrites by itself.
            if answered || !message.isEmpty { changes.lines = [] }
            // A prompt on the bottom line where the cursor stays (a pager's `:`, its line
            // number) is status too when the key changed other lines.
            let lastRow = screen.lines.count - 1
            if said.cursor.row == lastRow, screen.cursor.row == lastRow, changes.lines.contains(where: { $0.row != lastRow }) {
                changes.lines.removeAll { $0.row == lastRow }
            }
            if !keyPressed { changes.lines.removeAll { $0.kind == .rewritten && $0.row != screen.cursor.row } }
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
        // The prompt a key's output ends with, when it came back as it was (a pager's `:` after
        // a page), is not said again.
        if keyPressed, changes.lines.count > 1, let last = changes.lines.last, last.row == screen.cursor.row,
           last.kind != .appended, ScreenLine.spokenText(screen.cursorLine.text) == ScreenLine.spokenText(said.cursorLine.text) {
            changes.lines.removeLast()
        }
        for row in changes.lines.compactMap(\.row) { lastSaid[row] = now }
        if let text = Self.burstText(changes, cursorRow: screen.cursor.row, floodLines: settings.floodLines, words: words) {
            speech.append(.say(text))
        }
        speech += message
        markSaid()
        return speech
    }

    /// A full-screen program as it starts: its first lines with text and the line with the
    /// cursor (when it shows one), not the rest of its screen (a key-help bar); nil while it
    /// has drawn nothing.
    static func entryText(_ screen: ScreenSnapshot) -> String? {
        let lastRow = screen.lines.count - 1
        let cursorRow = screen.cursor.row
        // The bottom line, where the cursor is not, as its message alone (not its ruler).
        let text = { (row: Int) -> String? in
            let line = screen.lines[row]
            let text = row == lastRow && row != cursorRow ? Self.firstField(of: line, leftHalf: true) : ScreenLine.spokenText(line.text)
            return text?.isEmpty == false ? text : nil
        }
        var rows = Array(screen.lines.indices.filter { text($0) != nil }.prefix(entryLines))
        guard !rows.isEmpty else { return nil }
        if screen.cursorVisible, screen.lines.indices.contains(cursorRow), text(cursorRow) != nil, !rows.contains(cursorRow) {
            rows.append(cursorRow)
        }
        return rows.compactMap(text).joined(separator: "\n")
    }

    /// The lines of a burst as one utterance; a flood as its last line (the first, when the
    /// screen was redrawn in place: where reading starts) and how many more.
    static func burstText(_ changes: ScreenChanges, cursorRow: Int, floodLines: Int, words: LocaleWords) -> String? {
        var lines = changes.lines
        var count = changes.lineCount
        guard count > 0 else { return nil }
        guard count > floodLines else { return lines.map(\.text).joined(separator: "\n") }
        // The line with the cursor is the prompt that came back (a shell's, a pager's), not
        // the output's last line, and not one of its lines.
        if lines.count > 1, lines.last?.row == cursorRow {
            lines.removeLast()
            count -= 1
        }
        let shown = changes.scrolled ? lines.last! : lines.first!
        return words.moreLines(shown.text, count: count - 1)
    }

    private mutating func markSaid() {
        said = screen
        scrolledOff = ScrolledOff()
        outputAt = nil
        burstStartedAt = nil
        cursorOnly = false
        keys = []
    }

    // MARK: - Review

    /// A braille display's routing key over the review cursor's line: the review cursor to that
    /// column, and its character said, as the review's current character is.
    public mutating func routeReview(toColumn column: Int) -> [Speech] {
        guard var position = review else { return [] }
        position.column = max(column, 0)
        review = position
        presses = PressCount()
        return [.stop] + worded(reviewSpeech(.currentCharacter))
    }

    private mutating func reviewSpeech(_ command: ReviewCommand) -> [Speech] {
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
            return [.echo(text.isEmpty ? words[.blank] : text, unit: .line)]
        case .previousWord, .currentWord, .nextWord:
            let word = Self.word(in: line, at: position.column)
            return [word.isEmpty ? .echo(words[.spaceCharacter], unit: .character) : .echo(word, unit: .word)]
        case .previousCharacter, .currentCharacter, .nextCharacter:
            guard line.cells.indices.contains(position.column) else { return [.echo(words[.blank], unit: .character)] }
            return [.echo(TypingEcho.name(String(line.cells[position.column].character), in: words), unit: .character)]
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
