import AnnouncerClient
import AnnouncerComposer
import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSystem
import AnnouncerTerminal
import AnnouncerWire

/// The loop of `announce term`: the program's pseudo-terminal, the user's keys (or, headless,
/// a `KeyDriver`'s steps), signals as bytes on a pipe, libvterm's model of the screen, the
/// reader's rules on this loop's clock, and announcerd. Everything said is the reader's; this
/// only carries bytes, times and requests (TermSessionTests drive it on a real pseudo-terminal).
public struct TermSession {
    let child: PseudoTerminal
    /// SIGWINCH, SIGTERM, SIGHUP and SIGQUIT, as bytes on a pipe: their handler only writes
    /// there (async-signal-safe), and the loop below acts on them; nil when no signal is taken
    /// (a test's session).
    let signals: SignalPipe?
    let model: TerminalScreenModel
    var reader: TerminalReader
    let daemon: DaemonLink
    /// What the user typed that the program has not taken yet.
    var pendingInput: [UInt8] = []
    /// Alt-S and the arrows: the settings.
    var settingsKeys = SettingsPrefix()
    /// Whether the program said it speaks for itself (an adapter: announcer.textual).
    var handOff = ProgramHandOff()
    /// The cursor's line as a braille display shows it.
    var braille = TerminalBraille()
    var inputOpen = true
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    /// `ANNOUNCE_TERM_RECORD=FILE`: every byte both ways, timed, for the reader's tests
    /// (Tests/AnnouncerTerminalTests/Fixtures).
    let recording: FileDescriptor?

    /// Headless (`--keys`): the test's steps in place of the user's keys, and what was said
    /// kept; nil when a user's terminal is there.
    public let driver: KeyDriver?

    public init(child: PseudoTerminal, signals: SignalPipe?, size: (rows: Int, columns: Int), settings: TerminalSettings, composer: UtteranceComposer,
         socket: String?, driver: KeyDriver?) {
        self.child = child
        self.signals = signals
        self.driver = driver
        model = TerminalScreenModel(rows: size.rows, columns: size.columns)
        // No user's terminal sees the program's queries: libvterm answers them.
        model.answersQueries = driver != nil
        reader = TerminalReader(settings: settings, composer: composer, screen: model.snapshot())
        var link = DaemonLink.Settings(socket: socket, client: "announce term", hints: .keyboard)
        // The typing echo follows the settings as they change (`settings` events).
        // A braille display's routing keys over the line come as `route` events.
        link.subscriptions = driver != nil ? ["speaking", "finished", "settings", "route"] : ["settings", "route"]
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
    public mutating func run() -> Int32 {
        Signal.ignore(.pipe)
        try? child.controller.setNonBlocking()
        daemon.connectIfNeeded()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            // No wakeup without a cause: the reader's or the key script's next moment, else
            // none (the program's end comes as SIGCHLD, through the signal pipe).
            let deadlines = [reader.deadline, driver.map { $0.pacing.deadline(at: now) }].compactMap { $0 }
            let timeout: Int32 = deadlines.min().map { Int32(max(0, min(Double(Int32.max), ($0 - now).rounded(.up)))) } ?? -1
            let keys: FileDescriptor? = if let driver { driver.wantsInput ? driver.input : nil } else { inputOpen ? .standardInput : nil }
            var entries = [
                Poll.Entry(keys, .readable),
                Poll.Entry(child.controller, pendingInput.isEmpty ? .readable : [.readable, .writable]),
                Poll.Entry(daemon.descriptor, .readable),
                Poll.Entry(signals?.descriptor, .readable),
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
            for event in daemon.takeEvents(readingSocket: !entries[2].returned.isEmpty) {
                if case .route(nil, let offset?) = event {
                    if braille.showsReview {
                        // The review cursor to the cell pressed, its character said.
                        if let column = braille.column(at: offset) {
                            deliver(reader.routeReview(toColumn: column))
                            showBraille()
                        }
                    } else {
                        // The cursor to the cell pressed: the arrows, as if typed.
                        pendingInput += braille.routeKeys(to: offset)
                        flushInput()
                    }
                }
                if case .settings(let values) = event {
                    let settings = Configuration(settings: values)
                    reader.settings.typingEcho = settings.typingEcho
                    if settings.locale != reader.composer.locale, reader.composer.catalog.table(for: settings.locale) != nil {
                        reader.follow(locale: settings.locale)
                    }
                }
                driver?.heard(event, at: now)
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
                for input in TerminalKeys.decode(model.bytes(for: key)) { take(input) }
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

    /// Acts on the signals that came: a child's end wakes the loop, which reads the program's
    /// status; a window change is passed on; SIGTERM, SIGHUP and SIGQUIT
    /// end `announce term` as they would have ended it (128 + the signal), the terminal restored.
    private func takeSignals() -> Int32? {
        for signal in signals?.take() ?? [] {
            if signal == .child {
                // The program (or a child of it) ended: the loop looks at its status.
                continue
            } else if signal == .windowChanged {
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
        for input in TerminalKeys.decode(Array(buffer[0..<count])) { take(input) }
        flushInput()
    }

    /// A key from the user (or the test's steps): the settings' while they have the arrows,
    /// else the reader's, and the program's unless the reader takes it.
    private mutating func take(_ input: KeyInput) {
        switch settingsKeys.take(input.key) {
        case .notTaken:
            let reviewing = reader.review
            deliver(reader.key(input.key, at: now))
            // The review cursor's line while the review keys move it; the cursor's again after.
            if reader.review != nil || reviewing != nil { showBraille() }
            if input.isForwarded { pendingInput += input.bytes }
        case .say(let setting):
            deliver([.stop])
            // Its value as the daemon holds it now, in the configured locale's words.
            guard case .settings(let values, _)? = daemon.request(.settings([]))?.body else { return }
            let words = reader.composer.catalog.words(for: nil, configured: reader.composer.locale)
            deliver([.echo(Configuration(settings: values).spoken(setting, in: words), unit: .word)], waitingForReplies: true)
        case .change(let change):
            let reply = daemon.request(.settings([change]))
            driver?.accepted(reply)
        }
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
        if let speaks = handOff.scan(bytes) { reader.programSpeaks = speaks }
        model.write(bytes)
        if let driver {
            driver.programWrote(at: now)
            pendingInput += model.takeAnswers()
        } else {
            try? FileDescriptor.standardOutput.writeAll(bytes)
        }
        let screen = model.snapshot()
        deliver(reader.output(screen, scrolledOff: model.takeScrolledOff(), restored: model.takeRestored(), at: now))
        showBraille(screen)
        return true
    }

    /// The line a braille display shows (the cursor's, or the review cursor's while it is
    /// placed), sent when it changed.
    private mutating func showBraille(_ screen: ScreenSnapshot? = nil) {
        guard let line = braille.line(for: screen ?? model.snapshot(), review: reader.review) else { return }
        daemon.send(.braille(text: line.text, caret: line.caret, element: nil))
    }

    // MARK: - announcerd

    private mutating func deliver(_ speech: some Collection<TerminalReader.Speech>, waitingForReplies: Bool = false) {
        // The program's text in its language's voice, when that is not the user's.
        let language = reader.composer.ownLanguage(reader.settings.language)
        for item in speech {
            let request: Request
            switch item {
            case .stop: request = .stop
            case .say(let text):
                var announcement = Announcement(text: text)
                announcement.language = language
                request = .announce(announcement)
            case .focus(var element):
                element.language = element.language ?? language
                request = .focus(element)
            case .echo(let text, let unit):
                // A character is the user's own key; a line or a word is the program's text.
                request = .echo(text: text, unit: unit, language: [.line, .word].contains(unit) ? language : nil)
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
