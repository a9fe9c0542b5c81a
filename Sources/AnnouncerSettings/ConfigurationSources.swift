import AnnouncerLocales
import AnnouncerSupport

/// The texts of Announcer's configuration file and locale tables, as read from disk (by
/// AnnouncerSystem's `ConfigurationFiles`) or made in a test, and the one rule that turns them
/// into what the daemon, its reload and `announce compose` use.
public struct ConfigurationSources: Sendable {
    public typealias Text = (path: String, text: String)

    /// The configuration file, or nil for the built-in defaults.
    public var configuration: Text?
    /// Where the configuration is (for the message when its locale has no table).
    public var configurationPath: String
    /// The packaged locale tables (`<tag>.conf`).
    public var packagedTables: [Text]
    /// The user's locale tables, laid over the packaged ones.
    public var userTables: [Text]
    /// The user's tables that could not be read: path and why.
    public var unreadableUserTables: [(path: String, reason: String)]
    /// The locale the environment names (`environmentLocale(_:)`), used when the configuration
    /// names none.
    public var environmentLocale: String?

    /// The texts as AnnouncerSystem's `ConfigurationFiles.read` gives them.
    public typealias Contents = (configuration: Text?, configurationPath: String, packagedTables: [Text], userTables: [Text],
                                 unreadableUserTables: [(path: String, reason: String)])

    public init(_ contents: Contents) {
        self.init(configuration: contents.configuration, configurationPath: contents.configurationPath, packagedTables: contents.packagedTables,
                  userTables: contents.userTables, unreadableUserTables: contents.unreadableUserTables)
    }

    public init(configuration: Text? = nil, configurationPath: String = "announcer.conf", packagedTables: [Text],
                userTables: [Text] = [], unreadableUserTables: [(path: String, reason: String)] = []) {
        self.configuration = configuration
        self.configurationPath = configurationPath
        self.packagedTables = packagedTables
        self.userTables = userTables
        self.unreadableUserTables = unreadableUserTables
    }

    /// The configuration and the locale tables, checked together: `locale =` must name a table
    /// there is. Problems in the user's locale tables go to `warnings`.
    ///
    /// The locale follows the user: the configuration's `locale`, else the environment's when
    /// there is a table for it, else English. The voice for text that names no language is the
    /// configuration's `voice`, else the locale's language.
    public func load(warnings: inout [ConfigError]) throws(ConfigError) -> (Configuration, LocaleCatalog) {
        var configuration = try loadConfiguration()
        let catalog = try loadLocales(warnings: &warnings)
        let file = try self.configuration.map { text throws(ConfigError) in try KeyValueFile(parsing: text.text, name: text.path) }
        if file?["locale"] == nil, let tag = environmentLocale, let table = catalog.table(for: tag) {
            configuration.locale = table.tag
        }
        if file?["voice"] == nil { configuration.voice = catalog.table(for: configuration.locale)?.tag ?? configuration.voice }
        guard catalog.table(for: configuration.locale) != nil else {
            throw ConfigError(file: configurationPath,
                              "locale: there is no locale table for \"\(configuration.locale)\"; available: \(catalog.tags.joined(separator: ", "))")
        }
        return (configuration, catalog)
    }

    public func loadConfiguration() throws(ConfigError) -> Configuration {
        guard let configuration else { return Configuration() }
        return try Configuration(file: try KeyValueFile(parsing: configuration.text, name: configuration.path))
    }

    /// The packaged tables, with the user's laid over them: an override of a packaged table may
    /// change only some words; a new locale should be complete. A packaged table must be right
    /// (a broken installation is an error); a user's table is read leniently: each of its
    /// problems is added to `warnings`, a word it lacks or gets wrong comes from English, and a
    /// file that cannot be used at all is left out, so that a mistake in one user file never
    /// takes the other locales down.
    public func loadLocales(warnings: inout [ConfigError]) throws(ConfigError) -> LocaleCatalog {
        var tables: [String: LocaleWords] = [:]
        for file in packagedTables {
            tables[Self.tag(file.path)] = try LocaleWords(file: try KeyValueFile(parsing: file.text, name: file.path))
        }
        let english = tables[LocaleCatalog.reference]
        warnings += unreadableUserTables.map { ConfigError(file: $0.path, $0.reason) }
        for file in userTables {
            let tag = Self.tag(file.path)
            let (parsed, syntaxProblems) = KeyValueFile.checking(file.text, name: file.path)
            let (words, wordProblems) = LocaleWords.checking(parsed, base: tables[tag], fallback: english)
            warnings += syntaxProblems + wordProblems
            if let words { tables[tag] = words }
        }
        return try LocaleCatalog(tables: tables.keys.sorted().map { tables[$0]! })
    }

    /// `loadLocales`, with the user's tables' problems discarded (for tests and tools that only read).
    public func loadLocales() throws(ConfigError) -> LocaleCatalog {
        var warnings: [ConfigError] = []
        return try loadLocales(warnings: &warnings)
    }

    /// The locale the environment names, as a tag: the first of LC_ALL, LC_MESSAGES and LANG
    /// that is set and not empty, as POSIX reads them ("fr_FR.UTF-8" → "fr-fr"); nil for "C"
    /// and "POSIX", or none set.
    public static func environmentLocale(_ variable: (String) -> String?) -> String? {
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(variable).first(where: { !$0.isEmpty }) else { return nil }
        return LanguageTag(posixLocale: value)?.description
    }

    /// A table's tag: its file name without `.conf`.
    static func tag(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".conf") ? String(name.dropLast(".conf".count)) : name
    }
}
