import AnnouncerSupport
import Testing

@Suite struct IdleTrimTests {
    @Test func trimsOnceAfterAQuietSpellAndAgainOnlyAfterActivity() {
        var trim = IdleTrim(afterMs: 5000, at: 0)
        #expect(trim.checkAt == 5000)
        #expect(trim.shouldTrim(at: 4999) == false)
        trim.activity(at: 3000)                 // a request: the spell starts again
        #expect(trim.checkAt == 8000)
        #expect(trim.shouldTrim(at: 7999) == false)
        #expect(trim.shouldTrim(at: 8000) == true)
        #expect(trim.checkAt == nil)            // trimmed: nothing to look at until activity
        #expect(trim.shouldTrim(at: 60_000) == false)
        trim.activity(at: 60_000)
        #expect(trim.checkAt == 65_000)
        #expect(trim.shouldTrim(at: 70_000) == true)
    }

    @Test func anActivityReportedLateNeverMovesTheSpellBack() {
        var trim = IdleTrim(afterMs: 5000, at: 0)
        trim.activity(at: 9000)
        trim.activity(at: 2000)                 // an older time, reported after a newer one
        #expect(trim.checkAt == 14_000)
    }

    @Test func theDefaultWaitsLongerThanAPauseBetweenKeys() {
        #expect(IdleTrim.defaultAfterMs == 5000)
        #expect(IdleTrim(at: 100).checkAt == 5100)
    }
}

@Suite struct IdleTrimTimerTests {
    @Test func oneTimerAtATimeSetAgainWhenSomethingHappenedSince() {
        var trim = IdleTrim(afterMs: 5000, at: 0)
        #expect(trim.activity(at: 100) == 5100)      // no timer yet: set one
        #expect(trim.activity(at: 2000) == nil)      // one is set
        #expect(trim.timerFired(at: 5100) == .again(7000))
        #expect(trim.activity(at: 6000) == nil)
        #expect(trim.timerFired(at: 7000) == .again(11_000))
        #expect(trim.timerFired(at: 11_000) == .trim)
        #expect(trim.timerAt == nil)
        #expect(trim.activity(at: 20_000) == 25_000)  // busy again: a new spell, a new timer
    }

    @Test func aTimerThatFiresLateTrimsAndOneAfterTheTrimDoesNothing() {
        var trim = IdleTrim(afterMs: 5000, at: 0)
        #expect(trim.activity(at: 0) == 5000)
        #expect(trim.timerFired(at: 9000) == .trim)
        #expect(trim.timerFired(at: 9500) == nil)
    }
}
