import AnnouncerCore
import AnnouncerSystem

/// `announce`: the client of the Announcer speech daemon, and its offline composer.
let usage = """
    usage: announce <command> [options]

    Commands:
      say TEXT...      announce TEXT, or each line of standard input with "-" (--priority, --delay,
                       --interrupt, --language, --spell, --rate, --pitch, --volume, --punctuation,
                       --wait)
      stop             silence: cut off what is spoken, cancel what waits
      focus --label L  speak an element as the new focus (--value, --traits, --hint, --wait)
      send [FILE]      send request lines; print replies and events
      listen           print what announcerd speaks, as it speaks it
      status           the daemon's version, clients, queue, counters and sink
      voices           the synthesizer's voices and their languages
      keys             drive the keyboard focus model from this terminal (raw mode)
      term [-- CMD]    run a program (default: $SHELL) in a terminal that speaks it
      compose [FILE]   print what would be spoken for a file of request lines (no daemon, no audio)

    The daemon's socket: --socket PATH, else $ANNOUNCER_SOCKET, else
    $XDG_RUNTIME_DIR/announcer/socket. A daemon that is not running is an error (exit 69).

    Exit status: 0 done, 1 not spoken to the end (--wait), 64 wrong usage, 65 bad data (a
    request refused), 69 announcerd unavailable, 75 its queue full (try again).

    Run 'announce <command> --help' for a command's options; 'announce --version' for the version.
    """

let arguments = CommandLine.arguments.dropFirst()
let status: ExitStatus
switch arguments.first {
case "compose":
    status = ComposeCommand.run(arguments.dropFirst())
case "keys":
    status = KeysCommand.run(arguments.dropFirst())
case "term":
    status = TermCommand.run(arguments.dropFirst())
case "say", "focus", "send", "listen", "status", "stop", "voices":
    status = DaemonCommands.run(arguments.first!, arguments.dropFirst())
case "--version":
    Console.out("announce \(AnnouncerVersion.current)")
    status = .success
case "--help", "-h", "help":
    Console.out(usage)
    status = .success
case nil:
    Console.error(usage)
    status = .usage
case let other?:
    Console.error("announce: unknown command \"\(other)\"\nTry 'announce --help'.")
    status = .usage
}
status.exit()
