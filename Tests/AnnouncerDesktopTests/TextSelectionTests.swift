import AnnouncerCore
@testable import AnnouncerDesktop
import AnnouncerTestSupport
import Testing

/// What a change to the focused text's selection says.
@Suite struct TextSelectionTests {
    static let text = "the quick brown fox"

    @Test(arguments: [
        (nil, 10..<15, "selected: brown"),
        (10..<15, nil, "unselected: brown"),
        (10..<15, 10..<19, "selected:  fox"),          // Shift+End: what the end crossed
        (10..<19, 10..<15, "unselected:  fox"),
        (10..<15, 4..<15, "selected: quick "),          // the start moved back
        (4..<15, 10..<15, "unselected: quick "),
        (0..<3, 10..<15, "selected: brown"),            // another selection: the new one
        (9..<10, 9..<10, nil),                            // no change
        (nil, 9..<10, "selected: space"),                // a space by its name
        (nil, 15..<40, "selected:  fox"),                // past the end: to the end
    ] as [(Range<Int>?, Range<Int>?, String?)])
    func aSelectionChangeSaysWhatChanged(old: Range<Int>?, new: Range<Int>?, said: String?) {
        #expect(TextSelection.said(Self.text, from: old, to: new, in: packagedCatalog.words(for: nil, configured: "en")) == said)
    }

    @Test func aLongSelectionIsSaidToItsLimitInTheLocalesWords() {
        let long = String(repeating: "a", count: 500)
        let german = packagedCatalog.words(for: nil, configured: "de")
        #expect(TextSelection.said(long, from: nil, to: 0..<500, in: german) == "markiert: " + String(repeating: "a", count: TextSelection.longestSaid))
    }

    /// Through the filter: only the focus's selection, its change from the last one heard.
    @Test func theFilterSaysTheFocusSelection() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(AccessibleSnapshot(id: "field", role: "text", name: "Name", description: "", states: ["focused", "editable"])), at: 0)
        _ = filter.due(at: 10)
        let first = filter.receive(.selectionChanged(id: "field", selection: 4..<9, text: Self.text), at: 20)
        #expect(first == [.echo("selected: quick", unit: .line)])
        #expect(filter.receive(.selectionChanged(id: "field", selection: 4..<10, text: Self.text), at: 30) == [.echo("selected: space", unit: .line)])
        #expect(filter.receive(.selectionChanged(id: "other", selection: 0..<3, text: Self.text), at: 40).isEmpty)
        #expect(filter.receive(.selectionChanged(id: "field", selection: nil, text: Self.text), at: 50) == [.echo("unselected: quick ", unit: .line)])
    }
}
