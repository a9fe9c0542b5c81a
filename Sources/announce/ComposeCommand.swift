import AnnouncerComposer
import AnnouncerConfiguration
import AnnouncerElements
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire

/// `announce compose [FILE]`: what a screen reader would say for a file of request lines,
/// with no daemon and no audio.
struct ComposeCommand {
    static let help = """
        usage: announce compose [FILE] [--json] [--timeline] [--locale TAG]
                                [--hint-style touch|keyboard] [--config FILE]
                                [--expect EXPECTED [--update]]
               announce compose [FILE] --speak [--sink SINK] [...]

        Reads request lines (docs/protocol.md, one JSON object per line) from FILE, or standard input
        when FILE is absent or "-", and prints what Announcer would speak, with no daemon and no
        audio:
          focus     the element's description, then its hint (if any) on the next line
          announce  the announcement's text
          echo      the echoed text
          window    the window's title, with a dialog's or a document's role word
          screen    one line per accessible element, in VoiceOver reading order
          key, navigate, update
                    what announcerd's keyboard focus model says, on the last screen (its
                    first focus by the daemon's rule), with the shortcuts of the last
                    "commands" line
        hello is passed by; other request types are ignored, with a note on standard error. With
        --json, the events the screen's program would be sent (focus, activate, action,
        adjust, command) are printed too, as {"kind":"event", ...}.

        With --expect EXPECTED, the output is compared with the file EXPECTED instead of
        printed: on a difference, a unified diff (EXPECTED against the output) and exit 1; on a
        match, nothing and exit 0. --update writes the output to EXPECTED instead (exit 0).

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
          --locale TAG           the locale whose words are said (overrides locale = and LANG)
          --hint-style STYLE     touch or keyboard (overrides hint-style =)
          --config FILE          read this configuration instead of the user's or the default
          --expect EXPECTED      compare with EXPECTED: a unified diff and exit 1 when different
          --update               with --expect: write EXPECTED from this output
          -h, --help             show this help

        A bad line is reported on standard error as "line N: code: message"; the other lines are
        still composed, and the exit status is then 65.
        """

    static let scanner = ArgumentScanner(
        flags: ["--json", "--timeline", "--speak", "--update", "--help", "-h"],
        options: ["--locale", "--hint-style", "--config", "--sink", "--expect"],
        maximumPositionals: 1
    )

    var input: String?
    var json: Bool
    var composer: UtteranceComposer
    /// Where the composed lines go: standard output, or kept for --expect.
    let output = ComposeOutput()

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
        if parsed.has("--update"), parsed.options["--expect"] == nil {
            Console.error("announce compose: --update goes with --expect EXPECTED\nTry 'announce compose --help'.")
            return .usage
        }
        command.output.keeping = parsed.options["--expect"] != nil
        let status = parsed.has("--timeline") ? command.runTimeline(configuration: configuration) : command.run()
        guard let expected = parsed.options["--expect"] else { return status }
        return command.output.check(against: expected, update: parsed.has("--update"), status: status)
    }

    func run() -> ExitStatus {
        guard let lines = readRequestLines() else { return .noInput }
        var badLines = 0
        var keyboard = OfflineKeyboard(composer: composer)
        for (number, decoded) in lines {
            switch decoded {
            case .failure(let error):
                badLines += 1
                Console.error("line \(number): \(error)")
            case .success(let line):
                if let ignored = ignoredType(line.request) {
                    Console.error("line \(number): note: \"\(ignored)\" request ignored; compose speaks focus, announce, echo, window, screen, update, key and navigate")
                }
                for utterance in compose(line.request, line: number) {
                    output.line(json ? utterance.json.serialized() : utterance.text)
                }
                do throws(RequestError) {
                    let outcomes = try keyboard.apply(line.request)
                    // A screen is printed whole above; its first focus is one of those lines.
                    if case .screen = line.request { continue }
                    for outcome in outcomes {
                        for printed in composed(outcome, line: number) { output.line(printed) }
                    }
                } catch {
                    badLines += 1
                    Console.error("line \(number): \(error)")
                }
            }
        }
        return badLines == 0 ? .success : .dataError
    }

    /// An outcome of the keyboard model as compose prints it: what is said (the hint on a line
    /// of its own), and with --json the event the screen's program would be sent as well.
    private func composed(_ outcome: FocusOutcome, line: Int) -> [String] {
        var printed: [String] = []
        if let description = outcome.description {
            if json {
                printed.append(JSONValue.object([
                    "kind": "focus",
                    "element": outcome.element.flatMap { $0 }.map { .string($0) } ?? .null,
                    "description": .string(description.text),
                    "hint": outcome.hint.map { .string($0.text) } ?? .null,
                    "line": .number(Double(line)),
                    "locale": .string(localeTag),
                ]).serialized())
            } else {
                printed.append(description.text)
                if let hint = outcome.hint { printed.append(hint.text) }
            }
        }
        if json, let event = outcome.event, case .object(var members) = event.json {
            members["kind"] = "event"
            members["line"] = .number(Double(line))
            printed.append(JSONValue.object(members).serialized())
        }
        return printed
    }

    /// Every non-blank line of the input, numbered from 1, decoded or with its error; nil when
    /// the input cannot be read (already reported).
    func readRequestLines() -> [(number: Int, line: Result<RequestLine, RequestError>)]? {
        guard let data = RequestInput.read(input) else {
            Console.error("announce compose: cannot read \(input ?? "-")")
            return nil
        }
        return RequestLine.lines(of: data).map { line in
            (line.number, Result { () throws(RequestError) in try RequestLine(line.bytes) })
        }
    }

    /// The type of a request that compose reads past with a note, or nil for one it speaks.
    private func ignoredType(_ request: Request) -> String? {
        switch request {
        case .focus, .announce, .echo, .window, .screen, .update, .key, .navigate, .commands: nil
        default: isIntroduction(request) ? nil : request.type
        }
    }

    /// `hello` only introduces the client: a file recorded from a session starts with it, and
    /// compose passes it by without a note (with --timeline too).
    func isIntroduction(_ request: Request) -> Bool {
        if case .hello = request { return true }
        return false
    }

    func compose(_ request: Request, line: Int) -> [ComposedLine] {
        switch request {
        case .focus(let element):
            let utterance = composer.compose(element)
            return [ComposedLine(kind: "focus", element: element, utterance: utterance, line: line, locale: localeTag)]
        case .announce(let announcement):
            return [ComposedLine(kind: "announcement", element: nil, utterance: whole(announcement.text, announcement.language), line: line, locale: localeTag,
                                 priority: announcement.priority.rawValue)]
        case .echo(let text, _, let language):
            return [ComposedLine(kind: "echo", element: nil, utterance: whole(text, language), line: line, locale: localeTag)]
        case .window(let title, let role, let language):
            return [ComposedLine(kind: "window", element: nil, utterance: composer.composeWindow(title: title, role: role, language: language), line: line,
                                 locale: localeTag)]
        case .screen(let tree, _):
            return tree.readingOrder.map { item in
                ComposedLine(kind: "screen", element: item.element, utterance: composer.compose(item), line: line, locale: localeTag)
            }
        default:
            return []
        }
    }

    /// The table whose words are said: the user's locale's.
    private var localeTag: String { composer.words.tag }

    /// A client's text, all of it in `language`.
    private func whole(_ text: String, _ language: String?) -> Utterance {
        Utterance(description: text, spans: LanguageSpan.spans(of: [(text, composer.ownLanguage(language))]).spans)
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
        // The stretches said in another language's voice, when there are any.
        let languages = [("description", utterance.spans), ("hint", utterance.hintSpans)].flatMap { part, spans in
            spans.map { JSONValue.object(["in": .string(part), "offset": .number(Double($0.offset)), "count": .number(Double($0.count)),
                                          "language": .string($0.language)]) }
        }
        if !languages.isEmpty { members["languages"] = .array(languages) }
        return .object(members)
    }
}

/// compose's lines, printed as they come or kept to be checked against a snapshot.
final class ComposeOutput {
    var keeping = false
    private(set) var lines: [String] = []

    func line(_ text: String) {
        if keeping { lines.append(text) } else { Console.out(text) }
    }

    /// --expect: 0 when EXPECTED holds exactly these lines, else a unified diff and 1 (a bad
    /// input line's 65 wins); --update writes them.
    func check(against path: String, update: Bool, status: ExitStatus) -> ExitStatus {
        let checked = SpeechSnapshot(path: path, command: "announce compose").check(lines, update: update)
        return status != .success ? status : checked
    }
}
