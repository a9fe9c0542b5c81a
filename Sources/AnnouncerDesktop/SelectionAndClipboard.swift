import AnnouncerLocales
import AnnouncerSupport

/// The focused text's selection and the clipboard's keys (docs/design.md §12): a change to the
/// selection says what changed of it (`TextSelection`), but for a selection that comes with the
/// focus (the focus says it); Control+C says "copied" when something is selected, and Control+X
/// or Control+V make the deletion or insertion that follows within `clipboardWaitMs` say what
/// was cut or pasted. The caller tells it which objects are the focus and whether the focus is
/// a text field. Pure (SelectionAndClipboardTests).
public struct SelectionAndClipboard: Sendable {
    /// A caret move this soon after a selection change is the selection's own.
    public var selectionStormMs: Milliseconds = 50
    /// A selection this soon after its object's focus came is the focus's own.
    public var focusSelectionMs: Milliseconds = 150
    /// How long after its key a deletion or insertion is the cut's or the paste's.
    public var clipboardWaitMs: Milliseconds = 1_000

    /// The focused object's selection, as far as its events have told, and when it changed.
    private var selection: (id: String, range: Range<Int>?)?
    private var selectedAt: Milliseconds?
    /// The object that took the focus last, and when.
    private var focusArrivedAt: (id: String, at: Milliseconds)?
    /// A cut or paste key pressed, and when: the deletion or insertion that follows it is said
    /// as cut or pasted.
    private var clipboard: (key: ClipboardKey, at: Milliseconds)?

    public init() {}

    /// An object took the focus (a newer one than the focus said). A field that selected its
    /// text as the focus came (Firefox's, at Tab) keeps that selection as where the next one is
    /// measured from.
    public mutating func focusArrived(_ id: String, at now: Milliseconds) {
        if selection?.id != id { selection = nil }
        focusArrivedAt = (id, now)
    }

    /// Whether a caret moving now moves with the selection (within `selectionStormMs` of its
    /// change): what was selected is said, not what the caret crossed.
    public func caretMovesWithSelection(at now: Milliseconds) -> Bool {
        selectedAt.map { now - $0 <= selectionStormMs } ?? false
    }

    /// The selection in `id`, whose whole text is `text`, changed; `focus` holds the objects that
    /// are the focus. Nil when it is not kept: it is kept for the focus, or for an object that
    /// may be about to take it (Firefox selects a field's text before the field's focus event),
    /// never over the focus's. Else what is said of it: nothing for a selection that comes with
    /// the focus, before it or just after (a field selecting its text as Tab reaches it), which
    /// is the field's, not the user's.
    public mutating func changed(_ id: String, to range: Range<Int>?, text: String?, focus: Set<String>, at now: Milliseconds,
                                 in words: LocaleWords) -> [DesktopRequest]? {
        guard focus.contains(id) || selection.map({ !focus.contains($0.id) }) ?? true else { return nil }
        let before = selection?.id == id ? selection?.range : nil
        selection = (id, range)
        selectedAt = now
        guard focus.contains(id), let arrived = focusArrivedAt, arrived.id == id, now - arrived.at > focusSelectionMs,
              let text, let said = TextSelection.said(text, from: before, to: range, in: words) else { return [] }
        return [.echo(said, unit: .line)]
    }

    /// A clipboard key pressed; `field`, the focus when it is a text field (elsewhere the keys are
    /// the application's own). What was copied is the selection: nothing is said of an empty one.
    public mutating func pressed(_ key: ClipboardKey, field: String?, at now: Milliseconds, in words: LocaleWords) -> [DesktopRequest] {
        guard let field else { return [] }
        guard key == .copy else {
            clipboard = (key, now)
            return []
        }
        return selection?.id == field && selection?.range != nil ? [.echo(words[.copied], unit: .word)] : []
    }

    /// Text inserted into the focus: the paste's words when it follows the paste key (then taken),
    /// else nil (typing).
    public mutating func inserted(_ text: String, at now: Milliseconds, in words: LocaleWords) -> DesktopRequest? {
        guard let clipboard, clipboard.key == .paste, now - clipboard.at <= clipboardWaitMs else { return nil }
        self.clipboard = nil
        return .echo(words[.pasted].replacing("{text}", with: String(text.prefix(TextSelection.longestSaid))), unit: .line)
    }

    /// Text deleted from the focus: nil when it is no clipboard key's (typing), else what is said
    /// of it: the cut's words (the key then taken), or nothing for a paste over a selection,
    /// which deletes it first (its insertion says it).
    public mutating func deleted(_ text: String, at now: Milliseconds, in words: LocaleWords) -> [DesktopRequest]? {
        guard let clipboard, now - clipboard.at <= clipboardWaitMs else { return nil }
        guard clipboard.key == .cut else { return [] }
        self.clipboard = nil
        return [.echo(words[.cutText].replacing("{text}", with: String(text.prefix(TextSelection.longestSaid))), unit: .line)]
    }
}
