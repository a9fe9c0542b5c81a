import AnnouncerSettings
import AnnouncerSupport

/// How long an utterance takes to say, estimated from its text: what the `text` sink waits and
/// what `announce compose --timeline` assumes.
///
/// duration = 60,000 ms × (characters ÷ 6) ÷ (words per minute × rate) + 50 ms,
/// where a "word" is six characters (the typing convention, space included), words per minute
/// is the configured `rate` (espeak-ng's default, 175), and rate is the utterance's own multiple
/// (1 when unset). Spelled-out text counts each character as a word. Empty text takes no time.
public struct SpeechDurationEstimate: Sendable, Equatable {
    public var wordsPerMinute: Double

    public static let charactersPerWord = 6.0
    public static let pauseMs: Milliseconds = 50

    /// At the default rate (`Configuration`'s).
    public init() { self = Configuration().durationEstimate }

    public init(wordsPerMinute: Double) {
        self.wordsPerMinute = wordsPerMinute
    }

    public func duration(of speech: Speech) -> Milliseconds {
        let characters = Double(speech.text.count)
        guard characters > 0 else { return 0 }
        let words = speech.spellOut ? characters : characters / Self.charactersPerWord
        return 60_000 * words / (wordsPerMinute * (speech.rate ?? 1)) + Self.pauseMs
    }
}
