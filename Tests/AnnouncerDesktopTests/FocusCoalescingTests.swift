@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// Which focus is said, and when, on a manual clock: the newest of a storm, never one repeated,
/// and a change to the focus said again (docs/design.md §12).
@Suite struct FocusCoalescingTests {
    typealias Object = AccessibleSnapshot

    /// One step of a row: an event told to the machine at a time, or a look at what is due.
    enum Step: Sendable {
        case focus(Object, Milliseconds)
        case change(Object, Milliseconds)
        case key(movesFocus: Bool, movesCaret: Bool)
        case windowChanged
        case selection(String, Range<Int>?)
        case loaded(Object, Milliseconds)
        case due(Milliseconds)
    }

    /// What was said, in order: a focus or a change by its words; "repeat ID" for a focus
    /// refused as the one said already, "held" for a change taken into a waiting storm.
    typealias Row = Scenario<Step, [String]>


    static let compose = Object(id: "compose", role: "push button", name: "Compose")
    static let send = Object(id: "send", role: "push button", name: "Send")
    static let remember = Object(id: "remember", role: "check box", name: "Remember me")
    static var checked: Object {
        var object = remember
        object.states.insert("checked")
        return object
    }
    static func row(_ name: String, selected: Bool, index: Int) -> Object {
        Object(id: name, role: "list item", name: name, states: selected ? ["sensitive", "visible", "selected"] : ["sensitive", "visible"],
               position: .init(index: index, count: 3))
    }
    static func slider(_ name: String, _ value: Double) -> Object {
        Object(id: "red", role: "slider", name: name, value: value, minimum: 0, maximum: 255)
    }
    static let card = Object(id: "card", role: "entry", name: "Card", states: ["sensitive", "visible", "editable"], text: "1234")
    /// A storm with no pause, a focus every 2 ms from 0 to 118 ms, looked at before each.
    static let endlessStorm: [Step] = (0..<60).flatMap { step -> [Step] in
        [.due(Milliseconds(step * 2)), .focus(Object(id: "row\(step)", role: "list item", name: "Row \(step)"), Milliseconds(step * 2))]
    } + [.due(200)]

    static let rows: [Row] = [
        Row(name: "a focus waits coalesceMs, then is said", steps: [.focus(compose, 0), .due(2.9), .due(3), .due(50)],
            said: ["Compose. Button."]),
        Row(name: "only the newest focus of a storm is said", steps: [.focus(compose, 0), .focus(send, 1), .focus(remember, 2), .due(4), .due(5)],
            said: ["Remember me. Check Box. Not Checked."]),
        Row(name: "a storm that never pauses speaks once it has waited longestWaitMs, and again", steps: endlessStorm,
            said: ["Row 49", "Row 59"]),
        Row(name: "the same focus within duplicateMs is the toolkit repeating itself",
            steps: [.focus(remember, 0), .focus(remember, 1), .due(10), .focus(remember, 40), .due(60)],
            said: ["Remember me. Check Box. Not Checked.", "repeat remember"]),
        Row(name: "given back with no other window between, the same focus is not said however late",
            steps: [.focus(remember, 0), .due(10), .focus(remember, 5_000), .due(5_010)],
            said: ["Remember me. Check Box. Not Checked.", "repeat remember"]),
        Row(name: "after another window, the same focus is news again",
            steps: [.focus(remember, 0), .due(10), .windowChanged, .focus(remember, 5_000), .due(5_010)],
            said: ["Remember me. Check Box. Not Checked.", "Remember me. Check Box. Not Checked."]),
        Row(name: "its name gone, the focus said is going away",
            steps: [.focus(Object(id: "go", role: "link", name: "Continue"), 0), .due(10), .focus(Object(id: "go", role: "link"), 500), .due(600)],
            said: ["Continue. Link.", "repeat go"]),
        Row(name: "an object with nothing to say is not said", steps: [.focus(Object(id: "frame", role: "filler"), 0), .due(10)], said: []),
        Row(name: "a change to the waiting focus is what is said of it, and its wait starts again",
            steps: [.focus(remember, 0), .change(checked, 2), .due(4), .due(5)],
            said: ["held", "Remember me. Check Box. Checked."]),
        Row(name: "a change to another object while a focus waits is held, and not said",
            steps: [.focus(compose, 0), .change(Object(id: "clock", role: "label", name: "12:01"), 1), .due(3)],
            said: ["held", "Compose. Button."]),
        Row(name: "a change to the focus said says it again; one that says nothing new, or another object's, says nothing",
            steps: [.focus(remember, 0), .due(10), .change(checked, 500), .change(checked, 600), .change(Object(id: "clock", role: "label", name: "12:01"), 700)],
            said: ["Remember me. Check Box. Not Checked.", "Remember me. Check Box. Checked."]),
        Row(name: "a slider's step says its new value alone, a new name all of it",
            steps: [.focus(slider("Red", 128), 0), .due(10), .change(slider("Red", 127), 500), .change(slider("Crimson", 127), 600)],
            said: ["Red: 128. Slider. 0 to 255.", "127", "Crimson: 127. Slider. 0 to 255."]),
        Row(name: "the focused row losing its selection waits deselectionWaitMs, then is said",
            steps: [.focus(row("Plums", selected: true, index: 3), 0), .due(10), .change(row("Plums", selected: false, index: 3), 1_000),
                    .due(1_003), .due(1_050)],
            said: ["Selected: Plums 3 of 3.", "Plums 3 of 3."]),
        Row(name: "a newer focus is said instead of the row's loss of its selection",
            steps: [.focus(row("Apples", selected: true, index: 1), 0), .due(10), .change(row("Apples", selected: false, index: 1), 500),
                    .focus(row("Pears", selected: true, index: 2), 520), .due(523)],
            said: ["Selected: Apples 1 of 3.", "Selected: Pears 2 of 3."]),
        Row(name: "after another row's selection, the focused row's loss of its selection is not said",
            steps: [.focus(row("Apples", selected: true, index: 1), 0), .due(10), .change(row("Pears", selected: true, index: 2), 500),
                    .change(row("Apples", selected: false, index: 1), 502), .due(600)],
            said: ["Selected: Apples 1 of 3."]),
        Row(name: "after a key that moves the focus, the row's loss of its selection is not said",
            steps: [.focus(row("Plums", selected: true, index: 3), 0), .due(10), .key(movesFocus: true, movesCaret: false),
                    .change(row("Plums", selected: false, index: 3), 200), .due(300)],
            said: ["Selected: Plums 3 of 3."]),
        Row(name: "a field that holds text, reached by Tab, waits selectionWaitMs for its selection and says it",
            steps: [.key(movesFocus: true, movesCaret: false), .focus(card, 1), .due(5), .selection("card", 0..<4), .due(6)],
            said: ["Card: 1234. Text Field. Selected."]),
        Row(name: "a field reached by Tab whose selection never comes is said without it",
            steps: [.key(movesFocus: true, movesCaret: false), .focus(card, 1), .due(5), .due(31)],
            said: ["Card: 1234. Text Field."]),
        Row(name: "a text area reached by Tab waits for no selection: Tab selects none of it",
            steps: [.key(movesFocus: true, movesCaret: false),
                    .focus(Object(id: "note", role: "text", name: "Note", states: ["sensitive", "visible", "editable", "multi-line"], text: "first"), 1),
                    .due(4)],
            said: ["Note: first. Text Field."]),
        Row(name: "a field reached by a key that moves the caret waits no more than any focus",
            steps: [.key(movesFocus: true, movesCaret: true), .focus(card, 1), .due(4)],
            said: ["Card: 1234. Text Field."]),
        Row(name: "a page's document says itself once loaded, and not again at another load",
            steps: [.focus(Object(id: "page", role: "document web", states: ["busy"]), 0), .due(3),
                    .loaded(Object(id: "page", role: "document web", name: "Order placed"), 400), .due(403),
                    .loaded(Object(id: "page", role: "document web", name: "Order placed"), 900), .due(903)],
            said: ["Order placed"]),
    ]

    static func run(_ steps: [Step]) -> [String] {
        var focus = FocusCoalescing()
        var heard: [String] = []
        for step in steps {
            switch step {
            case .focus(let object, let at):
                if !focus.arrived(object, at: at, element: english) { heard.append("repeat \(object.id)") }
            case .change(let object, let at):
                guard !focus.changedInStorm(object, at: at) else {
                    heard.append("held")
                    continue
                }
                for case .focus(let element) in focus.changed(object, at: at, element: english) { heard.append(composer.compose(element).description) }
            case .key(let movesFocus, let movesCaret):
                focus.keyPressed(movesFocus: movesFocus, movesCaret: movesCaret)
            case .windowChanged:
                focus.windowChanged()
            case .selection(let id, let range):
                focus.selectionChanged(id, to: range)
            case .loaded(let object, let at):
                focus.loaded(object, at: at, element: english)
            case .due(let at):
                if let due = focus.due(at: at, element: english) { heard.append(composer.compose(due.focus.element).description) }
            }
        }
        return heard
    }

    @Test(arguments: rows)
    func whatIsSaid(_ row: Row) {
        #expect(Self.run(row.steps) == row.said)
    }

    /// The deadline is the waiting focus's, and what is due says which focus was said before.
    @Test func theDeadlineAndTheFocusBefore() {
        var focus = FocusCoalescing()
        #expect(focus.deadline == nil && !focus.isWaiting && focus.objects.isEmpty)
        let waits = focus.arrived(Self.compose, at: 0, element: english)
        #expect(waits)
        #expect(focus.deadline == 3 && focus.isWaiting && focus.objects == ["compose"] && focus.mayWaitLonger(at: 99) && !focus.mayWaitLonger(at: 100))
        let first = focus.due(at: 3, element: english)
        #expect(first != nil && first?.before == nil)
        let alsoWaits = focus.arrived(Self.send, at: 10, element: english)
        #expect(alsoWaits)
        #expect(focus.objects == ["compose", "send"] && focus.isFocused("compose") && focus.isFocused("send") && !focus.isFocused("other"))
        let due = focus.due(at: 13, element: english)
        #expect(due?.focus.object.id == "send" && due?.before?.object.id == "compose" && focus.said?.object.id == "send")
        #expect(focus.deadline == nil)
    }

    /// Typing is the focus's own only where it takes typing: a text field, an editable spin
    /// button; not a page's spin button its script rewrites, nor another object.
    @Test(arguments: [
        (Object(id: "name", role: "entry", name: "Name"), "name", true),
        (Object(id: "guests", role: "spin button", name: "Guests", states: ["sensitive", "focusable"], value: 2, minimum: 1, maximum: 6, text: "2"), "guests", false),
        (Object(id: "adults", role: "spin button", name: "Adults", states: ["sensitive", "editable"], value: 2, minimum: 1, maximum: 6, text: "2"), "adults", true),
        (Object(id: "name", role: "entry", name: "Name"), "log", false),
    ])
    func onlyTheFocusThatTakesTypingIsTypedIn(_ object: Object, _ id: String, _ typed: Bool) {
        var focus = FocusCoalescing()
        _ = focus.arrived(object, at: 0, element: english)
        #expect(focus.isTypedIn(id, element: english) == typed)      // waiting
        _ = focus.due(at: 10, element: english)
        #expect(focus.isTypedIn(id, element: english) == typed)      // said
    }
}
