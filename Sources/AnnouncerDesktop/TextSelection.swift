import AnnouncerLocales
import AnnouncerSettings

/// What a change to the focused text's selection says (docs/design.md §12), as a screen reader
/// user hears it while selecting with Shift and the arrows: the part newly selected ("selected:
/// brown fox"), or newly unselected; a selection replaced by another, the new one. Pure
/// (TextSelectionTests).
public enum TextSelection {
    /// The most characters of a selection said; a longer one is said to there.
    public static let longestSaid = 200

    public static func said(_ text: String, from old: Range<Int>?, to new: Range<Int>?, in words: LocaleWords) -> String? {
        let characters = Array(text)
        func part(_ range: Range<Int>) -> String? {
            let clamped = range.clamped(to: 0..<characters.count)
            guard !clamped.isEmpty else { return nil }
            let said = String(characters[clamped].prefix(longestSaid))
            return said.allSatisfy(\.isWhitespace) ? TypingEcho.name(String(said.prefix(1)), in: words) : said
        }
        func selected(_ range: Range<Int>) -> String? { part(range).map { words[.selectedText].replacing("{text}", with: $0) } }
        func unselected(_ range: Range<Int>) -> String? { part(range).map { words[.unselectedText].replacing("{text}", with: $0) } }
        switch (old, new) {
        case (nil, nil):
            return nil
        case (nil, let new?):
            return selected(new)
        case (let old?, nil):
            return unselected(old)
        case (let old?, let new?):
            if old == new { return nil }
            // One end held (where the selection began), the other moved: what it crossed.
            if old.lowerBound == new.lowerBound {
                return new.upperBound > old.upperBound ? selected(old.upperBound..<new.upperBound) : unselected(new.upperBound..<old.upperBound)
            }
            if old.upperBound == new.upperBound {
                return new.lowerBound < old.lowerBound ? selected(new.lowerBound..<old.lowerBound) : unselected(old.lowerBound..<new.lowerBound)
            }
            return selected(new)
        }
    }
}
