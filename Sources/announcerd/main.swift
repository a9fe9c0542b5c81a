import AnnouncerComposer
import AnnouncerConfiguration
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSpeech
import AnnouncerSupport
import AnnouncerSystem

/// `announcerd`: Announcer's speech daemon. Wiring only: configuration, the speech output, and
/// the mode asked for.
let help = """
    usage: announcerd [--socket PATH] [--ssip PATH] [--config FILE] [--sink SINK] [--log-level LEVEL] [--record FILE]
           announcerd --play FILE [--config FILE] [--sink SINK]
           announcerd --replay FILE [--transcript]
           announcerd --check-config FILE
           announcerd --check-locale FILE

    Announcer's speech daemon. Programs connect to its Unix socket and send request lines (one
    JSON object per line, docs/protocol.md); it composes what VoiceOver would say, schedules it,
    and speaks it. SIGTERM or SIGINT stop it cleanly; SIGHUP reloads the configuration.

    \(SocketPath.lookup)

    --play speaks a file of request lines in real time instead, and exits when everything has
    been said; a line's "at" is when, in milliseconds after the start, it is sent ("-" is
    standard input). --replay feeds a recording made with --record to a new daemon core on its
    own clock and prints what the text sink would have said (--transcript: every input and what
    the core did), with the configuration and locale tables the recording carries, so that it
    replays on another machine. --check-config reports every error of a configuration file, by line,
    and checks that the locale it names has a table; --check-locale does the same for a locale
    table (a user's table in ~/.config/announcer/locales may change only some words of a
    packaged one of the same name; a new one must give every word).

    Options:
      --socket PATH   listen here instead of the default
      --ssip PATH     serve SSIP, speech-dispatcher's protocol, here too (auto: its own path,
                      $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock; default: ssip-socket =)
      --log-level L   what goes to standard error: info (default: also start-up and reloads),
                      warning (refused or dropped clients, failed speech, synthesizer
                      restarts) or error (only what failed outright)
      --record FILE   write every input of the daemon's core (connections, lines, the engine's
                      reports, times) to FILE, one JSON line each, to replay the session
      --play FILE     the request lines to speak
      --replay FILE   a recording to replay (--transcript: print every input and its actions)
      --sink SINK     speaker, wav:DIR, text, text:instant or null (default: the configuration's
                      sink, which is speaker unless changed)
      --config FILE   read this configuration instead of the user's or the packaged default
      --locale TAG    the locale whose words are said (overrides locale = and LANG)
      --hint-style S  touch or keyboard (overrides hint-style =)
      --version       print the version
      -h, --help      show this help
    """

// One heap for every thread, before any starts: less held apart, more given back when idle.
IdlePages.useOneHeap()
let scanner = ArgumentScanner(flags: ["--help", "-h", "--version", "--transcript"], options: ["--config", "--sink", "--play", "--replay", "--locale", "--hint-style", "--socket", "--ssip", "--log-level", "--check-config", "--check-locale", "--record"], maximumPositionals: 0)
let parsed: ArgumentScanner.Parsed
do {
    parsed = try scanner.parse(CommandLine.arguments.dropFirst())
} catch {
    Console.error("announcerd: \(error)\nTry 'announcerd --help'.")
    ExitStatus.usage.exit()
}
if parsed.has("--help") || parsed.has("-h") {
    Console.out(help)
    ExitStatus.success.exit()
}
if parsed.has("--version") {
    Console.out("announcerd \(AnnouncerVersion.current)")
    ExitStatus.success.exit()
}

// Before the configuration is read: a recording carries its own.
if let path = parsed.options["--replay"] {
    ReplayCommand(path: path, transcript: parsed.has("--transcript"), configPath: parsed.options["--config"]).run().exit()
}

if let path = parsed.options["--check-config"] ?? parsed.options["--check-locale"] {
    CheckCommand(path: path, isLocale: parsed.options["--check-locale"] != nil).run().exit()
}

var configuration: Configuration
let catalog: LocaleCatalog
do {
    var warnings: [ConfigError] = []
    (configuration, catalog) = try configurationSources(explicit: parsed.options["--config"]).load(warnings: &warnings)
    for warning in warnings { Console.error("announcerd: warning: \(warning)") }
} catch {
    Console.error("announcerd: \(error)")
    ExitStatus.config.exit()
}
// --locale and --hint-style override the file, now and at every SIGHUP reload.
var overrides = ServeCommand.Overrides()
if let locale = parsed.options["--locale"] {
    guard catalog.table(for: locale) != nil else {
        Console.error("announcerd: no locale table for \"\(locale)\"; available: \(catalog.tags.joined(separator: ", "))")
        ExitStatus.usage.exit()
    }
    overrides.locale = locale
}
if let style = parsed.options["--hint-style"] {
    guard let hintStyle = HintStyle(rawValue: style) else {
        Console.error("announcerd: --hint-style must be touch or keyboard, got \"\(style)\"")
        ExitStatus.usage.exit()
    }
    overrides.hintStyle = hintStyle
}
overrides.apply(to: &configuration, catalog: catalog)
let composer = UtteranceComposer(catalog: catalog, locale: configuration.locale, hintStyle: configuration.hintStyle)

var sink = configuration.sink
if let value = parsed.options["--sink"] {
    do {
        sink = try SinkChoice(parsing: value)
    } catch {
        Console.error("announcerd: --sink: \(error)\nTry 'announcerd --help'.")
        ExitStatus.usage.exit()
    }
}

guard let logLevel = LogLevel(name: parsed.options["--log-level"] ?? "info") else {
    Console.error("announcerd: --log-level must be error, warning or info, got \"\(parsed.options["--log-level"] ?? "")\"")
    ExitStatus.usage.exit()
}

if let play = parsed.options["--play"] {
    PlayCommand(input: play, configuration: configuration, composer: composer, sink: sink).run().exit()
}
ServeCommand(configPath: parsed.options["--config"], configuration: configuration, composer: composer,
             overrides: overrides, sink: sink, socketPath: parsed.options["--socket"], ssipPath: parsed.options["--ssip"], recordPath: parsed.options["--record"],
             logLevel: logLevel).run()
