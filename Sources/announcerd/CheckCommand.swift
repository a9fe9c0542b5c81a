import AnnouncerCore
import Foundation

/// `announcerd --check-config FILE` and `--check-locale FILE`: every problem of the file, by
/// line, then exit 0 (none) or 78.
struct CheckCommand {
    var path: String
    var isLocale: Bool

    func run() -> Int32 {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            Console.error("announcerd: cannot read \(path) (missing, unreadable or not UTF-8)")
            return 66
        }
        let (file, syntax) = KeyValueFile.checking(text, name: path)
        let problems = syntax + (isLocale ? localeProblems(file) : configurationProblems(file))
        for problem in problems.sorted(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { Console.error("\(problem)") }
        guard problems.isEmpty else {
            Console.error("\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            return 78
        }
        Console.out("\(path): the \(isLocale ? "locale table" : "configuration") is valid")
        return 0
    }

    private var installedCatalog: LocaleCatalog? {
        var warnings: [ConfigError] = []
        return try? ConfigurationFiles.locate().loadLocales(warnings: &warnings)
    }

    private func configurationProblems(_ file: KeyValueFile) -> [ConfigError] {
        var (configuration, problems) = Configuration.checking(file)
        if let entry = file["locale"], let catalog = installedCatalog, catalog.table(for: configuration.locale) == nil {
            problems.append(ConfigError(file: path, line: entry.line,
                                        "locale: there is no locale table for \"\(configuration.locale)\"; available: \(catalog.tags.joined(separator: ", "))"))
        }
        return problems
    }

    private func localeProblems(_ file: KeyValueFile) -> [ConfigError] {
        // A table named like a packaged one overrides some of its words.
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return LocaleWords.checking(file, base: installedCatalog?.table(for: stem).flatMap { $0.tag == stem ? $0 : nil }, fallback: nil).1
    }
}
