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
        // Selected as the focus came (Firefox selects a field's text at Tab): the focus's own.
        #expect(filter.receive(.selectionChanged(id: "field", selection: 0..<3, text: Self.text), at: 20).isEmpty)
        let first = filter.receive(.selectionChanged(id: "field", selection: 4..<9, text: Self.text), at: 300)
        #expect(first == [.echo("selected: quick", unit: .line)])
        #expect(filter.receive(.selectionChanged(id: "field", selection: 4..<10, text: Self.text), at: 310) == [.echo("selected: space", unit: .line)])
        #expect(filter.receive(.selectionChanged(id: "other", selection: 0..<3, text: Self.text), at: 320).isEmpty)
        #expect(filter.receive(.selectionChanged(id: "field", selection: nil, text: Self.text), at: 330) == [.echo("unselected: quick ", unit: .line)])
        // The caret's move that comes with it says nothing more; one later says what it crossed.
        #expect(filter.receive(.caretMoved(id: "field", offset: 4, text: Self.text), at: 340).isEmpty)
        #expect(filter.receive(.caretMoved(id: "field", offset: 5, text: Self.text), at: 500) == [.echo("q", unit: .character)])
    }

    /// The caret where the focus found it: the first move down says the line reached, not the
    /// character (a text view's caret at its start, said by the focus).
    @Test func theFirstCaretMoveIsMeasuredFromWhereTheFocusFoundIt() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        var view = AccessibleSnapshot(id: "view", role: "text", name: "Note", description: "", states: ["focused", "editable", "multi-line"])
        view.text = "first line\nsecond line"
        view.caretOffset = 0
        _ = filter.receive(.focused(view), at: 0)
        _ = filter.due(at: 10)
        #expect(filter.receive(.caretMoved(id: "view", offset: 11, text: "first line\nsecond line"), at: 500) == [.echo("second line", unit: .line)])
    }

    /// Control+C says "copied" when something is selected; Control+X and Control+V say what
    /// the deletion or insertion that follows them cut or pasted (a paste over a selection
    /// deletes it first, unsaid); outside a text field the keys say nothing.
    @Test func theClipboardKeysSayWhatTheyDid() {
        var filter = DesktopEventFilter(catalog: packagedCatalog)
        _ = filter.receive(.focused(AccessibleSnapshot(id: "button", role: "push button", name: "OK", description: "", states: ["focused"])), at: 0)
        _ = filter.due(at: 10)
        #expect(filter.receive(.clipboard(.copy), at: 20).isEmpty)
        _ = filter.receive(.focused(AccessibleSnapshot(id: "field", role: "text", name: "Name", description: "", states: ["focused", "editable"])), at: 100)
        _ = filter.due(at: 110)
        #expect(filter.receive(.clipboard(.copy), at: 120).isEmpty)                       // nothing selected
        _ = filter.receive(.selectionChanged(id: "field", selection: 0..<2, text: "hi yo"), at: 130)
        #expect(filter.receive(.clipboard(.copy), at: 300) == [.echo("copied", unit: .word)])
        _ = filter.receive(.clipboard(.cut), at: 400)
        #expect(filter.receive(.textDeleted(id: "field", offset: 0, text: "hi"), at: 410) == [.echo("cut: hi", unit: .line)])
        #expect(filter.receive(.textDeleted(id: "field", offset: 0, text: " "), at: 600) == [.echo("space", unit: .character)])
        _ = filter.receive(.clipboard(.paste), at: 700)
        #expect(filter.receive(.textDeleted(id: "field", offset: 0, text: "yo"), at: 705).isEmpty)
        #expect(filter.receive(.textInserted(id: "field", offset: 0, text: "hi"), at: 710) == [.echo("pasted: hi", unit: .line)])
        // Long after its key, an insertion is typing again.
        _ = filter.receive(.clipboard(.paste), at: 800)
        #expect(filter.receive(.textInserted(id: "field", offset: 2, text: "!"), at: 2_000) == [.echo("!", unit: .character)])
    }
}
