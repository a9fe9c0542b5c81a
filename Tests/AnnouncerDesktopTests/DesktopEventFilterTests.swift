@testable import AnnouncerDesktop
import AnnouncerSettings
import AnnouncerSupport
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
            case .focusHeard(let element): "heard " + composer.compose(element).description
            case .announce(let announcement): "announce \(announcement.priority) \(announcement.text)"
            case .echo(let text, _): "echo \(text)"
            case .window(let title, let role): "window \(role) \(title)"
            case .notification(let text): "notification \(text)"
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

    /// A focus that enters a group (a radio group, a table) says it first, once: the next focus
    /// inside it says itself alone, one that leaves says so, and one that comes back says it again.
    @Test func aGroupEnteredIsSaidBeforeTheFocusOnce() {
        typealias Container = AccessibleSnapshot.Container
        let form = Container(id: "form", role: "form", xmlRoles: "form")
        let condiments = Container(id: "condiments", role: "panel", name: "Sandwich Condiments", xmlRoles: "group")
        var lettuce = Object(id: "lettuce", role: "check box", name: "Lettuce", states: ["sensitive", "focusable"])
        lettuce.containers = [form, condiments]
        var tomato = Object(id: "tomato", role: "check box", name: "Tomato", states: ["sensitive", "focusable", "checked"])
        tomato.containers = [form, condiments]
        var send = Object(id: "send", role: "push button", name: "Send")
        send.containers = [form]
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var said: [String] = []
        for (time, object) in [(0.0, lettuce), (100, tomato), (200, send), (300, tomato)] {
            _ = filter.receive(.focused(object), at: time)
            said += words(filter.due(at: time + 50))
        }
        #expect(said == [
            "focus Sandwich Condiments. Group. Lettuce. Check Box. Not Checked.", "focus Tomato. Check Box. Checked.",
            "focus Out of Group. Send. Button.", "focus Sandwich Condiments. Group. Tomato. Check Box. Checked.",
        ])
        // A change to the focus inside it is said alone; read without its containers (as the
        // bridge reads a change), it is still the same focus, not said again.
        tomato.states.remove("checked")
        #expect(words(filter.receive(.changed(tomato), at: 400)) == ["focus Tomato. Check Box. Not Checked."])
        var header = Object(id: "h1", role: "push button", name: "Personal Information", states: ["sensitive", "expandable"])
        header.containers = [.init(id: "h3", role: "heading", level: 3)]
        _ = filter.receive(.focused(header), at: 600)
        #expect(words(filter.due(at: 650)) == ["focus Out of Group. Personal Information: level 3. Button. Heading. Collapsed."])
        var bare = header
        bare.containers = []
        #expect(filter.receive(.changed(bare), at: 700).isEmpty)
        bare.states.insert("expanded")
        #expect(words(filter.receive(.changed(bare), at: 800)) == ["focus Personal Information: level 3. Button. Heading. Expanded."])
    }

    /// From a combo box not said open to an option of a list (the box's active descendant),
    /// the box opened its list: "Expanded." first, whether its change comes before the option's
    /// focus, after it, or never. Within the list, and from a box said open, it is not said again.
    @Test func aComboBoxOpeningItsListSaysExpandedFirst() {
        typealias Container = AccessibleSnapshot.Container
        let box = Object(id: "box", role: "combo box", name: "Drink", states: ["sensitive", "focusable", "expandable"], text: "Tea",
                         xmlRoles: "combobox")
        let list = Container(id: "drinks", role: "list box", name: "Drink", xmlRoles: "listbox", childCount: 3)
        var tea = Object(id: "tea", role: "list item", name: "Tea", states: ["sensitive", "selectable", "selected"], position: .init(index: 1, count: 3))
        tea.containers = [list]
        var coffee = Object(id: "coffee", role: "list item", name: "Coffee", states: ["sensitive", "selectable"], position: .init(index: 2, count: 3))
        coffee.containers = [list]
        var open = box
        open.states.insert("expanded")
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var said: [String] = []
        for (time, object) in [(0.0, box), (100, tea), (200, coffee), (300, box)] {
            _ = filter.receive(.focused(object), at: time)
            said += words(filter.due(at: time + 50))
        }
        // The box's change told after the focus moved on says nothing more.
        said += words(filter.receive(.changed(open), at: 120))
        _ = filter.receive(.changed(open), at: 400)
        _ = filter.receive(.focused(tea), at: 500)
        said += words(filter.due(at: 550))
        #expect(said == [
            "focus Drink: Tea. Combo Box. Collapsed.", "focus Expanded. Drink. List. 3 items. Selected: Tea 1 of 3.", "focus Coffee 2 of 3.",
            "focus Out of List. Drink: Tea. Combo Box. Collapsed.", "focus Drink: Tea. Combo Box. Expanded.",
            "focus Drink. List. 3 items. Selected: Tea 1 of 3.",
        ])
    }

    /// A tab panel that takes the focus itself says what it is, its name once; a link inside
    /// it says nothing of it again, and a desktop's panel says nothing of itself.
    @Test func aContainerThatTakesTheFocusSaysWhatItIs() {
        let tabs = AccessibleSnapshot.Container(id: "tabs", role: "page tab list", name: "Danish Composers", xmlRoles: "tablist")
        var panel = Object(id: "panel", role: "panel", name: "Peter Müller", states: ["sensitive", "focusable"], xmlRoles: "tabpanel")
        var tab = Object(id: "tab4", role: "page tab", name: "Peter Müller", states: ["sensitive", "focusable", "selected"], position: .init(index: 4, count: 4))
        tab.containers = [tabs]
        var link = Object(id: "link", role: "link", name: "Biography", states: ["sensitive", "focusable"])
        link.containers = [AccessibleSnapshot.Container(id: "panel", role: "panel", name: "Peter Müller", xmlRoles: "tabpanel")]
        panel.containers = []
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var said: [String] = []
        for (time, object) in [(0.0, tab), (100, panel), (200, link)] {
            _ = filter.receive(.focused(object), at: time)
            said += words(filter.due(at: time + 50))
        }
        #expect(said == ["focus Danish Composers. Tab List. Selected: Peter Müller. Tab. 4 of 4.", "focus Out of Tab List. Tab Panel. Peter Müller",
                         "focus Biography. Link."])
        var desktop = DesktopEventFilter(catalog: packagedCatalog)
        _ = desktop.receive(.focused(Object(id: "box", role: "panel", name: "Settings", states: ["sensitive", "focusable"])), at: 0)
        #expect(words(desktop.due(at: 50)) == ["focus Settings"])
        // The next page's document taking the focus leaves nothing of the last page's.
        _ = filter.receive(.focused(Object(id: "doc2", role: "document web", name: "Next page", states: ["sensitive", "focusable"])), at: 300)
        #expect(words(filter.due(at: 350)) == ["focus Next page"])
    }

    @Test func gtkDoubledFocusEventsSpeakOnce() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(Self.remember), at: 0)
        _ = filter.receive(.focused(Self.remember), at: 1)
        #expect(words(filter.due(at: 10)) == ["focus Remember me. Check Box. Not Checked."])
        // And again after it was spoken, within the duplicate window.
        #expect(filter.receive(.focused(Self.remember), at: 40).isEmpty)
        #expect(filter.due(at: 60).isEmpty)
        // Coming back to it later is a new focus.
        _ = filter.receive(.focused(Self.compose), at: 300)
        _ = filter.due(at: 310)
        _ = filter.receive(.focused(Self.remember), at: 400)
        #expect(words(filter.due(at: 410)) == ["focus Remember me. Check Box. Not Checked."])
    }

    /// A keyboard grab (the review's keys) makes GTK give the focus back to its object, and
    /// activate its window again: the user has not moved, nothing is said. Another window
    /// between makes the same focus new again.
    @Test func theFocusGivenBackAfterAKeyboardGrabIsNotSaidAgain() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.windowActivated(id: "main", title: "Mail settings", role: "frame"), at: 0)
        _ = filter.receive(.focused(Self.remember), at: 10)
        #expect(words(filter.due(at: 20)) == ["window window Mail settings", "focus Remember me. Check Box. Not Checked."])
        _ = filter.receive(.windowActivated(id: "main", title: "Mail settings", role: "frame"), at: 5_000)
        #expect(filter.receive(.focused(Self.remember), at: 5_001).isEmpty)
        #expect(filter.due(at: 5_010).isEmpty)
        _ = filter.receive(.windowActivated(id: "dialog", title: "Settings saved", role: "dialog"), at: 6_000)
        #expect(words(filter.due(at: 8_000)) == ["window dialog Settings saved"])
        _ = filter.receive(.windowActivated(id: "main", title: "Mail settings", role: "frame"), at: 9_000)
        _ = filter.receive(.focused(Self.remember), at: 9_001)
        #expect(words(filter.due(at: 9_010)) == ["window window Mail settings", "focus Remember me. Check Box. Not Checked."])
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
        #expect(words(filter.receive(.changed(checked), at: 100)) == ["focus Remember me. Check Box. Checked."])
        #expect(filter.receive(.changed(checked), at: 110).isEmpty)
        #expect(filter.receive(.changed(Object(id: "other", role: "check box", name: "Other", states: ["sensitive", "checked"])), at: 120).isEmpty)
    }

    /// Enter or Space on the browse cursor's item focuses it, then acts: the focus that comes
    /// says what the cursor said of it already, and is taken as heard, not said again (as NVDA's
    /// browse mode does not); what the action changed is said. A focus elsewhere, or on the item
    /// saying something else, is said.
    @Test func theFocusComingToTheItemTheCursorSaidIsNotSaidAgain() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(Self.compose), at: 0)
        _ = filter.due(at: 10)
        filter.reviewed = ("remember", AccessibleMapping.element(Self.remember, catalog: packagedCatalog, locale: "en"))
        // The application moved the focus there itself (Shift+Tab after the review moved):
        // said.
        _ = filter.receive(.focused(Self.remember), at: 50)
        #expect(words(filter.due(at: 60)) == ["focus Remember me. Check Box. Not Checked."])
        _ = filter.receive(.focused(Self.compose), at: 70)
        _ = filter.due(at: 80)
        // The review gave it the focus (Enter on it): heard already.
        filter.askFocus("remember", at: 90)
        _ = filter.receive(.focused(Self.remember), at: 100)
        #expect(words(filter.due(at: 110)) == ["heard Remember me. Check Box. Not Checked."])
        var checked = Self.remember
        checked.states.insert("checked")
        #expect(words(filter.receive(.changed(checked), at: 120)) == ["focus Remember me. Check Box. Checked."])
        // Checked before its focus came: the focus says what changed.
        let gift = Object(id: "gift", role: "check box", name: "Gift wrap")
        filter.reviewed = ("gift", AccessibleMapping.element(gift, catalog: packagedCatalog, locale: "en"))
        filter.askFocus("gift", at: 190)
        _ = filter.receive(.focused(Object(id: "gift", role: "check box", name: "Gift wrap", states: ["sensitive", "checked"])), at: 200)
        #expect(words(filter.due(at: 210)) == ["focus Gift wrap. Check Box. Checked."])
        // Another object: said.
        _ = filter.receive(.focused(Self.compose), at: 300)
        #expect(words(filter.due(at: 310)) == ["focus Compose. Button."])
    }

    /// The focus the review gave (Return on the browse cursor's combo box) comes after the
    /// next key was pressed (a loaded machine: the key after the answer "Focus mode"): it is
    /// still the review's, heard already, and the key's own focus after it is said.
    @Test func theFocusTheReviewGaveIsHeardThoughAKeyCameBeforeIt() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(Self.compose), at: 0)
        _ = filter.due(at: 10)
        filter.reviewed = ("remember", AccessibleMapping.element(Self.remember, catalog: packagedCatalog, locale: "en"))
        filter.askFocus("remember", at: 20)
        _ = filter.receive(.keyPressed(movesFocus: true, movesCaret: false), at: 30)
        _ = filter.receive(.focused(Self.remember), at: 40)
        #expect(words(filter.due(at: 50)) == ["heard Remember me. Check Box. Not Checked."])
        _ = filter.receive(.focused(Self.compose), at: 60)
        #expect(words(filter.due(at: 70)) == ["focus Compose. Button."])
        // Back to it by the application's key: said.
        _ = filter.receive(.keyPressed(movesFocus: true, movesCaret: false), at: 80)
        _ = filter.receive(.focused(Self.remember), at: 90)
        #expect(words(filter.due(at: 100)) == ["focus Remember me. Check Box. Not Checked."])
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
        #expect(words(filter.receive(.changed(checked), at: 500)) == ["focus Remember me. Check Box. Checked."])
        // A change that says nothing new, or to another object, is not spoken.
        #expect(filter.receive(.changed(checked), at: 600).isEmpty)
        #expect(filter.receive(.changed(Object(id: "elsewhere", role: "label", name: "Clock 12:01")), at: 700).isEmpty)
        // Its name gone with nothing in its place is the object going away (Firefox's link as
        // its page is left, read as "Link." on a loaded machine): not said.
        var gone = checked
        gone.name = ""
        #expect(filter.receive(.changed(gone), at: 800).isEmpty)
        // A new name is.
        gone.name = "Forget me"
        #expect(words(filter.receive(.changed(gone), at: 900)) == ["focus Forget me. Check Box. Checked."])
    }

    /// The focus given back to the object that had it, its name gone (Firefox's link after
    /// Return, as the page it leads away from is left, once the key's grab ends: a CI loop heard
    /// "Link." between "Continue. Link." and the next page), is the object going away: not said.
    /// Another object without a name is said.
    @Test func theFocusGivenBackNamelessToTheObjectThatHadItIsNotSaid() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var link = Object(id: "continue", role: "link", name: "Continue")
        _ = filter.receive(.focused(link), at: 0)
        #expect(words(filter.due(at: 100)) == ["focus Continue. Link."])
        _ = filter.receive(.keyPressed(), at: 200)
        _ = filter.receive(.focused(Object(id: "panel", role: "panel")), at: 300)
        link.name = ""
        _ = filter.receive(.focused(link), at: 400)
        #expect(filter.due(at: 600).isEmpty)
        _ = filter.receive(.focused(Object(id: "other", role: "link")), at: 700)
        #expect(words(filter.due(at: 900)) == ["focus Link."])
    }

    /// A slider's step says its new value alone, as NVDA and Orca do; a change to more than its
    /// value (its name) says all of it again.
    @Test func aSlidersStepSaysItsNewValueAlone() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var red = Object(id: "red", role: "slider", name: "Red", value: 128, minimum: 0, maximum: 255)
        _ = filter.receive(.focused(red), at: 0)
        #expect(words(filter.due(at: 10)) == ["focus Red: 128. Slider. 0 to 255."])
        red.value = 127
        #expect(words(filter.receive(.changed(red), at: 500)) == ["focus 127"])
        red.value = 255
        #expect(words(filter.receive(.changed(red), at: 600)) == ["focus 255"])
        red.name = "Crimson"
        #expect(words(filter.receive(.changed(red), at: 700)) == ["focus Crimson: 255. Slider. 0 to 255."])
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
    /// (more than a focus's wait; on a loaded machine tens of milliseconds). Only the new row is
    /// said. With no focus after it (Control+Space on the row), the loss of the selection is said
    /// once its wait (`deselectionWaitMs`) is over.
    @Test func theRowQtTakesTheSelectionFromBeforeTheFocusMovesIsNotSaid() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var apples = Object(id: "apples", role: "list item", name: "Apples", states: ["sensitive", "visible", "selected"], position: .init(index: 1, count: 3))
        _ = filter.receive(.focused(apples), at: 0)
        #expect(words(filter.due(at: 10)) == ["focus Selected: Apples 1 of 3."])
        let pears = Object(id: "pears", role: "list item", name: "Pears", states: ["sensitive", "visible", "selected"], position: .init(index: 2, count: 3))
        var spoken = words(filter.receive(.changed(pears), at: 500))
        apples.states.remove("selected")
        spoken += words(filter.receive(.changed(apples), at: 502))
        #expect(filter.deadline == nil)                          // Pears was selected first: nothing waits
        spoken += words(filter.due(at: 530))
        spoken += words(filter.receive(.focused(pears), at: 540))
        spoken += words(filter.due(at: 543))
        #expect(spoken == ["focus Selected: Pears 2 of 3."])

        // On a loaded machine the new row's focus comes after deselectionWaitMs: the row left
        // is still not said, in either order of Qt's two selection changes.
        func move(from left: Object, to reached: Object, selectingFirst: Bool, at start: Milliseconds) -> [String] {
            var leftNow = left, reachedNow = reached
            leftNow.states.remove("selected")
            reachedNow.states.insert("selected")
            let changes: [DesktopEvent] = selectingFirst ? [.changed(reachedNow), .changed(leftNow)] : [.changed(leftNow), .changed(reachedNow)]
            var said = words(filter.receive(changes[0], at: start)) + words(filter.receive(changes[1], at: start + 2))
            said += words(filter.due(at: start + filter.deselectionWaitMs + 30))
            said += words(filter.receive(.focused(reachedNow), at: start + filter.deselectionWaitMs + 40))
            return said + words(filter.due(at: start + filter.deselectionWaitMs + 45))
        }
        #expect(move(from: pears, to: apples, selectingFirst: true, at: 600) == ["focus Selected: Apples 1 of 3."])
        #expect(move(from: apples, to: pears, selectingFirst: false, at: 800) == ["focus Selected: Pears 2 of 3."])

        // The focused row losing its selection with no other row selected (Control+Space) is
        // said, once it has waited.
        var plums = Object(id: "plums", role: "list item", name: "Plums", states: ["sensitive", "visible", "selected"], position: .init(index: 3, count: 3))
        _ = filter.receive(.focused(plums), at: 1_000)
        _ = filter.due(at: 1_010)
        plums.states.remove("selected")
        #expect(filter.receive(.changed(plums), at: 2_000).isEmpty)
        #expect(filter.due(at: 2_003).isEmpty)
        #expect(words(filter.due(at: 2_000 + filter.deselectionWaitMs)) == ["focus Plums 3 of 3."])

        // After a key that moves the focus (Up), the row left losing its selection is the
        // selection going along, however late the rest is read (CI on a loaded machine: the new
        // row's selection and focus read after the wait, "song.ogg 2 of 3." said between).
        plums.states.insert("selected")
        _ = filter.receive(.changed(plums), at: 3_000)
        _ = filter.due(at: 3_010)
        _ = filter.receive(.keyPressed(movesFocus: true), at: 4_000)
        plums.states.remove("selected")
        #expect(filter.receive(.changed(plums), at: 4_005).isEmpty)
        #expect(filter.deadline == nil && filter.due(at: 4_300).isEmpty)
        var pearsNow = pears
        pearsNow.states.insert("selected")
        _ = filter.receive(.focused(pearsNow), at: 4_400)
        #expect(words(filter.due(at: 4_410)) == ["focus Selected: Pears 2 of 3."])
        // A key that does not move it (Control+Space) says the loss.
        _ = filter.receive(.keyPressed(movesFocus: false), at: 5_000)
        pearsNow.states.remove("selected")
        _ = filter.receive(.changed(pearsNow), at: 5_005)
        #expect(words(filter.due(at: 5_005 + filter.deselectionWaitMs)) == ["focus Pears 2 of 3."])
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

    /// A field that selects its text as it takes the focus says so with the focus, whether the
    /// selection was read with the focus (Firefox selects first) or came just after it while the
    /// focus waited (Chromium); the selection changing later is said by its own event, never
    /// as the field again.
    @Test func aFieldsTextSelectedAsTheFocusCameIsSaidWithIt() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var city = Object(id: "city", role: "entry", name: "City", states: ["sensitive", "visible", "editable"], text: "Lisbon")
        city.selection = 0..<6
        _ = filter.receive(.focused(city), at: 0)
        #expect(words(filter.due(at: 10)) == ["focus City: Lisbon. Text Field. Selected."])
        var state = Object(id: "state", role: "entry", name: "State", states: ["sensitive", "visible", "editable"], text: "Alabama")
        _ = filter.receive(.focused(state), at: 100)
        #expect(filter.receive(.selectionChanged(id: "state", selection: 0..<7, text: "Alabama"), at: 101).isEmpty)
        #expect(words(filter.due(at: 110)) == ["focus State: Alabama. Text Field. Selected."])
        // Shift+Left: the selection's own words, and the field read again is not said.
        #expect(words(filter.receive(.keyPressed(), at: 500)) == [])
        let said = words(filter.receive(.selectionChanged(id: "state", selection: 0..<6, text: "Alabama"), at: 510))
        state.selection = 0..<6
        #expect(said == ["echo unselected: a"])
        #expect(filter.receive(.changed(state), at: 511).isEmpty && filter.due(at: 600).isEmpty)
        // Tab to a field that holds text, read with no selection: it waits a moment for the
        // selection's event (Firefox's, late on a loaded machine), so that one utterance says it;
        // with none by then, it is said without.
        var card = Object(id: "card", role: "entry", name: "Card", states: ["sensitive", "visible", "editable"], text: "1234")
        _ = filter.receive(.keyPressed(movesFocus: true), at: 1_200)
        _ = filter.receive(.focused(card), at: 1_201)
        #expect(filter.due(at: 1_205).isEmpty)
        _ = filter.receive(.selectionChanged(id: "card", selection: 0..<4, text: "1234"), at: 1_220)
        #expect(words(filter.due(at: 1_223)) == ["focus Card: 1234. Text Field. Selected."])
        card.id = "code"
        _ = filter.receive(.keyPressed(movesFocus: true), at: 1_300)
        _ = filter.receive(.focused(card), at: 1_301)
        #expect(filter.due(at: 1_305).isEmpty)
        #expect(words(filter.due(at: 1_301 + filter.selectionWaitMs)) == ["focus Card: 1234. Text Field."])
    }

    /// Left, Right, Home or End on an option of a combo box's list that can be typed in: the
    /// page puts the caret back in the box, which is said, then the character the caret reached
    /// (NVDA's caret move; "blank" at the end), into the silence after it. Escape says the box.
    @Test func theCaretPutBackInAComboBoxFromItsListSaysTheCharacter() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var option = Object(id: "al", role: "list item", name: "Alabama", states: ["sensitive", "visible", "selectable", "selected"],
                            position: .init(index: 1, count: 56))
        option.display = "block"
        option.editableComboBoxItem = true
        func box(caret: Int) -> Object {
            var box = Object(id: "state", role: "entry", name: "State", states: ["sensitive", "visible", "editable"], text: "Alabama")
            box.caretOffset = caret
            return box
        }
        func back(_ key: DesktopEvent, caret: Int, at now: Milliseconds) -> [String] {
            _ = filter.receive(.focused(option), at: now)
            _ = filter.due(at: now + 10)
            _ = filter.receive(key, at: now + 100)
            _ = filter.receive(.focused(box(caret: caret)), at: now + 110)
            // The character waits a moment for the caret's own event: none comes here.
            return words(filter.due(at: now + 120)) + words(filter.due(at: now + 120 + filter.caretWaitMs))
        }
        let boxSaid = "focus State: Alabama. Text Field."
        #expect(back(.keyPressed(movesFocus: true, movesCaret: true), caret: 6, at: 0) == [boxSaid, "announce low a"])       // Left from the end
        #expect(back(.keyPressed(movesFocus: true, movesCaret: true), caret: 1, at: 1_000) == [boxSaid, "announce low l"])   // Right from the start
        #expect(back(.keyPressed(movesFocus: true, movesCaret: true), caret: 7, at: 2_000) == [boxSaid, "announce low blank"])  // End
        #expect(back(.keyPressed(), caret: 7, at: 3_000) == [boxSaid])                                              // Escape
        // Firefox: the box's focus read with the caret before the key (at the start), its event
        // after: the character the event says, once.
        _ = filter.receive(.focused(option), at: 4_000)
        _ = filter.due(at: 4_010)
        _ = filter.receive(.keyPressed(movesFocus: true, movesCaret: true), at: 4_100)
        _ = filter.receive(.focused(box(caret: 0)), at: 4_110)
        #expect(words(filter.due(at: 4_120)) == [boxSaid])
        #expect(words(filter.receive(.caretMoved(id: "state", offset: 7, text: "Alabama"), at: 4_130)) == ["announce low blank"])
        #expect(filter.due(at: 4_300).isEmpty && filter.deadline == nil)
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
    /// A page's script rewriting the text of its focused spin button (an ARIA one, not
    /// editable, whose number Up steps) is no typing: only the new value is said, as a change
    /// to the focus. A spin button the user types in (GTK's, editable) echoes the typing.
    @Test func onlyTextTheUserTypesInIsEchoed() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        let guests = Object(id: "guests", role: "spin button", name: "Guests", states: ["sensitive", "focusable"], value: 2, minimum: 1, maximum: 6, text: "2")
        _ = filter.receive(.focused(guests), at: 0)
        #expect(words(filter.due(at: 10)) == ["focus Guests: 2. Spin Button. 1 to 6."])
        #expect(filter.receive(.textDeleted(id: "guests", offset: 0, text: "2"), at: 100).isEmpty)
        #expect(filter.receive(.textInserted(id: "guests", offset: 0, text: "3"), at: 101).isEmpty)
        var stepped = guests
        stepped.text = "3"
        stepped.value = 3
        #expect(words(filter.receive(.changed(stepped), at: 102)) == ["focus 3"])

        var typed = guests
        typed.id = "adults"
        typed.states.insert("editable")
        _ = filter.receive(.focused(typed), at: 200)
        _ = filter.due(at: 210)
        #expect(words(filter.receive(.textInserted(id: "adults", offset: 1, text: "4"), at: 300)) == ["echo 4"])
    }

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

    /// Firefox places a text area's caret as it takes the focus, its caret event just before
    /// the focus is said or just after: the focus says the field, and its caret says nothing
    /// until it moves again, later.
    @Test func theCaretPlacedWithTheFocusIsTheFocuss() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        let text = "first line\nsecond line"
        var note = Object(id: "note", role: "entry", name: "Note", states: ["sensitive", "visible", "multi-line"], text: text)
        note.caretOffset = 22
        _ = filter.receive(.focused(note), at: 0)
        #expect(filter.receive(.caretMoved(id: "note", offset: 0, text: text), at: 2).isEmpty)       // while the focus waits
        #expect(words(filter.due(at: 3)) == ["focus Note: first line\nsecond line. Text Field."])
        #expect(filter.receive(.caretMoved(id: "note", offset: 0, text: text), at: 90).isEmpty)      // said, then placed again
        #expect(words(filter.receive(.caretMoved(id: "note", offset: 11, text: text), at: 700)) == ["echo second line"])   // Down
    }

    /// A braille display follows the focused field's text and caret at every move, the focus's
    /// own placing too (braille is not speech); never another object's, nor a button's.
    @Test func aBrailleDisplayFollowsTheFocusedFieldsCaret() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var name = Object(id: "name", role: "entry", name: "Name", states: ["sensitive", "visible"], text: "hi")
        name.caretOffset = 2
        #expect(filter.brailleText(for: .caretMoved(id: "name", offset: 1, text: "hi")) == nil)   // not focused yet
        _ = filter.receive(.focused(name), at: 0)
        _ = filter.due(at: 3)
        let moved = filter.brailleText(for: .caretMoved(id: "name", offset: 1, text: "hi"))
        #expect(moved?.element == "name" && moved?.text == "hi" && moved?.caret == 1)
        #expect(filter.brailleText(for: .caretMoved(id: "other", offset: 1, text: "hi")) == nil)
        #expect(filter.brailleText(for: .caretMoved(id: "name", offset: 1, text: nil)) == nil)
        var secret = Object(id: "pin", role: "password text", name: "PIN", states: ["sensitive", "visible"], text: "1234")
        secret.caretOffset = 4
        _ = filter.receive(.focused(secret), at: 10)
        _ = filter.due(at: 13)
        #expect(filter.brailleText(for: .caretMoved(id: "pin", offset: 4, text: "1234"))?.text == "****")
        _ = filter.receive(.focused(Self.compose), at: 20)
        _ = filter.due(at: 23)
        #expect(filter.brailleText(for: .caretMoved(id: "compose", offset: 0, text: "x")) == nil)
    }

    /// On a loaded machine the focus is read late, just before the caret the user's Down moved:
    /// a key pressed after the focus makes the caret the key's answer, however close.
    @Test func aCaretMovedByAKeyAfterTheFocusIsSaidHoweverSoon() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        let text = "first line\nsecond line"
        let note = Object(id: "note", role: "entry", name: "Note", states: ["sensitive", "visible", "multi-line"], text: text)
        _ = filter.receive(.keyPressed(), at: 0)                                                          // Tab
        _ = filter.receive(.caretMoved(id: "note", offset: 0, text: text), at: 1)
        _ = filter.receive(.focused(note), at: 500)
        _ = filter.due(at: 503)
        #expect(filter.receive(.caretMoved(id: "note", offset: 0, text: text), at: 510).isEmpty)     // the focus's own
        _ = filter.receive(.keyPressed(), at: 520)                                                        // Down
        #expect(words(filter.receive(.caretMoved(id: "note", offset: 11, text: text), at: 530)) == ["echo second line"])
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
        ("Hi \u{FFFC} there", 3, 4, nil),        // a page's embedded object alone: never said
        ("Hi \u{FFFC}", nil, 3, nil),
        ("Hi \u{FFFC} there", 0, 10, "Hi  there"),  // its character dropped from what is crossed
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
        // A browser's document building itself inserts its children's characters: never said.
        _ = filter.receive(.focused(Object(id: "doc", role: "document web", name: "Problem loading page")), at: 100)
        _ = filter.due(at: 110)
        #expect(filter.receive(.textInserted(id: "doc", offset: 0, text: "\u{FFFC}\u{FFFC}"), at: 120).isEmpty)
        #expect(filter.receive(.textDeleted(id: "doc", offset: 0, text: "\u{FFFC}"), at: 130).isEmpty)
    }

    @Test func announcementsAndWindows() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        #expect(words(filter.receive(.announcement("Saved", assertive: false), at: 0)) == ["announce default Saved"])
        #expect(words(filter.receive(.announcement("Connection lost", assertive: true), at: 0)) == ["announce high Connection lost"])
        #expect(filter.receive(.announcement("", assertive: true), at: 0).isEmpty)
        // A window that no focus follows is said once it has waited `windowWaitMs`.
        var time: Milliseconds = 0
        func activated(_ id: String, _ title: String, _ role: String) -> [String] {
            #expect(filter.receive(.windowActivated(id: id, title: title, role: role), at: time).isEmpty)
            time += filter.windowWaitMs
            #expect(filter.deadline == time)
            defer { time += 1 }
            return words(filter.due(at: time))
        }
        #expect(activated("1", "Mail", "frame") == ["window window Mail"])
        #expect(activated("2", "Mail settings", "dialog") == ["window dialog Mail settings"])
        #expect(activated("3", "Report.odt", "document frame") == ["window document Report.odt"])
        #expect(activated("4", " ", "frame").isEmpty)
        // The same window once it has its title: said then, and not again when the title
        // changes (a browser's as its page loads; a key grab activates it again).
        #expect(activated("4", "Mozilla Firefox", "frame") == ["window window Mozilla Firefox"])
        #expect(filter.receive(.windowActivated(id: "4", title: "Page — Mozilla Firefox", role: "frame"), at: time).isEmpty)
        #expect(filter.deadline == nil)
    }

    /// A window's title waits for the first focus in it, and is said before it; a title that
    /// changes meanwhile is said as it is then (a browser's, as its page loads). A page's
    /// document taking the focus says the page's title itself: the browser's window title (its
    /// "Untitled - Chromium" of a page not yet loaded) is not said.
    @Test func aWindowsTitleWaitsForItsFirstFocus() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.windowActivated(id: "dialog", title: "", role: "dialog"), at: 0)
        _ = filter.receive(.changed(Object(id: "dialog", role: "dialog", name: "Save changes?")), at: 5)
        _ = filter.receive(.focused(Self.compose), at: 10)
        #expect(words(filter.due(at: 13)) == ["window dialog Save changes?", "focus Compose. Button."])

        // GTK with no window manager focuses first and activates its window after: the title
        // is said at once.
        #expect(words(filter.receive(.windowActivated(id: "main", title: "Mail", role: "frame"), at: 500)) == ["window window Mail"])

        _ = filter.receive(.windowActivated(id: "browser", title: "Untitled - Chromium", role: "frame"), at: 5_000)
        _ = filter.receive(.focused(Object(id: "page", role: "document web", name: "Checkout")), at: 6_500)
        #expect(words(filter.due(at: 6_503)) == ["focus Checkout"])
        #expect(filter.deadline == nil)

        // Firefox on a loaded machine: its page takes the focus, and its window is activated
        // after, titled by the page. The page's title was said; the window's is not.
        _ = filter.receive(.focused(Object(id: "page 2", role: "document web", name: "Notes")), at: 10_000)
        #expect(words(filter.due(at: 10_003)) == ["focus Notes"])
        #expect(filter.receive(.windowActivated(id: "firefox", title: "Notes — Mozilla Firefox", role: "frame"), at: 11_500).isEmpty)
        #expect(filter.deadline == nil)
    }

    /// A page's document that takes the focus before it has loaded has nothing to say (no
    /// name yet, and no "Dimmed."); once loaded, its title is said. One said at its focus is not
    /// said again at its load.
    @Test func aPageSaysItsTitleOnceLoaded() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        let loading = Object(id: "page", role: "document web", states: ["busy"])
        let loaded = Object(id: "page", role: "document web", name: "Order placed")
        _ = filter.receive(.focused(loading), at: 0)
        #expect(filter.due(at: 3).isEmpty)
        _ = filter.receive(.documentLoaded(loaded), at: 400)
        #expect(words(filter.due(at: 403)) == ["focus Order placed"])
        _ = filter.receive(.documentLoaded(loaded), at: 900)
        #expect(filter.due(at: 903).isEmpty)
        // Another document's load (a frame, another tab) says nothing.
        _ = filter.receive(.documentLoaded(Object(id: "other", role: "document web", name: "Ads")), at: 1_000)
        #expect(filter.due(at: 1_003).isEmpty)
    }

    static func live(_ id: String, _ politeness: LiveRegion.Politeness, atomic: Bool = false, relevant: Set<String> = LiveRegion.defaultRelevant,
                     busy: Bool = false, _ text: String, _ change: LiveRegion.Change = .inserted) -> DesktopEvent {
        .liveChanged(LiveChange(region: LiveRegion(id: id, politeness: politeness, atomic: atomic, relevant: relevant, busy: busy),
                                change: change, text: text))
    }

    /// Live regions: polite ones are default announcements, assertive ones high; a storm's
    /// changes to one region are said once (an atomic region as it is last, another each change
    /// in turn); removals only where `aria-relevant` asks; nothing while busy, the whole region
    /// once it settles.
    @Test func liveRegionsAreAnnouncedByTheirPoliteness() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(Self.live("status", .polite, "Coupon applied"), at: 0)
        _ = filter.receive(Self.live("alert", .assertive, "Card number is invalid"), at: 1)
        #expect(filter.deadline == filter.liveWaitMs)
        #expect(filter.due(at: 19).isEmpty)
        #expect(words(filter.due(at: 20)) == ["announce default Coupon applied", "announce high Card number is invalid"])

        // Chromium's replaced number: a deletion, then an insertion, then the whole region.
        _ = filter.receive(Self.live("total", .polite, atomic: true, "Total: euros", .deleted), at: 100)
        _ = filter.receive(Self.live("total", .polite, atomic: true, "Total: \u{FFFC} euros"), at: 101)
        _ = filter.receive(Self.live("total", .polite, atomic: true, "Total: 12 euros"), at: 102)
        #expect(words(filter.due(at: 121)) == ["announce default Total: 12 euros"])

        _ = filter.receive(Self.live("log", .polite, "Build started."), at: 200)
        _ = filter.receive(Self.live("log", .polite, "Compiling."), at: 205)
        _ = filter.receive(Self.live("log", .polite, "Old line", .deleted), at: 206)
        #expect(words(filter.due(at: 220)) == ["announce default Build started. Compiling."])
        _ = filter.receive(Self.live("cart", .polite, relevant: ["removals"], "Apples", .deleted), at: 300)
        #expect(words(filter.due(at: 320)) == ["announce default Apples"])

        _ = filter.receive(Self.live("feed", .polite, busy: true, "Loading"), at: 400)
        #expect(filter.deadline == nil)
        _ = filter.receive(Self.live("feed", .polite, "Three new posts", .settled), at: 500)
        #expect(words(filter.due(at: 520)) == ["announce default Three new posts"])
    }

    /// One change heard twice: Chromium tells an alert's new paragraph as an insertion into the
    /// alert and another into the paragraph, and on a loaded machine the second comes after the
    /// first was said. The same whole text from the same region, with no key and no focus
    /// since, is said once; a key, a focus, or `liveRepeatMs`, lets the same words be said
    /// again, and another region's same words are its own.
    @Test func aRegionsWholeTextHeardTwiceIsSaidOnce() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(Self.live("alert", .assertive, atomic: true, "Hello"), at: 0)
        #expect(words(filter.due(at: 20)) == ["announce high Hello"])
        _ = filter.receive(Self.live("alert", .assertive, atomic: true, "Hello"), at: 60)
        #expect(filter.due(at: 80).isEmpty)
        _ = filter.receive(Self.live("other", .assertive, atomic: true, "Hello"), at: 90)
        #expect(words(filter.due(at: 110)) == ["announce high Hello"])
        // The page's next change, after a key: the same words are news again.
        _ = filter.receive(.keyPressed(), at: 200)
        _ = filter.receive(Self.live("alert", .assertive, atomic: true, "Hello"), at: 210)
        #expect(words(filter.due(at: 230)) == ["announce high Hello"])
        // A focus moved (a click on the button again): the same words are news again.
        _ = filter.receive(.focused(Object(id: "show", role: "push button", name: "Show")), at: 250)
        #expect(words(filter.due(at: 255)) == ["focus Show. Button."])
        _ = filter.receive(Self.live("alert", .assertive, atomic: true, "Hello"), at: 260)
        #expect(words(filter.due(at: 280)) == ["announce high Hello"])
        // A region settling twice into the same words is also one change.
        _ = filter.receive(Self.live("feed", .polite, "Three new posts", .settled), at: 300)
        #expect(words(filter.due(at: 320)) == ["announce default Three new posts"])
        _ = filter.receive(Self.live("feed", .polite, "Three new posts", .settled), at: 330)
        #expect(filter.due(at: 350).isEmpty)
        // With no key, the same words after liveRepeatMs are a page saying them again.
        _ = filter.receive(Self.live("alert", .assertive, atomic: true, "Hello"), at: 250 + filter.liveRepeatMs)
        #expect(filter.due(at: 270 + filter.liveRepeatMs).isEmpty)
        _ = filter.receive(Self.live("alert", .assertive, atomic: true, "Hello"), at: 280 + filter.liveRepeatMs)
        #expect(words(filter.due(at: 300 + filter.liveRepeatMs)) == ["announce high Hello"])
        // A region that is not atomic says each insertion: the same words twice are two lines.
        _ = filter.receive(Self.live("log", .polite, "Tick."), at: 5_000)
        #expect(words(filter.due(at: 5_020)) == ["announce default Tick."])
        _ = filter.receive(Self.live("log", .polite, "Tick."), at: 5_100)
        #expect(words(filter.due(at: 5_120)) == ["announce default Tick."])
    }

    /// A busy region that settles is told twice, as settled (its whole text) and as its text
    /// inserted, in either order, and on a loaded machine the second comes after the first was
    /// said (a CI's Firefox said "Delivery on Friday" twice, the second 1.3 s on): one change,
    /// said once. Its same words after a key are news again.
    @Test func aSettledRegionToldAlsoAsInsertedIsSaidOnce() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(Self.live("date", .polite, "Delivery on Friday", .settled), at: 0)
        #expect(words(filter.due(at: 20)) == ["announce default Delivery on Friday"])
        _ = filter.receive(Self.live("date", .polite, "Delivery on Friday"), at: 1_500)
        #expect(filter.due(at: 1_520).isEmpty)

        _ = filter.receive(.keyPressed(), at: 2_000)
        _ = filter.receive(Self.live("date", .polite, "Delivery on Friday"), at: 2_100)
        #expect(words(filter.due(at: 2_120)) == ["announce default Delivery on Friday"])
        _ = filter.receive(Self.live("date", .polite, "Delivery on Friday", .settled), at: 3_600)
        #expect(filter.due(at: 3_620).isEmpty)
        // Another region's same words are its own.
        _ = filter.receive(Self.live("other", .polite, "Delivery on Friday", .settled), at: 3_700)
        #expect(words(filter.due(at: 3_720)) == ["announce default Delivery on Friday"])
    }

    /// A web grid's cell taking the focus (its arrows move it) says where it is as NVDA does:
    /// coming into the table, its column's and row's headers, its row and its column; moving
    /// along its row, its column's header and column; down its column, its row's header and
    /// row; into another table, all again. A header cell does not say itself as its header.
    @Test func aCellSaysItsHeadersAndPlaceAsTheFocusMovesInItsTable() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        func cell(_ id: String, _ name: String, table: String = "grid", row: Int, column: Int) -> Object {
            var object = Object(id: id, role: "table cell", name: name)
            object.cell = .init(table: table, row: row, column: column, rows: 4, columns: 3,
                                columnHeader: ["Date", "Item", "Amount"][column], rowHeader: row == 0 ? nil : "Entry \(row)")
            return object
        }
        var said: [String] = []
        for (time, object) in [cell("a", "2 May", row: 1, column: 0), cell("b", "Bread", row: 1, column: 1), cell("c", "Milk", row: 2, column: 1),
                               cell("d", "5 euros", row: 3, column: 2), cell("e", "Tea", table: "other", row: 3, column: 1),
                               cell("f", "Item", table: "other", row: 0, column: 1)].enumerated() {
            _ = filter.receive(.focused(object), at: Milliseconds(time * 1_000))
            said += words(filter.due(at: Milliseconds(time * 1_000 + 500)))
        }
        #expect(said == [
            "focus Date. Entry 1. 2 May. Row 2 of 4. Column 1 of 3.",
            "focus Item. Bread. Column 2 of 3.",
            "focus Entry 2. Milk. Row 3 of 4.",
            "focus Amount. Entry 3. 5 euros. Row 4 of 4. Column 3 of 3.",
            "focus Item. Entry 3. Tea. Row 4 of 4. Column 2 of 3.",
            "focus Item. Row 1 of 4.",
        ])
    }

    /// The focus given again to the object that has it (browse mode's Space focuses the check
    /// box it toggles, which had the focus; Firefox tells that focus after the region's first
    /// telling) is no move: the region's second telling says nothing (a loaded machine's
    /// Firefox said "Total: 12 euros" twice). A focus elsewhere makes the same words news.
    @Test func aRegionIsNotSaidAgainForTheFocusGivenBackToTheSameObject() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        let box = Object(id: "gift", role: "check box", name: "Gift wrap", states: ["checked"])
        _ = filter.receive(.focused(box), at: 0)
        _ = filter.due(at: 100)
        _ = filter.receive(Self.live("total", .polite, "Total: 12 euros", .settled), at: 200)
        #expect(words(filter.due(at: 220)) == ["announce default Total: 12 euros"])
        _ = filter.receive(.focused(box), at: 400)
        _ = filter.due(at: 500)
        _ = filter.receive(Self.live("total", .polite, "Total: 12 euros"), at: 600)
        #expect(filter.due(at: 620).isEmpty)

        _ = filter.receive(.focused(Object(id: "coupon", role: "push button", name: "Apply coupon")), at: 800)
        _ = filter.due(at: 900)
        _ = filter.receive(Self.live("total", .polite, "Total: 12 euros"), at: 1_000)
        #expect(words(filter.due(at: 1_020)) == ["announce default Total: 12 euros"])
    }

    /// Only the live regions of the page the focus is in speak: not another tab's, nor those of
    /// a page being built (Chromium says their first text as inserted, before the page's
    /// document takes the focus).
    @Test func onlyThePageTheFocusIsInSpeaks() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        func total(_ document: String, _ text: String) -> DesktopEvent {
            .liveChanged(LiveChange(region: LiveRegion(id: "total", politeness: .polite, atomic: true), document: document, change: .inserted, text: text))
        }
        _ = filter.receive(total("page", "Total: 10 euros"), at: 0)
        _ = filter.receive(.focused(Object(id: "page", role: "document web", name: "Checkout")), at: 30)
        #expect(words(filter.due(at: 40)) == ["focus Checkout"])
        #expect(filter.focusedDocument == "page")
        // Chromium may insert a region's first text just after its document's focus, before
        // its load completes: still the page being built.
        _ = filter.receive(total("page", "Total: 10 euros"), at: 45)
        #expect(filter.due(at: 70).isEmpty)
        _ = filter.receive(.documentLoaded(Object(id: "page", role: "document web", name: "Checkout")), at: 50)
        _ = filter.receive(total("other tab", "Total: 3 euros"), at: 100)
        #expect(filter.due(at: 130).isEmpty)
        _ = filter.receive(total("page", "Total: 12 euros"), at: 200)
        #expect(words(filter.due(at: 220)) == ["announce default Total: 12 euros"])
        // The bridge found the focus outside any page (another application's window).
        filter.focusedDocument = nil
        _ = filter.receive(total("page", "Total: 14 euros"), at: 300)
        #expect(filter.due(at: 320).isEmpty)
        #expect(filter.deadline == nil)
    }

    /// A page whose load is never seen (it had loaded before the focus came to it: another tab
    /// chosen) is built, at the latest, `buildingWaitMs` after its document's focus; a focus in
    /// it (a key moved it) says so at once.
    @Test func aPageLoadedBeforeSpeaksOnceBuilt() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        func total(_ text: String) -> DesktopEvent {
            .liveChanged(LiveChange(region: LiveRegion(id: "total", politeness: .polite, atomic: true), document: "tab", change: .inserted, text: text))
        }
        _ = filter.receive(.focused(Object(id: "tab", role: "document web", name: "Cart")), at: 0)
        _ = filter.receive(total("Total: 10 euros"), at: filter.buildingWaitMs - 1)
        #expect(filter.due(at: filter.buildingWaitMs + 30).isEmpty)
        _ = filter.receive(total("Total: 11 euros"), at: filter.buildingWaitMs + 40)
        #expect(words(filter.due(at: filter.buildingWaitMs + 60)) == ["announce default Total: 11 euros"])

        _ = filter.receive(.focused(Object(id: "other", role: "document web", name: "Basket")), at: 5_000)
        _ = filter.receive(.focused(Object(id: "add", role: "push button", name: "Add")), at: 5_100)
        _ = filter.receive(.liveChanged(LiveChange(region: LiveRegion(id: "count", politeness: .polite), document: "other", change: .inserted, text: "2 items")),
                           at: 5_200)
        #expect(words(filter.due(at: 5_230)) == ["announce default 2 items"])
    }

    /// A window of a notification's roles that does not become the active window is a
    /// notification, its summary and body two sentences; an alert dialog that does is said as
    /// its window.
    @Test func aWindowCreatedThatTakesNoFocusIsANotification() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.windowActivated(id: "builder", title: "Builder", role: "frame"), at: 0)
        #expect(words(filter.due(at: 2_000)) == ["window window Builder"])
        #expect(words(filter.receive(.windowCreated(id: "bubble", role: "alert", texts: ["Build finished", "All 12 tests passed"]), at: 3_000))
                == ["notification Build finished. All 12 tests passed"])
        #expect(words(filter.receive(.windowCreated(id: "bubble 2", role: "notification", texts: ["Done!", " ", "\u{FFFC}"]), at: 3_100))
                == ["notification Done!"])
        #expect(filter.receive(.windowCreated(id: "bubble 3", role: "alert", texts: []), at: 3_200).isEmpty)
        #expect(filter.receive(.windowCreated(id: "popup", role: "window", texts: ["A menu"]), at: 3_300).isEmpty)
        _ = filter.receive(.windowActivated(id: "saved", title: "Settings saved", role: "alert"), at: 4_000)
        #expect(filter.receive(.windowCreated(id: "saved", role: "alert", texts: ["Settings saved"]), at: 4_100).isEmpty)
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
        // Keys typed faster than the application told of them, each said; a paste whole.
        #expect(TypingEcho.characters.echoes(for: "Ad", word: &word, in: german) == ["A", "d"])
        #expect(TypingEcho.characters.echoes(for: "a b", word: &word, in: german) == ["a", "Leerzeichen", "b"])
        #expect(TypingEcho.characters.echoes(for: "Lovelace", word: &word, in: german) == ["Lovelace"])
        #expect(TypingEcho.characters.echoes(for: "a\nb", word: &word, in: german) == ["a\nb"])
    }
}
