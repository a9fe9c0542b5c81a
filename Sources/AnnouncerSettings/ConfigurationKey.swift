import AnnouncerElements
import AnnouncerLocales
import AnnouncerSupport

/// One line of announcer.conf: its key, how a value is read into a configuration (the file's
/// rule, with the file's words for a bad value) and how the configuration's value is written as
/// the file would hold it. `Configuration.keys` is the one table: the file's reader, the
/// listener's settings (`UserSetting`), `announce set`, the writer of a whole configuration and a
/// recording's header all go through it.
public struct ConfigurationKey: Sendable {
    public let name: String
    /// Older names it is read by too (`term.typing-echo`).
    public let aliases: [String]
    /// Sets the value, or says why it cannot be (after the key: "expected …, got …").
    let read: @Sendable (inout Configuration, String) -> String?
    /// The value as announcer.conf writes it.
    public let write: @Sendable (Configuration) -> String

    init(_ name: String, aliases: [String] = [], read: @escaping @Sendable (inout Configuration, String) -> String?,
         write: @escaping @Sendable (Configuration) -> String) {
        self.name = name
        self.aliases = aliases
        self.read = read
        self.write = write
    }

    /// A whole number in `range`, in `unit`s.
    static func number(_ name: String, _ path: WritableKeyPath<Configuration, Int> & Sendable, _ range: ClosedRange<Int>, _ unit: String) -> Self {
        Self(name, read: { configuration, value in
            guard let number = Int(value), range.contains(number) else {
                return "expected \(unit) from \(range.lowerBound) to \(range.upperBound), got \"\(value)\""
            }
            configuration[keyPath: path] = number
            return nil
        }, write: { String($0[keyPath: path]) })
    }

    /// One of a choice's words (`expected` names them as the error says them).
    static func choice<Choice: RawRepresentable<String> & Sendable>(_ name: String, aliases: [String] = [], _ path: WritableKeyPath<Configuration, Choice> & Sendable,
                                                                     expected: String) -> Self {
        Self(name, aliases: aliases, read: { configuration, value in
            guard let choice = Choice(rawValue: value) else { return "expected \(expected), got \"\(value)\"" }
            configuration[keyPath: path] = choice
            return nil
        }, write: { $0[keyPath: path].rawValue })
    }

    /// `on` or `off`.
    static func toggle(_ name: String, _ path: WritableKeyPath<Configuration, Bool> & Sendable) -> Self {
        Self(name, read: { configuration, value in
            guard let on = ["on": true, "off": false][value] else { return "expected on or off, got \"\(value)\"" }
            configuration[keyPath: path] = on
            return nil
        }, write: { $0[keyPath: path] ? "on" : "off" })
    }
}

extension Configuration {
    /// Every key of announcer.conf, in the packaged file's order.
    public static let keys: [ConfigurationKey] = [
        ConfigurationKey("locale", read: { configuration, value in
            guard !value.isEmpty else { return "expected a locale tag such as en, de or zh-Hans" }
            configuration.locale = value
            return nil
        }, write: \.locale),
        .choice("hint-style", \.hintStyle, expected: "touch or keyboard"),
        .number("hint-delay-ms", \.hintDelayMs, 0...60_000, "milliseconds"),
        .number("max-age-ms", \.maxAgeMs, 0...600_000, "milliseconds"),
        .number("queue-limit", \.queueLimit, 1...100_000, "a number of announcements"),
        .number("rate", \.rate, 80...450, "words per minute"),
        ConfigurationKey("voice", read: { configuration, value in
            guard !value.isEmpty, !value.contains(" ") else { return "expected a language tag or an espeak-ng voice name" }
            configuration.voice = value
            return nil
        }, write: \.voice),
        .number("volume", \.volume, 0...200, "a volume"),
        .number("pitch", \.pitch, 0...100, "a pitch"),
        .choice("traits", \.traits, expected: "full or brief"),
        .toggle("hints", \.hints),
        .toggle("positions", \.positions),
        .choice("punctuation", \.punctuation, expected: "none, some, most or all"),
        ConfigurationKey("sink", read: { configuration, value in
            do throws(SinkChoiceError) {
                configuration.sink = try SinkChoice(parsing: value)
                return nil
            } catch {
                return error.description
            }
        }, write: { $0.sink.description }),
        .number("speaker-buffer-ms", \.speakerBufferMs, 5...1000, "milliseconds"),
        .number("speaker-idle-close-ms", \.speakerIdleCloseMs, 0...3_600_000, "milliseconds"),
        .number("max-clients", \.maxClients, 1...10_000, "a number of clients"),
        .number("max-backlog-bytes", \.maxBacklogBytes, 4096...(1 << 30), "bytes"),
        .number("max-queued-per-client", \.maxQueuedPerClient, 1...100_000, "a number of utterances"),
        ConfigurationKey("ssip-socket", read: { configuration, value in
            switch value {
            case "", "off": configuration.ssipSocket = nil
            case "auto": configuration.ssipSocket = "auto"
            default:
                guard value.hasPrefix("/") else { return "expected off, auto or an absolute path, got \"\(value)\"" }
                configuration.ssipSocket = value
            }
            return nil
        }, write: { $0.ssipSocket ?? "off" }),
        .choice("braille", \.braille, expected: "auto, on or off"),
        .choice("braille-grade", \.brailleGrade, expected: "uncontracted or contracted"),
        .number("braille-flash-ms", \.brailleFlashMs, 0...60_000, "milliseconds"),
        .choice("desktop.modifier", \.desktopModifier, expected: "insert, capslock or both"),
        .number("desktop.progress-percent", \.desktopProgressPercent, 0...100, "a percent"),
        .number("term.quiet-ms", \.terminal.quietMs, 0...10_000, "milliseconds"),
        .number("term.repeat-ms", \.terminal.repeatMs, 0...600_000, "milliseconds"),
        .number("term.flood-lines", \.terminal.floodLines, 1...100_000, "a number of lines"),
        .choice("typing-echo", aliases: ["term.typing-echo"], \.terminal.typingEcho, expected: "characters, words, both or none"),
    ]

    /// The key a name (or an older name) reads.
    public static func key(named name: String) -> ConfigurationKey? {
        keys.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every key's value as announcer.conf writes it: the whole configuration, which
    /// `Configuration(entries:)` reads back as it was.
    public var entries: [KeyValueFile.Entry] {
        Self.keys.enumerated().map { KeyValueFile.Entry(key: $1.name, value: $1.write(self), line: $0 + 1) }
    }

    /// A configuration from `entries` (as `entries` writes them), each read by its key's rule.
    public init(entries: [KeyValueFile.Entry], name: String = "configuration") throws(ConfigError) {
        try self.init(file: KeyValueFile(name: name, entries: entries))
    }

    /// The value of the key named `name`, as announcer.conf writes it.
    public func value(ofKey name: String) -> String? {
        Self.key(named: name)?.write(self)
    }
}
