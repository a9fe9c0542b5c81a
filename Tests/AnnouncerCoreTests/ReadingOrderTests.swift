import AnnouncerElements
import AnnouncerSupport
import Testing

/// Trees and the descriptions VoiceOver reads for them, in order.
@Suite struct ReadingOrderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var elements: String
        var spoken: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "flat list in document order",
             elements: #"[{"id":"a","label":"A"},{"id":"b","label":"B","traits":["button"]},{"id":"c","label":"C"}]"#,
             spoken: ["A", "B. Button.", "C"]),
        Case(name: "elements without words are skipped",
             elements: #"[{"id":"a","label":"A"},{"id":"spacer"},{"id":"c","label":"C"}]"#,
             spoken: ["A", "C"]),
        Case(name: "hidden removes a subtree",
             elements: #"[{"id":"a","label":"A"},{"id":"h","hidden":true,"children":[{"id":"x","label":"X"}]},{"id":"y","label":"Y","hidden":true}]"#,
             spoken: ["A"]),
        Case(name: "an accessible element hides its children",
             elements: #"[{"id":"cell","label":"Row","accessible":true,"children":[{"id":"t","label":"Title"},{"id":"s","label":"Subtitle"}]}]"#,
             spoken: ["Row"]),
        Case(name: "accessible false skips an element but not its children",
             elements: #"[{"id":"p","label":"Panel","accessible":false},{"id":"q","accessible":false,"children":[{"id":"c","label":"Child"}]}]"#,
             spoken: ["Child"]),
        Case(name: "tab bar gives Tab and position",
             elements: #"[{"id":"bar","container":"tabBar","children":[{"id":"h","label":"Home","traits":["button"]},{"id":"s","label":"Search","traits":["button","selected"]},{"id":"p","label":"Profile","traits":["button"]}]}]"#,
             spoken: ["Home. Tab. 1 of 3.", "Selected: Search. Tab. 2 of 3.", "Profile. Tab. 3 of 3."]),
        Case(name: "segmented control is a series",
             elements: #"[{"id":"seg","container":"series","children":[{"id":"d","label":"Day","traits":["button"]},{"id":"w","label":"Week","traits":["button","selected"]}]}]"#,
             spoken: ["Day. Button. 1 of 2.", "Selected: Week. Button. 2 of 2."]),
        Case(name: "list start and end, middle plain",
             elements: #"[{"id":"l","container":"list","children":[{"id":"1","label":"One"},{"id":"2","label":"Two"},{"id":"3","label":"Three"}]}]"#,
             spoken: ["One. List Start.", "Two", "Three. List End."]),
        Case(name: "a list of one is only its start",
             elements: #"[{"id":"l","container":"list","children":[{"id":"1","label":"Only"}]}]"#,
             spoken: ["Only. List Start."]),
        Case(name: "landmark",
             elements: #"[{"id":"nav","container":"landmark","children":[{"id":"1","label":"Top","traits":["header"]},{"id":"2","label":"Link","traits":["link"]}]},{"id":"after","label":"After"}]"#,
             spoken: ["Top. Heading. Landmark.", "Link. Link. End.", "After"]),
        Case(name: "positions count accessible children only",
             elements: #"[{"id":"seg","container":"series","children":[{"id":"a","label":"A"},{"id":"gone","hidden":true,"label":"G"},{"id":"blank"},{"id":"b","label":"B"}]}]"#,
             spoken: ["A 1 of 2.", "B 2 of 2."]),
        Case(name: "frames order top to bottom then leading to trailing",
             elements: #"[{"id":"c","label":"C","frame":[0,100,10,10]},{"id":"b","label":"B","frame":[50,0,10,10]},{"id":"a","label":"A","frame":[0,0,10,10]}]"#,
             spoken: ["A", "B", "C"]),
        Case(name: "tops within the row tolerance are one row",
             elements: #"[{"id":"r","label":"Right","frame":[100,0,10,10]},{"id":"l","label":"Left","frame":[0,7.9,10,10]},{"id":"below","label":"Below","frame":[0,8,10,10]}]"#,
             spoken: ["Left", "Right", "Below"]),
        Case(name: "a sibling without a frame keeps document order",
             elements: #"[{"id":"c","label":"C","frame":[0,100,10,10]},{"id":"a","label":"A"},{"id":"b","label":"B","frame":[0,0,10,10]}]"#,
             spoken: ["C", "A", "B"]),
        Case(name: "children of a plain parent join the parent's siblings",
             elements: #"[{"id":"p","children":[{"id":"low","label":"Low","frame":[0,200,10,10]},{"id":"high","label":"High","frame":[0,0,10,10]}]},{"id":"mid","label":"Mid","frame":[0,100,10,10]}]"#,
             spoken: ["High", "Mid", "Low"]),
        Case(name: "a container stays together, placed by its children",
             elements: #"[{"id":"g","container":"semanticGroup","children":[{"id":"low","label":"Low","frame":[0,200,10,10]},{"id":"high","label":"High","frame":[0,0,10,10]}]},{"id":"mid","label":"Mid","frame":[0,100,10,10]}]"#,
             spoken: ["High", "Low", "Mid"]),
        Case(name: "a container's own frame places it",
             elements: #"[{"id":"g","container":"semanticGroup","frame":[0,300,10,10],"children":[{"id":"x","label":"X","frame":[0,0,10,10]}]},{"id":"mid","label":"Mid","frame":[0,100,10,10]}]"#,
             spoken: ["Mid", "X"]),
        Case(name: "nested containers: list of series",
             elements: #"[{"id":"l","container":"list","children":[{"id":"first","label":"First"},{"id":"seg","container":"series","children":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},{"id":"last","label":"Last"}]}]"#,
             spoken: ["First. List Start.", "A 1 of 2.", "B 2 of 2.", "Last. List End."]),
        Case(name: "semantic group inside a list passes positions through",
             elements: #"[{"id":"l","container":"list","children":[{"id":"row1","container":"semanticGroup","children":[{"id":"t1","label":"Title 1"},{"id":"d1","label":"Detail 1"}]},{"id":"row2","container":"semanticGroup","children":[{"id":"t2","label":"Title 2"},{"id":"d2","label":"Detail 2"}]}]}]"#,
             spoken: ["Title 1. List Start.", "Detail 1", "Title 2", "Detail 2. List End."]),
        Case(name: "a tab bar laid out by frames numbers tabs in reading order",
             elements: #"[{"id":"bar","container":"tabBar","children":[{"id":"c","label":"C","frame":[200,0,50,40]},{"id":"a","label":"A","frame":[0,0,50,40]},{"id":"b","label":"B","frame":[100,0,50,40]}]}]"#,
             spoken: ["A. Tab. 1 of 3.", "B. Tab. 2 of 3.", "C. Tab. 3 of 3."]),
    ]

    @Test(arguments: cases)
    func readsInOrder(_ testCase: Case) throws {
        let tree = try ElementTree(json: try JSONValue.parse(testCase.elements))
        let spoken = tree.readingOrder.map { composer().compose($0).description }
        #expect(spoken == testCase.spoken)
    }

    /// VoiceOver's row cut-off is 8 points: tops 7 apart are one row, read leading to trailing;
    /// tops 8 apart are two rows, read top to bottom.
    @Test(arguments: [(7.0, ["left", "right"]), (8.0, ["right", "left"])])
    func rowToleranceIsVoiceOversEightPoints(drop: Double, order: [String]) throws {
        let json = #"[{"id":"right","label":"R","frame":[100,0,40,20]},{"id":"left","label":"L","frame":[0,\#(drop),40,20]}]"#
        let tree = try ElementTree(json: try JSONValue.parse(json))
        #expect(tree.readingOrder.map(\.element.id) == order)
    }

    @Test func readingOrderKeepsElementsAndContexts() throws {
        let tree = try ElementTree(json: try JSONValue.parse(#"[{"id":"l","container":"list","children":[{"id":"1","label":"One"},{"id":"2","label":"Two"}]}]"#))
        #expect(tree.readingOrder.map(\.element.id) == ["1", "2"])
        #expect(tree.readingOrder.map(\.context) == [.listStart, .listEnd])
    }
}
