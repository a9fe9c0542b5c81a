import AnnouncerSystem

/// The start of every `announce` command: parse its arguments, or print its help or the usage
/// error (with a pointer to `--help`) and say how to exit.
enum CommandArguments {
    enum Outcome {
        case run(ArgumentScanner.Parsed)
        case exit(ExitStatus)
    }

    static func parse(_ arguments: ArraySlice<String>, command: String, scanner: ArgumentScanner, help: String) -> Outcome {
        let parsed: ArgumentScanner.Parsed
        do {
            parsed = try scanner.parse(arguments)
        } catch {
            Console.error("announce \(command): \(error)\nTry 'announce \(command) --help'.")
            return .exit(.usage)
        }
        if parsed.has("--help") || parsed.has("-h") {
            Console.out(help)
            return .exit(.success)
        }
        return .run(parsed)
    }
}
