#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error for Announcer's executables, written a whole line per call (so a reader piping
/// the output sees each utterance as soon as it is printed).
public enum Console {
    public static func out(_ line: String) { writeAll(1, line + "\n") }

    public static func error(_ line: String) { writeAll(2, line + "\n") }

    private static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // The reader has gone; there is no one left to tell.
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
