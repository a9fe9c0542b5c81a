import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport

/// Typing and the caret in the focused text (docs/design.md §12): what is typed is echoed by the
/// typing echo's rule (a character, a word), a deletion says what went, and a caret move says
/// what the caret crossed, as VoiceOver does; the caret's move that comes with an edit, its
/// field's focus or a selection says nothing more. The caret put back in a combo box from its
/// list says the character it reached. The caller tells it which object is the focus. Pure
/// (CaretEchoTests).
public struct CaretEcho: Sendable {
    public var typingEcho: TypingEcho
    /// The combo box the caret was put back in from its list, said, and the caret read with it:
    /// its character waits this long for the caret's own event (Firefox reads the focus with the
    /// caret before the key, and moves it after).
    public var caretWaitMs: Milliseconds = 50
    /// A caret move this soon after its object's focus came, with no key pressed since, is the
    /// focus's own; one this soon before a combo box's focus is where its caret is.
    public var focusSelectionMs: Milliseconds = 150

    /// The word being typed, for word echo.
    private var word = ""
    /// Where the focused object's caret is, as far as its events have told.
    private var caret: (id: String, offset: Int)?
    /// The last caret move of any object, and when: one read before its object's focus.
    private var lastCaret: (id: String, offset: Int, at: Milliseconds)?
    /// The combo box the caret was put back in, its text and the caret read with its focus, and
    /// when (`caretWaitMs`).
    private var caretReturned: (id: String, text: String, offset: Int, at: Milliseconds)?
    /// Where the caret goes after an edit that was echoed: arriving there says nothing more.
    private var caretAfterEdit: Int?
    /// The object that took the focus last, and when.
    private var focusArrivedAt: (id: String, at: Milliseconds)?
    /// Whether a key was pressed since the last focus arrived (in the order they came), and
    /// whether the last one moves a text's caret.
    private var keyAfterFocus = false
    private var keyMovedCaret = false

    public init(typingEcho: TypingEcho = .characters) {
        self.typingEcho = typingEcho
    }

    /// When the character of a combo box's caret is to be said with no event of its own.
    public var deadline: Milliseconds? { caretReturned.map { $0.at + caretWaitMs } }

    /// A key was pressed: a newer key's answer is what is said; whether it moves a text's caret.
    public mutating func keyPressed(movesCaret: Bool) {
        caretReturned = nil
        keyMovedCaret = movesCaret
        keyAfterFocus = true
    }

    /// An object took the focus (a newer one than the focus said): a new word, and the caret
    /// where the focus found it, from where its first move is measured.
    public mutating func focusArrived(_ object: AccessibleSnapshot, at now: Milliseconds) {
        word = ""
        caret = object.caretOffset.map { (object.id, $0) }
        focusArrivedAt = (object.id, now)
        keyAfterFocus = false
        caretAfterEdit = nil
    }

    /// Text typed into the focus, ending at `end`; `typed`, what of it is said (nil: nothing, as
    /// the characters a browser's document inserts for its children), `pasted`: said by the paste
    /// key already.
    public mutating func inserted(_ typed: String?, endingAt end: Int, pasted: Bool, in words: LocaleWords) -> [DesktopRequest] {
        caretAfterEdit = end
        guard let typed else { return [] }
        if pasted {
            word = ""
            return []
        }
        return typingEcho.echoed(for: typed, word: &word, in: words).map { .echo($0.text, unit: $0.unit) }
    }

    /// Text deleted from the focus at `offset` (Backspace, Delete): the character or text
    /// deleted, unless `byClipboard` (a cut, or a paste over a selection) says it.
    public mutating func deleted(_ text: String, at offset: Int, byClipboard: Bool, in words: LocaleWords) -> [DesktopRequest] {
        caretAfterEdit = offset
        word = ""
        guard !byClipboard else { return [] }
        return [.echo(TypingEcho.name(text, in: words), unit: text.count == 1 ? .character : .word)]
    }

    /// A caret moved to `offset` in `id`, whose whole text is `text`; `isFocused`: `id` is the
    /// focus, `withSelection`: a selection changed just before (Shift and the arrows, Control+A),
    /// which says what was selected instead.
    public mutating func moved(_ id: String, to offset: Int, text: String?, isFocused: Bool, withSelection: Bool, at now: Milliseconds,
                               in words: LocaleWords) -> [DesktopRequest] {
        lastCaret = (id, offset, now)
        guard isFocused else { return [] }
        let from = caret?.id == id ? caret?.offset : nil
        caret = (id, offset)
        // The caret put back in a combo box from its list, moving after the box's focus was
        // read (Firefox moves it after the page's key handler gave the focus back): the
        // character it reached, in place of the one read with the focus.
        if let returned = caretReturned, returned.id == id {
            caretReturned = nil
            return [Self.caretReached(text ?? returned.text, at: offset, in: words)]
        }
        // A caret placed as its field takes the focus (Firefox's text area, its caret event
        // just before or after the focus) is the focus's own: the focus says the field. Not
        // once a key was pressed after the focus: a loaded machine may read the focus late,
        // right before the caret that the user's Down moved.
        if let arrived = focusArrivedAt, arrived.id == id, now - arrived.at <= focusSelectionMs, !keyAfterFocus { return [] }
        if caretAfterEdit == offset {
            caretAfterEdit = nil
            return []
        }
        if withSelection { return [] }
        caretAfterEdit = nil
        word = ""
        guard let text, let crossed = Self.crossed(text, from: from, to: offset, in: words) else { return [] }
        return [.echo(crossed.text, unit: crossed.unit)]
    }

    /// A focus was said, after the focus `before`: the caret put back in a combo box that can be
    /// typed in, from an option of its list, by a key that moves the caret (Left, Right, Home,
    /// End), says the character it reached after the box, as NVDA says the focus and the caret's
    /// move ("blank" at the end), into the silence after the box (a newer key's answer cuts it
    /// off). Its caret event may come before its focus, and the caret read with the focus be the
    /// one before (Firefox): the event's is the newer. With none yet, the character waits
    /// `caretWaitMs` for it.
    public mutating func focusSaid(_ object: AccessibleSnapshot, after before: AccessibleSnapshot?, at now: Milliseconds,
                                   in words: LocaleWords) -> [DesktopRequest] {
        guard keyMovedCaret, before?.editableComboBoxItem == true, object.states.contains("editable"),
              let text = object.text, let offset = object.caretOffset else { return [] }
        if let moved = lastCaret, moved.id == object.id, now - moved.at <= focusSelectionMs {
            return [Self.caretReached(text, at: moved.offset, in: words)]
        }
        caretReturned = (object.id, text, offset, now)
        return []
    }

    /// The caret put back in a combo box, no event of its own having come: where the box's focus
    /// read it (Chromium moves it before).
    public mutating func due(at now: Milliseconds, in words: LocaleWords) -> [DesktopRequest] {
        guard let returned = caretReturned, now >= returned.at + caretWaitMs else { return [] }
        caretReturned = nil
        return [Self.caretReached(returned.text, at: returned.offset, in: words)]
    }

    /// The character after a caret put at `offset` ("blank" at the end), said after what is
    /// being said, into silence.
    static func caretReached(_ text: String, at offset: Int, in words: LocaleWords) -> DesktopRequest {
        let reached = crossed(text, from: nil, to: offset, in: words)?.text ?? words[.blank]
        return .announce(Announcement(text: reached, priority: .low))
    }

    /// What a caret move from `from` to `to` says (VoiceOver's rules): one character crossed, that
    /// character (to the right, the one passed; to the left, the one now after the caret); more
    /// on one line, the text crossed (a word, or the rest of the line for Home and End); across
    /// lines, the line the caret is now on. With no earlier place known, the character after the
    /// caret. Nothing when it did not move or the text is not what the offsets say. The embedded
    /// object's character (U+FFFC, a page's child in its text) is never said: a move across it
    /// alone says nothing (the object says itself when it takes the focus).
    static func crossed(_ text: String, from: Int?, to: Int, in words: LocaleWords) -> (text: String, unit: EchoUnit)? {
        guard let (said, unit) = crossedText(text, from: from, to: to, in: words) else { return nil }
        let object = AccessibleMapping.objectReplacement
        guard said.unicodeScalars.contains(object) else { return (said, unit) }
        let spoken = String(String.UnicodeScalarView(said.unicodeScalars.filter { $0 != object })).trimmingWhitespace()
        return spoken.isEmpty ? nil : (spoken, unit)
    }

    private static func crossedText(_ text: String, from: Int?, to: Int, in words: LocaleWords) -> (text: String, unit: EchoUnit)? {
        let characters = Array(text)
        guard to >= 0, to <= characters.count else { return nil }
        guard let from, from >= 0, from <= characters.count else {
            return to < characters.count ? (TypingEcho.name(String(characters[to]), in: words), .character) : nil
        }
        guard from != to else { return nil }
        let crossed = characters[min(from, to)..<max(from, to)]
        if crossed.count == 1 { return (TypingEcho.name(String(crossed), in: words), .character) }
        if crossed.contains("\n") {
            let start = characters[..<to].lastIndex(of: "\n").map { $0 + 1 } ?? 0
            let end = characters[to...].firstIndex(of: "\n") ?? characters.count
            let line = String(characters[start..<end])
            return (line.allSatisfy(\.isWhitespace) ? words[.blank] : line, .line)
        }
        let text = String(crossed).trimmingWhitespace()
        return text.isEmpty ? (TypingEcho.name(String(crossed.first!), in: words), .character) : (text, .word)
    }
}
