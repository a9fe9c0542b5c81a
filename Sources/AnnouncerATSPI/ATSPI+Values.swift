import AnnouncerDesktop
import CAtSpi

extension ATSPI {
    /// What an object holds, read the same for an event and for the review: its Value
    /// interface's number, bounds and (for an event, `valueText`) its words; its heading level,
    /// placeholder, page role (`xml-roles`), layout (`display`) and place in its group from `attributes`; and a
    /// combo box's chosen option. `object.text` must be
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
            if let display = announcer_atspi_attribute(attributes, "display") { object.display = String(cString: display) }
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
        // A web page's select: its chosen option, which its text (Chromium's: one embedded
        // object's character) does not say.
        if object.role == "combo box", AccessibleMapping.spokenText(object.text) == nil { object.valueText = chosenOption(accessible) }
    }
}
