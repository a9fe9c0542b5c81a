/// Files of request lines, as the tools read them (`compose`, `send`, `--play`).
public enum RequestInput {
    /// The contents of `path`, or of standard input when `path` is nil or "-"; nil when the file
    /// cannot be read.
    public static func read(_ path: String?) -> [UInt8]? {
        guard let path, path != "-" else { return try? FileDescriptor.standardInput.readToEnd() }
        return try? Files.read(path)
    }

    /// The lines that hold something, numbered from 1, without their line endings.
    public static func lines(of data: some Collection<UInt8>) -> [(number: Int, bytes: [UInt8])] {
        var lines: [(Int, [UInt8])] = []
        for (offset, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var bytes = Array(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if !isBlank(bytes) { lines.append((offset + 1, bytes)) }
        }
        return lines
    }

    /// Whether a line holds only spaces and tabs (and is skipped, not answered).
    public static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
