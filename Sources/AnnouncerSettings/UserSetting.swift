import AnnouncerElements
import AnnouncerLocales
import AnnouncerSupport

/// The settings a listener changes while listening (docs/design.md §8): the voice's rate, pitch,
/// volume and name, the punctuation spoken, how much is said, and the locale whose words are
/// said. Each is a line of
/// announcer.conf, and a change to one is read by the same rule as the file's line
/// (`Configuration.apply`): by a key on the desktop or in `announce term`, by `announce set`, by
/// a client's `settings` request.
public enum UserSetting: String, CaseIterable, Sendable {
    case rate, pitch, volume, voice, punctuation, hints, positions, traits
    case typingEcho = "typing-echo"
    case locale

    /// How far one step up or down moves a number, and its bounds (as the file's).
    package var steps: (step: Int, range: ClosedRange<Int>)? {
        switch self {
        case .rate: (25, 80...450)
        case .pitch: (10, 0...100)
        case .volume: (10, 0...200)
        case .voice, .punctuation, .hints, .positions, .traits, .typingEcho, .locale: nil
        }
    }

    /// The words that name it when it is said as it changes.
    var word: LocaleWords.Word {
        switch self {
        case .rate: .settingRate
        case .pitch: .settingPitch
        case .volume: .settingVolume
        case .voice: .settingVoice
        case .punctuation: .settingPunctuation
        case .hints: .settingHints
        case .positions: .settingPositions
        case .traits: .settingTraits
        case .typingEcho: .settingTypingEcho
        case .locale: .settingLocale
        }
    }
}

extension Configuration {
    /// The defaults with these settings' values (a `settings` reply's); one a newer daemon
    /// writes differently keeps its default.
    public init(settings values: [UserSetting: String]) {
        self.init()
        for (setting, value) in values { try? set(setting, to: value) }
    }

    /// The setting's value as announcer.conf writes it (its key's, `Configuration.keys`).
    public func value(of setting: UserSetting) -> String {
        value(ofKey: setting.rawValue) ?? ""
    }

    /// Sets it from a value as announcer.conf writes it; a bad value is the file's error for it.
    public mutating func set(_ setting: UserSetting, to value: String) throws(ConfigError) {
        try apply(KeyValueFile.Entry(key: setting.rawValue, value: value, line: 0), file: setting.rawValue)
    }

    /// The value one step up (or down) gives: a number moves by its step and stops at its
    /// bounds; a choice goes round its choices; the voice goes round `voices` (the installed
    /// voices of the current language, said by their names); the locale goes round `locales`
    /// (the tags of the locale tables there are).
    public func stepped(_ setting: UserSetting, up: Bool, voices: [String] = [], locales: [String] = []) -> String {
        if let (step, range) = setting.steps, let now = Int(value(of: setting)) {
            // A value off the step's grid (set by hand) moves to the next mark on it.
            let mark = up ? (now / step + 1) * step : ((now + step - 1) / step - 1) * step
            return String(min(max(mark, range.lowerBound), range.upperBound))
        }
        let choices: [String] = switch setting {
        case .punctuation: Announcement.Punctuation.allCases.map(\.rawValue)
        case .hints, .positions: ["on", "off"]
        case .typingEcho: TypingEcho.allCases.map(\.rawValue)
        case .traits: TraitWords.allCases.map(\.rawValue)
        case .voice: voices.isEmpty ? [voice] : voices
        case .locale: locales.isEmpty ? [locale] : locales
        case .rate, .pitch, .volume: []
        }
        guard !choices.isEmpty else { return value(of: setting) }
        guard let index = choices.firstIndex(of: value(of: setting)) else { return choices[up ? 0 : choices.count - 1] }
        return choices[(index + (up ? 1 : choices.count - 1)) % choices.count]
    }

    /// What is said as it changes, in `words`: "Rate 200.", "Punctuation most.", "Hints off.";
    /// a locale by its own name, in its own words ("Langue : français." once French is chosen).
    public func spoken(_ setting: UserSetting, in words: LocaleWords) -> String {
        if setting == .locale { return words[setting.word].replacing("{value}", with: words[.localeName]) }
        // A choice is said by its word; a number or a voice as it is.
        let choiceWords: [String: LocaleWords.Word] = switch setting {
        case .rate, .pitch, .volume, .voice, .locale: [:]
        case .punctuation: ["none": .punctuationNone, "some": .punctuationSome, "most": .punctuationMost, "all": .punctuationAll]
        case .hints, .positions: ["on": .settingOn, "off": .settingOff]
        case .typingEcho: ["characters": .echoCharacters, "words": .echoWords, "both": .echoBoth, "none": .echoNone]
        case .traits: ["full": .traitsFull, "brief": .traitsBrief]
        }
        let value = choiceWords[value(of: setting)].map { words[$0] } ?? value(of: setting)
        return words[setting.word].replacing("{value}", with: value)
    }
}
