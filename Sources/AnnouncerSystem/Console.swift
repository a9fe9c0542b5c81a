import Glibc

/// Standard output and error for Announcer's executables, written a whole line per call (so a
/// reader piping the output sees each utterance as soon as it is printed).
public enum Console {
    public static func out(_ line: String) { write(line + "\n", to: .standardOutput) }

    public static func error(_ line: String) { write(line + "\n", to: .standardError) }

    /// A whole text, however long; a reader that has gone is no one left to tell.
    public static func write(_ text: String, to descriptor: FileDescriptor) {
        try? descriptor.writeAll(text.utf8)
    }
}
