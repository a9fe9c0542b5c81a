import AnnouncerScheduler

/// The SSML document handed to espeak-ng for one utterance.
///
/// Client text is always escaped, so `<`, `&` and quotes are spoken as what they are and never
/// read as markup; `spellOut` wraps it in `say-as interpret-as="characters"`. A stretch in
/// another language (`Speech.spans`, given here with the voice language espeak-ng has for it)
/// is a `<voice xml:lang>`: espeak-ng says it in that voice and goes back to the utterance's
/// after it, within the one synthesis.
struct SpeechMarkup: Equatable {
    /// The document, as espeak-ng reads it.
    let document: String

    /// `voices`: each span's voice language (nil: no voice has it, said in the utterance's).
    init(_ speech: Speech, voices: [String?] = []) {
        var document = "<speak>"
        if speech.spellOut { document += "<say-as interpret-as=\"characters\">" }
        // Spans that have a voice, in order, none inside another; their tags are the engine's
        // own voice languages, never client text.
        var spans = zip(speech.spans, voices).compactMap { span, voice in voice.map { (start: span.offset, end: span.offset + span.count, voice: $0) } }
            .filter { $0.end > $0.start && $0.voice.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
            .sorted { $0.start < $1.start }[...]
        var open: (end: Int, voice: String)?
        // Marks go in by their index, so that no client text reaches an attribute.
        var marks = speech.marks.enumerated().sorted { $0.element.offset < $1.element.offset }[...]
        func marksUpTo(_ offset: Int) {
            while let mark = marks.first, mark.element.offset <= offset {
                document += "<mark name=\"\(mark.offset)\"/>"
                marks = marks.dropFirst()
            }
        }
        for (offset, character) in speech.text.enumerated() {
            if let span = open, span.end == offset {
                document += "</voice>"
                open = nil
            }
            marksUpTo(offset)
            while let span = spans.first, span.start < offset { spans = spans.dropFirst() }
            if open == nil, let span = spans.first, span.start == offset {
                document += "<voice xml:lang=\"\(span.voice)\">"
                open = (span.end, span.voice)
                spans = spans.dropFirst()
            }
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
        if open != nil { document += "</voice>" }
        marksUpTo(Int.max)
        if speech.spellOut { document += "</say-as>" }
        self.document = document + "</speak>"
    }
}
