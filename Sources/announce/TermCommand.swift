import AnnouncerClient
import AnnouncerCore
import AnnouncerSystem
import AnnouncerTerminal
import Glibc

/// `announce term`: a program in a pseudo-terminal, shown unchanged, heard through announcerd
/// (docs/design.md §13). The rules of what is said are `TerminalReader`'s; this is the shell around
/// them: the user's terminal in raw mode, every byte passed both ways, the window's size passed
/// on, libvterm's model of the screen, the clock, and the daemon.
enum TermCommand {
    static let help = """
        usage: announce term [--socket PATH] [--typing-echo characters|words|none] [--config FILE]
                             [-- COMMAND ARGS...]

        Runs COMMAND (default: $SHELL) in a terminal of its own inside this one and speaks it
        through announcerd: its output after a short quiet (term.quiet-ms), the line, word or
        character a key moves to, a highlighted menu entry that moves, typed characters as the
        program echoes them, a line rewritten again and again at most once per term.repeat-ms,
        a flood of lines as its last line and a count, and the program's exit. Any key cuts
        speech off. The exit status is the program's.

        Review keys (taken by the reader, not sent to the program):
          Alt-U  Alt-I  Alt-O    previous, current, next line
          Alt-J  Alt-K  Alt-L    previous, current, next word
          Alt-M  Alt-,  Alt-.    previous, current, next character

          --typing-echo ECHO     characters, words or none (default: term.typing-echo)
          --config FILE          read this configuration instead of the user's or the default
        """

    static let scanner = ArgumentScanner(flags: ["--help", "-h"], options: ["--socket", "--typing-echo", "--config"], maximumPositionals: .max)

    static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
        let parsed: ArgumentScanner.Parsed
        switch CommandArguments.parse(arguments, command: "term", scanner: scanner, help: help) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        var settings: TerminalSettings
        do {
            settings = try configurationSources(explicit: parsed.options["--config"]).loadConfiguration().terminal
        } catch {
            Console.error("announce term: \(error)")
            return .config
        }
        if let echo = parsed.options["--typing-echo"] {
            guard let value = TypingEcho(rawValue: echo) else {
                Console.error("announce term: --typing-echo must be characters, words or none\nTry 'announce term --help'.")
                return .usage
            }
            settings.typingEcho = value
        }
        Terminal.unblock([SIGWINCH, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD])
        let command = parsed.positionals.isEmpty ? [Environment.current["SHELL"] ?? "/bin/sh"] : parsed.positionals
        let size = PseudoTerminal.size(of: .standardInput) ?? (rows: 24, columns: 80)
        // The program knows it is heard (a shell's rc file can test it, and not start another).
        setenv("ANNOUNCE_TERM", "1", 1)
        let child: PseudoTerminal
        do {
            child = try PseudoTerminal.spawn(command, rows: size.rows, columns: size.columns)
        } catch {
            Console.error("announce term: \(error)")
            return .unavailable
        }
        var session = TermSession(child: child, size: size, settings: settings, socket: parsed.options["--socket"])
        if isatty(0) == 1 { Terminal.enterRawMode(transparent: true) }
        let status = session.run()
        Terminal.restore()
        // The program's own status, whatever it is.
        exit(status)
    }
}

/// SIGWINCH's mark, read by the loop.
nonisolated(unsafe) private var windowChanged: sig_atomic_t = 0

private struct TermSession {
    let child: PseudoTerminal
    let model: TerminalScreenModel
    var reader: TerminalReader
    let socket: String?
    var daemon: DaemonConnection?
    var daemonFailure: String?
    /// What the user typed that the program has not taken yet.
    var pendingInput: [UInt8] = []
    var inputOpen = true
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    /// `ANNOUNCE_TERM_RECORD=FILE`: every byte both ways, timed, for the reader's tests
    /// (Tests/AnnouncerTerminalTests/Fixtures).
    let recording: FileDescriptor?

    init(child: PseudoTerminal, size: (rows: Int, columns: Int), settings: TerminalSettings, socket: String?) {
        self.child = child
        model = TerminalScreenModel(rows: size.rows, columns: size.columns)
        reader = TerminalReader(settings: settings, screen: model.snapshot())
        self.socket = socket
        start = clock.now
        recording = Environment.current["ANNOUNCE_TERM_RECORD"].flatMap { try? FileDescriptor.create($0) }
        record("size", Array("\(size.rows) \(size.columns)".utf8), hex: false)
    }

    private func record(_ direction: String, _ bytes: [UInt8], hex: Bool = true) {
        guard let recording else { return }
        let data = hex ? bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() : String(decoding: bytes, as: UTF8.self)
        try? recording.writeAll(Array("\(Int(now)) \(direction) \(data)\n".utf8))
    }

    var now: Double {
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// Runs until the program's end; returns its exit status.
    mutating func run() -> Int32 {
        signal(SIGWINCH) { _ in windowChanged = 1 }
        signal(SIGPIPE, SIG_IGN)
        try? child.controller.setNonBlocking()
        connect()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if windowChanged != 0 {
                windowChanged = 0
                if let size = PseudoTerminal.size(of: .standardInput) {
                    child.resize(rows: size.rows, columns: size.columns)
                    model.resize(rows: size.rows, columns: size.columns)
                }
            }
            var timeout: Int32 = 500
            if let deadline = reader.deadline { timeout = Int32(max(0, min(500, (deadline - now).rounded(.up)))) }
            var fds = [
                pollfd(fd: inputOpen ? 0 : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: child.controller.rawValue, events: Int16(POLLIN) | (pendingInput.isEmpty ? 0 : Int16(POLLOUT)), revents: 0),
                pollfd(fd: daemon?.descriptor.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, timeout)
            if ready < 0 && errno != EINTR { break }
            if ready > 0 {
                if fds[0].revents != 0 { readKeys(&buffer) }
                if fds[1].revents & Int16(POLLOUT) != 0 { flushInput() }
                if fds[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    guard readOutput(&buffer) else { break }
                }
                if fds[2].revents != 0 { drainDaemon() }
            }
            deliver(reader.tick(at: now))
            if reader.deadline == nil, let status = child.exitStatus(waiting: false) {
                // What the program wrote just before it exited may still be unread.
                while readOutput(&buffer, final: true) {}
                return finish(status)
            }
        }
        return finish(child.exitStatus(waiting: true) ?? 1)
    }

    /// Says the program's last output and its exit, and waits (at most 5 s) until the exit has
    /// been said: announcerd cancels what a client leaves waiting when it disconnects.
    private mutating func finish(_ status: Int32) -> Int32 {
        record("exit", Array("\(status)".utf8), hex: false)
        let speech = reader.exited(status: status, at: now)
        deliver(speech.dropLast(), waitingForReplies: true)
        guard case .say(let text)? = speech.last else { return status }
        connect()
        guard let daemon, (try? daemon.request(.subscribe(events: ["finished"]))) != nil,
              case .ok(let accepted)? = try? daemon.request(.announce(Announcement(text: text))).body,
              let utterance = accepted.utterance else { return status }
        while let event = daemon.nextEvent(within: 5000) {
            if case .finished(utterance, _, _) = event { break }
        }
        return status
    }

    private mutating func readKeys(_ buffer: inout [UInt8]) {
        guard case .processed(let count)? = try? FileDescriptor.standardInput.read(into: &buffer), count > 0 else {
            // The user's input ended (a pipe, or the terminal went away): the program is told
            // by an end-of-file character, as a terminal would.
            inputOpen = false
            pendingInput.append(0x04)
            flushInput()
            return
        }
        record("in", Array(buffer[0..<count]))
        for input in TerminalKeys.decode(Array(buffer[0..<count])) {
            deliver(reader.key(input.key, at: now))
            if input.isForwarded { pendingInput += input.bytes }
        }
        flushInput()
    }

    private mutating func flushInput() {
        while !pendingInput.isEmpty {
            guard case .processed(let written)? = try? child.controller.write(pendingInput[...]), written > 0 else { return }
            pendingInput.removeFirst(written)
        }
    }

    /// The program's output, to the user's terminal and the model; false at its end.
    /// With `final`, false also when nothing more is waiting (the program has exited).
    private mutating func readOutput(_ buffer: inout [UInt8], final: Bool = false) -> Bool {
        let result: IOResult<Int>
        do {
            result = try child.controller.read(into: &buffer)
        } catch {
            return false  // EIO: the program and everything it started have closed the terminal
        }
        guard case .processed(let count) = result else { return !final }
        guard count > 0 else { return false }
        let bytes = Array(buffer[0..<count])
        record("out", bytes)
        try? FileDescriptor.standardOutput.writeAll(bytes)
        model.write(bytes)
        deliver(reader.output(model.snapshot(), scrolledOff: model.takeScrolledOff(), at: now))
        return true
    }

    // MARK: - announcerd

    private mutating func connect() {
        guard daemon == nil else { return }
        do {
            let connection = try DaemonConnection(socket: socket)
            _ = try connection.send(.hello(client: "announce term", protocol: 1))
            daemon = connection
            daemonFailure = nil
        } catch {
            // Said once per outage; the program runs on, and speech resumes when the daemon is back.
            if daemonFailure == nil { Console.error("announce term: cannot reach announcerd (\(error)); speech resumes when it is back\r") }
            daemonFailure = "\(error)"
        }
    }

    private mutating func drainDaemon() {
        // Replies and events are read so that they never pile up; a closed connection is
        // opened again at the next speech.
        if (try? daemon?.availableLines()) == nil { daemon = nil }
    }

    private mutating func deliver(_ speech: some Collection<TerminalReader.Speech>, waitingForReplies: Bool = false) {
        for item in speech {
            let request: Request
            switch item {
            case .stop: request = .stop
            case .say(let text): request = .announce(Announcement(text: text))
            case .focus(let text): request = .focus(Element(label: text))
            }
            for _ in 0..<2 {
                connect()
                guard let daemon else { break }
                do {
                    if waitingForReplies { _ = try daemon.request(request) } else { _ = try daemon.send(request) }
                    break
                } catch {
                    self.daemon = nil
                }
            }
        }
    }
}
