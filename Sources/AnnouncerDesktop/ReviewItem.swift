import AnnouncerElements

/// One stop of the review cursor (docs/design.md §18): an element as the JSON door's reading
/// order gives it, the object that acts for it, what it is for the rotor and browse mode's
/// single keys, and the line it is on.
public struct ReviewItem: Sendable, Equatable {
    /// What is said: the element and the position words its container gives it.
    public var reading: ReadingItem
    /// The accessible object it came from: the one the focus is compared with, whose default
    /// action Insert+Enter does. A run of a paragraph's text names the paragraph.
    public var object: String
    public var kinds: Set<ReviewKind>
    /// Items of one paragraph, heading or list item share a line (browse mode's Up and Down).
    public var line: Int
    /// Its text as characters (browse mode's Left and Right): the label, else the value.
    public var text: String
    /// The containers it is in that say something when entered, outermost first.
    public var containers: [EnteredContainer.Placed] = []
    /// The containers it is in that take the focus themselves (a tab panel), innermost last:
    /// the focus on one of them puts the cursor on its first item.
    public var within: [String] = []
    /// The table cell it is in, when it is in one: Ctrl+Alt+arrows move by cell.
    public var cell: TableCell?
    /// The innermost modal dialog it is in (`aria-modal`), when it is in one.
    public var modal: String?

    public init(reading: ReadingItem, object: String, kinds: Set<ReviewKind> = [], line: Int, text: String) {
        self.reading = reading
        self.object = object
        self.kinds = kinds
        self.line = line
        self.text = text
    }

    public var element: Element { reading.element }
}

/// What an item is, for the rotor and browse mode's single keys.
public enum ReviewKind: Hashable, Sendable {
    /// A heading, of its level when the page gives one.
    case heading(level: Int?)
    case link
    /// A control of a form: a text field, check box, radio button, combo box, slider, spin
    /// button or button (NVDA's F).
    case formField
    case button
    /// A check box, a radio button, a combo box, a link not yet visited: browse mode's X, R, C, U.
    case checkBox, radioButton, comboBox, unvisitedLink
    /// A text field: Enter or Space on it in browse mode goes to focus mode.
    case textField
    /// The first item of a landmark, a table, a list or a list's item.
    case landmark, table, list, listItem
    /// An image (browse mode's G).
    case graphic
    /// The keyboard can focus it.
    case focusable
}

/// Where an item is in a table: the table's object, its row and column (from 1), the table's
/// size, and the headers of its column and row (their text), when the table has them.
public struct TableCell: Sendable, Equatable {
    public var table: String
    public var row: Int
    public var column: Int
    public var rows = 0
    public var columns = 0
    public var columnHeader: String?
    public var rowHeader: String?

    public init(table: String, row: Int, column: Int) {
        self.table = table
        self.row = row
        self.column = column
    }

    /// Whether the cell is one of the table's headers.
    public var isHeader = false
}
