#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, a whole line per write.
enum Console {
    static func out(_ line: String) { writeAll(1, line + "\n") }
    static func error(_ line: String) { writeAll(2, line + "\n") }

    private static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
