import AnnouncerBrailleRules
import AnnouncerElements
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Testing

/// One cell per character, the character's low six bits as its dots: enough to see where each
/// character went, with no table.
struct OneCellPerCharacter: BrailleTranslating {
    func translate(_ text: String, grade: BrailleGrade, caret: Int?) -> BrailleCells {
        let cells = text.map { UInt8(truncatingIfNeeded: $0.unicodeScalars.first!.value & 0x3F) }
        return BrailleCells(cells: cells, cellOfCharacter: Array(cells.indices), characterOfCell: Array(cells.indices))
    }
}

/// What a braille display shows for elements (docs/design.md §20), in the locale's short forms.
@Suite struct BrailleComposerTests {
    let english = BrailleComposer(words: packagedCatalog.table(for: "en")!)

    static func element(_ json: String) throws -> Element { try Element(json: JSONValue.parse(Array(json.utf8))) }

    @Test(arguments: [
        (#"{"id":"p","label":"Play","traits":["button"],"context":{"kind":"series","index":2,"count":5}}"#, "Play btn 2/5"),
        (#"{"label":"Remember me","value":"1","traits":["checkBox"]}"#, "Remember me <x>"),
        (#"{"label":"Remember me","value":"0","traits":["checkBox","button"]}"#, "Remember me chk < >"),
        (#"{"label":"Mixed","value":"2","traits":["checkBox","button"]}"#, "Mixed chk <->"),
        (#"{"label":"Wi-Fi","value":"1","traits":["switchButton","button"]}"#, "Wi-Fi sw on"),
        (#"{"label":"Bold","value":"1","traits":["toggleButton","button"]}"#, "Bold tgl btn ="),
        (#"{"label":"Docs","traits":["link","visited"]}"#, "Docs vlnk lnk"),
        (#"{"label":"Thank you","value":"level 2","traits":["header"]}"#, "Thank you h2"),
        (#"{"label":"Section","traits":["header"]}"#, "Section h"),
        (#"{"label":"Volume","value":"50%","traits":["adjustable","slider"]}"#, "Volume 50% sldr"),
        (#"{"label":"FAQ","traits":["button","expanded"]}"#, "FAQ btn -"),
        (#"{"label":"Save","traits":["button","notEnabled"]}"#, "Save dim btn"),
        (#"{"label":"Email","value":"ada@example.com","traits":["textEntry","required"]}"#, "Email ed req ada@example.com"),
        (#"{"label":"PIN","value":"1234","traits":["textEntry","secureTextField"]}"#, "PIN pwd ed ****"),
        (#"{"label":"Editing","value":"x","traits":["textEntry","isEditing"]}"#, "Editing ed x"),
    ])
    func anElementInShortForms(json: String, shown: String) throws {
        #expect(english.focusLine(try Self.element(json)).text == shown)
    }

    @Test func aTextFieldsCaretIsInItsText() throws {
        let line = english.focusLine(try Self.element(#"{"id":"n","label":"Name","value":"Ada","caret":1,"traits":["textEntry"]}"#))
        #expect(line.text == "Name ed Ada")
        #expect(line.caret == 9)
        #expect(line.regions == [.init(range: 0..<11, element: "n", textStart: 8)])
        // Without a caret it is at the end of the text, where typing goes.
        #expect(english.focusLine(try Self.element(#"{"id":"n","label":"Name","value":"Ada","traits":["textEntry"]}"#)).caret == 11)
    }

    @Test func aFieldBeingEditedChangesItsTextInPlace() throws {
        let items = try [#"{"id":"n","label":"Name","value":"Ada","traits":["textEntry"]}"#, #"{"id":"ok","label":"OK","traits":["button"]}"#]
            .map { ReadingItem(element: try Self.element($0), context: nil) }
        let line = english.focusLine(items[0].element, group: items)
        #expect(line.text == "Name ed Ada OK btn")
        let edited = try #require(line.replacingText(of: "n", with: "Ada L", caret: 5))
        #expect(edited.text == "Name ed Ada L OK btn")
        #expect(edited.caret == 13)
        #expect(edited.regions.map(\.range) == [0..<13, 14..<20])
        // Not a field of the line: nothing to replace.
        #expect(line.replacingText(of: "ok", with: "x", caret: 0) == nil)
        #expect(line.replacingText(of: "gone", with: "x", caret: 0) == nil)
    }

    @Test func theFocusIsShownAmongItsGroup() throws {
        let items = try ["one", "two", "three"].map { ReadingItem(element: try Self.element(#"{"id":"\#($0)","label":"\#($0.capitalized)","traits":["button"]}"#), context: nil) }
        let line = english.focusLine(items[1].element, group: items)
        #expect(line.text == "One btn Two btn Three btn")
        #expect(line.focusStart == 8)
        #expect(line.regions.map(\.element) == ["one", "two", "three"])
        #expect(line.regions.map(\.range) == [0..<7, 8..<15, 16..<25])
        // A group that does not hold the element is not shown: the element alone.
        #expect(english.focusLine(try Self.element(#"{"id":"x","label":"X","traits":["button"]}"#), group: items).text == "X btn")
    }

    @Test func positionsFollowTheSetting() throws {
        let quiet = BrailleComposer(words: packagedCatalog.table(for: "en")!, positions: false)
        #expect(quiet.focusLine(try Self.element(#"{"label":"Play","traits":["button"],"context":{"kind":"series","index":2,"count":5}}"#)).text == "Play btn")
    }

    /// Every locale shows its own short forms: a German button is not "btn".
    @Test(arguments: LocaleTests.twelve.filter { $0 != "en" })
    func eachLocaleHasItsOwnShortForms(locale: String) throws {
        let words = try #require(packagedCatalog.table(for: locale))
        let line = BrailleComposer(words: words).focusLine(try Self.element(#"{"label":"OK","traits":["button"]}"#))
        #expect(line.text == "OK\(words[.space])\(words[.brailleButton])")
        #expect(!words.brailleTables.uncontracted.isEmpty)
    }
}

/// The display's state: lines, flashes, panning and routing, on a manual clock.
@Suite struct BrailleSessionTests {
    let translator = OneCellPerCharacter()

    static func group(_ labels: [String], focus: Int) -> BrailleLine {
        let items = labels.map { ReadingItem(element: Element(id: $0.lowercased(), label: $0, traits: [.button]), context: nil) }
        return BrailleComposer(words: packagedCatalog.table(for: "en")!).focusLine(items[focus].element, group: items)
    }

    @Test func theWindowStartsAtTheFocus() {
        var session = BrailleSession(width: 10)
        let frame = session.show(Self.group(["Alpha", "Bravo", "Charlie"], focus: 2), translator: translator)
        // "Alpha btn Bravo btn Charlie btn": Charlie starts at 20, the third window.
        #expect(frame.offset == 20)
        #expect(frame.window.count == 10)
        #expect(frame.window == Array(frame.cells[20..<30]))
    }

    @Test func panningMovesByTheWidthAndPastTheEndsMovesTheFocus() {
        var session = BrailleSession(width: 10)
        _ = session.show(Self.group(["Alpha", "Bravo"], focus: 0), translator: translator)   // 19 cells
        #expect(session.press(.panLeft).command == .previous)
        let right = session.press(.panRight)
        #expect(right.frame?.offset == 10 && right.command == nil)
        #expect(session.press(.panRight).command == .next)
        #expect(session.press(.panLeft).frame?.offset == 0)
        #expect(session.press(.lineDown).command == .next)
        #expect(session.press(.lineUp).command == .previous)
    }

    @Test func routingFocusesActivatesOrMovesTheCaret() {
        var session = BrailleSession(width: 40)
        _ = session.show(Self.group(["Alpha", "Bravo"], focus: 0), translator: translator)
        #expect(session.press(.route(12)).command == .focus(element: "bravo"))
        #expect(session.press(.route(2)).command == .activate(element: "alpha"))
        // Between two elements: nothing.
        #expect(session.press(.route(9)).command == nil)
        let field = BrailleComposer(words: packagedCatalog.table(for: "en")!).focusLine(Element(id: "n", label: "Name", value: "Ada", traits: [.textEntry]))
        _ = session.show(field, translator: translator)
        #expect(session.press(.route(9)).command == .caret(element: "n", offset: 1))
        #expect(session.press(.route(2)).command == .activate(element: "n"))
        // A door's line: its caret, anywhere, even past its end.
        _ = session.show(BrailleLine(kind: .text, text: "$ ls", caret: 4, regions: [.init(range: 0..<4, element: nil, textStart: 0)]), translator: translator)
        #expect(session.press(.route(2)).command == .caret(element: nil, offset: 2))
        #expect(session.press(.route(30)).command == .caret(element: nil, offset: 4))
    }

    @Test func theCaretIsDotsSevenAndEight() {
        var session = BrailleSession(width: 8)
        let inside = session.show(BrailleLine(kind: .text, text: "abc", caret: 1), translator: translator)
        #expect(inside.caretCell == 1)
        #expect(inside.cells == [0x21, 0x22 | 0xC0, 0x23])
        // At the end: a blank cell of its own.
        let end = session.show(BrailleLine(kind: .text, text: "abc", caret: 3), translator: translator)
        #expect(end.cells == [0x21, 0x22, 0x23, 0xC0])
        // A caret past the window: the window follows it.
        let far = session.show(BrailleLine(kind: .text, text: String(repeating: "x", count: 20), caret: 17), translator: translator)
        #expect(far.offset == 16)
        #expect(far.window[1] & 0xC0 == 0xC0)
    }

    @Test func aFlashGivesTheLineBackWhenItsTimeIsUpOrAKeyIsPressed() {
        var session = BrailleSession(width: 20, flashMilliseconds: 3000)
        _ = session.show(Self.group(["Play"], focus: 0), translator: translator)
        let flashed = session.flash("Saved", now: 1000, translator: translator)
        #expect(flashed.kind == .flash && flashed.text == "Saved")
        #expect(session.wake == 4000)
        #expect(session.tick(now: 3999) == nil)
        let back = session.tick(now: 4000)
        #expect(back?.kind == .focus && back?.text == "Play btn")
        #expect(session.wake == nil)
        // A key during a flash only ends it.
        _ = session.flash("Saved", now: 5000, translator: translator)
        let key = session.press(.route(0))
        #expect(key.command == nil && key.frame?.text == "Play btn")
        // A new focus ends it too.
        _ = session.flash("Saved", now: 6000, translator: translator)
        #expect(session.show(Self.group(["Stop"], focus: 0), translator: translator).text == "Stop btn")
        #expect(session.wake == nil)
    }

    @Test(arguments: [BrailleSession.Key.panLeft, .panRight, .route(0), .route(39), .lineUp, .lineDown, .top, .bottom])
    func aKeyNamesItselfForARecording(key: BrailleSession.Key) {
        #expect(BrailleSession.Key(name: key.name) == key)
    }
}
