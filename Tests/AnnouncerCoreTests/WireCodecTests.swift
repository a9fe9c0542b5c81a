import AnnouncerElements
import AnnouncerFocus
import AnnouncerScheduler
import AnnouncerSupport
import AnnouncerWire
import Testing

/// One encoder and one decoder for every line of the protocol: what is encoded decodes to an
/// equal value, and the encoding is the protocol's own text.
@Suite struct WireCodecTests {
    static let requests: [Request] = {
        let play = Element(id: "play", label: "Play", hint: "Plays the song.", traits: [.button], actions: [CustomAction(id: "queue", name: "Queue")],
                           frame: Frame(x: 1, y: 2, width: 3, height: 4), shape: .roundedRect)
        var announcement = Announcement(text: "Saved <ok> & \"done\"", priority: .high)
        announcement.delayMs = 250
        announcement.interrupt = true
        announcement.language = "de-CH"
        announcement.spellOut = true
        announcement.punctuation = .some
        announcement.pitch = 1.5
        announcement.rate = 0.75
        return [
            .hello(client: "tests", protocol: 1), .hello(client: nil, protocol: nil),
            .hello(client: "announcer-atspi", protocol: 1, hints: .keyboard), .hello(client: nil, protocol: nil, hints: .touch),
            .focus(play), .announce(Announcement(text: "Hello")), .announce(announcement), .stop, .status, .shortcuts,
            .screen(try! ElementTree(roots: [Element(id: "list", children: [play], container: .list)]), focus: "play"),
            .update([Element(id: "play", label: "Pause", traits: [.button])], focus: nil),
            .key(KeyPress("z", [.tab])), .key(KeyPress("space")), .navigate(direction: "next"),
            .commands([KeyCommand(id: "pin", title: "Pin Card", key: KeyPress("p", [.command]), when: .focused, menu: "Gameplay"),
                       KeyCommand(id: "add", title: "Add", discoverabilityTitle: "Add Card", key: KeyPress("a"))]),
            .subscribe(events: ["finished", "speaking"]),
            .echo(text: "a", unit: .character, language: nil), .echo(text: "hello world", unit: .line, language: "de"),
            .window(title: "Save changes?", role: .dialog, language: nil), .window(title: "Notes", role: .window, language: "en-GB"),
        ]
    }()

    @Test(arguments: requests)
    func aRequestEncodedDecodesToItself(request: Request) throws {
        let line = request.line(id: 7)
        #expect(line.last == UInt8(ascii: "\n"))
        let decoded = try RequestLine(line.dropLast())
        #expect(decoded.request == request)
        #expect(decoded.id == 7)
    }

    @Test func requestsAreTheProtocolsText() {
        #expect(String(decoding: Request.announce(Announcement(text: "Hi")).line(id: 1), as: UTF8.self) == #"{"id":1,"text":"Hi","type":"announce"}"# + "\n")
        #expect(Request.key(KeyPress("f", [.tab])).json().serialized() == #"{"key":"f","modifiers":["tab"],"type":"key"}"#)
        #expect(Request.stop.json().serialized() == #"{"type":"stop"}"#)
        #expect(Request.hello(client: "desktop", protocol: 1, hints: .keyboard).json().serialized()
                == #"{"client":"desktop","hints":"keyboard","protocol":1,"type":"hello"}"#)
    }

    /// A door says how its user drives it; without `hints` the daemon's `hint-style` applies,
    /// and any other value is refused by name.
    @Test func aHelloSaysHowItsUserDrivesItOrNothing() throws {
        #expect(try RequestLine(Array(#"{"type":"hello","client":"term","hints":"keyboard"}"#.utf8)).request == .hello(client: "term", protocol: nil, hints: .keyboard))
        #expect(try RequestLine(Array(#"{"type":"hello","client":"app"}"#.utf8)).request == .hello(client: "app", protocol: nil, hints: nil))
        for (line, message) in [
            (#"{"type":"hello","id":3,"hints":"mouse"}"#, #"hints: "mouse" is not one of touch, keyboard"#),
            (#"{"type":"hello","id":3,"hints":true}"#, "hints: expected a string, got a boolean"),
        ] {
            let error = #expect(throws: RequestError.self) { try RequestLine(Array(line.utf8)) }
            #expect(error?.code == .invalidField)
            #expect(error?.message == message)
            #expect(error?.id == 3)
        }
    }

    static let replies: [Reply] = [
        Reply(id: 1, .welcome(protocol: 1, version: "0.1.0")),
        Reply(id: "a", .ok(Reply.Accepted(utterance: UtteranceID(3), hint: UtteranceID(4), element: .some("play")))),
        Reply(id: nil, .ok(Reply.Accepted(element: .some(nil)))),
        Reply(id: 2, .ok(Reply.Accepted())),
        Reply(id: 3, .status(DaemonStatus(version: "0.1.0", protocolVersion: 1, clients: 2, queue: 1,
                                          counters: [.spoken: 5, .superseded: 1, .interrupted: 0, .dropped: 0, .cancelled: 2, .failed: 0],
                                          sink: "text", restarts: 1))),
        Reply(id: 4, .subscribed(["finished", "focus"])),
        Reply(id: 5, .commandsRegistered(2)),
        Reply(id: 6, .shortcuts([KeyCommand(id: "pin", title: "Pin", discoverabilityTitle: "Pin Card", key: KeyPress("p", [.command]), menu: "Gameplay")])),
        Reply(RequestError(.queueFull, "full", id: 8)),
        Reply(RequestError(.tooManyClients, "announcerd already serves 2 clients (max-clients)")),
    ]

    @Test(arguments: replies)
    func aReplyEncodedDecodesToItself(reply: Reply) throws {
        #expect(try DaemonMessage(line: DaemonMessage.reply(reply).line.dropLast()) == .reply(reply))
    }

    static let events: [DaemonEvent] = [
        .speaking(utterance: UtteranceID(1), text: "Play. Button.", kind: "focus"),
        .finished(utterance: UtteranceID(1), status: .spoken, reason: nil),
        .finished(utterance: UtteranceID(2), status: .failed, reason: "the speech synthesizer crashed"),
        .focus(element: "play", frame: Frame(x: 0, y: 0, width: 10, height: 2), shape: .polygon([.init(x: 0, y: 0), .init(x: 4, y: 0), .init(x: 2, y: 3)])),
        .focus(element: nil, frame: nil, shape: nil),
        .activate(element: "play"), .action(element: "card", action: "pin"), .adjust(element: "volume", direction: "increment"),
        .command(command: "add", element: nil),
    ]

    @Test(arguments: events)
    func anEventEncodedDecodesToItself(event: DaemonEvent) throws {
        #expect(try DaemonMessage(line: DaemonMessage.event(event).line.dropLast()) == .event(event))
    }

    @Test func repliesAndEventsAreTheProtocolsText() {
        #expect(Reply(id: 1, .ok(Reply.Accepted(utterance: UtteranceID(12)))).json.serialized() == #"{"id":1,"type":"ok","utterance":12}"#)
        #expect(Reply(RequestError(.invalidField, "element.traits[0]: unknown", id: 7)).json.serialized()
                == #"{"code":"invalid_field","id":7,"message":"element.traits[0]: unknown","type":"error"}"#)
        #expect(DaemonEvent.command(command: "add", element: nil).json.serialized() == #"{"command":"add","element":null,"event":"command","type":"event"}"#)
    }

    @Test func aLineThatIsNeitherIsRefusedByName() {
        #expect(throws: FieldError.self) { try DaemonMessage(line: Array(#"{"type":"event","event":"dance"}"#.utf8)) }
        #expect(throws: FieldError.self) { try DaemonMessage(line: Array(#"{"type":"maybe"}"#.utf8)) }
        #expect(throws: FieldError.self) { try DaemonMessage(line: Array("[1]".utf8)) }
    }
}
