import AnnouncerCore

/// The SSML document handed to espeak-ng for one utterance.
///
/// Client text is always escaped, so `<`, `&` and quotes are spoken as what they are and never
/// read as markup; `spellOut` wraps it in `say-as interpret-as="characters"`.
struct SpeechMarkup: Equatable {
    /// The document, as espeak-ng reads it.
    let document: String

    init(_ speech: Speech) {
        var document = "<speak>"
        if speech.spellOut { document += "<say-as interpret-as=\"characters\">" }
        for character in speech.text {
            let escaped = switch character {
            case "<": "&lt;"
            case ">": "&gt;"
            case "&": "&amp;"
            case "\"": "&quot;"
            case "'": "&apos;"
            default: String(character)
            }
            document += escaped
        }
        if speech.spellOut { document += "</say-as>" }
        self.document = document + "</speak>"
    }
}
