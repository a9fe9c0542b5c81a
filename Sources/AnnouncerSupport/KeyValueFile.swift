/// The one reader for Announcer's text files (`announcer.conf` and the locale tables):
/// `key = value` lines, `#` comments, blank lines ignored. A value may be wrapped in double
/// quotes to keep leading or trailing spaces (`space = " "`).
public struct KeyValueFile: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        public var line: Int

        public init(key: String, value: String, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    public var name: String
    public var entries: [Entry]

    /// A file made of these entries, as if read.
    public init(name: String, entries: [Entry]) {
        self.name = name
        self.entries = entries
    }

    /// Parses `text`; the first problem is thrown (see `checking` for all of them).
    public init(parsing text: String, name: String) throws(ConfigError) {
        let (file, problems) = Self.checking(text, name: name)
        if let first = problems.first { throw first }
        self = file
    }

    /// Every line that parses, and a problem for each one that does not.
    public static func checking(_ text: String, name: String) -> (KeyValueFile, [ConfigError]) {
        var entries: [Entry] = []
        var problems: [ConfigError] = []
        var seen: [String: Int] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(ConfigError(file: name, line: lineNumber, "expected `key = value`, got \"\(line)\""))
                continue
            }
            let key = line[..<equals].trimmingWhitespace()
            var value = line[line.index(after: equals)...].trimmingWhitespace()
            guard !key.isEmpty else {
                problems.append(ConfigError(file: name, line: lineNumber, "a setting needs a name before `=`"))
                continue
            }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            if let first = seen[key] {
                problems.append(ConfigError(file: name, line: lineNumber, "\(key) is set twice (first on line \(first))"))
                continue
            }
            seen[key] = lineNumber
            entries.append(Entry(key: key, value: value, line: lineNumber))
        }
        return (KeyValueFile(name: name, entries: entries), problems)
    }

    public subscript(key: String) -> Entry? { entries.first { $0.key == key } }
}

/// A problem in a configuration file or locale table, with the place it was found.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

extension StringProtocol {
    /// The text without the white space around it.
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension KeyValueFile {
    /// A file's text with settings changed, every other line (comments, blank lines, the
    /// other settings) as it was: a setting's line is rewritten in place, keeping its
    /// indentation; one the file lacks is added at its end. With no text, the file is begun
    /// with a comment saying where the rest is.
    public static func text(_ text: String?, setting changes: [(key: String, value: String)]) -> String {
        var lines = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            ?? ["# Announcer configuration: the settings changed while listening. Every setting, with its",
                "# default, is in the packaged announcer.conf.", ""]
        // A text that ends with a newline splits into a last empty line: additions go before it.
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        for (key, value) in changes {
            let written = value.first == " " || value.last == " " ? "\"\(value)\"" : value
            let index = lines.firstIndex { line in
                let trimmed = line.trimmingWhitespace()
                guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return false }
                return trimmed[..<equals].trimmingWhitespace() == key
            }
            if let index {
                let indentation = lines[index].prefix { $0 == " " || $0 == "\t" }
                lines[index] = indentation + key + " = " + written
            } else {
                lines.append(key + " = " + written)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
