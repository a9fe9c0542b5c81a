import AnnouncerClient
import AnnouncerComposer
import AnnouncerConfiguration
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTerm
import AnnouncerTerminal

/// `announce term`: a program in a pseudo-terminal, shown unchanged, heard through announcerd
/// (docs/design.md §13). The rules of what is said are AnnouncerTerminal's, the shell around them
/// (the pseudo-terminal, raw mode, signals, libvterm's model of the screen, the clock, the daemon)
/// is AnnouncerTerm's `TermRun`; this reads the arguments and the configuration.
enum TermCommand {
    static let help = """
        usage: announce term [--socket PATH] [--typing-echo characters|words|both|none] [--config FILE]
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
                                 (a current key pressed again spells; three times, phonetically)
          Alt-S                  the speech settings: say the chosen one with its value; then
                                 Right/Left choose another (rate, pitch, volume, voice,
                                 punctuation, hints, positions, traits, typing echo), Up/Down change it (kept in
                                 announcer.conf), until any other key

          --typing-echo ECHO     characters, words, both or none (default: typing-echo)
          --language TAG         the program's language, whose voice says its output when
                                 it is not the user's locale (default: the locale its
                                 environment gives it: LC_ALL, LC_MESSAGES, LANG)
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
                                         options: ["--socket", "--typing-echo", "--config", "--keys", "--expect", "--update", "--size", "--language"],
                                         maximumPositionals: .max)

    static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
        let parsed: ArgumentScanner.Parsed
        switch CommandArguments.parse(arguments, command: "term", scanner: scanner, help: help) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        var settings: TerminalSettings
        let composer: UtteranceComposer
        do {
            var warnings: [ConfigError] = []
            let (configuration, catalog) = try configurationSources(explicit: parsed.options["--config"]).load(warnings: &warnings)
            for warning in warnings { Console.error("announce term: \(warning)") }
            settings = configuration.terminal
            composer = UtteranceComposer(catalog: catalog, locale: configuration.locale, hintStyle: .keyboard)
        } catch {
            Console.error("announce term: \(error)")
            return .config
        }
        if let echo = parsed.options["--typing-echo"] {
            guard let value = TypingEcho(rawValue: echo) else {
                Console.error("announce term: --typing-echo must be characters, words, both or none\nTry 'announce term --help'.")
                return .usage
            }
            settings.typingEcho = value
        }
        if let language = parsed.options["--language"] {
            guard LanguageTag(language) != nil else {
                Console.error("announce term: --language must be a language tag such as fr or pt-BR\nTry 'announce term --help'.")
                return .usage
            }
            settings.language = language
        } else {
            let environment = Environment.current
            settings.language = ConfigurationSources.environmentLocale { environment[$0] }
        }
        let test: KeysTest?
        switch KeysTest.parse(parsed) {
        case .run(let parsed): test = parsed
        case .exit(let status): return status
        }
        let command = parsed.positionals.isEmpty ? [Environment.current["SHELL"] ?? "/bin/sh"] : parsed.positionals
        let run = TermRun(command: command, settings: settings, composer: composer, socket: parsed.options["--socket"],
                          configuration: parsed.options["--config"], driver: test?.driver(quietMs: Double(settings.quietMs)), size: test?.size)
        switch run.run() {
        case .failed(let status):
            return status
        case .ran(let status):
            // Headless, the comparison's status (or the update's); else the program's own, whatever it is.
            ExitStatus.exit(code: test?.finish(run.driver, programStatus: status) ?? status)
        }
    }
}
