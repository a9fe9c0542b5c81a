import AnnouncerElements
import AnnouncerSettings

/// espeak-ng's settings for the speech worker (made from a `Configuration`, whose defaults are
/// theirs).
public struct VoiceSettings: Sendable, Equatable {
    /// The voice for text with no language (a BCP-47 tag or an espeak-ng voice name).
    public var voice: String
    /// Words per minute at rate 1.
    public var wordsPerMinute: Int
    /// 0–200, 100 is the voice's own volume.
    public var volume: Int
    /// 0–100, 50 is the voice's own pitch.
    public var pitch: Int
    /// Punctuation spoken when an utterance does not say.
    public var punctuation: Announcement.Punctuation
    /// espeak-ng's own buffer: how much audio each callback carries (not a setting).
    public var synthesisBufferMs: Int32 = 20
    /// Where espeak-ng-data is; nil for the library's default.
    public var dataPath: String?

    /// The configuration's voice settings (by default, its defaults).
    public init(_ configuration: Configuration = Configuration()) {
        voice = configuration.voice
        wordsPerMinute = configuration.rate
        volume = configuration.volume
        pitch = configuration.pitch
        punctuation = configuration.punctuation
    }

    /// The settings with a configuration's voice, rate, volume, pitch and punctuation (changed
    /// while listening); espeak-ng's buffer and data stay.
    public func taking(_ configuration: Configuration) -> VoiceSettings {
        var settings = VoiceSettings(configuration)
        settings.synthesisBufferMs = synthesisBufferMs
        settings.dataPath = dataPath
        return settings
    }
}

/// The speaker sink's settings.
public struct SpeakerSettings: Sendable, Equatable {
    /// The server-side buffer (`tlength`): the most audio that can still sound after a cut-off.
    public var bufferMs: Int
    /// How long the stream stays open after the last utterance.
    public var idleCloseMs: Int

    /// The configuration's speaker settings (by default, its defaults).
    public init(_ configuration: Configuration = Configuration()) {
        self.init(bufferMs: configuration.speakerBufferMs, idleCloseMs: configuration.speakerIdleCloseMs)
    }

    public init(bufferMs: Int, idleCloseMs: Int) {
        self.bufferMs = bufferMs
        self.idleCloseMs = idleCloseMs
    }
}
