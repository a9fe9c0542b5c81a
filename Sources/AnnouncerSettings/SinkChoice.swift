/// Where speech goes (`--sink`, docs/design.md §7).
public enum SinkChoice: Sendable, Equatable, CustomStringConvertible {
    /// The sound server (PulseAudio or PipeWire's pulse server).
    case speaker
    /// One WAV file per utterance in a directory.
    case wav(directory: String)
    /// No synthesis: lines on standard output, paced by the speaking-time estimate (or not).
    case text(instant: Bool)
    /// Synthesize and discard.
    case null

    public init(parsing value: String) throws(SinkChoiceError) {
        switch value {
        case "speaker": self = .speaker
        case "text": self = .text(instant: false)
        case "text:instant": self = .text(instant: true)
        case "null": self = .null
        case _ where value.hasPrefix("wav:") && value.count > 4:
            self = .wav(directory: String(value.dropFirst(4)))
        default:
            throw SinkChoiceError(value: value)
        }
    }

    public var description: String {
        switch self {
        case .speaker: "speaker"
        case .wav(let directory): "wav:\(directory)"
        case .text(let instant): instant ? "text:instant" : "text"
        case .null: "null"
        }
    }
}

public struct SinkChoiceError: Error, CustomStringConvertible {
    public var value: String
    public var description: String {
        "unknown sink \"\(value)\"; expected speaker, wav:DIR, text, text:instant or null"
    }
}
