import AnnouncerCore
@testable import AnnouncerServer
import AnnouncerSystem
import Testing
import AnnouncerTestSupport

/// The session machine's rules, with no socket: inputs in, actions out (docs/design.md §10).
@Suite struct SessionMachineTests {
    /// A scheduler stand-in: numbers what it accepts (a focus with a hint is two), refuses
    /// nothing, and remembers what it was given.
    final class RecordingQueue: SpeechQueue {
        var submitted: [SchedulerEvent] = []
        var next = 1

        func submit(_ event: SchedulerEvent) -> SchedulerOutput {
            submitted.append(event)
            var output = SchedulerOutput()
            switch event {
            case .focus(_, let hint):
                output.accepted = [UtteranceID(next)] + (hint == nil ? [] : [UtteranceID(next + 1)])
            case .announce, .message:
                output.accepted = [UtteranceID(next)]
            default:
                break
            }
            next += output.accepted.count
            return output
        }

        var counters: [FinishStatus: Int] { [.spoken: 3] }
        var waitingCount: Int { 2 }
        var engineRestarts: Int { 1 }
        var currentUtterance: UtteranceID?
        var clock: Milliseconds = 0
        func now() -> Milliseconds { clock }
    }

    static let me: UInt32 = 1000
    let speech = RecordingQueue()
    var machine = SessionMachine(composer: UtteranceComposer(catalog: packagedCatalog), limits: DaemonLimits(maximumClients: 2, maximumBacklogBytes: 100, maximumQueuedPerClient: 2),
                                 sinkDescription: "text", uid: SessionMachineTests.me)

    mutating func connect(_ client: Int) -> [SessionMachine.Action] {
        machine.handle(.connected(client, uid: Self.me, pid: Int32(client)), speech: speech)
    }

    mutating func send(_ client: Int, _ line: String) -> [SessionMachine.Action] {
        machine.handle(.line(client, .line(Array(line.utf8))), speech: speech)
    }

    /// The lines the actions send, as text, with the client they go to.
    func sent(_ actions: [SessionMachine.Action]) -> [String] {
        actions.compactMap { if case .send(let client, let message) = $0 { "\(client) \(String(decoding: message.line.dropLast(), as: UTF8.self))" } else { nil } }
    }

    @Test mutating func onlyTheDaemonsUserIsAdmittedAndOnlyUpToTheLimit() {
        #expect(connect(1) == [.admit(1)])
        let stranger = machine.handle(.connected(2, uid: 0, pid: 42), speech: speech)
        #expect(stranger.first == .close(2, reason: "uid 0 may not connect"))
        #expect(connect(3) == [.admit(3)])
        let third = connect(4)
        guard case .refuse(4, let reply)? = third.first else {
            Issue.record("the third client was not refused: \(third)")
            return
        }
        #expect(reply == Reply(RequestError(.tooManyClients, "announcerd already serves 2 clients (max-clients)")))
        #expect(third.contains(.log(.warning, "refused client pid 4: 2 clients are connected already", limited: true)))
        // One leaves: the next is admitted, and accepting resumes.
        #expect(machine.handle(.closed(1, reason: nil), speech: speech) == [.resumeAccepting])
        #expect(connect(5) == [.admit(5)])
    }

    @Test(arguments: [
        (#"{"type":"hello","id":1,"client":"tests","protocol":1}"#, #"1 {"id":1,"protocol":1,"type":"welcome","version":"0.1.0"}"#),
        (#"{"type":"hello","id":1,"protocol":2}"#, #"1 {"code":"unsupported_protocol","id":1,"message":"this announcerd speaks protocol 1, not 2","type":"error"}"#),
        (#"{"type":"announce","id":"a","text":"Saved"}"#, #"1 {"id":"a","type":"ok","utterance":1}"#),
        (#"{"type":"focus","id":2,"element":{"label":"Play","hint":"Plays.","traits":["button"]}}"#, #"1 {"hint":2,"id":2,"type":"ok","utterance":1}"#),
        (#"{"type":"stop"}"#, #"1 {"id":null,"type":"ok"}"#),
        (#"{"type":"subscribe","id":3,"events":["finished","speaking"]}"#, #"1 {"events":["finished","speaking"],"id":3,"type":"ok"}"#),
        (#"{"type":"status","id":4}"#, #"1 {"clients":1,"counters":{"cancelled":0,"dropped":0,"failed":0,"interrupted":0,"spoken":3,"superseded":0},"id":4,"protocol":1,"queue":2,"restarts":1,"sink":"text","type":"ok","version":"0.1.0"}"#),
        (#"{"type":"key","id":5,"key":"tab"}"#, #"1 {"code":"no_tree","id":5,"message":"no client has registered a tree, so there is nothing to move through","type":"error"}"#),
        (#"{"type":"update","id":6,"element":{"id":"a"}}"#, #"1 {"code":"no_tree","id":6,"message":"this client has registered no tree; send \"screen\" first","type":"error"}"#),
        (#"{"type":"nonsense","id":7}"#, #"1 {"code":"unknown_type","id":7,"message":"unknown request type \"nonsense\"; known types: hello, focus, announce, stop, screen, update, key, navigate, commands, shortcuts, subscribe, status, voices","type":"error"}"#),
        ("{not json", #"1 {"code":"bad_json","id":null,"message":"not valid JSON: expected a member name in double quotes at byte 1","type":"error"}"#),
    ])
    func everyLineGetsItsOneReply(line: String, reply: String) {
        var test = self
        _ = test.connect(1)
        #expect(test.sent(test.send(1, line)) == [reply])
    }

    @Test mutating func blankLinesAreSkippedAndTooLongOnesAnswered() {
        _ = connect(1)
        #expect(send(1, " \t").isEmpty)
        let actions = machine.handle(.line(1, .tooLong(70_000)), speech: speech)
        #expect(sent(actions) == [#"1 {"code":"too_long","id":null,"message":"the line is longer than 65536 bytes (70000 so far); it was skipped","type":"error"}"#])
    }

    @Test mutating func eventsGoToSubscribersOnly() {
        _ = connect(1)
        _ = connect(2)
        _ = send(2, #"{"type":"subscribe","events":["finished"]}"#)
        let item = ScheduledUtterance(id: UtteranceID(1), kind: .focus, speech: Speech(text: "Play"), arrivedAt: 0, eligibleAt: 0)
        #expect(machine.handle(.speaking(item), speech: speech).isEmpty)
        let finished = machine.handle(.finished(UtteranceID(1), .spoken, reason: nil), speech: speech)
        #expect(sent(finished) == [#"2 {"event":"finished","status":"spoken","type":"event","utterance":1}"#])
    }

    @Test mutating func aClientsShareOfTheQueueIsBoundedAndFreedAsItsUtterancesFinish() {
        _ = connect(1)
        _ = connect(2)
        #expect(sent(send(1, #"{"type":"announce","id":1,"text":"a"}"#)) == [#"1 {"id":1,"type":"ok","utterance":1}"#])
        #expect(sent(send(1, #"{"type":"announce","id":2,"text":"b"}"#)) == [#"1 {"id":2,"type":"ok","utterance":2}"#])
        let third = sent(send(1, #"{"type":"announce","id":3,"text":"c"}"#))
        #expect(third.first?.contains(#""code":"queue_full""#) == true)
        // Another client has a share of its own.
        #expect(sent(send(2, #"{"type":"announce","id":4,"text":"d"}"#)) == [#"2 {"id":4,"type":"ok","utterance":3}"#])
        _ = machine.handle(.finished(UtteranceID(1), .spoken, reason: nil), speech: speech)
        #expect(sent(send(1, #"{"type":"announce","id":5,"text":"e"}"#)) == [#"1 {"id":5,"type":"ok","utterance":4}"#])
    }

    @Test mutating func aClientThatLeavesCancelsWhatItLeftWaitingAndTakesItsTree() {
        _ = connect(1)
        _ = connect(2)
        _ = send(1, #"{"type":"announce","text":"a"}"#)
        _ = send(1, #"{"type":"screen","elements":[{"id":"play","label":"Play","traits":["button"]}]}"#)
        #expect(machine.activeTreeOwner == 1)
        let actions = machine.handle(.closed(1, reason: "it left 200 bytes unread"), speech: speech)
        #expect(actions.contains(.schedule(.cancelWaiting([UtteranceID(1), UtteranceID(2)]))))
        #expect(actions.contains(.log(.warning, "client 1 (pid 1) disconnected: it left 200 bytes unread", limited: false)))
        #expect(machine.activeTreeOwner == nil)
        #expect(sent(send(2, #"{"type":"key","id":1,"key":"tab"}"#)).first?.contains("no_tree") == true)
    }

    @Test mutating func theKeyboardActsOnTheLastTreeAndItsEventsGoToItsOwnerBeforeTheReply() {
        _ = connect(1)
        _ = connect(2)
        _ = send(1, #"{"type":"screen","elements":[{"id":"a","label":"A","traits":["button"]},{"id":"b","label":"B","traits":["button"]}]}"#)
        let keys = sent(send(2, #"{"type":"key","id":1,"key":"space"}"#))
        #expect(keys == [#"1 {"element":"a","event":"activate","type":"event"}"#, #"2 {"id":1,"type":"ok"}"#])
        let screen = sent(send(2, #"{"type":"screen","id":2,"elements":[{"id":"x","label":"X","traits":["button"]}]}"#))
        #expect(screen == [#"2 {"element":"x","event":"focus","frame":null,"shape":null,"type":"event"}"#, #"2 {"element":"x","id":2,"type":"ok","utterance":2}"#])
        #expect(machine.activeTreeOwner == 2)
    }

    @Test func theLimitsDefaultToTheConfigurations() {
        let configuration = Configuration()
        #expect(DaemonLimits() == DaemonLimits(maximumClients: configuration.maxClients, maximumBacklogBytes: configuration.maxBacklogBytes,
                                               maximumQueuedPerClient: configuration.maxQueuedPerClient))
    }

    @Test mutating func aBacklogOverTheLimitClosesTheClient() {
        _ = connect(1)
        #expect(machine.handle(.writable(1, backlog: 100), speech: speech).isEmpty)
        #expect(machine.handle(.writable(1, backlog: 101), speech: speech) == [.close(1, reason: "it left 101 bytes unread (the limit is 100)")])
    }

    @Test mutating func turnsGoRoundSoAFloodWaitsBehindEveryoneElse() {
        _ = connect(1)
        _ = connect(2)
        machine.linesArrived(1, count: 100)
        machine.linesArrived(2, count: 1)
        var order: [String] = []
        while let turn = machine.nextTurn() { order.append("\(turn.client):\(turn.lines)") }
        #expect(order == ["1:32", "2:1", "1:32", "1:32", "1:4"])
        // A client that leaves loses its turn.
        machine.linesArrived(1, count: 5)
        machine.linesArrived(2, count: 5)
        _ = machine.handle(.closed(1, reason: nil), speech: speech)
        #expect(machine.nextTurn()! == (client: 2, lines: 5))
        #expect(machine.nextTurn() == nil)
    }
}

/// The packaged locale tables, as the daemon loads them.
let packagedCatalog: LocaleCatalog = {
    do {
        let files = ConfigurationFiles(packagedDirectory: packageRoot.path + "/config", userDirectory: "/nonexistent")
        return try ConfigurationSources(packagedTables: files.readLocales()).loadLocales()
    } catch {
        fatalError("the packaged locale tables do not load: \(error)")
    }
}()
