@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerTestSupport
import Testing

/// A row of a desktop machine's table: its name, the steps told to the machine in order, and
/// what the machine is to say of them.
struct Scenario<Step: Sendable, Said: Sendable>: CustomTestStringConvertible, Sendable {
    var name: String
    var steps: [Step]
    var said: Said
    var testDescription: String { name }
}

/// The element an object is said as, in English: the mapping the machines are given.
func english(_ object: AccessibleSnapshot) -> Element {
    AccessibleMapping.element(object, catalog: packagedCatalog, locale: "en")
}
