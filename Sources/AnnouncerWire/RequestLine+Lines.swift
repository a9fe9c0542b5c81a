/// A file or a stream of request lines cut into lines: the one rule for `compose`, `send`,
/// `--play` and the socket's reader (which skips blank lines unanswered).
extension RequestLine {
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
