import AnnouncerCore
import AnnouncerSystem

/// `announce`: the client of the Announcer speech daemon, and its offline composer.
let usage = """
    usage: announce <command> [options]

    Commands:
      say TEXT         announce TEXT (--priority, --delay, --interrupt, --language, --spell, --wait)
      focus --label L  speak an element as the new focus (--value, --traits, --hint, --wait)
      send [FILE]      send request lines; print replies and events
      listen           print what announcerd speaks, as it speaks it
      status           the daemon's version, clients, queue, counters and sink
      keys             drive the keyboard focus model from this terminal (raw mode)
      term [-- CMD]    run a program (default: $SHELL) in a terminal that speaks it
      compose [FILE]   print what would be spoken for a file of request lines (no daemon, no audio)

    The daemon's socket: --socket PATH, else $ANNOUNCER_SOCKET, else
    $XDG_RUNTIME_DIR/announcer/socket. A daemon that is not running is an error (exit 69).

    Run 'announce <command> --help' for a command's options.
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
case "say", "focus", "send", "listen", "status":
    status = DaemonCommands.run(arguments.first!, arguments.dropFirst())
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
