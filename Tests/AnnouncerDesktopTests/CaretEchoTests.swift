@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// Typing echoed, and what the caret crossed, in the focused text (docs/design.md §12), on a
/// manual clock: the machine is told which object is the focus.
@Suite struct CaretEchoTests {
    typealias Object = AccessibleSnapshot

    enum Step: Sendable {
        /// The typing echo set.
        case echoing(TypingEcho)
        case focus(Object, Milliseconds)
        /// Text inserted into the focus at an offset; `pasted`: said by the paste key.
        case typed(String, at: Int, pasted: Bool = false)
        case deleted(String, at: Int, byClipboard: Bool = false)
        /// The caret of an object moved; `focused`: it is the focus; `withSelection`: just after
        /// a selection change.
        case caret(String, Int, String?, Milliseconds, focused: Bool = true, withSelection: Bool = false)
        case key(movesCaret: Bool)
        /// A focus said after one on an object of an editable combo box's list.
        case saidFromList(Object, Milliseconds)
        case due(Milliseconds)
    }

    typealias Row = Scenario<Step, [DesktopRequest]>


    static let entry = Object(id: "name", role: "entry", name: "Name")
    static func field(_ id: String, _ text: String, caret: Int?) -> Object {
        var field = Object(id: id, role: "entry", name: "Field", states: ["sensitive", "visible", "editable"], text: text)
        field.caretOffset = caret
        return field
    }
    /// "hi t" typed into the name field, the caret following each character.
    static func typing(_ text: String, from start: Milliseconds = 100) -> [Step] {
        text.enumerated().flatMap { index, character -> [Step] in
            [.typed(String(character), at: index), .caret("name", index + 1, String(text.prefix(index + 1)), start + Milliseconds(index) * 100)]
        }
    }
    static func echo(_ text: String, _ unit: EchoUnit) -> DesktopRequest { .echo(text, unit: unit) }
    static func low(_ text: String) -> DesktopRequest { .announce(Announcement(text: text, priority: .low)) }

    static let rows: [Row] = [
        Row(name: "typing is echoed by character; the caret that follows it says nothing", steps: [.focus(entry, 0)] + typing("hi t"),
            said: [echo("h", .character), echo("i", .character), echo("space", .character), echo("t", .character)]),
        Row(name: "by word", steps: [.echoing(.words), .focus(entry, 0)] + typing("hi t"), said: [echo("hi", .word)]),
        Row(name: "not at all", steps: [.echoing(.none), .focus(entry, 0)] + typing("hi t"), said: []),
        Row(name: "a caret move says what it crossed: a character, a word, the rest of the line",
            steps: [.focus(field("name", "hi yo", caret: 5), 0), .caret("name", 4, "hi yo", 200), .caret("name", 3, "hi yo", 300),
                    .caret("name", 0, "hi yo", 400), .caret("name", 5, "hi yo", 500)],
            said: [echo("o", .character), echo("y", .character), echo("hi", .word), echo("hi yo", .word)]),
        Row(name: "a move across lines says the line reached, measured from where the focus found the caret",
            steps: [.focus(field("view", "first line\nsecond line", caret: 0), 0), .caret("view", 11, "first line\nsecond line", 500)],
            said: [echo("second line", .line)]),
        Row(name: "a deletion says what went, and the caret's move with it nothing",
            steps: [.focus(field("name", "hi yo", caret: 5), 0), .deleted("o", at: 4), .caret("name", 4, "hi y", 300), .caret("name", 3, "hi y", 400)],
            said: [echo("o", .character), echo("y", .character)]),
        Row(name: "the caret of an object that is not the focus says nothing",
            steps: [.focus(entry, 0), .caret("log", 1, "abc", 500, focused: false)], said: []),
        Row(name: "the caret placed as its field takes the focus is the focus's own; a later move is said",
            steps: [.focus(field("note", "first line\nsecond line", caret: 22), 0), .caret("note", 0, "first line\nsecond line", 2),
                    .caret("note", 0, "first line\nsecond line", 90), .caret("note", 11, "first line\nsecond line", 700)],
            said: [echo("second line", .line)]),
        Row(name: "a key pressed after the focus makes the caret its answer, however soon",
            steps: [.focus(field("note", "first line\nsecond line", caret: 0), 500), .caret("note", 0, "first line\nsecond line", 510),
                    .key(movesCaret: false), .caret("note", 11, "first line\nsecond line", 530)],
            said: [echo("second line", .line)]),
        Row(name: "a caret moving with the selection says nothing",
            steps: [.focus(field("name", "hi yo", caret: 0), 0), .caret("name", 2, "hi yo", 500, withSelection: true)], said: []),
        Row(name: "an insertion the paste key said is not echoed, and ends the word",
            steps: [.echoing(.words), .focus(entry, 0), .typed("h", at: 0), .typed("yo", at: 1, pasted: true), .typed(" ", at: 3)], said: []),
        Row(name: "a deletion the clipboard said is not echoed", steps: [.focus(entry, 0), .deleted("hi", at: 0, byClipboard: true)], said: []),
        Row(name: "what a browser's document inserts for its children is no typing",
            steps: [.focus(entry, 0), .typed("\u{FFFC}", at: 0)], said: []),
        Row(name: "the caret put back in a combo box from its list says the character it reached once it has waited",
            steps: [.key(movesCaret: true), .saidFromList(field("state", "Alabama", caret: 6), 110), .due(159), .due(160)],
            said: [low("a")]),
        Row(name: "... at the end, blank",
            steps: [.key(movesCaret: true), .saidFromList(field("state", "Alabama", caret: 7), 110), .due(160)], said: [low("blank")]),
        Row(name: "... or where the caret's own event after the focus puts it, at once",
            steps: [.key(movesCaret: true), .saidFromList(field("state", "Alabama", caret: 0), 110), .caret("state", 7, "Alabama", 130), .due(300)],
            said: [low("blank")]),
        Row(name: "... or where its event before the focus put it",
            steps: [.key(movesCaret: true), .caret("state", 1, "Alabama", 100, focused: false), .saidFromList(field("state", "Alabama", caret: 0), 110),
                    .due(300)],
            said: [low("l")]),
        Row(name: "... and a newer key drops it",
            steps: [.key(movesCaret: true), .saidFromList(field("state", "Alabama", caret: 6), 110), .key(movesCaret: false), .due(300)], said: []),
        Row(name: "a key that moves no caret (Escape) says only the box",
            steps: [.key(movesCaret: false), .saidFromList(field("state", "Alabama", caret: 6), 110), .due(300)], said: []),
    ]

    @Test(arguments: rows)
    func whatTypingAndTheCaretSay(_ row: Row) {
        let words = packagedCatalog.words(for: nil, configured: "en")
        var caret = CaretEcho()
        var option = Object(id: "al", role: "list item", name: "Alabama")
        option.editableComboBoxItem = true
        var said: [DesktopRequest] = []
        for step in row.steps {
            switch step {
            case .echoing(let echo): caret.typingEcho = echo
            case .focus(let object, let at): caret.focusArrived(object, at: at)
            case .typed(let text, let offset, let pasted):
                said += caret.inserted(AccessibleMapping.spokenText(text, trimmed: false), endingAt: offset + text.count, pasted: pasted, in: words)
            case .deleted(let text, let offset, let byClipboard): said += caret.deleted(text, at: offset, byClipboard: byClipboard, in: words)
            case .caret(let id, let offset, let text, let at, let focused, let withSelection):
                said += caret.moved(id, to: offset, text: text, isFocused: focused, withSelection: withSelection, at: at, in: words)
            case .key(let movesCaret): caret.keyPressed(movesCaret: movesCaret)
            case .saidFromList(let object, let at):
                caret.focusArrived(object, at: at)
                said += caret.focusSaid(object, after: option, at: at, in: words)
            case .due(let at): said += caret.due(at: at, in: words)
            }
        }
        #expect(said == row.said)
        #expect(caret.deadline == nil)
    }

    /// A focus said after anything but an editable combo box's option says no character.
    @Test(arguments: [nil, Object(id: "al", role: "list item", name: "Alabama")] as [Object?])
    func onlyAComboBoxsOptionPutsTheCaretBack(_ before: Object?) {
        var caret = CaretEcho()
        caret.keyPressed(movesCaret: true)
        let said = caret.focusSaid(Self.field("state", "Alabama", caret: 6), after: before, at: 0, in: packagedCatalog.words(for: nil, configured: "en"))
        #expect(said.isEmpty)
        #expect(caret.deadline == nil)
    }

    /// The character a caret put at an offset reached, in the locale's words.
    @Test(arguments: [("Alabama", 6, "a"), ("Alabama", 1, "l"), ("Alabama", 7, "blank"), ("a b", 1, "space"), ("Hi \u{FFFC}", 3, "blank")])
    func theCharacterReached(_ text: String, _ offset: Int, _ said: String) {
        #expect(CaretEcho.caretReached(text, at: offset, in: packagedCatalog.words(for: nil, configured: "en")) == Self.low(said))
    }
}
