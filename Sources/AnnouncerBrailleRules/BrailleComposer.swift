import AnnouncerComposer
import AnnouncerElements
import AnnouncerLocales

/// What a braille display shows for elements (docs/design.md §20): label, value, state and trait
/// words in braille's short forms from the locale's table ("Play btn", "Remember me <x> chk"),
/// then the position ("2/5"). The trait words are the speech composer's rule
/// (`UtteranceComposer.traitWords`), each word in its braille form; a text field shows its
/// editable text last, so that the caret's cell is where its text is.
public struct BrailleComposer: Sendable {
    public var words: LocaleWords
    /// Whether the position is shown (`positions` in announcer.conf, as for speech).
    public var positions: Bool

    public init(words: LocaleWords, positions: Bool = true) {
        self.words = words
        self.positions = positions
    }

    /// The focus as one line: the element alone, or with the other elements of its group around
    /// it (`group`, in order, containing it), each routable.
    public func focusLine(_ element: Element, group: [ReadingItem] = [], caret: Int? = nil) -> BrailleLine {
        let members = group.contains { $0.element.id != nil && $0.element.id == element.id } ? group : [ReadingItem(element: element, context: element.context)]
        var text = ""
        var regions: [BrailleLine.Region] = []
        var lineCaret: Int?
        let separator = words[.space]
        for member in members {
            if !text.isEmpty { text += separator }
            let start = text.count
            let shown = describe(member.element, context: member.context)
            text += shown.text
            let isFocus = member.element.id == element.id
            regions.append(.init(range: start..<text.count, element: member.element.id, textStart: shown.textStart.map { start + $0 }))
            if isFocus, let textStart = shown.textStart {
                let length = text.count - (start + textStart)
                lineCaret = start + textStart + min(max(caret ?? element.caret ?? length, 0), length)
            }
        }
        return BrailleLine(kind: .focus, text: text, caret: lineCaret, regions: regions, focused: element.id)
    }

    /// An element's text on a display, and where its editable text starts when it has one.
    public func describe(_ element: Element, context: ElementContext?) -> (text: String, textStart: Int?) {
        let traits = element.traits
        let isText = traits.contains(.textEntry) || traits.contains(.searchField)
        var parts: [String] = []
        if let label = element.label, !label.isEmpty { parts.append(label) }
        // A heading's level is in its braille word ("h2"), not said again as its value.
        if !isText, element.headingLevel == nil, let value = element.value, !value.isEmpty, traits.isDisjoint(with: UtteranceComposer.toggles) {
            parts.append(value)
        }
        parts += UtteranceComposer.traitWords(traits, value: element.value, context: context) { brailleWord($0, element: element) }
        switch context {
        case .series(let index, let count)? where positions, .tab(let index, let count)? where positions:
            parts.append(words[.braillePosition].replacing("{index}", with: String(index)).replacing("{count}", with: String(count)))
        default: break
        }
        var text = parts.joined(separator: words[.space])
        guard isText else { return (text, nil) }
        // The field's own text last, after a space: the caret moves within it.
        if !text.isEmpty { text += words[.space] }
        let start = text.count
        text += traits.contains(.secureTextField) ? String(repeating: "*", count: (element.value ?? "").count) : element.value ?? ""
        return (text, start)
    }

    /// A speech word's braille form; nil for the words a display leaves out (VoiceOver's "Is
    /// editing.": the caret shows it).
    func brailleWord(_ word: LocaleWords.Word, element: Element) -> String? {
        guard let braille = Self.brailleForms[word] else { return nil }
        if braille == .brailleHeader, let level = element.headingLevel {
            return words[.brailleHeaderLevel].replacing("{level}", with: String(level))
        }
        return words[braille]
    }

    /// Each trait and state word of speech, and its braille form.
    static let brailleForms: [LocaleWords.Word: LocaleWords.Word] = [
        .notEnabled: .brailleNotEnabled, .button: .brailleButton, .backButton: .brailleBackButton, .switchButton: .brailleSwitchButton,
        .checkBox: .brailleCheckBox, .radioButton: .brailleRadioButton, .toggleButton: .brailleToggleButton, .menuButton: .brailleMenuButton,
        .tab: .brailleTab, .textField: .brailleTextField, .secureTextField: .brailleSecureTextField, .searchField: .brailleSearchField,
        .header: .brailleHeader, .link: .brailleLink, .visited: .brailleVisited, .adjustable: .brailleAdjustable, .slider: .brailleSlider,
        .spinButton: .brailleSpinButton, .menuItem: .brailleMenuItem, .image: .brailleImage, .popUpButton: .braillePopUpButton,
        .comboBox: .braillePopUpButton, .editable: .brailleEditable, .autocomplete: .brailleAutocomplete,
        .horizontal: .brailleHorizontal, .vertical: .brailleVertical, .meter: .brailleMeter,
        .required: .brailleRequired, .invalid: .brailleInvalid, .switchOn: .brailleSwitchOn, .switchOff: .brailleSwitchOff,
        .switchMixed: .brailleMixed, .checked: .brailleChecked, .notChecked: .brailleNotChecked, .notSelected: .brailleNotSelected, .mixed: .brailleMixed,
        .pressed: .braillePressed, .notPressed: .brailleNotPressed, .expandedState: .brailleExpanded, .collapsedState: .brailleCollapsed,
        .currentPage: .brailleCurrentPage, .currentStep: .brailleCurrentStep, .currentLocation: .brailleCurrentLocation,
        .currentDate: .brailleCurrentDate, .currentTime: .brailleCurrentTime, .current: .brailleCurrent,
    ]
}

extension Element {
    /// A heading's level, from its value ("2", or "level 2" as a web page's heading gives it).
    var headingLevel: Int? {
        guard traits.contains(.header), let value, let digits = value.split(separator: " ").last, let level = Int(digits), (1...9).contains(level) else { return nil }
        return level
    }
}
