import AnnouncerCore
import Foundation

/// `announce compose [FILE]`: what a screen reader would say for a file of request lines,
/// with no daemon and no audio.
struct ComposeCommand {
    static let help = """
        usage: announce compose [FILE] [--json] [--locale TAG] [--hint-style touch|keyboard]
                                [--config FILE]

        Reads request lines (DESIGN §5, one JSON object per line) from FILE, or standard input
        when FILE is absent or "-", and prints what Announcer would speak, with no daemon and no
        audio:
          focus     the element's description, then its hint (if any) on the next line
          announce  the announcement's text
          screen    one line per accessible element, in VoiceOver reading order
        Other request types are accepted and ignored, with a note on standard error.

        Options:
          --json                 one JSON object per utterance: kind, element, description, hint,
                                 line, locale (and priority for announcements)
          --locale TAG           locale for elements without a language (overrides locale =)
          --hint-style STYLE     touch or keyboard (overrides hint-style =)
          --config FILE          read this configuration instead of the user's or the default
          -h, --help             show this help

        A bad line is reported on standard error as "line N: code: message"; the other lines are
        still composed, and the exit status is then 65.
        """

    static let scanner = ArgumentScanner(
        flags: ["--json", "--help", "-h"],
        options: ["--locale", "--hint-style", "--config"],
        maximumPositionals: 1
    )

    var input: String?
    var json: Bool
    var composer: UtteranceComposer

    static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
        let parsed: ArgumentScanner.Parsed
        do {
            parsed = try scanner.parse(arguments)
        } catch {
            Console.error("announce compose: \(error)\nTry 'announce compose --help'.")
            return .usage
        }
        if parsed.has("--help") || parsed.has("-h") {
            Console.out(help)
            return .success
        }
        let composer: UtteranceComposer
        do {
            let files = try ConfigurationFiles.locate()
            let configuration = try files.loadConfiguration(explicit: parsed.options["--config"])
            composer = UtteranceComposer(catalog: try files.loadLocales(), locale: configuration.locale, hintStyle: configuration.hintStyle)
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
        return command.run()
    }

    func run() -> ExitStatus {
        let data: Data
        if let input, input != "-" {
            guard let contents = FileManager.default.contents(atPath: input) else {
                Console.error("announce compose: cannot read \(input)")
                return .noInput
            }
            data = contents
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        var badLines = 0
        for (offset, var line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let number = offset + 1
            do {
                let request = try RequestLine(line).request
                for utterance in compose(request, line: number) {
                    Console.out(json ? utterance.json.serialized() : utterance.text)
                }
                if case .other(let type) = request {
                    Console.error("line \(number): note: \"\(type)\" request ignored; compose speaks focus, announce and screen")
                } else if case .hello = request {
                    Console.error("line \(number): note: \"hello\" request ignored; compose speaks focus, announce and screen")
                } else if case .stop = request {
                    Console.error("line \(number): note: \"stop\" request ignored; compose speaks focus, announce and screen")
                } else if case .status = request {
                    Console.error("line \(number): note: \"status\" request ignored; compose speaks focus, announce and screen")
                }
            } catch {
                badLines += 1
                Console.error("line \(number): \(error)")
            }
        }
        return badLines == 0 ? .success : .dataError
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
        case .hello, .stop, .status, .other:
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
