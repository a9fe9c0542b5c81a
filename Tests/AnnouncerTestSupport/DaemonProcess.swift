#if canImport(Glibc)
import Glibc
#endif
import AnnouncerClient
import AnnouncerSupport
import AnnouncerSystem
import Foundation

/// Set by scripts/sanitize: the suite runs under AddressSanitizer or ThreadSanitizer.
public let underSanitizer = ProcessInfo.processInfo.environment["ANNOUNCER_SANITIZER"] != nil

public struct Timeout: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// A real announcerd on a temporary socket, with its standard output and error in files,
/// started by AnnouncerClient's `PrivateAnnouncerd` (the one way Swift starts a private daemon).
public final class DaemonProcess {
    public let directory: String
    public let socket: String
    public let daemon: PrivateAnnouncerd
    public let stdoutPath: String
    public let stderrPath: String
    /// How it ended, once it has (it is reaped once, then remembered).
    private let ending = Locked<WaitStatus?>(nil)

    /// `environment` is laid over this process's; the locale is English's (`C.UTF-8`) unless it
    /// names one, so that a machine's own language never changes what a test hears. `wrapper`
    /// is a command line that runs announcerd, given after it with its arguments, by `exec`
    /// (announcerd keeps the wrapper's process id).
    public init(arguments: [String] = ["--sink", "text"], config: String? = nil, socketPath: String? = nil, waitForSocket: Bool = true,
                environment extra: [String: String] = [:], wrapper: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcerd-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        socket = socketPath ?? directory + "/run/socket"
        stdoutPath = directory + "/stdout"
        stderrPath = directory + "/stderr"
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory + "/config-home"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = "C.UTF-8"
        environment.merge(extra) { $1 }
        var options = PrivateAnnouncerd.Options()
        options.executable = binary("announcerd")
        options.arguments = arguments
        options.settings = config
        options.socket = socket
        options.directory = directory
        options.environment = environment
        options.wrapper = wrapper
        options.output = (stdoutPath, stderrPath)
        options.waitUntilAnswering = false
        daemon = try PrivateAnnouncerd.start(options)
        if waitForSocket { try waitUntilListening() }
    }

    /// Its process id.
    public var pid: Int32 { daemon.process.id }

    /// Whether it still runs (its end is reaped once, and remembered).
    public var isRunning: Bool {
        ending.withLock { ending in
            if ending == nil, let status = (try? daemon.process.ended()) ?? nil { ending = status }
            return ending == nil
        }
    }

    public func waitUntilListening() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if (try? LineClient(path: socket)) != nil { return }
            if !isRunning { throw Timeout(description: "announcerd exited: \(stderr)") }
            usleep(20_000)
        }
        throw Timeout(description: "announcerd did not listen on \(socket): \(stderr)")
    }

    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    public func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for the process to exit; returns its status (as a shell gives it: 128 + a signal).
    public func waitForExit(seconds: Double = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { throw Timeout(description: "announcerd did not exit") }
            usleep(10_000)
        }
        return ending.withLock { $0?.shellStatus ?? -1 }
    }

    /// Waits until standard output holds `text`.
    public func waitForOutput(_ text: String, seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !stdout.contains(text) {
            if Date() > deadline { throw Timeout(description: "no \"\(text)\" in output: \(stdout)") }
            usleep(10_000)
        }
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = try? daemon.process.wait()
        } else if stderr.contains("Sanitizer") {
            // The daemon stopped on a sanitizer's finding: its report, for the test's log.
            print("announcerd (\(socket)) stopped with a report:\n\(stderr)")
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A blocking line client with a read timeout, so that a test never hangs. One thread may read
/// while another only writes (`sendRaw` touches nothing but the descriptor).
// Safe: `buffer` is touched by the one thread that reads only; a writing thread uses the descriptor alone, which the kernel locks.
public final class LineClient: @unchecked Sendable {
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// How long a read waits for a line: a sanitized daemon and worker, beside the other
    /// sanitizer's suite on two cores, can be silent for longer than 10 s while they are slow,
    /// not stuck (the sanitized worker's watchdog waits 30 s).
    public static let defaultTimeoutSeconds = underSanitizer ? 60 : 10

    public init(path: String, timeoutSeconds: Int = LineClient.defaultTimeoutSeconds) throws {
        guard let address = UnixSocketAddress(path) else { throw Timeout(description: "\(path) is too long for a socket") }
        do {
            fd = try UnixSocket.connect(to: address).rawValue
        } catch {
            throw Timeout(description: "cannot connect to \(path): \(error.reason)")
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends every byte (a blocking send may still write only part).
    public func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    public func send(_ line: String) { sendRaw(Array((line + "\n").utf8)) }

    public func send(_ request: JSONValue) { send(request.serialized()) }

    /// The next line as JSON members; throws on timeout or end.
    public func read() throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONValue.parse(Data(nextLine())) else { throw Timeout(description: "not an object") }
        return members
    }

    /// The next line as text, without its CR LF (SSIP's lines).
    public func readText() throws -> String {
        var line = try nextLine()
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// One SSIP reply or event: its lines up to the one whose code is followed by a space.
    public func readSSIP() throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try readText()
            lines.append(line)
            if line.count < 4 || line[line.index(line.startIndex, offsetBy: 3)] == " " { return lines }
        }
    }

    private func nextLine() throws -> [UInt8] {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { throw Timeout(description: "no line from the daemon (\(count < 0 ? String(cString: strerror(errno)) : "closed"))") }
            buffer += chunk[0..<count]
        }
    }

    /// Reads until a line satisfies `predicate`; returns every line read, that one last.
    public func read(until predicate: ([String: JSONValue]) -> Bool) throws -> [[String: JSONValue]] {
        var lines: [[String: JSONValue]] = []
        while true {
            let line = try read()
            lines.append(line)
            if predicate(line) { return lines }
        }
    }

    /// Reads the reply to request `id`, passing over events.
    public func reply(_ id: JSONValue) throws -> [String: JSONValue] {
        try read { $0["type"] != "event" && $0["id"] == id }.last!
    }
}
