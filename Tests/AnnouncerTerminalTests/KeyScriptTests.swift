import AnnouncerTerm
import AnnouncerTerminal
import Testing

/// The keys a test names (`announce term --keys`), the pacing of its steps, and the bytes each
/// key makes.
@Suite struct KeyScriptTests {
    @Test(arguments: [
        ("Down", ScriptKey(.down)), ("down", ScriptKey(.down)), ("Enter", ScriptKey(.enter)), ("Escape", ScriptKey(.escape)),
        ("Tab", ScriptKey(.tab)), ("BTab", ScriptKey(.tab, .shift)), ("S-Tab", ScriptKey(.tab, .shift)),
        ("BSpace", ScriptKey(.backspace)), ("Space", ScriptKey(.space)), ("F2", ScriptKey(.function(2))),
        ("PageUp", ScriptKey(.pageUp)), ("NPage", ScriptKey(.pageDown)), ("DC", ScriptKey(.delete)), ("IC", ScriptKey(.insert)),
        ("C-c", ScriptKey(.character("c"), .control)), ("M-i", ScriptKey(.character("i"), .alt)),
        ("M-,", ScriptKey(.character(","), .alt)), ("C-M-x", ScriptKey(.character("x"), [.control, .alt])),
        ("C-Left", ScriptKey(.left, .control)), ("q", ScriptKey(.character("q"))), ("-", ScriptKey(.character("-"))),
        ("é", ScriptKey(.character("é"))),
    ])
    func aKeyName(_ name: String, _ key: ScriptKey) throws {
        #expect(try KeyScript.step(Substring(name), line: 1) == .key(key))
    }

    @Test func theOtherStepsAndWhatIsSkipped() throws {
        #expect(try KeyScript.step("type hello world ", line: 1) == .type("hello world "))
        #expect(try KeyScript.step("type  ", line: 1) == .type(" "))
        #expect(try KeyScript.step("wait 250", line: 1) == .wait(milliseconds: 250))
        #expect(try KeyScript.step("screen", line: 1) == .screen)
        #expect(try KeyScript.step("  Down\r", line: 1) == .key(ScriptKey(.down)))
        #expect(try KeyScript.step("", line: 1) == nil)
        #expect(try KeyScript.step("# a comment", line: 1) == nil)
    }

    @Test func everyBadLineIsReportedWithItsNumber() {
        let (steps, errors) = KeyScript.steps("Down\nDwn\nwait soon\ntype\nX-a\nF99\nEnter\n")
        #expect(steps.map(\.line) == [1, 7])
        #expect(errors.map(\.line) == [2, 3, 4, 5, 6])
        #expect(errors[0].description.hasPrefix(#"line 2: "Dwn" is not a key name"#))
        #expect(errors[1].reason == "wait needs a time in milliseconds, 0 to 600000 (wait MS)")
        #expect(errors[2].reason == "type needs the text to type (type TEXT)")
    }

    // MARK: - Pacing

    @Test func aStepGoesOnceTheLastIsAnsweredAndSaid() {
        var pacing = StepPacing(settings: StepPacing.Settings(startMs: 10_000, answerMs: 2000, quietMs: 200), at: 0)
        // The program's start: nothing drawn yet, so nothing goes, for up to startMs.
        #expect(!pacing.isReady(at: 5000, busy: false))
        pacing.activity(at: 5100)
        #expect(!pacing.isReady(at: 5200, busy: false))
        #expect(pacing.deadline(at: 5200) == 5300)
        // Quiet, but the reader still waits to speak or an utterance has not finished.
        #expect(!pacing.isReady(at: 5400, busy: true))
        #expect(pacing.isReady(at: 5400, busy: false))
        // A key: its answer is awaited; output and speech push the quiet on.
        pacing.stepTaken(at: 6000)
        #expect(!pacing.isReady(at: 6300, busy: false))
        pacing.activity(at: 6050)
        pacing.activity(at: 6150)
        #expect(!pacing.isReady(at: 6300, busy: false))
        #expect(pacing.isReady(at: 6350, busy: false))
        // A key the program does not answer at all waits answerMs.
        pacing.stepTaken(at: 7000)
        #expect(pacing.deadline(at: 7000) == 9000)
        #expect(!pacing.isReady(at: 8999, busy: false))
        #expect(pacing.isReady(at: 9000, busy: false))
        // wait MS: not before its time, and only once what came meanwhile is said.
        pacing.pause(milliseconds: 500, at: 10_000)
        #expect(!pacing.isReady(at: 10_400, busy: false))
        pacing.activity(at: 10_450)
        #expect(!pacing.isReady(at: 10_500, busy: false))
        #expect(pacing.isReady(at: 10_650, busy: false))
    }

    /// A program that never settles (`yes`) holds a step at most limitMs.
    @Test func aProgramThatNeverSettlesHoldsAStepAtMostItsLimit() {
        var pacing = StepPacing(settings: StepPacing.Settings(quietMs: 200, limitMs: 10_000), at: 0)
        pacing.stepTaken(at: 1000)
        var now = 1000.0
        while now < 10_900 {
            now += 50
            pacing.activity(at: now)
            #expect(!pacing.isReady(at: now, busy: true))
        }
        #expect(pacing.deadline(at: now) == 11_000)
        #expect(!pacing.overran(at: 10_999))
        #expect(pacing.overran(at: 11_000))
        #expect(pacing.isReady(at: 11_000, busy: true))
    }

    // MARK: - The bytes a key makes

    @Test func aKeysBytesFollowTheModesTheProgramSet() {
        let model = TerminalScreenModel(rows: 24, columns: 80)
        #expect(model.bytes(for: ScriptKey(.down)) == Array("\u{1B}[B".utf8))
        #expect(model.bytes(for: ScriptKey(.enter)) == [0x0D])
        #expect(model.bytes(for: ScriptKey(.backspace)) == [0x7F])
        #expect(model.bytes(for: ScriptKey(.character("c"), .control)) == [0x03])
        #expect(model.bytes(for: ScriptKey(.character("i"), .alt)) == Array("\u{1B}i".utf8))
        #expect(model.bytes(for: ScriptKey(.tab, .shift)) == Array("\u{1B}[Z".utf8))
        #expect(model.bytes(for: ScriptKey(.function(2))) == Array("\u{1B}OQ".utf8))
        #expect(model.bytes(for: ScriptKey(.character("é"))) == Array("é".utf8))
        // vim and curses ask for the cursor keys' application mode (DECCKM): ESC O B, as a
        // real terminal would send.
        model.write(Array("\u{1B}[?1h".utf8))
        #expect(model.bytes(for: ScriptKey(.down)) == Array("\u{1B}OB".utf8))
        // The review keys are read back as review commands, never sent on.
        #expect(TerminalKeys.decode(model.bytes(for: ScriptKey(.character("i"), .alt))).map(\.key) == [.review(.currentLine)])
    }

    @Test func libvtermAnswersTheProgramsQueriesOnlyWhenAsked() {
        let model = TerminalScreenModel(rows: 24, columns: 80)
        model.write(Array("ab\u{1B}[6n".utf8))
        #expect(model.takeAnswers() == [])
        model.answersQueries = true
        model.write(Array("\u{1B}[6n".utf8))
        #expect(model.takeAnswers() == Array("\u{1B}[1;3R".utf8))
        // A key made meanwhile does not take the answers with it.
        model.write(Array("\u{1B}[6n".utf8))
        #expect(model.bytes(for: ScriptKey(.up)) == Array("\u{1B}[A".utf8))
        #expect(model.takeAnswers() == Array("\u{1B}[1;3R".utf8))
    }
}
