import AnnouncerElements
import AnnouncerSupport
import Testing

@Suite struct ElementDecodingTests {
    /// Every trait is a bit of its own in `Traits`: one that fell off the end of the word would
    /// be silently dropped from every element.
    @Test func enteredContainersDecodeAndEncodeBack() throws {
        let decoded = try element(#"{"label":"Lettuce","entered":[{"kind":"radioGroup","label":"Crust"},{"kind":"table"}]}"#)
        #expect(decoded.entered == [EnteredContainer(.radioGroup, label: "Crust"), EnteredContainer(.table)])
        #expect(try Element(json: decoded.json) == decoded)
        let left = try element(#"{"label":"Send","left":[{"kind":"radioGroup"}]}"#)
        #expect(left.left == [EnteredContainer(.radioGroup)])
        #expect(try Element(json: left.json) == left)
        let described = try element(#"{"label":"Street","entered":[{"kind":"dialog","label":"New address","description":"Where?"}]}"#)
        #expect(described.entered == [EnteredContainer(.dialog, label: "New address", description: "Where?")])
        #expect(try Element(json: described.json) == described)
        let counted = try element(#"{"label":"Home","entered":[{"kind":"list","count":4}]}"#)
        #expect(counted.entered == [EnteredContainer(.list, count: 4)])
        #expect(try Element(json: counted.json) == counted)
        #expect(throws: FieldError.self) { try element(#"{"entered":[{"kind":"list","count":-1}]}"#) }
        let sized = try element(#"{"label":"Date","entered":[{"kind":"grid","rows":7,"columns":5}]}"#)
        #expect(sized.entered == [EnteredContainer(.grid, rows: 7, columns: 5)])
        #expect(try Element(json: sized.json) == sized)
        #expect(throws: FieldError.self) { try element(#"{"entered":[{"kind":"list","count":2.5}]}"#) }
        #expect(throws: FieldError.self) { try element(#"{"left":[{"kind":"room"}]}"#) }
        #expect(throws: FieldError.self) { try element(#"{"entered":[{"kind":"box"}]}"#) }
        #expect(throws: FieldError.self) { try element(#"{"entered":[{"kind":"group","colour":"red"}]}"#) }
    }

    /// A cell's context decodes and encodes back, with its row or its column left out (the
    /// focus moved along one of them) or both given.
    @Test func aCellsContextDecodesAndEncodesBack() throws {
        let both = try element(#"{"label":"2 May","context":{"kind":"cell","headers":["Date","Monday"],"row":2,"rows":4,"column":1,"columns":3}}"#)
        #expect(both.context == .cell(headers: ["Date", "Monday"], row: 2, rows: 4, column: 1, columns: 3))
        #expect(try Element(json: both.json) == both)
        let along = try element(#"{"label":"Bread","context":{"kind":"cell","rows":4,"column":2,"columns":3}}"#)
        #expect(along.context == .cell(headers: [], row: nil, rows: 4, column: 2, columns: 3))
        #expect(try Element(json: along.json) == along)
        #expect(throws: FieldError.self) { try element(#"{"context":{"kind":"cell","rows":4,"columns":3,"span":2}}"#) }
    }

    /// A range decodes and encodes back; a range upside down, unbounded or with a stray field is
    /// refused by its path.
    @Test func aRangeDecodesAndBadOnesAreRefused() throws {
        let decoded = try element(#"{"label":"Red","range":{"minimum":0,"maximum":255}}"#)
        #expect(decoded.range == ValueRange(minimum: 0, maximum: 255))
        #expect(try Element(json: decoded.json) == decoded)
        for bad in [#"{"range":{"minimum":5,"maximum":1}}"#, #"{"range":{"minimum":0}}"#, #"{"range":{"minimum":0,"maximum":1e300}}"#,
                    #"{"range":{"minimum":0,"maximum":1,"step":1}}"#, #"{"range":[0,1]}"#] {
            #expect(throws: FieldError.self, "\(bad)") { try element(bad) }
        }
    }

    /// A label's stretches in other languages decode and encode back; a bad one is refused.
    @Test func labelLanguagesDecodeAndBadOnesAreRefused() throws {
        let decoded = try element(#"{"label":"Il a dit hello","labelLanguages":[{"offset":9,"count":5,"language":"en-GB"}]}"#)
        #expect(decoded.labelLanguages == [LanguageSpan(offset: 9, count: 5, language: "en-GB")])
        #expect(try Element(json: decoded.json) == decoded)
        for bad in [#"{"labelLanguages":[{"offset":-1,"count":5,"language":"en"}]}"#, #"{"labelLanguages":[{"offset":0,"count":0,"language":"en"}]}"#,
                    #"{"labelLanguages":[{"offset":0,"count":2,"language":"not a tag"}]}"#, #"{"labelLanguages":[{"offset":0,"count":2}]}"#,
                    #"{"labelLanguages":[{"offset":0,"count":2,"language":"en","voice":"x"}]}"#, #"{"labelLanguages":{"offset":0}}"#] {
            #expect(throws: FieldError.self, "\(bad)") { try element(bad) }
        }
    }

    @Test func everyTraitHasABitOfItsOwn() {
        var all = Traits()
        for trait in Trait.allCases {
            let one = Traits([trait])
            #expect(one.names == [trait.rawValue], "\(trait) is not a bit of its own")
            #expect(all.isDisjoint(with: one), "\(trait) shares its bit")
            all.formUnion(one)
        }
        #expect(all.names == Trait.allCases.map(\.rawValue))
    }

    @Test func decodesEveryField() throws {
        let decoded = try element(#"""
            {"id":"card","label":"Card","value":"3","hint":"A card","traits":["button","selected"],"language":"de",
             "accessible":true,"interactive":false,"hidden":false,"inputLabels":["card","tile"],
             "actions":[{"id":"add","name":"Add"},{"name":"Pin"}],"group":"cards","priority":"prioritized",
             "frame":[1,2,30,40],"shape":{"polygon":[[0,0],[10,0],[5,8]]},"container":"list",
             "context":{"kind":"series","index":2,"count":3},"children":[{"id":"inner","label":"Inner"}]}
            """#)
        #expect(decoded.id == "card")
        #expect(decoded.traits == [.button, .selected])
        #expect(decoded.inputLabels == ["card", "tile"])
        #expect(decoded.actions == [CustomAction(id: "add", name: "Add"), CustomAction(id: "Pin", name: "Pin")])
        #expect(decoded.priority == 2000)
        #expect(decoded.frame == Frame(x: 1, y: 2, width: 30, height: 40))
        #expect(decoded.shape == .polygon([.init(x: 0, y: 0), .init(x: 10, y: 0), .init(x: 5, y: 8)]))
        #expect(decoded.container == .list)
        #expect(decoded.context == .series(index: 2, count: 3))
        #expect(decoded.children.map(\.id) == ["inner"])
        #expect(decoded.isAccessible)
        #expect(!decoded.isInteractive)
    }

    @Test(arguments: [
        #"{"id":"a","label":"A","traits":["button","header"],"frame":[0,0,10,10],"shape":"ellipse","priority":5,"children":[{"id":"b","value":"1","hidden":true}]}"#,
        #"{"label":"A","context":{"kind":"listStart"},"shape":{"polygon":[[0,0],[1,0],[0,1]]},"actions":[{"id":"x","name":"X"}]}"#,
        #"{"container":"tabBar","children":[{"label":"t","context":{"kind":"tab","index":1,"count":1}}]}"#,
    ])
    func encodingRoundTrips(_ json: String) throws {
        let decoded = try element(json)
        #expect(try Element(json: try JSONValue.parse(decoded.json.serialized())) == decoded)
        #expect(try JSONValue.parse(decoded.json.serialized()) == JSONValue.parse(json))
    }

    @Test func defaults() throws {
        #expect(try element(#"{"label":"A"}"#).isAccessible)
        #expect(try !element(#"{}"#).isAccessible)
        #expect(try !element(#"{"label":"A","children":[{"label":"B"}]}"#).isAccessible)
        #expect(try element(#"{"label":"A","traits":["link"]}"#).isInteractive)
        #expect(try element(#"{"label":"A","actions":[{"name":"Go"}]}"#).isInteractive)
        #expect(try !element(#"{"label":"A","traits":["header","image"]}"#).isInteractive)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var path: String
        var problem: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        BadCase(name: "unknown trait", json: #"{"traits":["button","buton"]}"#, path: "element.traits[1]", problem: "unknown trait \"buton\"; the traits are \(Trait.allCases.map(\.rawValue).joined(separator: ", "))"),
        BadCase(name: "frame of three numbers", json: #"{"frame":[1,2,3]}"#, path: "element.frame", problem: "expected four numbers [x, y, width, height], got 3 items"),
        BadCase(name: "frame not numbers", json: #"{"frame":[1,2,"3",4]}"#, path: "element.frame[2]", problem: "expected a number, got a string"),
        BadCase(name: "negative size", json: #"{"frame":[1,2,-3,4]}"#, path: "element.frame", problem: "width and height must not be negative"),
        BadCase(name: "label not a string", json: #"{"label":5}"#, path: "element.label", problem: "expected a string, got a number"),
        BadCase(name: "unknown field", json: #"{"lable":"A"}"#, path: "element.lable", problem: "unknown field"),
        BadCase(name: "unknown container", json: #"{"container":"grid"}"#, path: "element.container", problem: "unknown container \"grid\"; expected one of list, landmark, series, tabBar, semanticGroup"),
        BadCase(name: "context index past count", json: #"{"context":{"kind":"series","index":4,"count":3}}"#, path: "element.context.index", problem: "index 4 is greater than count 3"),
        BadCase(name: "cell row past its rows", json: #"{"context":{"kind":"cell","row":5,"rows":4,"columns":3}}"#, path: "element.context.row", problem: "expected a whole number from 1 to 4, got 5"),
        BadCase(name: "cell header not a string", json: #"{"context":{"kind":"cell","headers":[1],"rows":4,"columns":3}}"#, path: "element.context.headers[0]", problem: "a header is a string"),
        BadCase(name: "cell without its columns", json: #"{"context":{"kind":"cell","rows":4}}"#, path: "element.context.columns", problem: "required field is missing"),
        BadCase(name: "context without kind", json: #"{"context":{"index":1}}"#, path: "element.context.kind", problem: "required field is missing"),
        BadCase(name: "bad shape", json: #"{"shape":"star"}"#, path: "element.shape", problem: "expected \"rect\", \"roundedRect\", \"ellipse\" or {\"polygon\": [[x, y], …]}"),
        BadCase(name: "polygon of two points", json: #"{"shape":{"polygon":[[0,0],[1,1]]}}"#, path: "element.shape.polygon", problem: "expected 3 to 1024 points, got 2"),
        BadCase(name: "action without name", json: #"{"actions":[{"id":"x"}]}"#, path: "element.actions[0].name", problem: "required field is missing"),
        BadCase(name: "bad priority name", json: #"{"priority":"high"}"#, path: "element.priority", problem: "expected \"prioritized\", \"previouslyFocused\" or a whole number, got \"high\""),
        BadCase(name: "fractional priority", json: #"{"priority":1.5}"#, path: "element.priority", problem: "expected a whole number from -1000000 to 1000000, got 1.5"),
        BadCase(name: "child error names its path", json: #"{"children":[{"label":"a"},{"traits":["nope"]}]}"#, path: "element.children[1].traits[0]", problem: "unknown trait \"nope\"; the traits are \(Trait.allCases.map(\.rawValue).joined(separator: ", "))"),
        BadCase(name: "element not an object", json: #"["label"]"#, path: "element", problem: "expected an object, got an array"),
    ])
    func refusesBadInput(_ bad: BadCase) throws {
        let error = #expect(throws: FieldError.self) { try element(bad.json) }
        #expect(error?.path == bad.path)
        #expect(error?.problem == bad.problem)
    }

    @Test func nestingAtTheBoundIsAcceptedAndBeyondItRefused() throws {
        func nested(_ depth: Int) -> String {
            var json = #"{"label":"leaf"}"#
            for _ in 1..<depth { json = #"{"children":["# + json + "]}" }
            return json
        }
        #expect(try element(nested(Element.maximumDepth)).children.count == 1)
        let error = #expect(throws: FieldError.self) { try element(nested(Element.maximumDepth + 1)) }
        #expect(error?.problem == "elements nest deeper than \(Element.maximumDepth) levels")
    }

    @Test func treeNeedsIDs() throws {
        let error = #expect(throws: FieldError.self) {
            try ElementTree(json: try JSONValue.parse(#"[{"id":"a","children":[{"label":"no id"}]}]"#))
        }
        #expect(error?.kind == .missing)
        #expect(error?.path == "elements[0].children[0].id")
    }

    @Test func treeRefusesDuplicateIDs() throws {
        let error = #expect(throws: FieldError.self) {
            try ElementTree(json: try JSONValue.parse(#"[{"id":"a"},{"id":"b","children":[{"id":"a"}]}]"#))
        }
        #expect(error?.path == "elements[1].children[0].id")
        #expect(error?.problem == "duplicate id \"a\" (first used at elements[0])")
    }

    @Test func treeSizeBound() throws {
        let atBound = (0..<ElementTree.maximumElementCount).map { Element(id: "e\($0)", label: "x") }
        #expect(try ElementTree(roots: atBound).roots.count == ElementTree.maximumElementCount)
        let error = #expect(throws: FieldError.self) {
            try ElementTree(roots: atBound + [Element(id: "one-more")])
        }
        #expect(error?.problem == "the tree has more than \(ElementTree.maximumElementCount) elements")
    }
}
