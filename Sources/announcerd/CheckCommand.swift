import AnnouncerConfiguration
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem

/// `announcerd --check-config FILE` and `--check-locale FILE`: every problem of the file, by
/// line, then exit 0 (none) or 78.
struct CheckCommand {
    var path: String
    var isLocale: Bool

    func run() -> ExitStatus {
        guard let text = (try? Files.readText(path)) ?? nil else {
            Console.error("announcerd: cannot read \(path) (missing, unreadable or not UTF-8)")
            return .noInput
        }
        let (file, syntax) = KeyValueFile.checking(text, name: path)
        let problems = syntax + (isLocale ? localeProblems(file) : configurationProblems(file))
        for problem in problems.sorted(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { Console.error("\(problem)") }
        guard problems.isEmpty else {
            Console.error("\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            return .config
        }
        Console.out("\(path): the \(isLocale ? "locale table" : "configuration") is valid")
        return .success
    }

    private var installedCatalog: LocaleCatalog? {
        try? configurationSources(explicit: nil).loadLocales()
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
        let name = Path.lastComponent(of: path)
        let stem = name.hasSuffix(".conf") ? String(name.dropLast(".conf".count)) : name
        return LocaleWords.checking(file, base: installedCatalog?.table(for: stem).flatMap { $0.tag == stem ? $0 : nil }, fallback: nil).1
    }
}
