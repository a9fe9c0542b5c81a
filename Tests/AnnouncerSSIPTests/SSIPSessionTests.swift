@testable import AnnouncerSSIP
import AnnouncerScheduler
import Testing

/// SSIP read and answered by one connection's session (docs/design.md §11), with no socket: lines in,
/// steps out. Codes and words are speech-dispatcher's, which its clients read.
@Suite struct SSIPSessionTests {
    var session = SSIPSession(client: 7)

    mutating func send(_ line: String) -> SSIPSession.Step { session.receive(line: Array(line.utf8)) }

    mutating func reply(_ line: String) -> String? {
        if case .reply(let text) = send(line) { return text }
        return nil
    }

    /// SPEAK, its data lines and the dot: the step the dot gives.
    mutating func speak(_ lines: [String]) -> SSIPSession.Step {
        #expect(reply("SPEAK") == "230 OK RECEIVING DATA\r\n")
        for line in lines { #expect(send(line) == .silent) }
        return send(".")
    }

    @Test mutating func commandsAreCaseInsensitiveAndRepliesEndInCRLF() {
        #expect(reply("speak") == "230 OK RECEIVING DATA\r\n")  // libspeechd sends it in lowercase
        #expect(send("hello") == .silent)
        guard case .speak(let message) = send(".") else { Issue.record("no message"); return }
        #expect(message.speech.text == "hello")
        #expect(message.priority == .text)  // speech-dispatcher's default priority
        #expect(reply("Set Self Rate 20") == "203 OK RATE SET\r\n")
        #expect(reply("get rate") == "251-20\r\n251 OK GET RETURNED\r\n")
    }

    @Test mutating func historyGetClientIDAnswersAnIntegerFirst() {
        // python3-speechd reads int(data[0]) and fails otherwise.
        #expect(reply("HISTORY GET CLIENT_ID") == "245-7\r\n245 OK CLIENT ID SENT\r\n")
        #expect(reply("HISTORY GET CLIENT_LIST") == "380 ERR NOT YET IMPLEMENTED\r\n")
    }

    @Test mutating func clientNameQuotedOrNotAndOnlyOnce() {
        #expect(reply("SET SELF CLIENT_NAME \"joe:emacs:main\"") == "208 OK CLIENT NAME SET\r\n")
        #expect(session.name == "joe:emacs:main")
        #expect(reply("SET SELF CLIENT_NAME joe:other:x") == "311 ERR COULDNT SET CLIENT_NAME\r\n")
        #expect(reply("SET ALL CLIENT_NAME a:b:c") == "514 ERR PARAMETER INVALID\r\n")
    }

    @Test mutating func speakDataIsDotUnstuffedAndJoinedByNewlines() {
        guard case .speak(let message) = speak(["first line", "..dotted", "last"]) else { Issue.record("no message"); return }
        #expect(message.speech.text == "first line\n.dotted\nlast")
    }

    @Test mutating func emptyInvalidAndTooLongMessagesAreAnsweredAndNothingIsQueued() {
        #expect(speak([]) == .reply("227 OK MESSAGE CANCELED\r\n"))
        #expect(reply("SPEAK") != nil)
        #expect(session.receive(line: [0x66, 0xff, 0x66]) == .silent)
        #expect(send(".") == .reply("501 ERR INVALID ENCODING\r\n"))
        #expect(reply("SPEAK") != nil)
        for _ in 0..<20 { #expect(send(String(repeating: "x", count: 60_000)) == .silent) }
        guard case .reply(let text) = send(".") else { Issue.record("no reply"); return }
        #expect(text.hasPrefix("300 ERR MESSAGE TOO LONG"))
        #expect(session.receiveTooLong() == .reply("300 ERR LINE TOO LONG\r\n"))
        #expect(!session.receivingData)
    }

    @Test(arguments: [
        ("SET SELF PRIORITY important", "202 OK PRIORITY SET\r\n"),
        ("SET SELF PRIORITY urgent", "408 ERR UNKNOWN PRIORITY\r\n"),
        ("SET SELF RATE 101", "409 ERR RATE TOO HIGH\r\n"),
        ("SET SELF RATE -101", "410 ERR RATE TOO LOW\r\n"),
        ("SET SELF RATE fast", "511 ERR PARAMETER NOT A NUMBER\r\n"),
        ("SET SELF PITCH 100", "204 OK PITCH SET\r\n"),
        ("SET SELF PITCH 200", "411 ERR PITCH TOO HIGH\r\n"),
        ("SET SELF PITCH_RANGE 10", "263 OK PITCH RANGE SET\r\n"),
        ("SET SELF VOLUME -100", "218 OK VOLUME SET\r\n"),
        ("SET SELF LANGUAGE de", "201 OK LANGUAGE SET\r\n"),
        ("SET SELF LANGUAGE <de>", "514 ERR PARAMETER INVALID\r\n"),
        ("SET SELF VOICE_TYPE female1", "209 OK VOICE SET\r\n"),
        ("SET SELF SYNTHESIS_VOICE English (Great Britain)", "209 OK VOICE SET\r\n"),
        ("SET SELF OUTPUT_MODULE espeak-ng", "216 OK OUTPUT MODULE SET\r\n"),
        ("SET SELF PUNCTUATION most", "205 OK PUNCTUATION SET\r\n"),
        ("SET SELF PUNCTUATION loud", "514 ERR PARAMETER INVALID\r\n"),
        ("SET SELF SPELLING on", "207 OK SPELLING SET\r\n"),
        ("SET SELF SPELLING maybe", "513 ERR PARAMETER NOT ON OR OFF\r\n"),
        ("SET SELF CAP_LET_RECOGN spell", "206 OK CAP LET RECOGNITION SET\r\n"),
        ("SET SELF SSML_MODE on", "219 OK SSML MODE SET\r\n"),
        ("SET SELF PAUSE_CONTEXT 2", "217 OK PAUSE CONTEXT SET\r\n"),
        ("SET SELF NOTIFICATION ALL on", "220 OK NOTIFICATION SET\r\n"),
        ("SET SELF NOTIFICATION index_marks on", "220 OK NOTIFICATION SET\r\n"),
        ("SET SELF NOTIFICATION sometimes on", "514 ERR PARAMETER INVALID\r\n"),
        ("SET SELF HISTORY on", "299 OK BUT NOT IMPLEMENTED -- DOES NOTHING\r\n"),
        ("SET SELF FROBNICATE 1", "500 ERR INVALID COMMAND\r\n"),
        ("SET nobody RATE 1", "514 ERR PARAMETER INVALID\r\n"),
        ("SET SELF RATE", "510 ERR MISSING PARAMETER\r\n"),
        ("FROBNICATE", "500 ERR INVALID COMMAND\r\n"),
        ("", "500 ERR INVALID COMMAND\r\n"),
        ("GET NOTHING", "514 ERR PARAMETER INVALID\r\n"),
        ("LIST OUTPUT_MODULES", "250-espeak-ng\r\n250 OK MODULE LIST SENT\r\n"),
        ("LIST NOTHING", "514 ERR PARAMETER INVALID\r\n"),
        ("BLOCK END", "331 ERR ALREADY OUTSIDE BLOCK\r\n"),
        ("STOP", "510 ERR MISSING PARAMETER\r\n"),
        ("STOP -3", "514 ERR PARAMETER INVALID\r\n"),
        ("CHAR", "510 ERR MISSING PARAMETER\r\n"),
    ])
    func answers(_ line: String, _ expected: String) {
        var session = SSIPSession(client: 1)
        #expect(session.receive(line: Array(line.utf8)) == .reply(expected))
    }

    @Test mutating func settingsShapeTheSpeech() {
        _ = send("SET SELF RATE 50")
        _ = send("SET SELF PITCH -50")
        _ = send("SET SELF VOLUME 50")
        _ = send("SET SELF LANGUAGE de")
        _ = send("SET SELF SYNTHESIS_VOICE German")
        _ = send("SET SELF PUNCTUATION all")
        _ = send("SET SELF PRIORITY message")
        guard case .speak(let message) = speak(["Guten Tag"]) else { Issue.record("no message"); return }
        #expect(message.priority == .message)
        #expect(message.speech.language == "de")
        #expect(message.speech.voice == "German")
        #expect(message.speech.punctuation == .all)
        #expect(abs((message.speech.rate ?? 0) - 2) < 0.001)  // +50 doubles the rate
        #expect(message.speech.pitch == 0.5)
        #expect(message.speech.volume == 1.5)
        #expect(reply("GET LANGUAGE") == "251-de\r\n251 OK GET RETURNED\r\n")
        #expect(reply("GET VOICE_TYPE") == "251-MALE1\r\n251 OK GET RETURNED\r\n")
    }

    @Test func rateIsAMultipleFromAQuarterToFour() {
        #expect(SSIPSettings.rateMultiple(0) == nil)
        #expect(abs(SSIPSettings.rateMultiple(-100)! - 0.25) < 1e-9)
        #expect(abs(SSIPSettings.rateMultiple(100)! - 4) < 1e-9)
        #expect(abs(SSIPSettings.rateMultiple(25)! - 1.41421356) < 1e-6)
    }

    @Test mutating func charKeyAndSoundIcon() {
        guard case .speak(let character) = send("CHAR space") else { Issue.record("no char"); return }
        #expect(character.speech.text == " ")
        #expect(character.speech.spellOut)
        guard case .speak(let key) = send("KEY control_alt_kp-delete") else { Issue.record("no key"); return }
        #expect(key.speech.text == "control alt kp delete")
        guard case .speak(let icon) = send("SOUND_ICON message_arrived") else { Issue.record("no icon"); return }
        #expect(icon.speech.text == "message arrived")
    }

    @Test mutating func notificationsAreRememberedPerMessage() {
        _ = send("SET SELF NOTIFICATION begin on")
        _ = send("SET SELF NOTIFICATION end on")
        guard case .speak(let first) = speak(["one"]) else { Issue.record("no message"); return }
        #expect(first.notifications == [.begin, .end])
        _ = send("SET SELF NOTIFICATION ALL off")
        guard case .speak(let second) = speak(["two"]) else { Issue.record("no message"); return }
        #expect(second.notifications.isEmpty)
    }

    @Test mutating func controlCommandsNameTheirTargets() {
        #expect(send("STOP self") == .control(.stop, .own))
        #expect(send("cancel ALL") == .control(.cancel, .all))
        #expect(send("PAUSE 12") == .control(.pause, .client(12)))
        #expect(send("RESUME self") == .control(.resume, .own))
        #expect(send("SET all RATE 10") == .set(.rate(10), .all))
        #expect(send("SET 3 PITCH 10") == .set(.pitch(10), .client(3)))
        #expect(send("LIST SYNTHESIS_VOICES en gb") == .listVoices(language: "en", variant: "gb"))
        #expect(send("QUIT") == .quit)
    }

    @Test mutating func blocksQueueTheirMessagesWithoutCuttingEachOtherOff() {
        _ = send("SET SELF PRIORITY text")
        #expect(reply("BLOCK BEGIN") == "260 OK INSIDE BLOCK\r\n")
        #expect(reply("BLOCK BEGIN") == "330 ERR ALREADY INSIDE BLOCK\r\n")
        #expect(reply("SET SELF RATE 10") == "203 OK RATE SET\r\n")
        #expect(reply("SET SELF PRIORITY message") == "332 ERR NOT ALLOWED INSIDE BLOCK\r\n")
        #expect(reply("STOP self") == "332 ERR NOT ALLOWED INSIDE BLOCK\r\n")
        guard case .speak(let inside) = speak(["in the block"]) else { Issue.record("no message"); return }
        #expect(inside.priority == .message)
        #expect(reply("BLOCK END") == "261 OK OUTSIDE BLOCK\r\n")
        guard case .speak(let outside) = speak(["after"]) else { Issue.record("no message"); return }
        #expect(outside.priority == .text)
    }

    @Test mutating func ssmlModeReadsTextAndMarks() {
        _ = send("SET SELF SSML_MODE on")
        guard case .speak(let message) = speak(["<speak><mark name=\"0:5\"/>Hello <mark name='6:11'/>w&amp;rld &lt;3</speak>"]) else {
            Issue.record("no message"); return
        }
        #expect(message.speech.text == "Hello w&rld <3")
        #expect(message.speech.marks == [SpeechMark(offset: 0, name: "0:5"), SpeechMark(offset: 6, name: "6:11")])
    }

    @Test(arguments: [
        ("<speak>plain</speak>", "plain", [SpeechMark]()),
        ("<speak>\n  padded <mark name=\"m\"/>end  \n</speak>", "padded end", [SpeechMark(offset: 7, name: "m")]),
        ("<speak>one<break time=\"1s\"/>two</speak>", "one two", []),
        ("<speak>a < b & c</speak>", "a < b & c", []),
        ("<speak>&#65;&#x42;</speak>", "AB", []),
        ("<speak>unclosed <mark", "unclosed <mark", []),
        ("<speak>end<mark name=\"last\"/></speak>", "end", [SpeechMark(offset: 3, name: "last")]),
    ])
    func ssml(_ document: String, _ text: String, _ marks: [SpeechMark]) {
        let parsed = SSMLText(document)
        #expect(parsed.text == text)
        #expect(parsed.marks == marks)
    }

    @Test func eventsReadAsSpeechDispatcherWritesThem() {
        #expect(SSIPEvent.begin.text(message: 12, client: 3) == "701-12\r\n701-3\r\n701 BEGIN\r\n")
        #expect(SSIPEvent.end.text(message: 12, client: 3) == "702-12\r\n702-3\r\n702 END\r\n")
        #expect(SSIPEvent.cancel.text(message: 12, client: 3) == "703-12\r\n703-3\r\n703 CANCELED\r\n")
        #expect(SSIPEvent.pause.text(message: 12, client: 3) == "704-12\r\n704-3\r\n704 PAUSED\r\n")
        #expect(SSIPEvent.resume.text(message: 12, client: 3) == "705-12\r\n705-3\r\n705 RESUMED\r\n")
        #expect(SSIPEvent.indexMark.text(message: 12, client: 3, mark: "0:5") == "700-12\r\n700-3\r\n700-0:5\r\n700 INDEX MARK\r\n")
    }
}
