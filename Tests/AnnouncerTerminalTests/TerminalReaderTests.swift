import AnnouncerComposer
import AnnouncerElements
import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerTerminal
import AnnouncerTestSupport
import Testing

/// The terminal door's rules on recorded sessions (Fixtures/*.rec, recorded from real programs
/// under tmux by Tests/fixtures/terminal/session.sh with RECORD=FILE), replayed through
/// libvterm's model and the reader with a manual clock: no terminal, no daemon.
struct TerminalReaderTests {
    typealias Speech = TerminalReader.Speech

    /// bash: typing echoed a character at a time as bash echoes it (never twice), Enter's
    /// output and the prompt as one utterance, Up the recalled line, Backspace the character
    /// deleted, Left the character reached, Control+Left the word, the review keys.
    @Test func aShellSession() throws {
        let spoken = try Recording(fixture: "shell.rec").replay()
        let typed: [Speech] = "echo hello world".map { .echo(TypingEcho.name(String($0), in: english), unit: .character) }
        #expect(spoken == [.say("$")] + typed + [
            .say("hello world\n$"),
            .echo("$ echo hello world", unit: .line),  // Up: the line recalled from history
            .echo("d", unit: .character),              // Backspace: the character deleted
            .echo("l", unit: .character),              // Left: the character now under the cursor
            .echo("worl", unit: .word),                // Control+Left: the word
            .echo("$ echo hello worl", unit: .line),   // Alt-I: the current line
            .echo("hello world", unit: .line),         // Alt-U: the line above
            .echo("hello", unit: .word),               // Alt-J: no word before the first
            .echo("hello", unit: .word),               // Alt-K: the current word
            .echo("world", unit: .word),               // Alt-L: the next word
            .echo("space", unit: .character),          // Alt-M: the character before "world"
            .echo("space", unit: .character),          // Alt-,: the current character
            .echo("w", unit: .character),              // Alt-.: the next
            .echo("blank", unit: .character),          // Control+E: past the line's end
            .echo("echo hello worl", unit: .word),     // Control+U: the text deleted
            .echo("e", unit: .character), .echo("x", unit: .character), .echo("i", unit: .character), .echo("t", unit: .character),
            .say("exit"),
            .say("exited 0"),
        ])
    }

    /// A key press cuts speech off before anything it says.
    /// Up replaced the line in place: it is said when the shell has drawn it, with no wait for
    /// the quiet (first sound, docs/design.md §15); the echo, the deletion and the caret likewise.
    @Test func aKeysAnswerOnTheCursorLineIsSaidWhenItIsDrawn() throws {
        let recording = try Recording(fixture: "shell.rec")
        let outputs = Set(recording.outputTimes)
        let timed = recording.timedReplay()
        let answers: [Speech] = [.echo("$ echo hello world", unit: .line), .echo("d", unit: .character), .echo("l", unit: .character), .echo("worl", unit: .word)]
        let answerTimes = answers.map { answer in timed.first { $0.speech == answer } }
        for answer in answerTimes {
            #expect(answer.map { outputs.contains($0.time) } == true, "\(String(describing: answer)) waited for the quiet")
        }
        // Output that is not a key's answer on its line waits for the quiet.
        let burst = timed.first { $0.speech == .say("hello world\n$") }
        #expect(burst.map { outputs.contains($0.time) } == false)
    }

    @Test func everyKeyStopsSpeechFirst() throws {
        let spoken = try Recording(fixture: "shell.rec").replay(keepingStops: true)
        for (index, item) in spoken.enumerated() where index > 0 {
            switch item {
            case .focus, .echo: #expect(spoken[..<index].contains(.stop))
            case .say, .stop: break
            }
        }
        let keys = try Recording(fixture: "shell.rec").keyCount
        #expect(spoken.filter { $0 == .stop }.count == keys)
    }

    @Test func whiptailMenuSpeaksTheHighlightedEntryAsItMoves() throws {
        #expect(try Recording(fixture: "menu.rec").replay() == [
            .say("Fruit\nPick a fruit\napple Red fruit\nbanana Yellow fruit\ncherry Small fruit\n<Ok> <Cancel>"),
            .highlight("banana Yellow fruit"), // Down
            .highlight("cherry Small fruit"),  // Down
            .highlight("banana Yellow fruit"), // Up
            .highlight("<Ok>"),                // Tab: the buttons
            .say("banana"),                    // Enter: whiptail prints the choice
            .say("exited 0"),
        ])
    }

    /// A check box drawn in text is a switch whose value is its state: a highlighted one goes to
    /// announcerd as that element, and output says it in the composer's words ("On.", "Off.").
    @Test func dialogChecklistSpeaksTheToggledState() throws {
        #expect(try Recording(fixture: "checklist.rec").replay() == [
            .say("Toppings\ncheese Cheese. Not Checked.\nolives Olives. Checked.\nham Ham. Not Checked.\n< OK > <Cancel>"),
            .focus(Element(label: "olives Olives", value: "1", traits: [.checkBox])), // Down
            .say("olives Olives. Not Checked."),                                                     // Space
            .focus(Element(label: "ham Ham", value: "0", traits: [.checkBox])),          // Down
            .say("ham Ham. Checked."),                                                            // Space
            // Enter: dialog writes its choice on its own screen as it gives the shell's back:
            // nothing new on the screen the user returns to.
            .say("exited 0"),
        ])
    }

    /// The same keys on a loaded machine (two busy loops a core): dialog wrote each Down's move
    /// of its cursor to the item it redraws apart, 2 to 4 ms before the drawing. The line the
    /// cursor landed on is not said: a cursor that moved and drew nothing waits `drawGapMs`.
    @Test func aCursesProgramsMoveWrittenApartFromItsDrawingIsNotSaid() throws {
        #expect(try Recording(fixture: "checklist-split.rec").replay() == [
            .say("Toppings\ncheese Cheese. Not Checked.\nolives Olives. Checked.\nham Ham. Not Checked.\n< OK > <Cancel>"),
            .focus(Element(label: "olives Olives", value: "1", traits: [.checkBox])), .say("olives Olives. Not Checked."),
            .focus(Element(label: "ham Ham", value: "0", traits: [.checkBox])), .say("ham Ham. Checked."),
            .say("exited 255"),
        ])
    }

    /// A spinner redrawn every 25 ms for 4 s: said at most once per repeat-ms (2 s), and its
    /// last state ("done") when the cursor leaves its line.
    @Test func aSpinnerIsSaidAtMostOncePerRepeatTime() throws {
        #expect(try Recording(fixture: "spinner.rec").replay() == [
            .say("Working -"), .say("Working \\"), .say("Working \\"), .say("Working done"), .say("exited 0"),
        ])
        let everyTime = try Recording(fixture: "spinner.rec").replay(settings: settings { $0.repeatMs = 0 })
        #expect(everyTime.count > 5)
    }

    /// `seq 1 5000`: each burst as its last line and how many more, the prompt that follows not
    /// taken for output. (A line still being written when a burst ends is left out of that
    /// burst's count and, complete, of the next: the counts may fall short by one a burst.)
    @Test func aFloodIsItsLastLineAndACount() throws {
        let floods = try Recording(fixture: "flood.rec").replay().compactMap { speech -> (last: Int, more: Int)? in
            guard case .say(let text) = speech, text.hasSuffix(" more lines") else { return nil }
            let parts = text.dropLast(" more lines".count).split(separator: ", ")
            return (Int(parts[0])!, Int(parts[1].filter(\.isNumber))!)
        }
        #expect(floods.last?.last == 5000)
        let counted = floods.map { $0.more + 1 }.reduce(0, +)
        #expect(counted <= 5000 && counted > 5000 - floods.count)
        #expect(floods.count >= 1)
    }

    /// less: it starts with its first lines and its prompt; a page redrawn in place is said
    /// from its first line, the prompt not counted.
    @Test func lessPagesAreSaidFromTheirFirstLine() throws {
        let start = (1...TerminalReader.entryLines).map { "Line \($0) of the file" } + [packageFile("lines.txt")]
        #expect(try Recording(fixture: "less.rec").replay() == [
            .say(start.joined(separator: "\n")),
            .say("Line 24 of the file, 22 more lines"),   // Space
            .say("Line 47 of the file, 22 more lines"),   // Space
            .say("exited 0"),
        ])
        // With a higher flood limit the whole page is one utterance.
        let whole = try Recording(fixture: "less.rec").replay(settings: settings { $0.floodLines = 100 })
        #expect(whole.dropFirst().first == .say((24...46).map { "Line \($0) of the file" }.joined(separator: "\n")))
    }

    @Test(arguments: [(TypingEcho.characters, ["e", "c", "h", "o", "space", "h"]), (.words, ["echo", "hello", "world"]), (.none, ["$ echo hello world"])])
    func typingEcho(echo: TypingEcho, expected: [String]) throws {
        let spoken = try Recording(fixture: "shell.rec").replay(settings: settings { $0.typingEcho = echo })
        let echoes = spoken.compactMap { speech -> String? in
            switch speech {
            case .echo(let text, _): text
            case .focus, .say, .stop: nil
            }
        }
        #expect(Array(echoes.prefix(expected.count)) == expected)
    }

    /// The review keys walk a screen from the cursor: lines (blank ones said "blank"), words and
    /// characters, staying at the edges; any other key brings the review cursor back.
    @Test func reviewKeysWalkTheScreen() {
        let lines = ["first line here", "", "$ make all", "last"].map { ScreenLine(text: $0, columns: 20) }
        var reader = TerminalReader(composer: englishComposer, screen: ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 2, column: 2)))
        func review(_ command: ReviewCommand) -> [Speech] { reader.key(.review(command), at: 0) }
        #expect(review(.currentLine) == [.stop, .echo("$ make all", unit: .line)])
        #expect(review(.nextLine) == [.stop, .echo("last", unit: .line)])
        #expect(review(.nextLine) == [.stop, .echo("last", unit: .line)])          // the last line: stays
        #expect(review(.previousLine) == [.stop, .echo("$ make all", unit: .line)])
        #expect(review(.previousLine) == [.stop, .echo("blank", unit: .line)])
        #expect(review(.previousLine) == [.stop, .echo("first line here", unit: .line)])
        #expect(review(.nextWord) == [.stop, .echo("line", unit: .word)])
        #expect(review(.nextWord) == [.stop, .echo("here", unit: .word)])
        #expect(review(.nextWord) == [.stop, .echo("here", unit: .word)])          // the last word: stays
        #expect(review(.previousWord) == [.stop, .echo("line", unit: .word)])
        #expect(review(.currentWord) == [.stop, .echo("line", unit: .word)])
        #expect(review(.nextCharacter) == [.stop, .echo("i", unit: .character)])
        #expect(review(.previousCharacter) == [.stop, .echo("l", unit: .character)])
        #expect(review(.currentCharacter) == [.stop, .echo("l", unit: .character)])
        _ = reader.key(.right, at: 0)                                               // back to the cursor
        #expect(review(.currentLine) == [.stop, .echo("$ make all", unit: .line)])
    }

    /// A braille display's routing key over the review cursor's line places the review cursor on
    /// that column and says its character; the review goes on from there. With no review cursor
    /// placed, it says nothing (the cursor's line is routed by arrows, the door's own).
    @Test func aRoutingKeyPlacesTheReviewCursor() {
        let lines = ["gamma delta", "$ "].map { ScreenLine(text: $0, columns: 20) }
        var reader = TerminalReader(composer: englishComposer, screen: ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 1, column: 2)))
        #expect(reader.routeReview(toColumn: 3).isEmpty)
        _ = reader.key(.review(.previousLine), at: 0)
        #expect(reader.review == ScreenPosition(row: 0, column: 0))
        #expect(reader.routeReview(toColumn: 6) == [.stop, .echo("d", unit: .character)])
        #expect(reader.review == ScreenPosition(row: 0, column: 6))
        #expect(reader.key(.review(.nextCharacter), at: 100) == [.stop, .echo("e", unit: .character)])
        // Not a press of a "current" key: the next current character is said, not spelled.
        #expect(reader.routeReview(toColumn: 5) == [.stop, .echo("space", unit: .character)])
        #expect(reader.key(.review(.currentCharacter), at: 200) == [.stop, .echo("space", unit: .character)])
    }

    /// A "current" review key pressed again within half a second spells what it said, then
    /// spells it phonetically; a character's second press is its phonetic word; a pause, or
    /// another key, starts again.
    @Test func aCurrentKeyPressedAgainSpells() {
        let lines = ["ls -a", "$ "].map { ScreenLine(text: $0, columns: 20) }
        var reader = TerminalReader(composer: englishComposer, screen: ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 0, column: 0)))
        func review(_ command: ReviewCommand, at time: Double) -> [Speech] { reader.key(.review(command), at: time) }
        #expect(review(.currentWord, at: 0) == [.stop, .echo("ls", unit: .word)])
        #expect(review(.currentWord, at: 300) == [.stop, .echo("ls", unit: .spelled)])
        #expect(review(.currentWord, at: 600) == [.stop, .echo("l, lima. s, sierra", unit: .line)])
        #expect(review(.currentWord, at: 900) == [.stop, .echo("ls", unit: .word)])
        #expect(review(.currentLine, at: 1_000) == [.stop, .echo("ls -a", unit: .line)])
        #expect(review(.currentLine, at: 1_200) == [.stop, .echo("ls -a", unit: .spelled)])
        #expect(review(.currentLine, at: 1_400) == [.stop, .echo("l, lima. s, sierra. space. -. a, alfa", unit: .line)])
        #expect(review(.currentLine, at: 3_000) == [.stop, .echo("ls -a", unit: .line)])   // a pause: once again
        #expect(review(.currentCharacter, at: 3_100) == [.stop, .echo("l", unit: .character)])
        #expect(review(.currentCharacter, at: 3_200) == [.stop, .echo("l, lima", unit: .line)])
        _ = reader.key(.typed("x"), at: 3_300)                                      // another key: once again
        #expect(review(.currentCharacter, at: 3_400) == [.stop, .echo("l", unit: .character)])
        // Moving keys never spell.
        #expect(review(.nextCharacter, at: 3_500) == [.stop, .echo("s", unit: .character)])
        #expect(review(.nextCharacter, at: 3_600) == [.stop, .echo("space", unit: .character)])
    }

    /// Each review key is an echo of its unit, from the cursor: the line, the word (a space is a
    /// character) or the character it reached; a line's check box in the composer's words.
    @Test(arguments: [
        (ReviewCommand.currentLine, Speech.echo("$ make all", unit: .line)),
        (.previousLine, .echo("olives. Checked.", unit: .line)),
        (.nextLine, .echo("blank", unit: .line)),
        (.currentWord, .echo("make", unit: .word)),
        (.previousWord, .echo("$", unit: .word)),
        (.nextWord, .echo("all", unit: .word)),
        (.currentCharacter, .echo("m", unit: .character)),
        (.previousCharacter, .echo("space", unit: .character)),
        (.nextCharacter, .echo("a", unit: .character)),
    ])
    func aReviewKeyEchoesItsUnit(command: ReviewCommand, said: Speech) {
        let lines = ["[X] olives", "$ make all", ""].map { ScreenLine(text: $0, columns: 20) }
        var reader = TerminalReader(composer: englishComposer, screen: ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 1, column: 2)))
        #expect(reader.key(.review(command), at: 0) == [.stop, said])
    }

    /// The terminal door in German: blank lines, spaces, typed characters, a flood and the exit.
    @Test func speaksGerman() {
        let german = packagedCatalog.words(for: "de", configured: "de")
        let lines = ["eins zwei", "", "$ "].map { ScreenLine(text: $0, columns: 20) }
        var reader = TerminalReader(composer: UtteranceComposer(catalog: packagedCatalog, locale: "de"),
                                    screen: ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 2, column: 2)))
        #expect(reader.key(.review(.previousLine), at: 0) == [.stop, .echo("leer", unit: .line)])
        #expect(reader.key(.review(.previousLine), at: 0) == [.stop, .echo("eins zwei", unit: .line)])
        #expect(reader.key(.review(.nextCharacter), at: 0) == [.stop, .echo("i", unit: .character)])
        for _ in 0..<3 { _ = reader.key(.review(.nextCharacter), at: 0) }
        #expect(reader.key(.review(.currentCharacter), at: 0) == [.stop, .echo("Leerzeichen", unit: .character)])
        #expect(reader.key(.review(.currentWord), at: 0) == [.stop, .echo("Leerzeichen", unit: .character)])
        #expect(reader.exited(status: 3, at: 0) == [.say("beendet mit Status 3")])
        #expect(german.moreLines("fertig", count: 41) == "fertig, 41 weitere Zeilen")
        var word = ""
        #expect(TypingEcho.characters.echoes(for: " ", word: &word, in: german) == ["Leerzeichen"])
    }

    @Test func everyWordOfTheDoorsIsTranslated() {
        let english = packagedCatalog.words(for: "en", configured: "en")
        for tag in ["de", "zh-Hans"] {
            let words = packagedCatalog.words(for: tag, configured: tag)
            for word: LocaleWords.Word in [.headingLevel, .expanded, .collapsed, .controlKey, .spaceCharacter, .newLine, .tabCharacter, .blank, .exited, .moreLines] {
                #expect(words[word] != english[word], "\(tag) says \(word.rawValue) in English")
            }
        }
    }

    func settings(_ change: (inout TerminalSettings) -> Void) -> TerminalSettings {
        var settings = TerminalSettings()
        change(&settings)
        return settings
    }

    func packageFile(_ name: String) -> String { "Tests/fixtures/terminal/\(name)" }
}

/// A program that speaks for itself (`ProgramHandOff`: a framework's adapter): its screen is
/// followed but not read, and its keys are not echoed; the review keys still read it. Told that
/// its screen is to be read again, the reader reads what changes from then on.
struct ProgramSpeaksTests {
    typealias Speech = TerminalReader.Speech

    @Test func itsScreenIsFollowedAndNotRead() {
        func screen(_ lines: [String], row: Int) -> ScreenSnapshot {
            ScreenSnapshot(lines: lines.map { ScreenLine(text: $0, columns: 20) }, cursor: ScreenPosition(row: row, column: 0))
        }
        var reader = TerminalReader(composer: englishComposer, screen: screen(["$ ", ""], row: 0))
        reader.programSpeaks = true
        #expect(reader.key(.typed("a"), at: 0) == [.stop])
        #expect(reader.output(screen(["Name", "a"], row: 1), scrolledOff: ScrolledOff(), at: 10).isEmpty)
        #expect(reader.deadline == nil)
        #expect(reader.tick(at: 2_000).isEmpty)
        #expect(reader.key(.review(.currentLine), at: 2_100) == [.stop, .echo("a", unit: .line)])
        // Its screen read again: a change from here on is said.
        reader.programSpeaks = false
        _ = reader.key(.enter, at: 3_000)
        _ = reader.output(screen(["Name", "a", "Saved."], row: 2), scrolledOff: ScrolledOff(), at: 3_010)
        #expect(reader.tick(at: 5_000) == [.say("Saved.")])
    }
}
