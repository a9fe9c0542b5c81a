import AnnouncerElements
import AnnouncerScheduler

/// One SSIP client's speech settings (`SET … RATE`, `PITCH`, …), with speech-dispatcher's
/// defaults, and how they become the `Speech` the engine says.
public struct SSIPSettings: Sendable, Equatable {
    public var priority: MessagePriority = .text
    /// -100…100; 0 is the configured rate.
    public var rate = 0
    /// -100…100; 0 is the voice's own pitch.
    public var pitch = 0
    public var pitchRange = 0
    /// -100…100; 0 is the configured volume.
    public var volume = 0
    public var language: String?
    public var voiceType = "MALE1"
    public var synthesisVoice: String?
    public var outputModule = "espeak-ng"
    /// all, most, some or none; nil until set: the daemon's configured punctuation.
    public var punctuation: String?
    public var spelling = false
    public var capitalLetters = "none"
    public var ssml = false
    public var pauseContext = 0

    public init() {}

    /// What the engine says for `text` with these settings.
    public func speech(_ text: String, marks: [SpeechMark] = [], spellOut: Bool = false) -> Speech {
        Speech(text: text, language: language, spellOut: spelling || spellOut,
               punctuation: punctuation.map(Self.punctuation),
               pitch: pitch == 0 ? nil : 1 + Double(pitch) / 100,
               rate: Self.rateMultiple(rate), marks: marks,
               volume: volume == 0 ? nil : 1 + Double(volume) / 100, voice: synthesisVoice)
    }

    /// SSIP's -100…100 as a multiple of the configured rate: ¼ to 4, doubling every 50.
    static func rateMultiple(_ rate: Int) -> Double? {
        rate == 0 ? nil : Double.exp2(Double(rate) / 50)
    }

    static func punctuation(_ mode: String) -> Announcement.Punctuation {
        switch mode {
        case "all": .all
        case "most", "some": .some
        default: .none
        }
    }
}

extension Double {
    static func exp2(_ x: Double) -> Double {
        // 2^x without Foundation: exact for the whole part, a short series for the rest.
        let whole = x.rounded(.down)
        let fraction = (x - whole) * 0.6931471805599453
        var term = 1.0, sum = 1.0
        for n in 1...12 {
            term *= fraction / Double(n)
            sum += term
        }
        var power = 1.0
        if whole >= 0 { for _ in 0..<Int(whole) { power *= 2 } } else { for _ in 0..<Int(-whole) { power /= 2 } }
        return power * sum
    }
}
