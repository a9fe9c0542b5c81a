import Foundation

/// `announce`: the client of the Announcer speech daemon, and its offline composer.
let usage = """
    usage: announce <command> [options]

    Commands:
      compose [FILE]   print what would be spoken for a file of request lines (no daemon, no audio)

    Run 'announce <command> --help' for a command's options.
    """

let arguments = CommandLine.arguments.dropFirst()
let status: ExitStatus
switch arguments.first {
case "compose":
    status = ComposeCommand.run(arguments.dropFirst())
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
exit(status.rawValue)
