import AnnouncerElements

/// What the desktop door reads of one accessible object (docs/design.md §12), with no AT-SPI type in it:
/// the bridge fills it from libatspi, the tests write it by hand.
public struct AccessibleSnapshot: Sendable, Equatable {
    /// Where it lives on the bus (application and object path): the same object, the same id.
    public var id: String
    /// AT-SPI's role name, as `atspi_accessible_get_role_name` gives it ("push button").
    public var role: String
    public var name: String
    public var description: String
    /// AT-SPI's state names that matter here: focused, sensitive, visible, checked,
    /// indeterminate, pressed, selected, expandable, expanded, editable, multi-line, required,
    /// invalid entry, visited, busy. Empty when they could not be read.
    public var states: Set<String>
    /// The Value interface: current, minimum and maximum, and its own text where it has one.
    public var value: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var valueText: String?
    /// The Text interface's whole text (entries).
    public var text: String?
    /// What an empty field shows instead of text (a web page's `placeholder`).
    public var placeholder: String?
    /// 1-based place among its siblings of the same kind, and how many there are (a web page's
    /// radio buttons: in their group, as the page gives it).
    public var position: Position?
    /// A heading's level.
    public var level: Int?
    /// A menu item's shortcut, as the toolkit writes it ("<Control>q").
    public var accelerator: String?
    /// Its locale ("de_DE").
    public var locale: String?
    /// Stretches of `text` in another language than `locale` (a web page's `<span lang>`, AT-SPI's
    /// `language` text attribute), in characters of `text`.
    public var textLanguages: [LanguageSpan] = []
    /// The web page's own role for it, AT-SPI's `xml-roles` attribute ("navigation", "main",
    /// "banner"): a landmark is known by it.
    public var xmlRoles: String?
    /// An invalid field's error message (a web page's `aria-errormessage`), said after it.
    public var errorMessage: String?
    /// An option of an editable combo box's popup (a list the box completes its text from).
    public var editableComboBoxItem = false
    /// How a web page lays it out, its CSS `display` ("block", "inline"): a block starts a line
    /// of its own in the text it is embedded in.
    public var display: String?
    /// Which current one of a set it is, a web page's `aria-current` ("page", "step", "true").
    public var current: String?
    /// A web page's `aria-pressed` ("true", "false", "mixed"), as Firefox gives it (the `pressed`
    /// attribute): a button that has one is a toggle button, whatever role it came with
    /// (`AccessibleMapping.isToggleButton`).
    public var pressed: String?

    /// The containers it is in, outermost first, up to the web document it is in (a group, a
    /// radio group, a list, a table…; empty outside a web document): what the focus entered
    /// is said before it (`AccessibleMapping.enteredContainer`).
    public var containers: [Container] = []

    /// One container an object is in: its own id, AT-SPI role, name, the page's role, and a
    /// heading's level.
    public struct Container: Sendable, Equatable {
        public var id: String
        public var role: String
        public var name: String
        public var xmlRoles: String?
        public var level: Int?
        /// Its description (`aria-describedby`), read for a dialog only.
        public var description: String?
        /// How many children it has, read for a list only (its items).
        public var childCount: Int?
        /// A table's or grid's rows and columns, read for those only.
        public var rows: Int?
        public var columns: Int?
        public init(id: String, role: String, name: String = "", xmlRoles: String? = nil, level: Int? = nil, description: String? = nil,
                    childCount: Int? = nil, rows: Int? = nil, columns: Int? = nil) {
            self.id = id; self.role = role; self.name = name; self.xmlRoles = xmlRoles; self.level = level; self.description = description
            self.childCount = childCount; self.rows = rows; self.columns = columns
        }
    }

    /// Where a text's caret is, when the focus came to it (the first move says what it crossed
    /// from there: a line, not a character).
    public var caretOffset: Int?
    /// A field's selection, as character offsets in `text`, when it was read (nil: none).
    public var selection: Range<Int>?

    /// A table cell's row and column (from 0), as the table gives them (GTK's and Qt's tables
    /// have no row objects: the cells are the table's children).
    public var tablePosition: TablePosition?

    /// A cell of a table whose rows are objects (a web page's table or grid), read as it takes
    /// the focus: which table, its row and column among the table's (from 0, the header row
    /// counted), how many there are, and its column's and row's headers.
    public var cell: CellPlace?

    public struct CellPlace: Sendable, Equatable {
        public var table: String
        public var row: Int
        public var column: Int
        public var rows: Int
        public var columns: Int
        public var columnHeader: String?
        public var rowHeader: String?
        public init(table: String, row: Int, column: Int, rows: Int, columns: Int, columnHeader: String? = nil, rowHeader: String? = nil) {
            self.table = table; self.row = row; self.column = column; self.rows = rows; self.columns = columns
            self.columnHeader = columnHeader; self.rowHeader = rowHeader
        }
    }

    public struct TablePosition: Sendable, Equatable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) { self.row = row; self.column = column }
    }

    public struct Position: Sendable, Equatable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    public init(id: String, role: String, name: String = "", description: String = "", states: Set<String> = ["sensitive", "visible"],
                value: Double? = nil, minimum: Double? = nil, maximum: Double? = nil, valueText: String? = nil,
                text: String? = nil, placeholder: String? = nil, position: Position? = nil, level: Int? = nil, accelerator: String? = nil,
                locale: String? = nil, xmlRoles: String? = nil, errorMessage: String? = nil) {
        self.id = id; self.role = role; self.name = name; self.description = description; self.states = states
        self.value = value; self.minimum = minimum; self.maximum = maximum; self.valueText = valueText
        self.text = text; self.placeholder = placeholder; self.position = position; self.level = level; self.accelerator = accelerator
        self.locale = locale
        self.xmlRoles = xmlRoles
        self.errorMessage = errorMessage
    }
}
