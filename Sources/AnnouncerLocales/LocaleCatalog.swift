import AnnouncerSupport

/// The locale tables Announcer knows, and the rule that picks one: the element's `language`,
/// then the configured locale, then `en`. A tag matches a table by its own tag or an alias,
/// ignoring case and `_`/`-`; failing that, subtags are dropped from the end ("de-AT" → "de"):
/// `LanguageTag`'s rule.
public struct LocaleCatalog: Sendable {
    public static let reference = "en"

    private var byTag: [LanguageTag: LocaleWords] = [:]
    public private(set) var tags: [String] = []

    public init(tables: [LocaleWords]) throws(ConfigError) {
        for table in tables {
            tags.append(table.tag)
            for name in [table.tag] + table.aliases {
                if let tag = LanguageTag(name) { byTag[tag] = table }
            }
        }
        guard byTag[LanguageTag(Self.reference)!] != nil else {
            throw ConfigError(file: "locales", "there is no table for the reference locale \"\(Self.reference)\"")
        }
    }

    /// Every table, in the order of `tags`.
    public var tables: [LocaleWords] { tags.compactMap { LanguageTag($0).flatMap { byTag[$0] } } }

    /// The table for `tag` itself, or nil when Announcer has none.
    public func table(for tag: String) -> LocaleWords? {
        LanguageTag(tag)?.fallbacks.lazy.compactMap { byTag[$0] }.first
    }

    /// The words to speak an element in.
    public func words(for language: String?, configured: String) -> LocaleWords {
        if let language, let table = table(for: language) { return table }
        return table(for: configured) ?? byTag[LanguageTag(Self.reference)!]!
    }
}
