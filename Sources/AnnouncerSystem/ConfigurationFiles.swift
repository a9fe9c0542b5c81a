/// Where Announcer's packaged and user files are, and reading them (Core turns the texts into a
/// `Configuration` and a `LocaleCatalog`: `ConfigurationSources`).
///
/// The packaged directory (holding `announcer.conf` and `locales/`) is, in order:
/// `$ANNOUNCER_DATA_DIR`; `../share/announcer` from the running executable's directory (the
/// package's layout, wherever the tree was unpacked: `bin/announce` → `share/announcer`); a
/// `config/` directory beside or above the executable (a build tree: `.build/debug/announce` →
/// `config/`); `/usr/local/share/announcer`; `/usr/share/announcer`.
/// The user's files are under `$XDG_CONFIG_HOME/announcer` (default `~/.config/announcer`).
public struct ConfigurationFiles: Sendable {
    public typealias Text = (path: String, text: String)

    /// The texts of the files in use: the configuration file (the one asked for, else the
    /// user's, else the packaged one; nil when there is none and the built-in defaults apply),
    /// the path it was read from or would be, the packaged locale tables (`locales/*.conf`), the
    /// user's tables that could be read, and those that could not with why. A tuple, so that
    /// AnnouncerSettings' `ConfigurationSources` takes it as it is without either module knowing
    /// the other.
    public typealias Contents = (configuration: Text?, configurationPath: String, packagedTables: [Text], userTables: [Text],
                                 unreadableUserTables: [(path: String, reason: String)])

    /// A file that is needed and cannot be read or found.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    public var packagedDirectory: String
    public var userDirectory: String

    public init(packagedDirectory: String, userDirectory: String) {
        self.packagedDirectory = packagedDirectory
        self.userDirectory = userDirectory
    }

    public static func locate(environment: [String: String] = Environment.current) throws(Problem) -> ConfigurationFiles {
        let home = Environment.homeDirectory(environment)
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        var candidates: [String] = []
        if let explicit = environment["ANNOUNCER_DATA_DIR"], !explicit.isEmpty {
            candidates.append(explicit)
        } else {
            var directory = Path.directory(of: Environment.executablePath)
            if let bin = directory, let prefix = Path.directory(of: bin) {
                candidates.append((prefix == "/" ? "" : prefix) + "/share/announcer")
            }
            for _ in 0..<6 {
                guard let current = directory else { break }
                candidates.append(current == "/" ? "/config" : current + "/config")
                directory = Path.directory(of: current)
            }
            candidates += ["/usr/local/share/announcer", "/usr/share/announcer"]
        }
        guard let packaged = candidates.first(where: { Files.exists($0 + "/locales/en.conf") }) else {
            throw Problem(file: candidates.first ?? "config", message: "cannot find Announcer's packaged files (locales/en.conf); looked in \(candidates.joined(separator: ", ")). Set ANNOUNCER_DATA_DIR to the project's config/ directory.")
        }
        return ConfigurationFiles(packagedDirectory: packaged, userDirectory: configHome + "/announcer")
    }

    /// The configuration file in use: `explicit` if given, else the user's, else the packaged one.
    public func configurationPath(explicit: String? = nil) -> String? {
        explicit ?? [userDirectory + "/announcer.conf", packagedDirectory + "/announcer.conf"].first(where: Files.exists)
    }

    /// Reads the configuration file and every locale table. The configuration file and the
    /// packaged tables must be readable; a user's table that is not is reported in the contents.
    public func read(explicit: String? = nil) throws(Problem) -> Contents {
        let path = configurationPath(explicit: explicit)
        let configuration = try path.map { path throws(Problem) in (path: path, text: try Self.text(path)) }
        var contents: Contents = (configuration, path ?? packagedDirectory + "/announcer.conf", try readLocales(), [], [])
        readUserLocales(into: &contents)
        return contents
    }

    /// Rewrites the configuration file settings changed while listening are kept in: `explicit`
    /// if given, else the user's (made, with its directory, when there is none). `edit` turns
    /// its text (nil when there is no file yet) into the new one, which replaces it whole or not
    /// at all: it is written beside it and renamed over it, so a full disk leaves it as it was.
    public func save(explicit: String? = nil, _ edit: (String?) -> String) throws(Problem) {
        let path = explicit ?? userDirectory + "/announcer.conf"
        let old: String?
        if Files.exists(path) {
            do {
                guard let text = try Files.readText(path) else { throw Problem(file: path, message: "is not UTF-8 text; not changed") }
                old = text
            } catch let error as Problem {
                throw error
            } catch {
                throw Problem(file: path, message: "\(error)")
            }
        } else {
            old = nil
        }
        let new = path + ".new"
        do throws(Errno) {
            if let directory = Path.directory(of: path) { try Files.makeDirectories(directory) }
            try Files.write(Array(edit(old).utf8), to: new, mode: 0o644)
            try Files.rename(new, to: path)
        } catch {
            Files.remove(new)
            throw Problem(file: path, message: "\(error)")
        }
    }

    /// The locale tables alone (for `announcerd --check-locale`).
    public func readLocales() throws(Problem) -> [Text] {
        let directory = packagedDirectory + "/locales"
        let names: [String]
        do {
            names = try Files.list(directory)
        } catch {
            throw Problem(file: directory, message: "cannot read the locale tables: \(error.reason)")
        }
        var tables: [Text] = []
        for name in names where name.hasSuffix(".conf") {
            let path = directory + "/" + name
            tables.append((path, try Self.text(path)))
        }
        return tables
    }

    /// Adds the user's locale tables (a directory that is not there holds none).
    private func readUserLocales(into contents: inout Contents) {
        let directory = userDirectory + "/locales"
        for name in (try? Files.list(directory)) ?? [] where name.hasSuffix(".conf") {
            let path = directory + "/" + name
            do {
                contents.userTables.append((path, try Self.text(path)))
            } catch {
                contents.unreadableUserTables.append((path, error.message))
            }
        }
    }

    private static func text(_ path: String) throws(Problem) -> String {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path)
        } catch {
            throw Problem(file: path, message: "cannot read the file (\(error.reason))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Problem(file: path, message: "the file is not UTF-8")
        }
        return text
    }
}
