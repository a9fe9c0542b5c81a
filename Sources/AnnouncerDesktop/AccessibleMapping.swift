import AnnouncerElements
import AnnouncerLocales

/// An accessible object as an Announcer element (docs/design.md §12): role to traits, states to traits
/// and values, name to label, description to hint, group position to "N of M". Pure, and tested
/// by a table (AccessibleMappingTests).
///
/// Decisions where docs/design.md §12 leaves room:
/// - Check boxes, radio buttons, toggle buttons and switches say what they are ("Check Box.",
///   "Radio Button.", "Toggle Button.", "Switch Button.") with their state from the value 1
///   (checked, pressed, on), 0 or 2 (mixed), in the locale's words: a check box is never said
///   as a switch. A web page's button with `aria-pressed` is a toggle button, whatever role the
///   browser gave it. A button that opens a menu is a "Menu Button."; a button or link that shows
///   more says "Expanded." or "Collapsed." after what it is.
/// - A heading's level is its value ("level 2"), since VoiceOver's iOS words have none.
/// - Every word of its own comes from the locale tables (value.level, value.expanded,
///   value.collapsed, key.control), in the language the element is spoken in.
/// - Sliders and spin buttons say their value as the page or toolkit gives it (its text, else
///   its number: "128", as NVDA and Orca say it), what they are ("Slider.", "Spin Button.": a
///   listener must know which, and VoiceOver's "Adjustable." says neither) and their range ("0
///   to 255."), a slider which way it moves ("Horizontal."); a meter the same with "Meter.";
///   progress bars and scroll bars a percentage of their range.
/// - A menu's item says "Menu Item." and its place in the menu ("2 of 4."); its check box or
///   radio button "Check Menu Item." or "Radio Menu Item." and whether it is checked.
/// - Expandable rows say "expanded" or "collapsed" as their value; a combo box, as a disclosure
///   does, after its role ("Pop Up Button. Collapsed."). A page's combo box (ARIA's combobox)
///   is a "Combo Box.", "Editable." when it can be typed in and "Autocomplete." when it completes
///   what is typed ("State. Combo Box. Editable. Autocomplete. Collapsed.").
/// - A password field never says its text.
/// - A web page's controls say what VoiceOver says of them: a select or combo box its chosen
///   option and "Pop Up Button."; a radio button its place in its group ("2 of 3."); an empty
///   field its placeholder, as its value (UIKit's text field does so); a link it was visited; a
///   field that is required or invalid so, after what it is, and an invalid one its error
///   message, first of its hint.
/// - The embedded object's character (U+FFFC, Chromium's stand-in for a child in a text) is
///   never spoken: it is dropped from names, values and texts.
public enum AccessibleMapping {
    /// Roles whose place among their siblings is spoken ("2 of 5", a tab's "Tab 2 of 5"): the
    /// bridge reads the position of these, and only these (AccessibleSnapshot.position).
    public static let positionedRoles: Set<String> = ["list item", "tree item", "table cell", "tree table cell", "table row", "tree table row", "page tab",
                                                     "menu item", "radio menu item", "check menu item"]

    /// Roles whose place in their group the bridge takes from the object's own `posinset` and
    /// `setsize` when a web page gives them: those above, a radio button (its place among its
    /// siblings is not read, since that counts the labels between the buttons), and a web page's
    /// menu item that opens a menu (Firefox's role "menu" for it).
    /// A table's cell, as NVDA says it: coming from `last` in the same table, its column's
    /// header and number when the column changed, its row's when the row did; from elsewhere,
    /// both. A header that is the cell's own text is not said again.
    public static func cellContext(_ cell: AccessibleSnapshot.CellPlace, from last: AccessibleSnapshot.CellPlace?, label: String?) -> ElementContext {
        let same = last?.table == cell.table ? last : nil
        let columnMoved = same.map { $0.column != cell.column } ?? true
        let rowMoved = same.map { $0.row != cell.row } ?? true
        var headers: [String] = []
        if columnMoved, let header = cell.columnHeader, header != label { headers.append(header) }
        if rowMoved, let header = cell.rowHeader, header != label { headers.append(header) }
        return .cell(headers: headers, row: rowMoved ? cell.row + 1 : nil, rows: cell.rows,
                     column: columnMoved ? cell.column + 1 : nil, columns: cell.columns)
    }

    public static let groupPositionedRoles: Set<String> = positionedRoles.union(["radio button", "menu"])

    /// The element for `object`. Its own words ("level 2", "expanded", "Control Q") are taken
    /// from `catalog` in the object's language, else the configured `locale`: the language the
    /// composer will speak the element in.
    public static func element(_ object: AccessibleSnapshot, catalog: LocaleCatalog, locale: String) -> Element {
        var element = Element(id: object.id)
        element.label = spokenText(object.name)
        element.hint = spokenText(object.description)
        element.language = object.locale.flatMap(languageTag)
        let words = catalog.words(for: element.language, configured: locale)
        let states = object.states
        // A web page's switch (role=switch), which the browsers give AT-SPI as a toggle button or
        // a check box, is a switch; a button with `aria-pressed` a toggle button.
        let role = object.xmlRoles?.split(separator: " ").first == "switch" ? "switch" : isToggleButton(object) ? "toggle button" : object.role
        switch role {
        case "push button", "button":
            // A button that opens a menu says so (ARIA's haspopup, a toolkit's menu button).
            element.traits = states.contains("has popup") ? [.button, .menuButton] : [.button]
        case "check box", "check menu item":
            element.traits = object.role == "check menu item" ? [.button, .menuItem, .checkBox] : [.button, .checkBox]
            element.value = toggleValue(states)
            if let position = object.position { element.context = .series(index: position.index, count: position.count) }
        case "toggle button":
            element.traits = [.button, .toggleButton]
            element.value = toggleValue(states)
        case "switch":
            element.traits = [.button, .switchButton]
            element.value = toggleValue(states)
        case "radio button", "radio menu item":
            element.traits = object.role == "radio menu item" ? [.button, .menuItem, .radioButton] : [.button, .radioButton]
            element.value = toggleValue(states)
            if let position = object.position { element.context = .series(index: position.index, count: position.count) }
        case "combo box":
            // A select is a "Pop Up Button." (VoiceOver's word); a page's combo box (ARIA's
            // combobox role, or one that can be typed in) a "Combo Box.", and says whether it
            // can be typed in and completes what is typed, as NVDA and Orca do.
            if object.xmlRoles?.split(separator: " ").contains("combobox") == true || states.contains("editable") {
                element.traits = [.button, .comboBox]
                if states.contains("editable") { element.traits.insert(.editable) }
                if states.contains("supports autocompletion") { element.traits.insert(.autocomplete) }
            } else {
                element.traits = [.button, .popUpButton]
            }
            element.value = spokenText(object.valueText) ?? spokenText(object.text)
            if states.contains("editable") { element.selectedText = selectedText(object) }
        case "menu item", "menu":
            // A toolkit's menu in a menu bar is a button; a web page's menu item that opens a
            // menu (Firefox's role "menu" for it) is a menu item, with its place as the page gives it.
            let isMenuItem = object.role == "menu item" || object.xmlRoles?.split(separator: " ").first == "menuitem"
            element.traits = isMenuItem ? [.button, .menuItem] : [.button]
            if let position = object.position { element.context = .series(index: position.index, count: position.count) }
            if element.hint == nil { element.hint = object.accelerator.flatMap { acceleratorWords($0, words) } }
        case "link":
            element.traits = [.link]
            if states.contains("visited") { element.traits.insert(.visited) }
        case "heading":
            element.traits = [.header]
            element.value = object.level.map(words.headingLevel)
        case "image", "icon", "image map":
            element.traits = [.image]
        case "label", "static", "caption", "paragraph":
            element.traits = [.staticText]
        case "password text":
            element.traits = [.textEntry, .secureTextField]
        case "entry", "text", "editbar", "search bar", "terminal":
            element.traits = [.textEntry]
            if states.contains("multi-line") { element.traits.insert(.textArea) }
            let text = spokenText(object.text, trimmed: false)
            element.value = text ?? spokenText(object.placeholder)
            // Where the caret is, for a braille display's dots 7-8 (none in a placeholder).
            if text != nil, let caret = object.caretOffset { element.caret = min(max(caret, 0), element.value?.count ?? 0, Element.maximumTextBytes) }
            element.selectedText = selectedText(object)
        case "spin button":
            element.traits = [.adjustable, .spinButton]
            // One that can be typed in says what it holds as typed (a value out of its range
            // too), else its number.
            let typed = states.contains("editable") ? spokenText(object.text) : nil
            element.value = object.valueText?.trimmingWhitespace().nonEmptyString ?? typed ?? object.value.map(number) ?? object.text?.nonEmptyString
            element.range = range(object)
            // One that can be typed in says so, as NVDA says it.
            if states.contains("editable") { element.traits.insert(.editable) }
        case "slider", "dial":
            element.traits = [.adjustable, .slider]
            // Which way it moves, as its toolkit or page says (`aria-orientation`): which arrows
            // move it. A web page's slider is horizontal unless it says otherwise (ARIA's default;
            // Firefox gives its native slider no orientation).
            if states.contains("vertical") {
                element.traits.insert(.vertical)
            } else if states.contains("horizontal") || object.display != nil {
                element.traits.insert(.horizontal)
            }
            element.value = valueWords(object)
            element.range = range(object)
        case "scroll bar":
            element.traits = [.adjustable]
            element.value = percentage(object) ?? object.valueText?.nonEmptyString
        case "level bar":
            // A meter (ARIA's, GTK's level bar): its value as a number or in its page's words,
            // and its range, as a slider says them.
            element.traits = [.meter]
            element.value = valueWords(object)
            element.range = range(object)
        case "progress bar":
            element.traits = [.updatesFrequently]
            element.value = percentage(object) ?? object.valueText?.nonEmptyString
        case "page tab":
            element.traits = [.button, .tabBarItem]
            if let position = object.position { element.context = .tab(index: position.index, count: position.count) }
        case "page tab list":
            element.traits = [.tabBar]
        case _ where positionedRoles.contains(object.role):
            if let position = object.position { element.context = .series(index: position.index, count: position.count) }
            if states.contains("expandable") { element.value = expansion(states, words) }
        case "alert", "notification":
            element.traits = [.staticText]
        default:
            // Windows, dialogs, panels and roles with no trait of their own: their words only.
            break
        }
        // A button or link that shows more (a disclosure, a menu button, a combo box's popup) says
        // whether it does.
        if element.traits.contains(.button) || element.traits.contains(.link), states.contains("expandable") {
            element.traits.insert(states.contains("expanded") ? .expanded : .collapsed)
        }
        if object.role.hasPrefix("list") || object.role.hasPrefix("tree") || object.role.hasPrefix("table") || object.role == "page tab",
           states.contains("selected") {
            element.traits.insert(.selected)
        }
        // A web page's option says its selection as NVDA says it, the words ARIA-AT's plans judge:
        // moving in a list selects, so a selected option says nothing of it and one not selected
        // says so ("Apple. Not Selected. 2 of 13."). An editable combo box's option, which NVDA
        // hears as the box's selection change, and a toolkit's list row keep "Selected:".
        if object.display != nil, object.role == "list item", states.contains("selectable"), !object.editableComboBoxItem {
            element.traits.remove(.selected)
            if !states.contains("selected") { element.traits.insert(.notSelected) }
        }
        // A control a heading holds (an accordion's button) is said as the heading too.
        if let heading = object.containers.last, heading.role == "heading", ReviewTree.controlRoles.contains(object.role) {
            saidAsHeading(&element, level: heading.level, words: words)
        }
        if states.contains("required") { element.traits.insert(.required) }
        // Which of a set is the current one (`aria-current`, the `current` attribute).
        if let current = object.current, let trait = currentTraits[current] { element.traits.insert(trait) }
        if states.contains("invalid entry") {
            element.traits.insert(.invalid)
            // Its error message, said first of its hint: "Must be between 1 and 8."
            if let message = spokenText(object.errorMessage) {
                let period = words[.period]
                element.hint = element.hint.map { message + (message.hasSuffix(period) ? "" : period) + words[.space] + $0 } ?? message
            }
        }
        // An object whose states could not be read (it was going away) is not called dimmed, nor
        // one with nothing else to say (Firefox's next page, its document not yet loaded).
        if !states.isEmpty, !states.contains("sensitive"), element.label != nil || !element.traits.isEmpty {
            element.traits.insert(.notEnabled)
        }
        if element.label == nil, element.value == nil, element.hint == nil, !element.traits.isEmpty {
            // An object with nothing to say but its role still says its role.
            element.accessible = true
        }
        // A web page's cell, or what in it has the focus: its headers, row and column (the focus
        // moving within its table says only what changed: `DesktopEventFilter`).
        if let cell = object.cell { element.context = cellContext(cell, from: nil, label: element.label) }
        return element
    }

    /// A field's selected text, as its selection's offsets give it (AT-SPI counts code points):
    /// nil when nothing, or only spaces, is selected.
    static func selectedText(_ object: AccessibleSnapshot) -> String? {
        guard let range = object.selection, let text = object.text else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard range.lowerBound >= 0, range.upperBound <= scalars.count else { return nil }
        return spokenText(String(String.UnicodeScalarView(scalars[range])))
    }

    /// A name or a text as it is spoken: without the embedded object's character, trimmed
    /// (unless `trimmed` is false: a field's text is said as typed), nil when nothing is left.
    public static func spokenText(_ text: String?, trimmed: Bool = true) -> String? {
        guard var text else { return nil }
        if text.unicodeScalars.contains(objectReplacement) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != objectReplacement }))
            if text.allSatisfy(\.isWhitespace) { return nil }
        }
        return (trimmed ? text.trimmingWhitespace() : text).nonEmptyString
    }

    /// The container a focus entering it says, by the page's own role first (`xml-roles`), else
    /// by AT-SPI's; nil for a container that says nothing (an unnamed group, a paragraph, a
    /// section). A group is said only when it has a name, as NVDA says a grouping.
    public static func enteredContainer(_ container: AccessibleSnapshot.Container) -> EnteredContainer? {
        let label = spokenText(container.name)
        let pageRole = container.xmlRoles?.split(separator: " ").first.map(String.init)
        let kind: EnteredContainer.Kind? = switch pageRole ?? "" {
        case "group": label == nil ? nil : .group
        case "radiogroup": .radioGroup
        case "list", "listbox": .list
        case "table": .table
        case "grid", "treegrid": .grid
        case "tree": .tree
        case "dialog", "alertdialog": .dialog
        case "toolbar": .toolbar
        case "tablist": .tabList
        case "tabpanel": .tabPanel
        // A named section (an accordion's panel), as NVDA names a region.
        case "region": label == nil ? nil : .region
        // A landmark, by its kind and with its name (a form is one only when named).
        case "banner": .banner
        case "navigation": .navigation
        case "main": .main
        case "contentinfo": .contentInfo
        case "complementary": .complementary
        case "search": .search
        case "form": label == nil ? nil : .form
        case "menu": .menu
        case "menubar": .menuBar
        case "": switch container.role {
            case "panel", "grouping": label == nil ? nil : .group
            case "list", "list box": .list
            case "table": .table
            case "tree", "tree table": .tree
            case "dialog": .dialog
            case "tool bar": .toolbar
            case "page tab list": .tabList
            case "menu": .menu
            case "menu bar": .menuBar
            default: nil
            }
        default: nil
        }
        // A dialog says its description as it is entered, as NVDA says it as the dialog opens.
        // A list says how many items it holds, and a table or grid its size, as NVDA says them
        // ("List. 4 items.", "Grid. 7 rows. 5 columns.").
        let sized = kind == .table || kind == .grid
        return kind.map { EnteredContainer($0, label: label, description: $0 == .dialog ? spokenText(container.description) : nil,
                                           count: $0 == .list ? container.childCount : nil,
                                           rows: sized ? container.rows : nil, columns: sized ? container.columns : nil) }
    }

    /// A control a heading holds, said as the heading too: "Personal Information: level 3.
    /// Button. Heading. Expanded." (the focus on it, and the review's item for it).
    static func saidAsHeading(_ element: inout Element, level: Int?, words: LocaleWords) {
        element.traits.insert(.header)
        if element.value == nil, let level { element.value = words.headingLevel(level) }
    }

    /// The containers of `containers` that say something when entered, with their ids.
    public static func placedContainers(_ containers: [AccessibleSnapshot.Container]) -> [EnteredContainer.Placed] {
        containers.compactMap { container in enteredContainer(container).map { EnteredContainer.Placed(id: container.id, container: $0) } }
    }

    /// `aria-current`'s values and what each says ("page": "Current page."); "false" says nothing.
    static let currentTraits: [String: Trait] = [
        "page": .currentPage, "step": .currentStep, "location": .currentLocation, "date": .currentDate, "time": .currentTime,
        "true": .current,
    ]

    /// U+FFFC OBJECT REPLACEMENT CHARACTER.
    public static let objectReplacement: Unicode.Scalar = "\u{FFFC}"

    /// Whether a button is a toggle button: its role says so, or the page gives it `aria-pressed`
    /// (any value but "" and "undefined", as the browsers decide its role). Firefox works an
    /// object's role out once and keeps it: worked out before its parent process had the page's
    /// ARIA attributes (fetched from the page a moment after a client first needs them, its
    /// cache domains), it is the plain button's for good, while the `pressed` attribute and the
    /// pressed state follow the page (widgets.html's Bold, now and then).
    static func isToggleButton(_ object: AccessibleSnapshot) -> Bool {
        switch object.role {
        case "toggle button": true
        case "push button", "button": object.pressed.map { !$0.isEmpty && $0 != "undefined" } ?? false
        default: false
        }
    }

    /// A check box's, radio button's, toggle button's or switch's state as its value: 1 checked
    /// (or pressed), 0 not, 2 mixed.
    static func toggleValue(_ states: Set<String>) -> String {
        states.contains("indeterminate") ? "2" : (states.contains("checked") || states.contains("pressed") ? "1" : "0")
    }

    static func expansion(_ states: Set<String>, _ words: LocaleWords) -> String? {
        guard states.contains("expandable") else { return nil }
        return states.contains("expanded") ? words[.expanded] : words[.collapsed]
    }

    /// What a window that became active is, by its AT-SPI role: dialogs (alerts, file
    /// choosers) and documents say so after their title; every other window is an application's.
    /// The roles of a window that may be a notification: one created that never becomes the
    /// active window (notification-daemon's, an alert that takes no focus).
    public static let notificationRoles: Set<String> = ["notification", "alert"]

    /// The roles whose value a web page may word itself (`aria-valuetext`), said in its words.
    public static let pageWordedValueRoles: Set<String> = ["slider", "spin button", "dial", "level bar"]

    public static func windowRole(_ role: String) -> WindowRole {
        switch role {
        case "dialog", "alert", "file chooser", "color chooser", "font chooser": .dialog
        case "document frame", "document web", "document text", "document spreadsheet", "document presentation", "document email": .document
        default: .window
        }
    }

    /// Whether the element has anything to say: a window that is only being built has not.
    public static func speaks(_ element: Element) -> Bool {
        element.label != nil || element.value != nil || element.hint != nil || !element.traits.isEmpty
    }

    /// The value as a whole percentage of its range ("50%"), when the range is known.
    static func percentage(_ object: AccessibleSnapshot) -> String? {
        guard let value = object.value, let minimum = object.minimum, let maximum = object.maximum, maximum > minimum else { return nil }
        let fraction = (min(max(value, minimum), maximum) - minimum) / (maximum - minimum)
        return "\(Int((fraction * 100).rounded()))%"
    }

    /// A slider's or spin button's bounds, when both are known and differ; none when the page
    /// words the value itself (`aria-valuetext`: "1 Minute 30 Seconds of 5 Minutes"), not as a
    /// number, since the numbers of its range are none of its words (0 to 300 seconds).
    static func range(_ object: AccessibleSnapshot) -> ValueRange? {
        if let text = object.valueText?.trimmingWhitespace(), !text.isEmpty, Double(text) == nil { return nil }
        guard let minimum = object.minimum, let maximum = object.maximum, maximum > minimum,
              abs(minimum) < ValueRange.largest, abs(maximum) < ValueRange.largest else { return nil }
        return ValueRange(minimum: minimum, maximum: maximum)
    }

    /// What a slider or meter holds: its words (a page's `aria-valuetext`), else its number. A
    /// browser's own text that only rounds the number (Chromium's "36.1665" for a meter's
    /// 36.166519936288, where Firefox gives every digit) is the number instead.
    static func valueWords(_ object: AccessibleSnapshot) -> String? {
        guard let text = spokenText(object.valueText) else { return object.value.map(number) }
        guard let value = object.value, Double(text) != value, rounds(text, to: value) else { return text }
        return number(value)
    }

    /// Whether `text`, a number written with some digits after its point, is `value` rounded to
    /// that many.
    static func rounds(_ text: String, to value: Double) -> Bool {
        guard let written = Double(text) else { return false }
        let decimals = text.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        var step = 1.0
        for _ in 0..<decimals { step /= 10 }
        return abs(written - value) <= step / 2 * 1.000001
    }

    /// A value as a person writes it: a whole number without its point, and a browser's
    /// single-precision value (Chromium's 25.1 is 25.100000381469727 as a Double) in the fewest
    /// digits that are still the same single-precision number.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        if let single = Float(exactly: value), abs(single) < 1e7, abs(single) >= 1e-4 { return single.description }
        return String(value)
    }

    /// "<Control><Shift>q" → "Control Shift Q" (Control and Primary in the locale's word).
    static func acceleratorWords(_ accelerator: String, _ words: LocaleWords) -> String? {
        var said: [String] = []
        var rest = Substring(accelerator)
        while rest.first == "<", let close = rest.firstIndex(of: ">") {
            let modifier = rest[rest.index(after: rest.startIndex)..<close]
            said.append(modifier == "Primary" || modifier == "Control" ? words[.controlKey] : String(modifier))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { said.append(rest.count == 1 ? rest.uppercased() : String(rest)) }
        return said.isEmpty ? nil : said.joined(separator: " ")
    }

    /// "de_DE", "de_DE.UTF-8" or "ca_ES@valencia" → "de-DE", "ca-ES"; "C" and "POSIX" say
    /// nothing (`LanguageTag`'s rule).
    static func languageTag(_ locale: String) -> String? {
        LanguageTag(posixLocale: locale)?.description
    }
}

extension String {
    var nonEmptyString: String? { isEmpty ? nil : self }
}
