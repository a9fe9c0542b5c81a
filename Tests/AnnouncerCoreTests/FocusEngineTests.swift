import AnnouncerElements
import AnnouncerFocus
import AnnouncerSupport
import Testing

/// The keyboard focus model on a small game screen: a toolbar group, a card group whose views
/// are readable but not interactive, and a slider.
@Suite struct FocusEngineTests {
    static let screen = #"""
        [
          {"id":"toolbar","group":"toolbar","children":[
            {"id":"settings","label":"Settings","traits":["button"],"inputLabels":["settings","prefs","preferences","gear"]},
            {"id":"help","label":"Help","traits":["button"]}
          ]},
          {"id":"title","label":"Shape Shuffle","traits":["header"]},
          {"id":"cards","group":"cards","container":"list","children":[
            {"id":"card1","label":"Card 1","traits":["button"],"actions":[{"id":"add","name":"Add"},{"id":"pin","name":"Pin"}],
             "children":[{"id":"shape1","label":"Circle"}],"accessible":true},
            {"id":"card2","label":"Card 2","traits":["button"],"priority":"prioritized","actions":[{"id":"add","name":"Add"}]},
            {"id":"card3","label":"Card 3","traits":["button"]},
            {"id":"colour","label":"Red"}
          ]},
          {"id":"speed","label":"Speed","value":"3","traits":["adjustable"]},
          {"id":"disabled","label":"Hidden","traits":["button"],"hidden":true}
        ]
        """#

    func engine() throws -> FocusEngine {
        FocusEngine(tree: try ElementTree(json: try JSONValue.parse(Self.screen)))
    }

    func focusedIDs(_ actions: [FocusEngine.Action]) -> [String] {
        actions.compactMap { if case .focus(let item) = $0 { item.element.id } else { nil } }
    }

    @Test func groupsAreOrderedByTheirFirstElementAndSkipNonInteractive() throws {
        let engine = try engine()
        #expect(engine.groups.map { $0.map(\.element.id!) } == [["settings", "help"], ["card1", "card2", "card3"], ["speed"]])
        #expect(engine.items.map(\.element.id!) == ["settings", "help", "title", "card1", "card2", "card3", "colour", "speed"])
    }

    @Test func aScreenFocusesTheFirstGroupsPrimaryItem() throws {
        var engine = try engine()
        #expect(focusedIDs(engine.replaceTree(engine.tree, focus: nil)) == ["settings"])
        #expect(focusedIDs(engine.replaceTree(engine.tree, focus: "card3")) == ["card3"])
    }

    @Test func tabMovesBetweenGroupsToTheHighestPriorityAndWraps() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: nil)
        #expect(focusedIDs(engine.press(KeyPress("tab"))) == ["card2"])  // prioritized
        #expect(focusedIDs(engine.press(KeyPress("tab"))) == ["speed"])
        #expect(focusedIDs(engine.press(KeyPress("tab"))) == ["settings"])  // wraps
        #expect(focusedIDs(engine.press(KeyPress("tab", [.shift]))) == ["speed"])  // wraps back
    }

    @Test func theLastFocusedItemOfAGroupCountsAsPreviouslyFocused() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "help")
        _ = engine.press(KeyPress("tab"))  // cards: card2 (2000)
        _ = engine.press(KeyPress("tab", [.shift]))  // back to toolbar: help was last focused there (1000 > 0)
        #expect(engine.focusedID == "help")
    }

    @Test func previouslyFocusedDoesNotBeatPrioritized() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card3")
        _ = engine.press(KeyPress("tab"))  // speed
        _ = engine.press(KeyPress("tab", [.shift]))  // cards: card2 is prioritized (2000) over card3 (1000)
        #expect(engine.focusedID == "card2")
    }

    @Test func arrowsMoveInsideTheGroupWithoutWrapping() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card1")
        #expect(focusedIDs(engine.press(KeyPress("right"))) == ["card2"])
        #expect(focusedIDs(engine.press(KeyPress("down"))) == ["card3"])
        #expect(engine.press(KeyPress("down")).isEmpty)  // "colour" is not interactive; no wrap
        #expect(focusedIDs(engine.press(KeyPress("left"))) == ["card2"])
    }

    @Test func upAndDownAdjustAnAdjustableElement() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "speed")
        #expect(engine.press(KeyPress("up")) == [.adjust(elementID: "speed", direction: .increment)])
        #expect(engine.press(KeyPress("down")) == [.adjust(elementID: "speed", direction: .decrement)])
    }

    @Test func spaceAndReturnActivate() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "help")
        #expect(engine.press(KeyPress("space")) == [.activate(elementID: "help")])
        #expect(engine.press(KeyPress("return")) == [.activate(elementID: "help")])
    }

    @Test func navigateVisitsEveryAccessibleElementIncludingNonInteractive() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card3")
        let read = engine.navigate("next")
        guard case .read(let item)? = read.first else { Issue.record("no read"); return }
        #expect(item.element.id == "colour")
        #expect(item.context == .listEnd)
        #expect(engine.focusedID == "card3")  // the keyboard focus stays
        guard case .read(let first)? = engine.navigate("first").first else { Issue.record("no read"); return }
        #expect(first.element.id == "settings")
    }

    @Test func theActionsMenu() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card1")
        #expect(engine.press(KeyPress("z", [.tab])) == [.say(.actionsMenuItem(name: "Add", index: 1, count: 2))])
        #expect(engine.press(KeyPress("down")) == [.say(.actionsMenuItem(name: "Pin", index: 2, count: 2))])
        #expect(engine.press(KeyPress("down")) == [.say(.actionsMenuItem(name: "Pin", index: 2, count: 2))])
        #expect(engine.press(KeyPress("space")) == [.action(elementID: "card1", actionID: "pin")])
        // Closed again: arrows move focus.
        #expect(focusedIDs(engine.press(KeyPress("right"))) == ["card2"])
        _ = engine.press(KeyPress("z", [.tab]))
        #expect(engine.press(KeyPress("escape")) == [.say(.menuClosed)])
        _ = engine.press(KeyPress("right"))
        #expect(engine.press(KeyPress("z", [.tab])) == [.say(.noActions)])
    }

    @Test func findMatchesLabelsAndInputLabelsRankingWholeWordsFirst() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card3")
        #expect(engine.press(KeyPress("f", [.tab])) == [.say(.findStarted)])
        var last: [FocusEngine.Action] = []
        for character in "prefs" { last = engine.press(KeyPress(String(character))) }
        guard case .say(.findMatch(let match))? = last.first else { Issue.record("no match: \(last)"); return }
        #expect(match.element.id == "settings")
        #expect(focusedIDs(engine.press(KeyPress("return"))) == ["settings"])

        // "card 2" is a whole-word match for "2"; nothing else has the word.
        _ = engine.press(KeyPress("f", [.tab]))
        _ = engine.press(KeyPress("2"))
        #expect(engine.bestMatch(for: "2")?.element.id == "card2")
        #expect(engine.bestMatch(for: "hel")?.element.id == "help")  // prefix
        #expect(engine.bestMatch(for: "ear")?.element.id == "settings")  // substring of "gear"
        #expect(engine.bestMatch(for: "zzz") == nil)
        // Escape restores the focus from before find.
        #expect(engine.press(KeyPress("escape")) == [.say(.findCancelled), .focus(engine.item(withID: "settings")!)])
        #expect(engine.focusedID == "settings")
    }

    @Test func commandsFireOnlyWhenEnabled() throws {
        var engine = try engine()
        engine.register([
            KeyCommand(id: "add", title: "Add Card", key: KeyPress("a"), when: .focused),
            KeyCommand(id: "new", title: "New Game", discoverabilityTitle: "Start a new game", key: KeyPress("n", [.command])),
        ])
        // Nothing focused: the focused-only command neither fires nor appears.
        #expect(engine.press(KeyPress("a")).isEmpty)
        #expect(engine.press(KeyPress("command")) == [.say(.shortcuts(["Start a new game"]))])
        #expect(engine.press(KeyPress("n", [.command])) == [.command(commandID: "new", elementID: nil)])
        _ = engine.replaceTree(engine.tree, focus: "card1")
        #expect(engine.press(KeyPress("a")) == [.command(commandID: "add", elementID: "card1")])
        #expect(engine.press(KeyPress("command")) == [.say(.shortcuts(["Add Card", "Start a new game"]))])
        #expect(engine.press(KeyPress("h", [.tab])) == [.say(.help(commands: ["Add Card", "Start a new game"]))])
    }

    @Test func theOverlayGroupsCommandsByMenu() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card1")
        engine.register([
            KeyCommand(id: "add", title: "Add Card", key: KeyPress("a"), when: .focused, menu: "Gameplay"),
            KeyCommand(id: "new", title: "New Game", key: KeyPress("n", [.command])),
            KeyCommand(id: "pin", title: "Pin Card", key: KeyPress("p"), when: .focused, menu: "Gameplay"),
        ])
        #expect(engine.press(KeyPress("command")) == [.say(.shortcuts(["Gameplay: Add Card, Pin Card", "New Game"]))])
    }

    @Test(arguments: [#"{"key":"tab"}"#, #"{"key":"z","modifiers":["tab"]}"#, #"{"key":"space"}"#, #"{"key":"up"}"#, #"{"key":"command"}"#])
    func aCommandMayNotTakeAFocusModelKey(_ key: String) throws {
        var members = try JSONValue.parse(key)
        if case .object(var object) = members {
            object["id"] = "x"
            object["title"] = "X"
            members = .object(object)
        }
        let error = #expect(throws: FieldError.self) { try KeyCommand(json: members, path: "commands[0]") }
        #expect(error?.problem.contains("used by the keyboard focus model") == true)
    }

    @Test func aLayoutChangeKeepsFocusOrMovesItToTheNearestSurvivor() throws {
        var engine = try engine()
        _ = engine.replaceTree(engine.tree, focus: "card2")
        // card2 stays (as a new version): focus is kept, nothing is said.
        #expect(try engine.updateElements([Element(id: "card2", label: "Card Two", traits: [.button])], focus: nil).isEmpty)
        #expect(engine.focusedID == "card2")
        // card2 becomes hidden: focus goes to the next survivor in reading order.
        let moved = try engine.updateElements([Element(id: "card2", label: "Card Two", traits: [.button], hidden: true)], focus: nil)
        #expect(focusedIDs(moved) == ["card3"])
        // Refocus as asked.
        #expect(focusedIDs(try engine.updateElements([Element(id: "card3", label: "Card 3", traits: [.button])], focus: "help")) == ["help"])
        // An unknown id is an error and changes nothing.
        #expect(throws: FieldError.self) { try engine.updateElements([Element(id: "nope")], focus: nil) }
        #expect(engine.focusedID == "help")
    }
}
