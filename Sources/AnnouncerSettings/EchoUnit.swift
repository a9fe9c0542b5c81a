/// What an `echo` request repeats back to the user: a character typed or deleted, a word
/// completed, or a whole line (a command entered, a line the cursor moved to); or a text
/// spelled, letter by letter (a "where am I" key pressed twice).
public enum EchoUnit: String, Sendable, CaseIterable {
    case character
    case word
    case line
    case spelled
}
