import Foundation

/// Where Announcer's packaged and user files are, and loading them.
///
/// The packaged directory (holding `announcer.conf` and `locales/`) is, in order:
/// `$ANNOUNCER_DATA_DIR`; a `config/` directory beside or above the running executable (a build
/// tree: `.build/debug/announce` → `config/`); `/usr/local/share/announcer`; `/usr/share/announcer`.
/// The user's files are under `$XDG_CONFIG_HOME/announcer` (default `~/.config/announcer`).
public struct ConfigurationFiles: Sendable {
    public var packagedDirectory: String
    public var userDirectory: String

    public init(packagedDirectory: String, userDirectory: String) {
        self.packagedDirectory = packagedDirectory
        self.userDirectory = userDirectory
    }

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigError) -> ConfigurationFiles {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let user = configHome + "/announcer"
        var candidates: [String] = []
        if let explicit = environment["ANNOUNCER_DATA_DIR"], !explicit.isEmpty {
            candidates.append(explicit)
        } else {
            var directory = URL(fileURLWithPath: executablePath()).deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(directory.appendingPathComponent("config").path)
                directory.deleteLastPathComponent()
            }
            candidates += ["/usr/local/share/announcer", "/usr/share/announcer"]
        }
        guard let packaged = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/locales/en.conf") }) else {
            throw ConfigError(file: candidates.first ?? "config", "cannot find Announcer's packaged files (locales/en.conf); looked in \(candidates.joined(separator: ", ")). Set ANNOUNCER_DATA_DIR to the project's config/ directory.")
        }
        return ConfigurationFiles(packagedDirectory: packaged, userDirectory: user)
    }

    /// The configuration and the locale tables, checked together (one rule for the daemon, its
    /// reload and `announce compose`): `locale =` must name a table there is. Problems in the
    /// user's locale tables go to `warnings`.
    public func load(explicit: String? = nil, warnings: inout [ConfigError]) throws(ConfigError) -> (Configuration, LocaleCatalog) {
        let configuration = try loadConfiguration(explicit: explicit)
        let catalog = try loadLocales(warnings: &warnings)
        guard catalog.table(for: configuration.locale) != nil else {
            throw ConfigError(file: configurationPath(explicit: explicit) ?? "announcer.conf",
                              "locale: there is no locale table for \"\(configuration.locale)\"; available: \(catalog.tags.joined(separator: ", "))")
        }
        return (configuration, catalog)
    }

    /// The configuration file in use: `explicit` if given, else the user's, else the packaged one.
    public func configurationPath(explicit: String? = nil) -> String? {
        explicit ?? [userDirectory + "/announcer.conf", packagedDirectory + "/announcer.conf"]
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The configuration: `explicit` if given, else the user's file, else the packaged default.
    public func loadConfiguration(explicit: String? = nil) throws(ConfigError) -> Configuration {
        guard let path = configurationPath(explicit: explicit) else { return Configuration() }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, "cannot read the file (missing, unreadable or not UTF-8)")
        }
        return try Configuration(file: try KeyValueFile(parsing: text, name: path))
    }

    /// The locale tables; problems in the user's own tables go to `warnings` (see
    /// `LocaleCatalog.load`).
    public func loadLocales(warnings: inout [ConfigError]) throws(ConfigError) -> LocaleCatalog {
        try LocaleCatalog.load(packaged: packagedDirectory + "/locales", overrides: userDirectory + "/locales", warnings: &warnings)
    }

    private static func executablePath() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }
}
