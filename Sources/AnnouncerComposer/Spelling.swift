import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport

/// What a "where am I" key says when it is pressed again (docs/design.md §13 and §18), as NVDA
/// and Orca say it: once, the text; twice in a row, the text spelled letter by letter; three
/// times, spelled with the locale's spelling alphabet ("b, bravo"). Pure (SpellingTests).
public enum Spelling {
    /// Presses of the same key closer than this together count as one more press.
    public static let repeatMs: Milliseconds = 500

    /// The text as an echo for the `presses`th press of its key in a row.
    public static func echo(_ text: String, unit: EchoUnit, presses: Int, in words: LocaleWords) -> (text: String, unit: EchoUnit) {
        switch (presses - 1) % 3 {
        case 0: (text, unit)
        case 1: (text, .spelled)
        default: (phonetic(text, in: words), .line)
        }
    }

    /// Each character said by its word in the spelling alphabet after its own name ("b, bravo"),
    /// a character that is no letter by its name ("space"), one after the other.
    public static func phonetic(_ text: String, in words: LocaleWords) -> String {
        text.map { character in
            if let word = words.phonetic(character) { return "\(character), \(word)" }
            return TypingEcho.name(String(character), in: words)
        }.joined(separator: words[.period] + words[.space])
    }
}

/// Counts the presses of a key in a row: the same key again within `Spelling.repeatMs` of the
/// last is one more press; another key, or a pause, starts at one. Pure: the shells give it the
/// time.
public struct PressCount: Sendable, Equatable {
    private var last: (key: String, at: Milliseconds, count: Int)?

    public init() {}

    public mutating func press(_ key: String, at now: Milliseconds) -> Int {
        let count = if let last, last.key == key, now - last.at <= Spelling.repeatMs { last.count + 1 } else { 1 }
        last = (key, now, count)
        return count
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.last?.key == rhs.last?.key && lhs.last?.at == rhs.last?.at && lhs.last?.count == rhs.last?.count
    }
}
