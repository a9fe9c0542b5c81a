import AnnouncerCore
import AnnouncerSystem
import Foundation

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
        var request: [String: JSONValue] = ["type": "announce", "id": 1, "text": .string(text)]
        if let priority = parsed.options["--priority"] { request["priority"] = .string(priority) }
        if let delay = parsed.options["--delay"] {
            guard let ms = Int(delay) else { return usage("say", "--delay needs milliseconds, got \"\(delay)\"") }
            request["delayMs"] = .number(Double(ms))
        }
        if parsed.has("--interrupt") { request["interrupt"] = true }
        if parsed.has("--spell") { request["spellOut"] = true }
        if let language = parsed.options["--language"] { request["language"] = .string(language) }
        return submit(.object(request), parsed: parsed)
    }

    private static func focus(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        guard let label = parsed.options["--label"] else { return usage("focus", "give the element's --label") }
        var element: [String: JSONValue] = ["label": .string(label)]
        if let value = parsed.options["--value"] { element["value"] = .string(value) }
        if let hint = parsed.options["--hint"] { element["hint"] = .string(hint) }
        if let language = parsed.options["--language"] { element["language"] = .string(language) }
        if let traits = parsed.options["--traits"] {
            element["traits"] = .array(traits.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) })
        }
        return submit(["type": "focus", "id": 1, "element": .object(element)], parsed: parsed)
    }

    /// Sends one speaking request; with --wait, waits for its `finished` event.
    private static func submit(_ request: JSONValue, parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let client = DaemonClient.connectOrExit(socket: parsed.options["--socket"])
        let wait = parsed.has("--wait")
        if wait { client.send(["type": "subscribe", "id": 0, "events": ["finished"]]) }
        client.send(request)
        var utterance: JSONValue?
        var early: [JSONValue: String] = [:]  // finished events that came before the reply
        while let message = client.readMessage() {
            switch message["type"] {
            case "error":
                if message["id"] == 1 || message["id"] == 0 {
                    let code = message["code"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "error"
                    let text = message["message"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
                    Console.error("announce: \(code): \(text)")
                    return code == "queue_full" ? .temporaryFailure : .dataError
                }
            case "ok" where message["id"] == 1:
                utterance = message["utterance"]
                guard wait, let utterance else { return .success }
                if let status = early[utterance] { return finish(status) }
            case "event" where message["event"] == "finished":
                guard let id = message["utterance"], case .string(var status)? = message["status"] else { continue }
                if case .string(let reason)? = message["reason"] { status += ": \(reason)" }
                if id == utterance { return finish(status) }
                early[id] = status
            default:
                continue
            }
        }
        return closed(client)
    }

    private static func finish(_ status: String) -> ExitStatus {
        if status == "spoken" { return .success }
        Console.error("announce: the utterance ended \(status)")
        return .failure
    }

    private static func send(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let input = parsed.positionals.first
        guard let data = RequestInput.read(input) else {
            Console.error("announce send: cannot read \(input ?? "-")")
            return .noInput
        }
        let client = DaemonClient.connectOrExit(socket: parsed.options["--socket"])
        var sent = 0
        for line in RequestInput.lines(of: data) {
            client.sendLine(line.bytes)
            sent += 1
        }
        var replies = 0
        var errors = 0
        while replies < sent, let line = client.readLine() {
            Console.out(line)
            guard case .object(let members)? = try? JSONValue.parse(line), members["type"] != "event" else { continue }
            replies += 1
            if members["type"] == "error" { errors += 1 }
        }
        guard replies == sent else { return closed(client) }
        guard errors == 0 else {
            Console.error("announce send: \(errors) of \(sent) line\(sent == 1 ? "" : "s") got an error reply")
            return .dataError
        }
        return .success
    }

    private static func listen(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let events = parsed.options["--events"].map { $0.split(separator: ",").map { JSONValue.string(String($0)) } } ?? ["speaking"]
        let client = DaemonClient.connectOrExit(socket: parsed.options["--socket"])
        client.send(["type": "subscribe", "id": 1, "events": .array(events)])
        while let line = client.readLine() {
            guard case .object(let members)? = try? JSONValue.parse(line) else { continue }
            if members["type"] == "error" {
                Console.error("announce listen: \(line)")
                return .dataError
            }
            guard members["type"] == "event" else { continue }
            Console.out(parsed.has("--json") ? line : eventText(members))
        }
        return .success
    }

    /// An event as one line of text: what is spoken as itself, every other event as its name
    /// and its fields, in the order a person reads them.
    static func eventText(_ members: [String: JSONValue]) -> String {
        func text(_ key: String) -> String? {
            switch members[key] {
            case .string(let value)?: value
            case nil, .null?: nil
            case let value?: value.serialized()
            }
        }
        let name = text("event") ?? "event"
        if name == "speaking" { return text("text") ?? "" }
        let order: [String: [String]] = [
            "finished": ["utterance", "status", "reason"], "focus": ["element"], "activate": ["element"],
            "action": ["element", "action"], "adjust": ["element", "direction"], "command": ["command", "element"],
        ]
        let keys = order[name] ?? members.keys.filter { $0 != "type" && $0 != "event" }.sorted()
        return ([name] + keys.compactMap(text)).joined(separator: " ")
    }

    private static func status(_ parsed: ArgumentScanner.Parsed) -> ExitStatus {
        let client = DaemonClient.connectOrExit(socket: parsed.options["--socket"])
        client.send(["type": "status", "id": 1])
        while let message = client.readMessage() {
            guard message["id"] == 1 else { continue }
            if parsed.has("--json") {
                Console.out(JSONValue.object(message).serialized())
                return .success
            }
            func text(_ key: String) -> String { message[key].map { if case .string(let s) = $0 { s } else { $0.serialized() } } ?? "?" }
            Console.out("announcerd \(text("version")) on \(client.path)")
            Console.out("sink: \(text("sink"))")
            Console.out("clients: \(text("clients"))")
            Console.out("waiting: \(text("queue"))")
            if case .object(let counters)? = message["counters"] {
                Console.out("utterances: " + FinishStatus.allCases.map { "\($0.rawValue) \(counters[$0.rawValue]?.serialized() ?? "0")" }.joined(separator: ", "))
            }
            Console.out("speech worker restarts: \(text("restarts"))")
            return .success
        }
        return closed(client)
    }

    private static func closed(_ client: DaemonClient) -> ExitStatus {
        Console.error("announce: announcerd at \(client.path) closed the connection")
        return .unavailable
    }
}
