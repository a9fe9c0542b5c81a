import AnnouncerCore
import AnnouncerSystem
import AnnouncerClient

/// The commands that talk to a running announcerd.
enum DaemonCommands {
    static let sayHelp = """
        usage: announce say TEXT [--priority high|default|low] [--delay MS] [--interrupt]
                                 [--language TAG] [--spell] [--wait] [--socket PATH]

        Asks announcerd to announce TEXT. --wait waits until it has ended and exits 0 only if it
        was spoken to the end (1 otherwise, printing its status).
        """

    static let focusHelp = """
        usage: announce focus --label TEXT [--value TEXT] [--traits a,b] [--hint TEXT]
                              [--language TAG] [--wait] [--socket PATH]

        Tells announcerd that this element is now focused; it speaks the description, then the
        hint. --wait waits for the description to end and exits 0 only if it was spoken.
        """

    static let sendHelp = """
        usage: announce send [FILE] [--socket PATH]

        Sends request lines from FILE (or standard input) and prints every reply and event line
        until each request has its reply. Exits 65 if any line was answered with an error.
        """

    static let listenHelp = """
        usage: announce listen [--events a,b] [--json] [--socket PATH]

        Prints what announcerd speaks, as it speaks it (default events: speaking), one line per
        event: the text spoken, or the event's name and fields ("finished 3 spoken",
        "action card1 pin"). With --json, every event line as it arrives. Runs until the daemon
        goes away or Ctrl-C.
        """

    static let statusHelp = """
        usage: announce status [--json] [--socket PATH]

        Prints the daemon's version, clients, queue length, counters and sink.
        """

    static func run(_ command: String, _ arguments: ArraySlice<String>) -> ExitStatus {
        let specs: [String: (ArgumentScanner, String)] = [
            "say": (ArgumentScanner(flags: ["--interrupt", "--spell", "--wait", "--help", "-h"], options: ["--priority", "--delay", "--language", "--socket"], maximumPositionals: 1), sayHelp),
            "focus": (ArgumentScanner(flags: ["--wait", "--help", "-h"], options: ["--label", "--value", "--traits", "--hint", "--language", "--socket"], maximumPositionals: 0), focusHelp),
            "send": (ArgumentScanner(flags: ["--help", "-h"], options: ["--socket"], maximumPositionals: 1), sendHelp),
            "listen": (ArgumentScanner(flags: ["--json", "--help", "-h"], options: ["--events", "--socket"], maximumPositionals: 0), listenHelp),
            "status": (ArgumentScanner(flags: ["--json", "--help", "-h"], options: ["--socket"], maximumPositionals: 0), statusHelp),
        ]
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
        default: return status(parsed)
        }
    }

    private static func usage(_ command: String, _ message: String) -> ExitStatus {
        Console.error("announce \(command): \(message)\nTry 'announce \(command) --help'.")
        return .usage
    }

    private static func say(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        guard let text = parsed.positionals.first else { return usage("say", "give the TEXT to say") }
        var request: [String: JSONValue] = ["type": "announce", "text": .string(text)]
        if let priority = parsed.options["--priority"] { request["priority"] = .string(priority) }
        if let delay = parsed.options["--delay"] {
            guard let ms = Int(delay) else { return usage("say", "--delay needs milliseconds, got \"\(delay)\"") }
            request["delayMs"] = .number(Double(ms))
        }
        if parsed.has("--interrupt") { request["interrupt"] = true }
        if parsed.has("--spell") { request["spellOut"] = true }
        if let language = parsed.options["--language"] { request["language"] = .string(language) }
        return submit(request, parsed: parsed)
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
        return submit(["type": "focus", "element": .object(element)], parsed: parsed)
    }

    /// Sends one speaking request, checked by the daemon's own decoder first (a bad field is
    /// refused here in the daemon's words); with --wait, waits for its `finished` event.
    private static func submit(_ fields: [String: JSONValue], parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let request: Request
        do {
            request = try RequestLine(Array(JSONValue.object(fields).serialized().utf8)).request
        } catch {
            return refused(error.code, error.message)
        }
        let daemon = DaemonConnection.connectOrExit(socket: parsed.options["--socket"])
        do {
            if parsed.has("--wait") {
                let subscribed = try daemon.request(.subscribe(events: ["finished"]))
                if case .error(let code, let message) = subscribed.body { return refused(code, message) }
            }
            let reply = try daemon.request(request)
            switch reply.body {
            case .error(let code, let message):
                return refused(code, message)
            case .ok(let accepted):
                guard parsed.has("--wait"), let utterance = accepted.utterance else { return .success }
                // Finished events that came before the reply were kept by the connection.
                while let event = try daemon.nextEvent() {
                    if case .finished(utterance, let status, let reason) = event {
                        return finish(status, reason: reason)
                    }
                }
                return closed(daemon)
            default:
                return .success
            }
        } catch {
            return closed(daemon)
        }
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
        var sent = 0
        var replies = 0
        var errors = 0
        do {
            // Lines go as they are (they may be wrong on purpose); what comes back is decoded.
            for line in RequestInput.lines(of: data) {
                try daemon.sendLine(line.bytes)
                sent += 1
            }
            while replies < sent, let line = try daemon.nextLine() {
                Console.out(String(decoding: line, as: UTF8.self))
                guard case .reply(let reply)? = try? DaemonMessage(line: line) else { continue }
                replies += 1
                if reply.isError { errors += 1 }
            }
        } catch {
            return closed(daemon)
        }
        guard replies == sent else { return closed(daemon) }
        guard errors == 0 else {
            Console.error("announce send: \(errors) of \(sent) line\(sent == 1 ? "" : "s") got an error reply")
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
                    Console.out(parsed.has("--json") ? String(decoding: line, as: UTF8.self) : eventText(event))
                default:
                    continue
                }
            }
        } catch {
            return .success
        }
        return .success
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
