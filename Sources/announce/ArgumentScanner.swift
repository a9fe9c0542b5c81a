/// The one command-line parser of the `announce` tool: `--flag`, `--option VALUE`,
/// `--option=VALUE`, positionals, and `--` to end options. Anything else is a `UsageError`.
struct ArgumentScanner {
    struct Parsed: Equatable {
        var flags: Set<String> = []
        var options: [String: String] = [:]
        var positionals: [String] = []

        func has(_ flag: String) -> Bool { flags.contains(flag) }
    }

    var flags: Set<String>
    var options: Set<String>
    var maximumPositionals: Int

    func parse(_ arguments: some Sequence<String>) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var iterator = arguments.makeIterator()
        var onlyPositionals = false
        while let argument = iterator.next() {
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                onlyPositionals = true
            } else {
                var name = argument
                var inlineValue: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inlineValue = String(argument[argument.index(after: equals)...])
                }
                if flags.contains(name), inlineValue == nil {
                    parsed.flags.insert(name)
                } else if options.contains(name) {
                    guard let value = inlineValue ?? iterator.next() else {
                        throw UsageError("\(name) needs a value")
                    }
                    parsed.options[name] = value
                } else {
                    throw UsageError("unknown option \(name)")
                }
            }
        }
        if parsed.positionals.count > maximumPositionals {
            throw UsageError("unexpected argument \"\(parsed.positionals[maximumPositionals])\"")
        }
        return parsed
    }
}

/// Bad usage of the command line; the tool prints it with a pointer to `--help` and exits 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
