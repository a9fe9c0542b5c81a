import AnnouncerDesktop
import CAtSpi

extension ATSPI {
    /// What an object holds, read the same for an event and for the review: its Value
    /// interface's number, bounds and (for an event, `valueText`) its words; its heading level
    /// and placeholder from `attributes`; and a combo box's chosen option. `object.text` must be
    /// read first: a combo box that says its choice in its text is not asked for the option.
    static func readValues(_ accessible: UnsafeMutablePointer<AtspiAccessible>, attributes: OpaquePointer?,
                           valueText: Bool, into object: inout AccessibleSnapshot) {
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
            // Firefox's name for it, and Chromium's.
            if let placeholder = announcer_atspi_attribute(attributes, "placeholder-text") ?? announcer_atspi_attribute(attributes, "placeholder") {
                object.placeholder = String(cString: placeholder)
            }
        }
        // A web page's select: its chosen option, which its text (Chromium's: one embedded
        // object's character) does not say.
        if object.role == "combo box", AccessibleMapping.spokenText(object.text) == nil { object.valueText = chosenOption(accessible) }
    }
}
