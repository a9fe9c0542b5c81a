
/// What the review cursor moves over: every item, or one kind (the rotor's categories and
/// browse mode's single keys).
public enum ReviewFilter: Hashable, Sendable {
    case item
    /// A heading; of one level when one is given (browse mode's 1–6).
    case heading(level: Int?)
    case link, formField, button, landmark, table, list
    /// Browse mode's I and G: an item of a list, an image.
    case listItem, graphic
    /// Browse mode's X, R, E (a text field), C and U.
    case checkBox, radioButton, editField, comboBox, unvisitedLink

    /// The rotor's categories, in the order Insert+Page Down goes through them.
    public static let rotor: [ReviewFilter] = [.item, .heading(level: nil), .link, .formField, .landmark, .table]

    public func matches(_ item: ReviewItem) -> Bool {
        switch self {
        case .item: true
        case .heading(let level):
            item.kinds.contains { if case .heading(let itemLevel) = $0 { level == nil || itemLevel == level } else { false } }
        case .link: item.kinds.contains(.link)
        case .formField: item.kinds.contains(.formField)
        case .button: item.kinds.contains(.button)
        case .landmark: item.kinds.contains(.landmark)
        case .table: item.kinds.contains(.table)
        case .list: item.kinds.contains(.list)
        case .listItem: item.kinds.contains(.listItem)
        case .graphic: item.kinds.contains(.graphic)
        case .checkBox: item.kinds.contains(.checkBox)
        case .radioButton: item.kinds.contains(.radioButton)
        case .editField: item.kinds.contains(.textField)
        case .comboBox: item.kinds.contains(.comboBox)
        case .unvisitedLink: item.kinds.contains(.unvisitedLink)
        }
    }
}

/// The review cursor over one tree's items (docs/design.md §18): where it is, the rotor's
/// category, and browse mode's place in the line. Moving never changes the keyboard focus.
/// Pure (ReviewCursorTests).
public struct ReviewCursor: Sendable, Equatable {
    public private(set) var items: [ReviewItem]
    /// The item the cursor is on; nil before it has been on any.
    public private(set) var index: Int?
    /// The rotor's category, an index into `ReviewFilter.rotor`.
    public private(set) var rotor = 0
    /// Browse mode's character in the cursor's line, as an offset into `lineText`.
    public private(set) var character = 0

    public init(items: [ReviewItem] = []) {
        self.items = items
    }

    public var current: ReviewItem? { index.map { items[$0] } }
    public var category: ReviewFilter { ReviewFilter.rotor[rotor] }

    /// New items for the same window (the page changed): the cursor stays on the item it was
    /// on, found by its object, else at the same place.
    public mutating func replace(_ items: [ReviewItem]) {
        let object = current?.object, element = current?.element.id
        self.items = items
        character = 0
        guard let old = index else { return }
        index = items.firstIndex { $0.element.id == element } ?? items.firstIndex { $0.object == object }
            ?? (items.isEmpty ? nil : min(old, items.count - 1))
    }

    /// The focus moved to `object`: the cursor goes to its first item, when it has one.
    @discardableResult
    public mutating func follow(_ object: String) -> Bool {
        // The object's own item, else the first item inside it (a tab panel that took the focus).
        guard let found = items.firstIndex(where: { $0.object == object }) ?? items.firstIndex(where: { $0.within.contains(object) }) else {
            return false
        }
        index = found
        character = 0
        return true
    }

    /// The next (or previous) item that `filter` matches; nil at the end, where the cursor stays.
    public mutating func move(_ filter: ReviewFilter, forward: Bool) -> ReviewItem? {
        let candidates: [Int] = switch (index, forward) {
        case (nil, true): Array(items.indices)
        case (nil, false): items.indices.reversed()
        case (let at?, true): Array(items.indices.suffix(from: at + 1))
        case (let at?, false): items.indices.prefix(upTo: at).reversed()
        }
        guard let found = candidates.first(where: { filter.matches(items[$0]) }) else { return nil }
        index = found
        character = 0
        return items[found]
    }

    /// NVDA's comma: the first item past the end of the innermost container the cursor is in;
    /// Shift+comma (`end` false): that container's first item. Nil when the cursor is in no
    /// container, or nothing follows it.
    public mutating func moveToContainerEdge(end: Bool) -> ReviewItem? {
        guard let at = index, let container = items[at].containers.last?.id else { return nil }
        let inside = { (item: ReviewItem) in item.containers.contains { $0.id == container } }
        let found = end ? items.indices.suffix(from: at + 1).first { !inside(items[$0]) }
            : items.indices.prefix(through: at).first { inside(items[$0]) }
        guard let found else { return nil }
        index = found
        character = 0
        return items[found]
    }

    /// The next (or previous) item the keyboard can focus, past the cursor's own object, that
    /// Tab (or Shift+Tab) in browse mode focuses when the cursor is away from the focus; nil
    /// when there is none that way (or the cursor is on no item).
    public func focusable(forward: Bool) -> ReviewItem? {
        focusableIndex(forward: forward).map { items[$0] }
    }

    /// The cursor to `focusable(forward:)`'s item, which the focus is given: a second Tab
    /// pressed before the focus's event came moves on from there.
    public mutating func moveToFocusable(forward: Bool) -> ReviewItem? {
        guard let found = focusableIndex(forward: forward) else { return nil }
        index = found
        character = 0
        return items[found]
    }

    private func focusableIndex(forward: Bool) -> Int? {
        guard let at = index else { return nil }
        let own = items[at].object
        let candidates = forward ? Array(items.indices.suffix(from: at + 1)) : items.indices.prefix(upTo: at).reversed()
        return candidates.first { items[$0].kinds.contains(.focusable) && items[$0].object != own }
    }

    /// The rotor turned one step: its new category.
    public mutating func turnRotor(forward: Bool) -> ReviewFilter {
        rotor = (rotor + (forward ? 1 : ReviewFilter.rotor.count - 1)) % ReviewFilter.rotor.count
        return category
    }

    // MARK: - Lines and characters (browse mode)

    /// The items on the cursor's line: the run of neighbours with the same `line`.
    public func lineRange(at position: Int) -> Range<Int> {
        let line = items[position].line
        var start = position, end = position + 1
        while start > 0, items[start - 1].line == line { start -= 1 }
        while end < items.count, items[end].line == line { end += 1 }
        return start..<end
    }

    /// The line's characters: its items' texts, a space between two.
    public func lineText(_ range: Range<Int>) -> String {
        items[range].map(\.text).joined(separator: " ")
    }

    /// The next (or previous) line's items; nil at the end, where the cursor stays.
    public mutating func moveLine(forward: Bool) -> ArraySlice<ReviewItem>? {
        guard !items.isEmpty else { return nil }
        let target: Int
        if let index {
            let range = lineRange(at: index)
            guard forward ? range.upperBound < items.count : range.lowerBound > 0 else { return nil }
            target = forward ? range.upperBound : lineRange(at: range.lowerBound - 1).lowerBound
        } else {
            target = forward ? 0 : lineRange(at: items.count - 1).lowerBound
        }
        index = target
        character = 0
        return items[lineRange(at: target)]
    }

    /// The first line's items (or the last's); nil when there are none.
    public mutating func moveToEdge(first: Bool) -> ArraySlice<ReviewItem>? {
        guard !items.isEmpty else { return nil }
        let target = first ? 0 : lineRange(at: items.count - 1).lowerBound
        index = target
        character = 0
        return items[lineRange(at: target)]
    }

    /// Ctrl+Alt+arrows: the first item of the next cell that way in the cursor's table, and
    /// the cursor there; `.edge` when there is none that way, `.notInTable` when the cursor is
    /// in no table.
    public mutating func moveCell(_ direction: CellDirection) -> CellMove {
        guard let index, let cell = items[index].cell else { return .notInTable }
        let (row, column) = switch direction {
        case .left: (cell.row, cell.column - 1)
        case .right: (cell.row, cell.column + 1)
        case .up: (cell.row - 1, cell.column)
        case .down: (cell.row + 1, cell.column)
        }
        // Row 0 is a table's headers above its rows (GTK's, Qt's): said with the cells, not a row.
        guard row >= 1, let target = items.firstIndex(where: { $0.cell?.table == cell.table && $0.cell?.row == row && $0.cell?.column == column })
        else { return .edge }
        self.index = target
        character = 0
        return .moved(items[target], from: cell)
    }

    public enum CellDirection: Sendable, Equatable { case left, right, up, down }

    public enum CellMove: Sendable, Equatable {
        case moved(ReviewItem, from: TableCell)
        case edge, notInTable
    }

    /// The line the cursor is on; nil before it has been on any.
    public var currentLine: ArraySlice<ReviewItem>? {
        index.map { items[lineRange(at: $0)] }
    }

    /// The next (or previous) character on the line, going on to the next line's first (the
    /// previous line's last) at its end; nil at the ends of the tree.
    public mutating func moveCharacter(forward: Bool) -> Character? {
        guard let index else { return moveLine(forward: forward).flatMap { _ in currentCharacter } }
        let range = lineRange(at: index)
        let text = Array(lineText(range))
        let target = character + (forward ? 1 : -1)
        if target >= 0, target < text.count {
            character = target
            self.index = item(at: target, in: range)
            return text[target]
        }
        guard moveLine(forward: forward) != nil else { return nil }
        if !forward, let line = self.index.map(lineRange(at:)) {
            let count = lineText(line).count
            character = max(count - 1, 0)
            self.index = item(at: character, in: line)
        }
        return currentCharacter
    }

    private var currentCharacter: Character? {
        guard let index else { return nil }
        let text = Array(lineText(lineRange(at: index)))
        return character < text.count ? text[character] : nil
    }

    /// The item whose text holds the line's character at `offset`.
    private func item(at offset: Int, in range: Range<Int>) -> Int {
        var start = 0
        for position in range {
            let end = start + items[position].text.count
            if offset < end + 1 { return position }
            start = end + 1
        }
        return range.upperBound - 1
    }
}
