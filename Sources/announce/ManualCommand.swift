import AnnouncerSystem

/// `announce manual PAGE [--date YYYY-MM-DD]`, for scripts/manpages: prints the man page PAGE
/// (announce, announcerd, announcer-atspi, announcer.conf) in roff. For all but announce's own,
/// standard input is the program's --help, or the default announcer.conf.
enum ManualCommand {
    static let scanner = ArgumentScanner(flags: [], options: ["--date"], maximumPositionals: 1)

    static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
        guard let parsed = try? scanner.parse(arguments), let name = parsed.positionals.first else {
            Console.error("usage: announce manual PAGE [--date YYYY-MM-DD]")
            return .usage
        }
        let input = name == "announce" ? "" : RequestInput.read(nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let page = CommandCatalog.manual(name, input: input) else {
            Console.error("announce manual: no page \"\(name)\"; the pages are announce, announcerd, announcer-atspi and announcer.conf")
            return .usage
        }
        Console.out(page.roff(date: parsed.options["--date"] ?? "").dropLast().description)
        return .success
    }
}
