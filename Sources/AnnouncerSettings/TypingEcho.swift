import AnnouncerLocales

/// Typing feedback, as VoiceOver's: each character typed, each word, or none. The desktop door
/// and the terminal door say typed text by this one rule.
public enum TypingEcho: String, Sendable, CaseIterable {
    /// `both`: each character, and each word as it is ended (in place of the character that
    /// ended it).
    case characters, words, both, none

    /// What each echo is, on the wire: a character, or a word.
    public var unit: EchoUnit { self == .words ? .word : .character }

    /// A character as it is said alone: the ones that make no sound by name, in `words`.
    public static func name(_ text: String, in words: LocaleWords) -> String {
        switch text {
        case " ": words[.spaceCharacter]
        case "\n", "\r\n", "\r": words[.newLine]
        case "\t": words[.tabCharacter]
        default: text
        }
    }

    /// The most characters one insertion may hold and still be keys typed, each said.
    public static let typedTogether = 3

    /// What is said for `text` typed: its name (characters), each word it ends (words: a word
    /// builds up in `word` until a character that is not a letter or a digit ends it), or
    /// nothing.
    /// Whether a word is said when it ends (Enter ends one too).
    public var saysWords: Bool { self == .words || self == .both }

    /// What is said for `text` typed, each with its unit: `echoes`, and with `both` each
    /// character but a word's end, which says the word.
    public func echoed(for text: String, word: inout String, in words: LocaleWords) -> [(text: String, unit: EchoUnit)] {
        guard self == .both else { return echoes(for: text, word: &word, in: words).map { ($0, unit) } }
        if text.count > Self.typedTogether || text.contains(where: \.isNewline) && text.count > 1 {
            // A paste or a completion: said whole, as `characters` says it.
            word = ""
            return [(TypingEcho.name(text, in: words), .character)]
        }
        var said: [(text: String, unit: EchoUnit)] = []
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
                said.append((TypingEcho.name(String(character), in: words), .character))
            } else if !word.isEmpty {
                said.append((word, .word))
                word = ""
            } else {
                said.append((TypingEcho.name(String(character), in: words), .character))
            }
        }
        return said
    }

    public func echoes(for text: String, word: inout String, in words: LocaleWords) -> [String] {
        switch self {
        case .none:
            return []
        case .both:
            return echoed(for: text, word: &word, in: words).map(\.text)
        case .characters:
            // A few characters at once are keys typed faster than the application reported them
            // (a busy browser joins them): each is said. More is a paste or a completion, said whole.
            if text.count > 1, text.count <= Self.typedTogether, !text.contains(where: \.isNewline) {
                return text.map { TypingEcho.name(String($0), in: words) }
            }
            return [TypingEcho.name(text, in: words)]
        case .words:
            var said: [String] = []
            for character in text {
                if character.isLetter || character.isNumber {
                    word.append(character)
                } else if !word.isEmpty {
                    said.append(word)
                    word = ""
                }
            }
            return said
        }
    }
}
