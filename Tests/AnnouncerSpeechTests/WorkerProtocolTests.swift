import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSpeech
import AnnouncerSupport
import Testing

/// The worker's lines read back as they were written; a line it cannot read is an error, not a
/// guess (an unknown `kind` used to become a default announcement).
@Suite struct WorkerProtocolTests {
    /// (A progress announcement is scheduled as the progress message: no utterance is of the
    /// kind `.announcement(.progress)`.)
    static let kinds: [UtteranceKind] = [.focus, .hint, .echo, .window] + Announcement.Priority.allCases.filter { $0 != .progress }.map { .announcement($0) }
        + MessagePriority.allCases.map { .message($0) }

    @Test(arguments: kinds)
    func everyKindTravels(_ kind: UtteranceKind) throws {
        let utterance = ScheduledUtterance(id: UtteranceID(7), kind: kind, speech: Speech(text: "Play"), arrivedAt: 0, eligibleAt: 0)
        #expect(try WorkerCommand(json: WorkerCommand.speak(utterance).json) == .speak(utterance))
    }

    @Test func spansTravel() throws {
        let speech = Speech(text: "Bonjour. Button.", spans: [LanguageSpan(offset: 0, count: 7, language: "fr-CA")])
        let utterance = ScheduledUtterance(id: UtteranceID(3), kind: .focus, speech: speech, arrivedAt: 0, eligibleAt: 0)
        #expect(try WorkerCommand(json: WorkerCommand.speak(utterance).json) == .speak(utterance))
    }

    @Test(arguments: [
        #"{"op":"speak","id":1,"text":"x","kind":"shout"}"#,
        #"{"op":"speak","id":1,"text":"x"}"#,
        #"{"op":"speak","text":"x","kind":"focus"}"#,
        #"{"op":"dance"}"#,
        #"{"op":"start","sink":"nowhere:"}"#,
    ])
    func aLineItCannotReadIsAnError(_ line: String) throws {
        let json = try JSONValue.parse(line)
        #expect(throws: WorkerProtocolError.self) { try WorkerCommand(json: json) }
    }

    @Test func theErrorNamesTheKind() throws {
        let json = try JSONValue.parse(#"{"op":"speak","id":1,"text":"x","kind":"shout"}"#)
        do {
            _ = try WorkerCommand(json: json)
            Issue.record("no error")
        } catch {
            #expect(error.reason == #"unknown utterance kind "shout""#)
        }
    }
}
