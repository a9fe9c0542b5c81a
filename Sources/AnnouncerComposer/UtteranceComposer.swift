import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings

/// Turns an element into the words VoiceOver says for it (docs/design.md §3): label, value, selected,
/// trait words, position words, and the hints VoiceOver adds. Pure and cheap: no I/O, no
/// allocation beyond the strings it returns.
public struct UtteranceComposer: Sendable {
    public var catalog: LocaleCatalog
    /// The user's locale: every word Announcer adds is its (an element's own language is only
    /// its text's voice).
    public var locale: String
    public var hintStyle: HintStyle
    /// How much is said (`hints`, `positions`, `traits` in announcer.conf).
    public var verbosity: Verbosity

    /// The parts of what is said that a listener may turn off: a focus's hint (its only text,
    /// where it has no other, is still said), and its position words.
    public struct Verbosity: Sendable, Equatable {
        public var hints: Bool
        public var positions: Bool
        /// Whether what a control is ("Button.", "Text Field.") is said; its state ("Checked.",
        /// "Required.", "Dimmed.") always is (`traits = brief` says states only).
        public var roles: Bool

        public init(hints: Bool = true, positions: Bool = true, roles: Bool = true) {
            self.hints = hints
            self.positions = positions
            self.roles = roles
        }

        public init(_ configuration: Configuration) {
            self.init(hints: configuration.hints, positions: configuration.positions, roles: configuration.traits == .full)
        }
    }

    /// The words that say what a control is, left out with `traits = brief`.
    static let roleWords: [LocaleWords.Word] = [
        .button, .popUpButton, .comboBox, .checkBox, .radioButton, .toggleButton, .menuButton, .menuItem, .radioMenuItem, .checkMenuItem,
        .backButton, .switchButton, .tab, .textField, .secureTextField, .header, .link, .slider, .spinButton, .adjustable, .image, .searchField, .meter,
    ]

    public init(catalog: LocaleCatalog, locale: String = LocaleCatalog.reference, hintStyle: HintStyle = .touch, verbosity: Verbosity = Verbosity()) {
        self.catalog = catalog
        self.locale = locale
        self.hintStyle = hintStyle
        self.verbosity = verbosity
    }

    /// An element on its own, with its own `context`.
    public func compose(_ element: Element) -> Utterance {
        compose(element, context: element.context)
    }

    /// One stop of a tree's reading order, with the position words its container gave it.
    public func compose(_ item: ReadingItem) -> Utterance {
        compose(item.element, context: item.context)
    }

    /// The user's words: the locale's table (English when there is none for it).
    public var words: LocaleWords { catalog.words(for: nil, configured: locale) }

    /// The language an element's own text is said in, when it is not the locale's (nil: the
    /// user's voice says it): "fr" on an English desktop, nil for "en-GB" there.
    public func ownLanguage(_ language: String?) -> String? {
        guard let language, let tag = LanguageTag(language), let user = LanguageTag(words.tag) else { return nil }
        // A tag the locale's table answers to (zh-CN for zh-Hans) is the locale's language.
        if catalog.table(for: language)?.tag == words.tag || tag.primary == user.primary { return nil }
        return tag.description
    }

    public func compose(_ element: Element, context: ElementContext?) -> Utterance {
        let words = self.words
        let own = ownLanguage(element.language)
        let traits = element.traits
        let period = words[.period]
        let space = words[.space]

        // 1–3: label (a back button's "Back" is dropped), value, selected. The element's own
        // text is kept apart from Announcer's words: it may be in another language.
        var label = element.label ?? ""
        if traits.contains(.backButton), label.lowercased() == words[.back].lowercased() {
            label = ""
        }
        // A stretch of the label in another language: its own voice (none when it is the user's).
        var pieces = label == (element.label ?? "") && !element.labelLanguages.isEmpty
            ? LanguageSpan.pieces(of: label, spans: element.labelLanguages, language: own).map { ($0.text, $0.language == own ? own : ownLanguage($0.language)) }
            : [(label, own)]
        if let value = element.value.nonEmpty, traits.isDisjoint(with: Self.toggles) {
            pieces = label.isEmpty ? [(value, own)] : pieces + [(": ", nil), (value, own)]
        }
        var (text, spans) = LanguageSpan.spans(of: pieces)
        if traits.contains(.selected) {
            if text.isEmpty {
                text = words[.selected]
            } else {
                let template = words[.selectedFormat]
                let before = template.firstRange(of: "{text}").map { template[..<$0.lowerBound].count } ?? 0
                text = words.selected(text)
                spans = LanguageSpan.shifted(spans, by: before)
            }
        }

        // 4: trait words in VoiceOver's order (brief: the states alone).
        var traitWords = Self.traitWords(traits, value: element.value, context: context, words: words)
        if !verbosity.roles {
            let roles = Set(Self.roleWords.map { words[$0] })
            traitWords.removeAll { roles.contains($0) }
        }

        // 5: with no text yet, the hint is spoken as the description instead.
        var hint = element.hint.nonEmpty
        if text.isEmpty {
            text = hint ?? ""
            hint = nil
            spans = LanguageSpan.spans(of: [(text, own)]).spans
        }

        // 6: text, a period, the trait words.
        if !traitWords.isEmpty {
            let joined = traitWords.joined(separator: space)
            text = text.isEmpty ? joined : text + (words.endsSentence(text) ? "" : period) + space + joined
        }
        // An adjustable element's bounds, after what it is: "Red: 128. Slider. 0 to 255."
        if let range = element.range {
            let bounds = words.valueRange(range)
            text = text.isEmpty ? bounds : text + (words.endsSentence(text) ? "" : period) + space + bounds
        }
        // A text field's selected text, after what it is: typing will replace it.
        if let selected = element.selectedText.nonEmpty {
            let said = selected == element.value ? words[.selected] : words.selected(selected)
            text = text.isEmpty ? said : text + (words.endsSentence(text) ? "" : period) + space + said
        }

        // 7: position words.
        if let context, verbosity.positions {
            switch context {
            case .series(let index, let count), .tab(let index, let count):
                let position = words.position(index: index, count: count)
                text = text.isEmpty ? position : text + space + position
            case .listStart, .listEnd, .landmarkStart, .landmarkEnd:
                let word = words[Self.positionWord(context)]
                text = text.isEmpty ? word : text + (words.endsSentence(text) ? "" : period) + space + word
            case .cell(_, let row, let rows, let column, let columns):
                text = cell(text, headers: [], row: row, rows: rows, column: column, columns: columns)
            }
        }
        // A cell's headers, before what it holds (the page's words, in its language).
        if case .cell(let headers, _, _, _, _)? = context, !headers.isEmpty {
            var said = cell("", headers: headers, row: nil, rows: 1, column: nil, columns: 1)
            if !text.isEmpty, !words.endsSentence(said) { said += period }
            spans = LanguageSpan.shifted(spans, by: said.count + space.count) + LanguageSpan.spans(of: [(said, own)]).spans
            text = text.isEmpty ? said : said + space + text
        }

        // The containers the focus entered, outermost first, before all of it.
        if !element.entered.isEmpty {
            var enteredPieces: [(text: String, language: String?)] = []
            for container in element.entered {
                if !enteredPieces.isEmpty { enteredPieces.append((space, nil)) }
                let kind = words[Self.containerWord(container.kind)]
                if let label = container.label.nonEmpty {
                    enteredPieces += [(label, own), ((words.endsSentence(label) ? "" : period) + space + kind, nil)]
                } else {
                    enteredPieces.append((kind, nil))
                }
                // A list's size, after its kind: "List. 4 items."
                if let count = container.count { enteredPieces.append((space + words.items(count), nil)) }
                // A table's size: "Grid. 7 rows. 5 columns."
                if let rows = container.rows, let columns = container.columns {
                    enteredPieces.append((space + words.tableSize(rows: rows, columns: columns), nil))
                }
                // Its description, a sentence of the page's own after its kind.
                if let description = container.description.nonEmpty, description != container.label {
                    enteredPieces += [(space, nil), (description, own)]
                    if !words.endsSentence(description) { enteredPieces.append((period, nil)) }
                }
            }
            let entered = LanguageSpan.spans(of: enteredPieces)
            if !text.isEmpty { spans = LanguageSpan.shifted(spans, by: entered.text.count + space.count) }
            spans = entered.spans + spans
            text = text.isEmpty ? entered.text : entered.text + space + text
        }
        // A popup its control just opened, said as the control's change: "Expanded." first.
        if element.opened {
            let opened = words[.expandedState]
            if !text.isEmpty { spans = LanguageSpan.shifted(spans, by: opened.count + space.count) }
            text = text.isEmpty ? opened : opened + space + text
        }
        // The containers left, innermost first, before those entered: "Out of Radio Group."
        if !element.left.isEmpty {
            let left = element.left.map { container in
                var kind = words[Self.containerWord(container.kind)]
                if kind.hasSuffix(period) { kind.removeLast(period.count) }
                // A landmark or region left says its name too, as a page may have several of a
                // kind: "Out of Landmarks Complementary landmark."; another container its kind.
                if container.kind.isLandmark, let label = container.label.nonEmpty { kind = label + space + kind }
                return words[.leftContainer].replacing("{container}", with: kind)
            }.joined(separator: space)
            if !text.isEmpty { spans = LanguageSpan.shifted(spans, by: left.count + space.count) }
            text = text.isEmpty ? left : left + space + text
        }

        // 8: the hints VoiceOver synthesizes, after the element's own.
        let ownHint = hint
        hint = verbosity.hints ? synthesizedHint(element, hint: hint, words: words) : nil
        var hintSpans: [LanguageSpan] = []
        if let own, var ownHint, let hint {
            if !hint.hasPrefix(ownHint), ownHint.hasSuffix(period) { ownHint.removeLast(period.count) }
            if hint.hasPrefix(ownHint) { hintSpans = LanguageSpan.spans(of: [(ownHint, own)]).spans }
        }
        return Utterance(description: text, hint: hint, spans: spans, hintSpans: hintSpans)
    }

    private static func traitWords(_ traits: Traits, value: String?, context: ElementContext?, words: LocaleWords) -> [String] {
        traitWords(traits, value: value, context: context) { words[$0] }
    }

    /// The trait words in VoiceOver's order: the one rule for which words an element's traits
    /// and state bring, with `word` giving each word in speech's form (the locale's words) or
    /// braille's (`BrailleComposer`; nil leaves a word out).
    package static func traitWords(_ traits: Traits, value: String?, context: ElementContext?, word: (LocaleWords.Word) -> String?) -> [String] {
        var result: [String] = []
        func append(_ text: String?) { if let text { result.append(text) } }
        var isTabContext = false
        if case .tab = context { isTabContext = true }

        if traits.contains(.notEnabled) { append(word(.notEnabled)) }
        if traits.contains(.comboBox) {
            // A combo box: what it is, whether it is typed in, whether it completes what is typed.
            append(word(.comboBox))
            if traits.contains(.editable) { append(word(.editable)) }
            if traits.contains(.autocomplete) { append(word(.autocomplete)) }
        } else if traits.contains(.popUpButton) {
            append(word(.popUpButton))
        } else if traits.contains(.button), traits.isDisjoint(with: Self.buttonsOfTheirOwn), !isTabContext {
            append(word(.button))
        }
        // A check box, radio button or toggle button: what it is (named, as a switch is, only when
        // it is also a button), then its state from the value.
        let named = traits.contains(.button)
        // A menu's check box or radio button is a menu item of that kind ("Radio Menu Item.").
        let inMenu = traits.contains(.menuItem)
        if traits.contains(.checkBox) {
            if named { append(word(inMenu ? .checkMenuItem : .checkBox)) }
            append(state(value, on: .checked, off: .notChecked, word))
        } else if traits.contains(.radioButton) {
            if named { append(word(inMenu ? .radioMenuItem : .radioButton)) }
            append(state(value, on: .checked, off: .notChecked, word))
        } else if traits.contains(.toggleButton) {
            if named { append(word(.toggleButton)) }
            append(state(value, on: .pressed, off: .notPressed, word))
        }
        if traits.contains(.menuButton), !traits.contains(.popUpButton), !traits.contains(.comboBox) { append(word(.menuButton)) }
        if inMenu, traits.isDisjoint(with: [.checkBox, .radioButton]) { append(word(.menuItem)) }
        if traits.contains(.backButton) { append(word(.backButton)) }
        if traits.contains(.switchButton) {
            // VoiceOver names the switch only when the element is also a button.
            if traits.contains(.button) { append(word(.switchButton)) }
            switch value {
            case "1": append(word(.switchOn))
            case "0": append(word(.switchOff))
            case "2": append(word(.switchMixed))
            case let other?: if !other.isEmpty { result.append(other) }
            case nil: break
            }
        }
        if traits.contains(.tabBarItem) || isTabContext { append(word(.tab)) }
        if traits.contains(.textEntry) {
            append(word(traits.contains(.secureTextField) ? .secureTextField : .textField))
            if traits.contains(.isEditing) { append(word(.isEditing)) }
        }
        if traits.contains(.header) { append(word(.header)) }
        if traits.contains(.link) {
            if traits.contains(.visited) { append(word(.visited)) }
            append(word(.link))
        }
        // What an adjustable element is: a slider, a spin button, else VoiceOver's "Adjustable."
        if traits.contains(.slider) {
            append(word(.slider))
        } else if traits.contains(.spinButton) {
            append(word(.spinButton))
        } else if traits.contains(.adjustable) {
            append(word(.adjustable))
        }
        if traits.contains(.meter) { append(word(.meter)) }
        // Which way it moves: "Slider. Horizontal.".
        if traits.contains(.horizontal) {
            append(word(.horizontal))
        } else if traits.contains(.vertical) {
            append(word(.vertical))
        }
        // One that can be typed in (a spin button), after what it is; a combo box said it above.
        if traits.contains(.editable), !traits.contains(.comboBox) { append(word(.editable)) }
        // Whether it shows more, after what it is: "FAQ 1. Button. Collapsed."
        if traits.contains(.expanded) {
            append(word(.expandedState))
        } else if traits.contains(.collapsed) {
            append(word(.collapsedState))
        }
        if traits.contains(.notSelected) { append(word(.notSelected)) }
        if traits.contains(.image) { append(word(.image)) }
        if traits.contains(.searchField) { append(word(.searchField)) }
        // Which of a set is the current one: "Overview. Link. Current page."
        for (trait, said) in Self.currentWords where traits.contains(trait) { append(word(said)) }
        // A form field's own state, after what it is: "Email. Text Field. Required."
        if traits.contains(.required) { append(word(.required)) }
        if traits.contains(.invalid) { append(word(.invalid)) }
        return result
    }

    /// The `aria-current` traits and their words.
    static let currentWords: [(Trait, LocaleWords.Word)] = [
        (.currentPage, .currentPage), (.currentStep, .currentStep), (.currentLocation, .currentLocation),
        (.currentDate, .currentDate), (.currentTime, .currentTime), (.current, .current),
    ]

    /// The traits whose state is their value, said in words of their own rather than as a value.
    package static let toggles: Traits = [.switchButton, .checkBox, .radioButton, .toggleButton]
    /// The buttons that say what they are instead of "Button.".
    static let buttonsOfTheirOwn: Traits = [.keyboardKey, .switchButton, .tabBarItem, .backButton, .checkBox, .radioButton,
                                            .toggleButton, .menuButton, .menuItem]

    /// A toggle's state: 1 is `on`, 0 `off`, 2 mixed; any other value is said as it is.
    private static func state(_ value: String?, on: LocaleWords.Word, off: LocaleWords.Word, _ word: (LocaleWords.Word) -> String?) -> String? {
        switch value {
        case "1": word(on)
        case "0": word(off)
        case "2": word(.mixed)
        case let other?: other.isEmpty ? nil : other
        case nil: nil
        }
    }

    static func containerWord(_ kind: EnteredContainer.Kind) -> LocaleWords.Word {
        switch kind {
        case .group: .groupContainer
        case .radioGroup: .radioGroupContainer
        case .list: .listContainer
        case .table: .tableContainer
        case .grid: .gridContainer
        case .tree: .treeContainer
        case .dialog: .dialogContainer
        case .toolbar: .toolbarContainer
        case .tabList: .tabListContainer
        case .tabPanel: .tabPanelContainer
        case .menu: .menuContainer
        case .menuBar: .menuBarContainer
        case .region: .regionContainer
        case .banner: .bannerContainer
        case .navigation: .navigationContainer
        case .main: .mainContainer
        case .contentInfo: .contentInfoContainer
        case .complementary: .complementaryContainer
        case .search: .searchContainer
        case .form: .formContainer
        }
    }

    /// A table cell's words around what it holds (`text`): its headers before it, then its row
    /// and its column, each when given: "Date. 2 May. Row 2 of 4. Column 1 of 3." (the focus
    /// on a grid's cell, and the review's moves by cell, say a cell by this one rule).
    public func cell(_ text: String, headers: [String], row: Int?, rows: Int, column: Int?, columns: Int) -> String {
        let words = self.words
        var parts = headers.filter { !$0.isEmpty } + (text.isEmpty ? [] : [text])
        if let row { parts.append(words.tablePlace(.tableRow, index: row, count: rows)) }
        if let column { parts.append(words.tablePlace(.tableColumn, index: column, count: columns)) }
        return parts.enumerated().map { index, part in
            index < parts.count - 1 && !words.endsSentence(part) ? part + words[.period] : part
        }.joined(separator: words[.space])
    }

    private static func positionWord(_ context: ElementContext) -> LocaleWords.Word {
        switch context {
        case .listStart: .listStart
        case .listEnd: .listEnd
        case .landmarkStart: .landmarkStart
        default: .landmarkEnd
        }
    }

    private func synthesizedHint(_ element: Element, hint: String?, words: LocaleWords) -> String? {
        let traits = element.traits
        let keyboard = hintStyle == .keyboard
        var hint = hint
        // "Hint" + "Extra." → "Hint. Extra."
        func appending(_ extra: String) -> String {
            guard var existing = hint.nonEmpty else { return extra }
            if existing.hasSuffix(words[.period]) { existing.removeLast(words[.period].count) }
            return existing + words[.period] + words[.space] + extra
        }
        let enabled = !traits.contains(.notEnabled)
        if !traits.isDisjoint(with: [.switchButton, .checkBox, .toggleButton]), enabled {
            hint = appending(words[keyboard ? .keyboardSwitchHint : .touchSwitchHint])
        }
        if traits.contains(.textEntry), enabled {
            let word: LocaleWords.Word =
                if traits.contains(.isEditing) { keyboard ? .keyboardEditingHint : .touchEditingHint }
                else if traits.contains(.textArea) { keyboard ? .keyboardEditAreaHint : .touchEditAreaHint }
                else { keyboard ? .keyboardEditHint : .touchEditHint }
            hint = words[word]
        }
        let hintOnly = element.hint.isNonEmpty && !element.label.isNonEmpty && !element.value.isNonEmpty
        if traits.contains(.adjustable), enabled, !traits.contains(.switchButton), !hintOnly {
            hint = appending(words[keyboard ? .keyboardAdjustHint : .touchAdjustHint])
        }
        return hint
    }
}
