import AnnouncerCore
@testable import AnnouncerDesktop
import AnnouncerTestSupport
import Testing

/// What the bridge does with the events real toolkits send (docs/design.md §12): doubled focus events,
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
            case .echo(let text, _): "echo \(text)"
            case .window(let title, let role): "window \(role) \(title)"
            }
        }
    }

    @Test func aFocusWaitsTheCoalescingTimeThenSpeaks() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        #expect(filter.receive(.focused(Self.compose), at: 0).isEmpty)
        #expect(filter.deadline == 3)
        #expect(filter.due(at: 2.9).isEmpty)
        #expect(words(filter.due(at: 3)) == ["focus Compose. Button."])
        #expect(filter.deadline == nil)
    }

    @Test func gtkDoubledFocusEventsSpeakOnce() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
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

    /// A keyboard grab (the review's keys) makes GTK give the focus back to its object, and
    /// activate its window again: the user has not moved, nothing is said. Another window
    /// between makes the same focus new again.
    @Test func theFocusGivenBackAfterAKeyboardGrabIsNotSaidAgain() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.windowActivated(id: "main", title: "Mail settings", role: "frame"), at: 0)
        _ = filter.receive(.focused(Self.remember), at: 10)
        #expect(words(filter.due(at: 20)) == ["focus Remember me. Switch Button. Off."])
        _ = filter.receive(.windowActivated(id: "main", title: "Mail settings", role: "frame"), at: 5_000)
        #expect(filter.receive(.focused(Self.remember), at: 5_001).isEmpty)
        #expect(filter.due(at: 5_010).isEmpty)
        #expect(words(filter.receive(.windowActivated(id: "dialog", title: "Settings saved", role: "dialog"), at: 6_000)) == ["window dialog Settings saved"])
        _ = filter.receive(.windowActivated(id: "main", title: "Mail settings", role: "frame"), at: 7_000)
        _ = filter.receive(.focused(Self.remember), at: 7_001)
        #expect(words(filter.due(at: 7_010)) == ["focus Remember me. Switch Button. Off."])
    }

    /// A change to the object the review is on is said (Insert+Enter toggled it); a change to
    /// another object that has not the focus is not.
    @Test func aChangeToTheReviewedObjectIsSaid() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(Self.compose), at: 0)
        _ = filter.due(at: 10)
        filter.reviewed = ("remember", AccessibleMapping.element(Self.remember, catalog: packagedCatalog, locale: "en"))
        var checked = Self.remember
        checked.states.insert("checked")
        #expect(words(filter.receive(.changed(checked), at: 100)) == ["focus Remember me. Switch Button. On."])
        #expect(filter.receive(.changed(checked), at: 110).isEmpty)
        #expect(filter.receive(.changed(Object(id: "other", role: "check box", name: "Other", states: ["sensitive", "checked"])), at: 120).isEmpty)
    }

    @Test func aStormSpeaksOnlyTheLatestFocus() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var spoken: [String] = []
        for row in 1...50 {
            let item = Object(id: "row\(row)", role: "list item", name: "Row \(row)", position: .init(index: row, count: 50))
            spoken += words(filter.receive(.focused(item), at: Double(row) * 0.1))
        }
        spoken += words(filter.due(at: 100))
        #expect(spoken == ["focus Row 50 50 of 50."])
    }

    @Test func aStormThatNeverPausesStillSpeaksAfterTheLongestWait() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var spoken: [String] = []
        // A focus every 2 ms, each within the coalescing time of the one before, for 300 ms.
        for step in 0..<150 {
            let at = Double(step) * 2
            let item = Object(id: "row\(step)", role: "list item", name: "Row \(step)")
            spoken += words(filter.due(at: at))
            spoken += words(filter.receive(.focused(item), at: at))
        }
        spoken += words(filter.due(at: 400))
        // The one waiting when 100 ms had passed since the storm began, then again 100 ms later,
        // and the last.
        #expect(spoken == ["focus Row 49", "focus Row 99", "focus Row 149"])
    }

    @Test func aChangeToTheFocusedObjectSaysItAgainAndOthersAreIgnored() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(Self.remember), at: 0)
        _ = filter.due(at: 10)
        var checked = Self.remember
        checked.states.insert("checked")
        #expect(words(filter.receive(.changed(checked), at: 500)) == ["focus Remember me. Switch Button. On."])
        // A change that says nothing new, or to another object, is not spoken.
        #expect(filter.receive(.changed(checked), at: 600).isEmpty)
        #expect(filter.receive(.changed(Object(id: "elsewhere", role: "label", name: "Clock 12:01")), at: 700).isEmpty)
    }

    /// GTK 4's list box, Down from Apples to Pears: the new row's focus, a change to it, the old
    /// row's loss of its selection, then the new row's gain of it, each read from the bus a
    /// millisecond or more after the one before (more than the wait, on a loaded machine). Only
    /// the new row is said, with its selection.
    @Test func theRowTheFocusLeavesIsNotSaidAgainWhenItLosesItsSelection() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var apples = Object(id: "apples", role: "list item", name: "Apples", states: ["sensitive", "visible", "selected"], position: .init(index: 1, count: 3))
        _ = filter.receive(.focused(apples), at: 0)
        #expect(words(filter.due(at: 10)) == ["focus Selected: Apples 1 of 3."])
        var pears = Object(id: "pears", role: "list item", name: "Pears", states: ["sensitive", "visible"], position: .init(index: 2, count: 3))
        var spoken = words(filter.receive(.focused(pears), at: 500))
        spoken += words(filter.receive(.changed(pears), at: 502))
        #expect(filter.deadline == 505)
        apples.states.remove("selected")
        // Read after the wait's time: a change to another object neither ends the wait nor is said.
        spoken += words(filter.receive(.changed(apples), at: 506))
        #expect(filter.deadline == 505 && filter.mayWaitLonger(at: 506))
        pears.states.insert("selected")
        spoken += words(filter.receive(.changed(pears), at: 508))
        #expect(filter.deadline == 511)
        spoken += words(filter.due(at: 511))
        #expect(spoken == ["focus Selected: Pears 2 of 3."])
        #expect(!filter.mayWaitLonger(at: 511))
    }

    /// Qt's list, Down from Apples to Pears: the new row gains the selection, the old row loses
    /// it, then the new row takes the focus, each read a millisecond or more after the one before
    /// (more than the wait). Only the new row is said. With no focus after it (Control+Space on
    /// the row), the loss of the selection is said once the wait is over.
    @Test func theRowQtTakesTheSelectionFromBeforeTheFocusMovesIsNotSaid() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var apples = Object(id: "apples", role: "list item", name: "Apples", states: ["sensitive", "visible", "selected"], position: .init(index: 1, count: 3))
        _ = filter.receive(.focused(apples), at: 0)
        #expect(words(filter.due(at: 10)) == ["focus Selected: Apples 1 of 3."])
        let pears = Object(id: "pears", role: "list item", name: "Pears", states: ["sensitive", "visible", "selected"], position: .init(index: 2, count: 3))
        var spoken = words(filter.receive(.changed(pears), at: 500))
        apples.states.remove("selected")
        spoken += words(filter.receive(.changed(apples), at: 502))
        #expect(filter.deadline == 505)
        spoken += words(filter.receive(.focused(pears), at: 507))
        spoken += words(filter.due(at: 510))
        #expect(spoken == ["focus Selected: Pears 2 of 3."])

        var plums = Object(id: "plums", role: "list item", name: "Plums", states: ["sensitive", "visible", "selected"], position: .init(index: 3, count: 3))
        _ = filter.receive(.focused(plums), at: 1_000)
        _ = filter.due(at: 1_010)
        plums.states.remove("selected")
        #expect(filter.receive(.changed(plums), at: 2_000).isEmpty)
        #expect(words(filter.due(at: 2_003)) == ["focus Plums 3 of 3."])
    }

    /// A storm of changes never holds a focus back longer than `longestWaitMs`.
    @Test func changesWhileAFocusWaitsEndTheWaitAtTheLongest() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var spoken = words(filter.receive(.focused(Self.compose), at: 0))
        for step in 1...60 {
            let clock = Object(id: "clock", role: "label", name: "12:\(step)")
            spoken += words(filter.receive(.changed(clock), at: Double(step) * 2))
        }
        #expect(spoken == ["focus Compose. Button."])
        #expect(!filter.mayWaitLonger(at: 100) && filter.deadline == nil)
    }

    @Test(arguments: [(TypingEcho.characters, ["echo h", "echo i", "echo space", "echo t"]), (.words, ["echo hi"]), (.none, [])])
    func typingInTheFocusedEntryIsEchoed(_ echo: TypingEcho, _ expected: [String]) {
        var filter = DesktopEventFilter(typingEcho: echo, catalog: packagedCatalog)
        let entry = Object(id: "name", role: "entry", name: "Name")
        _ = filter.receive(.focused(entry), at: 0)
        _ = filter.due(at: 10)
        var spoken: [String] = []
        for (index, character) in "hi t".enumerated() {
            let at = 100 + Double(index) * 100
            spoken += words(filter.receive(.textInserted(id: "name", offset: index, text: String(character)), at: at))
            // The caret follows each character typed: that says nothing more.
            spoken += words(filter.receive(.caretMoved(id: "name", offset: index + 1, text: String("hi t".prefix(index + 1))), at: at + 0.1))
        }
        #expect(spoken == expected)
        // Text inserted elsewhere (a log view filling) is not echoed.
        #expect(filter.receive(.textInserted(id: "log", offset: 0, text: "x"), at: 900).isEmpty)
    }

    /// GTK 3's events for typing "hi yo" in an entry and then Left, Left, Control+Left, End,
    /// BackSpace, Home (recorded from the fixture): each says what the caret crossed, as
    /// VoiceOver does, and the deleted character.
    @Test func movingTheCaretSaysWhatItCrossed() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        let entry = Object(id: "name", role: "entry", name: "Name")
        _ = filter.receive(.focused(entry), at: 0)
        _ = filter.due(at: 10)
        var at = 100.0
        func receive(_ event: DesktopEvent) -> [String] {
            at += 50
            return words(filter.receive(event, at: at))
        }
        for (index, character) in "hi yo".enumerated() {
            _ = receive(.textInserted(id: "name", offset: index, text: String(character)))
            _ = receive(.caretMoved(id: "name", offset: index + 1, text: String("hi yo".prefix(index + 1))))
        }
        #expect(receive(.caretMoved(id: "name", offset: 4, text: "hi yo")) == ["echo o"])      // Left: the character now after the caret
        #expect(receive(.caretMoved(id: "name", offset: 3, text: "hi yo")) == ["echo y"])
        #expect(receive(.caretMoved(id: "name", offset: 0, text: "hi yo")) == ["echo hi"])     // Control+Left: the word
        #expect(receive(.caretMoved(id: "name", offset: 5, text: "hi yo")) == ["echo hi yo"])  // End: the rest of the line
        #expect(receive(.textDeleted(id: "name", offset: 4, text: "o")) == ["echo o"])         // BackSpace: the character deleted
        #expect(receive(.caretMoved(id: "name", offset: 4, text: "hi y")).isEmpty)            // ... and the caret's move with it
        #expect(receive(.caretMoved(id: "name", offset: 3, text: "hi y")) == ["echo y"])
        #expect(receive(.caretMoved(id: "name", offset: 2, text: "hi y")) == ["echo space"])   // Left onto a space
        #expect(receive(.caretMoved(id: "name", offset: 3, text: "hi y")) == ["echo space"])   // Right: the character passed
        // The caret of an object that is not focused says nothing.
        #expect(receive(.caretMoved(id: "log", offset: 1, text: "abc")).isEmpty)
    }

    @Test(arguments: [
        // (text, from, to, said)
        ("one\ntwo\nthree", 1, 5, "two"),     // Down: the line the caret is now on
        ("one\n\nthree", 0, 4, "blank"),        // an empty line
        ("one two", nil, 4, "t"),                // no earlier place known: the character after the caret
        ("one two", nil, 7, nil),                // ... and at the end, nothing
        ("one two", 2, 2, nil),                  // no move
        ("one", 1, 9, nil),                      // offsets that do not fit the text
        ("a  b", 1, 3, "space"),                 // only spaces crossed
    ] as [(String, Int?, Int, String?)])
    func whatACaretMoveCrosses(_ text: String, _ from: Int?, _ to: Int, _ said: String?) {
        #expect(DesktopEventFilter.crossed(text, from: from, to: to, in: packagedCatalog.words(for: "en", configured: "en"))?.text == said)
    }

    /// The unit travels with the echo: a character, a word or a line.
    @Test func echoesSayWhatTheyAre() {
        let english = packagedCatalog.words(for: "en", configured: "en")
        #expect(DesktopEventFilter.crossed("one\ntwo", from: 1, to: 5, in: english)?.unit == .line)
        #expect(DesktopEventFilter.crossed("one two", from: 0, to: 3, in: english)?.unit == .word)
        #expect(DesktopEventFilter.crossed("one two", from: 0, to: 1, in: english)?.unit == .character)
        var filter = DesktopEventFilter(typingEcho: .words, catalog: packagedCatalog)
        _ = filter.receive(.focused(Object(id: "entry", role: "entry", name: "Name")), at: 0)
        _ = filter.due(at: 10)
        #expect(filter.receive(.textInserted(id: "entry", offset: 0, text: "hi "), at: 20) == [.echo("hi", unit: .word)])
        #expect(filter.receive(.textDeleted(id: "entry", offset: 2, text: " "), at: 30) == [.echo("space", unit: .character)])
    }

    @Test func announcementsAndWindows() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        #expect(words(filter.receive(.announcement("Saved", assertive: false), at: 0)) == ["announce default Saved"])
        #expect(words(filter.receive(.announcement("Connection lost", assertive: true), at: 0)) == ["announce high Connection lost"])
        #expect(filter.receive(.announcement("", assertive: true), at: 0).isEmpty)
        #expect(words(filter.receive(.windowActivated(id: "1", title: "Mail", role: "frame"), at: 0)) == ["window window Mail"])
        #expect(words(filter.receive(.windowActivated(id: "2", title: "Mail settings", role: "dialog"), at: 0)) == ["window dialog Mail settings"])
        #expect(words(filter.receive(.windowActivated(id: "3", title: "Report.odt", role: "document frame"), at: 0)) == ["window document Report.odt"])
        #expect(filter.receive(.windowActivated(id: "4", title: " ", role: "frame"), at: 0).isEmpty)
        // The same window once it has its title: said then, and not again when the title
        // changes (a browser's as its page loads; a key grab activates it again).
        #expect(words(filter.receive(.windowActivated(id: "4", title: "Mozilla Firefox", role: "frame"), at: 0)) == ["window window Mozilla Firefox"])
        #expect(filter.receive(.windowActivated(id: "4", title: "Page — Mozilla Firefox", role: "frame"), at: 0).isEmpty)
    }

    @Test func anObjectWithNothingToSayIsNotSpoken() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(Object(id: "frame", role: "filler")), at: 0)
        #expect(filter.due(at: 10).isEmpty)
        #expect(filter.deadline == nil)
    }

    /// Typing echo and the caret in German: the names of characters come from the German table.
    @Test func echoAndCaretInGerman() {
        var word = ""
        let german = packagedCatalog.words(for: "de", configured: "de")
        #expect(DesktopEventFilter.crossed("ab cd", from: 2, to: 3, in: german)?.text == "Leerzeichen")
        #expect(DesktopEventFilter.crossed("ab\n\ncd", from: 0, to: 3, in: german)?.text == "leer")
        #expect(TypingEcho.characters.echoes(for: "\n", word: &word, in: german) == ["neue Zeile"])
        #expect(TypingEcho.characters.echoes(for: "\t", word: &word, in: german) == ["Tabulator"])
    }
}
