import AnnouncerElements
import AnnouncerSettings
import AnnouncerSystem
import AnnouncerWire

/// The one description of `announce`'s commands: each command's synopsis and summary, the
/// scanner that parses its arguments, its help, and the values its options take. The usage,
/// `--help`, the shell completions (`announce completion`) and the man page (scripts/manpages,
/// CommandCatalog+Manual) all come from here, so none of them can drift from what is parsed.
struct CommandDescription {
    var name: String
    var synopsis: String
    var summary: [String]
    var scanner: ArgumentScanner
    var help: String
    /// Options whose value is one of these words.
    var choices: [String: [String]] = [:]
    /// Options whose value is a path.
    var paths: Set<String> = ["--socket", "--config"]
    /// The positionals are paths (compose FILE, send FILE) or a command (term).
    var positionals: Positionals = .none

    enum Positionals { case none, files, command }
}

enum CommandCatalog {
    static let priorities = Announcement.Priority.allCases.map(\.rawValue)
    static let punctuation = Announcement.Punctuation.allCases.map(\.rawValue)
    static let sinks = ["speaker", "wav:", "text", "text:instant", "null"]

    static let commands: [CommandDescription] = [
        daemon("say", "say TEXT...", ["announce TEXT, or each line of standard input with \"-\" (--priority, --delay,",
                                     "--interrupt, --language, --spell, --rate, --pitch, --volume, --punctuation,",
                                     "--wait)"],
               choices: ["--priority": priorities, "--punctuation": punctuation]),
        daemon("stop", "stop", ["silence: cut off what is spoken, cancel what waits"]),
        daemon("focus", "focus --label L", ["speak an element as the new focus (--value, --traits, --hint, --wait)"],
               choices: ["--traits": Trait.allCases.map(\.rawValue)]),
        daemon("send", "send [FILE]", ["send request lines; print replies and events"], positionals: .files),
        daemon("listen", "listen", ["print what announcerd speaks, as it speaks it"],
               choices: ["--events": Request.eventNames.sorted()]),
        daemon("status", "status", ["the daemon's version, clients, queue, counters and sink"]),
        daemon("voices", "voices", ["the synthesizer's voices and their languages"]),
        daemon("set", "set SETTING VALUE", ["change rate, pitch, volume, voice, punctuation, hints, positions, traits or typing-echo (a value, up or",
                                           "down): said, and kept in announcer.conf"]),
        daemon("get", "get [SETTING]", ["the settings as announcerd holds them"]),
        CommandDescription(name: "keys", synopsis: "keys", summary: ["drive the keyboard focus model from this terminal (raw mode)"],
                           scanner: KeysCommand.scanner, help: KeysCommand.help),
        CommandDescription(name: "term", synopsis: "term [-- CMD]", summary: ["run a program (default: $SHELL) in a terminal that speaks it;",
                                                                           "--keys FILE --expect FILE: test what it says, headless"],
                           scanner: TermCommand.scanner, help: TermCommand.help,
                           choices: ["--typing-echo": TypingEcho.allCases.map(\.rawValue)],
                           paths: ["--socket", "--config", "--keys", "--expect", "--update"], positionals: .command),
        CommandDescription(name: "compose", synopsis: "compose [FILE]",
                           summary: ["print what would be spoken for a file of request lines (no daemon, no audio)"],
                           scanner: ComposeCommand.scanner, help: ComposeCommand.help,
                           choices: ["--hint-style": HintStyle.allCases.map(\.rawValue), "--sink": sinks],
                           paths: ["--config", "--expect"], positionals: .files),
        CommandDescription(name: "completion", synopsis: "completion SHELL", summary: ["print the shell completion script for bash or zsh"],
                           scanner: CompletionCommand.scanner, help: CompletionCommand.help, paths: []),
    ]

    private static func daemon(_ name: String, _ synopsis: String, _ summary: [String], choices: [String: [String]] = [:],
                               positionals: CommandDescription.Positionals = .none) -> CommandDescription {
        let (scanner, help) = DaemonCommands.specs[name]!
        return CommandDescription(name: name, synopsis: synopsis, summary: summary, scanner: scanner, help: help,
                                  choices: choices, positionals: positionals)
    }

    static func command(_ name: String) -> CommandDescription? { commands.first { $0.name == name } }

    /// `announce --help`.
    static var usage: String {
        let width = 17
        var lines = ["usage: announce <command> [options]", "", "Commands:"]
        for command in commands {
            let padded = command.synopsis + String(repeating: " ", count: max(width - command.synopsis.count, 1))
            lines.append("  " + padded + command.summary[0])
            for more in command.summary.dropFirst() { lines.append("  " + String(repeating: " ", count: width + 4) + more) }
        }
        lines += [
            "",
            SocketPath.lookup,
            "A daemon that is not running is an error (exit 69).",
            "",
            "Exit status: 0 done, 1 not spoken to the end (--wait) or a snapshot differs (--expect),",
            "64 wrong usage, 65 bad data (a request refused), 69 announcerd unavailable, 75 its queue",
            "full (try again).",
            "",
            "Run 'announce <command> --help' for a command's options; 'announce --version' for the version.",
        ]
        return lines.joined(separator: "\n")
    }
}
