/// The text sink's lines (docs/design.md §7), written in one place for the daemon, `announcerd --play`
/// and `announce compose --timeline`, so that the same input reads the same on every path:
/// `SPEAK <kind> <id> <text>` when an utterance starts sounding, `FINISHED <id> <status>` when
/// it ends, whatever the end.
public enum TextSinkLine {
    /// `SPEAK kind id text`, then a `LANGUAGE` line for each voice other than the user's: `LANGUAGE id
    /// tag` when all of it is in that language, `LANGUAGE id tag offset count` for a stretch
    /// (characters of the text), so that a test without audio sees which voice says what.
    public static func speaking(_ item: ScheduledUtterance) -> String {
        var lines = "SPEAK \(item.kind) \(item.id) \(escaped(item.speech.text))"
        if let language = item.speech.language { lines += "\nLANGUAGE \(item.id) \(escaped(language))" }
        for span in item.speech.spans { lines += "\nLANGUAGE \(item.id) \(escaped(span.language)) \(span.offset) \(span.count)" }
        return lines
    }

    public static func finished(_ id: UtteranceID, _ status: FinishStatus) -> String {
        "FINISHED \(id) \(status.rawValue)"
    }

    /// One line per utterance, whatever the text holds: every line break Unicode knows (CR, LF,
    /// VT, FF, NEL, U+2028, U+2029) and every other control character is written as an escape,
    /// and so is the backslash, so that no text can forge a line of its own.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x5C, 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
