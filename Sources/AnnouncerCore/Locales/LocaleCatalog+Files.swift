import Foundation

extension LocaleCatalog {
    /// Loads every `*.conf` table in `packaged`, then lays the tables in `overrides` (the user's
    /// `$XDG_CONFIG_HOME/announcer/locales`, which may not exist) over them: an override of a
    /// packaged table may change only some words; a new locale should be complete. A packaged
    /// table must be right (a broken installation is an error); a user's table is read
    /// leniently: each of its problems is added to `warnings`, a word it lacks or gets wrong
    /// comes from English, and a file that cannot be used at all is left out, so that a mistake
    /// in one user file never takes the other locales down.
    public static func load(packaged: String, overrides: String? = nil, warnings: inout [ConfigError]) throws(ConfigError) -> LocaleCatalog {
        var tables: [String: LocaleWords] = [:]
        let packagedFiles = try tableFiles(in: packaged, required: true)
        for file in packagedFiles {
            tables[file.stem] = try LocaleWords(file: try read(file.path))
        }
        if let overrides {
            let english = tables[LocaleCatalog.reference]
            for file in try tableFiles(in: overrides, required: false) {
                do {
                    let text = try readText(file.path)
                    let (parsed, syntaxProblems) = KeyValueFile.checking(text, name: file.path)
                    let (words, wordProblems) = LocaleWords.checking(parsed, base: tables[file.stem], fallback: english)
                    warnings += syntaxProblems + wordProblems
                    if let words { tables[file.stem] = words }
                } catch {
                    warnings.append(error)
                }
            }
        }
        return try LocaleCatalog(tables: tables.keys.sorted().map { tables[$0]! })
    }

    /// `load`, with the user's tables' problems discarded (for tests and tools that only read).
    public static func load(packaged: String, overrides: String? = nil) throws(ConfigError) -> LocaleCatalog {
        var warnings: [ConfigError] = []
        return try load(packaged: packaged, overrides: overrides, warnings: &warnings)
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
        try KeyValueFile(parsing: try readText(path), name: path)
    }

    static func readText(_ path: String) throws(ConfigError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, "the file is not UTF-8")
        }
        return text
    }
}
