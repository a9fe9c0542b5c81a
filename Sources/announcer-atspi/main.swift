import AnnouncerATSPI
import AnnouncerConfiguration
import AnnouncerDesktop
import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem

// `announcer-atspi`: GTK, Qt, Firefox and LibreOffice heard through announcerd (docs/design.md §12).
let usage = """
    usage: announcer-atspi [--socket PATH] [--typing-echo characters|words|both|none] [--log-keys]

    Speaks the desktop's accessibility events (AT-SPI) through announcerd, VoiceOver-style: the
    focused control with its role and state, changes to it, typing in text fields, live
    announcements, and each new window's title. It is an ordinary client of announcerd
    (--socket, $ANNOUNCER_SOCKET or the default socket) and needs the session's accessibility
    bus (at-spi2-core).

    It also reads what never takes the focus, with keys it takes from the applications (the
    modifier is Insert, or CapsLock with desktop.modifier in announcer.conf): Insert+Right and
    Insert+Left the next and previous item, Insert+Page Down and Insert+Page Up the rotor,
    Insert+Up the current line, Insert+Tab the focus, Insert+A read all, Insert+W where am I,
    Insert+T the title, Insert+Enter the item's action; in a web page, browse mode: arrows by
    line and character, Ctrl+Home and Ctrl+End to the page's first and last line,
    H K F B D T L X R E C U and 1-6 to jump, Ctrl+Alt+arrows by a table's
    cells, Insert+Space for focus mode. Everywhere, Insert+Ctrl+Right and Insert+Ctrl+Left choose
    a setting (rate, pitch, volume, voice, punctuation, hints, positions, traits, typing echo: said with its value),
    Insert+Ctrl+Up and Insert+Ctrl+Down change it (said, and kept in announcer.conf); Insert+N
    the newest notification, Insert+Shift+N the ones before; Ctrl alone stops speech.

      --socket PATH          announcerd's socket
      --typing-echo ECHO     characters, words, both or none (default: typing-echo in
                             announcer.conf, else characters)
      --log-keys             print each press of the modifier (its keys are taken from then on)
                             and each review key taken, to find why a key did not work; and
                             each application met and its first event, to find why one was
                             not heard
      -h, --help             show this help
    """

// One heap for every thread, before any starts: less held apart, more given back when idle.
IdlePages.useOneHeap()
let scanner = ArgumentScanner(flags: ["--help", "-h", "--log-keys"], options: ["--socket", "--typing-echo"], maximumPositionals: 0)
let parsed: ArgumentScanner.Parsed
do {
    parsed = try scanner.parse(CommandLine.arguments.dropFirst())
} catch {
    Console.error("announcer-atspi: \(error)\nTry 'announcer-atspi --help'.")
    ExitStatus.usage.exit()
}
if parsed.has("--help") || parsed.has("-h") {
    Console.out(usage)
    ExitStatus.success.exit()
}
let echoGiven = parsed.options["--typing-echo"].map(TypingEcho.init(rawValue:))
if case .some(nil) = echoGiven {
    Console.error("announcer-atspi: --typing-echo must be characters, words, both or none")
    ExitStatus.usage.exit()
}
// The configured locale and its tables: the words the bridge says itself ("expanded", "space").
let configuration: Configuration
let catalog: LocaleCatalog
do {
    var warnings: [ConfigError] = []
    (configuration, catalog) = try configurationSources().load(warnings: &warnings)
    for warning in warnings { Console.error("announcer-atspi: \(warning)") }
} catch {
    Console.error("announcer-atspi: \(error)")
    ExitStatus.config.exit()
}
let bridge = DesktopBridge(settings: .init(socket: parsed.options["--socket"], typingEcho: (echoGiven ?? nil) ?? configuration.typingEcho, catalog: catalog, locale: configuration.locale,
                                           modifier: configuration.desktopModifier, logKeys: parsed.has("--log-keys"),
                                           progressPercent: configuration.desktopProgressPercent, log: { Console.error($0) }))
let status = bridge.run()
if status == .temporaryFailure {
    // The accessibility bus went away: a fresh start reaches its successor (libatspi cannot
    // register its listeners again in the same process).
    Console.error("announcer-atspi: starting again: \(Subprocess.restartCurrentProcess())")
}
status.exit()
