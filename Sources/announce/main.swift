import AnnouncerSupport
import AnnouncerSystem

/// `announce`: the client of the Announcer speech daemon, and its offline composer.
let usage = CommandCatalog.usage

let arguments = CommandLine.arguments.dropFirst()
let status: ExitStatus
switch arguments.first {
case "compose":
    status = ComposeCommand.run(arguments.dropFirst())
case "keys":
    status = KeysCommand.run(arguments.dropFirst())
case "term":
    status = TermCommand.run(arguments.dropFirst())
case "completion":
    status = CompletionCommand.run(arguments.dropFirst())
case "say", "focus", "send", "listen", "status", "stop", "voices", "set", "get":
    status = DaemonCommands.run(arguments.first!, arguments.dropFirst())
case "manual":
    // Not a user's command (scripts/manpages runs it): the man page PAGE in roff.
    status = ManualCommand.run(arguments.dropFirst())
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
