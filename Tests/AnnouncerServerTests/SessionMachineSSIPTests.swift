import AnnouncerCore
@testable import AnnouncerServer
import AnnouncerSSIP
import Testing
import AnnouncerTestSupport

/// The SSIP door in the session machine (docs/design.md §11), with no socket: which client gets which
/// event and when, and what STOP, CANCEL, PAUSE, RESUME and SET ALL do to whom.
@Suite struct SessionMachineSSIPTests {
    let speech = SessionMachineTests.RecordingQueue()
    var machine = SessionMachine(composer: UtteranceComposer(catalog: packagedCatalog),
                                 limits: DaemonLimits(maximumClients: 8, maximumBacklogBytes: 1 << 20, maximumQueuedPerClient: 3),
                                 sinkDescription: "text", uid: SessionMachineTests.me)

    mutating func connect(_ client: Int, door: SessionMachine.Door = .ssip) {
        #expect(machine.handle(.connected(client, uid: SessionMachineTests.me, pid: 1, door: door), speech: speech) == [.admit(client)])
    }

    /// A line as the daemon serves it: announced (`linesArrived`), then handled.
    mutating func send(_ client: Int, _ line: String) -> [SessionMachine.Action] {
        machine.linesArrived(client, count: 1)
        _ = machine.nextTurn()
        return machine.handle(.line(client, .line(Array(line.utf8))), speech: speech)
    }

    mutating func speak(_ client: Int, _ text: String) -> [SessionMachine.Action] {
        _ = send(client, "SPEAK")
        _ = send(client, text)
        return send(client, ".")
    }

    func written(_ actions: [SessionMachine.Action]) -> [String] {
        actions.compactMap { if case .write(let client, let text) = $0 { "\(client) \(text)" } else { nil } }
    }

    @Test mutating func eventsGoOnlyToTheClientThatAskedAndOnlyThoseItAskedFor() {
        connect(1)
        connect(2)
        _ = send(1, "SET SELF NOTIFICATION end on")
        #expect(written(speak(1, "one")) == ["1 225-1\r\n225 OK MESSAGE QUEUED\r\n"])
        #expect(written(speak(2, "two")) == ["2 225-2\r\n225 OK MESSAGE QUEUED\r\n"])
        speech.clock = 1000
        let item = ScheduledUtterance(id: UtteranceID(1), kind: .message(.text), speech: Speech(text: "one"), arrivedAt: 0, eligibleAt: 0)
        #expect(written(machine.handle(.speaking(item), speech: speech)).isEmpty)  // BEGIN was not asked for
        #expect(written(machine.handle(.finished(UtteranceID(1), .spoken, reason: nil), speech: speech)) == ["1 702-1\r\n702-1\r\n702 END\r\n"])
        #expect(written(machine.handle(.finished(UtteranceID(2), .spoken, reason: nil), speech: speech)).isEmpty)
    }

    @Test mutating func anEventNeverComesBetweenACommandAndItsReplyNorRightAfterTheReply() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION ALL on")
        _ = speak(1, "one")
        // The client sent a command that waits for its turn: the event waits too.
        machine.linesArrived(1, count: 1)
        let item = ScheduledUtterance(id: UtteranceID(1), kind: .message(.text), speech: Speech(text: "one"), arrivedAt: 0, eligibleAt: 0)
        speech.clock = 100
        #expect(written(machine.handle(.speaking(item), speech: speech)).isEmpty)
        _ = machine.nextTurn()
        // Its reply goes first; the event waits the gap after it, then comes on the wake-up.
        let answered = machine.handle(.line(1, .line(Array("GET RATE".utf8))), speech: speech)
        #expect(written(answered) == ["1 251-0\r\n251 OK GET RETURNED\r\n"])
        #expect(answered.contains(.wake(1, at: 100 + SessionMachine.eventGapMs)))
        speech.clock = 100 + SessionMachine.eventGapMs
        #expect(written(machine.handle(.wake(1), speech: speech)) == ["1 701-1\r\n701-1\r\n701 BEGIN\r\n"])
    }

    @Test mutating func eventsWaitWhileTheClientSendsSpeakData() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION end on")
        _ = speak(1, "one")
        _ = send(1, "SPEAK")
        speech.clock = 1000
        #expect(written(machine.handle(.finished(UtteranceID(1), .spoken, reason: nil), speech: speech)).isEmpty)
        _ = send(1, "two")
        let end = send(1, ".")
        #expect(written(end) == ["1 225-2\r\n225 OK MESSAGE QUEUED\r\n"])
        speech.clock = 2000
        #expect(written(machine.handle(.wake(1), speech: speech)) == ["1 702-1\r\n702-1\r\n702 END\r\n"])
    }

    @Test mutating func stopAndCancelReachTheirTargetsAndAnUnknownIDIsAnError() {
        connect(1)
        connect(2)
        connect(3, door: .json)
        _ = speak(1, "one")   // utterance 1
        _ = speak(2, "two")   // utterance 2
        #expect(send(1, "STOP self").contains(.schedule(.cancel([UtteranceID(1)], waiting: false))))
        #expect(send(1, "CANCEL 2").contains(.schedule(.cancel([UtteranceID(2)], waiting: true))))
        #expect(written(send(1, "CANCEL 99")) == ["1 406 ERR ID DOESNT EXIST\r\n"])
        let all = send(2, "CANCEL all")
        #expect(all.contains(.schedule(.cancel([UtteranceID(1), UtteranceID(2)], waiting: true))))
        #expect(written(all) == ["2 213 OK CANCELED\r\n"])
    }

    @Test mutating func pauseHoldsTheClientsSpeechAndSaysPausedThenResumed() {
        connect(1)
        _ = send(1, "SET SELF NOTIFICATION ALL on")
        _ = speak(1, "one")
        speech.clock = 1000
        speech.currentUtterance = UtteranceID(1)
        let item = ScheduledUtterance(id: UtteranceID(1), kind: .message(.text), speech: Speech(text: "one"), arrivedAt: 0, eligibleAt: 0)
        _ = machine.handle(.speaking(item), speech: speech)
        _ = machine.handle(.wake(1), speech: speech)
        let paused = send(1, "PAUSE self")
        #expect(paused.contains(.schedule(.hold([UtteranceID(1)]))))
        speech.clock = 2000
        #expect(written(machine.handle(.wake(1), speech: speech)) == ["1 704-1\r\n704-1\r\n704 PAUSED\r\n"])
        // A message sent while paused is held too.
        _ = speak(1, "two")
        #expect(speech.submitted.last == .message(Speech(text: "two"), .text, held: true))
        #expect(send(1, "RESUME self").contains(.schedule(.release([UtteranceID(1), UtteranceID(2)]))))
        speech.clock = 3000
        #expect(written(machine.handle(.speaking(item), speech: speech)) == ["1 705-1\r\n705-1\r\n705 RESUMED\r\n"])
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
        for text in ["a", "b", "c"] { _ = speak(1, text) }
        let fourth = written(speak(1, "d"))
        #expect(fourth.count == 1 && fourth[0].hasPrefix("1 300 ERR THIS CLIENT ALREADY HAS 3 UTTERANCES WAITING"))
    }

    @Test mutating func quitSaysGoodbyeAndHangsUp() {
        connect(1)
        #expect(send(1, "QUIT") == [.write(1, "231 HAPPY HACKING\r\n"), .hangUp(1)])
    }

    @Test mutating func voicesAreListedByLanguageAndAskedForOnce() {
        connect(1)
        var asked = 0
        let voices = [SynthesisVoice(name: "English (Great Britain)", language: "en-gb"), SynthesisVoice(name: "German", language: "de")]
        machine.voiceLister = { asked += 1; return voices }
        #expect(written(send(1, "LIST SYNTHESIS_VOICES en")) == ["1 249-English (Great Britain)\ten-gb\tnone\r\n249 OK VOICE LIST SENT\r\n"])
        #expect(written(send(1, "LIST SYNTHESIS_VOICES")).first?.contains("German\tde\tnone") == true)
        #expect(asked == 1)
    }
}
