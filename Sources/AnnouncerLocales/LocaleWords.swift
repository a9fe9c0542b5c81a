import AnnouncerElements
import AnnouncerSupport

/// One locale's words for the composer, read from a table in `config/locales/`.
public struct LocaleWords: Sendable, Equatable {
    /// Every key a table must define. Templates use `{text}`, `{index}`, `{count}`.
    public enum Word: String, CaseIterable, Sendable {
        case back = "back"
        case selected = "selected"
        case selectedFormat = "selected-format"
        case notEnabled = "trait.notEnabled"
        case button = "trait.button"
        case backButton = "trait.backButton"
        case switchButton = "trait.switchButton"
        case switchOn = "switch.on"
        case switchOff = "switch.off"
        case switchMixed = "switch.mixed"
        case checkBox = "trait.checkBox"
        case radioButton = "trait.radioButton"
        case toggleButton = "trait.toggleButton"
        case menuButton = "trait.menuButton"
        case checked = "state.checked"
        case notChecked = "state.notChecked"
        case notSelected = "state.notSelected"
        case mixed = "state.mixed"
        case pressed = "state.pressed"
        case notPressed = "state.notPressed"
        case expandedState = "state.expanded"
        case collapsedState = "state.collapsed"
        case tableRow = "table.row"
        case tableColumn = "table.column"
        case tableEdge = "table.edge"
        case notInTable = "table.none"
        case groupContainer = "container.group"
        case radioGroupContainer = "container.radioGroup"
        case listContainer = "container.list"
        case tableContainer = "container.table"
        case gridContainer = "container.grid"
        case treeContainer = "container.tree"
        case dialogContainer = "container.dialog"
        case toolbarContainer = "container.toolbar"
        case tabListContainer = "container.tabList"
        case tabPanelContainer = "container.tabPanel"
        case menuContainer = "container.menu"
        case menuBarContainer = "container.menuBar"
        case regionContainer = "container.region"
        case bannerContainer = "container.banner"
        case navigationContainer = "container.navigation"
        case mainContainer = "container.main"
        case contentInfoContainer = "container.contentInfo"
        case complementaryContainer = "container.complementary"
        case searchContainer = "container.search"
        case formContainer = "container.form"
        case leftContainer = "container.left"
        case tab = "trait.tab"
        case textField = "trait.textField"
        case secureTextField = "trait.secureTextField"
        case isEditing = "trait.isEditing"
        case header = "trait.header"
        case link = "trait.link"
        case adjustable = "trait.adjustable"
        case slider = "trait.slider"
        case spinButton = "trait.spinButton"
        case menuItem = "trait.menuItem"
        case radioMenuItem = "trait.radioMenuItem"
        case checkMenuItem = "trait.checkMenuItem"
        case image = "trait.image"
        case searchField = "trait.searchField"
        case popUpButton = "trait.popUpButton"
        case comboBox = "trait.comboBox"
        case editable = "trait.editable"
        case autocomplete = "trait.autocomplete"
        case horizontal = "trait.horizontal"
        case vertical = "trait.vertical"
        case meter = "trait.meter"
        case visited = "trait.visited"
        case required = "trait.required"
        case invalid = "trait.invalid"
        case currentPage = "trait.currentPage"
        case currentStep = "trait.currentStep"
        case currentLocation = "trait.currentLocation"
        case currentDate = "trait.currentDate"
        case currentTime = "trait.currentTime"
        case current = "trait.current"
        case dialogWindow = "window.dialog"
        case documentWindow = "window.document"
        case series = "position.series"
        case listStart = "position.listStart"
        /// A list's size as it is entered ("4 items."), after its kind.
        case items = "position.items"
        /// A table's size as it is entered ("7 rows.", "5 columns."), after its kind.
        case rows = "position.rows"
        case columns = "position.columns"
        case listEnd = "position.listEnd"
        case landmarkStart = "position.landmarkStart"
        case landmarkEnd = "position.landmarkEnd"
        case touchSwitchHint = "hint.touch.switch"
        case touchEditHint = "hint.touch.edit"
        case touchEditingHint = "hint.touch.editing"
        case touchEditAreaHint = "hint.touch.editArea"
        case touchAdjustHint = "hint.touch.adjust"
        case keyboardSwitchHint = "hint.keyboard.switch"
        case keyboardEditHint = "hint.keyboard.edit"
        case keyboardEditingHint = "hint.keyboard.editing"
        case keyboardEditAreaHint = "hint.keyboard.editArea"
        case keyboardAdjustHint = "hint.keyboard.adjust"
        case period = "sentence.period"
        case space = "sentence.space"
        case groupSeparator = "number.group-separator"
        case grouping = "number.grouping"
        case listSeparator = "list.separator"
        case noActions = "focus.noActions"
        case menuClosed = "focus.menuClosed"
        case findStarted = "focus.find"
        case noMatch = "focus.noMatch"
        case findCancelled = "focus.findCancelled"
        case shortcuts = "focus.shortcuts"
        case noShortcuts = "focus.noShortcuts"
        case help = "focus.help"
        case nothingFocused = "focus.nothingFocused"
        case headingLevel = "value.level"
        case valueRange = "value.range"
        case expanded = "value.expanded"
        case collapsed = "value.collapsed"
        case controlKey = "key.control"
        case spaceCharacter = "char.space"
        case newLine = "char.newLine"
        case tabCharacter = "char.tab"
        case blank = "terminal.blank"
        case exited = "terminal.exited"
        case moreLines = "terminal.moreLines"
        case rotorItems = "review.rotor.items"
        case rotorHeadings = "review.rotor.headings"
        case rotorLinks = "review.rotor.links"
        case rotorFormFields = "review.rotor.formFields"
        case rotorLandmarks = "review.rotor.landmarks"
        case rotorTables = "review.rotor.tables"
        case noNextItem = "review.none.next.item"
        case noPreviousItem = "review.none.previous.item"
        case noNextHeading = "review.none.next.heading"
        case noPreviousHeading = "review.none.previous.heading"
        case noNextHeadingLevel = "review.none.next.headingLevel"
        case noPreviousHeadingLevel = "review.none.previous.headingLevel"
        case noNextLink = "review.none.next.link"
        case noPreviousLink = "review.none.previous.link"
        case noNextFormField = "review.none.next.formField"
        case noPreviousFormField = "review.none.previous.formField"
        case noNextButton = "review.none.next.button"
        case noPreviousButton = "review.none.previous.button"
        case noNextLandmark = "review.none.next.landmark"
        case noPreviousLandmark = "review.none.previous.landmark"
        case noNextTable = "review.none.next.table"
        case noPreviousTable = "review.none.previous.table"
        case noNextList = "review.none.next.list"
        case notInContainer = "review.none.container"
        case noPreviousList = "review.none.previous.list"
        case noNextListItem = "review.none.next.listItem"
        case noPreviousListItem = "review.none.previous.listItem"
        case noNextGraphic = "review.none.next.graphic"
        case noPreviousGraphic = "review.none.previous.graphic"
        case noNextCheckBox = "review.none.next.checkBox"
        case noPreviousCheckBox = "review.none.previous.checkBox"
        case noNextRadioButton = "review.none.next.radioButton"
        case noPreviousRadioButton = "review.none.previous.radioButton"
        case noNextEditField = "review.none.next.editField"
        case noPreviousEditField = "review.none.previous.editField"
        case noNextUnvisitedLink = "review.none.next.unvisitedLink"
        case noPreviousUnvisitedLink = "review.none.previous.unvisitedLink"
        case noNextComboBox = "review.none.next.comboBox"
        case noPreviousComboBox = "review.none.previous.comboBox"
        case noNextLine = "review.none.next.line"
        case noPreviousLine = "review.none.previous.line"
        case browseMode = "review.mode.browse"
        case focusMode = "review.mode.focus"
        case phoneticAlphabet = "spelling.phonetic"
        case percent = "value.percent"
        case copied = "clipboard.copied"
        case cutText = "clipboard.cut"
        case pasted = "clipboard.pasted"
        case selectedText = "selection.selected"
        case unselectedText = "selection.unselected"
        case noNotifications = "notification.none"
        case noOlderNotification = "notification.noOlder"
        case settingRate = "setting.rate"
        case settingPitch = "setting.pitch"
        case settingVolume = "setting.volume"
        case settingVoice = "setting.voice"
        case settingPunctuation = "setting.punctuation"
        case settingHints = "setting.hints"
        case settingPositions = "setting.positions"
        case settingTraits = "setting.traits"
        case traitsFull = "setting.traits.full"
        case traitsBrief = "setting.traits.brief"
        case settingTypingEcho = "setting.typingEcho"
        case settingLocale = "setting.locale"
        case localeName = "locale.name"
        case echoCharacters = "setting.typingEcho.characters"
        case echoWords = "setting.typingEcho.words"
        case echoBoth = "setting.typingEcho.both"
        case echoNone = "setting.typingEcho.none"
        case settingOn = "setting.on"
        case settingOff = "setting.off"
        case punctuationNone = "setting.punctuation.none"
        case punctuationSome = "setting.punctuation.some"
        case punctuationMost = "setting.punctuation.most"
        case punctuationAll = "setting.punctuation.all"

        // What a braille display shows, in braille's short forms.
        case brailleNotEnabled = "braille.trait.notEnabled"
        case brailleButton = "braille.trait.button"
        case brailleBackButton = "braille.trait.backButton"
        case brailleSwitchButton = "braille.trait.switchButton"
        case brailleCheckBox = "braille.trait.checkBox"
        case brailleRadioButton = "braille.trait.radioButton"
        case brailleToggleButton = "braille.trait.toggleButton"
        case brailleMenuButton = "braille.trait.menuButton"
        case brailleTab = "braille.trait.tab"
        case brailleTextField = "braille.trait.textField"
        case brailleSecureTextField = "braille.trait.secureTextField"
        case brailleSearchField = "braille.trait.searchField"
        case brailleHeader = "braille.trait.header"
        case brailleHeaderLevel = "braille.trait.headerLevel"
        case brailleLink = "braille.trait.link"
        case brailleVisited = "braille.trait.visited"
        case brailleAdjustable = "braille.trait.adjustable"
        case brailleSlider = "braille.trait.slider"
        case brailleSpinButton = "braille.trait.spinButton"
        case brailleMenuItem = "braille.trait.menuItem"
        case brailleImage = "braille.trait.image"
        case braillePopUpButton = "braille.trait.popUpButton"
        case brailleEditable = "braille.trait.editable"
        case brailleAutocomplete = "braille.trait.autocomplete"
        case brailleHorizontal = "braille.trait.horizontal"
        case brailleVertical = "braille.trait.vertical"
        case brailleMeter = "braille.trait.meter"
        case brailleRequired = "braille.trait.required"
        case brailleInvalid = "braille.trait.invalid"
        case brailleCurrentPage = "braille.trait.currentPage"
        case brailleCurrentStep = "braille.trait.currentStep"
        case brailleCurrentLocation = "braille.trait.currentLocation"
        case brailleCurrentDate = "braille.trait.currentDate"
        case brailleCurrentTime = "braille.trait.currentTime"
        case brailleCurrent = "braille.trait.current"
        case brailleSwitchOn = "braille.switch.on"
        case brailleSwitchOff = "braille.switch.off"
        case brailleChecked = "braille.state.checked"
        case brailleNotChecked = "braille.state.notChecked"
        case brailleNotSelected = "braille.state.notSelected"
        case brailleMixed = "braille.state.mixed"
        case braillePressed = "braille.state.pressed"
        case brailleNotPressed = "braille.state.notPressed"
        case brailleExpanded = "braille.state.expanded"
        case brailleCollapsed = "braille.state.collapsed"
        case braillePosition = "braille.position"

        var index: Int { Word.allCases.firstIndex(of: self)! }

        /// Words said with a count, which take a form for each plural category their language
        /// has (`terminal.moreLines.one`).
        public static let counted: [Word] = [.moreLines, .items, .rows, .columns]
    }

    /// Keys that are not words: the table's own tag and the other tags it answers to, and the
    /// language's braille tables.
    static let metadataKeys: Set<String> = ["locale", "aliases", "braille.table.uncontracted", "braille.table.contracted"]

    /// liblouis's tables for the language: uncontracted (every table has one) and contracted
    /// (where the language has one).
    public struct BrailleTables: Sendable, Equatable {
        public var uncontracted: String
        public var contracted: String?
        public init(uncontracted: String, contracted: String? = nil) {
            self.uncontracted = uncontracted
            self.contracted = contracted
        }
    }

    public let tag: String
    public let aliases: [String]
    public let brailleTables: BrailleTables
    private var words: [String]
    /// The forms of the counted words other than `other` (which is the word itself).
    private var plurals: [Word: [PluralCategory: String]]

    public subscript(word: Word) -> String { words[word.index] }

    /// Parses a complete table. `base`, when given, supplies every key the table leaves out
    /// (a user's override of a packaged table may change only some words).
    public init(file: KeyValueFile, base: LocaleWords? = nil) throws(ConfigError) {
        let (words, problems) = Self.checking(file, base: base, fallback: nil)
        if let first = problems.first { throw first }
        self = words!
    }

    /// Reads a table and reports every problem. With a `fallback` (English), a word the table
    /// lacks or gets wrong is taken from it, so that one bad word in a user's table costs that
    /// word, not the locale; without one, any problem leaves no table. An unknown word is
    /// reported and ignored.
    public static func checking(_ file: KeyValueFile, base: LocaleWords?, fallback: LocaleWords?) -> (LocaleWords?, [ConfigError]) {
        var problems: [ConfigError] = []
        var words: [String?] = base.map { $0.words.map { Optional($0) } } ?? Array(repeating: nil, count: Word.allCases.count)
        var tag = base?.tag
        var aliases = base?.aliases ?? []
        var uncontracted = base?.brailleTables.uncontracted
        var contracted = base?.brailleTables.contracted
        var plurals = base?.plurals ?? [:]
        var pluralLines: [Word: [PluralCategory: Int]] = [:]
        for entry in file.entries {
            switch entry.key {
            case "locale": tag = entry.value
            case "aliases":
                aliases = entry.value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            case "braille.table.uncontracted": uncontracted = entry.value
            case "braille.table.contracted": contracted = entry.value.isEmpty ? nil : entry.value
            default:
                if let word = Word(rawValue: entry.key) {
                    words[word.index] = entry.value
                } else if let (word, category) = pluralForm(entry.key) {
                    plurals[word, default: [:]][category] = entry.value
                    pluralLines[word, default: [:]][category] = entry.line
                } else {
                    problems.append(ConfigError(file: file.name, line: entry.line, "unknown word \"\(entry.key)\""))
                }
            }
        }
        guard let tag, !tag.isEmpty else {
            problems.append(ConfigError(file: file.name, "the table does not say which locale it is (`locale = …`)"))
            return (nil, problems)
        }
        let instead = fallback.map { "; \($0.tag)'s word is used instead" } ?? ""
        for word in Word.allCases where words[word.index] == nil {
            problems.append(ConfigError(file: file.name, "the table has no \"\(word.rawValue)\"\(instead)"))
            words[word.index] = fallback?.words[word.index]
        }
        // A table names its braille tables as it gives its words.
        if uncontracted?.isEmpty ?? true {
            problems.append(ConfigError(file: file.name, "the table has no \"braille.table.uncontracted\"\(instead)"))
            uncontracted = fallback?.brailleTables.uncontracted
            contracted = fallback?.brailleTables.contracted
        }
        // Each counted word has every form its language has, and no other; a form that is
        // wrong or missing is said with the word's `other` form.
        let language = LanguageTag(tag)?.primary ?? ""
        for word in Word.counted {
            let forms = PluralCategory.forms(of: language)
            for category in forms ?? [] where plurals[word]?[category] == nil {
                problems.append(ConfigError(file: file.name, "the table has no \"\(word.rawValue).\(category)\" (\(language) has that form)"
                                            + (fallback == nil ? "" : "; \"\(word.rawValue)\" is used instead")))
            }
            for (category, text) in plurals[word] ?? [:] {
                let line = pluralLines[word]?[category]
                if let forms, !forms.contains(category) {
                    problems.append(ConfigError(file: file.name, line: line, "\(language) has no \"\(category)\" form (\(word.rawValue).\(category))"))
                    plurals[word]?[category] = nil
                } else if let missing = word.placeholders(counted: category, language: language).first(where: { !text.contains($0) }) {
                    problems.append(ConfigError(file: file.name, line: line, "\(word.rawValue).\(category) must contain \(missing)"))
                    plurals[word]?[category] = nil
                }
            }
        }
        if let grouping = words[Word.grouping.index], Self.grouping(grouping) == nil {
            problems.append(ConfigError(file: file.name, line: file[Word.grouping.rawValue]?.line,
                                        "\(Word.grouping.rawValue) must be a group's size (3), or the first group's and the others' (3,2)\(instead)"))
            words[Word.grouping.index] = fallback?.words[Word.grouping.index] ?? "3"
        }
        let placeholders: [(Word, [String])] = [(.selectedFormat, ["{text}"]), (.series, ["{index}", "{count}"]), (.headingLevel, ["{level}"]),
                                                (.valueRange, ["{minimum}", "{maximum}"]), (.leftContainer, ["{container}"]),
                                                (.exited, ["{status}"]), (.moreLines, ["{text}", "{count}"]),
                                                (.items, ["{count}"]), (.rows, ["{count}"]), (.columns, ["{count}"]),
                                                (.noNextHeadingLevel, ["{level}"]), (.noPreviousHeadingLevel, ["{level}"]),
                                                (.brailleHeaderLevel, ["{level}"]), (.braillePosition, ["{index}", "{count}"])]
            + [(Word.percent, ["{value}"]), (.selectedText, ["{text}"]), (.unselectedText, ["{text}"]), (.cutText, ["{text}"]), (.pasted, ["{text}"])]
            + [Word.settingRate, .settingPitch, .settingVolume, .settingVoice, .settingPunctuation, .settingHints, .settingPositions, .settingTraits, .settingTypingEcho, .settingLocale].map { ($0, ["{value}"]) }
        if let alphabet = words[Word.phoneticAlphabet.index], alphabet.split(separator: " ").count != 26 {
            problems.append(ConfigError(file: file.name, line: file[Word.phoneticAlphabet.rawValue]?.line,
                                        "\(Word.phoneticAlphabet.rawValue) must be 26 words, a to z, separated by spaces\(instead)"))
            words[Word.phoneticAlphabet.index] = fallback?.words[Word.phoneticAlphabet.index]
        }
        for (word, needed) in placeholders {
            guard let text = words[word.index], !needed.allSatisfy({ text.contains($0) }) else { continue }
            problems.append(ConfigError(file: file.name, line: file[word.rawValue]?.line,
                                        "\(word.rawValue) must contain \(needed.joined(separator: " and "))\(instead)"))
            words[word.index] = fallback?.words[word.index]
        }
        guard fallback != nil || problems.isEmpty else { return (nil, problems) }
        return (LocaleWords(tag: tag, aliases: aliases, brailleTables: BrailleTables(uncontracted: uncontracted ?? "", contracted: contracted),
                            words: words.map { $0! }, plurals: plurals), problems)
    }

    private init(tag: String, aliases: [String], brailleTables: BrailleTables, words: [String], plurals: [Word: [PluralCategory: String]]) {
        self.tag = tag
        self.aliases = aliases
        self.brailleTables = brailleTables
        self.words = words
        self.plurals = plurals
    }

    /// The whole table as its file's entries (every key: the tag, aliases, braille tables, every
    /// word and every counted word's forms), which `LocaleWords(file:)` reads back as it is: a
    /// recording carries its tables this way.
    public var entries: [KeyValueFile.Entry] {
        var pairs: [(String, String)] = [("locale", tag), ("aliases", aliases.joined(separator: ", ")),
                                         ("braille.table.uncontracted", brailleTables.uncontracted)]
        if let contracted = brailleTables.contracted { pairs.append(("braille.table.contracted", contracted)) }
        pairs += Word.allCases.map { ($0.rawValue, words[$0.index]) }
        for word in Word.counted {
            for (category, text) in (plurals[word] ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                pairs.append(("\(word.rawValue).\(category.rawValue)", text))
            }
        }
        return pairs.enumerated().map { KeyValueFile.Entry(key: $1.0, value: $1.1, line: $0 + 1) }
    }

    /// A key naming a counted word's form ("terminal.moreLines.few"); `other` is the word's own key.
    private static func pluralForm(_ key: String) -> (Word, PluralCategory)? {
        guard let dot = key.lastIndex(of: "."), let word = Word(rawValue: String(key[..<dot])), Word.counted.contains(word),
              let category = PluralCategory(rawValue: String(key[key.index(after: dot)...])), category != .other else { return nil }
        return (word, category)
    }

    /// `number.grouping` read: the first group's size and the others' ("3,2" → (3, 2)).
    static func grouping(_ text: String) -> (first: Int, rest: Int)? {
        let sizes = text.split(separator: ",").map { Int($0.trimmingWhitespace()) }
        guard (1...2).contains(sizes.count), sizes.allSatisfy({ $0.map { (1...9).contains($0) } ?? false }) else { return nil }
        return (sizes[0]!, sizes.last!!)
    }

    /// `n` with the locale's digit grouping ("1,000" in en, "1.000" in de, "10,00,000" in hi).
    public func formatNumber(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        let separator = self[.groupSeparator]
        let (first, rest) = Self.grouping(self[.grouping]) ?? (3, 3)
        guard digits.count > first, !separator.isEmpty else { return (n < 0 ? "-" : "") + String(digits) }
        // Groups from the right: `first` digits, then `rest` at a time.
        var groups = [String(digits.suffix(first))]
        var end = digits.count - first
        while end > 0 {
            groups.insert(String(digits[max(0, end - rest)..<end]), at: 0)
            end -= rest
        }
        return (n < 0 ? "-" : "") + groups.joined(separator: separator)
    }

    /// Whether `text` already ends a sentence: in this locale's period, a question or
    /// exclamation mark ("Delete the file? Button."), or another script's full stop ("完成。" in
    /// an English sentence takes no "." after it).
    public func endsSentence(_ text: String) -> Bool {
        text.hasSuffix(self[.period]) || text.last.map { "?!。．！？।॥؟".contains($0) } == true
    }

    /// A counted word's form for `count` in this locale (the word itself is its `other` form).
    public func counted(_ word: Word, _ count: Int) -> String {
        let category = PluralCategory.of(count, in: LanguageTag(tag)?.primary ?? "")
        return plurals[word]?[category] ?? self[word]
    }

    /// A letter's word in the locale's spelling alphabet ("bravo" for b or B), nil for a
    /// character that is no letter from a to z.
    public func phonetic(_ character: Character) -> String? {
        guard let scalar = character.lowercased().unicodeScalars.first, character.lowercased().unicodeScalars.count == 1,
              ("a"..."z").contains(scalar) else { return nil }
        let alphabet = self[.phoneticAlphabet].split(separator: " ")
        return String(alphabet[Int(scalar.value - Unicode.Scalar("a").value)])
    }

    /// A part of a whole, as a progress bar's value is said ("40%").
    public func percent(_ value: Int) -> String {
        self[.percent].replacing("{value}", with: formatNumber(value))
    }

    /// "N of M." in this locale.
    public func position(index: Int, count: Int) -> String {
        self[.series]
            .replacing("{index}", with: formatNumber(index))
            .replacing("{count}", with: formatNumber(count))
    }

    /// A table cell's row or column among the table's ("Row 3 of 10.").
    public func tablePlace(_ word: Word, index: Int, count: Int) -> String {
        self[word]
            .replacing("{index}", with: formatNumber(index))
            .replacing("{count}", with: formatNumber(count))
    }

    /// A heading's level as its value ("level 2").
    public func headingLevel(_ level: Int) -> String {
        self[.headingLevel].replacing("{level}", with: formatNumber(level))
    }

    /// A slider's or spin button's range ("0 to 255."), its bounds as `ValueRange` writes them.
    public func valueRange(_ range: ValueRange) -> String {
        self[.valueRange].replacing("{minimum}", with: ValueRange.text(range.minimum)).replacing("{maximum}", with: ValueRange.text(range.maximum))
    }

    /// The terminal program's end ("exited 0").
    public func exited(status: Int32) -> String {
        self[.exited].replacing("{status}", with: String(status))
    }

    /// A list's size: "4 items.", "1 item.".
    public func items(_ count: Int) -> String {
        counted(.items, count).replacing("{count}", with: formatNumber(count))
    }

    /// A table's size: "7 rows. 5 columns.", "1 row. 1 column.".
    public func tableSize(rows: Int, columns: Int) -> String {
        counted(.rows, rows).replacing("{count}", with: formatNumber(rows)) + self[.space]
            + counted(.columns, columns).replacing("{count}", with: formatNumber(columns))
    }

    /// A flood of lines as its one line said and how many more ("make: done, 41 more lines").
    public func moreLines(_ text: String, count: Int) -> String {
        counted(.moreLines, count).replacing("{count}", with: formatNumber(count)).replacing("{text}", with: text)
    }

    package func selected(_ text: String) -> String {
        self[.selectedFormat].replacing("{text}", with: text)
    }
}

extension LocaleWords.Word {
    /// What a counted word's `category` form must contain: the text always, the count unless
    /// the form is for one number alone, which it may name ("una riga in più" is 1 alone in
    /// Italian; Russian's one is 1, 21, 31…, French's 0 and 1: they need it).
    func placeholders(counted category: PluralCategory, language: Substring) -> [String] {
        let own = self == .moreLines ? ["{text}"] : []
        return PluralCategory.isOneNumber(category, in: language) ? own : own + ["{count}"]
    }
}
