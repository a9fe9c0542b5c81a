import AnnouncerLocales
import AnnouncerSettings

/// The voice, as the rest of Announcer sees it: something that says one utterance at a time and
/// reports back. Implementations: espeak-ng with an audio sink, and the text engine (no sound).
/// Calls come from any thread and never block on speech; reports arrive on the engine's own
/// thread through the handler given at creation.
public protocol SpeechEngine: AnyObject, Sendable {
    /// Starts saying `utterance` once whatever the engine holds has ended or been cut off.
    func speak(_ utterance: ScheduledUtterance)
    /// Stops `id` now if it is playing or waiting; no further reports come for it.
    func cutOff(_ id: UtteranceID)
    /// Stops everything and releases the engine's resources; blocks until it has.
    func shutdown()
    /// Blocks until the engine can speak, or throws why it cannot (an engine may start in the
    /// background while its owner does other start-up work).
    func waitUntilReady() throws
    /// Speaks what comes next with the configuration's voice, rate, pitch, volume and
    /// punctuation (changed while listening: a `settings` request).
    func configure(_ configuration: Configuration)
}

extension SpeechEngine {
    public func waitUntilReady() throws {}
}

/// What an engine reports about an utterance it was given.
public enum SpeechEngineEvent: Sendable, Equatable {
    /// The first audio of the utterance reached the sink.
    case started(UtteranceID)
    /// The utterance played to its end.
    case finished(UtteranceID)
    /// Speech reached one of the utterance's marks (`Speech.marks`), by name.
    case mark(UtteranceID, String)
    /// The utterance could not be said; nothing more will come for it.
    case failed(UtteranceID, String)
    /// The engine replaced a synthesizer that crashed or hung (the `status` reply's `restarts`).
    case restarted
}

/// One voice the synthesizer offers (SSIP's `LIST SYNTHESIS_VOICES`).
public struct SynthesisVoice: Sendable, Equatable {
    /// The synthesizer's name for it ("English (Great Britain)").
    public var name: String
    /// Its language tag ("en-gb").
    public var language: String
    /// Its variant, or "none".
    public var variant: String

    public init(name: String, language: String, variant: String = "none") {
        self.name = name
        self.language = language
        self.variant = variant
    }

    /// Whether it speaks `language` (a tag or its prefix, in any case) and, if given, `variant`.
    public func matches(language wanted: String?, variant wantedVariant: String?) -> Bool {
        if let wanted {
            guard let own = LanguageTag(language), let asked = LanguageTag(wanted), own.isWithin(asked) else { return false }
        }
        if let wantedVariant, wantedVariant.lowercased() != variant.lowercased() { return false }
        return true
    }
}

extension SynthesisVoice {
    /// Whether one of `voices` speaks `tag`: a voice for it or for one of its kinds (en: en-gb),
    /// or for a tag it falls back to (de-CH is spoken by a German voice, en-GB-oxendict by en-gb).
    public static func anySpeaks(_ tag: String, in voices: [SynthesisVoice]) -> Bool {
        guard let wanted = LanguageTag(tag) else { return false }
        return voices.contains { voice in
            guard let own = LanguageTag(voice.language) else { return false }
            return own.isWithin(wanted) || wanted.isWithin(own)
        }
    }
}
