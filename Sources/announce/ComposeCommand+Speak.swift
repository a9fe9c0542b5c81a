import AnnouncerSystem

/// `announce compose --speak`: hands the lines to `announcerd --play`, which owns the voice
/// (this tool never links espeak-ng). announcerd is looked for beside this executable, then on
/// PATH.
extension ComposeCommand {
    static func speak(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        if parsed.has("--json") || parsed.has("--timeline") {
            Console.error("announce compose: --speak cannot be combined with --json or --timeline\nTry 'announce compose --help'.")
            return .usage
        }
        var arguments = ["announcerd", "--play", parsed.positionals.first ?? "-"]
        for option in ["--sink", "--config", "--locale", "--hint-style"] {
            if let value = parsed.options[option] { arguments += [option, value] }
        }
        let beside = Path.directory(of: Environment.executablePath).map { $0 + "/announcerd" }
        let executable = beside.flatMap { Files.isExecutable($0) ? $0 : nil } ?? "announcerd"
        let failure = Subprocess.replaceCurrentProcess(with: executable, arguments: arguments)
        Console.error("announce compose: cannot run announcerd (\(failure.reason)); build it with `swift build` or put it on PATH")
        return .unavailable
    }
}
