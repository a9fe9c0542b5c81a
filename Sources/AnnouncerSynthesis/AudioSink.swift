import AnnouncerScheduler

/// Where synthesized audio goes: 16-bit signed mono PCM at the engine's sample rate. A sink is
/// used only by the synthesis thread, one utterance at a time, so it need not be Sendable: it is
/// made, handed to `EspeakSpeechEngine.start` and never touched by its maker again.
public protocol AudioSink: AnyObject {
    /// A new utterance begins.
    func begin(_ id: UtteranceID, sampleRate: Int) throws
    /// Plays or stores samples; a playing sink blocks here to pace synthesis to real time.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws
    /// The utterance ended. When it was cut off, drop whatever is still buffered at once;
    /// otherwise return once it has been heard.
    func end(cutOff: Bool) throws
    /// Nothing is being said. Returns when to call again (to release an idle device), or nil.
    func idle(now: ContinuousClock.Instant) -> ContinuousClock.Instant?
    /// Releases everything; the sink may be used again afterwards.
    func close()
    /// Whether it keeps the voices an utterance is said in (`voices`): when not, the engine
    /// does not look them up.
    var keepsVoices: Bool { get }
    /// The voices the utterance begun is said in, by espeak-ng's names: its own, then those of
    /// its stretches in other languages. Only a sink that keeps them (the WAV sink) does.
    func voices(_ names: [String])
}

extension AudioSink {
    public var keepsVoices: Bool { false }
    public func voices(_ names: [String]) {}
}

/// Synthesizes and discards: for benchmarks of the engine alone.
public final class NullSink: AudioSink {
    public init() {}
    public func begin(_ id: UtteranceID, sampleRate: Int) {}
    public func write(_ samples: UnsafeBufferPointer<Int16>) {}
    public func end(cutOff: Bool) {}
    public func idle(now: ContinuousClock.Instant) -> ContinuousClock.Instant? { nil }
    public func close() {}
}
