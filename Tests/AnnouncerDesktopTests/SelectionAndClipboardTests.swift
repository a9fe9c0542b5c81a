@testable import AnnouncerDesktop
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// The focused text's selection and the clipboard's keys, on a manual clock (docs/design.md
/// §12): the machine is told which objects are the focus and whether the focus is a text field.
@Suite struct SelectionAndClipboardTests {
    enum Step: Sendable {
        case focus(String, Milliseconds)
        /// The selection of an object changed, while `focus` are the focus.
        case selection(String, Range<Int>?, focus: Set<String>, Milliseconds)
        /// A clipboard key pressed in the text field `field` (nil: the focus is none).
        case key(ClipboardKey, field: String?, Milliseconds)
        case inserted(String, Milliseconds)
        case deleted(String, Milliseconds)
    }

    /// What each step said: its echoes' words, "typing" for an edit that is no clipboard key's,
    /// "not kept" for a selection not kept.
    typealias Row = Scenario<Step, [String]>


    static let text = "the quick brown fox"
    static let field: Set<String> = ["field"]

    static let rows: [Row] = [
        Row(name: "a selection that comes with the focus is the focus's; later ones say what changed",
            steps: [.focus("field", 0), .selection("field", 0..<3, focus: field, 20), .selection("field", 4..<9, focus: field, 300),
                    .selection("field", 4..<10, focus: field, 310), .selection("field", nil, focus: field, 330)],
            said: ["", "selected: quick", "selected: space", "unselected: quick "]),
        Row(name: "another object's selection is not kept over the focus's",
            steps: [.focus("field", 0), .selection("field", 0..<3, focus: field, 300), .selection("other", 0..<3, focus: field, 320),
                    .selection("field", 0..<6, focus: field, 340)],
            said: ["selected: the", "not kept", "selected:  qu"]),
        Row(name: "a field about to take the focus keeps its selection, silent, and the next is measured from it",
            steps: [.selection("next", 0..<3, focus: [], 0), .focus("next", 5), .selection("next", 0..<9, focus: ["next"], 400)],
            said: ["", "selected:  quick"]),
        Row(name: "a focus elsewhere forgets the last field's selection",
            steps: [.focus("field", 0), .selection("field", 0..<3, focus: field, 300), .focus("other", 400), .focus("field", 500),
                    .selection("field", 0..<3, focus: field, 700)],
            said: ["selected: the", "selected: the"]),
        Row(name: "Control+C says copied when something is selected in a text field, and nothing elsewhere",
            steps: [.focus("field", 0), .key(.copy, field: "field", 100), .selection("field", 0..<3, focus: field, 300),
                    .key(.copy, field: "field", 400), .key(.copy, field: nil, 500)],
            said: ["", "selected: the", "copied", ""]),
        Row(name: "Control+X makes the deletion that follows say what was cut, once",
            steps: [.focus("field", 0), .key(.cut, field: "field", 100), .deleted("the", 110), .deleted(" ", 200)],
            said: ["", "cut: the", "typing"]),
        Row(name: "Control+V: the deletion of the selection is silent, the insertion says what was pasted, once",
            steps: [.focus("field", 0), .key(.paste, field: "field", 100), .deleted("yo", 105), .inserted("hi", 110), .inserted("!", 120)],
            said: ["", "", "pasted: hi", "typing"]),
        Row(name: "a clipboard key outside a text field, or long before, makes no edit its own",
            steps: [.key(.paste, field: nil, 0), .inserted("hi", 10), .key(.paste, field: "field", 100), .inserted("hi", 1_200)],
            said: ["", "typing", "", "typing"]),
    ]

    @Test(arguments: rows)
    func whatSelectingAndTheClipboardSay(_ row: Row) {
        let words = packagedCatalog.words(for: nil, configured: "en")
        var selection = SelectionAndClipboard()
        var said: [String] = []
        func echoes(_ requests: [DesktopRequest]?) -> String {
            guard let requests else { return "typing" }
            return requests.map { request in if case .echo(let text, _) = request { text } else { "\(request)" } }.joined(separator: " ")
        }
        for step in row.steps {
            switch step {
            case .focus(let id, let at): selection.focusArrived(id, at: at)
            case .selection(let id, let range, let focus, let at):
                let kept = selection.changed(id, to: range, text: Self.text, focus: focus, at: at, in: words)
                said.append(kept == nil ? "not kept" : echoes(kept))
            case .key(let key, let field, let at): said.append(echoes(selection.pressed(key, field: field, at: at, in: words)))
            case .inserted(let text, let at): said.append(echoes(selection.inserted(text, at: at, in: words).map { [$0] }))
            case .deleted(let text, let at): said.append(echoes(selection.deleted(text, at: at, in: words)))
            }
        }
        #expect(said == row.said)
    }

    /// A caret move within `selectionStormMs` of a selection's change moves with it.
    @Test(arguments: [(nil, 100, false), (100, 100, true), (100, 150, true), (100, 151, false)] as [(Milliseconds?, Milliseconds, Bool)])
    func aCaretMovesWithTheSelectionJustAfterIt(_ selectedAt: Milliseconds?, _ now: Milliseconds, _ moves: Bool) {
        var selection = SelectionAndClipboard()
        if let selectedAt { _ = selection.changed("field", to: 0..<1, text: nil, focus: Self.field, at: selectedAt, in: packagedCatalog.words(for: nil, configured: "en")) }
        #expect(selection.caretMovesWithSelection(at: now) == moves)
    }
}
