import AnnouncerComposer
import AnnouncerElements
import AnnouncerSupport

/// An utterance's id, unique for the lifetime of one scheduler; the wire protocol's `utterance`.
public struct UtteranceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: UtteranceID, b: UtteranceID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// What an utterance is to the scheduler (docs/design.md §4's rows).
public enum UtteranceKind: Sendable, Equatable, CustomStringConvertible {
    case focus
    case hint
    /// A door's typing echo (`echo`): said at once, a newer one cuts off an older one.
    case echo
    /// A window, dialog or document that became active (`window`): said before its focus.
    case window
    case announcement(Announcement.Priority)
    /// A message through the speech-dispatcher door, with its SSIP priority (docs/design.md §11).
    case message(MessagePriority)

    /// The wire name: `focus`, `hint`, `echo`, `window`, the announcement's priority (`high`, `default`, `low`),
    /// or the message's SSIP priority (`important`, `message`, `text`, `notification`, `progress`).
    public var description: String {
        switch self {
        case .focus: "focus"
        case .hint: "hint"
        case .echo: "echo"
        case .window: "window"
        case .announcement(let priority): priority.rawValue
        case .message(let priority): priority.rawValue
        }
    }
}

/// SSIP's five priorities, kept on the one voice (docs/design.md §11; the rules are `SpeechScheduler`'s).
public enum MessagePriority: String, Sendable, CaseIterable {
    /// Never cut off; cuts off everything else; first come, first spoken among themselves.
    case important
    /// Waits its turn; cuts off text, notifications and progress.
    case message
    /// Waits; a newer text cuts off or replaces an older one.
    case text
    /// Dropped when anything else speaks or waits; a newer one replaces it.
    case notification
    /// As notification, except that the last of a series is always spoken.
    case progress
}

/// The terminal status of an utterance; each accepted utterance gets exactly one.
public enum FinishStatus: String, Sendable, CaseIterable {
    /// Played to the end.
    case spoken
    /// Cut off while playing.
    case interrupted
    /// Never started: a newer item of its kind replaced it.
    case superseded
    /// Never started: its policy let it go.
    case dropped
    /// Removed by `stop` or shutdown.
    case cancelled
    /// Synthesis or the sink failed (a crashed synthesizer, a file that could not be written);
    /// the `finished` event carries the reason.
    case failed
}

/// Text and the voice to say it in, as the speech engine needs it.
public struct Speech: Sendable, Equatable {
    public var text: String
    public var language: String?
    public var spellOut: Bool
    public var punctuation: Announcement.Punctuation?
    public var pitch: Double?
    public var rate: Double?
    /// Named places in `text` to report when speech reaches them (SSML `<mark>`s through SSIP).
    public var marks: [SpeechMark]
    /// 0–2, a multiple of the configured volume.
    public var volume: Double?
    /// A synthesizer voice by name, tried before the language's.
    public var voice: String?
    /// Stretches of `text` in another language than `language`, each said in its own voice.
    public var spans: [LanguageSpan]

    public init(text: String, language: String? = nil, spellOut: Bool = false,
                punctuation: Announcement.Punctuation? = nil, pitch: Double? = nil, rate: Double? = nil,
                marks: [SpeechMark] = [], volume: Double? = nil, voice: String? = nil, spans: [LanguageSpan] = []) {
        self.text = text
        self.spans = spans
        self.marks = marks
        self.volume = volume
        self.voice = voice
        self.language = language
        self.spellOut = spellOut
        self.punctuation = punctuation
        self.pitch = pitch
        self.rate = rate
    }

    /// A composed description: the user's words in the user's voice, the element's own text in
    /// its language's.
    public init(_ utterance: Utterance) {
        self.init(text: utterance.description, spans: utterance.spans)
    }

    public init(_ announcement: Announcement) {
        self.init(text: announcement.text, language: announcement.language, spellOut: announcement.spellOut,
                  punctuation: announcement.punctuation, pitch: announcement.pitch, rate: announcement.rate,
                  volume: announcement.volume)
    }
}

/// A named place in an utterance's text: reported as speech reaches it.
public struct SpeechMark: Sendable, Equatable {
    /// How many characters of the text come before it.
    public var offset: Int
    public var name: String

    public init(offset: Int, name: String) {
        self.offset = offset
        self.name = name
    }
}

/// One item in the scheduler: what to say, and what the scheduler needs to know about it.
public struct ScheduledUtterance: Sendable, Equatable {
    public var id: UtteranceID
    public var kind: UtteranceKind
    public var speech: Speech
    public var arrivedAt: Milliseconds
    /// When it may start; nil for a hint whose description has not ended yet.
    public var eligibleAt: Milliseconds?
    /// A default announcement that cuts off current non-high speech (until it first starts).
    public var interrupt: Bool
    /// How often a default announcement has been cut off and queued again.
    public var requeues: Int
    /// For a hint: the focus description it follows.
    public var follows: UtteranceID?
    /// Held back until released (an SSIP client's `PAUSE`): it keeps its place but does not start.
    public var held: Bool = false

    public init(id: UtteranceID, kind: UtteranceKind, speech: Speech, arrivedAt: Milliseconds, eligibleAt: Milliseconds?,
                interrupt: Bool = false, requeues: Int = 0, follows: UtteranceID? = nil) {
        self.id = id
        self.kind = kind
        self.speech = speech
        self.arrivedAt = arrivedAt
        self.eligibleAt = eligibleAt
        self.interrupt = interrupt
        self.requeues = requeues
        self.follows = follows
    }

    func isEligible(at now: Milliseconds) -> Bool {
        guard let eligibleAt, !held else { return false }
        return eligibleAt <= now
    }
}
