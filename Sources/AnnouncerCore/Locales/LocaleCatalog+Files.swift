import Foundation

extension LocaleCatalog {
    /// Loads every `*.conf` table in `packaged`, then lays the tables in `overrides` (the user's
    /// `$XDG_CONFIG_HOME/announcer/locales`, which may not exist) over them: an override of a
    /// packaged table may change only some words; a new locale must be complete.
    public static func load(packaged: String, overrides: String? = nil) throws(ConfigError) -> LocaleCatalog {
        var tables: [String: LocaleWords] = [:]
        let packagedFiles = try tableFiles(in: packaged, required: true)
        for file in packagedFiles {
            tables[file.stem] = try LocaleWords(file: try read(file.path))
        }
        if let overrides {
            for file in try tableFiles(in: overrides, required: false) {
                tables[file.stem] = try LocaleWords(file: try read(file.path), base: tables[file.stem])
            }
        }
        return try LocaleCatalog(tables: tables.keys.sorted().map { tables[$0]! })
    }

    private static func tableFiles(in directory: String, required: Bool) throws(ConfigError) -> [(stem: String, path: String)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            if !required { return [] }
            throw ConfigError(file: directory, "cannot read the locale tables: \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".conf") }.sorted().map {
            (String($0.dropLast(".conf".count)), directory + "/" + $0)
        }
    }

    private static func read(_ path: String) throws(ConfigError) -> KeyValueFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, "the file is not UTF-8")
        }
        return try KeyValueFile(parsing: text, name: path)
    }
}
