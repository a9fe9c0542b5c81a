import CAnnouncerSystem
import Glibc

/// A program running in a pseudo-terminal of its own: the terminal door's child. The program
/// sees a terminal (its own session, the terminal as its controlling one); this side holds the
/// controlling end, reads what the program draws and writes what the user types.
public struct PseudoTerminal: Sendable {
    public let process: pid_t
    public let controller: FileDescriptor

    /// Runs `command` (searched on PATH) in a new pseudo-terminal of the given size.
    public static func spawn(_ command: [String], rows: Int, columns: Int) throws(Errno) -> PseudoTerminal {
        let argv = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var controller: Int32 = -1
        let pid = announcer_spawn_in_pseudo_terminal(command[0], argv, UInt16(clamping: rows), UInt16(clamping: columns), &controller)
        guard pid > 0 else { throw Errno.current("forkpty") }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        return PseudoTerminal(process: pid, controller: FileDescriptor(rawValue: controller))
    }

    /// Tells the program its terminal's new size (the kernel sends it SIGWINCH).
    public func resize(rows: Int, columns: Int) {
        _ = announcer_set_window_size(controller.rawValue, UInt16(clamping: rows), UInt16(clamping: columns))
    }

    /// The program's exit status as a shell reports it (128 + the signal's number when a
    /// signal ended it), once it has ended; nil while it runs.
    public func exitStatus(waiting: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(process, &status, waiting ? 0 : WNOHANG)
            if result == process { break }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// The size of the terminal on `descriptor` (the user's), or nil when it is not one.
    public static func size(of descriptor: FileDescriptor) -> (rows: Int, columns: Int)? {
        var rows: UInt16 = 0, columns: UInt16 = 0
        guard announcer_window_size(descriptor.rawValue, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return (Int(rows), Int(columns))
    }
}
