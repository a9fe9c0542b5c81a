/// When a test's next step may go (`announce term --keys`): not after a fixed pause, but once
/// the program has answered the last step (drawn something, or been spoken for) and all its
/// answer says has been said — the program quiet for `quietMs`, the reader with nothing left to
/// say, every utterance finished. A step the program does not answer at all (a key that changes
/// nothing) waits `answerMs`; the program's start waits `startMs` for its first output. A
/// program that never settles (`yes`, a clock redrawn every 100 ms) holds a step at most
/// `limitMs`: then it goes anyway, and `overran` says so.
/// Times are milliseconds on the caller's clock.
public struct StepPacing: Sendable, Equatable {
    public struct Settings: Sendable, Equatable {
        public var startMs: Double = 10_000
        public var answerMs: Double = 2000
        public var quietMs: Double = 200
        public var limitMs: Double = 10_000

        public init(startMs: Double = 10_000, answerMs: Double = 2000, quietMs: Double = 200, limitMs: Double = 10_000) {
            self.startMs = startMs
            self.answerMs = answerMs
            self.quietMs = quietMs
            self.limitMs = limitMs
        }
    }

    public let settings: Settings
    /// When the last step went, and how long an answer to it is awaited.
    private var stepAt: Double
    private var answerLimit: Double
    private var answered = false
    private var lastActivity: Double
    /// `wait MS`: not before this.
    private var until: Double

    /// Pacing from the program's start: its first output is the first answer awaited.
    public init(settings: Settings = Settings(), at now: Double) {
        self.settings = settings
        stepAt = now
        answerLimit = settings.startMs
        lastActivity = now
        until = now
    }

    /// A key or a typed character went to the program.
    public mutating func stepTaken(at now: Double) {
        stepAt = now
        answerLimit = settings.answerMs
        answered = false
        until = now
    }

    /// `wait MS`: the next step goes no sooner than this, and only once what came meanwhile
    /// has been said.
    public mutating func pause(milliseconds: Double, at now: Double) {
        stepAt = now
        answered = true
        until = now + milliseconds
    }

    /// The program wrote, or something was spoken.
    public mutating func activity(at now: Double) {
        answered = true
        lastActivity = max(lastActivity, now)
    }

    /// Whether the next step may go now; `busy` while the reader waits to say something or an
    /// utterance has not finished.
    public func isReady(at now: Double, busy: Bool) -> Bool {
        if overran(at: now) { return true }
        guard !busy, now >= until else { return false }
        if !answered { return now - stepAt >= answerLimit }
        return now - lastActivity >= settings.quietMs
    }

    /// Whether the last step has waited its longest without settling.
    public func overran(at now: Double) -> Bool {
        answered && now - max(stepAt, until) >= settings.limitMs
    }

    /// When to look again, if nothing happens meanwhile (the caller's poll timeout).
    public func deadline(at now: Double) -> Double {
        let quietEnds = answered ? lastActivity + settings.quietMs : stepAt + answerLimit
        let settles = max(until, quietEnds, now)
        return answered ? min(settles, max(max(stepAt, until) + settings.limitMs, now)) : settles
    }
}
