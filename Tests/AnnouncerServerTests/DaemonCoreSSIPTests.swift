import AnnouncerSSIP
import AnnouncerScheduler
@testable import AnnouncerServer
@testable import AnnouncerSession
import AnnouncerTestSupport
import Testing

/// The SSIP door in the daemon's core (docs/design.md §11), with no socket: which client gets
/// which event and when, and what STOP, CANCEL, PAUSE, RESUME and SET ALL do to whom.
@Suite struct DaemonCoreSSIPTests {
    var test = CoreHarness(limits: DaemonLimits(maximumClients: 8, maximumBacklogBytes: 1 << 20, maximumQueuedPerClient: 3))

    mutating func connect(_ client: Int, door: DaemonCore.Door = .ssip) {
        #expect(test.connect(client, door: door) == [.admit(client)])
    }

    mutating func send(_ client: Int, _ line: String) -> [DaemonCore.Action] { test.send(client, line) }

    mutating func speak(_ client: Int, _ text: String) -> [DaemonCore.Action] {
        _ = send(client, "SPEAK")
        _ = send(client, text)
        return send(client, ".")
    }

    mutating func engine(_ report: SpeechEngineEvent) -> [String] { CoreHarness.written(test.handle(.engine(report))) }

    func written(_ actions: [DaemonCore.Action]) -> [String] { CoreHarness.written(actions) }

    static let one = UtteranceID(1), two = UtteranceID(2)

    @Test mutating func eventsGoOnlyToTheClientThatAskedAndOnlyThoseItAskedFor() {
        connect(1)
        connect(2)
        _ = send(1, "SET SELF NOTIFICATION end on")
        #expect(written(speak(1, "one")) == ["1 225-1\r\n225 OK MESSAGE QUEUED\r\n"])
        test.clock = 1000
        #expect(engine(.started(Self.one)).isEmpty)  // BEGIN was not asked for
        #expect(engine(.finished(Self.one)) == ["1 702-1\r\n702-1\r\n702 END\r\n"])
        #expect(written(speak(2, "two")) == ["2 225-2\r\n225 OK MESSAGE QUEUED\r\n"])
        test.clock = 2000
        _ = engine(.started(Self.two))
        #expect(engine(.finished(Self.two)).isEmpty)
    }

    @Test mutating func anEventNeverComesBetweenACommandAndItsReplyNorRightAfterItsMessagesReply() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION ALL on")
        test.clock = 50
        _ = speak(1, "one")
        // The client sent a command that waits for its turn: the event waits too.
        _ = test.handle(.linesArrived(1, count: 1))
        test.clock = 100
        #expect(engine(.started(Self.one)).isEmpty)
        _ = test.handle(.turn)
        // Its reply goes first; the event waits the gap after its message's 225, then comes
        // on the wake-up.
        let answered = test.handle(.line(1, .line(Array("GET RATE".utf8))))
        #expect(written(answered) == ["1 251-0\r\n251 OK GET RETURNED\r\n"])
        #expect(answered.contains(.wake(1, at: 50 + SSIPClientState.eventGapMs)))
        test.clock = 50 + SSIPClientState.eventGapMs
        #expect(written(test.handle(.wake(1))) == ["1 701-1\r\n701-1\r\n701 BEGIN\r\n"])
    }

    /// A client that sends a command every 50 ms, never still for the gap, gets its events: the
    /// gap is counted from its message's 225, not from its last reply (the soak's client, polling
    /// for its messages' ends on a loaded machine, never got 220 of them).
    @Test mutating func aClientThatNeverStopsSendingStillGetsItsEvents() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION end on")
        _ = send(1, "SET SELF PRIORITY message")
        _ = speak(1, "one")
        _ = engine(.started(Self.one))
        var heard: [String] = []
        for tick in 1...6 {
            test.clock = Double(tick) * 50
            if tick == 1 { heard += engine(.finished(Self.one)) }
            _ = test.handle(.linesArrived(1, count: 1))
            _ = test.handle(.turn)
            heard += written(test.handle(.line(1, .line(Array("GET RATE".utf8)))))
        }
        #expect(heard.filter { $0.contains("702 END") } == ["1 702-1\r\n702-1\r\n702 END\r\n"])
        // It came with the first reply past the gap, and was not held on to the end.
        #expect(heard.firstIndex { $0.contains("702") } == heard.firstIndex { $0.contains("251") }.map { $0 + 2 })
    }

    /// An event waits while the client sends SPEAK data, and comes after the reply that ends
    /// it: at once for an older message (its 225 went long ago); for the new message, the gap
    /// after its own 225.
    @Test mutating func eventsWaitWhileTheClientSendsSpeakData() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION end on")
        _ = speak(1, "one")
        _ = send(1, "SPEAK")
        test.clock = 1000
        _ = engine(.started(Self.one))
        #expect(engine(.finished(Self.one)).isEmpty)
        _ = send(1, "two")
        let end = send(1, ".")
        #expect(written(end) == ["1 225-2\r\n225 OK MESSAGE QUEUED\r\n", "1 702-1\r\n702-1\r\n702 END\r\n"])
        _ = engine(.started(Self.two))
        let ended = engine(.finished(Self.two))
        #expect(ended.isEmpty)
        test.clock = 1000 + SSIPClientState.eventGapMs
        #expect(written(test.handle(.wake(1))) == ["1 702-2\r\n702-1\r\n702 END\r\n"])
    }

    @Test mutating func stopAndCancelReachTheirTargetsAndAnUnknownIDIsAnError() {
        connect(1)
        connect(2)
        connect(3, door: .json)
        _ = send(1, "SET SELF PRIORITY message")
        _ = send(2, "SET SELF PRIORITY message")
        _ = speak(1, "one")   // utterance 1, speaking
        _ = speak(2, "two")   // utterance 2, waiting
        _ = engine(.started(Self.one))
        let stop = send(1, "STOP self")
        #expect(stop.contains(.cutOff(Self.one)) && stop.contains(.ended(Self.one, .interrupted)))
        #expect(CoreHarness.spoken(stop) == ["message two"])
        let cancel = send(1, "CANCEL 2")
        #expect(cancel.contains(.cutOff(Self.two)) && cancel.contains(.ended(Self.two, .cancelled)))
        #expect(written(send(1, "CANCEL 99")) == ["1 406 ERR ID DOESNT EXIST\r\n"])
        _ = speak(1, "three")
        _ = speak(2, "four")
        let all = send(2, "CANCEL all")
        #expect(all.contains(.ended(UtteranceID(3), .cancelled)) && all.contains(.ended(UtteranceID(4), .cancelled)))
        #expect(written(all) == ["2 213 OK CANCELED\r\n"])
        #expect(test.core.isSilent)
    }

    @Test mutating func pauseHoldsTheClientsSpeechAndSaysPausedThenResumed() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION ALL on")
        _ = send(1, "SET SELF PRIORITY message")
        _ = speak(1, "one")
        test.clock = 1000
        #expect(engine(.started(Self.one)) == ["1 701-1\r\n701-1\r\n701 BEGIN\r\n"])
        let paused = send(1, "PAUSE self")
        #expect(paused.contains(.cutOff(Self.one)))
        // After PAUSE's reply, not before it.
        #expect(written(paused) == ["1 211 OK PAUSED\r\n", "1 704-1\r\n704-1\r\n704 PAUSED\r\n"])
        test.clock = 2000
        // A message sent while paused is held too: nothing starts.
        #expect(CoreHarness.spoken(speak(1, "two")).isEmpty)
        let resumed = send(1, "RESUME self")
        #expect(CoreHarness.spoken(resumed) == ["message one"])
        test.clock = 3000
        #expect(engine(.started(Self.one)) == ["1 705-1\r\n705-1\r\n705 RESUMED\r\n"])
    }

    @Test mutating func setAllReachesEverySSIPClient() {
        connect(1)
        connect(2)
        #expect(written(send(1, "SET all RATE 40")) == ["1 203 OK RATE SET\r\n"])
        #expect(written(send(2, "GET RATE")) == ["2 251-40\r\n251 OK GET RETURNED\r\n"])
        #expect(written(send(1, "SET 9 RATE 40")) == ["1 406 ERR ID DOESNT EXIST\r\n"])
    }

    @Test mutating func aClientsShareOfTheQueueHoldsForSSIPMessages() {
        connect(1)
        _ = send(1, "SET SELF PRIORITY message")
        for text in ["a", "b", "c"] { _ = speak(1, text) }
        let fourth = written(speak(1, "d"))
        #expect(fourth.count == 1 && fourth[0].hasPrefix("1 300 ERR THIS CLIENT ALREADY HAS 3 UTTERANCES WAITING"))
    }

    @Test mutating func quitSaysGoodbyeAndHangsUp() {
        connect(1)
        #expect(send(1, "QUIT") == [.write(1, "231 HAPPY HACKING\r\n"), .hangUp(1)])
    }

    @Test mutating func voicesAreListedByLanguageOnceTheWorkerAnswersAndAskedForOnce() {
        connect(1)
        #expect(send(1, "LIST SYNTHESIS_VOICES en") == [.listVoices])
        let voices = [SynthesisVoice(name: "English (Great Britain)", language: "en-gb"), SynthesisVoice(name: "German", language: "de")]
        #expect(written(test.handle(.voices(.listed(voices)))) == ["1 249-English (Great Britain)\ten-gb\tnone\r\n249 OK VOICE LIST SENT\r\n"])
        #expect(written(send(1, "LIST SYNTHESIS_VOICES")).first?.contains("German\tde\tnone") == true)
    }

    @Test mutating func aFailedVoiceListIsSaidAndAskedForAgain() {
        connect(1)
        #expect(send(1, "LIST SYNTHESIS_VOICES") == [.listVoices])
        #expect(written(test.handle(.voices(.failed("no worker")))) == ["1 \(SSIPReply.cannotListVoices)"])
        #expect(send(1, "LIST SYNTHESIS_VOICES") == [.listVoices])
    }
}
