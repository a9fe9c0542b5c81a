import AnnouncerElements
import AnnouncerFocus
import AnnouncerSupport
import AnnouncerWire
import Testing

/// Every way a tree can grow has a bound: depth and text on `update` as on `screen`, the length
/// of a label, and find's cost per keystroke.
@Suite struct TreeBoundsTests {
    /// A chain of `depth` elements, ids prefixed with `prefix`.
    func chain(_ depth: Int, prefix: String) -> Element {
        var element = Element(id: "\(prefix)\(depth)", label: "Leaf")
        for level in stride(from: depth - 1, through: 1, by: -1) {
            element = Element(id: "\(prefix)\(level)", children: [element])
        }
        return element
    }

    @Test func anUpdateCannotGraftATreeDeeperThanTheLimit() throws {
        var engine = FocusEngine(tree: try ElementTree(roots: [chain(40, prefix: "a")]))
        // 40 + 30 levels: each piece alone is within bounds, grafted together they are not.
        var graft = chain(30, prefix: "b")
        graft.id = "a40"
        #expect(throws: FieldError.self) { _ = try engine.updateElements([graft], focus: nil) }
        #expect(engine.tree.roots == [chain(40, prefix: "a")], "a refused update changes nothing")
    }

    @Test func anUpdateCannotGrowATreePastItsTextBudget() throws {
        let label = String(repeating: "x", count: Element.maximumTextBytes)
        let count = ElementTree.maximumTextBytes / Element.maximumTextBytes + 1
        var engine = FocusEngine(tree: try ElementTree(roots: (0..<count).map { Element(id: "e\($0)", label: "short") }))
        var refused = false
        for index in 0..<count {
            do {
                _ = try engine.updateElements([Element(id: "e\(index)", label: label)], focus: nil)
            } catch {
                refused = true
                #expect(error.description.contains("bytes of text"))
                break
            }
        }
        #expect(refused)
    }

    @Test func aLabelLongerThanTheLimitIsRefused() throws {
        let long = String(repeating: "x", count: Element.maximumTextBytes + 1)
        #expect(throws: RequestError.self) {
            _ = try RequestLine(Array(#"{"type":"focus","element":{"label":"\#(long)"}}"#.utf8))
        }
        _ = try RequestLine(Array(#"{"type":"focus","element":{"label":"\#(long.dropLast())"}}"#.utf8))
    }

    /// Typing narrows find to what matched so far; it must find what a search from scratch finds.
    @Test func findWhileTypingFindsWhatAFreshSearchFinds() throws {
        let names = ["Settings", "Set timer", "Sets", "Reset", "Asset library", "Setup wizard", "Help"]
        let elements = names.enumerated().map { Element(id: "e\($0.offset)", label: $0.element, traits: [.button]) }
        var engine = FocusEngine(tree: try ElementTree(roots: elements))
        _ = engine.press(KeyPress("f", [.tab]))
        var query = ""
        for character in "setup" {
            query.append(character)
            let actions = engine.press(KeyPress(String(character), []))
            let expected = engine.bestMatch(for: query)
            guard case .say(.findMatch(let match))? = actions.last else {
                #expect(expected == nil, "no match spoken for \(query)")
                continue
            }
            #expect(match.element.id == expected?.element.id, "query \(query)")
        }
        #expect(engine.bestMatch(for: "setup")?.element.label == "Setup wizard")
    }
}
