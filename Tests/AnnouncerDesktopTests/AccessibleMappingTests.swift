import AnnouncerComposer
@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// The packaged locale tables, as a user gets them.
let composer = UtteranceComposer(catalog: packagedCatalog, hintStyle: .keyboard)

/// AT-SPI roles and states as elements (docs/design.md §12, issue [J] point 2): each row is an object
/// as libatspi describes it and what is said of it, with VoiceOver's words.
@Suite struct AccessibleMappingTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var object: AccessibleSnapshot
        var spoken: String
        var hint: String? = nil
        var testDescription: String { object.role }
    }

    typealias Object = AccessibleSnapshot
    static let sensitive: Set<String> = ["sensitive", "visible"]

    static let rows: [Row] = [
        Row(object: Object(id: "1", role: "push button", name: "Compose"), spoken: "Compose. Button."),
        Row(object: Object(id: "1", role: "push button", name: "Send", states: ["visible"]), spoken: "Send. Dimmed. Button."),
        Row(object: Object(id: "1", role: "push button", name: "Send", description: "Sends the message."), spoken: "Send. Button.", hint: "Sends the message."),
        Row(object: Object(id: "1", role: "toggle button", name: "Bold", states: sensitive.union(["pressed"])), spoken: "Bold. Toggle Button. Pressed.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "toggle button", name: "Bold", states: sensitive), spoken: "Bold. Toggle Button. Not Pressed.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "switch", name: "Wi-Fi", states: sensitive.union(["checked"])), spoken: "Wi-Fi. Switch Button. On.", hint: "Press Space to toggle setting."),
        // A web page's role=switch, which a browser gives as a toggle button: a switch.
        Row(object: Object(id: "1", role: "toggle button", name: "Notifications", states: sensitive, xmlRoles: "switch"),
            spoken: "Notifications. Switch Button. Off.", hint: "Press Space to toggle setting."),
        // A web page's button with aria-pressed, which Firefox may give as a push button for good
        // (its role worked out before the page's ARIA attributes reached it): a toggle button by
        // its `pressed` attribute, its state from its states. "undefined" makes no toggle.
        Row(object: { var object = Object(id: "1", role: "push button", name: "Bold", states: sensitive); object.pressed = "false"; return object }(),
            spoken: "Bold. Toggle Button. Not Pressed.", hint: "Press Space to toggle setting."),
        Row(object: { var object = Object(id: "1", role: "push button", name: "Bold", states: sensitive.union(["pressed"])); object.pressed = "true"; return object }(),
            spoken: "Bold. Toggle Button. Pressed.", hint: "Press Space to toggle setting."),
        Row(object: { var object = Object(id: "1", role: "push button", name: "Bold", states: sensitive); object.pressed = "undefined"; return object }(),
            spoken: "Bold. Button."),
        Row(object: Object(id: "1", role: "check box", name: "Remember me"), spoken: "Remember me. Check Box. Not Checked.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "check box", name: "Remember me", states: sensitive.union(["checked"])), spoken: "Remember me. Check Box. Checked.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "check box", name: "All", states: sensitive.union(["indeterminate"])), spoken: "All. Check Box. Mixed.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "radio button", name: "Small", states: sensitive.union(["checked"])), spoken: "Small. Radio Button. Checked."),
        Row(object: Object(id: "1", role: "radio button", name: "Large"), spoken: "Large. Radio Button. Not Checked."),
        // A menu button says that it opens a menu; a disclosure whether it is open.
        Row(object: Object(id: "1", role: "push button", name: "Actions", states: sensitive.union(["has popup", "expandable"])),
            spoken: "Actions. Menu Button. Collapsed."),
        Row(object: Object(id: "1", role: "push button", name: "Actions", states: sensitive.union(["has popup", "expandable", "expanded"])),
            spoken: "Actions. Menu Button. Expanded."),
        Row(object: Object(id: "1", role: "push button", name: "Shipping details", states: sensitive.union(["expandable"])),
            spoken: "Shipping details. Button. Collapsed."),
        Row(object: Object(id: "1", role: "link", name: "About", states: sensitive.union(["expandable", "expanded"])), spoken: "About. Link. Expanded."),
        Row(object: Object(id: "1", role: "combo box", name: "Size", text: "Medium"), spoken: "Size: Medium. Pop Up Button."),
        Row(object: Object(id: "1", role: "menu item", name: "Quit", accelerator: "<Control>q"), spoken: "Quit. Menu Item.", hint: "Control Q"),
        Row(object: Object(id: "1", role: "menu item", name: "Action 2", position: .init(index: 2, count: 4)), spoken: "Action 2. Menu Item. 2 of 4."),
        // A web page's menu item that opens a menu (Firefox's role "menu" for it).
        Row(object: Object(id: "1", role: "menu", name: "Font", states: sensitive.union(["expandable"]), position: .init(index: 1, count: 2), xmlRoles: "menuitem"),
            spoken: "Font. Menu Item. Collapsed. 1 of 2."),
        // A menu's radio button and check box are menu items of their kind.
        Row(object: Object(id: "1", role: "radio menu item", name: "Serif", states: sensitive.union(["checked"])), spoken: "Serif. Radio Menu Item. Checked."),
        Row(object: Object(id: "1", role: "check menu item", name: "Italic"), spoken: "Italic. Check Menu Item. Not Checked.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "link", name: "Home page"), spoken: "Home page. Link."),
        Row(object: Object(id: "1", role: "heading", name: "Settings", level: 2), spoken: "Settings: level 2. Heading."),
        Row(object: Object(id: "1", role: "image", name: "Logo"), spoken: "Logo. Image."),
        Row(object: Object(id: "1", role: "label", name: "Ready"), spoken: "Ready"),
        Row(object: Object(id: "1", role: "entry", name: "Name", text: "Ann"), spoken: "Name: Ann. Text Field.", hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "password text", name: "Password", text: "secret"), spoken: "Password. Secure Text Field.", hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "text", name: "Notes", states: sensitive.union(["multi-line", "editable"]), text: "Hi"), spoken: "Notes: Hi. Text Field.", hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "spin button", name: "Copies", value: 3, minimum: 1, maximum: 99), spoken: "Copies: 3. Spin Button. 1 to 99.",
            hint: "Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "slider", name: "Volume", value: 50, minimum: 0, maximum: 100), spoken: "Volume: 50. Slider. 0 to 100.",
            hint: "Press Up or Down Arrow to adjust the value."),
        // A web page's slider: its number as the page gives it, never a percentage of its range.
        Row(object: Object(id: "1", role: "slider", name: "Red", value: 128, minimum: 0, maximum: 255), spoken: "Red: 128. Slider. 0 to 255.",
            hint: "Press Up or Down Arrow to adjust the value."),
        // The page's words for its value: the numbers of its range are none of them.
        Row(object: Object(id: "1", role: "slider", name: "Gain", value: 0.5, minimum: 0, maximum: 1, valueText: "Half"), spoken: "Gain: Half. Slider.",
            hint: "Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "slider", name: "Gain", value: 0.5, minimum: 0, maximum: 1, valueText: "0.5"), spoken: "Gain: 0.5. Slider. 0 to 1.",
            hint: "Press Up or Down Arrow to adjust the value."),
        // Which way it moves, as its toolkit or page says (`aria-orientation`).
        Row(object: Object(id: "1", role: "slider", name: "Seek", states: sensitive.union(["horizontal"]), value: 90, minimum: 0, maximum: 300, valueText: "1 Minute 30 Seconds"),
            spoken: "Seek: 1 Minute 30 Seconds. Slider. Horizontal.", hint: "Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "slider", name: "Temperature", states: sensitive.union(["vertical"]), value: 25, minimum: 10, maximum: 38),
            spoken: "Temperature: 25. Slider. Vertical. 10 to 38.", hint: "Press Up or Down Arrow to adjust the value."),
        // A web page's slider that says no orientation moves across, ARIA's default.
        Row(object: { var object = Object(id: "1", role: "slider", name: "Opacity", value: 0.5, minimum: 0, maximum: 1); object.display = "inline-block"; return object }(),
            spoken: "Opacity: 0.5. Slider. Horizontal. 0 to 1.", hint: "Press Up or Down Arrow to adjust the value."),
        // A meter (ARIA's, GTK's level bar): its number and range, or its page's words.
        Row(object: Object(id: "1", role: "level bar", name: "CPU Usage", value: Double(Float(36.166519936288)), minimum: 0, maximum: 100),
            spoken: "CPU Usage: 36.16652. Meter. 0 to 100."),
        Row(object: Object(id: "1", role: "level bar", name: "Battery", value: 0.8, minimum: 0, maximum: 1, valueText: "Almost full"),
            spoken: "Battery: Almost full. Meter."),
        // A browser's single-precision number, as a person writes it.
        Row(object: Object(id: "1", role: "slider", name: "Temperature", value: Double(Float(25.1)), minimum: 0, maximum: 40),
            spoken: "Temperature: 25.1. Slider. 0 to 40.", hint: "Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "spin button", name: "Step", value: 0.1, minimum: 0, maximum: 1), spoken: "Step: 0.1. Spin Button. 0 to 1.",
            hint: "Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "spin button", name: "Tolerance", value: Double(Float(0.0001)), minimum: 0, maximum: 1),
            spoken: "Tolerance: 0.0001. Spin Button. 0 to 1.", hint: "Press Up or Down Arrow to adjust the value."),
        // Typed in: what it holds, though out of its range (the browser's number stops at 8).
        Row(object: Object(id: "1", role: "spin button", name: "Adults", states: sensitive.union(["invalid entry", "editable"]), value: 8, minimum: 1,
                           maximum: 8, text: "9", errorMessage: "Must be between 1 and 8"),
            spoken: "Adults: 9. Spin Button. Editable. Invalid data. 1 to 8.", hint: "Must be between 1 and 8. Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "scroll bar", name: "Page", value: 25, minimum: 0, maximum: 100), spoken: "Page: 25%. Adjustable.",
            hint: "Press Up or Down Arrow to adjust the value."),
        Row(object: Object(id: "1", role: "progress bar", name: "Download", value: 0.25, minimum: 0, maximum: 1), spoken: "Download: 25%"),
        // A browser's text that only rounds a meter's number (Chromium's) says the number; words,
        // and a number the value is not a rounding of, are said as given.
        Row(object: Object(id: "1", role: "level bar", name: "CPU", value: Double(Float(36.166519936288)), minimum: 0, maximum: 100, valueText: "36.1665"),
            spoken: "CPU: 36.16652. Meter. 0 to 100."),
        Row(object: Object(id: "1", role: "level bar", name: "CPU", value: 36.5, minimum: 0, maximum: 100, valueText: "36.5 percent"),
            spoken: "CPU: 36.5 percent. Meter."),
        Row(object: Object(id: "1", role: "level bar", name: "CPU", value: 36.5, minimum: 0, maximum: 100, valueText: "40"),
            spoken: "CPU: 40. Meter. 0 to 100."),
        Row(object: Object(id: "1", role: "page tab", name: "General", states: sensitive.union(["selected"]), position: .init(index: 1, count: 3)),
            spoken: "Selected: General. Tab. 1 of 3."),
        Row(object: Object(id: "1", role: "page tab list", name: "Sections"), spoken: "Sections"),
        Row(object: Object(id: "1", role: "list item", name: "Pears", position: .init(index: 2, count: 3)), spoken: "Pears 2 of 3."),
        // A toolkit's row says VoiceOver's "Selected:"; a web page's option says its selection as
        // NVDA does: nothing when selected, "Not Selected." when it can be and is not.
        Row(object: Object(id: "1", role: "list item", name: "Apples", states: sensitive.union(["selectable", "selected"]), position: .init(index: 1, count: 3)),
            spoken: "Selected: Apples 1 of 3."),
        Row(object: { var object = Object(id: "1", role: "list item", name: "Apples", states: sensitive.union(["selectable", "selected"]),
                                          position: .init(index: 1, count: 3)); object.display = "block"; return object }(),
            spoken: "Apples 1 of 3."),
        Row(object: { var object = Object(id: "1", role: "list item", name: "Pears", states: sensitive.union(["selectable"]),
                                          position: .init(index: 2, count: 3)); object.display = "block"; return object }(),
            spoken: "Pears. Not Selected. 2 of 3."),
        // An editable combo box's option (the box completes its text to it) keeps "Selected:".
        Row(object: { var object = Object(id: "1", role: "list item", name: "Alabama", states: sensitive.union(["selectable", "selected"]),
                                          position: .init(index: 1, count: 56)); object.display = "block"; object.editableComboBoxItem = true
                      return object }(),
            spoken: "Selected: Alabama 1 of 56."),
        // A web page's list item that cannot be selected (a list of links) says neither.
        Row(object: { var object = Object(id: "1", role: "list item", name: "Shoes", position: .init(index: 1, count: 2)); object.display = "list-item"; return object }(),
            spoken: "Shoes 1 of 2."),
        Row(object: Object(id: "1", role: "tree item", name: "Documents", states: sensitive.union(["expandable", "expanded"]), position: .init(index: 1, count: 4)),
            spoken: "Documents: expanded 1 of 4."),
        Row(object: Object(id: "1", role: "tree item", name: "Music", states: sensitive.union(["expandable"]), position: .init(index: 2, count: 4)),
            spoken: "Music: collapsed 2 of 4."),
        Row(object: Object(id: "1", role: "table cell", name: "42", states: sensitive.union(["selected"]), position: .init(index: 5, count: 9)),
            spoken: "Selected: 42 5 of 9."),
        Row(object: Object(id: "1", role: "table row", name: "Invoice 12", position: .init(index: 3, count: 10)), spoken: "Invoice 12 3 of 10."),
        Row(object: Object(id: "1", role: "tree table row", name: "Inbox", states: sensitive.union(["expandable", "expanded"]), position: .init(index: 1, count: 2)),
            spoken: "Inbox: expanded 1 of 2."),
        Row(object: Object(id: "1", role: "frame", name: "Mail settings"), spoken: "Mail settings"),
        Row(object: Object(id: "1", role: "dialog", name: "Information", description: "Settings saved"), spoken: "Information", hint: "Settings saved"),
        Row(object: Object(id: "1", role: "alert", name: "Disk full"), spoken: "Disk full"),
        // A web page's controls, as Chromium and Firefox give them.
        Row(object: Object(id: "1", role: "combo box", name: "Shipping speed", states: sensitive.union(["expandable"]), valueText: "Express", text: "\u{FFFC}"),
            spoken: "Shipping speed: Express. Pop Up Button. Collapsed."),
        // Its state is the state's word, never its value (an ARIA combo box with no text yet).
        Row(object: Object(id: "1", role: "combo box", name: "Shipping speed", states: sensitive.union(["expandable"]), text: "\u{FFFC}"),
            spoken: "Shipping speed. Pop Up Button. Collapsed."),
        Row(object: Object(id: "1", role: "combo box", name: "Favorite Fruit", states: sensitive.union(["expandable", "expanded"]), text: "Apple"),
            spoken: "Favorite Fruit: Apple. Pop Up Button. Expanded."),
        // ARIA's combobox is a "Combo Box.", as NVDA and Orca say it; one that can be typed in
        // says so, and one that completes what is typed (AT-SPI's "supports autocompletion").
        Row(object: Object(id: "1", role: "combo box", name: "Favorite Fruit", states: sensitive.union(["expandable"]), text: "Apple", xmlRoles: "combobox"),
            spoken: "Favorite Fruit: Apple. Combo Box. Collapsed."),
        Row(object: Object(id: "1", role: "combo box", name: "State", states: sensitive.union(["expandable", "editable", "supports autocompletion"]), text: "",
                           xmlRoles: "combobox"),
            spoken: "State. Combo Box. Editable. Autocomplete. Collapsed."),
        Row(object: Object(id: "1", role: "combo box", name: "State", states: sensitive.union(["expandable", "expanded", "editable"]), text: "Ala"),
            spoken: "State: Ala. Combo Box. Editable. Expanded."),
        Row(object: Object(id: "1", role: "radio button", name: "Bank transfer", states: sensitive.union(["checked"]), position: .init(index: 2, count: 3)),
            spoken: "Bank transfer. Radio Button. Checked. 2 of 3."),
        Row(object: Object(id: "1", role: "entry", name: "Email", text: "", placeholder: "you@example.com"), spoken: "Email: you@example.com. Text Field.",
            hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "entry", name: "Email", text: "ada@example.com", placeholder: "you@example.com"),
            spoken: "Email: ada@example.com. Text Field.", hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "entry", name: "Email", states: sensitive.union(["required"]), text: ""), spoken: "Email. Text Field. Required.",
            hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "entry", name: "Card number", states: sensitive.union(["invalid entry"]), text: "1234"),
            spoken: "Card number: 1234. Text Field. Invalid data.", hint: "Press Space to edit."),
        Row(object: Object(id: "1", role: "check box", name: "Terms", states: sensitive.union(["required", "invalid entry"])),
            spoken: "Terms. Check Box. Not Checked. Required. Invalid data.", hint: "Press Space to toggle setting."),
        Row(object: Object(id: "1", role: "link", name: "Start over", states: sensitive.union(["visited"])), spoken: "Start over. Visited. Link."),
        Row(object: Object(id: "1", role: "image", name: "Secure payment"), spoken: "Secure payment. Image."),
        // Chromium's embedded object's character never reaches speech.
        Row(object: Object(id: "1", role: "paragraph", name: "\u{FFFC} Pay safely."), spoken: "Pay safely."),
        Row(object: Object(id: "1", role: "entry", name: "Note", text: "See \u{FFFC}here"), spoken: "Note: See here. Text Field.", hint: "Press Space to edit."),
        // A document not yet loaded, in no state to be used, has nothing to say (not "Dimmed.").
        Row(object: Object(id: "1", role: "document web", states: ["visible"]), spoken: ""),
    ]

    @Test(arguments: rows)
    func speaks(_ row: Row) {
        let utterance = composer.compose(AccessibleMapping.element(row.object, catalog: packagedCatalog, locale: "en"))
        #expect(utterance.description == row.spoken)
        #expect(utterance.hint == row.hint)
    }

    @Test func languageAndIdentityComeAlong() {
        let element = AccessibleMapping.element(Object(id: ":1.5/org/a11y/atspi/accessible/12", role: "push button", name: "Senden", locale: "de_DE.UTF-8"), catalog: packagedCatalog, locale: "en")
        #expect(element.id == ":1.5/org/a11y/atspi/accessible/12")
        #expect(element.language == "de-DE")
        #expect(AccessibleMapping.element(Object(id: "1", role: "label", name: "x", locale: "C"), catalog: packagedCatalog, locale: "en").language == nil)
        // A POSIX modifier is not part of the language: "sr-RS@latin" is no tag the daemon takes.
        #expect(AccessibleMapping.element(Object(id: "1", role: "label", name: "x", locale: "sr_RS@latin"), catalog: packagedCatalog, locale: "en").language == "sr-RS")
    }

    /// A field's selection, as AT-SPI counts it (code points), is the text said selected; an
    /// empty one, one past the text, or one of spaces alone is none; a password never says it.
    @Test func aFieldsSelectedTextIsReadFromItsSelection() {
        func selected(_ role: String, _ text: String, _ selection: Range<Int>?, states: Set<String> = ["editable"]) -> String? {
            var object = Object(id: "1", role: role, name: "State", states: states)
            object.text = text
            object.selection = selection
            return AccessibleMapping.element(object, catalog: packagedCatalog, locale: "en").selectedText
        }
        #expect(selected("entry", "Alabama", 0..<7) == "Alabama")
        #expect(selected("entry", "Louisiana", 1..<9) == "ouisiana")
        #expect(selected("entry", "Zoë 👍🏽 ok", 4..<6) == "👍🏽")     // two code points, one character
        #expect(selected("combo box", "Alabama", 0..<7) == "Alabama")
        #expect(selected("combo box", "Alabama", 0..<7, states: []) == nil)   // a select's text is no field's
        #expect(selected("entry", "Alabama", 3..<3) == nil)
        #expect(selected("entry", "Alabama", 0..<8) == nil)
        #expect(selected("entry", "a  b", 1..<3) == nil)
        #expect(selected("password text", "secret", 0..<6) == nil)
    }

    @Test func anObjectWithNothingToSayDoesNotSpeak() {
        #expect(!AccessibleMapping.speaks(AccessibleMapping.element(Object(id: "1", role: "filler"), catalog: packagedCatalog, locale: "en")))
        #expect(AccessibleMapping.speaks(AccessibleMapping.element(Object(id: "1", role: "push button"), catalog: packagedCatalog, locale: "en")))
        // States that could not be read are not "dimmed".
        #expect(!AccessibleMapping.element(Object(id: "1", role: "push button", name: "Go", states: []), catalog: packagedCatalog, locale: "en").traits.contains(.notEnabled))
    }

    /// A dialog entered says its description (`aria-describedby`) after its name and kind;
    /// another container's description is not said.
    @Test func aDialogEnteredSaysItsDescription() {
        typealias Container = AccessibleSnapshot.Container
        #expect(AccessibleMapping.enteredContainer(Container(id: "d", role: "dialog", name: "New address", xmlRoles: "dialog",
                                                             description: "Where should we deliver?"))
                == EnteredContainer(.dialog, label: "New address", description: "Where should we deliver?"))
        #expect(AccessibleMapping.enteredContainer(Container(id: "g", role: "panel", name: "Crust", xmlRoles: "group", description: "Pick one"))
                == EnteredContainer(.group, label: "Crust"))
    }

    /// A named region (an accordion's panel) is said as entered, with its name; an unnamed one,
    /// which the page does not expose as a region, says nothing. A landmark is said by its kind,
    /// with its name when it has one; a form only when it is named (ARIA's form landmark).
    @Test func aNamedRegionOrALandmarkIsEntered() {
        typealias Container = AccessibleSnapshot.Container
        #expect(AccessibleMapping.enteredContainer(Container(id: "r", role: "landmark", name: "Personal Information", xmlRoles: "region"))
                == EnteredContainer(.region, label: "Personal Information"))
        #expect(AccessibleMapping.enteredContainer(Container(id: "r", role: "landmark", xmlRoles: "region")) == nil)
        #expect(AccessibleMapping.enteredContainer(Container(id: "m", role: "landmark", xmlRoles: "main")) == EnteredContainer(.main))
        #expect(AccessibleMapping.enteredContainer(Container(id: "n", role: "landmark", name: "Site", xmlRoles: "navigation"))
                == EnteredContainer(.navigation, label: "Site"))
        for (role, kind) in [("banner", EnteredContainer.Kind.banner), ("contentinfo", .contentInfo), ("complementary", .complementary),
                             ("search", .search)] {
            #expect(AccessibleMapping.enteredContainer(Container(id: "l", role: "landmark", xmlRoles: role)) == EnteredContainer(kind))
        }
        #expect(AccessibleMapping.enteredContainer(Container(id: "f", role: "form", xmlRoles: "form")) == nil)
        #expect(AccessibleMapping.enteredContainer(Container(id: "f", role: "form", name: "Subscribe", xmlRoles: "form"))
                == EnteredContainer(.form, label: "Subscribe"))
        let composer = UtteranceComposer(catalog: packagedCatalog, hintStyle: .keyboard)
        var link = AccessibleMapping.element(AccessibleSnapshot(id: "a", role: "link", name: "Overview"),
                                             catalog: packagedCatalog, locale: "en")
        link.entered = [EnteredContainer(.navigation, label: "Site")]
        link.left = [EnteredContainer(.banner)]
        #expect(composer.compose(link).description == "Out of Banner landmark. Site. Navigation landmark. Overview. Link.")
    }

    /// `aria-current`: which of a set is the current one, said after what it is, by its kind;
    /// "false" and values ARIA does not have say nothing.
    @Test(arguments: [("page", "Overview. Link. Current page."), ("step", "Overview. Link. Current step."),
                      ("location", "Overview. Link. Current location."), ("date", "Overview. Link. Current date."),
                      ("time", "Overview. Link. Current time."), ("true", "Overview. Link. Current."),
                      ("false", "Overview. Link."), ("yes", "Overview. Link.")])
    func theCurrentOneOfASetSaysSo(current: String, said: String) {
        var object = AccessibleSnapshot(id: "a", role: "link", name: "Overview")
        object.current = current
        let element = AccessibleMapping.element(object, catalog: packagedCatalog, locale: "en")
        #expect(UtteranceComposer(catalog: packagedCatalog, hintStyle: .keyboard).compose(element).description == said)
    }

    /// A button a heading holds says it is the heading, with the heading's level; a button in
    /// a paragraph does not.
    @Test func aControlInAHeadingIsSaidAsTheHeading() {
        var button = Object(id: "b", role: "push button", name: "Personal Information", states: ["sensitive", "expandable", "expanded"])
        button.containers = [.init(id: "h", role: "heading", name: "Personal Information", level: 3)]
        #expect(UtteranceComposer(catalog: packagedCatalog).compose(AccessibleMapping.element(button, catalog: packagedCatalog, locale: "en")).description
                == "Personal Information: level 3. Button. Heading. Expanded.")
        button.containers = [.init(id: "h", role: "heading", name: "Personal Information", level: 3), .init(id: "p", role: "paragraph")]
        #expect(UtteranceComposer(catalog: packagedCatalog).compose(AccessibleMapping.element(button, catalog: packagedCatalog, locale: "en")).description
                == "Personal Information. Button. Expanded.")
    }

    /// One list of the roles that say "N of M": the bridge reads the position of exactly the
    /// roles the mapping speaks it for (ATSPI.swift used its own list, without table rows).
    @Test(arguments: ["list item", "tree item", "table cell", "tree table cell", "table row", "tree table row", "page tab", "menu item", "push button"])
    func aPositionIsReadWhereItIsSpoken(_ role: String) {
        let element = AccessibleMapping.element(Object(id: "1", role: role, name: "x", position: .init(index: 2, count: 5)), catalog: packagedCatalog, locale: "en")
        #expect(AccessibleMapping.positionedRoles.contains(role) == (element.context != nil), "\(role)")
    }

    /// Where the bridge reads an object's place (`siblings`: among its parent's children;
    /// `group`: the `posinset` and `setsize` a web page gives), role by role: one rule, in
    /// AccessibleMapping, and every place read is a place spoken.
    @Test(arguments: [
        ("list item", true, true), ("tree item", true, true), ("table cell", true, true), ("tree table cell", true, true),
        ("table row", true, true), ("tree table row", true, true), ("page tab", true, true), ("radio button", false, true),
        ("radio menu item", true, true), ("check menu item", true, true), ("menu item", true, true), ("push button", false, false), ("check box", false, false),
        ("menu", false, true),
    ])
    func thePlaceIsReadFrom(_ role: String, siblings: Bool, group: Bool) {
        #expect(AccessibleMapping.positionedRoles.contains(role) == siblings)
        #expect(AccessibleMapping.groupPositionedRoles.contains(role) == group)
        if siblings || group {
            let element = AccessibleMapping.element(Object(id: "1", role: role, name: "x", position: .init(index: 2, count: 5)), catalog: packagedCatalog, locale: "en")
            #expect(element.context != nil, "\(role): its place is read but not spoken")
        }
    }

    @Test func everyRoleWhoseGroupPlaceIsReadIsInTheTable() {
        #expect(AccessibleMapping.groupPositionedRoles == AccessibleMapping.positionedRoles.union(["radio button", "menu"]))
    }

    /// The desktop door in German: every word it adds comes from the German table.
    @Test(arguments: [
        Row(object: Object(id: "1", role: "heading", name: "Einstellungen", level: 2), spoken: "Einstellungen: Ebene 2. Überschrift."),
        Row(object: Object(id: "1", role: "tree item", name: "Musik", states: sensitive.union(["expandable"]), position: .init(index: 2, count: 4)),
            spoken: "Musik: eingeklappt 2 von 4."),
        Row(object: Object(id: "1", role: "tree table row", name: "Posteingang", states: sensitive.union(["expandable", "expanded"]), position: .init(index: 1, count: 2)),
            spoken: "Posteingang: ausgeklappt 1 von 2."),
        Row(object: Object(id: "1", role: "menu item", name: "Beenden", accelerator: "<Primary>q"), spoken: "Beenden. Menüeintrag.", hint: "Steuerung Q"),
        Row(object: Object(id: "1", role: "combo box", name: "Größe", states: sensitive.union(["expandable"])), spoken: "Größe. Einblendmenü. Eingeklappt."),
        Row(object: Object(id: "1", role: "combo box", name: "Bundesland", states: sensitive.union(["expandable", "editable", "supports autocompletion"]),
                           xmlRoles: "combobox"),
            spoken: "Bundesland. Kombinationsfeld. Bearbeitbar. Automatische Vervollständigung. Eingeklappt."),
    ])
    func speaksGerman(_ row: Row) {
        let german = UtteranceComposer(catalog: packagedCatalog, locale: "de", hintStyle: .keyboard)
        let utterance = german.compose(AccessibleMapping.element(row.object, catalog: packagedCatalog, locale: "de"))
        #expect(utterance.description == row.spoken)
        #expect(utterance.hint == row.hint)
    }

    /// An object's own language wins over the configured one, for its words as for the composer's.
    @Test func anObjectInGermanOnAnEnglishDesktop() {
        let element = AccessibleMapping.element(Object(id: "1", role: "heading", name: "Titel", level: 1, locale: "de_DE.UTF-8"), catalog: packagedCatalog, locale: "en")
        #expect(element.value == "Ebene 1")
    }

    @Test(arguments: [("<Control>q", "Control Q"), ("<Primary><Shift>s", "Control Shift S"), ("F5", "F5"), ("", nil)])
    func accelerators(_ text: String, _ words: String?) {
        #expect(AccessibleMapping.acceleratorWords(text, packagedCatalog.words(for: "en", configured: "en")) == words)
    }

    /// The containers a focus entering them says, by the page's role first, else AT-SPI's.
    @Test(arguments: [
        (AccessibleSnapshot.Container(id: "g", role: "panel", name: "Sandwich Condiments", xmlRoles: "group"), "Sandwich Condiments. Group."),
        (AccessibleSnapshot.Container(id: "g", role: "panel", xmlRoles: "group"), nil),                  // a group without a name says nothing
        (AccessibleSnapshot.Container(id: "g", role: "panel", name: "Pizza Crust", xmlRoles: "radiogroup"), "Pizza Crust. Radio Group."),
        (AccessibleSnapshot.Container(id: "g", role: "grouping", name: "Shipping"), "Shipping. Group."),   // a fieldset
        (AccessibleSnapshot.Container(id: "g", role: "panel"), nil),
        (AccessibleSnapshot.Container(id: "g", role: "list"), "List."),
        (AccessibleSnapshot.Container(id: "g", role: "list", childCount: 4), "List. 4 items."),   // its items counted, as NVDA says it
        (AccessibleSnapshot.Container(id: "g", role: "table", name: "Prices", xmlRoles: "table"), "Prices. Table."),
        (AccessibleSnapshot.Container(id: "g", role: "table", name: "Transactions", xmlRoles: "grid", rows: 7, columns: 5), "Transactions. Grid. 7 rows. 5 columns."),
        (AccessibleSnapshot.Container(id: "g", role: "list", childCount: 1), "List. 1 item."),
        (AccessibleSnapshot.Container(id: "g", role: "tool bar", name: "Text formatting", xmlRoles: "toolbar"), "Text formatting. Toolbar."),
        (AccessibleSnapshot.Container(id: "g", role: "section", xmlRoles: "region"), nil),
        (AccessibleSnapshot.Container(id: "g", role: "paragraph"), nil),
    ] as [(AccessibleSnapshot.Container, String?)])
    func enteredContainers(container: AccessibleSnapshot.Container, said: String?) {
        let entered = AccessibleMapping.enteredContainer(container)
        #expect(entered.map { composer.compose(Element(entered: [$0])).description } == said)
    }
}
