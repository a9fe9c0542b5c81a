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
        precondition(!command.isEmpty, "a command to run")
        let argv = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var controller: Int32 = -1
        let pid = announcer_spawn_in_pseudo_terminal(command[0], argv, UInt16(clamping: rows), UInt16(clamping: columns), &controller)
        guard pid > 0 else { throw Errno.current("forkpty") }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        return PseudoTerminal(process: pid, controller: FileDescriptor(rawValue: controller))
    }

    /// What one read of the program's output gave.
    public enum Output: Equatable, Sendable {
        /// This many bytes, at the start of the buffer.
        case bytes(Int)
        /// Nothing waiting now (the controlling end is non-blocking).
        case wouldBlock
        /// The program and everything it started have closed the terminal: Linux says EIO (or
        /// the end of the file) on the controlling end.
        case hungUp
    }

    /// Reads the program's output into `buffer`. Only EIO means the terminal was hung up; any
    /// other failure (EBADF, EFAULT…) is thrown, for the caller to report.
    public func read(into buffer: inout [UInt8]) throws(Errno) -> Output {
        do {
            switch try controller.read(into: &buffer) {
            case .processed(0): return .hungUp
            case .processed(let count): return .bytes(count)
            case .wouldBlock: return .wouldBlock
            }
        } catch where error == .inputOutput {
            return .hungUp
        }
    }

    /// Tells the program its terminal's new size (the kernel sends it SIGWINCH).
    public func resize(rows: Int, columns: Int) {
        _ = announcer_set_window_size(controller.rawValue, UInt16(clamping: rows), UInt16(clamping: columns))
    }

    /// How the program ended, once it has (waiting for it with `waiting`); nil while it runs.
    public func ended(waiting: Bool) throws(Errno) -> WaitStatus? {
        let child = ChildProcess(id: process)
        return waiting ? try child.wait() : try child.ended()
    }

    /// Hangs the terminal up, as closing a terminal's window does: the controlling end is
    /// closed and the kernel sends the program SIGHUP. Waits at most `limit` for it to end, then
    /// kills its process group. Returns how it ended.
    public func hangUp(waitingAtMost limit: Duration) -> WaitStatus? {
        controller.close()
        let child = ChildProcess(id: process)
        if let status = try? child.wait(atMost: limit) { return status }
        _ = Glibc.kill(-process, SIGKILL)
        return try? child.wait()
    }

    /// The size of the terminal on `descriptor` (the user's), or nil when it is not one.
    public static func size(of descriptor: FileDescriptor) -> (rows: Int, columns: Int)? {
        var rows: UInt16 = 0, columns: UInt16 = 0
        guard announcer_window_size(descriptor.rawValue, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return (Int(rows), Int(columns))
    }
}
