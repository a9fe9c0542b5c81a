/// Files of request lines, as the tools read them (`compose`, `send`, `--play`); AnnouncerWire's
/// `RequestLine.lines(of:)` cuts them into lines.
public enum RequestInput {
    /// The contents of `path`, or of standard input when `path` is nil or "-"; nil when the file
    /// cannot be read.
    public static func read(_ path: String?) -> [UInt8]? {
        guard let path, path != "-" else { return try? FileDescriptor.standardInput.readToEnd() }
        return try? Files.read(path)
    }
}
