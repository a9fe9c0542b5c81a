import AnnouncerClient
import AnnouncerConfiguration
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
               announce term --keys FILE [--expect FILE | --update FILE | --json]
                             [--size COLUMNSxROWS] [--socket PATH] [--config FILE] -- COMMAND ARGS...

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

        Testing, headless (no terminal needed): --keys FILE runs COMMAND in a terminal of
        --size (default 80x24) that nobody sees, presses the keys in FILE and prints what was
        said, one utterance a line. FILE has a step a line: a key name (Down, Enter, Escape,
        Tab, BSpace, Space, PageUp, F2, C-c, M-i, a character), `type TEXT`, `wait MS` or
        `screen` (the screen, on standard error); `#` starts a comment; `-` reads the steps
        from standard input as they come. Each step goes once the last has been answered and
        all it said has been said, never after a fixed pause (a key that changes nothing waits
        2 s). When the keys are done the program is hung up, unless it has exited. With no
        announcerd answering, a private one on the text sink speaks for the run.
          --expect FILE          compare with FILE: a unified diff and exit 1 when different
          --update FILE          write what was said to FILE
          --json                 JSON events instead, one a line (spoken, ready, screen,
                                 error, exit), for a driver writing steps to standard input
        """

    static let scanner = ArgumentScanner(flags: ["--help", "-h", "--json"],
                                         options: ["--socket", "--typing-echo", "--config", "--keys", "--expect", "--update", "--size"],
                                         maximumPositionals: .max)

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
        let test: KeysTest?
        switch KeysTest.parse(parsed) {
        case .run(let parsed): test = parsed
        case .exit(let status): return status
        }
        Signal.unblock([.windowChanged, .terminate, .hangUp, .quit, .child])
        let command = parsed.positionals.isEmpty ? [Environment.current["SHELL"] ?? "/bin/sh"] : parsed.positionals
        let size = test?.size ?? PseudoTerminal.size(of: .standardInput) ?? (rows: 24, columns: 80)
        var socket = parsed.options["--socket"]
        var privateDaemon: PrivateAnnouncerd?
        if test != nil, !PrivateAnnouncerd.answers(socket) {
            do {
                privateDaemon = try PrivateAnnouncerd.start(configuration: parsed.options["--config"])
            } catch {
                Console.error("announce term: no announcerd answers, and a private one could not be started: \(error)")
                return .unavailable
            }
            socket = privateDaemon?.socket
        }
        defer { privateDaemon?.stop() }
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
        var session = TermSession(child: child, signals: signals, size: size, settings: settings, words: words, socket: socket,
                                  driver: test?.driver(quietMs: Double(settings.quietMs)))
        if let test {
            let status = test.finish(session.driver, programStatus: session.run())
            privateDaemon?.stop()
            ExitStatus.exit(code: status)
        }
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

    /// Headless (`--keys`): the test's steps in place of the user's keys, and what was said
    /// kept; nil when a user's terminal is there.
    let driver: KeyDriver?

    init(child: PseudoTerminal, signals: SignalPipe, size: (rows: Int, columns: Int), settings: TerminalSettings, words: LocaleWords,
         socket: String?, driver: KeyDriver?) {
        self.child = child
        self.signals = signals
        self.driver = driver
        model = TerminalScreenModel(rows: size.rows, columns: size.columns)
        // No user's terminal sees the program's queries: libvterm answers them.
        model.answersQueries = driver != nil
        reader = TerminalReader(settings: settings, words: words, screen: model.snapshot())
        var link = DaemonLink.Settings(socket: socket, client: "announce term", hints: .keyboard)
        if driver != nil { link.subscriptions = ["speaking", "finished"] }
        daemon = DaemonLink(settings: link) { notice in
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
            if let driver { timeout = min(timeout, Int32(max(0, (driver.pacing.deadline(at: now) - now).rounded(.up)))) }
            let keys: FileDescriptor? = if let driver { driver.wantsInput ? driver.input : nil } else { inputOpen ? .standardInput : nil }
            var entries = [
                Poll.Entry(keys, .readable),
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
            if !entries[0].returned.isEmpty {
                if let driver { driver.readInput() } else { readKeys(&buffer) }
            }
            if entries[1].returned.contains(.writable) { flushInput() }
            if !entries[1].returned.isDisjoint(with: [.readable, .hangUp, .error]) {
                guard readOutput(&buffer) else { break }
            }
            if let driver {
                for event in daemon.takeEvents(readingSocket: !entries[2].returned.isEmpty) { driver.heard(event, at: now) }
            } else if !entries[2].returned.isEmpty {
                daemon.drain()
            }
            deliver(reader.tick(at: now))
            if reader.deadline == nil, let status = try? child.ended(waiting: false) {
                // What the program wrote just before it exited may still be unread.
                while readOutput(&buffer, final: true) {}
                return finish(status.shellStatus)
            }
            if let driver, let ending = takeSteps(driver) { return ending }
        }
        return finish((try? child.ended(waiting: true))?.shellStatus ?? 1)
    }

    /// Headless: the steps whose turn it is; when the last has gone and been said, the program
    /// is hung up (its status returned, and its hang-up not spoken).
    private mutating func takeSteps(_ driver: KeyDriver) -> Int32? {
        // Busy while the reader waits to say something or an utterance has not finished.
        var busy: Bool { reader.deadline != nil || !driver.outstanding.isEmpty }
        while let action = driver.next(at: now, busy: busy) {
            switch action {
            case .key(let key):
                for input in TerminalKeys.decode(model.bytes(for: key)) {
                    deliver(reader.key(input.key, at: now))
                    if input.isForwarded { pendingInput += input.bytes }
                }
                flushInput()
            case .screen:
                driver.show(model.snapshot())
            }
        }
        guard driver.isDone, driver.pacing.isReady(at: now, busy: busy) else { return nil }
        let status = child.hangUp(waitingAtMost: .seconds(2))?.shellStatus ?? 1
        record("exit", Array("\(status) (hung up)".utf8), hex: false)
        driver.exited(status: nil)
        return status
    }

    /// Acts on the signals that came: a window change is passed on; SIGTERM, SIGHUP and SIGQUIT
    /// end `announce term` as they would have ended it (128 + the signal), the terminal restored.
    private func takeSignals() -> Int32? {
        for signal in signals.take() {
            if signal == .windowChanged {
                // Headless, the program's terminal keeps the size it was given.
                if driver == nil, let size = PseudoTerminal.size(of: .standardInput) {
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
        if let driver {
            // Headless: every utterance is followed to its end, for the test to have it all.
            driver.programEnded()
            deliver(speech)
            let clock = ContinuousClock()
            let limit = clock.now + .seconds(5)
            while !driver.outstanding.isEmpty, clock.now < limit, let connection = daemon.connection {
                if let event = connection.nextEvent(within: 100) { driver.heard(event, at: now) }
            }
            driver.exited(status: status)
            return status
        }
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
        model.write(bytes)
        if let driver {
            driver.programWrote(at: now)
            pendingInput += model.takeAnswers()
        } else {
            try? FileDescriptor.standardOutput.writeAll(bytes)
        }
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
            if let driver {
                // Headless: the reply says which utterances are this run's, to follow them.
                driver.accepted(daemon.request(request))
            } else if waitingForReplies {
                _ = daemon.request(request)
            } else {
                daemon.send(request)
            }
        }
    }
}
