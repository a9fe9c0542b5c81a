import AnnouncerBraille
import AnnouncerBrailleRules
import AnnouncerComposer
import AnnouncerScheduler
@testable import AnnouncerServer
@testable import AnnouncerSession
import AnnouncerSettings
import AnnouncerTestSupport
import Testing

/// The braille display's side of the daemon core (docs/design.md §20): what every door shows, and
/// the display's keys on the same focus model as the keyboard's, on a manual clock.
@Suite struct DaemonCoreBrailleTests {
    var test = CoreHarness(limits: DaemonLimits(maximumClients: 4, maximumBacklogBytes: 1 << 20, maximumQueuedPerClient: 50))

    /// The `braille` events in the actions, as `kind window-without-trailing-blanks`.
    static func shown(_ actions: [DaemonCore.Action]) -> [String] {
        actions.compactMap {
            guard case .send(_, .event(.braille(let shown))) = $0 else { return nil }
            return "\(shown.kind.rawValue) \(shown.text)"
        }
    }

    static func windows(_ actions: [DaemonCore.Action]) -> [String] {
        actions.compactMap { if case .showBraille(let cells) = $0 { BrailleCells.unicode(cells).replacing(/\u{2800}+$/, with: "") } else { nil } }
    }

    static let tree = #"{"type":"screen","id":1,"elements":[{"id":"one","label":"One","traits":["button"],"group":"g"},{"id":"two","label":"Two","traits":["button"],"group":"g"},{"id":"name","label":"Name","value":"Ada","traits":["textEntry"],"group":"g"}],"focus":"one"}"#

    @Test mutating func nothingIsTranslatedWithNoDisplayAndNoSubscriber() {
        _ = test.connect(1)
        let actions = test.send(1, #"{"type":"focus","element":{"label":"Play","traits":["button"]}}"#)
        #expect(Self.shown(actions).isEmpty && Self.windows(actions).isEmpty)
    }

    @Test mutating func theJSONDoorsFocusAndAnnouncementsAreShown() {
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"subscribe","events":["braille"]}"#)
        #expect(test.handle(.braille(.connected(width: 20))).contains(.log(.info, "a braille display of 20 cells is connected", limited: false)))
        let focus = test.send(1, #"{"type":"focus","element":{"label":"Play","traits":["button"],"context":{"kind":"series","index":2,"count":5}}}"#)
        #expect(Self.shown(focus) == ["focus Play btn 2/5"])
        #expect(Self.windows(focus) == ["⠠⠏⠇⠁⠽⠀⠃⠞⠝⠀⠼⠃⠌⠑"])
        test.clock = 1000
        let flash = test.send(1, #"{"type":"announce","text":"Saved"}"#)
        #expect(Self.shown(flash) == ["flash Saved"])
        #expect(flash.contains(.wakeBraille(at: 4000)))
        test.clock = 4000
        #expect(Self.shown(test.handle(.braille(.tick))) == ["focus Play btn 2/5"])
    }

    @Test mutating func routingMovesTheTreesFocusAndLineKeysMoveAsArrowsDo() {
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"subscribe","events":["braille"]}"#)
        _ = test.handle(.braille(.connected(width: 40)))
        let screen = test.send(1, Self.tree)
        #expect(Self.shown(screen) == ["focus One btn Two btn Name ed Ada"])
        // "One btn Two btn": ⠠⠕⠝⠑ takes four cells for "One"; Two starts at cell 9.
        let routed = test.handle(.braille(.key(.route(10))))
        #expect(CoreHarness.spoken(routed) == ["focus Two. Button."])
        #expect(CoreHarness.sent(routed).contains(#"1 {"element":"two","event":"focus","frame":null,"shape":null,"type":"event"}"#))
        #expect(Self.shown(routed) == ["focus One btn Two btn Name ed Ada"])
        // Routing over the focus activates it, as Space does.
        #expect(CoreHarness.sent(test.handle(.braille(.key(.route(10))))).contains(#"1 {"element":"two","event":"activate","type":"event"}"#))
        let down = test.handle(.braille(.key(.lineDown)))
        #expect(CoreHarness.spoken(down) == ["focus Name: Ada. Text Field."])
        // In the field's text, a routing key moves its caret: the owner is told where
        // ("⠠⠁⠙⠁": d, the text's second character, is cell 29).
        let field = test.handle(.braille(.key(.route(29))))
        #expect(CoreHarness.sent(field) == [#"1 {"element":"name","event":"route","offset":1,"type":"event"}"#])
        #expect(CoreHarness.spoken(test.handle(.braille(.key(.lineUp)))) == ["focus Two. Button."])
    }

    @Test mutating func aDoorsLineShowsItsCaretAndGetsItsRoutingKeys() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(2, #"{"type":"subscribe","events":["braille"]}"#)
        let line = test.send(1, #"{"type":"braille","text":"$ ls","caret":4}"#)
        // "$" is two cells in English braille (⠈⠲): the caret, after "s", is cell 5.
        #expect(Self.shown(line) == ["text $ ls"])
        #expect(CoreHarness.sent(line).first?.contains(#""caret":5,"cells":"⠈⠲⠀⠇⠎⣀""#) == true, "\(CoreHarness.sent(line))")
        _ = test.handle(.braille(.connected(width: 40)))
        #expect(CoreHarness.sent(test.handle(.braille(.key(.route(3))))) == [#"1 {"element":null,"event":"route","offset":2,"type":"event"}"#])
        let refused = CoreHarness.sent(test.send(1, #"{"type":"braille","text":"ab","caret":3}"#))
        #expect(refused.first?.contains("caret: 3 is past the text's end (2 characters)") == true, "\(refused)")
    }

    @Test mutating func aFieldsEditsAreShownInPlaceOnlyByItsOwner() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(1, #"{"type":"subscribe","events":["braille"]}"#)
        _ = test.send(1, #"{"type":"focus","element":{"id":"n","label":"Name","value":"","traits":["textEntry"]}}"#)
        #expect(Self.shown(test.send(1, #"{"type":"braille","text":"hi","caret":2,"element":"n"}"#)) == ["focus Name ed hi"])
        // Another client's edit, or one of a field not shown, changes nothing.
        #expect(Self.shown(test.send(2, #"{"type":"braille","text":"x","caret":1,"element":"n"}"#)).isEmpty)
        #expect(Self.shown(test.send(1, #"{"type":"braille","text":"x","caret":1,"element":"other"}"#)).isEmpty)
    }

    /// `braille-grade = contracted` writes with the locale's contracted table; `braille-flash-ms`
    /// is the flash's time.
    @Test func theGradeAndTheFlashAreTheConfigurations() {
        var configuration = Configuration()
        configuration.brailleGrade = .contracted
        configuration.brailleFlashMs = 500
        var test = CoreHarness()
        test.core = DaemonCore(composer: UtteranceComposer(catalog: packagedCatalog), limits: DaemonLimits(maximumClients: 2, maximumBacklogBytes: 1 << 20, maximumQueuedPerClient: 9),
                               scheduler: SchedulerSettings(), sinkDescription: "text", uid: CoreHarness.me, configuration: configuration,
                               brailleTranslator: { LouisTranslator(tables: $0) })
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"subscribe","events":["braille"]}"#)
        let focus = test.send(1, #"{"type":"focus","element":{"label":"the button","traits":["button"]}}"#)
        #expect(CoreHarness.sent(focus).first?.contains(#""cells":"⠮⠀⠃⠥⠞⠞⠕⠝⠀⠃⠞⠝""#) == true, "\(CoreHarness.sent(focus))")
        #expect(test.send(1, #"{"type":"announce","text":"Saved"}"#).contains(.wakeBraille(at: 500)))
    }

    /// A focus that comes while BRLTTY is still being reached is shown once it answers.
    @Test func aFocusBeforeTheDisplayIsShownWhenItComes() {
        var configuration = Configuration()
        configuration.braille = .auto
        var test = CoreHarness()
        test.core = DaemonCore(composer: UtteranceComposer(catalog: packagedCatalog), limits: DaemonLimits(maximumClients: 2, maximumBacklogBytes: 1 << 20, maximumQueuedPerClient: 9),
                               scheduler: SchedulerSettings(), sinkDescription: "text", uid: CoreHarness.me, configuration: configuration,
                               brailleTranslator: { LouisTranslator(tables: $0) })
        _ = test.connect(1)
        #expect(Self.windows(test.send(1, #"{"type":"focus","element":{"label":"Play","traits":["button"]}}"#)).isEmpty)
        #expect(Self.windows(test.handle(.braille(.connected(width: 20)))) == ["⠠⠏⠇⠁⠽⠀⠃⠞⠝"])
    }

    @Test mutating func aDisplayThatComesAndGoesIsLoggedOnlyWhenOn() {
        #expect(test.handle(.braille(.disconnected(reason: "no braille display: connection refused"))).isEmpty)
        _ = test.handle(.braille(.connected(width: 40)))
        #expect(test.handle(.braille(.disconnected(reason: "the braille display went away"))) == [.log(.warning, "the braille display went away", limited: true)])
    }

    @Test func brailleInputsReadBackAsRecorded() throws {
        for input in [DaemonCore.BrailleInput.connected(width: 40), .disconnected(reason: "gone"), .tick, .key(.route(3)), .key(.panRight)] {
            let line = DaemonCore.Input.braille(input).json(at: 5).serialized()
            #expect(try DaemonCore.Input.recorded(Array(line.utf8)).input == .braille(input))
        }
    }
}
