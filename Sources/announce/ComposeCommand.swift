import AnnouncerCore
import AnnouncerSystem

/// `announce compose [FILE]`: what a screen reader would say for a file of request lines,
/// with no daemon and no audio.
struct ComposeCommand {
    static let help = """
        usage: announce compose [FILE] [--json] [--timeline] [--locale TAG]
                                [--hint-style touch|keyboard] [--config FILE]
               announce compose [FILE] --speak [--sink SINK] [...]

        Reads request lines (docs/protocol.md, one JSON object per line) from FILE, or standard input
        when FILE is absent or "-", and prints what Announcer would speak, with no daemon and no
        audio:
          focus     the element's description, then its hint (if any) on the next line
          announce  the announcement's text
          screen    one line per accessible element, in VoiceOver reading order
        Other request types are accepted and ignored, with a note on standard error.

        With --timeline, the lines go through Announcer's real scheduler on a virtual clock
        instead, and compose prints what would be heard when:
          <ms> SPEAK <kind> <id> <text>     an utterance starts (kind: focus, hint, high,
                                            default, low)
          <ms> CUT <id>                     it is cut off
          <ms> FINISHED <id> <status>       spoken, interrupted, superseded, dropped, cancelled
          <ms> REFUSED line <N> <code>      the request was refused (queue_full)
        A line may carry "at": milliseconds since the start (never going back; a line without
        it happens at the previous line's time). A screen speaks its "focus" element, else its
        first interactive element. Speaking times are estimated from the text and the rate:
        60000 × (characters ÷ 6) ÷ (rate × the announcement's rate) + 50 ms, where rate is the
        configured words per minute (175).

        Options:
          --json                 one JSON object per utterance: kind, element, description, hint,
                                 line, locale (and priority for announcements)
          --timeline             print when each utterance would start, stop and finish
          --speak                say it aloud instead, in real time (runs announcerd --play)
          --sink SINK            with --speak: speaker, wav:DIR, text, text:instant or null
          --locale TAG           locale for elements without a language (overrides locale =)
          --hint-style STYLE     touch or keyboard (overrides hint-style =)
          --config FILE          read this configuration instead of the user's or the default
          -h, --help             show this help

        A bad line is reported on standard error as "line N: code: message"; the other lines are
        still composed, and the exit status is then 65.
        """

    static let scanner = ArgumentScanner(
        flags: ["--json", "--timeline", "--speak", "--help", "-h"],
        options: ["--locale", "--hint-style", "--config", "--sink"],
        maximumPositionals: 1
    )

    var input: String?
    var json: Bool
    var composer: UtteranceComposer

    static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
        let parsed: ArgumentScanner.Parsed
        switch CommandArguments.parse(arguments, command: "compose", scanner: scanner, help: help) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        if parsed.has("--speak") {
            return speak(parsed)
        }
        if parsed.options["--sink"] != nil {
            Console.error("announce compose: --sink goes with --speak\nTry 'announce compose --help'.")
            return .usage
        }
        let composer: UtteranceComposer
        let configuration: Configuration
        do {
            var warnings: [ConfigError] = []
            let catalog: LocaleCatalog
            (configuration, catalog) = try configurationSources(explicit: parsed.options["--config"]).load(warnings: &warnings)
            for warning in warnings { Console.error("announce compose: warning: \(warning)") }
            composer = UtteranceComposer(catalog: catalog, locale: configuration.locale, hintStyle: configuration.hintStyle)
        } catch {
            Console.error("announce compose: \(error)")
            return .config
        }
        var command = ComposeCommand(input: parsed.positionals.first, json: parsed.has("--json"), composer: composer)
        if let locale = parsed.options["--locale"] {
            guard composer.catalog.table(for: locale) != nil else {
                Console.error("announce compose: no locale table for \"\(locale)\"; available: \(composer.catalog.tags.joined(separator: ", "))")
                return .usage
            }
            command.composer.locale = locale
        }
        if let style = parsed.options["--hint-style"] {
            guard let hintStyle = HintStyle(rawValue: style) else {
                Console.error("announce compose: --hint-style must be touch or keyboard, got \"\(style)\"\nTry 'announce compose --help'.")
                return .usage
            }
            command.composer.hintStyle = hintStyle
        }
        return parsed.has("--timeline") ? command.runTimeline(configuration: configuration) : command.run()
    }

    func run() -> ExitStatus {
        guard let lines = readRequestLines() else { return .noInput }
        var badLines = 0
        for (number, decoded) in lines {
            switch decoded {
            case .failure(let error):
                badLines += 1
                Console.error("line \(number): \(error)")
            case .success(let line):
                if let ignored = ignoredType(line.request) {
                    Console.error("line \(number): note: \"\(ignored)\" request ignored; compose speaks focus, announce and screen")
                }
                for utterance in compose(line.request, line: number) {
                    Console.out(json ? utterance.json.serialized() : utterance.text)
                }
            }
        }
        return badLines == 0 ? .success : .dataError
    }

    /// Every non-blank line of the input, numbered from 1, decoded or with its error; nil when
    /// the input cannot be read (already reported).
    func readRequestLines() -> [(number: Int, line: Result<RequestLine, RequestError>)]? {
        guard let data = RequestInput.read(input) else {
            Console.error("announce compose: cannot read \(input ?? "-")")
            return nil
        }
        return RequestInput.lines(of: data).map { line in
            (line.number, Result { () throws(RequestError) in try RequestLine(line.bytes) })
        }
    }

    /// The type of a request that compose reads past, or nil for one it speaks.
    private func ignoredType(_ request: Request) -> String? {
        switch request {
        case .focus, .announce, .screen: nil
        default: request.type
        }
    }

    func compose(_ request: Request, line: Int) -> [ComposedLine] {
        switch request {
        case .focus(let element):
            let utterance = composer.compose(element)
            return [ComposedLine(kind: "focus", element: element, utterance: utterance, line: line, locale: localeTag(element.language))]
        case .announce(let announcement):
            return [ComposedLine(kind: "announcement", element: nil, utterance: Utterance(description: announcement.text), line: line, locale: localeTag(announcement.language), priority: announcement.priority.rawValue)]
        case .screen(let tree, _):
            return tree.readingOrder.map { item in
                ComposedLine(kind: "screen", element: item.element, utterance: composer.compose(item), line: line, locale: localeTag(item.element.language))
            }
        default:
            return []
        }
    }

    private func localeTag(_ language: String?) -> String {
        composer.catalog.words(for: language, configured: composer.locale).tag
    }
}

/// One composed utterance as `compose` prints it.
struct ComposedLine {
    var kind: String
    var element: Element?
    var utterance: Utterance
    var line: Int
    var locale: String
    var priority: String?

    /// Plain form: the description, and the hint on a line of its own.
    var text: String {
        guard kind == "focus", let hint = utterance.hint else { return utterance.description }
        return utterance.description + "\n" + hint
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "kind": .string(kind),
            "element": element?.id.map { .string($0) } ?? .null,
            "description": .string(utterance.description),
            "hint": utterance.hint.map { .string($0) } ?? .null,
            "line": .number(Double(line)),
            "locale": .string(locale),
        ]
        if let priority { members["priority"] = .string(priority) }
        return .object(members)
    }
}
