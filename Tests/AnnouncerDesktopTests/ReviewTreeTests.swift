import AnnouncerComposer
@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerTestSupport
import Testing

/// A web page as Firefox and Chromium give it over AT-SPI, and a GTK window, hand-written in
/// the shapes the browsers really send (docs/design.md §18).
enum ReviewFixtures {
    typealias Object = AccessibleSnapshot
    static let fffc = String(AccessibleNode.embeddedObject)

    static func node(_ id: String, _ role: String, name: String = "", text: String? = nil, states: Set<String> = ["visible", "sensitive"],
                     level: Int? = nil, xmlRoles: String? = nil, _ children: [AccessibleNode] = []) -> AccessibleNode {
        AccessibleNode(Object(id: id, role: role, name: name, states: states, text: text, level: level, xmlRoles: xmlRoles), children: children)
    }

    static let focusable: Set<String> = ["visible", "sensitive", "focusable"]

    /// Firefox: text objects hold their embedded objects as U+FFFC and have no text children.
    static let firefoxPage = node("doc", "document web", name: "Announcer test page", text: fffc + fffc + fffc + fffc, [
        node("banner", "landmark", text: fffc, xmlRoles: "banner", [node("h1", "heading", name: "Announcer test page", text: "Announcer test page", level: 1)]),
        node("nav", "landmark", text: fffc, xmlRoles: "navigation", [
            node("menu", "list", text: fffc + fffc, [
                node("li1", "list item", name: "• Home", text: "• " + fffc, [node("home", "link", name: "Home", text: "Home", states: focusable)]),
                node("li2", "list item", name: "• Docs", text: "• " + fffc, [node("docs", "link", name: "Docs", text: "Docs", states: focusable)]),
            ]),
        ]),
        node("main", "landmark", text: fffc + fffc + fffc + fffc, xmlRoles: "main", [
            node("h2", "heading", name: "Introduction", text: "Introduction", level: 2),
            node("p1", "paragraph", text: "Announcer reads what is there. Read the \(fffc) to learn more.", [
                node("guide", "link", name: "guide", text: "guide", states: focusable),
            ]),
            node("form", "form", text: "\(fffc) \(fffc) \(fffc)", [
                node("label", "label", name: "Name", text: "Name"),
                node("name", "entry", name: "Name", text: "", states: focusable.union(["editable"])),
                node("send", "push button", name: "Send", text: "Send", states: focusable),
            ]),
            node("colours", "list", text: fffc, [node("red", "list item", name: "• Red", text: "• Red")]),
            node("table", "table", name: "Prices", text: fffc + fffc, [
                node("caption", "caption", text: "Prices"),
                node("row", "table row", text: fffc + fffc, [node("c1", "table cell", name: "Apples", text: "Apples"), node("c2", "table cell", name: "3", text: "3")]),
            ]),
        ]),
        node("footer", "landmark", text: fffc, xmlRoles: "contentinfo", [node("p2", "paragraph", text: "The end.")]),
    ])

    /// Chromium: the same paragraph with its runs of text as "static" children as well.
    static let chromiumParagraph = node("p1", "paragraph", text: "Read the \(fffc) to learn more.", [
        node("s1", "static", name: "Read the ", text: "Read the "),
        node("guide", "link", name: "guide", text: "guide", states: focusable, [node("s2", "static", name: "guide", text: "guide")]),
        node("s3", "static", name: " to learn more.", text: " to learn more."),
    ])

    /// GTK 3: a window of widgets; a label is text that never takes the focus.
    static let gtkWindow = node("win", "frame", name: "Mail settings", [
        node("box", "filler", [
            node("intro", "label", name: "Choose how mail is sent."),
            node("compose", "push button", name: "Compose", states: focusable),
            node("hidden", "push button", name: "Hidden", states: ["sensitive"]),
            node("remember", "check box", name: "Remember me", states: focusable),
            node("fruit", "list box", [node("r1", "list item", name: "Apples"), node("r2", "list item", name: "Pears")]),
        ]),
    ])
}

@Suite struct ReviewTreeTests {
    let composer = UtteranceComposer(catalog: packagedCatalog, hintStyle: .keyboard)

    func said(_ root: AccessibleNode) -> [String] {
        ReviewTree.items(root, catalog: packagedCatalog, locale: "en").map { composer.compose($0.reading).description }
    }

    @Test func aWebPageIsReadInOrderWithTheJSONDoorsWords() {
        #expect(said(ReviewFixtures.firefoxPage) == [
            // A landmark is said by its kind as it is entered, never as a position word here.
            "Announcer test page: level 1. Heading.",
            // The innermost container gives the position words, as in the JSON door.
            "Home. Link. List Start.",
            "Docs. Link. List End.",
            "Introduction: level 2. Heading.",
            "Announcer reads what is there. Read the",
            "guide. Link.",
            "to learn more.",
            "Name",
            "Name. Text Field.",
            "Send. Button.",
            "Red. List Start.",                // its bullet is the list's to say
            "Prices",
            "Apples",
            "3",
            "The end.",
        ])
    }

    /// A French paragraph with English words in it (Firefox's `language` text attribute over
    /// "hello world"), a list marker before them and a link between: each run keeps the
    /// stretch that falls in it, counted from its own first character.
    @Test func aStretchInAnotherLanguageStaysWithItsRun() {
        var paragraph = AccessibleSnapshot(id: "p", role: "paragraph", name: "", states: ["visible"],
                                           text: "• Il a dit hello \(ReviewFixtures.fffc) world hier.")
        paragraph.locale = "fr"
        paragraph.textLanguages = [LanguageSpan(offset: 11, count: 13, language: "en")]
        let link = ReviewFixtures.node("a", "link", name: "lien", text: "lien", states: ReviewFixtures.focusable)
        let items = ReviewTree.items(AccessibleNode(paragraph, children: [link]), catalog: packagedCatalog, locale: "en")
        let readings = items.map(\.reading.element)
        #expect(readings.map(\.label) == ["Il a dit hello", "lien", "world hier."])
        #expect(readings.map { $0.labelLanguages.map(\.description) } == [["en@9+5"], [], ["en@0+5"]])
        // Said: the French in its voice, the English words in the user's (English) one.
        let first = composer.compose(items[0].reading)
        #expect(first.description == "Il a dit hello")
        #expect(first.spans.map(\.description) == ["fr@0+9"])
    }

    /// NVDA's G: an image, and a link that is one (a logo).
    /// Firefox gives a page's menu item that opens a menu the role "menu": it is one item, said
    /// as the menu item it is, not its text alone.
    @Test func firefoxsMenuItemThatOpensAMenuIsOneItem() {
        typealias Page = ReviewFixtures
        let page = Page.node("doc", "document web", name: "Editor", [
            Page.node("bar", "menu bar", name: "Text Formatting", xmlRoles: "menubar", [
                Page.node("font", "menu", name: "Font", text: "Font", xmlRoles: "menuitem", [Page.node("fonts", "menu", name: "Font", xmlRoles: "menu")]),
                Page.node("size", "menu", name: "Size", text: "Size", xmlRoles: "menuitem", [Page.node("sizes", "menu", name: "Size", xmlRoles: "menu")]),
            ]),
        ])
        #expect(said(page) == ["Font. Menu Item.", "Size. Menu Item."])
        // Each a line of its own, as a menu item is.
        #expect(Set(ReviewTree.items(page, catalog: packagedCatalog, locale: "en").map(\.line)).count == 2)
    }

    @Test func anImageAndALinkThatIsOneAreGraphics() {
        let page = ReviewFixtures.node("doc", "document web", [
            ReviewFixtures.node("home", "link", name: "W3C Logo", states: ReviewFixtures.focusable, [ReviewFixtures.node("logo", "image", name: "W3C Logo")]),
            ReviewFixtures.node("p", "paragraph", name: "Hello", text: "Hello"),
            ReviewFixtures.node("chart", "image", name: "Sales chart"),
        ])
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        #expect(items.filter { $0.kinds.contains(.graphic) }.map(\.object) == ["home", "chart"])
    }

    @Test func chromiumsTextChildrenAreNotReadTwice() {
        #expect(said(ReviewFixtures.chromiumParagraph) == ["Read the", "guide. Link.", "to learn more."])
    }

    @Test func aGTKWindowsLabelIsReadAndWhatIsNotVisibleIsNot() {
        #expect(said(ReviewFixtures.gtkWindow) == [
            "Choose how mail is sent.", "Compose. Button.", "Remember me. Check Box. Not Checked.", "Apples. List Start.", "Pears. List End.",
        ])
    }

    @Test func itemsKnowTheirKindObjectAndLine() {
        let items = ReviewTree.items(ReviewFixtures.firefoxPage, catalog: packagedCatalog, locale: "en")
        func item(_ text: String) -> ReviewItem { items.first { $0.text == text }! }
        #expect(item("Announcer test page").kinds == [.heading(level: 1), .landmark])
        #expect(item("Home").kinds == [.link, .unvisitedLink, .focusable, .list, .listItem, .landmark])
        #expect(item("Name").kinds == [])
        #expect(items.first { $0.object == "name" }!.kinds == [.formField, .textField, .focusable])
        #expect(item("Send").kinds == [.button, .formField, .focusable])
        #expect(item("Prices").kinds == [.table])
        // NVDA's I: each item of a list, by its first item.
        #expect(items.filter { $0.kinds.contains(.listItem) }.map(\.text) == ["Home", "Docs", "Red"])
        // The paragraph's runs and its link are one line, and act through their own objects.
        let paragraph = items.filter { $0.object == "p1" || $0.object == "guide" }
        #expect(paragraph.map(\.text) == ["Announcer reads what is there. Read the", "guide", "to learn more."])
        #expect(Set(paragraph.map(\.line)).count == 1)
        #expect(paragraph.map(\.object) == ["p1", "guide", "p1"])
        #expect(item("Introduction").line != paragraph[0].line)
    }

    /// An accordion's header: a heading that holds a button is the button, said as the heading
    /// too, found by B, F and H, and pressed by Space; a heading of text stays one item.
    @Test func aHeadingThatHoldsAControlIsTheControl() {
        let button = AccessibleNode(AccessibleSnapshot(id: "b1", role: "push button", name: "Personal Information", states: ReviewFixtures.focusable.union(["expandable"])),
                                    children: [])
        let page = ReviewFixtures.node("doc", "document web", text: ReviewFixtures.fffc + ReviewFixtures.fffc, [
            ReviewFixtures.node("h3", "heading", text: ReviewFixtures.fffc, level: 3, [button]),
            ReviewFixtures.node("h4", "heading", name: "Billing", text: "Billing", level: 4),
        ])
        #expect(said(page) == ["Personal Information: level 3. Button. Heading. Collapsed.", "Billing: level 4. Heading."])
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        #expect(items[0].object == "b1")
        #expect(items[0].kinds == Set<ReviewKind>([.heading(level: 3), .button, .formField, .focusable]))
    }

    /// A tab list as Chromium gives it: tabs with no place of their own, in one text. Each tab is
    /// a line, placed among the tabs ("2 of 4"), the list entered said once; the focus on its
    /// panel puts the cursor on the panel's first item.
    @Test func tabsAreLinesPlacedAmongTheTabsAndThePanelIsFollowed() {
        let f = ReviewFixtures.fffc
        func tab(_ id: String, _ name: String) -> AccessibleNode { ReviewFixtures.node(id, "page tab", name: name, text: name, states: ReviewFixtures.focusable) }
        let page = ReviewFixtures.node("doc", "document web", text: f + f, [ReviewFixtures.node("main", "landmark", text: f + f, xmlRoles: "main", [
            ReviewFixtures.node("tabs", "page tab list", name: "Danish Composers", text: f + f + f, xmlRoles: "tablist",
                                [tab("t1", "Maria"), tab("t2", "Carl"), tab("t3", "Ida")]),
            ReviewFixtures.node("panel", "panel", name: "Maria", text: "Maria was a composer.", states: ReviewFixtures.focusable, xmlRoles: "tabpanel"),
        ])])
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        // In a landmark: the tabs say their place, and nothing says the landmark's start or end.
        #expect(said(page) == ["Maria. Tab. 1 of 3.", "Carl. Tab. 2 of 3.", "Ida. Tab. 3 of 3.", "Maria was a composer."])
        #expect(Set(items.map(\.line)).count == 4)
        #expect(items.filter { $0.kinds.contains(.formField) }.map(\.object) == ["t1", "t2", "t3"])
        var cursor = ReviewCursor(items: items)
        let followed = cursor.follow("panel")
        #expect(followed)
        #expect(cursor.current?.text == "Maria was a composer.")
        #expect(DesktopReview.said(cursor.current!, from: items[2]).entered == [EnteredContainer(.tabPanel, label: "Maria")])
        // Down out of the tab list says so before the panel it enters.
        #expect(DesktopReview.said(cursor.current!, from: items[2]).left == [EnteredContainer(.tabList, label: "Danish Composers")])
        #expect(DesktopReview.said(items[2], from: items[1]).left == [])
        // The document is no container the cursor follows into: a page's load says its first item.
        var fresh = ReviewCursor(items: items)
        let intoDocument = fresh.follow("doc")
        #expect(!intoDocument)
    }

    /// Firefox's label that holds its control: the label's text and the control are read, so
    /// that F finds the switch; a label of text alone stays one item.
    @Test func aLabelThatHoldsItsControlIsReadThrough() {
        let f = ReviewFixtures.fffc
        let page = ReviewFixtures.node("doc", "document web", text: f + f, [
            ReviewFixtures.node("l1", "label", name: "Reduced motion", text: "Reduced motion " + f, [
                ReviewFixtures.node("motion", "check box", name: "Reduced motion", states: ReviewFixtures.focusable, xmlRoles: "switch"),
            ]),
            ReviewFixtures.node("l2", "label", name: "Plain", text: "Plain"),
        ])
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        #expect(items.filter { $0.kinds.contains(.formField) }.map(\.object) == ["motion"])
        #expect(said(page) == ["Reduced motion", "Reduced motion. Switch Button. Off.", "Plain"])
    }

    /// A modal dialog open on the page (`aria-modal`, the browsers' modal state) makes the rest
    /// of it inert: only the dialog's items are read, the innermost dialog's when one opened
    /// another; a dialog that is not modal leaves the page readable.
    @Test func aModalDialogIsAllThatIsRead() {
        typealias Page = ReviewFixtures
        func page(modal: Bool, nested: Bool = false) -> AccessibleNode {
            let states: Set<String> = modal ? ["visible", "sensitive", "modal"] : ["visible", "sensitive"]
            var dialog: [AccessibleNode] = [
                Page.node("title", "heading", name: "Add delivery address", level: 2),
                Page.node("street", "entry", name: "Street", text: "", states: Page.focusable.union(["editable"])),
            ]
            if nested {
                dialog.append(Page.node("confirm", "dialog", name: "Confirm", states: ["visible", "sensitive", "modal"], xmlRoles: "dialog", [
                    Page.node("yes", "push button", name: "Yes", states: Page.focusable),
                ]))
            }
            return Page.node("doc", "document web", name: "Shop", [
                Page.node("intro", "heading", name: "Shop", level: 1),
                Page.node("add", "push button", name: "Add address", states: Page.focusable),
                Page.node("address", "dialog", name: "Add delivery address", states: states, xmlRoles: "dialog", dialog),
                Page.node("footer", "link", name: "Contact", states: Page.focusable),
            ])
        }
        func objects(_ root: AccessibleNode) -> [String] { ReviewTree.items(root, catalog: packagedCatalog, locale: "en").map(\.object) }
        #expect(objects(page(modal: true)) == ["title", "street"])
        #expect(objects(page(modal: true, nested: true)) == ["yes"])
        #expect(objects(page(modal: false)) == ["intro", "add", "title", "street", "footer"])
    }

    /// A switch is a form field for F in both browsers, never a button for B, though Chromium
    /// gives it a toggle button's role (Firefox a check box's); a toggle button is a button.
    @Test func aSwitchIsNoButton() {
        let page = ReviewFixtures.node("doc", "document web", [
            ReviewFixtures.node("dark", "toggle button", name: "Dark mode", states: ReviewFixtures.focusable, xmlRoles: "switch"),
            ReviewFixtures.node("bold", "toggle button", name: "Bold", states: ReviewFixtures.focusable),
        ])
        let items = ReviewTree.items(page, catalog: packagedCatalog, locale: "en")
        #expect(items.filter { $0.kinds.contains(.button) }.map(\.object) == ["bold"])
        #expect(items.filter { $0.kinds.contains(.formField) }.map(\.object) == ["dark", "bold"])
    }

    /// The walk reads into a label only when its text embeds an object: a toolkit's label (a
    /// window of thousands) costs no call for children it does not have.
    @Test func theWalkReadsIntoALabelOnlyWhenItHoldsAnObject() {
        #expect(ReviewTree.walksInto(AccessibleSnapshot(id: "l", role: "label", name: "Motion", text: "Reduced motion \u{FFFC}")))
        #expect(!ReviewTree.walksInto(AccessibleSnapshot(id: "l", role: "label", name: "Ready", text: "Ready")))
        #expect(!ReviewTree.walksInto(AccessibleSnapshot(id: "l", role: "label", name: "Ready")))
        #expect(ReviewTree.walksInto(AccessibleSnapshot(id: "h", role: "heading", name: "Intro")))
        #expect(!ReviewTree.walksInto(AccessibleSnapshot(id: "b", role: "push button", name: "Send")))
        #expect(ReviewTree.walksInto(AccessibleSnapshot(id: "p", role: "panel")))
    }

    /// Blocks a text embeds (a radio group's radio buttons, each a div, as Chromium gives them)
    /// are lines of their own; inline objects (links in a sentence) share their text's line.
    @Test func anEmbeddedBlockIsALineOfItsOwn() {
        func radio(_ id: String, _ name: String) -> AccessibleNode {
            var object = AccessibleSnapshot(id: id, role: "radio button", name: name, states: ReviewFixtures.focusable)
            object.display = "block"
            return AccessibleNode(object, children: [])
        }
        var link = AccessibleSnapshot(id: "k", role: "link", name: "Help", states: ReviewFixtures.focusable)
        link.display = "inline"
        let group = ReviewFixtures.node("g", "panel", text: "Crust: \(ReviewFixtures.fffc)\(ReviewFixtures.fffc)\(ReviewFixtures.fffc) or \(ReviewFixtures.fffc)",
                                        [radio("r1", "Regular"), radio("r2", "Deep dish"), radio("r3", "Thin"), AccessibleNode(link, children: [])])
        let items = ReviewTree.items(group, catalog: packagedCatalog, locale: "en")
        let lines = Dictionary(grouping: items, by: \.line).values.map { $0.map(\.text) }.sorted { $0[0] < $1[0] }
        #expect(lines == [["Crust:"], ["Deep dish"], ["Regular"], ["Thin"], ["or", "Help"]].sorted { $0[0] < $1[0] })
    }
}
