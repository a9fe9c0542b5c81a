/// The form a counted word takes for a whole number, by language: CLDR's plural categories,
/// for the locales Announcer has tables for ("1 more line", "3 more lines"; Russian's "1 строка",
/// "3 строки", "5 строк"). A language without a rule here has the forms its table gives, and
/// takes `one` for 1.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The forms `language` has besides `other`, or nil when Announcer has no rule for it.
    public static func forms(of language: Substring) -> [PluralCategory]? {
        switch language {
        case "ja", "ko", "zh", "cmn", "yue": []
        case "en", "de", "es", "it", "nl", "sv", "fr", "pt", "hi": [.one]
        case "ru", "uk": [.one, .few, .many]
        case "ar": [.zero, .one, .two, .few, .many]
        default: nil
        }
    }

    /// Whether `category` is one number alone in `language` (English's one is 1; Arabic's zero,
    /// one and two are 0, 1 and 2; Russian's one is 1, 21, 31…, French's 0 and 1).
    public static func isOneNumber(_ category: PluralCategory, in language: Substring) -> Bool {
        switch (category, language) {
        case (.zero, "ar"), (.one, "ar"), (.two, "ar"): true
        case (.one, "en"), (.one, "de"), (.one, "es"), (.one, "it"), (.one, "nl"), (.one, "sv"): true
        default: false
        }
    }

    /// The form of `n` in `language`.
    public static func of(_ n: Int, in language: Substring) -> PluralCategory {
        let n = n.magnitude
        let (last, lastTwo) = (n % 10, n % 100)
        switch language {
        case "ja", "ko", "zh", "cmn", "yue": return .other
        // French, Portuguese and Hindi say 0 as they say 1.
        case "fr", "pt", "hi": return n <= 1 ? .one : .other
        case "ru", "uk":
            if last == 1, lastTwo != 11 { return .one }
            if (2...4).contains(last), !(12...14).contains(lastTwo) { return .few }
            return .many
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(lastTwo) ? .few : (11...99).contains(lastTwo) ? .many : .other
            }
        default: return n == 1 ? .one : .other
        }
    }
}
