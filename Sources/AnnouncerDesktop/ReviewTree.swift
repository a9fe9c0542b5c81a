import AnnouncerElements
import AnnouncerLocales

/// A window's or a document's accessible tree as the review cursor's items (docs/design.md
/// §18): every object a user can read, not only those that take the focus, as elements in the
/// JSON door's reading order with its words. Pure (ReviewTreeTests).
///
/// - A control, a heading, an image or a label is one item: what takes the focus is said as
///   when it does (`AccessibleMapping`), and what is inside it is not visited; but a heading or
///   a label that holds a control (an accordion's button, a labelled switch) is read through,
///   the heading's first control said as the heading too.
/// - A text object (a paragraph, a web page's list item or table cell) is its text cut at its
///   embedded objects: each run of text is an item of static text, each embedded object (a
///   link) an item in its place; all of them are one line, but for an embedded block (a web
///   page's div, by its CSS `display`) or a member of a set (a tab, a radio button), which is a
///   line of its own. Children that are its text's own
///   runs again (Chromium's "static" objects) are not read twice. A run with no letter or digit (a
///   list's bullet, the space between two links) is no item.
/// - Any other object is its children: a list keeps them together with "List Start." and
///   "List End." (`ContainerKind`); a landmark's kind and name are said as it is entered
///   (`EnteredContainer`); the rest join their parent's.
/// - An object that is not visible, and everything in it, is not there.
public enum ReviewTree {
    /// The most items one tree gives: a page with more is read to there.
    public static let maximumItems = 5_000

    /// Roles that are one item each, whatever they contain.
    public static let itemRoles: Set<String> = [
        "push button", "toggle button", "check box", "radio button", "combo box", "link", "entry", "password text",
        "spin button", "slider", "dial", "heading", "image", "icon", "label", "static", "caption", "menu item",
        "check menu item", "radio menu item", "page tab", "switch", "progress bar", "level bar", "search bar",
    ]
    /// Whether an object is one item: its role is one of `itemRoles`, or it is a web page's menu
    /// item that opens a menu (Firefox gives it the role "menu", whose items it holds).
    public static func isItem(_ object: AccessibleSnapshot) -> Bool {
        itemRoles.contains(object.role) || opensMenu(object)
    }

    /// A web page's menu item that opens a menu, as Firefox gives it (role "menu").
    static func opensMenu(_ object: AccessibleSnapshot) -> Bool {
        object.role == "menu" && object.xmlRoles?.split(separator: " ").first == "menuitem"
    }

    /// Whether the walk reads an object's children: not an item's, but a heading's or a link's,
    /// and a label's whose text embeds an object (Firefox's label that holds its control); a
    /// toolkit's label, which embeds none, costs no call for children it does not have.
    public static func walksInto(_ object: AccessibleSnapshot) -> Bool {
        switch object.role {
        case "heading", "link": true
        case "label": object.text?.contains(AccessibleNode.embeddedObject) ?? false
        default: !isItem(object)
        }
    }

    /// The controls a heading may hold that are said as the heading (`holdsControl`).
    static let controlRoles: Set<String> = formFieldRoles.union(["link", "page tab", "menu item"])

    /// Whether a heading holds a control, within a few levels.
    static func holdsControl(_ node: AccessibleNode, depth: Int = 0) -> Bool {
        depth < 4 && node.children.contains { controlRoles.contains($0.object.role) || holdsControl($0, depth: depth + 1) }
    }

    /// The bullets a browser puts at the start of a list item's text.
    static let listMarkers: Set<Character> = ["•", "◦", "▪", "▫", "‣", "⁃", "·"]
    /// xml-roles that make a web page's section a landmark.
    static let landmarkRoles: Set<String> = ["banner", "navigation", "main", "contentinfo", "complementary", "search", "region", "form"]
    static let formFieldRoles: Set<String> = [
        "entry", "password text", "check box", "radio button", "combo box", "spin button", "slider", "push button",
        "toggle button", "switch", "search bar", "list box", "page tab", "menu item",
    ]
    static let textFieldRoles: Set<String> = ["entry", "password text", "search bar", "editbar"]
    static let graphicRoles: Set<String> = ["image", "icon", "image map"]

    public static func items(_ root: AccessibleNode, catalog: LocaleCatalog, locale: String) -> [ReviewItem] {
        var builder = Builder(catalog: catalog, locale: locale)
        let roots = builder.elements(root, line: nil)
        var items: [ReviewItem] = []
        for reading in ReadingOrder.items(in: roots).prefix(maximumItems) {
            guard let id = reading.element.id, let info = builder.info[id] else { continue }
            var reading = reading
            // A member of a set says its place in the set ("2 of 4"), not the landmark's or the
            // list's start or end words around it (the JSON door's rule gives the container's).
            if case .series? = reading.element.context { reading.context = reading.element.context }
            if case .tab? = reading.element.context { reading.context = reading.element.context }
            var item = ReviewItem(reading: reading, object: info.object, kinds: info.kinds, line: info.line, text: info.text)
            // A table entered says its size, all of it having been read.
            item.containers = info.containers.map { placed in
                guard placed.container.kind == .table || placed.container.kind == .grid, let size = builder.tables.sizes[placed.id] else { return placed }
                var placed = placed
                (placed.container.rows, placed.container.columns) = (size.rows, size.columns)
                return placed
            }
            item.within = info.within
            item.cell = info.cell.map { builder.tables.placed($0) }
            item.modal = info.modal
            items.append(item)
        }
        // A modal dialog open on the page (`aria-modal`) makes the rest of it inert: the cursor
        // reads only the dialog (the last one, innermost, when one opened another), as NVDA's
        // browse mode does.
        if let modal = items.last(where: { $0.modal != nil })?.modal { return items.filter { $0.modal == modal } }
        return items
    }

    /// Whether an object is a modal dialog: its items are the only ones read while it is open.
    static func isModalDialog(_ object: AccessibleSnapshot) -> Bool {
        guard object.states.contains("modal") else { return false }
        let pageRole = object.xmlRoles?.split(separator: " ").first
        return pageRole == "dialog" || pageRole == "alertdialog" || object.role == "dialog" || object.role == "alert"
    }

    static let rowRoles: Set<String> = ["table row", "tree table row"]
    public static let cellRoles: Set<String> = ["table cell", "tree table cell", "column header", "row header", "table column header",
                                         "table row header"]
    static let columnHeaderRoles: Set<String> = ["column header", "table column header"]
    static let rowHeaderRoles: Set<String> = ["row header", "table row header"]

    /// The tables read so far: each one's rows, columns and headers, as its cells are met.
    /// `unplaced`: the tables with a cell that did not say where it is (counted instead).
    struct Tables {
        var open: [TableCell] = []
        var sizes: [String: (rows: Int, columns: Int)] = [:]
        var columnHeaders: [String: [Int: String]] = [:]
        var rowHeaders: [String: [Int: String]] = [:]
        var unplaced: [String: Bool] = [:]
        var rowObjects: [String: Bool] = [:]

        /// A cell with its table's size and headers, all of the table having been read.
        func placed(_ cell: TableCell) -> TableCell {
            var cell = cell
            (cell.rows, cell.columns) = sizes[cell.table] ?? (cell.row, cell.column)
            cell.columnHeader = columnHeaders[cell.table]?[cell.column]
            cell.rowHeader = rowHeaders[cell.table]?[cell.row]
            return cell
        }
    }

    /// What an object is when it is not one item.
    static func containerKind(_ object: AccessibleSnapshot) -> (container: ContainerKind?, kind: ReviewKind?) {
        if object.role == "landmark" || object.xmlRoles.map({ landmarkRoles.contains(firstRole($0)) }) == true {
            // A landmark says its kind and name as it is entered and its kind as it is left
            // (`EnteredContainer`: "Navigation landmark.", "Out of Navigation landmark."), and is a
            // landmark for D.
            return (nil, .landmark)
        }
        switch object.role {
        case "list", "list box", "description list": return (.list, .list)
        case "list item": return (nil, .listItem)
        case "table", "tree table": return (nil, .table)
        default: return (nil, nil)
        }
    }

    static func firstRole(_ xmlRoles: String) -> String {
        String(xmlRoles.split(separator: " ").first ?? "")
    }

    /// The `display` values that lay an object out as a block of its own.
    static let blockDisplays: Set<String> = ["block", "flex", "grid", "list-item", "table", "flow-root"]

    /// The members of a set (a tab list's tabs, a radio group's buttons, a menu's items) are
    /// each a line of their own, whatever their layout, as NVDA reads them: Down goes to the
    /// next, said with its place ("Carl Andersen. Tab. 2 of 4.").
    static let setMemberRoles: Set<String> = ["page tab", "radio button", "menu item", "check menu item", "radio menu item"]

    /// Whether the object is a line of its own in the text it is embedded in: a web page lays it
    /// out as a block, or it is a member of a set.
    static func isBlock(_ object: AccessibleSnapshot) -> Bool {
        setMemberRoles.contains(object.role) || opensMenu(object) || object.display.map(blockDisplays.contains) ?? false
    }

    /// Siblings with the members of a set placed among those of their role ("2 of 4"), where
    /// the page gave no place of its own (Chromium gives a tab's none) and there are several.
    static func placed(_ siblings: [AccessibleNode]) -> [AccessibleNode] {
        guard siblings.contains(where: { setMemberRoles.contains($0.object.role) && $0.object.position == nil }) else { return siblings }
        var counts: [String: Int] = [:]
        for sibling in siblings where setMemberRoles.contains(sibling.object.role) { counts[sibling.object.role, default: 0] += 1 }
        var indices: [String: Int] = [:]
        return siblings.map { sibling in
            let role = sibling.object.role
            guard let count = counts[role], count > 1 else { return sibling }
            indices[role, default: 0] += 1
            guard sibling.object.position == nil else { return sibling }
            var placed = sibling
            placed.object.position = AccessibleSnapshot.Position(index: indices[role]!, count: count)
            return placed
        }
    }

    /// The children embedded in a text object's text, one per U+FFFC: its text's own runs as
    /// objects of their own (Chromium's "static" children) are in its text already.
    static func embedded(_ node: AccessibleNode) -> [AccessibleNode] {
        node.children.filter { $0.object.role != "static" }
    }

    /// The text a node holds, its embedded objects said by their names ("Read the guide now").
    static func flatText(_ node: AccessibleNode) -> String {
        guard let text = node.object.text, !node.object.states.contains("editable") else {
            return node.object.name.isEmpty ? node.children.map(flatText).filter { !$0.isEmpty }.joined(separator: " ") : node.object.name
        }
        var children = embedded(node).makeIterator()
        var flat = ""
        for character in text {
            if character == AccessibleNode.embeddedObject {
                if let child = children.next() { flat += flatText(child) }
            } else {
                flat.append(character)
            }
        }
        return flat.trimmingWhitespace()
    }

    struct Info {
        var object: String
        var kinds: Set<ReviewKind>
        var line: Int
        var text: String
        var containers: [EnteredContainer.Placed] = []
        var cell: TableCell?
        var within: [String] = []
        var modal: String?
    }

    struct Builder {
        let catalog: LocaleCatalog
        let locale: String
        var info: [String: Info] = [:]
        var lines = 0
        var count = 0
        /// The containers around the node being read, outermost first.
        var containers: [EnteredContainer.Placed] = []
        /// The tables around it (the innermost last), and the cell it is in.
        var tables = Tables()
        var cell: TableCell?
        /// The level of the heading being read whose first control is to say it (0: no level).
        var heading: Int?
        /// The containers around the node being read that take the focus themselves.
        var within: [String] = []
        /// The innermost modal dialog around the node being read.
        var modal: String?

        init(catalog: LocaleCatalog, locale: String) {
            self.catalog = catalog
            self.locale = locale
        }

        mutating func newLine() -> Int {
            lines += 1
            return lines
        }

        /// The elements for `node`; `line` is the line of the text object it is embedded in.
        mutating func elements(_ node: AccessibleNode, line: Int?) -> [Element] {
            let object = node.object
            guard count < ReviewTree.maximumItems, object.states.isEmpty || object.states.contains("visible") else { return [] }
            // A table's rows and cells, counted as they are met: each item in a cell knows it.
            let outerCell = cell
            let (container, kind) = ReviewTree.containerKind(object)
            if kind == .table {
                tables.open.append(TableCell(table: object.id, row: 0, column: 0))
            } else if ReviewTree.rowRoles.contains(object.role), var table = tables.open.popLast() {
                tables.rowObjects[table.table] = true
                table.row += 1
                table.column = 0
                tables.open.append(table)
            } else if ReviewTree.rowHeaderRoles.contains(object.role), let table = tables.open.last, tables.rowObjects[table.table] == nil {
                // A row's header in a table with no row objects (Qt's row numbers, beside the
                // rows): not a cell the arrows reach; where it says it is cannot be trusted.
            } else if ReviewTree.cellRoles.contains(object.role), var table = tables.open.popLast() {
                if let place = object.tablePosition {
                    // Where the table says it is (GTK's and Qt's: no row objects).
                    table.row = place.row + 1
                    table.column = place.column + 1
                } else if table.row == 0, ReviewTree.columnHeaderRoles.contains(object.role), tables.unplaced[table.table] == nil {
                    // A header before any row, in a table whose cells say where they are: the
                    // headers' row, above the first (row 0), counted across.
                    table.column += 1
                } else {
                    if table.row == 0 { table.row = 1 }
                    table.column += 1
                    tables.unplaced[table.table] = true
                }
                tables.open.append(table)
                let size = tables.sizes[table.table] ?? (0, 0)
                tables.sizes[table.table] = (max(size.rows, table.row), max(size.columns, table.column))
                let text = ReviewTree.flatText(node).trimmingWhitespace()
                if ReviewTree.columnHeaderRoles.contains(object.role), !text.isEmpty {
                    tables.columnHeaders[table.table, default: [:]][table.column] = text
                }
                if ReviewTree.rowHeaderRoles.contains(object.role), !text.isEmpty {
                    tables.rowHeaders[table.table, default: [:]][table.row] = text
                }
                cell = table
                cell?.isHeader = ReviewTree.columnHeaderRoles.contains(object.role) || ReviewTree.rowHeaderRoles.contains(object.role)
            }
            defer {
                cell = outerCell
                if kind == .table { tables.open.removeLast() }
            }
            // A heading that holds a control (an accordion's button, a link) is not one item: the
            // control is, said as a heading too, so that B, F and K find it and Space presses it.
            let headingOfItsControl = object.role == "heading" && ReviewTree.holdsControl(node)
            // So is a label that holds its control (Firefox's `<label>Reduced motion <input></label>`):
            // its text and its control are read.
            let labelOfItsControl = object.role == "label" && ReviewTree.holdsControl(node)
            if !headingOfItsControl, !labelOfItsControl,
               ReviewTree.isItem(object) || (node.children.isEmpty && object.text == nil && !object.name.isEmpty) {
                return item(node, line: line ?? newLine())
            }
            let outerHeading = heading
            if headingOfItsControl { heading = object.level ?? 0 }
            // A container that takes the focus itself (a tab panel): the items in it know it, so
            // that the cursor follows the focus there to its first item.
            let focusable = object.states.contains("focusable") && AccessibleMapping.windowRole(object.role) != .document
            if focusable { within.append(object.id) }
            let outerModal = modal
            if ReviewTree.isModalDialog(object) { modal = object.id }
            defer {
                heading = outerHeading
                modal = outerModal
                if focusable { within.removeLast() }
            }
            // What the items inside it were entered through (a group, a list, a table).
            // A list knows how many items it holds (those shown).
            let shown = node.children.count { $0.object.states.isEmpty || $0.object.states.contains("visible") }
            let placed = AccessibleMapping.placedContainers([AccessibleSnapshot.Container(id: object.id, role: object.role, name: object.name,
                                                                                           xmlRoles: object.xmlRoles, childCount: shown)])
            containers += placed
            defer { containers.removeLast(placed.count) }
            var children: [Element]
            if let text = object.text, !object.states.contains("editable"), text.contains(where: { !$0.isWhitespace }) {
                children = runs(node, text: text, line: newLine())
            } else {
                children = ReviewTree.placed(node.children).flatMap { elements($0, line: nil) }
            }
            if let kind, let first = children.first.flatMap(firstItem) { info[first]?.kinds.insert(kind) }
            guard let container, !children.isEmpty else { return children }
            return [Element(id: object.id, children: children, container: container)]
        }

        /// A text object: its runs of text and its embedded objects, in order, on one line.
        mutating func runs(_ node: AccessibleNode, text: String, line: Int) -> [Element] {
            var elements: [Element] = []
            var run = ""
            // Where the run starts in the text, in characters (for its stretches in other languages).
            var runStart = 0, offset = 0
            var children = ReviewTree.placed(ReviewTree.embedded(node)).makeIterator()
            func endRun(_ builder: inout Builder, _ line: Int) {
                // A list item's marker: the list's position words say it is one.
                let said = String(run.trimmingWhitespace().drop { ReviewTree.listMarkers.contains($0) }).trimmingWhitespace()
                let saidStart = runStart + (run.firstRange(of: said).map { run.distance(from: run.startIndex, to: $0.lowerBound) } ?? 0)
                run = ""
                runStart = offset + 1
                guard said.contains(where: { $0.isLetter || $0.isNumber }) else { return }
                let id = "\(node.object.id)#\(elements.count)"
                var element = AccessibleMapping.element(AccessibleSnapshot(id: id, role: "static", name: said, locale: node.object.locale),
                                                        catalog: builder.catalog, locale: builder.locale)
                element.labelLanguages = node.object.textLanguages.compactMap { span in
                    let start = max(span.offset, saidStart), end = min(span.offset + span.count, saidStart + said.count)
                    return start < end ? LanguageSpan(offset: start - saidStart, count: end - start, language: span.language) : nil
                }
                element.accessible = true
                builder.count += 1
                builder.info[id] = Info(object: node.object.id, kinds: [], line: line, text: said, containers: builder.containers,
                                        cell: builder.cell, within: builder.within, modal: builder.modal)
                elements.append(element)
            }
            // A block the text embeds (a web page's radio buttons, each a div) is a line of its
            // own, and what follows it starts another.
            var line = line
            for (index, character) in text.enumerated() {
                offset = index
                guard character == AccessibleNode.embeddedObject else {
                    if run.isEmpty { runStart = index }
                    run.append(character)
                    continue
                }
                endRun(&self, line)
                guard let child = children.next() else { continue }
                if ReviewTree.isBlock(child.object) {
                    if !elements.isEmpty { line = newLine() }
                    elements += self.elements(child, line: line)
                    line = newLine()
                } else {
                    elements += self.elements(child, line: line)
                }
            }
            endRun(&self, line)
            // Children the text does not place (a toolkit that embeds none) follow it.
            while let child = children.next() { elements += self.elements(child, line: nil) }
            return elements
        }

        mutating func item(_ node: AccessibleNode, line: Int) -> [Element] {
            let object = node.object
            var element = AccessibleMapping.element(object, catalog: catalog, locale: locale)
            if element.label == nil, !ReviewTree.textFieldRoles.contains(object.role) {
                element.label = ReviewTree.flatText(node).nonEmptyString
            }
            guard AccessibleMapping.speaks(element) else { return [] }
            element.accessible = true
            element.children = []
            var kinds: Set<ReviewKind> = []
            switch object.role {
            case "heading": kinds.insert(.heading(level: object.level))
            case "link":
                kinds.insert(.link)
                if !object.states.contains("visited") { kinds.insert(.unvisitedLink) }
            // A switch is no button for B (NVDA's), though Chromium gives it a toggle button's role.
            case "push button", "toggle button":
                if !(object.xmlRoles ?? "").split(separator: " ").contains("switch") { kinds.insert(.button) }
            case "check box": kinds.insert(.checkBox)
            case "radio button": kinds.insert(.radioButton)
            case "combo box": kinds.insert(.comboBox)
            case let role where ReviewTree.graphicRoles.contains(role): kinds.insert(.graphic)
            default: break
            }
            // A link that is an image (a logo) is a graphic for G too, as NVDA finds it.
            if object.role == "link", node.children.contains(where: { ReviewTree.graphicRoles.contains($0.object.role) }) { kinds.insert(.graphic) }
            if ReviewTree.formFieldRoles.contains(object.role) { kinds.insert(.formField) }
            if ReviewTree.textFieldRoles.contains(object.role) || object.states.contains("editable") { kinds.insert(.textField) }
            if object.states.contains("focusable") { kinds.insert(.focusable) }
            // The first control of a heading that holds one is the heading: "Personal
            // Information: level 3. Button. Heading. Collapsed."
            if let level = heading, ReviewTree.controlRoles.contains(object.role) {
                heading = nil
                kinds.insert(.heading(level: level == 0 ? nil : level))
                AccessibleMapping.saidAsHeading(&element, level: level == 0 ? nil : level,
                                                words: catalog.words(for: element.language, configured: locale))
            }
            count += 1
            info[object.id] = Info(object: object.id, kinds: kinds, line: line, text: element.label ?? element.value ?? "", containers: containers,
                                   cell: cell, within: within, modal: ReviewTree.isModalDialog(object) ? object.id : modal)
            return [element]
        }

        func firstItem(_ element: Element) -> String? {
            if let id = element.id, info[id] != nil { return id }
            return element.children.lazy.compactMap(firstItem).first
        }
    }
}
