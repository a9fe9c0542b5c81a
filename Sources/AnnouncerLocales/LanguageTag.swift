/// A language tag as Announcer compares them ("en-GB", "en_gb", "EN-gb" are one tag): the one
/// rule for matching a tag against a voice, a locale table or a requested range.
///
/// - Case and the separator do not count: subtags are kept lowercased, `_` reads as `-`.
/// - A tag is within a range when the range's subtags start it ("en-gb" is within "en", not
///   within "en-us"; "en" is not within "en-gb"), as RFC 4647's basic filtering has it.
/// - Falling back drops subtags from the end ("de-ch-1901" → "de-ch" → "de").
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The subtags, lowercased; never empty.
    public let subtags: [Substring]

    /// nil for a text with no subtag ("" or "-").
    public init?(_ text: String) {
        let subtags = text.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard !subtags.isEmpty else { return nil }
        self.subtags = subtags
    }

    /// A POSIX locale ("de_DE", "de_DE.UTF-8", "ca_ES.UTF-8@valencia") as a tag ("de-de",
    /// "ca-es"): the codeset and modifier are not part of the language. "C" and "POSIX" name no
    /// language.
    public init?(posixLocale locale: String) {
        let language = locale.prefix { $0 != "." && $0 != "@" }
        guard language != "C", language != "POSIX" else { return nil }
        self.init(String(language))
    }

    /// The language alone ("de" of "de-CH").
    public var primary: Substring { subtags[0] }

    /// Lowercased, joined by hyphens ("en-gb", "zh-hans"): how espeak-ng names its voices.
    public var lowercased: String { subtags.joined(separator: "-") }

    /// BCP 47's customary case ("en-GB", "zh-Hans", "es-419"): regions in capitals, scripts
    /// capitalized, the rest in small letters.
    public var description: String {
        subtags.enumerated().map { index, subtag in
            guard index > 0 else { return String(subtag) }
            if subtag.count == 2, subtag.allSatisfy(\.isLetter) { return subtag.uppercased() }
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) { return subtag.prefix(1).uppercased() + subtag.dropFirst() }
            return String(subtag)
        }.joined(separator: "-")
    }

    /// Whether this tag is `range` or a kind of it ("en-gb" is within "en" and "en-GB").
    public func isWithin(_ range: LanguageTag) -> Bool {
        subtags.starts(with: range.subtags)
    }

    /// This tag, then each shorter one down to the language alone ("de-ch-1901", "de-ch", "de").
    public var fallbacks: [LanguageTag] {
        (1...subtags.count).reversed().map { LanguageTag(subtags: Array(subtags[0..<$0])) }
    }

    private init(subtags: [Substring]) { self.subtags = subtags }
}
