import AnnouncerSupport

/// A stretch of a text in another language than the words around it ("Bonjour" in an English
/// sentence): `count` characters from `offset` (in characters), said in `language`'s voice.
public struct LanguageSpan: Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var count: Int
    public var language: String

    public init(offset: Int, count: Int, language: String) {
        self.offset = offset
        self.count = count
        self.language = language
    }

    public var description: String { "\(language)@\(offset)+\(count)" }

    /// The spans of `pieces` (each a text and its language, nil for the words around them)
    /// laid end to end: one span a stretch, neighbours in one language joined.
    public static func spans(of pieces: [(text: String, language: String?)]) -> (text: String, spans: [LanguageSpan]) {
        var text = ""
        var offset = 0
        var spans: [LanguageSpan] = []
        for (piece, language) in pieces {
            let count = piece.count
            if let language, count > 0 {
                if let last = spans.last, last.language == language, last.offset + last.count == offset {
                    spans[spans.count - 1].count += count
                } else {
                    spans.append(LanguageSpan(offset: offset, count: count, language: language))
                }
            }
            text += piece
            offset += count
        }
        return (text, spans)
    }

    /// A label's stretch as a client sends it: `{"offset":9,"count":11,"language":"en"}`
    /// (characters of the label).
    init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: path)
        try reader.rejectUnknownKeys(allowed: ["offset", "count", "language"])
        offset = try reader.required("offset") { key throws(FieldError) in try reader.integer(key, in: 0...Element.maximumTextBytes) }
        count = try reader.required("count") { key throws(FieldError) in try reader.integer(key, in: 1...Element.maximumTextBytes) }
        language = try reader.required("language") { key throws(FieldError) in try reader.languageTag(key) }
    }

    var json: JSONValue {
        ["offset": .number(Double(offset)), "count": .number(Double(count)), "language": .string(language)]
    }

    /// `text` cut where `spans` begin and end: each piece with its span's language, or
    /// `language` between them (spans past the text's end, or overlapping, are cut to fit).
    public static func pieces(of text: String, spans: [LanguageSpan], language: String?) -> [(text: String, language: String?)] {
        let characters = Array(text)
        var pieces: [(text: String, language: String?)] = []
        var at = 0
        for span in spans.sorted(by: { $0.offset < $1.offset }) {
            let start = max(span.offset, at), end = min(span.offset + span.count, characters.count)
            guard start < end else { continue }
            if start > at { pieces.append((String(characters[at..<start]), language)) }
            pieces.append((String(characters[start..<end]), span.language))
            at = end
        }
        if at < characters.count || pieces.isEmpty { pieces.append((String(characters[at...]), language)) }
        return pieces
    }

    /// These spans moved `by` characters (text put before them).
    package static func shifted(_ spans: [LanguageSpan], by count: Int) -> [LanguageSpan] {
        spans.map { LanguageSpan(offset: $0.offset + count, count: $0.count, language: $0.language) }
    }
}
