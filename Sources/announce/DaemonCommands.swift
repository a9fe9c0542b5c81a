import AnnouncerClient
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire

/// The commands that talk to a running announcerd.
enum DaemonCommands {
    static let sayHelp = """
        usage: announce say TEXT... [options]
               announce say - [options]

        Asks announcerd to announce TEXT (every word given, joined by spaces, as spd-say does),
        and returns once it has started to be spoken: announcerd cancels what a client leaves
        waiting when it disconnects, so an announcement queued behind others (or delayed) is
        seen to its start. With "-", each line of standard input is announced as it arrives,
        until its end (`tail -f build.log | announce say -`), and the last one is seen to its
        start; blank lines are skipped.

        Options:
          --priority P       high, default, low or progress (the latest of a series: a newer
                             one supersedes one still waiting)
          --delay MS         wait MS milliseconds first (a delayed announcement is never lost)
          --interrupt        cut off what is being said
          --language TAG     the language to speak it in (BCP-47); refused when no voice speaks
                             it ('announce voices' lists them)
          --spell            spell it out, character by character
          --rate R           speed, a multiple of the configured rate: 0.25 to 4
          --pitch P          0 to 2 (1: the voice's own)
          --volume V         a multiple of the configured volume: 0 to 2
          --punctuation P    none, some, most or all: which punctuation is spoken
          --wait             wait until it has ended; exit 0 only if it was spoken to the end
                             (1 otherwise, printing how it ended); with "-", each line in turn
          --socket PATH      announcerd's socket

        Empty text is refused (64), as is a value out of range (65, in the daemon's words).
        """

    static let stopHelp = """
        usage: announce stop [--socket PATH]

        Silence now: what is being said is cut off and everything waiting is cancelled, for
        every client (speech-dispatcher's `spd-say --cancel`).
        """

    static let voicesHelp = """
        usage: announce voices [--language TAG] [--json] [--socket PATH]

        Lists the synthesizer's voices, one a line after a header line: name and language
        (and variant, when any voice has one), separated by tabs. --language keeps those that
        speak TAG. With --json, the daemon's reply.
        """

    static let setHelp = """
        usage: announce set SETTING VALUE [SETTING VALUE...] [--socket PATH]

        Changes the listener's settings while announcerd runs: each is said as it changes, in
        the voice it makes, and written back to announcer.conf (the user's, its comments kept),
        so it holds across restarts. VALUE is a value as announcer.conf writes it, or up or
        down (a step: rate 25, pitch and volume 10; a choice goes round).
          rate          words per minute, 80 to 450
          pitch         0 to 100 (50: the voice's own)
          volume        0 to 200 (100: the voice's own)
          voice         a language tag or an espeak-ng voice name (up and down go round the
                        voices of its language)
          punctuation   none, some, most or all
          hints         on or off: a focus's hint
          positions     on or off: position words ("2 of 4.")
          traits        full or brief: what a control is and its state ("Check Box. Checked."),
                        or its state alone ("Checked.")
          typing-echo   characters, words, both or none: what is said as you type (the
                        desktop door and announce term follow it at once)
          locale        the language of Announcer's words: en, de, zh-Hans, fr, es, pt-BR,
                        it, ru, ja, ko, ar or hi (up and down go round them); its voice comes
                        with it unless the voice already speaks it; the doors follow at once
        A bad value changes nothing (65, in the daemon's words). Prints the settings as they are
        now, as 'announce get' does.
        """

    static let getHelp = """
        usage: announce get [SETTING] [--json] [--socket PATH]

        Prints the listener's settings as announcerd holds them, one "name = value" line each
        (announcer.conf's form), or SETTING's value alone. With --json, the daemon's reply.
        """

    static let focusHelp = """
        usage: announce focus --label TEXT [--value TEXT] [--traits a,b] [--hint TEXT]
                              [--language TAG] [--wait] [--socket PATH]

        Tells announcerd that this element is now focused; it speaks the description, then the
        hint (after hint-delay-ms). Returns once the hint has started, or the description when
        there is no hint: announcerd cancels what a client leaves waiting when it disconnects.
        --wait waits for the description to end, exits 0 only if it was spoken, and still stays
        until the hint has started.
        """

    static let sendHelp = """
        usage: announce send [FILE] [--socket PATH]

        Sends request lines from FILE (or standard input) and prints every reply and event line
        until each request has its reply, then stays until what they queued has started to be
        spoken (announcerd cancels what a client leaves waiting; a file that subscribes itself
        is left at its last reply). Exits 65 if any line was answered with an error.
        """

    static let listenHelp = """
        usage: announce listen [--events a,b] [--json] [--timestamps] [--socket PATH]

        Prints what announcerd speaks, as it speaks it (default events: speaking), one line per
        event: the text spoken, or the event's name and fields ("finished 3 spoken",
        "action card1 pin"). With --json, every event line as it arrives. Runs until the daemon
        goes away or Ctrl-C.
        """

    static let statusHelp = """
        usage: announce status [--json] [--socket PATH]

        Prints the daemon's version, clients, queue length, counters and sink.
        """

    /// Each command's options and help.
    static let specs: [String: (ArgumentScanner, String)] = [
            "say": (ArgumentScanner(flags: ["--interrupt", "--spell", "--wait", "--help", "-h"],
                                    options: ["--priority", "--delay", "--language", "--rate", "--pitch", "--volume", "--punctuation", "--socket"],
                                    maximumPositionals: .max), sayHelp),
            "stop": (ArgumentScanner(flags: ["--help", "-h"], options: ["--socket"], maximumPositionals: 0), stopHelp),
            "voices": (ArgumentScanner(flags: ["--json", "--help", "-h"], options: ["--language", "--socket"], maximumPositionals: 0), voicesHelp),
            "focus": (ArgumentScanner(flags: ["--wait", "--help", "-h"], options: ["--label", "--value", "--traits", "--hint", "--language", "--socket"], maximumPositionals: 0), focusHelp),
            "send": (ArgumentScanner(flags: ["--help", "-h"], options: ["--socket"], maximumPositionals: 1), sendHelp),
            "listen": (ArgumentScanner(flags: ["--json", "--timestamps", "--help", "-h"], options: ["--events", "--socket"], maximumPositionals: 0), listenHelp),
            "status": (ArgumentScanner(flags: ["--json", "--help", "-h"], options: ["--socket"], maximumPositionals: 0), statusHelp),
            "set": (ArgumentScanner(flags: ["--help", "-h"], options: ["--socket"], maximumPositionals: .max), setHelp),
            "get": (ArgumentScanner(flags: ["--json", "--help", "-h"], options: ["--socket"], maximumPositionals: 1), getHelp),
        ]

    static func run(_ command: String, _ arguments: ArraySlice<String>) -> ExitStatus {
        let (scanner, help) = specs[command]!
        let parsed: ArgumentScanner.Parsed
        switch CommandArguments.parse(arguments, command: command, scanner: scanner, help: help) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        switch command {
        case "say": return say(parsed)
        case "focus": return focus(parsed)
        case "send": return send(parsed)
        case "listen": return listen(parsed)
        case "stop": return stop(parsed)
        case "voices": return voices(parsed)
        case "set", "get": return settings(command, parsed)
        default: return status(parsed)
        }
    }

    private static func usage(_ command: String, _ message: String) -> ExitStatus {
        Console.error("announce \(command): \(message)\nTry 'announce \(command) --help'.")
        return .usage
    }

    private static func say(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let words = parsed.positionals
        guard !words.isEmpty else { return usage("say", "give the TEXT to say, or - to say each line of standard input") }
        var request: [String: JSONValue] = ["type": "announce"]
        if let priority = parsed.options["--priority"] { request["priority"] = .string(priority) }
        if let delay = parsed.options["--delay"] {
            guard let ms = Int(delay) else { return usage("say", "--delay needs milliseconds, got \"\(delay)\"") }
            request["delayMs"] = .number(Double(ms))
        }
        for (option, field) in [("--rate", "rate"), ("--pitch", "pitch"), ("--volume", "volume")] {
            guard let given = parsed.options[option] else { continue }
            guard let number = Double(given), number.isFinite else { return usage("say", "\(option) needs a number, got \"\(given)\"") }
            request[field] = .number(number)
        }
        if let punctuation = parsed.options["--punctuation"] { request["punctuation"] = .string(punctuation) }
        if parsed.has("--interrupt") { request["interrupt"] = true }
        if parsed.has("--spell") { request["spellOut"] = true }
        if let language = parsed.options["--language"] { request["language"] = .string(language) }
        if words == ["-"] { return sayLines(request, parsed: parsed) }
        let text = words.joined(separator: " ")
        guard !text.allSatisfy(\.isWhitespace) else { return usage("say", "the text is empty: there is nothing to say") }
        request["text"] = .string(text)
        // Checked by the daemon's own decoder before anything is sent.
        if case .failure(let failure) = checked(request) { return failure.status }
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        if let exit = refuseUnspokenLanguage(parsed.options["--language"], daemon: daemon) { return exit }
        return submit(request, daemon: daemon, waiting: parsed.has("--wait") ? .finished : .started)
    }

    /// `say -`: one announcement per line of standard input, sent as each line arrives.
    private static func sayLines(_ template: [String: JSONValue], parsed: ArgumentScanner.Parsed) -> ExitStatus {
        var probe = template
        probe["text"] = "-"
        if case .failure(let failure) = checked(probe) { return failure.status }
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        if let exit = refuseUnspokenLanguage(parsed.options["--language"], daemon: daemon) { return exit }
        let wait = parsed.has("--wait")
        // Without --wait the lines are sent as they come, and the last one is seen to its start
        // before leaving (what a client leaves waiting is cancelled when it goes).
        if !wait, (try? daemon.request(.subscribe(events: ["speaking", "finished"]))) == nil { return closed(daemon) }
        var last: UtteranceID?
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var worst = ExitStatus.success
        func say(_ line: ArraySlice<UInt8>) -> Bool {
            var bytes = Array(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            let text = String(decoding: bytes, as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace) else { return true }
            var request = template
            request["text"] = .string(text)
            let (status, accepted) = submitted(request, daemon: daemon, waiting: wait ? .finished : .reply)
            if let accepted { last = accepted }
            if status != .success { worst = status }
            // A daemon that went away ends it; a refused line does not.
            return status != .unavailable
        }
        while true {
            let count: Int
            switch try? FileDescriptor.standardInput.read(into: &buffer) {
            case .processed(let read)?: count = read
            case .wouldBlock?: continue
            case nil: count = 0
            }
            if count == 0 { break }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                guard say(pending[..<newline]) else { return worst }
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { _ = say(pending[...]) }
        if !wait, let last, (try? waitFor(last, daemon: daemon, waiting: .started)) == nil { return closed(daemon) }
        return worst
    }

    /// `--language` that no voice speaks is refused, with the voices that there are. (No check
    /// when the daemon lists no voices: its speech worker could not say.)
    private static func refuseUnspokenLanguage(_ language: String?, daemon: DaemonConnection) -> ExitStatus? {
        guard let language, case .voices(let voices)? = try? daemon.request(.voices).body, !voices.isEmpty else { return nil }
        guard !SynthesisVoice.anySpeaks(language, in: voices) else { return nil }
        let languages = Set(voices.map(\.language)).sorted()
        Console.error("announce say: no voice speaks \"\(language)\"; the voices speak \(languages.prefix(12).joined(separator: ", "))\(languages.count > 12 ? ", …" : "") (announce voices lists them)")
        return .dataError
    }

    private static func stop(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        return submit(["type": "stop"], daemon: daemon, waiting: .reply)
    }

    /// Asks announcerd one request and hands its reply to `answer`. The daemon gone before it
    /// answered, an error reply, and a reply `answer` does not take (nil) end `announce` as each
    /// does everywhere.
    private static func ask(_ request: Request, _ parsed: ArgumentScanner.Parsed, _ command: String, _ answer: (Reply) -> ExitStatus?) -> ExitStatus {
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        let reply: Reply
        do {
            reply = try daemon.request(request)
        } catch {
            return closed(daemon)
        }
        if case .error(let code, let message) = reply.body { return refused(code, message) }
        if let status = answer(reply) { return status }
        Console.error("announce \(command): \(reply.json.serialized())")
        return .dataError
    }

    private static func voices(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        ask(.voices, parsed, "voices") { reply in
            guard case .voices(let voices) = reply.body else { return nil }
            if parsed.has("--json") {
                Console.out(reply.json.serialized())
                return .success
            }
            let shown = parsed.options["--language"].map { tag in voices.filter { SynthesisVoice.anySpeaks(tag, in: [$0]) } } ?? voices
            for line in voiceTable(shown) { Console.out(line) }
            if voices.isEmpty { Console.error("announce voices: announcerd lists no voices (its speech worker could not be asked)") }
            return .success
        }
    }

    /// `set` and `get`: the settings changed (each name and its value, in pairs), then printed.
    private static func settings(_ command: String, _ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let given = parsed.positionals
        let names = UserSetting.allCases.map(\.rawValue).joined(separator: ", ")
        for name in command == "set" ? stride(from: 0, to: given.count, by: 2).map({ given[$0] }) : given where UserSetting(rawValue: name) == nil {
            return usage(command, "\"\(name)\" is no setting; the settings are \(names)")
        }
        var changes: [SettingChange] = []
        if command == "set" {
            guard !given.isEmpty, given.count % 2 == 0 else { return usage("set", "give each SETTING with its VALUE (the settings are \(names))") }
            for index in stride(from: 0, to: given.count, by: 2) {
                let setting = UserSetting(rawValue: given[index])!, value = given[index + 1]
                changes.append(SettingChange(setting, value == "up" ? .up : value == "down" ? .down : .to(value)))
            }
        }
        return ask(.settings(changes), parsed, command) { reply in
            guard case .settings(let values, _) = reply.body else { return nil }
            if parsed.has("--json") {
                Console.out(reply.json.serialized())
            } else if command == "get", let name = given.first, let setting = UserSetting(rawValue: name) {
                Console.out(values[setting] ?? "")
            } else {
                for setting in UserSetting.allCases { if let value = values[setting] { Console.out("\(setting.rawValue) = \(value)") } }
            }
            return .success
        }
    }

    /// The voices one a line under a header, tab-separated: name and language, and the variant
    /// only when some voice has one (espeak-ng's voices all say "none").
    static func voiceTable(_ voices: [SynthesisVoice]) -> [String] {
        guard !voices.isEmpty else { return [] }
        let variants = voices.contains { $0.variant != "none" && !$0.variant.isEmpty }
        let rows = [["name", "language", "variant"]] + voices.map { [$0.name, $0.language, $0.variant] }
        return rows.map { (variants ? $0 : Array($0.prefix(2))).joined(separator: "\t") }
    }

    private static func focus(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        guard let label = parsed.options["--label"] else { return usage("focus", "give the element's --label") }
        var element: [String: JSONValue] = ["label": .string(label)]
        if let value = parsed.options["--value"] { element["value"] = .string(value) }
        if let hint = parsed.options["--hint"] { element["hint"] = .string(hint) }
        if let language = parsed.options["--language"] { element["language"] = .string(language) }
        if let traits = parsed.options["--traits"] {
            element["traits"] = .array(traits.split(separator: ",").map { .string(String($0).trimmed) })
        }
        let request: [String: JSONValue] = ["type": "focus", "element": .object(element)]
        if case .failure(let failure) = checked(request) { return failure.status }
        return submit(request, daemon: DaemonConnection.connectOrExit(socket: parsed.options["--socket"]), waiting: parsed.has("--wait") ? .finished : .started)
    }

    /// A request checked by the daemon's own decoder, so that a bad field is refused here in
    /// the daemon's words before anything is sent.
    private static func checked(_ fields: [String: JSONValue]) -> Result<Request, ExitFailure> {
        do {
            return .success(try RequestLine(Array(JSONValue.object(fields).serialized().utf8)).request)
        } catch {
            return .failure(ExitFailure(status: refused(error.code, error.message)))
        }
    }

    struct ExitFailure: Error {
        var status: ExitStatus
    }

    /// How long a command stays connected after its request: announcerd cancels what a client
    /// leaves waiting when it disconnects, so an announcement is seen at least to its start.
    enum Waiting {
        /// Leave at once (the reply is enough: `stop`, or lines of `say -` before the last).
        case reply
        /// Until the utterance has started (or ended): it then plays on.
        case started
        /// Until it has ended (`--wait`); the exit status says how.
        case finished
    }

    /// Sends one request and stays as long as `waiting` says; returns the exit status and the
    /// utterance accepted.
    private static func submit(_ fields: [String: JSONValue], daemon: DaemonConnection, waiting: Waiting) -> ExitStatus {
        submitted(fields, daemon: daemon, waiting: waiting).status
    }

    private static func submitted(_ fields: [String: JSONValue], daemon: DaemonConnection, waiting: Waiting) -> (status: ExitStatus, utterance: UtteranceID?) {
        let request: Request
        switch checked(fields) {
        case .success(let decoded): request = decoded
        case .failure(let failure): return (failure.status, nil)
        }
        do {
            if waiting != .reply {
                let subscribed = try daemon.request(.subscribe(events: ["speaking", "finished"]))
                if case .error(let code, let message) = subscribed.body { return (refused(code, message), nil) }
            }
            let reply = try daemon.request(request)
            switch reply.body {
            case .error(let code, let message):
                return (refused(code, message), nil)
            case .ok(let accepted):
                guard waiting != .reply, let id = accepted.utterance else { return (.success, accepted.utterance) }
                guard let status = try waitFor(id, daemon: daemon, waiting: waiting) else { return (closed(daemon), id) }
                // A focus's hint follows its description after hint-delay-ms; leaving before it
                // has started would cancel it.
                if let hint = accepted.hint, try waitFor(hint, daemon: daemon, waiting: .started) == nil { return (closed(daemon), id) }
                return (status, id)
            default:
                return (.success, nil)
            }
        } catch {
            return (closed(daemon), nil)
        }
    }

    /// Waits for an utterance's start (or end) or end; nil when the daemon went away. Events
    /// that came before were kept by the connection.
    private static func waitFor(_ utterance: UtteranceID, daemon: DaemonConnection, waiting: Waiting) throws(ClientError) -> ExitStatus? {
        while let event = try daemon.nextEvent() {
            switch event {
            case .finished(utterance, let status, let reason):
                return waiting == .finished ? finish(status, reason: reason) : .success
            case .speaking(utterance, _, _) where waiting == .started:
                return .success
            default:
                continue
            }
        }
        return nil
    }

    private static func refused(_ code: RequestError.Code, _ message: String) -> ExitStatus {
        Console.error("announce: \(code.rawValue): \(message)")
        return code == .queueFull ? .temporaryFailure : .dataError
    }

    private static func finish(_ status: FinishStatus, reason: String?) -> ExitStatus {
        if status == .spoken { return .success }
        Console.error("announce: the utterance ended \(status.rawValue)\(reason.map { ": \($0)" } ?? "")")
        return .failure
    }

    private static func send(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let input = parsed.positionals.first
        guard let data = RequestInput.read(input) else {
            Console.error("announce send: cannot read \(input ?? "-")")
            return .noInput
        }
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        let lines = RequestLine.lines(of: data)
        // A file that subscribes replaces send's own subscription: it is left at its last reply.
        let subscribes = lines.contains { if case .subscribe? = (try? RequestLine($0.bytes))?.request { true } else { false } }
        var replies = 0
        var errors = 0
        var queued: Set<UtteranceID> = []
        var begun: Set<UtteranceID> = []
        do {
            if !subscribes { _ = try daemon.request(.subscribe(events: ["speaking", "finished"])) }
            // Lines go as they are (they may be wrong on purpose); what comes back is decoded.
            for line in lines { try daemon.sendLine(line.bytes) }
            while replies < lines.count, let line = try daemon.nextLine() {
                switch try? DaemonMessage(line: line) {
                case .reply(let reply)?:
                    Console.out(String(decoding: line, as: UTF8.self))
                    replies += 1
                    if reply.isError { errors += 1 }
                    if case .ok(let accepted) = reply.body { queued.formUnion([accepted.utterance, accepted.hint].compactMap { $0 }) }
                case .event(.speaking(let id, _, _))? where !subscribes, .event(.finished(let id, _, _))? where !subscribes:
                    begun.insert(id)  // send's own subscription: not printed
                default:
                    Console.out(String(decoding: line, as: UTF8.self))
                }
            }
            guard replies == lines.count else { return closed(daemon) }
            // What the lines queued plays on once it has started; leaving before would cancel it.
            var waiting = subscribes ? [] : queued.subtracting(begun)
            while !waiting.isEmpty, let event = try daemon.nextEvent() {
                switch event {
                case .speaking(let id, _, _), .finished(let id, _, _): waiting.remove(id)
                default: continue
                }
            }
        } catch {
            return closed(daemon)
        }
        guard errors == 0 else {
            Console.error("announce send: \(errors) of \(lines.count) line\(lines.count == 1 ? "" : "s") got an error reply")
            return .dataError
        }
        return .success
    }

    private static func listen(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let names = parsed.options["--events"].map { $0.split(separator: ",").map(String.init) } ?? ["speaking"]
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        do {
            // The names are the daemon's to check: an unknown one is its error, printed as sent.
            try daemon.sendLine(Array(JSONValue.object(["type": "subscribe", "id": 1, "events": .array(names.map { .string($0) })]).serialized().utf8))
            while let line = try daemon.nextLine() {
                switch try? DaemonMessage(line: line) {
                case .reply(let reply)? where reply.isError:
                    Console.error("announce listen: \(String(decoding: line, as: UTF8.self))")
                    return .dataError
                case .event(let event)?:
                    let text = parsed.has("--json") ? String(decoding: line, as: UTF8.self) : eventText(event)
                    Console.out(parsed.has("--timestamps") ? "\(timestamp()) \(text)" : text)
                default:
                    continue
                }
            }
        } catch {
            Console.error("announce listen: \(error)")
            return .unavailable
        }
        return .success
    }

    /// The local time now, HH:MM:SS.mmm.
    static func timestamp() -> String {
        let now = LocalTime.now()
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = now.millisecond
        let ms = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(two(now.hour)):\(two(now.minute)):\(two(now.second)).\(ms)"
    }

    /// An event as one line of text: what is spoken as itself, every other event as its name
    /// and its fields, in the order a person reads them.
    static func eventText(_ event: DaemonEvent) -> String {
        if case .speaking(_, let text, _) = event { return text }
        let fields: [String?] = switch event {
        case .speaking: []
        case .finished(let utterance, let status, let reason): [utterance.description, status.rawValue, reason]
        case .focus(let element, _, _): [element]
        case .activate(let element): [element]
        case .action(let element, let action): [element, action]
        case .adjust(let element, let direction): [element, direction]
        case .command(let command, let element): [command, element]
        case .settings(let values): UserSetting.allCases.compactMap { setting in values[setting].map { "\(setting.rawValue)=\($0)" } }
        case .braille(let shown): [shown.kind.rawValue, shown.window.replacing(/\u{2800}+$/, with: ""), shown.text]
        case .route(let element, let offset): [element, offset.map(String.init)]
        }
        return ([event.name] + fields.compactMap { $0 }).joined(separator: " ")
    }

    private static func status(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        let reply: Reply
        do {
            reply = try daemon.request(.status)
        } catch {
            return closed(daemon)
        }
        guard case .status(let status) = reply.body else {
            Console.error("announce status: \(reply.json.serialized())")
            return .dataError
        }
        if parsed.has("--json") {
            Console.out(reply.json.serialized())
            return .success
        }
        Console.out("announcerd \(status.version) on \(daemon.path)")
        Console.out("sink: \(status.sink)")
        Console.out("clients: \(status.clients)")
        Console.out("waiting: \(status.queue)")
        Console.out("utterances: " + FinishStatus.allCases.map { "\($0.rawValue) \(status.counters[$0] ?? 0)" }.joined(separator: ", "))
        Console.out("speech worker restarts: \(status.restarts)")
        return .success
    }

    private static func closed(_ daemon: DaemonConnection) -> ExitStatus {
        Console.error("announce: announcerd at \(daemon.path) closed the connection")
        return .unavailable
    }
}

extension String {
    /// Without spaces at either end.
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
