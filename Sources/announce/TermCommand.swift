import AnnouncerClient
import AnnouncerCore
import AnnouncerSystem
import AnnouncerTerminal

/// `announce term`: a program in a pseudo-terminal, shown unchanged, heard through announcerd
/// (docs/design.md §13). The rules of what is said are `TerminalReader`'s; this is the shell around
/// them: the user's terminal in raw mode, every byte passed both ways, the window's size passed
/// on, libvterm's model of the screen, the clock, and the daemon.
enum TermCommand {
    static let help = """
        usage: announce term [--socket PATH] [--typing-echo characters|words|none] [--config FILE]
                             [-- COMMAND ARGS...]

        Runs COMMAND (default: $SHELL) in a terminal of its own inside this one and speaks it
        through announcerd: its output after a short quiet (term.quiet-ms); the line, word or
        character the cursor moves to after any key (arrows, vim's j, w, l); typed characters as
        the program echoes them, and what a key deletes; a highlighted menu entry that moves; an
        editor's message or mode on its bottom line, never its ruler or key bar; a full-screen
        program briefly as it starts and only the prompt after it; a line rewritten again and
        again at most once per term.repeat-ms; a flood of lines as its last line and a count;
        and the program's exit. Any key cuts speech off. The exit status is the program's.

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
        let words: LocaleWords
        do {
            var warnings: [ConfigError] = []
            let (configuration, catalog) = try configurationSources(explicit: parsed.options["--config"]).load(warnings: &warnings)
            for warning in warnings { Console.error("announce term: \(warning)") }
            settings = configuration.terminal
            words = catalog.words(for: nil, configured: configuration.locale)
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
        Signal.unblock([.windowChanged, .terminate, .hangUp, .quit, .child])
        let command = parsed.positionals.isEmpty ? [Environment.current["SHELL"] ?? "/bin/sh"] : parsed.positionals
        let size = PseudoTerminal.size(of: .standardInput) ?? (rows: 24, columns: 80)
        // The program knows it is heard (a shell's rc file can test it, and not start another).
        Environment.set("ANNOUNCE_TERM", "1")
        let child: PseudoTerminal
        let signals: SignalPipe
        do {
            // Before the program starts: a window change or a SIGTERM from now on is heard by the loop.
            signals = try SignalPipe([.windowChanged, .terminate, .hangUp, .quit])
            child = try PseudoTerminal.spawn(command, rows: size.rows, columns: size.columns)
        } catch {
            Console.error("announce term: \(error)")
            return .unavailable
        }
        var session = TermSession(child: child, signals: signals, size: size, settings: settings, words: words, socket: parsed.options["--socket"])
        if FileDescriptor.standardInput.isTerminal {
            do {
                try RawMode.enter(transparent: true)
            } catch {
                Console.error("announce term: cannot put the terminal in raw mode (\(error)); keys pass as typed lines")
            }
        }
        let status = session.run()
        RawMode.restore()
        // The program's own status, whatever it is.
        ExitStatus.exit(code: status)
    }
}

private struct TermSession {
    let child: PseudoTerminal
    /// SIGWINCH, SIGTERM, SIGHUP and SIGQUIT, as bytes on a pipe: their handler only writes
    /// there (async-signal-safe), and the loop below acts on them.
    let signals: SignalPipe
    let model: TerminalScreenModel
    var reader: TerminalReader
    let daemon: DaemonLink
    /// What the user typed that the program has not taken yet.
    var pendingInput: [UInt8] = []
    var inputOpen = true
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    /// `ANNOUNCE_TERM_RECORD=FILE`: every byte both ways, timed, for the reader's tests
    /// (Tests/AnnouncerTerminalTests/Fixtures).
    let recording: FileDescriptor?

    init(child: PseudoTerminal, signals: SignalPipe, size: (rows: Int, columns: Int), settings: TerminalSettings, words: LocaleWords, socket: String?) {
        self.child = child
        self.signals = signals
        model = TerminalScreenModel(rows: size.rows, columns: size.columns)
        reader = TerminalReader(settings: settings, words: words, screen: model.snapshot())
        daemon = DaemonLink(settings: DaemonLink.Settings(socket: socket, client: "announce term", hints: .keyboard)) { notice in
            // Said once per outage; the program runs on, and speech resumes when the daemon is back.
            if case .unreachable(let error) = notice {
                Console.error("announce term: cannot reach announcerd (\(error)); speech resumes when it is back\r")
            }
        }
        start = clock.now
        recording = Environment.current["ANNOUNCE_TERM_RECORD"].flatMap { try? FileDescriptor.create($0) }
        record("size", Array("\(size.rows) \(size.columns)".utf8), hex: false)
    }

    private func record(_ direction: String, _ bytes: [UInt8], hex: Bool = true) {
        guard let recording else { return }
        let data = hex ? bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() : String(decoding: bytes, as: UTF8.self)
        try? recording.writeAll(Array("\(Int(now)) \(direction) \(data)\n".utf8))
    }

    var now: Double { (clock.now - start).milliseconds }

    /// Runs until the program's end; returns its exit status.
    mutating func run() -> Int32 {
        Signal.ignore(.pipe)
        try? child.controller.setNonBlocking()
        daemon.connectIfNeeded()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var timeout: Int32 = 500
            if let deadline = reader.deadline { timeout = Int32(max(0, min(500, (deadline - now).rounded(.up)))) }
            var entries = [
                Poll.Entry(inputOpen ? .standardInput : nil, .readable),
                Poll.Entry(child.controller, pendingInput.isEmpty ? .readable : [.readable, .writable]),
                Poll.Entry(daemon.descriptor, .readable),
                Poll.Entry(signals.descriptor, .readable),
            ]
            do {
                try Poll.wait(&entries, timeoutMilliseconds: timeout)
            } catch {
                Console.error("announce term: \(error)\r")
                break
            }
            if !entries[3].returned.isEmpty, let ending = takeSignals() { return ending }
            if !entries[0].returned.isEmpty { readKeys(&buffer) }
            if entries[1].returned.contains(.writable) { flushInput() }
            if !entries[1].returned.isDisjoint(with: [.readable, .hangUp, .error]) {
                guard readOutput(&buffer) else { break }
            }
            if !entries[2].returned.isEmpty { daemon.drain() }
            deliver(reader.tick(at: now))
            if reader.deadline == nil, let status = try? child.ended(waiting: false) {
                // What the program wrote just before it exited may still be unread.
                while readOutput(&buffer, final: true) {}
                return finish(status.shellStatus)
            }
        }
        return finish((try? child.ended(waiting: true))?.shellStatus ?? 1)
    }

    /// Acts on the signals that came: a window change is passed on; SIGTERM, SIGHUP and SIGQUIT
    /// end `announce term` as they would have ended it (128 + the signal), the terminal restored.
    private func takeSignals() -> Int32? {
        for signal in signals.take() {
            if signal == .windowChanged {
                if let size = PseudoTerminal.size(of: .standardInput) {
                    child.resize(rows: size.rows, columns: size.columns)
                    model.resize(rows: size.rows, columns: size.columns)
                }
            } else {
                RawMode.restore()
                return 128 + signal.rawValue
            }
        }
        return nil
    }

    /// Says the program's last output and its exit, and waits (at most 5 s) until the exit has
    /// been said: announcerd cancels what a client leaves waiting when it disconnects.
    private mutating func finish(_ status: Int32) -> Int32 {
        record("exit", Array("\(status)".utf8), hex: false)
        let speech = reader.exited(status: status, at: now)
        deliver(speech.dropLast(), waitingForReplies: true)
        guard case .say(let text)? = speech.last else { return status }
        guard daemon.request(.subscribe(events: ["finished"])) != nil,
              case .ok(let accepted)? = daemon.request(.announce(Announcement(text: text)))?.body,
              let utterance = accepted.utterance, let connection = daemon.connection else { return status }
        while let event = connection.nextEvent(within: 5000) {
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
        let count: Int
        do {
            switch try child.read(into: &buffer) {
            case .bytes(let read): count = read
            case .wouldBlock: return !final
            case .hungUp: return false  // the program and everything it started have closed the terminal
            }
        } catch {
            Console.error("announce term: cannot read the program's terminal: \(error)\r")
            return false
        }
        let bytes = Array(buffer[0..<count])
        record("out", bytes)
        try? FileDescriptor.standardOutput.writeAll(bytes)
        model.write(bytes)
        deliver(reader.output(model.snapshot(), scrolledOff: model.takeScrolledOff(), restored: model.takeRestored(), at: now))
        return true
    }

    // MARK: - announcerd

    private mutating func deliver(_ speech: some Collection<TerminalReader.Speech>, waitingForReplies: Bool = false) {
        for item in speech {
            let request: Request
            switch item {
            case .stop: request = .stop
            case .say(let text): request = .announce(Announcement(text: text))
            case .focus(let text): request = .focus(Element(label: text))
            case .echo(let text, let unit): request = .echo(text: text, unit: unit, language: nil)
            }
            // A daemon that restarted is reached again, and the request is not lost.
            if waitingForReplies { _ = daemon.request(request) } else { daemon.send(request) }
        }
    }
}
