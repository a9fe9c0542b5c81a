import AnnouncerClient
import AnnouncerConfiguration
import AnnouncerFocus
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTerminal
import AnnouncerWire

/// `announce keys`: the keyboard of the focus model in a terminal. The tty goes into raw mode,
/// each key press becomes a `key` request, and one status line shows what is being spoken. A
/// terminal cannot report a held Tab or Command, so those chords have their own keys.
enum KeysCommand {
    static let help = """
        usage: announce keys [--socket PATH]

        Drives the keyboard focus model of the program that registered a screen most recently.
        Key mapping (a terminal cannot report Tab or Command held down):

          Tab, Shift-Tab        next / previous focus group
          arrows                move inside the group (Up/Down adjust an adjustable element)
          Space, Enter          activate the focused element
          Escape                close the actions menu, cancel find
          Backspace             delete the last character of a find query
          Alt-Z                 Tab-Z: the actions menu of the focused element
          Alt-F                 Tab-F: find (type, then Enter to focus the match)
          Alt-H                 Tab-H: spoken help
          Alt-K                 hold Command: the shortcut overlay
          Alt-N, Alt-P          read the next / previous element (VoiceOver reading order)
          Alt-S                 the speech settings, as in announce term: say the chosen one;
                                then Right/Left choose another, Up/Down change it, until
                                any other key
          any other character   that key (a registered shortcut, or find's query)
          Ctrl-C, Ctrl-D        quit

        The terminal is restored on exit, on Ctrl-C and on SIGTERM.
        """

    static let scanner = ArgumentScanner(flags: ["--help", "-h"], options: ["--socket"], maximumPositionals: 0)

    static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
        let parsed: ArgumentScanner.Parsed
        switch CommandArguments.parse(arguments, command: "keys", scanner: scanner, help: help) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        guard FileDescriptor.standardInput.isTerminal else {
            Console.error("announce keys: standard input is not a terminal")
            return .usage
        }
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        guard (try? daemon.send(.subscribe(events: ["speaking"]))) != nil else {
            Console.error("announce keys: announcerd at \(daemon.path) closed the connection")
            return .unavailable
        }
        // SIGTERM, SIGHUP and SIGQUIT reach the loop through a pipe (their handler only writes
        // there, which is async-signal-safe), and the loop restores the terminal.
        let signals: SignalPipe
        do {
            signals = try SignalPipe([.terminate, .hangUp, .quit])
            try RawMode.enter()
        } catch {
            Console.error("announce keys: cannot put the terminal in raw mode: \(error)")
            return .software
        }
        defer { RawMode.restore() }
        status("announce keys: connected to \(daemon.path) (Ctrl-C quits)")
        // The configured locale's words, for the setting Alt-S says.
        var warnings: [ConfigError] = []
        let words = (try? configurationSources().load(warnings: &warnings)).map { configuration, catalog in
            catalog.words(for: nil, configured: configuration.locale)
        }
        var settings = SettingsPrefix()

        var pendingEscape = false
        while true {
            var entries = [Poll.Entry(.standardInput, .readable), Poll.Entry(daemon.descriptor, .readable), Poll.Entry(signals.descriptor, .readable)]
            // A lone Escape is told from the start of a sequence by 50 ms of quiet.
            guard let ready = try? Poll.wait(&entries, timeoutMilliseconds: pendingEscape ? 50 : -1) else { return .software }
            if let signal = signals.take().first {
                RawMode.restore()
                ExitStatus.exit(code: 128 + signal.rawValue)
            }
            if ready == 0 && pendingEscape {
                pendingEscape = false
                send(.key(KeyPress("escape")), daemon)
                continue
            }
            if !entries[1].returned.isEmpty {
                guard let lines = (try? daemon.availableLines()) ?? nil else {
                    status("announcerd closed the connection")
                    return .unavailable
                }
                for line in lines { show(line) }
            }
            if !entries[0].returned.isEmpty {
                var bytes = [UInt8](repeating: 0, count: 64)
                guard case .processed(let count)? = try? FileDescriptor.standardInput.read(into: &bytes), count > 0 else { return .success }
                var input = Array(bytes[0..<count])
                if pendingEscape {
                    input.insert(0x1B, at: 0)
                    pendingEscape = false
                }
                if input == [0x1B] {
                    pendingEscape = true
                    continue
                }
                for event in decode(input) {
                    switch settings.take(event.terminalKey) {
                    case .say(let setting):
                        guard let words, case .settings(let values, _)? = (try? daemon.request(.settings([])))?.body else { continue }
                        send(.echo(text: Configuration(settings: values).spoken(setting, in: words), unit: .word, language: nil), daemon)
                        continue
                    case .change(let change):
                        send(.settings([change]), daemon)
                        continue
                    case .notTaken:
                        break
                    }
                    switch event {
                    case .quit: return .success
                    case .key(let key): send(.key(key), daemon)
                    case .navigate(let direction): send(.navigate(direction: direction), daemon)
                    case .settings: break
                    }
                }
            }
        }
    }

    enum Input: Equatable {
        case key(KeyPress)
        case navigate(String)
        /// Alt-S: the settings' prefix.
        case settings
        case quit

        /// The key as the settings keys read it (`SettingsPrefix`).
        var terminalKey: TerminalKey {
            switch self {
            case .settings: .settings
            case .key(let key) where key.modifiers.isEmpty:
                ["up": .up, "down": .down, "left": .left, "right": .right][key.key] ?? .other
            default: .other
            }
        }
    }

    /// Turns the bytes of one read into inputs (the documented mapping above).
    static func decode(_ bytes: [UInt8]) -> [Input] {
        var inputs: [Input] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let rest = bytes[index...]
            if rest.starts(with: [0x1B, 0x5B, 0x5A]) { inputs.append(.key(KeyPress("tab", [.shift]))); index += 3; continue }
            if rest.starts(with: [0x1B, 0x5B]) || rest.starts(with: [0x1B, 0x4F]), rest.count >= 3 {
                let arrows: [UInt8: String] = [0x41: "up", 0x42: "down", 0x43: "right", 0x44: "left"]
                if let arrow = arrows[bytes[index + 2]] { inputs.append(.key(KeyPress(arrow))) }
                index += 3
                continue
            }
            if byte == 0x1B, index + 1 < bytes.count {
                let chord = Character(UnicodeScalar(bytes[index + 1])).lowercased()
                switch chord {
                case "z", "f", "h": inputs.append(.key(KeyPress(chord, [.tab])))
                case "k": inputs.append(.key(KeyPress("command")))
                case "n": inputs.append(.navigate("next"))
                case "p": inputs.append(.navigate("previous"))
                case "s": inputs.append(.settings)
                default: break
                }
                index += 2
                continue
            }
            switch byte {
            case 0x03, 0x04: inputs.append(.quit)
            case 0x09: inputs.append(.key(KeyPress("tab")))
            case 0x0D, 0x0A: inputs.append(.key(KeyPress("return")))
            case 0x20: inputs.append(.key(KeyPress("space")))
            case 0x7F, 0x08: inputs.append(.key(KeyPress("backspace")))
            case 0x1B: inputs.append(.key(KeyPress("escape")))
            case 0x21...0x7E:
                let character = Character(UnicodeScalar(byte))
                if character.isUppercase {
                    inputs.append(.key(KeyPress(character.lowercased(), [.shift])))
                } else {
                    inputs.append(.key(KeyPress(String(character))))
                }
            default: break
            }
            index += 1
        }
        return inputs
    }

    private static func send(_ request: Request, _ daemon: DaemonConnection) {
        // A daemon that has gone is noticed by the next poll.
        _ = try? daemon.send(request)
    }

    private static func show(_ line: [UInt8]) {
        switch try? DaemonMessage(line: line) {
        case .event(.speaking(_, let text, _))?: status("> " + text)
        case .reply(let reply)?: if case .error(_, let message) = reply.body { status("! " + message) }
        default: break
        }
    }

    /// Rewrites the one status line, cut to the terminal's width: a line that wrapped would
    /// leave a stale copy above it at every rewrite.
    private static func status(_ text: String) {
        let columns = PseudoTerminal.size(of: .standardOutput)?.columns ?? 80
        let line = "\r\u{1B}[K" + fitToWidth(text, columns: columns)
        Console.write(line, to: .standardOutput)
    }

    /// `text` on one line of at most `columns - 1` cells (the last cell is left free, so the
    /// cursor never wraps): line breaks and controls become spaces, wide characters count two,
    /// and a cut is marked with "…".
    static func fitToWidth(_ text: String, columns: Int) -> String {
        let room = max(columns - 1, 1)
        let cells = text.map { character -> (Character, Int) in
            let isBreak = character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }
            let shown: Character = isBreak ? " " : character
            return (shown, shown.unicodeScalars.contains(where: isWide) ? 2 : 1)
        }
        if cells.reduce(0, { $0 + $1.1 }) <= room { return String(cells.map(\.0)) }
        var result = ""
        var used = 0
        for (character, width) in cells {
            guard used + width <= room - 1 else { break }  // one cell stays for the "…"
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// East Asian wide and fullwidth ranges (CJK, Hangul, kana, fullwidth forms, emoji).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: true
        default: false
        }
    }
}
