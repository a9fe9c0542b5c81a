import AnnouncerComposer
import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings

/// What the review asks of the bridge.
public enum ReviewAction: Sendable, Equatable {
    /// Say an item, as the focus is said (its description, then its hint).
    case speak(Element)
    /// Say an item of a read all: the bridge reports its end with `readingFinished`.
    case read(Element)
    /// Say an item once what is being said has ended, if nothing else is said first (a page's
    /// first item, after its title): a low-priority announcement.
    case queue(Element)
    /// Say a word or a line at once (the rotor's category, "No next heading", a line, a character).
    case say(String, unit: EchoUnit)
    /// Do the object's default action (click a link or a button, toggle a check box).
    case activate(object: String)
    /// Give the object the keyboard focus.
    case focus(object: String)
    /// Give the object the focus as the browser's own Tab gives it: a text field's text
    /// selected (Tab or Shift+Tab from the browse cursor).
    case tabTo(object: String)
    /// Silence what is being said (a key stopped a read all).
    case stopSpeech
    /// Say the setting chosen on the ring, with its value as the daemon holds it.
    case saySetting(UserSetting)
    /// Ask the daemon for this change to the settings (it says it).
    case changeSetting(SettingChange)
}

/// The desktop review (docs/design.md §18): the review cursor over the active window or the
/// focused web document, its rotor, read all, where am I, and browse and focus mode, with no
/// clock, no AT-SPI and no I/O. The bridge gives it the tree, the focus and the keys, and does
/// what it asks (DesktopReviewTests). Review never moves the keyboard focus, except where the
/// user asks it to: Enter or Space on an item in browse mode.
public struct DesktopReview: Sendable {
    public private(set) var cursor = ReviewCursor()
    public private(set) var mode = ReviewMode.desktop
    /// The settings Insert+Ctrl+arrows go round.
    public private(set) var settings = SettingsRing()
    /// The notifications said, newest last, and which Insert+Shift+N said last.
    public private(set) var notifications = NotificationHistory()
    /// Whether a read all is going on.
    public private(set) var reading = false
    /// The window the items are of: its title and what it is.
    public private(set) var window: (title: String, role: WindowRole)?
    /// The keyboard focus: its object and what was said of it.
    public private(set) var focused: (object: String, element: Element)?
    /// The focus the cursor could not follow, not being in the tree as it was read.
    private var unfollowed: String?
    /// Every container the focus is in, outermost first, as last read.
    private var focusedContainers: [EnteredContainer] = []
    /// Focus mode that the focus entering a text field chose (leaving the field leaves it);
    /// focus mode the user chose stays until the user leaves it.
    private var focusModeIsAutomatic = false
    public var composer: UtteranceComposer

    /// Whether Escape is the page's: in focus mode the user chose (Insert+Space), as NVDA leaves
    /// it to the page then (a page's own Escape closes its dropdown); Insert+Space leaves it.
    /// Focus mode a field chose, Escape leaves.
    public var escapeIsThePages: Bool { mode == .focus && (!focusModeIsAutomatic || inPopup) }

    /// Whether the focus is in a popup its control opened (an option of a combo box's list, come
    /// to from the box, `Element.opened`, and moved among its items since), or is an open combo
    /// box: Escape is the page's, which closes the popup, as a menu's is.
    private var inPopup = false

    /// Whether `element`, the focus, is in a popup: an open combo box; an item its combo box
    /// opened a list to (`Element.opened`), or that is a combo box's active descendant
    /// (`comboBoxItem`: a list a page opened before the focus came, ARIA's select-only combo
    /// box opened by typing); an item (no control of its own) of the list the focus was in the
    /// popup of.
    static func isInPopup(_ element: Element, popupBefore: Bool, comboBoxItem: Bool = false) -> Bool {
        if element.traits.contains(.comboBox) { return element.traits.contains(.expanded) }
        if element.opened || comboBoxItem { return true }
        guard popupBefore, case .series = element.context else { return false }
        return element.traits.isDisjoint(with: [.button, .link, .textEntry, .checkBox, .radioButton, .adjustable, .switchButton, .toggleButton])
    }

    /// Whether the review reads a web page (browse or focus mode), where lists are said as NVDA
    /// says them, entered and left.
    private var inPage: Bool { mode != .desktop }

    public init(composer: UtteranceComposer) {
        self.composer = composer
    }

    private var words: LocaleWords { composer.catalog.words(for: nil, configured: composer.locale) }

    /// The tree of the window (or document) the focus is in, read again: the cursor keeps its
    /// place when the window is the same, else starts at the focus.
    public mutating func read(_ items: [ReviewItem], window: (title: String, role: WindowRole)?, sameWindow: Bool) {
        if sameWindow {
            cursor.replace(items)
        } else {
            cursor = ReviewCursor(items: items)
        }
        self.window = window
        // A focus the cursor could not follow into the tree as it was (a tab panel the page
        // showed as it focused it) is followed into the new one.
        if let focused, cursor.index == nil || !sameWindow || unfollowed == focused.object { cursor.follow(focused.object) }
        unfollowed = nil
    }

    /// The keyboard focus moved: the cursor follows it, and in a web document a control that
    /// takes the arrows itself (a text field, a combo box, a slider, a tab: `takesArrows`,
    /// `ReviewKeyMap.takesArrows`) chooses focus mode, and leaving it browse mode, each said.
    ///
    /// `containers`: every container the focus is in, outermost first, when the bridge read them
    /// (the report of the focus names them all, as NVDA's does).
    /// The focus read again for Insert+Tab, Insert+Up or Insert+W (a browser's field says no
    /// event for every change; a focus may still wait in the filter): taken as the focus when
    /// it says something. An object that says nothing (a browser's document or section that
    /// took the focus) leaves the focus last said in place: Insert+Tab said an empty utterance
    /// on a loaded machine when it was taken instead.
    public mutating func focusReadAgain(_ object: String, element: Element, takesArrows: Bool, containers: [EnteredContainer]) {
        guard AccessibleMapping.speaks(element) else { return }
        _ = focusMoved(to: object, element: element, inDocument: mode != .desktop, takesArrows: takesArrows, containers: containers)
    }

    public mutating func focusMoved(to object: String, element: Element, inDocument: Bool, takesArrows: Bool,
                                    containers: [EnteredContainer]? = nil, comboBoxItem: Bool = false) -> [ReviewAction] {
        if let containers { focusedContainers = containers }
        inPopup = Self.isInPopup(element, popupBefore: inPopup && focused != nil, comboBoxItem: comboBoxItem)
        // A change to the focused object (its value, as the user types) moves nothing.
        if focused?.object == object {
            focused = (object, element)
            return []
        }
        if containers == nil { focusedContainers = [] }
        focused = (object, element)
        unfollowed = cursor.follow(object) ? nil : object
        var actions: [ReviewAction] = []
        reading = false
        switch (inDocument, mode) {
        case (false, _):
            mode = .desktop
        case (true, .desktop):
            mode = takesArrows ? .focus : .browse
            focusModeIsAutomatic = takesArrows
        case (true, .browse) where takesArrows:
            mode = .focus
            focusModeIsAutomatic = true
            actions.append(.say(words[.focusMode], unit: .word))
        case (true, .focus) where !takesArrows && focusModeIsAutomatic:
            mode = .browse
            actions.append(.say(words[.browseMode], unit: .word))
        default:
            break
        }
        return actions
    }

    /// A page's document took the focus (a page loaded, or another in the same tab) and its tree
    /// was read: in browse mode the cursor goes to its first item, which is said after the
    /// page's title. A document that the cursor is already in (the focus came back to it) says
    /// nothing more.
    ///
    /// Nil, and the cursor left where it was, when the first item has no words of its own yet
    /// and `waitedEnough` is false: a page still being laid out (Firefox on a loaded machine)
    /// gives its heading before the heading's text, and "Heading." alone would be said. The
    /// shell reads the tree again a moment later and asks again; once it has waited enough the
    /// item is said as it is (a heading that is empty for good).
    public mutating func documentShown(_ document: String, waitedEnough: Bool = true) -> [ReviewAction]? {
        guard mode == .browse, focused?.object == document, cursor.index == nil else { return [] }
        var moved = cursor
        guard let item = moved.move(.item, forward: true) else { return [] }
        guard waitedEnough || Self.hasWords(item) else { return nil }
        cursor = moved
        return [.queue(Self.said(item))]
    }

    /// Whether an item has words of its own, beyond what its kind says: a label, or a value
    /// (not a heading's, which is only its level).
    static func hasWords(_ item: ReviewItem) -> Bool {
        let isHeading = item.kinds.contains { if case .heading = $0 { true } else { false } }
        return !(item.element.label ?? "").isEmpty || (!isHeading && !(item.element.value ?? "").isEmpty)
    }

    /// Whether browse mode takes Tab, and Shift+Tab: the cursor was moved away from the focus
    /// (onto an item that is not the focus nor inside it) and there is an item to focus that
    /// way. Tab then focuses the next item the keyboard can focus from the cursor, as NVDA's
    /// browse mode does; else Tab is the page's, from its focus.
    public var tabs: (forward: Bool, backward: Bool) {
        guard mode == .browse, let item = cursor.current else { return (false, false) }
        if let focused, item.object == focused.object || item.within.contains(focused.object) { return (false, false) }
        return (cursor.focusable(forward: true) != nil, cursor.focusable(forward: false) != nil)
    }

    /// Any key pressed: a read all stops, where it is.
    public mutating func keyPressed() -> [ReviewAction] {
        guard reading else { return [] }
        reading = false
        return [.stopSpeech]
    }

    /// The item a read all said last has ended: `spoken` whole (the next is said), or cut off.
    /// The text Insert+Up or Insert+Tab spells: the line's (browse mode's), else the focus's
    /// label and value.
    private func spellable(_ command: ReviewCommand) -> String? {
        switch command {
        case .sayLine where mode != .desktop:
            guard let line = cursor.currentLine, !line.isEmpty else { return nil }
            return cursor.lineText(line.startIndex..<line.endIndex)
        case .sayLine, .reportFocus:
            guard let element = focused?.element else { return nil }
            return [element.label, element.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        default:
            return nil
        }
    }

    /// A notification was said: kept for Insert+N.
    public mutating func notified(_ text: String) {
        notifications.add(text)
    }

    public mutating func readingFinished(spoken: Bool) -> [ReviewAction] {
        guard reading else { return [] }
        guard spoken, let next = cursor.move(.item, forward: true) else {
            reading = false
            return []
        }
        return [.read(Self.said(next))]
    }

    /// What a command does; `presses` is how many times its key was pressed in a row: Insert+Up
    /// and Insert+Tab pressed again spell what they said, then spell it phonetically (`Spelling`).
    public mutating func perform(_ command: ReviewCommand, presses: Int = 1) -> [ReviewAction] {
        if presses > 1, let text = spellable(command), !text.isEmpty {
            let spelled = Spelling.echo(text, unit: .line, presses: presses, in: words)
            return [.say(spelled.text, unit: spelled.unit)]
        }
        switch command {
        case .next, .previous:
            return move(cursor.category, forward: command == .next)
        case .jump(let filter, let forward):
            return move(filter, forward: forward)
        case .rotorNext, .rotorPrevious:
            let category = cursor.turnRotor(forward: command == .rotorNext)
            return [.say(words[Self.rotorWord(category)], unit: .word)]
        case .readAll:
            guard let item = cursor.current ?? cursor.move(.item, forward: true) else { return [] }
            reading = true
            return [.read(Self.said(item))]
        case .whereAmI:
            // One line, said at once and cut off by the next key: the title, then the focus.
            var said = window.map(titleWords) ?? ""
            if let focus = focused.map({ composer.compose($0.element).description }) { said = sentences(said, focus) }
            return said.isEmpty ? [] : [.say(said, unit: .line)]
        case .sayLine:
            // Browse mode's line where the cursor is; elsewhere the focus, as NVDA says it.
            if mode != .desktop, let line = cursor.currentLine { return said(line, fresh: true) }
            return focused.map { [.speak($0.element)] } ?? []
        case .reportFocus:
            // The focus with every container it is in: "Sandwich Condiments. Group. List. Lettuce…"
            guard var element = focused?.element else { return [] }
            if !focusedContainers.isEmpty { element.entered = focusedContainers }
            return [.speak(element)]
        case .title:
            return window.map { [.say(titleWords($0), unit: .line)] } ?? []
        case .activate:
            return cursor.current.map { [.activate(object: $0.object)] } ?? []
        case .toggleMode:
            return switchMode(to: mode == .browse ? .focus : .browse)
        case .leaveFocusMode:
            // Escape: browse mode, and where it starts from, the focus (its value as it is now:
            // "Browse mode. Guests: 3. Spin Button. 1 to 6."), in one line.
            let switched = switchMode(to: .browse)
            guard case .say(let said, _)? = switched.first, var element = focused?.element else { return switched }
            // The focus itself: not the containers its move entered.
            element.entered = []
            element.left = []
            let focus = composer.compose(element).description
            guard !focus.isEmpty else { return switched }
            return [.say(sentences(said, focus), unit: .line)]
        case .nextLine, .previousLine:
            let forward = command == .nextLine
            let from = cursor.current
            guard let line = cursor.moveLine(forward: forward) else { return [.say(words[forward ? .noNextLine : .noPreviousLine], unit: .word)] }
            return said(line, from: from)
        case .firstLine, .lastLine:
            let from = cursor.current
            guard let line = cursor.moveToEdge(first: command == .firstLine) else { return [] }
            return said(line, from: from)
        case .containerEdge(let end):
            let from = cursor.current
            guard from?.containers.isEmpty == false else { return [.say(words[.notInContainer], unit: .word)] }
            guard let item = cursor.moveToContainerEdge(end: end) else { return [.say(words[.noNextLine], unit: .word)] }
            return [.speak(Self.said(item, from: from, lists: inPage))]
        case .nextCharacter, .previousCharacter:
            let forward = command == .nextCharacter
            guard let character = cursor.moveCharacter(forward: forward) else {
                return [.say(words[forward ? .noNextLine : .noPreviousLine], unit: .word)]
            }
            return [.say(TypingEcho.name(String(character), in: words), unit: .character)]
        case .notification(let older):
            let said = older ? notifications.older() : notifications.newest()
            return [.say(said ?? words[notifications.isEmpty ? .noNotifications : .noOlderNotification], unit: .line)]
        case .chooseSetting(let next):
            return [.saySetting(settings.choose(next: next))]
        case .stepSetting(let up):
            return [.changeSetting(settings.step(up: up))]
        case .cell(let direction):
            switch cursor.moveCell(direction) {
            case .notInTable: return [.say(words[.notInTable], unit: .word)]
            case .edge: return [.say(words[.tableEdge], unit: .word)]
            case .moved(let item, let from): return [.say(cellWords(item, from: from, direction: direction), unit: .line)]
            }
        case .tab(let forward):
            return cursor.moveToFocusable(forward: forward).map { [.tabTo(object: $0.object)] } ?? []
        case .press:
            guard let item = cursor.current else { return [] }
            if item.kinds.contains(.textField) {
                focusModeIsAutomatic = true
                mode = .focus
                return [.focus(object: item.object), .say(words[.focusMode], unit: .word)]
            }
            return (item.kinds.contains(.focusable) ? [.focus(object: item.object)] : []) + [.activate(object: item.object)]
        }
    }

    /// Two sentences said as one line: "Browse mode. Name: hi. Text Field." (a period after the
    /// first unless it ends a sentence or a label already).
    private func sentences(_ first: String, _ second: String) -> String {
        guard !first.isEmpty else { return second }
        let stop = first.hasSuffix(words[.period]) || first.last.map({ ".?!:".contains($0) }) == true ? "" : words[.period]
        return first + stop + words[.space] + second
    }

    /// A line of items: one item is said as itself (with its hint), more as one line of text.
    /// With `fresh`, an item that is the focus is said as the focus is now (a check box the
    /// page checked since the tree was read says so).
    private func said(_ line: ArraySlice<ReviewItem>, from: ReviewItem? = nil, fresh: Bool = false) -> [ReviewAction] {
        func now(_ item: ReviewItem) -> ReviewItem {
            guard fresh, let focused, item.element.id == focused.object else { return item }
            var item = item
            item.reading.element = focused.element
            return item
        }
        if line.count == 1, let item = line.first.map(now) {
            return [.speak(from.map { Self.said(item, from: $0, lists: inPage) } ?? Self.said(item))]
        }
        // More than one: the containers left and entered on the way are said with the first
        // ("Personal Information. Region. Name: Name:. Text Field.").
        let said = line.enumerated().map { index, item in
            let item = now(item)
            guard index == 0, let from else { return composer.compose(item.reading).description }
            return composer.compose(Self.said(item, from: from, lists: inPage)).description
        }
        return [.say(said.joined(separator: words[.space]), unit: .line)]
    }

    /// A cell moved to: its column's header when the column changed (its row's when the row
    /// did) and differs from the last, what is in it, and where it is: "Price. 3 euros. Column 2
    /// of 3." An empty cell says the table's word for blank.
    private func cellWords(_ item: ReviewItem, from: TableCell, direction: ReviewCursor.CellDirection) -> String {
        guard let cell = item.cell else { return "" }
        let across = direction == .left || direction == .right
        var headers: [String] = []
        if across, !cell.isHeader, let header = cell.columnHeader, header != from.columnHeader { headers.append(header) }
        if !across, !cell.isHeader, let header = cell.rowHeader, header != from.rowHeader { headers.append(header) }
        let inside = cursor.items.filter { $0.cell == cell }.map { composer.compose($0.reading).description }
        return composer.cell(inside.isEmpty ? words[.blank] : inside.joined(separator: words[.space]), headers: headers,
                             row: across ? nil : cell.row, rows: cell.rows, column: across ? cell.column : nil, columns: cell.columns)
    }

    /// The window's title as a window is said ("Save changes? Dialog.").
    private func titleWords(_ window: (title: String, role: WindowRole)) -> String {
        composer.composeWindow(title: window.title, role: window.role, language: nil).description
    }

    private mutating func switchMode(to new: ReviewMode) -> [ReviewAction] {
        guard mode != .desktop, mode != new else { return [] }
        mode = new
        focusModeIsAutomatic = false
        return [.say(words[new == .focus ? .focusMode : .browseMode], unit: .word)]
    }

    private mutating func move(_ filter: ReviewFilter, forward: Bool) -> [ReviewAction] {
        let from = cursor.current
        guard let item = cursor.move(filter, forward: forward) else {
            return [.say(Self.noMore(filter, forward: forward, words), unit: .word)]
        }
        return [.speak(Self.said(item, from: from, lists: inPage))]
    }

    /// The element as it is said: with the position words its container gave it.
    static func said(_ item: ReviewItem) -> Element {
        var element = item.element
        element.context = item.reading.context
        return element
    }

    /// The same, moved to from `from`: the containers left on the way ("Out of Radio Group.")
    /// and those entered (a group's name, a table) are said first; not a container's name that
    /// the item itself says (a table's caption). In a web page (`lists`) a list is too, as NVDA's
    /// browse mode says it: entered with its size ("List. 4 items.", in place of its first
    /// item's "List Start."), and left ("Out of List."); elsewhere its items' position words
    /// say it ("List Start.", "List End.").
    static func said(_ item: ReviewItem, from: ReviewItem?, lists: Bool = false) -> Element {
        var element = said(item)
        // A list left too, in a web page, whether or not its last item's "List End." was heard
        // (a quick key leaves from anywhere in it).
        element.left = EnteredContainer.left(from: from?.containers ?? [], to: item.containers, lists: lists)
        element.entered = EnteredContainer.entered(from: from?.containers ?? [], to: item.containers).compactMap { container in
            // In a web page a list entered says so with its size ("List. 4 items."), as NVDA
            // says it, in place of its first item's "List Start.".
            guard container.kind != .list || lists else { return nil }
            var container = container
            if container.label == element.label { container.label = nil }
            return container
        }
        if element.entered.contains(where: { $0.kind == .list }), case .listStart? = element.context { element.context = nil }
        // A table's cell reached from outside the table (T, an arrow into it) says where in the
        // table it is, after its column's and row's headers, as NVDA says the cell a table is
        // entered at: "Balance. $995,532.00. Row 7 of 7. Column 5 of 5."
        if let cell = item.cell, from?.cell?.table != cell.table {
            let headers = cell.isHeader ? [] : [cell.columnHeader, cell.rowHeader].compactMap { $0 }.filter { $0 != element.label }
            element.context = .cell(headers: headers, row: cell.row, rows: cell.rows, column: cell.column, columns: cell.columns)
        }
        return element
    }

    static func rotorWord(_ filter: ReviewFilter) -> LocaleWords.Word {
        switch filter {
        case .item: .rotorItems
        case .heading: .rotorHeadings
        case .link: .rotorLinks
        case .formField, .button, .checkBox, .radioButton, .editField, .comboBox: .rotorFormFields
        case .unvisitedLink: .rotorLinks
        case .landmark, .list, .listItem: .rotorLandmarks
        case .graphic: .rotorItems
        case .table: .rotorTables
        }
    }

    /// "No next heading", "No previous link", "No next heading at level 2".
    static func noMore(_ filter: ReviewFilter, forward: Bool, _ words: LocaleWords) -> String {
        if case .heading(let level?) = filter {
            return words[forward ? .noNextHeadingLevel : .noPreviousHeadingLevel].replacing("{level}", with: words.formatNumber(level))
        }
        let pair: (LocaleWords.Word, LocaleWords.Word) = switch filter {
        case .item: (.noNextItem, .noPreviousItem)
        case .heading: (.noNextHeading, .noPreviousHeading)
        case .link: (.noNextLink, .noPreviousLink)
        case .formField: (.noNextFormField, .noPreviousFormField)
        case .button: (.noNextButton, .noPreviousButton)
        case .landmark: (.noNextLandmark, .noPreviousLandmark)
        case .table: (.noNextTable, .noPreviousTable)
        case .list: (.noNextList, .noPreviousList)
        case .listItem: (.noNextListItem, .noPreviousListItem)
        case .graphic: (.noNextGraphic, .noPreviousGraphic)
        case .checkBox: (.noNextCheckBox, .noPreviousCheckBox)
        case .radioButton: (.noNextRadioButton, .noPreviousRadioButton)
        case .editField: (.noNextEditField, .noPreviousEditField)
        case .comboBox: (.noNextComboBox, .noPreviousComboBox)
        case .unvisitedLink: (.noNextUnvisitedLink, .noPreviousUnvisitedLink)
        }
        return words[forward ? pair.0 : pair.1]
    }
}
