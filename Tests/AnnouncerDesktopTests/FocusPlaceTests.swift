@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// Where each focus said is, from the focus before it: the containers entered and left, a
/// table's cell, a combo box's list opened (docs/design.md §12).
@Suite struct FocusPlaceTests {
    typealias Object = AccessibleSnapshot
    typealias Container = AccessibleSnapshot.Container
    /// The focuses said, in order, and what was said of each.
    typealias Row = Scenario<Object, [String]>


    static func inside(_ containers: [Container], _ object: Object) -> Object {
        var object = object
        object.containers = containers
        return object
    }
    static let form = Container(id: "form", role: "form", xmlRoles: "form")
    static let condiments = Container(id: "condiments", role: "panel", name: "Sandwich Condiments", xmlRoles: "group")
    static let lettuce = inside([form, condiments], Object(id: "lettuce", role: "check box", name: "Lettuce"))
    static let send = inside([form], Object(id: "send", role: "push button", name: "Send"))
    static let drinks = Container(id: "drinks", role: "list box", name: "Drink", xmlRoles: "listbox", childCount: 3)
    static let box = Object(id: "box", role: "combo box", name: "Drink", states: ["sensitive", "focusable", "expandable"], text: "Tea", xmlRoles: "combobox")
    static var openBox: Object {
        var open = box
        open.states.insert("expanded")
        return open
    }
    static let tea = inside([drinks], Object(id: "tea", role: "list item", name: "Tea", states: ["sensitive", "selectable", "selected"],
                                             position: .init(index: 1, count: 3)))
    static func cell(_ id: String, _ name: String, table: String = "grid", row: Int, column: Int) -> Object {
        var object = Object(id: id, role: "table cell", name: name)
        object.cell = .init(table: table, row: row, column: column, rows: 4, columns: 3,
                            columnHeader: ["Date", "Item", "Amount"][column], rowHeader: row == 0 ? nil : "Entry \(row)")
        return object
    }

    static let rows: [Row] = [
        Row(name: "a group entered is said before the focus once, left, and entered again",
            steps: [lettuce, inside([form, condiments], Object(id: "tomato", role: "check box", name: "Tomato")), send, lettuce],
            said: ["Sandwich Condiments. Group. Lettuce. Check Box. Not Checked.", "Tomato. Check Box. Not Checked.",
                   "Out of Group. Send. Button.", "Sandwich Condiments. Group. Lettuce. Check Box. Not Checked."]),
        Row(name: "a page's container that takes the focus says what it is, its name once",
            steps: [Object(id: "panel", role: "panel", name: "Peter Müller", xmlRoles: "tabpanel"),
                      inside([Container(id: "panel", role: "panel", name: "Peter Müller", xmlRoles: "tabpanel")], Object(id: "link", role: "link", name: "Biography"))],
            said: ["Tab Panel. Peter Müller", "Biography. Link."]),
        Row(name: "a desktop's panel says nothing of itself", steps: [Object(id: "box", role: "panel", name: "Settings")], said: ["Settings"]),
        Row(name: "a page's document taking the focus leaves nothing of the last page",
            steps: [lettuce, Object(id: "doc2", role: "document web", name: "Next page")], said: [
                "Sandwich Condiments. Group. Lettuce. Check Box. Not Checked.", "Next page",
            ]),
        Row(name: "from a combo box not said open into its list: the list opened first",
            steps: [box, tea], said: ["Drink: Tea. Combo Box. Collapsed.", "Expanded. Drink. List. 3 items. Selected: Tea 1 of 3."]),
        Row(name: "from a combo box said open, no opening is said",
            steps: [openBox, tea], said: ["Drink: Tea. Combo Box. Expanded.", "Drink. List. 3 items. Selected: Tea 1 of 3."]),
        Row(name: "a cell says what changed of its place in its table, all of it in another table",
            steps: [cell("a", "2 May", row: 1, column: 0), cell("b", "Bread", row: 1, column: 1), cell("c", "Milk", row: 2, column: 1),
                      cell("e", "Tea", table: "other", row: 3, column: 1)],
            said: ["Date. Entry 1. 2 May. Row 2 of 4. Column 1 of 3.", "Item. Bread. Column 2 of 3.", "Entry 2. Milk. Row 3 of 4.",
                   "Item. Entry 3. Tea. Row 4 of 4. Column 2 of 3."]),
    ]

    @Test(arguments: rows)
    func whatAFocusSaysOfWhereItIs(_ row: Row) {
        var place = FocusPlace()
        var before: FocusCoalescing.Said?
        var said: [String] = []
        for (time, object) in row.steps.enumerated() {
            let element = english(object)
            said.append(composer.compose(place.said(object, element: element, after: before)).description)
            before = FocusCoalescing.Said(object: object, element: element, at: Milliseconds(time))
        }
        #expect(said == row.said)
    }
}
