import AnnouncerScheduler

/// An SSIP message in SSML mode, read as the text to say and the `<mark>`s in it (Orca puts one
/// before each word and follows its reading by them). Other elements are read for their text
/// only: the engine makes its own markup from plain text, so that no client markup reaches the
/// synthesizer. Tolerant: a stray `<` or `&` is text, and an unclosed tag ends the document.
public struct SSMLText: Equatable, Sendable {
    public var text: String
    public var marks: [SpeechMark]

    public init(_ document: String) {
        var text = ""
        var count = 0
        var marks: [SpeechMark] = []
        var index = document.startIndex
        func append(_ string: String) {
            text += string
            count += string.count
        }
        while index < document.endIndex {
            let character = document[index]
            if character == "<", Self.startsTag(document[document.index(after: index)...]),
               let close = document[index...].firstIndex(of: ">") {
                let tag = document[document.index(after: index)..<close]
                let name = Self.tagName(tag)
                if name == "mark", let markName = Self.attribute("name", in: tag) {
                    marks.append(SpeechMark(offset: count, name: markName))
                } else if ["break", "p", "/p", "s", "/s", "br"].contains(name), !text.isEmpty, text.last != " " {
                    append(" ")
                }
                index = document.index(after: close)
            } else if character == "&", let semicolon = document[index...].prefix(12).firstIndex(of: ";"),
                      let decoded = Self.entity(document[document.index(after: index)..<semicolon]) {
                append(String(decoded))
                index = document.index(after: semicolon)
            } else {
                append(String(character))
                index = document.index(after: index)
            }
        }
        // The text is trimmed, and the marks move with it.
        let leading = text.prefix { $0.isWhitespace }.count
        let trimmed = text.dropFirst(leading)
        let trailing = trimmed.reversed().prefix { $0.isWhitespace }.count
        self.text = String(trimmed.dropLast(trailing))
        let length = self.text.count
        self.marks = marks.map { SpeechMark(offset: min(max($0.offset - leading, 0), length), name: $0.name) }
    }

    /// A `<` opens a tag only when a name, `/`, `!` or `?` follows it; otherwise it is text.
    static func startsTag(_ rest: Substring) -> Bool {
        guard let next = rest.first else { return false }
        return next.isLetter || next == "/" || next == "!" || next == "?"
    }

    static func tagName(_ tag: Substring) -> String {
        let closing = tag.first == "/"
        let name = (closing ? tag.dropFirst() : tag).prefix { !$0.isWhitespace && $0 != "/" }
        return (closing ? "/" : "") + name.lowercased()
    }

    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag[...]
        while let range = rest.range(of: name) {
            var after = rest[range.upperBound...].drop { $0.isWhitespace }
            defer { rest = rest[range.upperBound...] }
            guard after.first == "=" else { continue }
            after = after.dropFirst().drop { $0.isWhitespace }
            guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
            let value = after.dropFirst().prefix { $0 != quote }
            return String(value)
        }
        return nil
    }

    static func entity(_ name: Substring) -> Character? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}

extension Substring {
    /// The first occurrence of `string` (the standard library has no `range(of:)` without Foundation).
    func range(of string: String) -> Range<Index>? {
        guard let first = string.first else { return nil }
        var index = startIndex
        while let start = self[index...].firstIndex(of: first) {
            if self[start...].starts(with: string) {
                return start..<self.index(start, offsetBy: string.count)
            }
            index = self.index(after: start)
        }
        return nil
    }
}
