import AnnouncerElements

/// What VoiceOver says for an element: the description at once, the hint after a pause.
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public var hint: String?
    /// The stretches of `description` in the element's own language (its label, value, the
    /// names of the containers it entered), when that is not the locale's: said in its voice.
    public var spans: [LanguageSpan]
    /// The same in `hint` (the element's own hint).
    public var hintSpans: [LanguageSpan]

    public init(description: String, hint: String? = nil, spans: [LanguageSpan] = [], hintSpans: [LanguageSpan] = []) {
        self.description = description
        self.hint = hint
        self.spans = spans
        self.hintSpans = hintSpans
    }
}

