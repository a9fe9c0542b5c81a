import AnnouncerElements
import AnnouncerLocales
import AnnouncerSupport

/// The settings of `announcer.conf` (docs/design.md §8). Each has its default here, the one place it is
/// stated (the scheduler's, the daemon's limits, espeak-ng's and the speaker's settings are made
/// from a `Configuration`), and is documented in the packaged `config/announcer.conf`; an unknown
/// name or a bad value is an error with its line.
public struct Configuration: Sendable, Equatable {
    /// The locale used when an element names no language Announcer has a table for.
    public var locale = LocaleCatalog.reference
    public var hintStyle = HintStyle.touch
    /// The desktop review's screen-reader modifier key.
    public var desktopModifier = DesktopModifier.insert
    /// Every this many percent a progress bar outside the focus is said on the desktop; 0 never.
    public var desktopProgressPercent = 10
    /// The pause between a focus description and its hint.
    public var hintDelayMs = 500
    /// How long a low-priority announcement may wait before it is dropped.
    public var maxAgeMs = 5000
    /// Most announcements waiting at once.
    public var queueLimit = 1000
    /// Speaking rate in words per minute (espeak-ng's scale).
    public var rate = 175
    /// The voice for text without a language: a BCP-47 tag or an espeak-ng voice name.
    public var voice = "en"
    /// 0–200; 100 is the voice's own volume.
    public var volume = 100
    /// 0–100; 50 is the voice's own pitch.
    public var pitch = 50
    /// Whether a focus's hint is said ("Press Space to toggle setting.").
    public var hints = true
    /// Whether position words are said ("2 of 4.", "List Start.").
    public var positions = true
    /// Trait words in full, or brief: states only, not what a control is.
    public var traits = TraitWords.full
    /// Punctuation spoken when an announcement does not say.
    public var punctuation = Announcement.Punctuation.none
    /// Where speech goes unless `--sink` says otherwise.
    public var sink = SinkChoice.speaker
    /// The sound server's buffer for the speaker sink: the most audio left after a cut-off.
    public var speakerBufferMs = 40
    /// How long the speaker stream stays open after the last utterance.
    public var speakerIdleCloseMs = 10_000
    /// Most clients connected to the daemon at once.
    public var maxClients = 256
    /// Bytes of replies and events a client may leave unread before it is disconnected.
    public var maxBacklogBytes = 1 << 20
    /// Utterances one client may have waiting at once.
    public var maxQueuedPerClient = 200
    /// Where to serve SSIP (docs/design.md §11): a path, `auto` (speech-dispatcher's own path), or nil (off).
    public var ssipSocket: String?
    /// Whether a braille display is driven through BrlAPI: `auto` (when BRLTTY answers,
    /// quietly), `on` (and the daemon says when there is none), `off`.
    public var braille = BrailleUse.off
    /// Uncontracted or contracted braille (where the locale has a contracted table).
    public var brailleGrade = BrailleGrade.uncontracted
    /// How long an announcement stays on the display before the focus comes back.
    public var brailleFlashMs = 3000
    /// `announce term`'s settings (`term.` lines).
    public var terminal = TerminalSettings()
    /// What is said as you type, at every door (`typing-echo`; `term.typing-echo` is its older
    /// name).
    public var typingEcho: TypingEcho {
        get { terminal.typingEcho }
        set { terminal.typingEcho = newValue }
    }

    public init() {}

    /// Reads a configuration; the first problem is thrown (see `checking` for all of them).
    public init(file: KeyValueFile) throws(ConfigError) {
        let (configuration, problems) = Self.checking(file)
        if let first = problems.first { throw first }
        self = configuration
    }

    /// Reads every setting it can and reports every problem, each with its line (what
    /// `announcerd --check-config` prints); a setting with a problem keeps its default.
    public static func checking(_ file: KeyValueFile) -> (Configuration, [ConfigError]) {
        var configuration = Configuration()
        var problems: [ConfigError] = []
        for entry in file.entries {
            do {
                try configuration.apply(entry, file: file.name)
            } catch {
                problems.append(error)
            }
        }
        return (configuration, problems)
    }

    /// One line read by its key's rule (`Configuration.keys`); an unknown key or a bad value is
    /// an error with the line.
    mutating func apply(_ entry: KeyValueFile.Entry, file name: String) throws(ConfigError) {
        guard let key = Self.key(named: entry.key) else {
            throw ConfigError(file: name, line: entry.line, "unknown setting \"\(entry.key)\"")
        }
        if let problem = key.read(&self, entry.value) {
            throw ConfigError(file: name, line: entry.line, "\(entry.key): \(problem)")
        }
    }
}

/// How much of an element's traits is said: `full` (what it is and its state: "Check Box.
/// Checked."), or `brief` (its state alone: "Checked.").
public enum TraitWords: String, Sendable, CaseIterable {
    case full, brief
}

/// Whether braille is driven (`braille` in announcer.conf).
public enum BrailleUse: String, Sendable, CaseIterable {
    case auto, on, off
}

/// The key held for the desktop review's commands: Insert (and the keypad's), CapsLock, or both.
public enum DesktopModifier: String, Sendable, CaseIterable {
    case insert, capslock, both
}
