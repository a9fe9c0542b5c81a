import AnnouncerComposer
@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerSettings
import AnnouncerTestSupport
import Testing

/// The review as a user drives it (docs/design.md §18): keys in, what is said and done out, on
/// the hand-written Firefox page and GTK window of ReviewTreeTests. Each row is a key (or the
/// focus moving, or a read all's item ending) and what the review asks for.
@Suite struct DesktopReviewTests {
    enum Input: Sendable {
        case key(ReviewCommand)
        case focus(String, inDocument: Bool, textField: Bool)
        case finished(spoken: Bool)
        case anyKey
    }

    let composer = UtteranceComposer(catalog: packagedCatalog, hintStyle: .keyboard)

    /// What each input made the review ask, as text: "speak …", "read …", "say …", "window …",
    /// "activate id", "focus id", "stop".
    func run(_ root: AccessibleNode, focus: String?, inDocument: Bool, _ inputs: [Input]) -> [[String]] {
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(root, catalog: packagedCatalog, locale: "en")
        if let focus {
            _ = review.focusMoved(to: focus, element: items.first { $0.object == focus }!.element, inDocument: inDocument, takesArrows: false)
        }
        review.read(items, window: ("Announcer test page", .document), sameWindow: false)
        return inputs.map { input in
            let actions: [ReviewAction] = switch input {
            case .key(let command): review.perform(command)
            case .focus(let object, let inDocument, let textField):
                review.focusMoved(to: object, element: items.first { $0.object == object }!.element, inDocument: inDocument, takesArrows: textField)
            case .finished(let spoken): review.readingFinished(spoken: spoken)
            case .anyKey: review.keyPressed()
            }
            return actions.map { action in
                switch action {
                case .speak(let element): "speak " + composer.compose(element).description
                case .read(let element): "read " + composer.compose(element).description
                case .queue(let element): "queue " + composer.compose(element).description
                case .say(let text, let unit): "say \(text) (\(unit.rawValue))"
                case .activate(let object): "activate \(object)"
                case .focus(let object): "focus \(object)"
                case .tabTo(let object): "tab to \(object)"
                case .stopSpeech: "stop"
                case .saySetting(let setting): "say setting \(setting.rawValue)"
                case .changeSetting(let change): "change \(change.setting.rawValue) \(change.change)"
                }
            }
        }
    }

    /// A page's document that takes the focus (a page loaded) says its first item after its
    /// title, and the cursor is there: the next key goes on from it. The document the cursor is
    /// already in says nothing more; outside browse mode, nothing.
    @Test func aPageThatLoadedSaysItsFirstItem() {
        let items = ReviewTree.items(ReviewFixtures.firefoxPage, catalog: packagedCatalog, locale: "en")
        let page = AccessibleMapping.element(AccessibleSnapshot(id: "doc", role: "document web", name: "Announcer test page"), catalog: packagedCatalog, locale: "en")
        var review = DesktopReview(composer: composer)
        _ = review.focusMoved(to: "doc", element: page, inDocument: true, takesArrows: false)
        review.read(items, window: ("Announcer test page", .document), sameWindow: false)
        #expect(review.documentShown("doc")?.map(describe) == ["queue Announcer test page: level 1. Heading."])
        #expect(review.documentShown("doc")?.isEmpty == true)
        // Out of the banner the page's first item is in, into the main landmark, by their kinds.
        #expect(review.perform(.jump(.heading(level: nil), forward: true)).map(describe)
                == ["speak Out of Banner landmark. Main landmark. Introduction: level 2. Heading."])

        var desktop = DesktopReview(composer: composer)
        _ = desktop.focusMoved(to: "doc", element: page, inDocument: false, takesArrows: false)
        desktop.read(items, window: ("Mail", .window), sameWindow: false)
        #expect(desktop.documentShown("doc")?.isEmpty == true)
    }

    /// A page still being laid out (Firefox on a loaded machine) gives its first heading before
    /// the heading's text: the first item waits for the tree read again, the cursor staying
    /// where it was, and is said once it has its words; after the wait, as it is.
    @Test func aPageStillBeingLaidOutSaysItsFirstItemOnceItHasWords() {
        typealias Node = ReviewFixtures
        let fffc = Node.fffc
        let early = Node.node("doc", "document web", name: "Checkout", text: fffc + fffc, [
            Node.node("h1", "heading", text: "", level: 1),
            Node.node("p", "paragraph", text: "Your basket"),
        ])
        let laidOut = Node.node("doc", "document web", name: "Checkout", text: fffc + fffc, [
            Node.node("h1", "heading", name: "Checkout", text: "Checkout", level: 1),
            Node.node("p", "paragraph", text: "Your basket"),
        ])
        let page = AccessibleMapping.element(AccessibleSnapshot(id: "doc", role: "document web", name: "Checkout"), catalog: packagedCatalog, locale: "en")
        func items(_ node: AccessibleNode) -> [ReviewItem] { ReviewTree.items(node, catalog: packagedCatalog, locale: "en") }

        var review = DesktopReview(composer: composer)
        _ = review.focusMoved(to: "doc", element: page, inDocument: true, takesArrows: false)
        review.read(items(early), window: ("Checkout", .document), sameWindow: false)
        #expect(review.documentShown("doc", waitedEnough: false) == nil)
        #expect(review.cursor.index == nil)
        review.read(items(laidOut), window: ("Checkout", .document), sameWindow: false)
        #expect(review.documentShown("doc", waitedEnough: false)?.map(describe) == ["queue Checkout: level 1. Heading."])
        #expect(review.perform(.next).map(describe) == ["speak Your basket"])

        var waited = DesktopReview(composer: composer)
        _ = waited.focusMoved(to: "doc", element: page, inDocument: true, takesArrows: false)
        waited.read(items(early), window: ("Checkout", .document), sameWindow: false)
        #expect(waited.documentShown("doc", waitedEnough: true)?.map(describe) == ["queue level 1. Heading."])
    }

    func describe(_ action: ReviewAction) -> String {
        switch action {
        case .queue(let element): "queue " + composer.compose(element).description
        case .speak(let element): "speak " + composer.compose(element).description
        default: "\(action)"
        }
    }

    /// Insert+Tab and Insert+Up pressed again: the focus's name and value spelled, then spelled
    /// phonetically; browse mode's Insert+Up spells the line.
    @Test func aWhereAmIKeyPressedAgainSpells() {
        var review = DesktopReview(composer: composer)
        _ = review.focusMoved(to: "name", element: Element(label: "Name", value: "Ada", traits: [.textEntry]), inDocument: false, takesArrows: true)
        #expect(review.perform(.reportFocus, presses: 2) == [.say("Name Ada", unit: .spelled)])
        #expect(review.perform(.reportFocus, presses: 3) == [.say("N, november. a, alfa. m, mike. e, echo. space. A, alfa. d, delta. a, alfa", unit: .line)])
        #expect(review.perform(.sayLine, presses: 2) == [.say("Name Ada", unit: .spelled)])
        #expect(review.perform(.reportFocus, presses: 4).count == 1)
        // Where am I (Insert+W) is not spelled: it says the title and the focus again.
        #expect(review.perform(.whereAmI, presses: 2) == [.say("Name: Ada. Text Field.", unit: .line)])
    }

    /// Insert+Ctrl+arrows: the ring's setting said as it turns, the chosen one stepped.
    @Test func theSettingsRingTurnsAndSteps() {
        var review = DesktopReview(composer: composer)
        #expect(review.perform(.stepSetting(up: true)) == [.changeSetting(SettingChange(.rate, .up))])
        #expect(review.perform(.chooseSetting(next: true)) == [.saySetting(.pitch)])
        #expect(review.perform(.stepSetting(up: false)) == [.changeSetting(SettingChange(.pitch, .down))])
        #expect(review.perform(.chooseSetting(next: false)) == [.saySetting(.rate)])
        #expect(review.perform(.chooseSetting(next: false)) == [.saySetting(.typingEcho)])
        #expect(review.settings.chosen == .typingEcho)
    }

    @Test func theCursorStartsAtTheFocusAndTheRotorChoosesWhatItMovesOver() {
        let said = run(ReviewFixtures.firefoxPage, focus: "guide", inDocument: true, [
            .key(.next), .key(.previous), .key(.previous),
            .key(.rotorNext), .key(.next), .key(.next), .key(.previous),
            .key(.rotorNext), .key(.next), .key(.rotorPrevious), .key(.rotorPrevious), .key(.rotorPrevious),
        ])
        #expect(said == [
            ["speak to learn more."], ["speak guide. Link."], ["speak Announcer reads what is there. Read the"],
            ["say Headings (word)"], ["say No next heading (word)"], ["say No next heading (word)"], ["speak Introduction: level 2. Heading."],
            ["say Links (word)"], ["speak guide. Link."], ["say Headings (word)"], ["say Items (word)"], ["say Tables (word)"],
        ])
    }

    @Test func readAllGoesOnItemAfterItemAndAnyKeyStopsItWhereItIs() {
        let said = run(ReviewFixtures.firefoxPage, focus: "name", inDocument: true, [
            .key(.readAll), .finished(spoken: true), .finished(spoken: true), .anyKey, .finished(spoken: false), .key(.next),
        ])
        #expect(said == [
            ["read Name. Text Field."], ["read Send. Button."], ["read Red. List Start."], ["stop"], [],
            // The cursor stayed on the item being read when the key came; the list is left.
            ["speak Out of List. Table. 1 row. 2 columns. Prices"],
        ])
    }

    @Test func readAllStopsAtTheEndAndWhenAnItemIsCutOff() {
        let said = run(ReviewFixtures.firefoxPage, focus: "c2", inDocument: true, [
            .key(.readAll), .finished(spoken: true), .finished(spoken: true), .finished(spoken: true),
            .key(.readAll), .finished(spoken: false), .finished(spoken: true),
        ])
        #expect(said == [["read 3"], ["read The end."], [], [], ["read The end."], [], []])
    }

    @Test func whereAmITitleAndActivate() {
        let said = run(ReviewFixtures.firefoxPage, focus: "send", inDocument: true, [
            .key(.previous), .key(.whereAmI), .key(.title), .key(.activate),
        ])
        // Review never moves the focus: where am I still says the focused button.
        #expect(said == [
            ["speak Name. Text Field."],
            ["say Announcer test page. Document. Send. Button. (line)"],  // the title's period is its own
            ["say Announcer test page. Document. (line)"],
            ["activate name"],
        ])
    }

    @Test func browseModesSingleKeysJumpAndSayWhenThereIsNoMore() {
        let said = run(ReviewFixtures.firefoxPage, focus: nil, inDocument: true, [
            .key(.jump(.heading(level: nil), forward: true)), .key(.jump(.heading(level: nil), forward: true)),
            .key(.jump(.heading(level: nil), forward: true)), .key(.jump(.heading(level: 1), forward: false)),
            .key(.jump(.heading(level: 3), forward: true)), .key(.jump(.link, forward: true)), .key(.jump(.link, forward: false)),
            .key(.jump(.formField, forward: true)), .key(.jump(.button, forward: true)), .key(.jump(.table, forward: true)),
            .key(.jump(.landmark, forward: true)), .key(.jump(.list, forward: false)), .key(.jump(.landmark, forward: true)),
        ])
        #expect(said == [
            // Each landmark said by its kind as it is entered, and left.
            ["speak Banner landmark. Announcer test page: level 1. Heading."],
            ["speak Out of Banner landmark. Main landmark. Introduction: level 2. Heading."],
            ["say No next heading (word)"], ["speak Out of Main landmark. Banner landmark. Announcer test page: level 1. Heading."],
            ["say No next heading at level 3 (word)"], ["speak Out of Banner landmark. Navigation landmark. Home. Link. List Start."],
            ["say No previous link (word)"], ["speak Out of Navigation landmark. Main landmark. Name. Text Field."], ["speak Send. Button."],
            ["speak Table. 1 row. 2 columns. Prices"],
            // Out of the table the cursor was in: said before the landmark it goes to.
            ["speak Out of Table. Out of Main landmark. Content info landmark. The end."],
            ["speak Out of Content info landmark. Main landmark. Red. List Start."],
            ["speak Out of Main landmark. Content info landmark. The end."],
        ])
    }

    /// NVDA's X, R, E, C and U: a check box, a radio button, an edit field, a combo box, a link
    /// not yet visited; Shift for backwards, and a word when there is none.
    @Test func browseModesFormKeysJumpToTheirKind() {
        typealias Page = ReviewFixtures
        let checked = Page.focusable.union(["checked"]), visited = Page.focusable.union(["visited"])
        let page = Page.node("doc", "document web", name: "Order", [
            Page.node("seen", "link", name: "Menu", text: "Menu", states: visited),
            Page.node("help", "link", name: "Help", text: "Help", states: Page.focusable),
            Page.node("name", "entry", name: "Name", text: "", states: Page.focusable.union(["editable"])),
            Page.node("lettuce", "check box", name: "Lettuce", states: Page.focusable),
            Page.node("thin", "radio button", name: "Thin", states: checked),
            Page.node("size", "combo box", name: "Size", text: "Large", states: Page.focusable.union(["expandable"])),
        ])
        let said = run(page, focus: nil, inDocument: true, [
            .key(.jump(.checkBox, forward: true)), .key(.jump(.checkBox, forward: true)), .key(.jump(.editField, forward: false)),
            .key(.jump(.radioButton, forward: true)), .key(.jump(.comboBox, forward: true)), .key(.jump(.unvisitedLink, forward: false)),
            .key(.jump(.unvisitedLink, forward: false)), .key(.jump(.radioButton, forward: true)),
        ])
        #expect(said == [
            ["speak Lettuce. Check Box. Not Checked."], ["say No next check box (word)"], ["speak Name. Text Field."],
            ["speak Thin. Radio Button. Checked."], ["speak Size: Large. Pop Up Button. Collapsed."], ["speak Help. Link."],
            ["say No previous unvisited link (word)"], ["speak Thin. Radio Button. Checked."],
        ])
    }

    /// Tab in browse mode with the cursor moved away from the focus focuses the next item the
    /// keyboard can focus from the cursor (Shift+Tab the previous), as NVDA's browse mode does,
    /// and the cursor goes there at once (a second Tab before the focus's event goes on from
    /// it). With the cursor on the focus, or no item that way, Tab is the page's.
    @Test func tabFocusesTheNextFocusableItemFromTheCursor() {
        typealias Page = ReviewFixtures
        let page = Page.node("doc", "document web", name: "Order", [
            Page.node("help", "link", name: "Help", text: "Help", states: Page.focusable),
            Page.node("intro", "paragraph", text: "Choose a size."),
            Page.node("lettuce", "check box", name: "Lettuce", states: Page.focusable),
            Page.node("note", "paragraph", text: "Fresh."),
            Page.node("thin", "radio button", name: "Thin", states: Page.focusable),
            Page.node("size", "combo box", name: "Size", text: "Large", states: Page.focusable.union(["expandable"])),
        ])
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        review.read(items, window: ("Order", .document), sameWindow: false)
        _ = review.focusMoved(to: "doc", element: Element(label: "Order"), inDocument: true, takesArrows: false)
        #expect(review.mode == .browse)
        // The cursor on no item yet: Tab is the page's.
        #expect(review.tabs == (false, false))
        _ = review.perform(.jump(.checkBox, forward: true))
        #expect(review.tabs == (true, true))
        #expect(ReviewKeyMap.keys(in: .browse, tabs: review.tabs).isSuperset(of: [ReviewKey("Tab"), ReviewKey("Tab", shift: true)]))
        #expect(review.perform(.tab(forward: true)) == [.tabTo(object: "thin")])
        // Before the focus's event: a second Tab goes on from the item focused.
        #expect(review.perform(.tab(forward: true)) == [.tabTo(object: "size")])
        _ = review.focusMoved(to: "size", element: items.first { $0.object == "size" }!.element, inDocument: true, takesArrows: false)
        // The cursor on the focus: Tab and Shift+Tab are the page's.
        #expect(review.tabs == (false, false))
        #expect(!ReviewKeyMap.keys(in: .browse, tabs: review.tabs).contains(ReviewKey("Tab")))
        // Moved away again, backwards: Shift+Tab focuses the item before the cursor.
        _ = review.perform(.jump(.checkBox, forward: false))
        #expect(review.perform(.tab(forward: false)) == [.tabTo(object: "help")])
        // At the page's first focusable item, nothing before it: Shift+Tab is the page's.
        _ = review.focusMoved(to: "doc", element: Element(label: "Order"), inDocument: true, takesArrows: false)
        #expect(review.tabs == (true, false))
    }

    /// NVDA's Insert+Up says the line where the cursor is, without moving it; Insert+Tab the
    /// focus again. Outside a web page, Insert+Up says the focus.
    @Test func insertUpSaysTheCurrentLineAndInsertTabTheFocus() {
        let said = run(ReviewFixtures.firefoxPage, focus: "h2", inDocument: true, [
            .key(.sayLine), .key(.nextLine), .key(.sayLine), .key(.reportFocus), .key(.nextLine),
        ])
        #expect(said == [
            ["speak Introduction: level 2. Heading."],
            ["say Announcer reads what is there. Read the guide. Link. to learn more. (line)"],
            ["say Announcer reads what is there. Read the guide. Link. to learn more. (line)"],
            ["speak Introduction: level 2. Heading."],           // the focus, as the focus is said
            ["say Name Name. Text Field. Send. Button. (line)"],
        ])
        let desktop = run(ReviewFixtures.gtkWindow, focus: "remember", inDocument: false, [.key(.sayLine), .key(.reportFocus)])
        #expect(desktop == [["speak Remember me. Check Box. Not Checked."], ["speak Remember me. Check Box. Not Checked."]])
    }

    /// Insert+Up says the focus in the line as it is now, not as the tree was read: a check
    /// box the page checked since says Checked.
    @Test func insertUpSaysTheFocusAsItIsNow() {
        typealias Page = ReviewFixtures
        let page = Page.node("doc", "document web", name: "Order", [
            Page.node("p", "paragraph", text: "Lettuce"),
            Page.node("lettuce", "check box", name: "Lettuce", states: Page.focusable),
        ])
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        var checked = items.first { $0.object == "lettuce" }!.element
        checked.value = "1"
        _ = review.focusMoved(to: "lettuce", element: items.first { $0.object == "lettuce" }!.element, inDocument: true, takesArrows: false)
        review.read(items, window: ("Order", .document), sameWindow: false)
        _ = review.focusMoved(to: "lettuce", element: checked, inDocument: true, takesArrows: false)   // the page checked it
        guard case .speak(let element) = review.perform(.sayLine).first else { Issue.record("no speech"); return }
        #expect(composer.compose(element).description == "Lettuce. Check Box. Checked.")
    }

    /// Insert+Tab reports the focus with every container it is in, as NVDA's report does;
    /// Insert+Up says the line alone.
    @Test func insertTabNamesEveryContainerOfTheFocus() {
        typealias Page = ReviewFixtures
        let page = Page.node("doc", "document web", name: "Order", [Page.node("lettuce", "check box", name: "Lettuce", states: Page.focusable)])
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        review.read(items, window: ("Order", .document), sameWindow: false)
        let lettuce = items.first { $0.object == "lettuce" }!.element
        _ = review.focusMoved(to: "lettuce", element: lettuce, inDocument: true, takesArrows: false)
        _ = review.focusMoved(to: "lettuce", element: lettuce, inDocument: true, takesArrows: false,
                              containers: [EnteredContainer(.group, label: "Sandwich Condiments"), EnteredContainer(.list)])
        guard case .speak(let element) = review.perform(.reportFocus).first else { Issue.record("no speech"); return }
        #expect(composer.compose(element).description == "Sandwich Condiments. Group. List. Lettuce. Check Box. Not Checked.")
        guard case .speak(let line) = review.perform(.sayLine).first else { Issue.record("no speech"); return }
        #expect(composer.compose(line).description == "Lettuce. Check Box. Not Checked.")
    }

    /// Ctrl+Alt+arrows move by cell: the column's header when the column changes, the row's
    /// when the row does, what the cell holds, and its place; the table's edge said.
    @Test func ctrlAltArrowsMoveByCellWithTheHeadersThatChange() {
        typealias Page = ReviewFixtures
        func cell(_ id: String, _ text: String, role: String = "table cell") -> AccessibleNode {
            Page.node(id, role, name: text, text: text)
        }
        let page = Page.node("doc", "document web", name: "Fruit", [
            Page.node("table", "table", name: "Prices", xmlRoles: "table", [
                Page.node("r1", "table row", [cell("h1", "Fruit", role: "column header"), cell("h2", "Price", role: "column header")]),
                Page.node("r2", "table row", [cell("a1", "Apples", role: "row header"), cell("a2", "3 euros")]),
                Page.node("r3", "table row", [cell("p1", "Pears", role: "row header"), cell("p2", "4 euros")]),
            ]),
            Page.node("after", "paragraph", text: "After the table."),
        ])
        let said = run(page, focus: "a1", inDocument: true, [
            .key(.cell(.right)), .key(.cell(.down)), .key(.cell(.down)), .key(.cell(.left)), .key(.cell(.up)), .key(.cell(.up)),
            .key(.cell(.up)), .key(.nextLine), .key(.nextLine), .key(.nextLine), .key(.nextLine), .key(.cell(.right)),
        ])
        #expect(said == [
            ["say Price. 3 euros. Column 2 of 2. (line)"], ["say Pears. 4 euros. Row 3 of 3. (line)"], ["say Edge of table (word)"],
            ["say Pears. Column 1 of 2. (line)"], ["say Apples. Row 2 of 3. (line)"], ["say Fruit. Row 1 of 3. (line)"],
            ["say Edge of table (word)"], ["speak Price"], ["speak Apples"], ["speak 3 euros"], ["speak Pears"],
            ["say Price. 4 euros. Column 2 of 2. (line)"],
        ])
        // Entered from outside (Up from the paragraph after it): the cell says its headers and
        // its row and column, as NVDA says where in the table the cursor came; a move within the
        // table (Ctrl+Home to its first cell, the page's first line) does not.
        #expect(run(page, focus: "after", inDocument: true, [.key(.previousLine), .key(.firstLine), .key(.jump(.table, forward: true))]) == [
            ["speak Prices. Table. 3 rows. 2 columns. Price. Pears. 4 euros. Row 3 of 3. Column 2 of 2."],
            ["speak Fruit"], ["say No next table (word)"],
        ])
    }

    /// A desktop table with no row objects (GTK's tree view, Qt's table): its cells say where
    /// they are, its column headers come first and head no row, Qt's row numbers are no cells;
    /// Ctrl+Alt+arrows move by cell from the focused one, in desktop mode.
    @Test func aDesktopTableMovesByTheCellsPlaces() {
        typealias Page = ReviewFixtures
        func cell(_ id: String, _ text: String, _ row: Int?, _ column: Int?, role: String = "table cell") -> AccessibleNode {
            var node = Page.node(id, role, name: text)
            if let row, let column { node.object.tablePosition = AccessibleSnapshot.TablePosition(row: row, column: column) }
            return node
        }
        let window = Page.node("window", "frame", name: "Downloads", [
            Page.node("table", "tree table", name: "Files", [
                cell("h1", "Name", nil, nil, role: "table column header"), cell("h2", "Size", nil, nil, role: "table column header"),
                cell("n1", "1", 0, 2, role: "table row header"),
                cell("a1", "report.pdf", 0, 0), cell("a2", "2 MB", 0, 1),
                cell("b1", "song.ogg", 1, 0), cell("b2", "5 MB", 1, 1),
            ]),
        ])
        let said = run(window, focus: "a1", inDocument: false, [
            .key(.cell(.up)), .key(.cell(.right)), .key(.cell(.right)), .key(.cell(.down)), .key(.cell(.left)), .key(.cell(.down)),
        ])
        #expect(said == [
            ["say Edge of table (word)"], ["say Size. 2 MB. Column 2 of 2. (line)"], ["say Edge of table (word)"],
            ["say 5 MB. Row 2 of 2. (line)"], ["say Name. song.ogg. Column 1 of 2. (line)"], ["say Edge of table (word)"],
        ])
        #expect(ReviewKeyMap.keys(in: .desktop, inTable: true).contains(ReviewKey("Right", controlAlt: true)))
        #expect(!ReviewKeyMap.keys(in: .desktop).contains(ReviewKey("Right", controlAlt: true)))
    }

    @Test func browseModeReadsByLineAndByCharacter() {
        let said = run(ReviewFixtures.firefoxPage, focus: "h2", inDocument: true, [
            .key(.nextLine), .key(.nextCharacter), .key(.nextCharacter), .key(.previousCharacter), .key(.previousCharacter),
            .key(.previousCharacter), .key(.previousLine), .key(.previousLine), .key(.previousLine), .key(.previousLine),
            .key(.previousLine),
        ])
        #expect(said == [
            // The paragraph and its link are one line, said whole.
            ["say Announcer reads what is there. Read the guide. Link. to learn more. (line)"],
            ["say n (character)"], ["say n (character)"], ["say n (character)"], ["say A (character)"],
            // Before the line's first character: the previous line's last.
            ["say n (character)"],
            // A list entered says its size, as NVDA says it ("List. 2 items."), and left "Out of List.".
            ["speak Out of Main landmark. Navigation landmark. List. 2 items. Docs. Link. List End."], ["speak Home. Link. List Start."],
            ["speak Out of List. Out of Navigation landmark. Banner landmark. Announcer test page: level 1. Heading."],
            ["say Top (word)"], ["say Top (word)"],
        ])
    }

    /// Insert+Tab reads the focus again: a newer focus that says something is said (the filter
    /// had not said it yet); an object that says nothing leaves the focus last said in place,
    /// never an empty utterance.
    @Test func theFocusReadAgainIsTakenOnlyWhenItSaysSomething() {
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(ReviewFixtures.firefoxPage, catalog: packagedCatalog, locale: "en")
        let home = items.first { $0.object == "home" }!
        _ = review.focusMoved(to: "home", element: home.element, inDocument: true, takesArrows: false)
        func said(_ actions: [ReviewAction]) -> [String] {
            actions.map { action in
                guard case .speak(let element) = action else { return "\(action)" }
                return "speak " + composer.compose(element).description
            }
        }
        review.focusReadAgain("section", element: Element(), takesArrows: false, containers: [])
        #expect(said(review.perform(.reportFocus)) == ["speak Home. Link."])
        let docs = items.first { $0.object == "docs" }!
        review.focusReadAgain("docs", element: docs.element, takesArrows: false, containers: [])
        #expect(said(review.perform(.reportFocus)) == ["speak Docs. Link."])
    }

    /// Ctrl+Home and Ctrl+End in browse mode: the page's first line and its last, said as
    /// Down says a line; Down from the last says there is none, and Up from the first.
    @Test func browseModesControlHomeAndEndReachThePagesEdges() {
        let said = run(ReviewFixtures.firefoxPage, focus: "h2", inDocument: true, [
            .key(.lastLine), .key(.nextLine), .key(.firstLine), .key(.previousLine), .key(.firstLine),
        ])
        #expect(said == [
            ["speak Out of Main landmark. Content info landmark. The end."], ["say Bottom (word)"],
            ["speak Out of Content info landmark. Banner landmark. Announcer test page: level 1. Heading."], ["say Top (word)"],
            ["speak Announcer test page: level 1. Heading."],
        ])
        #expect(ReviewKeyMap.keys(in: .browse).isSuperset(of: [ReviewKey("Home", control: true), ReviewKey("End", control: true)]))
        #expect(!ReviewKeyMap.keys(in: .focus).contains(ReviewKey("Home", control: true)))
    }

    /// NVDA's comma and Shift+comma in browse mode: past the end of the innermost container the
    /// cursor is in (a list, then a landmark), said as Down says what it reaches, and back to a
    /// container's start; outside any container, there is none.
    @Test func commaLeavesTheContainerAndShiftCommaGoesToItsStart() {
        let said = run(ReviewFixtures.firefoxPage, focus: "h2", inDocument: true, [
            .key(.previousLine), .key(.containerEdge(end: false)), .key(.containerEdge(end: true)), .key(.containerEdge(end: false)),
            .key(.lastLine), .key(.containerEdge(end: true)), .key(.firstLine), .key(.containerEdge(end: true)),
        ])
        #expect(said == [
            ["speak Out of Main landmark. Navigation landmark. List. 2 items. Docs. Link. List End."],
            ["speak Home. Link. List Start."],
            ["speak Out of List. Out of Navigation landmark. Main landmark. Introduction: level 2. Heading."],
            ["speak Introduction: level 2. Heading."],                           // the main landmark's start
            ["speak Out of Main landmark. Content info landmark. The end."], ["say Bottom (word)"],   // nothing past it
            ["speak Out of Content info landmark. Banner landmark. Announcer test page: level 1. Heading."],
            ["speak Out of Banner landmark. Navigation landmark. List. 2 items. Home. Link."],
        ])
        // A window's items in no container: there is none to leave.
        #expect(run(ReviewFixtures.gtkWindow, focus: "compose", inDocument: false, [.key(.containerEdge(end: true))])
                == [["say Not in a container (word)"]])
        #expect(ReviewKeyMap.command(for: ReviewKey("comma"), in: .browse) == .containerEdge(end: true))
        #expect(ReviewKeyMap.command(for: ReviewKey("comma", shift: true), in: .browse) == .containerEdge(end: false))
        #expect(ReviewKeyMap.keys(in: .browse).isSuperset(of: [ReviewKey("comma"), ReviewKey("comma", shift: true)]))
        #expect(!ReviewKeyMap.keys(in: .focus).contains(ReviewKey("comma")))
    }

    /// Down into a line of several items inside a region (an accordion's panel: a label and its
    /// field) says the region entered with the line, as a line of one item does.
    @Test func aLineOfSeveralItemsSaysTheContainerItEnters() {
        typealias Page = ReviewFixtures
        let f = Page.fffc
        let page = Page.node("doc", "document web", text: f + f, [
            Page.node("link", "link", name: "Before", text: "Before", states: Page.focusable),
            Page.node("panel", "section", name: "Personal Information", text: f, xmlRoles: "region", [
                Page.node("p", "paragraph", text: "Name: " + f, [Page.node("name", "entry", name: "Name:", text: "", states: Page.focusable.union(["editable"]))]),
            ]),
        ])
        let said = run(page, focus: "link", inDocument: true, [.key(.nextLine)])
        #expect(said == [["say Personal Information. Region. Name: Name:. Text Field. (line)"]])
    }

    /// In a popup a combo box opened (its list, an option of it, the next option), Escape is
    /// the page's, which closes it; on the closed box, Escape leaves focus mode again; on an
    /// open box, it is the page's too.
    @Test func escapeIsThePagesInAComboBoxsOpenList() {
        var review = DesktopReview(composer: composer)
        let box = Element(label: "Drink", value: "Tea", traits: [.button, .comboBox, .collapsed])
        var option = Element(label: "Tea", traits: [.selected], context: .series(index: 1, count: 3))
        option.opened = true
        _ = review.focusMoved(to: "box", element: box, inDocument: true, takesArrows: true)
        #expect(review.mode == .focus)
        #expect(!review.escapeIsThePages)
        _ = review.focusMoved(to: "tea", element: option, inDocument: true, takesArrows: true)
        #expect(review.escapeIsThePages)
        _ = review.focusMoved(to: "coffee", element: Element(label: "Coffee", context: .series(index: 2, count: 3)), inDocument: true, takesArrows: true)
        #expect(review.escapeIsThePages)
        _ = review.focusMoved(to: "box", element: box, inDocument: true, takesArrows: true)
        #expect(!review.escapeIsThePages)
        _ = review.focusMoved(to: "box", element: Element(label: "Drink", value: "Tea", traits: [.button, .comboBox, .expanded]), inDocument: true,
                              takesArrows: true)
        #expect(review.escapeIsThePages)
        _ = review.focusMoved(to: "other", element: Element(label: "Other", traits: [.textEntry], context: .series(index: 1, count: 2)),
                              inDocument: true, takesArrows: true)
        #expect(!review.escapeIsThePages)
    }

    /// A list a page opened before the focus came to it (a select-only combo box opened by a
    /// typed letter): its option, the box's active descendant, is in the popup though the review
    /// never saw the box open; Escape is the page's. An option that is no combo box's is not.
    @Test func escapeIsThePagesOnAComboBoxsActiveDescendant() {
        var review = DesktopReview(composer: composer)
        let apple = Element(label: "Apple", traits: [.notSelected], context: .series(index: 2, count: 13))
        _ = review.focusMoved(to: "apple", element: apple, inDocument: true, takesArrows: true, comboBoxItem: true)
        #expect(review.mode == .focus)
        #expect(review.escapeIsThePages)
        var other = DesktopReview(composer: composer)
        _ = other.focusMoved(to: "apple", element: apple, inDocument: true, takesArrows: true)
        #expect(other.mode == .focus)
        #expect(!other.escapeIsThePages)
    }

    @Test func aTextFieldChoosesFocusModeAndEscapeOrInsertSpaceLeavesIt() {
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(ReviewFixtures.firefoxPage, catalog: packagedCatalog, locale: "en")
        review.read(items, window: nil, sameWindow: false)
        let element = { (id: String) in items.first { $0.object == id }!.element }
        #expect(review.focusMoved(to: "home", element: element("home"), inDocument: true, takesArrows: false) == [])
        #expect(review.mode == .browse)
        // Enter on the text field in browse mode gives it the focus: focus mode.
        _ = review.perform(.jump(.formField, forward: true))
        #expect(review.perform(.press) == [.focus(object: "name"), .say("Focus mode", unit: .word)])
        #expect(review.mode == .focus)
        #expect(review.focusMoved(to: "name", element: element("name"), inDocument: true, takesArrows: true) == [])
        // Escape: browse mode, with the focus said from where it starts.
        #expect(!review.escapeIsThePages)
        #expect(review.perform(.leaveFocusMode) == [.say("Browse mode. Name. Text Field.", unit: .line)])
        // Focus mode the user chose: Escape is the page's (NVDA's rule), Insert+Space leaves it.
        #expect(review.perform(.toggleMode) == [.say("Focus mode", unit: .word)])
        #expect(review.escapeIsThePages)
        #expect(review.perform(.toggleMode) == [.say("Browse mode", unit: .word)])
        #expect(!review.escapeIsThePages)
        // A change to the focused field (its value as the user types) moves nothing.
        #expect(review.focusMoved(to: "name", element: element("name"), inDocument: true, takesArrows: true) == [])
        #expect(review.mode == .browse)
        // Tab away, and into the text field again: it chooses focus mode, and out of it browse mode.
        #expect(review.focusMoved(to: "guide", element: element("guide"), inDocument: true, takesArrows: false) == [])
        #expect(review.focusMoved(to: "name", element: element("name"), inDocument: true, takesArrows: true) == [.say("Focus mode", unit: .word)])
        #expect(review.focusMoved(to: "send", element: element("send"), inDocument: true, takesArrows: false) == [.say("Browse mode", unit: .word)])
        // Enter on a button in browse mode focuses and presses it.
        #expect(review.perform(.press) == [.focus(object: "send"), .activate(object: "send")])
        // Outside a document there is no browse mode.
        #expect(review.focusMoved(to: "home", element: element("home"), inDocument: false, takesArrows: false) == [])
        #expect(review.mode == .desktop)
        #expect(review.perform(.toggleMode) == [])
    }

    @Test func theCursorFollowsTheFocusAndKeepsItsPlaceWhenTheTreeIsReadAgain() {
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(ReviewFixtures.gtkWindow, catalog: packagedCatalog, locale: "en")
        review.read(items, window: ("Mail settings", .window), sameWindow: false)
        _ = review.focusMoved(to: "remember", element: items[2].element, inDocument: false, takesArrows: false)
        #expect(review.cursor.current?.object == "remember")
        #expect(review.perform(.previous) == [.speak(items[1].element)])
        // The same window read again (it changed): the cursor stays on Compose.
        review.read(items.filter { $0.object != "intro" }, window: ("Mail settings", .window), sameWindow: true)
        #expect(review.cursor.current?.object == "compose")
        #expect(review.perform(.previous) == [.say("No previous item", unit: .word)])
    }

    /// A focus on what the tree as read does not have yet (a panel the page showed as it
    /// focused it) is followed once the tree is read again, though it is the same window.
    @Test func aFocusNotYetInTheTreeIsFollowedOnceItIs() {
        var review = DesktopReview(composer: composer)
        let items = ReviewTree.items(ReviewFixtures.gtkWindow, catalog: packagedCatalog, locale: "en")
        let later = items.filter { $0.object != "remember" }
        review.read(later, window: ("Mail settings", .window), sameWindow: false)
        _ = review.focusMoved(to: "compose", element: items[1].element, inDocument: false, takesArrows: false)
        _ = review.focusMoved(to: "remember", element: items[2].element, inDocument: false, takesArrows: false)
        #expect(review.cursor.current?.object == "compose")
        review.read(items, window: ("Mail settings", .window), sameWindow: true)
        #expect(review.cursor.current?.object == "remember")
        // Once followed, a read of the same window keeps the cursor where the user took it.
        _ = review.perform(.previous)
        review.read(items, window: ("Mail settings", .window), sameWindow: true)
        #expect(review.cursor.current?.object == "compose")
    }
}
