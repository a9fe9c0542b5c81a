import AnnouncerWire
import Testing
@testable import announce

/// `announce listen` prints every event as one line of text, never some as text and some as JSON.
@Suite struct EventTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var event: String
        var expected: String
        var testDescription: String { expected }
    }

    @Test(arguments: [
        Case(event: #"{"type":"event","event":"speaking","utterance":1,"text":"Play. Button.","kind":"focus"}"#, expected: "Play. Button."),
        Case(event: #"{"type":"event","event":"finished","utterance":1,"status":"spoken"}"#, expected: "finished 1 spoken"),
        Case(event: #"{"type":"event","event":"finished","utterance":2,"status":"failed","reason":"the speech synthesizer crashed"}"#,
             expected: "finished 2 failed the speech synthesizer crashed"),
        Case(event: #"{"type":"event","event":"focus","element":"play","frame":null,"shape":null}"#, expected: "focus play"),
        Case(event: #"{"type":"event","event":"activate","element":"play"}"#, expected: "activate play"),
        Case(event: #"{"type":"event","event":"action","element":"card1","action":"pin"}"#, expected: "action card1 pin"),
        Case(event: #"{"type":"event","event":"adjust","element":"volume","direction":"up"}"#, expected: "adjust volume up"),
        Case(event: #"{"type":"event","event":"command","command":"add","element":null}"#, expected: "command add"),
    ])
    func eventsReadAsText(_ testCase: Case) throws {
        guard case .event(let event) = try DaemonMessage(line: Array(testCase.event.utf8)) else { Issue.record("not an event"); return }
        #expect(DaemonCommands.eventText(event) == testCase.expected)
    }
}
