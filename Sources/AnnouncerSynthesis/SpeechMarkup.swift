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
        // Marks go in by their index, so that no client text reaches an attribute.
        var marks = speech.marks.enumerated().sorted { $0.element.offset < $1.element.offset }[...]
        func marksUpTo(_ offset: Int) {
            while let mark = marks.first, mark.element.offset <= offset {
                document += "<mark name=\"\(mark.offset)\"/>"
                marks = marks.dropFirst()
            }
        }
        for (offset, character) in speech.text.enumerated() {
            marksUpTo(offset)
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
        marksUpTo(Int.max)
        if speech.spellOut { document += "</say-as>" }
        self.document = document + "</speak>"
    }
}
