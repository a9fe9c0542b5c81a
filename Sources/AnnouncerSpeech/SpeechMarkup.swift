import AnnouncerCore

/// The SSML document handed to espeak-ng for one utterance, and the way back from a position in
/// it to a position in the client's own text.
///
/// Client text is always escaped, so `<`, `&` and quotes are spoken as what they are and never
/// read as markup; `spellOut` wraps it in `say-as interpret-as="characters"`.
struct SpeechMarkup: Equatable {
    /// The document, as espeak-ng reads it.
    let document: String
    /// For each character of `document`, the offset of the client character it came from, or
    /// nil for markup.
    private let origins: [Int?]
    private let textLength: Int

    init(_ speech: Speech) {
        var document = ""
        var origins: [Int?] = []
        func markup(_ string: String) {
            document += string
            origins += Array(repeating: nil, count: string.count)
        }
        markup("<speak>")
        if speech.spellOut { markup("<say-as interpret-as=\"characters\">") }
        var length = 0
        for (offset, character) in speech.text.enumerated() {
            let escaped: String = switch character {
            case "<": "&lt;"
            case ">": "&gt;"
            case "&": "&amp;"
            case "\"": "&quot;"
            case "'": "&apos;"
            default: String(character)
            }
            document += escaped
            origins += Array(repeating: offset, count: escaped.count)
            length = offset + 1
        }
        if speech.spellOut { markup("</say-as>") }
        markup("</speak>")
        self.document = document
        self.origins = origins
        self.textLength = length
    }

    /// The client-text range of `length` document characters from 1-based `position` (how
    /// espeak-ng counts), or nil when it covers markup only.
    func originalRange(position: Int, length: Int) -> Range<Int>? {
        let start = max(position - 1, 0)
        let end = min(start + max(length, 1), origins.count)
        guard start < end else { return nil }
        let mapped = origins[start..<end].compactMap { $0 }
        guard let first = mapped.first, let last = mapped.last else { return nil }
        return first..<min(last + 1, textLength)
    }
}
