/// What an `echo` request repeats back to the user: a character typed or deleted, a word
/// completed, or a whole line (a command entered, a line the cursor moved to).
public enum EchoUnit: String, Sendable, CaseIterable {
    case character
    case word
    case line
}
