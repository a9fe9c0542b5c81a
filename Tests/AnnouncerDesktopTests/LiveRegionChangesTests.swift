@testable import AnnouncerDesktop
import AnnouncerSupport
import Testing

/// Live regions' changes, gathered for the rest of their storm and said once, and only the page
/// the focus is in speaking (docs/design.md §12).
@Suite struct LiveRegionChangesTests {
    typealias Object = AccessibleSnapshot

    enum Step: Sendable {
        case live(LiveChange, Milliseconds)
        /// A focus on an object, another than the last or not.
        case focus(Object, another: Bool, Milliseconds)
        case key
        case loaded(String)
        case due(Milliseconds)
    }

    /// The announcements made, as "priority text".
    typealias Row = Scenario<Step, [String]>


    static func live(_ id: String, _ politeness: LiveRegion.Politeness, atomic: Bool = false, relevant: Set<String> = LiveRegion.defaultRelevant,
                     busy: Bool = false, _ text: String, _ change: LiveRegion.Change = .inserted, document: String? = nil, at: Milliseconds) -> Step {
        .live(LiveChange(region: LiveRegion(id: id, politeness: politeness, atomic: atomic, relevant: relevant, busy: busy), document: document,
                         change: change, text: text), at)
    }
    static let page = Object(id: "page", role: "document web", name: "Checkout")
    static let button = Object(id: "add", role: "push button", name: "Add")

    static let rows: [Row] = [
        Row(name: "polite regions are default announcements, assertive ones high, once gathered",
            steps: [live("status", .polite, "Coupon applied", at: 0), live("alert", .assertive, "Card number is invalid", at: 1), .due(19), .due(20)],
            said: ["default Coupon applied", "high Card number is invalid"]),
        Row(name: "an atomic region says its whole text as it is last",
            steps: [live("total", .polite, atomic: true, "Total: euros", .deleted, at: 100), live("total", .polite, atomic: true, "Total: \u{FFFC} euros", at: 101),
                    live("total", .polite, atomic: true, "Total: 12 euros", at: 102), .due(121)],
            said: ["default Total: 12 euros"]),
        Row(name: "a region that is not atomic says its insertions together; a removal only where relevant",
            steps: [live("log", .polite, "Build started.", at: 200), live("log", .polite, "Compiling.", at: 205), live("log", .polite, "Old line", .deleted, at: 206),
                    .due(220), live("cart", .polite, relevant: ["removals"], "Apples", .deleted, at: 300), .due(320)],
            said: ["default Build started. Compiling.", "default Apples"]),
        Row(name: "a busy region says nothing until it settles, then its whole text",
            steps: [live("feed", .polite, busy: true, "Loading", at: 400), .due(500), live("feed", .polite, "Three new posts", .settled, at: 500), .due(520)],
            said: ["default Three new posts"]),
        Row(name: "a region's whole text heard twice is said once; another region's same words are its own",
            steps: [live("alert", .assertive, atomic: true, "Hello", at: 0), .due(20), live("alert", .assertive, atomic: true, "Hello", at: 60), .due(80),
                    live("other", .assertive, atomic: true, "Hello", at: 90), .due(110)],
            said: ["high Hello", "high Hello"]),
        Row(name: "after a key the same words are news again",
            steps: [live("alert", .assertive, atomic: true, "Hello", at: 0), .due(20), .key, live("alert", .assertive, atomic: true, "Hello", at: 210), .due(230)],
            said: ["high Hello", "high Hello"]),
        Row(name: "after a focus on another object the same words are news again, not after the same object's",
            steps: [live("total", .polite, "Total: 12 euros", .settled, at: 0), .due(20), .focus(button, another: false, 100),
                    live("total", .polite, "Total: 12 euros", at: 200), .due(220), .focus(button, another: true, 300),
                    live("total", .polite, "Total: 12 euros", at: 400), .due(420)],
            said: ["default Total: 12 euros", "default Total: 12 euros"]),
        Row(name: "the same whole text after liveRepeatMs is the page saying it again",
            steps: [live("alert", .assertive, atomic: true, "Hello", at: 0), .due(20), live("alert", .assertive, atomic: true, "Hello", at: 3_010), .due(3_030)],
            said: ["high Hello", "high Hello"]),
        Row(name: "a region that is not atomic says the same words inserted twice as two lines",
            steps: [live("log", .polite, "Tick.", at: 0), .due(20), live("log", .polite, "Tick.", at: 100), .due(120)],
            said: ["default Tick.", "default Tick."]),
        Row(name: "an empty insertion into a region that is not atomic says nothing",
            steps: [live("log", .polite, "  ", at: 0), .due(20)],
            said: []),
        Row(name: "only the page the focus is in speaks, once it is built",
            steps: [live("total", .polite, atomic: true, "Total: 10 euros", document: "page", at: 0), .focus(page, another: true, 30), .due(40),
                    live("total", .polite, atomic: true, "Total: 10 euros", document: "page", at: 45), .due(70), .loaded("page"),
                    live("total", .polite, atomic: true, "Total: 3 euros", document: "other tab", at: 100), .due(130),
                    live("total", .polite, atomic: true, "Total: 12 euros", document: "page", at: 200), .due(220)],
            said: ["default Total: 12 euros"]),
        Row(name: "a page whose load is never seen is built after buildingWaitMs",
            steps: [.focus(page, another: true, 0), live("total", .polite, atomic: true, "Total: 10 euros", document: "page", at: 999), .due(1_030),
                    live("total", .polite, atomic: true, "Total: 11 euros", document: "page", at: 1_040), .due(1_060)],
            said: ["default Total: 11 euros"]),
        Row(name: "a focus in the page makes it the user's at once",
            steps: [.focus(page, another: true, 0), .focus(button, another: true, 100),
                    live("count", .polite, "2 items", document: "page", at: 200), .due(230)],
            said: ["default 2 items"]),
    ]

    @Test(arguments: rows)
    func whatRegionsSay(_ row: Row) {
        var live = LiveRegionChanges()
        var heard: [String] = []
        for step in row.steps {
            switch step {
            case .live(let change, let at): live.changed(change, at: at)
            case .focus(let object, let another, let at): live.focusArrived(object, anotherObject: another, at: at)
            case .key: live.keyPressed()
            case .loaded(let id): live.documentLoaded(id)
            case .due(let at):
                for case .announce(let announcement) in live.due(at: at) { heard.append("\(announcement.priority) \(announcement.text)") }
            }
        }
        #expect(heard == row.said)
    }

    /// Changes wait `liveWaitMs`, and a storm of them may wait on until `longestWaitMs`; a change
    /// that says nothing waits for nothing.
    @Test func theWaitOfAStorm() {
        var live = LiveRegionChanges()
        live.changed(LiveChange(region: LiveRegion(id: "feed", politeness: .polite, busy: true), change: .inserted, text: "Loading"), at: 0)
        #expect(live.deadline == nil && !live.mayWaitLonger(at: 0))
        live.changed(LiveChange(region: LiveRegion(id: "log", politeness: .polite), change: .inserted, text: "Tick."), at: 10)
        #expect(live.deadline == 10 + live.liveWaitMs && live.mayWaitLonger(at: 109) && !live.mayWaitLonger(at: 110))
        let early = live.due(at: 29)
        #expect(early.isEmpty && live.deadline == 30)
        let due = live.due(at: 30)
        #expect(due.count == 1 && live.deadline == nil)
    }

    /// The document the bridge found the focus in is the one whose regions speak; none, only
    /// regions outside any page.
    @Test(arguments: [("page", "page", true), ("page", "other", false), (nil, "page", false), (nil, nil, true)] as [(String?, String?, Bool)])
    func theFocusedDocumentIsTheOneHeard(_ focused: String?, _ document: String?, _ said: Bool) {
        var live = LiveRegionChanges()
        live.focusedDocument = focused
        live.changed(LiveChange(region: LiveRegion(id: "total", politeness: .polite), document: document, change: .inserted, text: "Total: 14 euros"), at: 0)
        let due = live.due(at: 20)
        #expect(due.count == (said ? 1 : 0))
    }
}
