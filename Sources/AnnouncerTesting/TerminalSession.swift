import AnnouncerClient
import AnnouncerSupport
import AnnouncerSystem

/// A terminal program under test, for Swift Testing: run headless under `announce term` in a
/// pseudo-terminal of its own, heard by a private announcerd with no audio — the same session
/// as Python's `announcer.testing.Terminal`, through the same driver (`announce term --keys -
/// --json`, a step at a time).
///
///     let menu = try TerminalSession(["python3", "menu.py"])
///     try menu.press("Down")
///     #expect(menu.spoken.last == "Load game")
///
/// Each `press` and `type` returns once the program has answered and all it said has been said
/// (never after a fixed pause). announce is `$ANNOUNCE`, else beside the running executable (a
/// package's test binary), else on PATH; announcerd likewise (`$ANNOUNCERD`).
public final class TerminalSession {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let command: [String]
    private let daemon: PrivateAnnouncerd
    private let process: ChildProcess
    private let steps: FileDescriptor
    private let events: FileDescriptor
    private var buffer: [UInt8] = []
    private var ready = false
    private var ended = false
    private var closed = false
    private var errors: [String] = []
    /// Every utterance so far, in order.
    public private(set) var spoken: [String] = []
    /// The program's exit status once it has exited on its own; nil while it runs, and when it
    /// was hung up at the end.
    public private(set) var exitStatus: Int32?
    private var lastScreen: (lines: [String], row: Int, column: Int)?
    public var timeout: Duration

    public init(_ command: [String], columns: Int = 80, rows: Int = 24, timeout: Duration = .seconds(10),
                startTimeout: Duration = .seconds(30)) throws {
        guard !command.isEmpty else { throw Failure(description: "TerminalSession needs a program to run") }
        guard let announce = Files.companion("announce", variable: "ANNOUNCE") else {
            throw Failure(description: "announce not found: set ANNOUNCE, or build the package (swift build)")
        }
        self.command = command
        self.timeout = timeout
        // A program that has gone is an error here, never a SIGPIPE that ends the tests.
        Signal.ignore(.pipe)
        daemon = try PrivateAnnouncerd.start()
        let (stepsRead, stepsWrite) = try FileDescriptor.pipe()
        let (eventsRead, eventsWrite) = try FileDescriptor.pipe()
        defer {
            stepsRead.close()
            eventsWrite.close()
        }
        do {
            process = try ChildProcess.spawn(announce, arguments: [announce, "term", "--keys", "-", "--json", "--socket", daemon.socket,
                                                                    "--size", "\(columns)x\(rows)", "--"] + command,
                                             descriptors: [0: stepsRead, 1: eventsWrite], defaultSignalMask: true)
        } catch {
            daemon.stop()
            stepsWrite.close()
            eventsRead.close()
            throw error
        }
        steps = stepsWrite
        events = eventsRead
        do {
            try waitReady(within: startTimeout, what: "the program's start")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Ends the run: the program is hung up unless it has exited, and the daemon stops.
    public func close() {
        guard !closed else { return }
        closed = true
        steps.close()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !ended, clock.now < deadline { read(until: deadline) }
        if (try? process.wait(atMost: .seconds(2))) ?? nil == nil {
            try? process.send(.kill)
            _ = try? process.wait()
        }
        events.close()
        daemon.stop()
    }

    // MARK: - What a user does

    /// One key, by tmux's name ("Down", "Enter", "Tab", "C-c", "M-i", "F2") or a character.
    public func press(_ key: String) throws {
        guard !key.isEmpty, !key.contains("\n") else { throw Failure(description: "not a key name: \(key)") }
        try step(key)
    }

    /// Types `text` a character at a time; a line break is Enter.
    public func type(_ text: String) throws {
        for character in text { try step(character == "\n" ? "Enter" : "type \(character)") }
    }

    /// Waits until an utterance containing `text` has been said, and returns it.
    @discardableResult
    public func waitForSpeech(_ text: String, within limit: Duration = .seconds(10)) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if let found = spoken.first(where: { $0.contains(text) }) { return found }
            guard !ended, clock.now < deadline else {
                throw Failure(description: "\"\(text)\" was not spoken in time; spoken: \(spoken)")
            }
            read(until: deadline)
        }
    }

    /// Waits for the program to exit on its own; its status.
    public func waitForExit(within limit: Duration = .seconds(10)) throws -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !ended {
            guard clock.now < deadline else { throw Failure(description: "\(command[0]) did not exit in time; spoken: \(spoken)") }
            read(until: deadline)
        }
        return exitStatus
    }

    /// The screen as the program has drawn it, a line a row.
    public func screen() throws -> [String] {
        try step("screen")
        return lastScreen?.lines ?? []
    }

    // MARK: - announce term's events

    private func step(_ line: String) throws {
        guard !ended else { throw Failure(description: "\(command[0]) has exited (status \(exitStatus.map(String.init) ?? "none")); \(line) was not sent") }
        ready = false
        let errorCount = errors.count
        do {
            try steps.writeAll(Array((line + "\n").utf8), timeout: timeout)
        } catch {
            throw Failure(description: "announce term has ended (\(error))")
        }
        try waitReady(within: timeout, what: line)
        if errors.count > errorCount { throw Failure(description: errors[errors.count - 1]) }
    }

    private func waitReady(within limit: Duration, what: String) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !ready, !ended {
            guard clock.now < deadline else { throw Failure(description: "\(what) was not answered and said in time; spoken: \(spoken)") }
            read(until: deadline)
        }
    }

    /// Reads the events that come before `deadline` (at least one, or none by then).
    private func read(until deadline: ContinuousClock.Instant) {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                if let event = try? JSONValue.parse(line), case .object(let members) = event { take(members) }
                return
            }
            let left = deadline - ContinuousClock().now
            guard left > .zero, let ready = try? events.wait(for: .readable, timeoutMilliseconds: left.pollTimeout), !ready.isEmpty else { return }
            var chunk = [UInt8](repeating: 0, count: 65536)
            guard case .processed(let count)? = try? events.read(into: &chunk), count > 0 else {
                ended = true
                return
            }
            buffer += chunk[0..<count]
        }
    }

    private func take(_ event: [String: JSONValue]) {
        switch event["event"] {
        case "spoken": if case .string(let text)? = event["text"] { spoken.append(text) }
        case "ready": ready = true
        case "error": if case .string(let message)? = event["message"] { errors.append(message) }
        case "screen":
            if case .array(let lines)? = event["lines"], case .object(let cursor)? = event["cursor"],
               case .number(let row)? = cursor["row"], case .number(let column)? = cursor["column"] {
                lastScreen = (lines.compactMap { if case .string(let text) = $0 { text } else { nil } }, Int(row), Int(column))
            }
        case "exit":
            if case .number(let status)? = event["status"] { exitStatus = Int32(status) }
            ended = true
        default: break
        }
    }
}
