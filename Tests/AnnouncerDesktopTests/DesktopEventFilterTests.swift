import AnnouncerCore
@testable import AnnouncerDesktop
import Testing

/// What the bridge does with the events real toolkits send (DESIGN §12): doubled focus events,
/// storms, changes to the focused object, typing, announcements, windows.
@Suite struct DesktopEventFilterTests {
    typealias Object = AccessibleSnapshot
    static let compose = Object(id: "compose", role: "push button", name: "Compose")
    static let remember = Object(id: "remember", role: "check box", name: "Remember me")

    func words(_ requests: [DesktopRequest]) -> [String] {
        requests.map { request in
            switch request {
            case .focus(let element): "focus " + composer.compose(element).description
            case .announce(let announcement): "announce \(announcement.priority) \(announcement.text)"
            case .echo(let text): "echo \(text)"
            case .screen(let title): "screen \(title)"
            }
        }
    }

    @Test func aFocusWaitsTheCoalescingTimeThenSpeaks() {
        var filter = DesktopEventFilter()
        #expect(filter.receive(.focused(Self.compose), at: 0).isEmpty)
        #expect(filter.deadline == 10)
        #expect(filter.due(at: 9).isEmpty)
        #expect(words(filter.due(at: 10)) == ["focus Compose. Button."])
        #expect(filter.deadline == nil)
    }

    @Test func gtkDoubledFocusEventsSpeakOnce() {
        var filter = DesktopEventFilter()
        _ = filter.receive(.focused(Self.remember), at: 0)
        _ = filter.receive(.focused(Self.remember), at: 1)
        #expect(words(filter.due(at: 10)) == ["focus Remember me. Switch Button. Off."])
        // And again after it was spoken, within the duplicate window.
        #expect(filter.receive(.focused(Self.remember), at: 40).isEmpty)
        #expect(filter.due(at: 60).isEmpty)
        // Coming back to it later is a new focus.
        _ = filter.receive(.focused(Self.compose), at: 300)
        _ = filter.due(at: 310)
        _ = filter.receive(.focused(Self.remember), at: 400)
        #expect(words(filter.due(at: 410)) == ["focus Remember me. Switch Button. Off."])
    }

    @Test func aStormSpeaksOnlyTheLatestFocus() {
        var filter = DesktopEventFilter()
        var spoken: [String] = []
        for row in 1...50 {
            let item = Object(id: "row\(row)", role: "list item", name: "Row \(row)", position: .init(index: row, count: 50))
            spoken += words(filter.receive(.focused(item), at: Double(row) * 0.1))
        }
        spoken += words(filter.due(at: 100))
        #expect(spoken == ["focus Row 50 50 of 50."])
    }

    @Test func aChangeToTheFocusedObjectSaysItAgainAndOthersAreIgnored() {
        var filter = DesktopEventFilter()
        _ = filter.receive(.focused(Self.remember), at: 0)
        _ = filter.due(at: 10)
        var checked = Self.remember
        checked.states.insert("checked")
        #expect(words(filter.receive(.changed(checked), at: 500)) == ["focus Remember me. Switch Button. On."])
        // A change that says nothing new, or to another object, is not spoken.
        #expect(filter.receive(.changed(checked), at: 600).isEmpty)
        #expect(filter.receive(.changed(Object(id: "elsewhere", role: "label", name: "Clock 12:01")), at: 700).isEmpty)
    }

    @Test(arguments: [(TypingEcho.characters, ["echo h", "echo i", "echo  ", "echo t"]), (.words, ["echo hi"]), (.none, [])])
    func typingInTheFocusedEntryIsEchoed(_ echo: TypingEcho, _ expected: [String]) {
        var filter = DesktopEventFilter(typingEcho: echo)
        let entry = Object(id: "name", role: "entry", name: "Name")
        _ = filter.receive(.focused(entry), at: 0)
        _ = filter.due(at: 10)
        var spoken: [String] = []
        for (index, character) in "hi t".enumerated() {
            spoken += words(filter.receive(.textInserted(id: "name", text: String(character)), at: 100 + Double(index) * 100))
        }
        #expect(spoken == expected)
        // Text inserted elsewhere (a log view filling) is not echoed.
        #expect(filter.receive(.textInserted(id: "log", text: "x"), at: 900).isEmpty)
    }

    @Test func announcementsAndWindows() {
        var filter = DesktopEventFilter()
        #expect(words(filter.receive(.announcement("Saved", assertive: false), at: 0)) == ["announce default Saved"])
        #expect(words(filter.receive(.announcement("Connection lost", assertive: true), at: 0)) == ["announce high Connection lost"])
        #expect(filter.receive(.announcement("", assertive: true), at: 0).isEmpty)
        #expect(words(filter.receive(.windowActivated(title: "Mail settings"), at: 0)) == ["screen Mail settings"])
    }

    @Test func anObjectWithNothingToSayIsNotSpoken() {
        var filter = DesktopEventFilter()
        _ = filter.receive(.focused(Object(id: "frame", role: "filler")), at: 0)
        #expect(filter.due(at: 10).isEmpty)
    }
}
