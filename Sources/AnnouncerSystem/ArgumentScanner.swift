/// The one command-line parser of Announcer's executables: `--flag`, `--option VALUE`,
/// `--option=VALUE`, positionals, and `--` to end options. Anything else is a `UsageError`.
public struct ArgumentScanner: Sendable {
    public struct Parsed: Equatable, Sendable {
        public var flags: Set<String> = []
        public var options: [String: String] = [:]
        public var positionals: [String] = []

        public func has(_ flag: String) -> Bool { flags.contains(flag) }
    }

    public var flags: Set<String>
    public var options: Set<String>
    public var maximumPositionals: Int

    public init(flags: Set<String>, options: Set<String>, maximumPositionals: Int) {
        self.flags = flags
        self.options = options
        self.maximumPositionals = maximumPositionals
    }

    public func parse(_ arguments: some Sequence<String>) throws(UsageError) -> Parsed {
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
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
