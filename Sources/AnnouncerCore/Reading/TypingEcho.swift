/// Typing feedback, as VoiceOver's: each character typed, each word, or none. The desktop door
/// and the terminal door say typed text by this one rule.
public enum TypingEcho: String, Sendable, CaseIterable {
    case characters, words, none

    /// A character as it is said alone: the ones that make no sound by name.
    public static func name(_ text: String) -> String {
        switch text {
        case " ": "space"
        case "\n", "\r\n", "\r": "new line"
        case "\t": "tab"
        default: text
        }
    }
}
