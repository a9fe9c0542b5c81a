@testable import AnnouncerDesktop
import Testing

/// What makes an object part of a live region, as Chromium and Firefox expose ARIA's live
/// regions on AT-SPI (docs/design.md §12), and which changes to it are said.
@Suite struct LiveRegionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var role: String
        var attributes: [String: String]
        var region: LiveRegion?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "role=status in Chromium", role: "status bar",
            attributes: ["container-live": "polite", "live": "polite", "atomic": "true", "container-atomic": "true", "relevant": "additions text", "xml-roles": "status"],
            region: LiveRegion(id: "r", politeness: .polite, atomic: true)),
        Row(name: "role=status in Firefox (atomic by ARIA, not said)", role: "status bar",
            attributes: ["container-live": "polite", "live": "polite", "container-live-role": "status", "xml-roles": "status"],
            region: LiveRegion(id: "r", politeness: .polite, atomic: true)),
        Row(name: "role=alert in Firefox (its role alone)", role: "alert", attributes: ["xml-roles": "alert"],
            region: LiveRegion(id: "r", politeness: .assertive, atomic: true)),
        Row(name: "role=alert in Chromium", role: "notification", attributes: ["container-live": "assertive", "live": "assertive", "xml-roles": "alert"],
            region: LiveRegion(id: "r", politeness: .assertive, atomic: true)),
        Row(name: "a text inside an atomic region (Chromium)", role: "static",
            attributes: ["container-live": "polite", "container-atomic": "true", "atomic": "false", "container-relevant": "additions text"],
            region: LiveRegion(id: "r", politeness: .polite, atomic: true)),
        Row(name: "aria-live=assertive, not atomic", role: "section", attributes: ["container-live": "assertive", "live": "assertive"],
            region: LiveRegion(id: "r", politeness: .assertive)),
        Row(name: "aria-relevant=all", role: "section", attributes: ["container-live": "polite", "container-relevant": "all"],
            region: LiveRegion(id: "r", politeness: .polite, relevant: ["all"])),
        Row(name: "aria-busy=true", role: "section", attributes: ["container-live": "polite", "container-busy": "true"],
            region: LiveRegion(id: "r", politeness: .polite, busy: true)),
        Row(name: "a log", role: "log", attributes: [:], region: LiveRegion(id: "r", politeness: .polite)),
        Row(name: "aria-live=off", role: "status bar", attributes: ["container-live": "off", "xml-roles": "status"], region: nil),
        Row(name: "an ordinary paragraph", role: "paragraph", attributes: [:], region: nil),
    ]

    @Test(arguments: rows) func regionOf(_ row: Row) {
        #expect(LiveRegion.of(id: "r", role: row.role, attributes: row.attributes) == row.region)
    }

    /// Where the bridge stops climbing from the object whose text changed.
    @Test func theRootOfARegion() {
        #expect(LiveRegion.isRoot(role: "section", attributes: ["live": "polite", "container-live": "polite"]))
        #expect(LiveRegion.isRoot(role: "alert", attributes: [:]))
        #expect(LiveRegion.isRoot(role: "status bar", attributes: ["container-live": "polite"]))
        #expect(LiveRegion.isRoot(role: "notification", attributes: ["xml-roles": "alert"]))
        #expect(!LiveRegion.isRoot(role: "static", attributes: ["container-live": "polite", "container-atomic": "true"]))
        #expect(!LiveRegion.isRoot(role: "section", attributes: ["container-live": "polite", "atomic": "false"]))
    }

    @Test func whichChangesAreSaid() {
        let plain = LiveRegion(id: "r", politeness: .polite)
        #expect(plain.says(.inserted) && !plain.says(.deleted) && plain.says(.settled))
        #expect(LiveRegion(id: "r", politeness: .polite, relevant: ["removals"]).says(.deleted))
        #expect(LiveRegion(id: "r", politeness: .polite, relevant: ["all"]).says(.deleted))
        #expect(!LiveRegion(id: "r", politeness: .polite, relevant: ["removals"]).says(.inserted))
        #expect(!LiveRegion(id: "r", politeness: .polite, busy: true).says(.inserted))
    }
}
