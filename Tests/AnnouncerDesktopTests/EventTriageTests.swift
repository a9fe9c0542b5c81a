@testable import AnnouncerDesktop
import AnnouncerSupport
import Testing

/// Which events the bridge reads (docs/design.md §12): a flood of changes to objects nothing
/// says is not read, and a silent application's events wait until it answers a probe, on a
/// manual clock.
@Suite struct EventTriageTests {
    @Test(arguments: [
        ("object:state-changed:focused", 1, EventTriage.Cost.focus),
        ("object:state-changed:focused", 0, .none),  // the focus lost: not spoken
        ("object:active-descendant-changed", 0, .focus),
        ("window:activate", 0, .window),
        ("object:text-caret-moved", 5, .change),
        ("object:state-changed:checked", 1, .change),
        ("object:property-change:accessible-value", 0, .change),
        ("object:value-changed", 0, .change),
        // Typed into the focus (nothing to read), or a live region's text (its attributes).
        ("object:text-changed:insert", 3, .outsideFocus),
        ("object:text-changed:delete:system", 0, .outsideFocus),
        ("object:state-changed:busy", 0, .outsideFocus),
        ("object:selection-changed", 0, .outsideFocus),
        ("document:load-complete", 0, .outsideFocus),
        // An object shown may be an alert that appeared (its role is read); one hidden is nothing.
        ("object:state-changed:showing", 1, .outsideFocus),
        ("object:state-changed:showing", 0, .none),
        ("object:announcement", 1, .none),
        ("object:children-changed:add", 0, .none),
        ("document:reload", 0, .none),
    ])
    func whatReadingAnEventCosts(type: String, detail1: Int, cost: EventTriage.Cost) {
        #expect(EventTriage.cost(of: type, detail1: detail1) == cost)
    }

    @Test func aChangeIsReadOnlyOnTheFocusOrTheReviewedObject() {
        var triage = EventTriage()
        let decide = { (object: String) in triage.decide(.change, application: ":1.2", object: object, focused: "bar", reviewed: "row") }
        #expect(decide("progress") == .skip)  // a progress bar at 500 changes a second
        #expect(decide("bar") == .read)
        #expect(decide("row") == .read)
        #expect(triage.decide(.change, application: ":1.2", object: "log", focused: nil, reviewed: nil) == .skip)
        #expect(triage.decide(.none, application: ":1.2", object: "log", focused: nil, reviewed: nil) == .read)
        // The window whose title waits: its new name is the one to say.
        #expect(triage.decide(.change, application: ":1.2", object: "frame", focused: "bar", reviewed: nil, window: "frame") == .read)
        // Beside the focus: a live region's text, read while its application answers.
        #expect(triage.decide(.outsideFocus, application: ":1.2", object: "status", focused: "bar", reviewed: nil) == .read)
    }

    @Test func aSilentApplicationsEventsWaitUntilItAnswers() {
        var triage = EventTriage()
        #expect(triage.timedOut(":1.2", at: 1_000) == [.log(":1.2 does not answer; its events wait until it does"),
                                                        .probe(application: ":1.2", afterMs: 0)])
        #expect(triage.timedOut(":1.2", at: 1_200).isEmpty)  // probed once
        #expect(triage.isSilent(":1.2"))
        #expect(!triage.isSilent(":1.3"))
        #expect(triage.decide(.change, application: ":1.2", object: "button", focused: "button", reviewed: nil) == .skip)
        #expect(triage.decide(.window, application: ":1.2", object: "frame", focused: nil, reviewed: nil) == .skip)
        #expect(triage.decide(.none, application: ":1.2", object: "entry", focused: nil, reviewed: nil) == .read)
        // Typed into its focus: the text comes with the event; a live region's is not read.
        #expect(triage.decide(.outsideFocus, application: ":1.2", object: "entry", focused: "entry", reviewed: nil) == .read)
        #expect(triage.decide(.outsideFocus, application: ":1.2", object: "status", focused: "entry", reviewed: nil) == .skip)
        #expect(triage.decide(.focus, application: ":1.2", object: "button", focused: nil, reviewed: nil) == .hold)
        // Another application is read meanwhile.
        #expect(triage.decide(.window, application: ":1.3", object: "frame", focused: nil, reviewed: nil) == .read)
        #expect(triage.probed(":1.2", .noReply, at: 6_000) == [.probe(application: ":1.2", afterMs: 500)])
        #expect(triage.probed(":1.2", .answered, at: 7_500) == [.log(":1.2 answers again after 6500 ms"),
                                                                .readHeldFocus(application: ":1.2")])
        #expect(!triage.isSilent(":1.2"))
        #expect(triage.decide(.change, application: ":1.2", object: "button", focused: "button", reviewed: nil) == .read)
        #expect(triage.probed(":1.2", .answered, at: 8_000).isEmpty)  // a late answer to an older probe
    }

    @Test func aHeldFocusIsNotReadWhenAnotherApplicationsFocusCameSince() {
        var triage = EventTriage()
        _ = triage.timedOut(":1.2", at: 0)
        #expect(triage.decide(.focus, application: ":1.2", object: "stall", focused: nil, reviewed: nil) == .hold)
        #expect(triage.decide(.focus, application: ":1.3", object: "other", focused: nil, reviewed: nil) == .read)
        #expect(triage.probed(":1.2", .answered, at: 2_000) == [.log(":1.2 answers again after 2000 ms")])
    }

    @Test func aFocusThatTimedOutIsHeld() {
        var triage = EventTriage()
        #expect(triage.decide(.focus, application: ":1.2", object: "stall", focused: nil, reviewed: nil) == .read)
        _ = triage.timedOut(":1.2", at: 0)
        triage.holdFocus(of: ":1.2")
        #expect(triage.probed(":1.2", .answered, at: 300) == [.log(":1.2 answers again after 300 ms"), .readHeldFocus(application: ":1.2")])
    }

    @Test func anApplicationThatLeftIsForgotten() {
        var triage = EventTriage()
        _ = triage.timedOut(":1.2", at: 0)
        #expect(triage.probed(":1.2", .gone, at: 100) == [.log(":1.2 left the bus")])
        #expect(!triage.isSilent(":1.2"))
    }

    /// A focus event that could not be read (an application starting sends its first focus
    /// before its objects can be read; the object may be gone) clears every search as any focus
    /// event does: the application's focus is then looked for again, as when it was met, or it
    /// would never be said when no other event comes (a GTK window whose focus came as the
    /// bridge met it, on a loaded machine: nothing said in 30 s).
    @Test func aFocusThatCouldNotBeReadIsLookedForAgain() {
        var triage = EventTriage()
        _ = triage.met(":1.2")
        #expect(triage.decide(.focus, application: ":1.2", object: "a", focused: nil, reviewed: nil) == .read)
        #expect(triage.wantsFocus(of: ":1.2") == false)
        #expect(triage.focusUnread(":1.2") == [.findFocus(application: ":1.2", afterMs: 250)])
        #expect(triage.wantsFocus(of: ":1.2") == true)
        #expect(triage.searchesFocus(of: ":1.2") == true)
        // Not found yet (its window not active): later, as for an application met.
        #expect(triage.focusSearched(":1.2", found: false) == [.findFocus(application: ":1.2", afterMs: 250)])
        // A focus event read since is the focus: no search is made.
        _ = triage.decide(.focus, application: ":1.2", object: "b", focused: nil, reviewed: nil)
        #expect(triage.searchesFocus(of: ":1.2") == false)
        // A silent application is looked for once it answers, not now.
        _ = triage.timedOut(":1.3", at: 0)
        #expect(triage.focusUnread(":1.3") == [])
    }

    /// What a user's key asks of a silent application (browse mode's Tab gives the next link
    /// the focus; Enter presses it) is kept and carried out once it answers, before its held
    /// focus is read: a loaded machine's Firefox, silent a moment, lost a Tab. An application
    /// that answers is asked at once; one that left the bus has nothing carried out.
    @Test func whatAKeyAskedOfASilentApplicationIsDoneOnceItAnswers() {
        var triage = EventTriage()
        #expect(triage.holdRequest(of: ":1.2") == false)
        _ = triage.timedOut(":1.2", at: 0)
        #expect(triage.holdRequest(of: ":1.2") == true)
        _ = triage.decide(.focus, application: ":1.2", object: "a", focused: nil, reviewed: nil)
        #expect(triage.probed(":1.2", .answered, at: 900) == [.log(":1.2 answers again after 900 ms"),
                                                               .performHeldRequests(application: ":1.2"),
                                                               .readHeldFocus(application: ":1.2")])
        // Answering, it holds nothing more.
        _ = triage.timedOut(":1.2", at: 1_000)
        #expect(triage.probed(":1.2", .answered, at: 1_100) == [.log(":1.2 answers again after 100 ms")])
        _ = triage.timedOut(":1.3", at: 0)
        #expect(triage.holdRequest(of: ":1.3") == true)
        #expect(triage.probed(":1.3", .gone, at: 100) == [.log(":1.3 left the bus")])
    }

    /// An application met (on the desktop as the bridge starts, or joining it) may hold a focus
    /// it sent no event of: it is looked for at once, again when a search timed out and the
    /// application answers, and again a moment later (250 ms, then twice as long) while none is
    /// found, at most `focusSearches` times in all (two minutes); a focus event since, or a focus found in
    /// another application, makes it stale.
    @Test func aMetApplicationsFocusIsLookedForUntilAFocusComes() {
        var triage = EventTriage()
        #expect(triage.met(":1.2") == [.findFocus(application: ":1.2", afterMs: 0)])
        #expect(triage.searchesFocus(of: ":1.2") == true)
        // The search timed out (the application turning its accessibility on): silent, then it answers.
        _ = triage.timedOut(":1.2", at: 0)
        #expect(triage.searchesFocus(of: ":1.2") == false)
        #expect(triage.probed(":1.2", .answered, at: 8_000) == [.log(":1.2 answers again after 8000 ms"),
                                                                 .findFocus(application: ":1.2", afterMs: 0)])
        // No window of it has the focus yet: again, later and later.
        var delays: [Milliseconds] = []
        var gaveUp: [EventTriage.Action] = []
        while triage.searchesFocus(of: ":1.2") {
            for case .findFocus(_, let afterMs) in triage.focusSearched(":1.2", found: false) { delays.append(afterMs) }
        }
        #expect(delays == [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000])

        // Not found at first, without a timeout: 250 ms, then twice as long each time.
        _ = triage.met(":1.7")
        delays = []
        while triage.searchesFocus(of: ":1.7") {
            let actions = triage.focusSearched(":1.7", found: false)
            for case .findFocus(_, let afterMs) in actions { delays.append(afterMs) }
            gaveUp += actions.filter { if case .log = $0 { true } else { false } }
        }
        // For two minutes in all (a window can take its focus late on a loaded machine), then
        // the log says it gave up.
        #expect(delays == [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000])
        #expect(gaveUp == [.log("no focus found in :1.7 after 10 searches")])
        #expect(triage.wantsFocus(of: ":1.7") == false)

        // Found: the focus, the newest, and no other application's search goes on.
        _ = triage.met(":1.3")
        _ = triage.met(":1.8")
        #expect(triage.searchesFocus(of: ":1.3") == true)
        #expect(triage.focusSearched(":1.3", found: true) == [])
        #expect(triage.searchesFocus(of: ":1.3") == false)
        #expect(triage.wantsFocus(of: ":1.8") == false)

        // A focus event came first: the newer focus is the one said, the search is not made.
        _ = triage.met(":1.4")
        let focuses = triage.focusesSeen
        #expect(triage.decide(.focus, application: ":1.5", object: "b", focused: nil, reviewed: nil) == .read)
        #expect(triage.focusesSeen == focuses + 1)  // a search's result read before it is not said
        #expect(triage.searchesFocus(of: ":1.4") == false)
        #expect(triage.focusSearched(":1.4", found: false) == [])

        // Met while silent: looked for once it answers.
        _ = triage.timedOut(":1.6", at: 0)
        #expect(triage.met(":1.6") == [])
        #expect(triage.probed(":1.6", .answered, at: 100) == [.log(":1.6 answers again after 100 ms"),
                                                               .findFocus(application: ":1.6", afterMs: 0)])
    }
}
