/// What VoiceOver says for an element: the description at once, the hint after a pause.
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public var hint: String?

    public init(description: String, hint: String? = nil) {
        self.description = description
        self.hint = hint
    }
}
