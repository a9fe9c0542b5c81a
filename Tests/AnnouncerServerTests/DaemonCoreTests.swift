import AnnouncerBraille
import AnnouncerComposer
import AnnouncerScheduler
@testable import AnnouncerServer
@testable import AnnouncerSession
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTestSupport
import AnnouncerWire
import Testing

/// A daemon core driven by hand on a virtual clock: inputs in, actions out.
struct CoreHarness {
    static let me: UInt32 = 1000
    var core: DaemonCore
    var clock: Milliseconds = 0

    init(limits: DaemonLimits = DaemonLimits(maximumClients: 2, maximumBacklogBytes: 100, maximumQueuedPerClient: 2)) {
        core = DaemonCore(composer: UtteranceComposer(catalog: packagedCatalog), limits: limits, scheduler: SchedulerSettings(),
                          sinkDescription: "text", uid: Self.me, brailleTranslator: { LouisTranslator(tables: $0) })
    }

    mutating func handle(_ input: DaemonCore.Input) -> [DaemonCore.Action] { core.handle(input, at: clock) }

    mutating func connect(_ client: Int, door: DaemonCore.Door = .json) -> [DaemonCore.Action] {
        handle(.connected(client, uid: Self.me, pid: Int32(client), door: door))
    }

    /// A line as the daemon serves it: announced, its turn, then the line; the line's actions.
    mutating func send(_ client: Int, _ line: String) -> [DaemonCore.Action] {
        _ = handle(.linesArrived(client, count: 1))
        _ = handle(.turn)
        return handle(.line(client, .line(Array(line.utf8))))
    }

    /// The lines the actions send, as text, with the client they go to.
    static func sent(_ actions: [DaemonCore.Action]) -> [String] {
        actions.compactMap { if case .send(let client, let message) = $0 { "\(client) \(String(decoding: message.line.dropLast(), as: UTF8.self))" } else { nil } }
    }

    static func written(_ actions: [DaemonCore.Action]) -> [String] {
        actions.compactMap { if case .write(let client, let text) = $0 { "\(client) \(text)" } else { nil } }
    }

    /// What the engine was handed, as `kind text`.
    static func spoken(_ actions: [DaemonCore.Action]) -> [String] {
        actions.compactMap { if case .speak(let item) = $0 { "\(item.kind) \(item.speech.text)" } else { nil } }
    }
}

/// The daemon core's rules, with no socket, thread or clock (docs/design.md §10 and §17).
@Suite struct DaemonCoreTests {
    var test = CoreHarness()

    @Test mutating func onlyTheDaemonsUserIsAdmittedAndOnlyUpToTheLimit() {
        #expect(test.connect(1) == [.admit(1)])
        let stranger = test.handle(.connected(2, uid: 0, pid: 42))
        #expect(stranger.first == .close(2, reason: "uid 0 may not connect"))
        #expect(test.connect(3) == [.admit(3)])
        let third = test.connect(4)
        guard case .refuse(4, let reply)? = third.first else {
            Issue.record("the third client was not refused: \(third)")
            return
        }
        #expect(reply == Reply(RequestError(.tooManyClients, "announcerd already serves 2 clients (max-clients)")))
        #expect(third.contains(.log(.warning, "refused client pid 4: 2 clients are connected already", limited: true)))
        // One leaves: the next is admitted, and accepting resumes.
        #expect(test.handle(.closed(1, reason: nil)) == [.resumeAccepting])
        #expect(test.connect(5) == [.admit(5)])
    }

    @Test(arguments: [
        (#"{"type":"hello","id":1,"client":"tests","protocol":1}"#, #"1 {"id":1,"protocol":1,"type":"welcome","version":"0.1.0"}"#),
        (#"{"type":"hello","id":1,"client":"announcer-atspi","protocol":1,"hints":"keyboard"}"#, #"1 {"id":1,"protocol":1,"type":"welcome","version":"0.1.0"}"#),
        (#"{"type":"hello","id":1,"hints":"mouse"}"#, #"1 {"code":"invalid_field","id":1,"message":"hints: \"mouse\" is not one of touch, keyboard","type":"error"}"#),
        (#"{"type":"hello","id":1,"protocol":2}"#, #"1 {"code":"unsupported_protocol","id":1,"message":"this announcerd speaks protocol 1, not 2","type":"error"}"#),
        (#"{"type":"announce","id":"a","text":"Saved"}"#, #"1 {"id":"a","type":"ok","utterance":1}"#),
        (#"{"type":"focus","id":2,"element":{"label":"Play","hint":"Plays.","traits":["button"]}}"#, #"1 {"hint":2,"id":2,"type":"ok","utterance":1}"#),
        (#"{"type":"echo","id":2,"text":"a"}"#, #"1 {"id":2,"type":"ok","utterance":1}"#),
        (#"{"type":"window","id":2,"title":"Save?","role":"dialog"}"#, #"1 {"id":2,"type":"ok","utterance":1}"#),
        (#"{"type":"stop"}"#, #"1 {"id":null,"type":"ok"}"#),
        (#"{"type":"subscribe","id":3,"events":["finished","speaking"]}"#, #"1 {"events":["finished","speaking"],"id":3,"type":"ok"}"#),
        (#"{"type":"status","id":4}"#, #"1 {"clients":1,"counters":{"cancelled":0,"dropped":0,"failed":0,"interrupted":0,"spoken":0,"superseded":0},"id":4,"protocol":1,"queue":0,"restarts":0,"sink":"text","type":"ok","version":"0.1.0"}"#),
        (#"{"type":"key","id":5,"key":"tab"}"#, #"1 {"code":"no_tree","id":5,"message":"no client has registered a tree, so there is nothing to move through","type":"error"}"#),
        (#"{"type":"update","id":6,"element":{"id":"a"}}"#, #"1 {"code":"no_tree","id":6,"message":"this client has registered no tree; send \"screen\" first","type":"error"}"#),
        (#"{"type":"nonsense","id":7}"#, #"1 {"code":"unknown_type","id":7,"message":"unknown request type \"nonsense\"; known types: hello, focus, announce, stop, screen, update, key, navigate, commands, shortcuts, subscribe, status, voices, echo, window, settings, braille","type":"error"}"#),
        ("{not json", #"1 {"code":"bad_json","id":null,"message":"not valid JSON: expected a member name in double quotes at byte 1","type":"error"}"#),
    ])
    func everyLineGetsItsOneReply(line: String, reply: String) {
        var test = CoreHarness()
        _ = test.connect(1)
        #expect(CoreHarness.sent(test.send(1, line)) == [reply])
    }

    @Test mutating func blankLinesAreSkippedAndTooLongOnesAnswered() {
        _ = test.connect(1)
        #expect(test.send(1, " \t").isEmpty)
        let actions = test.handle(.line(1, .tooLong(70_000)))
        #expect(CoreHarness.sent(actions) == [#"1 {"code":"too_long","id":null,"message":"the line is longer than 65536 bytes (70000 so far); it was skipped","type":"error"}"#])
    }

    @Test mutating func speechGoesToTheEngineAndItsReportsToTheSubscribers() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(2, #"{"type":"subscribe","events":["finished"]}"#)
        let said = test.send(1, #"{"type":"announce","id":1,"text":"Saved"}"#)
        #expect(CoreHarness.spoken(said) == ["default Saved"])
        #expect(said.contains(.wakeScheduler(at: nil)) == false)
        test.clock = 10
        let started = test.handle(.engine(.started(UtteranceID(1))))
        #expect(CoreHarness.sent(started).isEmpty)  // client 2 asked only for `finished`
        guard case .sounding(let item)? = started.first else { Issue.record("no sounding: \(started)"); return }
        #expect(item.speech.text == "Saved")
        test.clock = 500
        let finished = test.handle(.engine(.finished(UtteranceID(1))))
        #expect(finished.contains(.ended(UtteranceID(1), .spoken)))
        #expect(CoreHarness.sent(finished) == [#"2 {"event":"finished","status":"spoken","type":"event","utterance":1}"#])
        #expect(test.core.isSilent)
    }

    @Test mutating func aStartReportForAnUtteranceCutOffMeanwhileIsNoSound() {
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"subscribe","events":["speaking"]}"#)
        _ = test.send(1, #"{"type":"focus","id":1,"element":{"label":"Play"}}"#)
        // The window comes before the engine's report that the focus started: the focus waits
        // again, so its late report is not a sound, and it is said once, after the title.
        let window = test.send(1, #"{"type":"window","id":2,"title":"Save?","role":"dialog"}"#)
        #expect(window.contains(.cutOff(UtteranceID(1))))
        #expect(test.handle(.engine(.started(UtteranceID(1)))).isEmpty)
        let title = test.handle(.engine(.started(UtteranceID(2))))
        #expect(CoreHarness.sent(title) == [#"1 {"event":"speaking","kind":"window","text":"Save? Dialog.","type":"event","utterance":2}"#])
        #expect(CoreHarness.spoken(test.handle(.engine(.finished(UtteranceID(2))))) == ["focus Play"])
    }

    @Test mutating func aReplyGoesBeforeTheEventsItCaused() {
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"subscribe","events":["finished"]}"#)
        _ = test.send(1, #"{"type":"focus","id":1,"element":{"label":"One"}}"#)
        // A second focus before the first has sounded: the first is superseded in the same step,
        // and its end is told after the reply that caused it.
        let second = CoreHarness.sent(test.send(1, #"{"type":"focus","id":2,"element":{"label":"Two"}}"#))
        #expect(second == [#"1 {"id":2,"type":"ok","utterance":2}"#, #"1 {"event":"finished","status":"superseded","type":"event","utterance":1}"#])
    }

    @Test mutating func aFailedUtteranceIsReportedWithItsReasonAndARestartCounted() {
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"subscribe","events":["finished"]}"#)
        _ = test.send(1, #"{"type":"announce","id":1,"text":"Saved"}"#)
        #expect(test.handle(.engine(.restarted)).isEmpty)
        let failed = test.handle(.engine(.failed(UtteranceID(1), "the speech synthesizer crashed")))
        #expect(CoreHarness.sent(failed) == [#"1 {"event":"finished","reason":"the speech synthesizer crashed","status":"failed","type":"event","utterance":1}"#])
        #expect(failed.contains(.log(.warning, "utterance 1 failed: the speech synthesizer crashed", limited: false)))
        #expect(CoreHarness.sent(test.send(1, #"{"type":"status","id":2}"#)).first?.contains(#""restarts":1"#) == true)
    }

    @Test mutating func aDelayedAnnouncementWakesTheSchedulerAtItsTime() {
        _ = test.connect(1)
        let later = test.send(1, #"{"type":"announce","id":1,"text":"Later","delayMs":1000}"#)
        #expect(later.contains(.wakeScheduler(at: 1000)))
        #expect(CoreHarness.spoken(later).isEmpty)
        test.clock = 1000
        #expect(CoreHarness.spoken(test.handle(.tick)) == ["default Later"])
    }

    @Test mutating func aClientsShareOfTheQueueIsBoundedAndFreedAsItsUtterancesFinish() {
        _ = test.connect(1)
        _ = test.connect(2)
        #expect(CoreHarness.sent(test.send(1, #"{"type":"announce","id":1,"text":"a"}"#)) == [#"1 {"id":1,"type":"ok","utterance":1}"#])
        #expect(CoreHarness.sent(test.send(1, #"{"type":"announce","id":2,"text":"b"}"#)) == [#"1 {"id":2,"type":"ok","utterance":2}"#])
        let third = CoreHarness.sent(test.send(1, #"{"type":"announce","id":3,"text":"c"}"#))
        #expect(third.first?.contains(#""code":"queue_full""#) == true)
        // Another client has a share of its own.
        #expect(CoreHarness.sent(test.send(2, #"{"type":"announce","id":4,"text":"d"}"#)) == [#"2 {"id":4,"type":"ok","utterance":3}"#])
        _ = test.handle(.engine(.started(UtteranceID(1))))
        _ = test.handle(.engine(.finished(UtteranceID(1))))
        #expect(CoreHarness.sent(test.send(1, #"{"type":"announce","id":5,"text":"e"}"#)) == [#"1 {"id":5,"type":"ok","utterance":4}"#])
    }

    @Test mutating func aClientThatLeavesCancelsWhatItLeftWaitingAndTakesItsTree() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(1, #"{"type":"announce","text":"a"}"#)
        _ = test.handle(.engine(.started(UtteranceID(1))))
        _ = test.send(1, #"{"type":"announce","text":"b"}"#)
        _ = test.send(1, #"{"type":"screen","elements":[{"id":"play","label":"Play","traits":["button"]}]}"#)
        #expect(test.core.activeTreeOwner == 1)
        let actions = test.handle(.closed(1, reason: "it left 200 bytes unread"))
        // "a" was cut off by the focus and waits to be said again, "b" waits: both cancelled;
        // the focus already handed to the engine plays on.
        #expect(actions.contains(.ended(UtteranceID(1), .cancelled)))
        #expect(actions.contains(.ended(UtteranceID(2), .cancelled)))
        #expect(!actions.contains(.ended(UtteranceID(3), .cancelled)))
        #expect(actions.contains(.log(.warning, "client 1 (pid 1) disconnected: it left 200 bytes unread", limited: false)))
        #expect(test.core.activeTreeOwner == nil)
        #expect(CoreHarness.sent(test.send(2, #"{"type":"key","id":1,"key":"tab"}"#)).first?.contains("no_tree") == true)
    }

    @Test mutating func theKeyboardActsOnTheLastTreeAndItsEventsGoToItsOwnerBeforeTheReply() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(1, #"{"type":"screen","elements":[{"id":"a","label":"A","traits":["button"]},{"id":"b","label":"B","traits":["button"]}]}"#)
        let keys = CoreHarness.sent(test.send(2, #"{"type":"key","id":1,"key":"space"}"#))
        #expect(keys == [#"1 {"element":"a","event":"activate","type":"event"}"#, #"2 {"id":1,"type":"ok"}"#])
        let screen = CoreHarness.sent(test.send(2, #"{"type":"screen","id":2,"elements":[{"id":"x","label":"X","traits":["button"]}]}"#))
        #expect(screen == [#"2 {"element":"x","event":"focus","frame":null,"shape":null,"type":"event"}"#, #"2 {"element":"x","id":2,"type":"ok","utterance":2}"#])
        #expect(test.core.activeTreeOwner == 2)
    }

    @Test mutating func aWindowLeavesTheKeyboardWithTheTreeAndIsSaidOnce() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(1, #"{"type":"screen","elements":[{"id":"a","label":"A","traits":["button"]},{"id":"b","label":"B","traits":["button"]}]}"#)
        let window = test.send(2, #"{"type":"window","id":1,"title":"Terminal"}"#)
        #expect(CoreHarness.sent(window) == [#"2 {"id":1,"type":"ok","utterance":2}"#])
        #expect(test.core.activeTreeOwner == 1)
        let tab = CoreHarness.sent(test.send(2, #"{"type":"key","id":2,"key":"tab"}"#))
        #expect(tab.first == #"1 {"element":"b","event":"focus","frame":null,"shape":null,"type":"event"}"#)
        // The same window again (a doubled activation) is not said again; another one is.
        #expect(CoreHarness.sent(test.send(2, #"{"type":"window","id":3,"title":"Terminal"}"#)) == [#"2 {"id":3,"type":"ok"}"#])
        #expect(CoreHarness.sent(test.send(2, #"{"type":"window","id":4,"title":"Save?","role":"dialog"}"#)) == [#"2 {"id":4,"type":"ok","utterance":4}"#])
    }

    @Test mutating func theVoicesAreAskedOfTheWorkerWithoutWaitingAndLaterLinesWaitInOrder() {
        _ = test.connect(1)
        let asked = test.send(1, #"{"type":"voices","id":1}"#)
        #expect(asked == [.listVoices])
        // The client's next line waits behind its `voices`; another client is served meanwhile.
        #expect(test.send(1, #"{"type":"status","id":2}"#).isEmpty)
        _ = test.connect(2)
        #expect(CoreHarness.sent(test.send(2, #"{"type":"stop","id":9}"#)) == [#"2 {"id":9,"type":"ok"}"#])
        let voices = [SynthesisVoice(name: "German", language: "de")]
        let answered = CoreHarness.sent(test.handle(.voices(.listed(voices))))
        #expect(answered.count == 2)
        #expect(answered.first == #"1 {"id":1,"type":"ok","voices":[{"language":"de","name":"German","variant":"none"}]}"#)
        #expect(answered.last?.hasPrefix(#"1 {"clients":2,"#) == true)
        // Listed once: the next request is answered at once.
        #expect(CoreHarness.sent(test.send(1, #"{"type":"voices","id":3}"#)).count == 1)
    }

    @Test mutating func aClientWaitingForTheVoicesGetsItsTurnsBackWhenTheyCome() {
        _ = test.connect(1)
        #expect(test.send(1, #"{"type":"voices","id":1}"#) == [.listVoices])
        // Its next lines wait unread: no turn is served to it meanwhile.
        _ = test.handle(.linesArrived(1, count: 1))
        #expect(test.handle(.turn).isEmpty)
        let listed = test.handle(.voices(.listed([SynthesisVoice(name: "German", language: "de")])))
        #expect(CoreHarness.sent(listed).count == 1)
        #expect(listed.last == .nextTurn)
        #expect(test.handle(.turn) == [.serve(1, lines: 1), .nextTurn])
    }

    @Test mutating func aClientThatLeavesWhileTheVoicesAreListedDoesNotAskTwice() {
        _ = test.connect(1)
        _ = test.connect(2)
        #expect(test.send(1, #"{"type":"voices","id":1}"#) == [.listVoices])
        _ = test.handle(.closed(1, reason: nil))
        #expect(test.send(2, #"{"type":"voices","id":2}"#).isEmpty)  // the worker is asked already
        #expect(CoreHarness.sent(test.handle(.voices(.listed([SynthesisVoice(name: "German", language: "de")])))).first?.hasPrefix(#"2 {"id":2"#) == true)
    }

    @Test mutating func aFailedVoiceListIsAnErrorAndAskedForAgain() {
        _ = test.connect(1)
        #expect(test.send(1, #"{"type":"voices","id":1}"#) == [.listVoices])
        let failed = test.handle(.voices(.failed("announcer-speech-worker --voices exited with status 1")))
        #expect(CoreHarness.sent(failed) == [#"1 {"code":"voices_unavailable","id":1,"message":"the speech worker could not list its voices; try again","type":"error"}"#])
        #expect(failed.contains(.log(.warning, "cannot list the synthesizer's voices: announcer-speech-worker --voices exited with status 1", limited: false)))
        #expect(test.send(1, #"{"type":"voices","id":2}"#) == [.listVoices])
    }

    @Test func theLimitsDefaultToTheConfigurations() {
        let configuration = Configuration()
        #expect(DaemonLimits() == DaemonLimits(maximumClients: configuration.maxClients, maximumBacklogBytes: configuration.maxBacklogBytes,
                                               maximumQueuedPerClient: configuration.maxQueuedPerClient))
    }

    @Test mutating func aBacklogOverTheLimitClosesTheClient() {
        _ = test.connect(1)
        #expect(test.handle(.writable(1, backlog: 100)).isEmpty)
        #expect(test.handle(.writable(1, backlog: 101)) == [.close(1, reason: "it left 101 bytes unread (the limit is 100)")])
    }

    @Test mutating func turnsGoRoundSoAFloodWaitsBehindEveryoneElse() {
        _ = test.connect(1)
        _ = test.connect(2)
        #expect(test.handle(.linesArrived(1, count: 100)) == [.nextTurn])
        #expect(test.handle(.linesArrived(2, count: 1)).isEmpty)  // a turn is coming already
        var order: [String] = []
        while case .serve(let client, let lines)? = test.handle(.turn).first { order.append("\(client):\(lines)") }
        #expect(order == ["1:32", "2:1", "1:32", "1:32", "1:4"])
        // A client that leaves loses its turn.
        #expect(test.handle(.linesArrived(1, count: 5)) == [.nextTurn])
        _ = test.handle(.linesArrived(2, count: 5))
        _ = test.handle(.closed(1, reason: nil))
        #expect(test.handle(.turn) == [.serve(2, lines: 5), .nextTurn])
        #expect(test.handle(.turn).isEmpty)
    }
}
