import AnnouncerDesktop
import CAtSpi

extension ATSPI {
    /// The Value interface's current value alone (one call).
    static func currentValue(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> Double? {
        guard let value = atspi_accessible_get_value_iface(accessible) else { return nil }
        defer { announcer_atspi_unref(value) }
        return checked { atspi_value_get_current_value(value, &$0) }
    }

    /// The Value interface's bounds.
    static func valueBounds(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> (minimum: Double?, maximum: Double?) {
        guard let value = atspi_accessible_get_value_iface(accessible) else { return (nil, nil) }
        defer { announcer_atspi_unref(value) }
        return (checked { atspi_value_get_minimum_value(value, &$0) }, checked { atspi_value_get_maximum_value(value, &$0) })
    }

    /// A table cell's row and column: its TableCell interface's, else its table's for its index
    /// (GTK 3 gives no position for some cells); nil for a header outside the rows.
    static func tablePosition(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot.TablePosition? {
        if let cell = atspi_accessible_get_table_cell(accessible) {
            defer { announcer_atspi_unref(cell) }
            var row: Int32 = -1, column: Int32 = -1
            if checked({ atspi_table_cell_get_position(cell, &row, &column, &$0) }) != nil, row >= 0, column >= 0 {
                return AccessibleSnapshot.TablePosition(row: Int(row), column: Int(column))
            }
        }
        guard let parent = checked({ atspi_accessible_get_parent(accessible, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(parent) }
        guard let table = atspi_accessible_get_table_iface(parent),
              let index = checked({ atspi_accessible_get_index_in_parent(accessible, &$0) }), index >= 0 else { return nil }
        defer { announcer_atspi_unref(table) }
        guard let row = checked({ atspi_table_get_row_at_index(table, index, &$0) }), let column = checked({ atspi_table_get_column_at_index(table, index, &$0) }),
              row >= 0, column >= 0 else { return nil }
        return AccessibleSnapshot.TablePosition(row: Int(row), column: Int(column))
    }

    /// The combo box whose popup an option is in.
    struct ComboBoxOwner {
        var editable: Bool
    }

    /// Whether `accessible`, an option, is in a combo box's popup (its list is the box's child,
    /// or is controlled by a combo box: ARIA's `aria-controls` from the box to its listbox), and
    /// whether that box can be typed in: nil when it is in none, else whether the box is editable.
    static func comboBoxOfPopupItem(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> ComboBoxOwner? {
        guard string({ atspi_accessible_get_role_name(accessible, &$0) }) == "list item",
              let list = checked({ atspi_accessible_get_parent(accessible, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(list) }
        func box(_ candidate: UnsafeMutablePointer<AtspiAccessible>) -> ComboBoxOwner? {
            guard string({ atspi_accessible_get_role_name(candidate, &$0) }) == "combo box" else { return nil }
            return ComboBoxOwner(editable: has(candidate, ATSPI_STATE_EDITABLE))
        }
        if let controller = announcer_atspi_relation_target(list, ATSPI_RELATION_CONTROLLED_BY) {
            defer { announcer_atspi_unref(controller) }
            if let found = box(controller) { return found }
        }
        guard let parent = checked({ atspi_accessible_get_parent(list, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(parent) }
        return box(parent)
    }

    /// What an object holds, read the same for an event and for the review: its Value
    /// interface's number, bounds and (for an event, `valueText`) its words; its heading level,
    /// placeholder, page role (`xml-roles`), layout (`display`), `aria-pressed`, a slider's or
    /// spin button's words (`valuetext`, on every path) and place in its group from
    /// `attributes`; and a combo box's chosen option. `object.text` must be
    /// read first: a combo box that says its choice in its text is not asked for the option.
    /// `placed`: the roles whose place in their group is taken from the page.
    static func readValues(_ accessible: UnsafeMutablePointer<AtspiAccessible>, attributes: OpaquePointer?,
                           valueText: Bool, placed: Set<String>, into object: inout AccessibleSnapshot) {
        if let value = atspi_accessible_get_value_iface(accessible) {
            object.value = checked { atspi_value_get_current_value(value, &$0) }
            object.minimum = checked { atspi_value_get_minimum_value(value, &$0) }
            object.maximum = checked { atspi_value_get_maximum_value(value, &$0) }
            if valueText {
                let text = string { atspi_value_get_text(value, &$0) }
                object.valueText = text.isEmpty ? nil : text
            }
            announcer_atspi_unref(value)
        }
        if let attributes {
            if let level = announcer_atspi_attribute(attributes, "level") { object.level = Int(String(cString: level)) }
            if let roles = announcer_atspi_attribute(attributes, "xml-roles") { object.xmlRoles = String(cString: roles) }
            // A web page's words for a slider's or spin button's value (`aria-valuetext`): both
            // browsers give them as an attribute (Firefox its own value's text where the page
            // gives none), and neither through the Value interface's text. Read on every path,
            // the review's too: the attributes are read already.
            if object.valueText == nil, AccessibleMapping.pageWordedValueRoles.contains(object.role),
               let text = announcer_atspi_attribute(attributes, "valuetext"), text.pointee != 0 {
                object.valueText = String(cString: text)
            }
            if let display = announcer_atspi_attribute(attributes, "display") { object.display = String(cString: display) }
            // `aria-current`: both browsers give it as the `current` attribute.
            if let current = announcer_atspi_attribute(attributes, "current") { object.current = String(cString: current) }
            // `aria-pressed`: Firefox gives it as the `pressed` attribute, read afresh at every
            // call, where the role it gives may be the one it first worked out (`isToggleButton`).
            if let pressed = announcer_atspi_attribute(attributes, "pressed") { object.pressed = String(cString: pressed) }
            // Firefox's name for it, and Chromium's.
            if let placeholder = announcer_atspi_attribute(attributes, "placeholder-text") ?? announcer_atspi_attribute(attributes, "placeholder") {
                object.placeholder = String(cString: placeholder)
            }
            // The place a web page gives (a radio button in its group), over the place among
            // the parent's children (which counts the labels between them).
            func number(_ name: String) -> Int? { announcer_atspi_attribute(attributes, name).flatMap { Int(String(cString: $0)) } }
            if placed.contains(object.role), let index = number("posinset"), let count = number("setsize"),
               index >= 1, index <= count {
                object.position = AccessibleSnapshot.Position(index: index, count: count)
            }
        }
        // A table cell's row and column, as it gives them, else as its table does.
        if ReviewTree.cellRoles.contains(object.role) { object.tablePosition = tablePosition(accessible) }
        // A web page's select: its chosen option, which its text (Chromium's: one embedded
        // object's character) does not say.
        if object.role == "combo box", AccessibleMapping.spokenText(object.text) == nil { object.valueText = chosenOption(accessible) }
    }
}
