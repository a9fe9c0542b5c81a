import AnnouncerComposer
import AnnouncerFocus
import AnnouncerTestSupport
import AnnouncerWire
import Testing

/// A screen's first words are chosen by one rule, `FocusEngine.firstSpoken`, for the daemon and
/// for `compose --timeline` and `--play` (which go through `Request.schedulerEvent`).
@Suite struct FirstFocusTests {
    let composer = UtteranceComposer(catalog: packagedCatalog)

    func screen(_ json: String) throws -> Request {
        try RequestLine(Array(json.utf8)).request
    }

    func spokenFirst(_ request: Request) -> String? {
        guard case .focus(let description, _)? = request.schedulerEvent(composer: composer) else { return nil }
        return description.text
    }

    @Test func aPrioritizedItemThatIsNotFirstIsSpokenFirstEverywhere() throws {
        let request = try screen(#"""
            {"type":"screen","elements":[
              {"id":"a","label":"First","traits":["button"],"group":"g"},
              {"id":"b","label":"Second","traits":["button"],"group":"g","priority":"prioritized"}]}
            """#)
        guard case .screen(let tree, let focus) = request else { Issue.record("not a screen"); return }
        var engine = FocusEngine(tree: tree)
        let actions = engine.replaceTree(tree, focus: focus)
        #expect(engine.focusedID == "b")
        #expect(actions.contains { if case .focus(let item) = $0 { item.element.id == "b" } else { false } })
        #expect(spokenFirst(request) == "Second. Button.")
    }

    @Test func aScreenWithNothingInteractiveIsReadFromItsFirstElement() throws {
        let request = try screen(#"{"type":"screen","elements":[{"id":"t","label":"Welcome","traits":["header"]},{"id":"p","label":"Hello"}]}"#)
        #expect(spokenFirst(request) == "Welcome. Heading.")
    }

    @Test func anAskedForFocusWins() throws {
        let request = try screen(#"{"type":"screen","focus":"p","elements":[{"id":"a","label":"A","traits":["button"]},{"id":"p","label":"Pick me","traits":["button"]}]}"#)
        #expect(spokenFirst(request) == "Pick me. Button.")
    }
}
