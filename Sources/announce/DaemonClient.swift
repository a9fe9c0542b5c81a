#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import AnnouncerSystem
import Foundation

/// A blocking connection to announcerd: write request lines, read reply and event lines.
final class DaemonClient {
    let path: String
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects, or prints the one-line error naming the socket and exits 69.
    static func connectOrExit(socket explicit: String?) -> DaemonClient {
        guard let path = SocketPath.resolve(explicit: explicit, environment: ProcessInfo.processInfo.environment) else {
            Console.error("announce: \(SocketPath.missingMessage)")
            exit(ExitStatus.unavailable.rawValue)
        }
        do {
            return try DaemonClient(path: path)
        } catch {
            Console.error("announce: cannot connect to announcerd at \(path): \(error) (is announcerd running?)")
            exit(ExitStatus.unavailable.rawValue)
        }
    }

    struct ConnectError: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw ConnectError(description: "the path is too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ConnectError(description: String(cString: strerror(errno))) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ConnectError(description: reason)
        }
    }

    deinit { close(fd) }

    func send(_ request: JSONValue) {
        sendLine(Array(request.serialized().utf8))
    }

    func sendLine(_ line: [UInt8]) {
        var bytes = (line + [UInt8(ascii: "\n")])[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                Console.error("announce: announcerd at \(path) closed the connection")
                exit(ExitStatus.unavailable.rawValue)
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The next line from the daemon, or nil when it closed the connection.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
        }
    }

    /// Reads what has arrived (call when poll says the socket is readable) and returns the
    /// complete lines; nil when the daemon closed the connection.
    func readAvailableLines() -> [String]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        if count <= 0 { return nil }
        buffer += chunk[0..<count]
        var lines: [String] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return lines
    }

    /// The next line as a JSON object's members, or nil at the end.
    func readMessage() -> [String: JSONValue]? {
        while let line = readLine() {
            if case .object(let members) = try? JSONValue.parse(line) { return members }
        }
        return nil
    }
}
