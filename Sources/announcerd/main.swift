import AnnouncerCore
import AnnouncerSpeech
import Foundation

/// `announcerd`: Announcer's speech daemon. Wiring only: configuration, the speech output, and
/// the mode asked for.
let help = """
    usage: announcerd [--config FILE] [--sink SINK] --play FILE

    Speaks request lines (one JSON object per line, as the wire protocol has them) through the
    chosen sink, in real time, and exits when everything has been said. A line's "at" is when,
    in milliseconds after the start, it is sent. FILE "-" is standard input.

    Options:
      --play FILE     the request lines to speak
      --sink SINK     speaker, wav:DIR, text, text:instant or null (default: the configuration's
                      sink, which is speaker unless changed)
      --config FILE   read this configuration instead of the user's or the packaged default
      --locale TAG    locale for elements without a language (overrides locale =)
      --hint-style S  touch or keyboard (overrides hint-style =)
      -h, --help      show this help
    """

let scanner = ArgumentScanner(flags: ["--help", "-h"], options: ["--config", "--sink", "--play", "--locale", "--hint-style"], maximumPositionals: 0)
let parsed: ArgumentScanner.Parsed
do {
    parsed = try scanner.parse(CommandLine.arguments.dropFirst())
} catch {
    Console.error("announcerd: \(error)\nTry 'announcerd --help'.")
    exit(64)
}
if parsed.has("--help") || parsed.has("-h") {
    Console.out(help)
    exit(0)
}

var configuration: Configuration
let catalog: LocaleCatalog
do {
    let files = try ConfigurationFiles.locate()
    configuration = try files.loadConfiguration(explicit: parsed.options["--config"])
    catalog = try files.loadLocales()
} catch {
    Console.error("announcerd: \(error)")
    exit(78)
}
if let locale = parsed.options["--locale"] {
    guard catalog.table(for: locale) != nil else {
        Console.error("announcerd: no locale table for \"\(locale)\"; available: \(catalog.tags.joined(separator: ", "))")
        exit(64)
    }
    configuration.locale = locale
}
if let style = parsed.options["--hint-style"] {
    guard let hintStyle = HintStyle(rawValue: style) else {
        Console.error("announcerd: --hint-style must be touch or keyboard, got \"\(style)\"")
        exit(64)
    }
    configuration.hintStyle = hintStyle
}
let composer = UtteranceComposer(catalog: catalog, locale: configuration.locale, hintStyle: configuration.hintStyle)

var sink = configuration.sink
if let value = parsed.options["--sink"] {
    do {
        sink = try SinkChoice(parsing: value)
    } catch {
        Console.error("announcerd: --sink: \(error)\nTry 'announcerd --help'.")
        exit(64)
    }
}

guard let play = parsed.options["--play"] else {
    Console.error("announcerd: nothing to do: give --play FILE\nTry 'announcerd --help'.")
    exit(64)
}
exit(PlayCommand(input: play, configuration: configuration, composer: composer, sink: sink).run())
