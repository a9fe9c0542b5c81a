@testable import AnnouncerDesktop
import AnnouncerSupport
import Testing

/// A window's title, held for the first focus in it or said once it has waited, and the same
/// window activated again (docs/design.md §12).
@Suite struct WindowTitlesTests {
    typealias Object = AccessibleSnapshot

    enum Step: Sendable {
        /// A window activated (id, title, AT-SPI role) at a time, after a focus said of `focusRole`
        /// at `focusAt`, or none.
        case activated(String, String, String, at: Milliseconds, focusRole: String? = nil, focusAt: Milliseconds = 0)
        case changed(Object)
        case focusSaid(Object)
        case due(Milliseconds)
    }

    /// The titles said ("role: title") and "another window" where one was told.
    typealias Row = Scenario<Step, [String]>


    static let button = Object(id: "compose", role: "push button", name: "Compose")
    static let page = Object(id: "page", role: "document web", name: "Checkout")

    static let rows: [Row] = [
        Row(name: "a title waits for the first focus in its window, and is said before it, as it is then",
            steps: [.activated("dialog", "", "dialog", at: 0), .changed(Object(id: "dialog", role: "dialog", name: "Save changes?")), .due(10),
                    .focusSaid(button), .due(3_000)],
            said: ["dialog: Save changes?"]),
        Row(name: "a title no focus follows is said once it has waited windowWaitMs",
            steps: [.activated("1", "Mail", "frame", at: 0), .due(1_999), .due(2_000), .due(5_000)],
            said: ["window: Mail"]),
        Row(name: "a document frame's title is a document's",
            steps: [.activated("3", "Report.odt", "document frame", at: 0), .due(2_000)],
            said: ["document: Report.odt"]),
        Row(name: "an empty title is not said, nor a name change to nothing",
            steps: [.activated("4", " ", "frame", at: 0), .changed(Object(id: "4", role: "frame", name: " ")), .due(2_000)],
            said: []),
        Row(name: "another object's name change is not the title",
            steps: [.activated("1", "Mail", "frame", at: 0), .changed(Object(id: "other", role: "label", name: "Inbox")), .focusSaid(button)],
            said: ["window: Mail"]),
        Row(name: "a page's document says the page's title: the browser's is not said",
            steps: [.activated("browser", "Untitled - Chromium", "frame", at: 0), .focusSaid(page), .due(5_000)],
            said: []),
        Row(name: "activated just after a focus was said, the title is said at once",
            steps: [.activated("main", "Mail", "frame", at: 500, focusRole: "push button", focusAt: 0)],
            said: ["window: Mail"]),
        Row(name: "activated just after a page's document was said, its title is not said",
            steps: [.activated("firefox", "Notes — Mozilla Firefox", "frame", at: 1_500, focusRole: "document web", focusAt: 0), .due(5_000)],
            said: []),
        Row(name: "activated long after the focus was said, the title waits for the next focus",
            steps: [.activated("main", "Mail", "frame", at: 5_000, focusRole: "push button", focusAt: 0), .focusSaid(button)],
            said: ["window: Mail"]),
        Row(name: "the same window once it has a title is said then, and not again as its title changes",
            steps: [.activated("4", "", "frame", at: 0), .due(2_000), .activated("4", "Mozilla Firefox", "frame", at: 2_001), .due(4_001),
                    .activated("4", "Page — Mozilla Firefox", "frame", at: 5_000), .due(8_000)],
            said: ["window: Mozilla Firefox"]),
        Row(name: "another window is told; the same again is not",
            steps: [.activated("main", "Mail", "frame", at: 0), .due(2_000), .activated("dialog", "Settings saved", "dialog", at: 3_000), .due(5_000),
                    .activated("dialog", "Settings saved", "dialog", at: 6_000)],
            said: ["window: Mail", "another window", "dialog: Settings saved"]),
    ]

    @Test(arguments: rows)
    func whatIsSaidOfWindows(_ row: Row) {
        var windows = WindowTitles()
        var heard: [DesktopRequest] = []
        var told: [String] = []
        func say(_ requests: [DesktopRequest]) {
            heard += requests
            for case .window(let title, let role) in requests { told.append("\(role): \(title)") }
        }
        for step in row.steps {
            switch step {
            case .activated(let id, let title, let role, let at, let focusRole, let focusAt):
                let activated = windows.activated(id: id, title: title, role: role, at: at, focus: focusRole.map { (role: $0, at: focusAt) })
                if activated.anotherWindow { told.append("another window") }
                say(activated.said)
            case .changed(let object):
                windows.changed(object)
            case .focusSaid(let object):
                say(windows.focusSaid(object))
            case .due(let at):
                say(windows.due(at: at))
            }
        }
        #expect(told == row.said)
        #expect(heard.count == told.filter { $0 != "another window" }.count)
        #expect(windows.deadline == nil)
    }

    /// While a title waits its window's name changes are to be read (`waitingWindow`); the window
    /// last activated is known (a progress bar outside it is not read).
    @Test func theWaitingAndTheActiveWindow() {
        var windows = WindowTitles()
        #expect(windows.activeWindowID == nil && windows.waitingWindow == nil && windows.deadline == nil)
        _ = windows.activated(id: "mail", title: "Mail", role: "frame", at: 100, focus: nil)
        #expect(windows.activeWindowID == "mail" && windows.waitingWindow == "mail" && windows.deadline == 100 + windows.windowWaitMs)
        _ = windows.focusSaid(Self.button)
        #expect(windows.activeWindowID == "mail" && windows.waitingWindow == nil && windows.deadline == nil)
    }

    /// The object that took the focus last, said or not, is the one whose page's load says its
    /// title; whether a focus is another object than the last is told.
    @Test(arguments: [
        (["page"], "page", [true], true),
        (["page", "page"], "page", [true, false], true),
        (["page", "link"], "page", [true, true], false),
        ([], "page", [], false),
    ] as [([String], String, [Bool], Bool)])
    func theFocusLastTaken(_ focuses: [String], _ loaded: String, _ another: [Bool], _ last: Bool) {
        var windows = WindowTitles()
        var told: [Bool] = []
        for id in focuses { told.append(windows.focusArrived(id)) }
        #expect(told == another)
        #expect(windows.tookTheFocusLast(loaded) == last)
    }
}
