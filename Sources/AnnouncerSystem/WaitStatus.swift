import Glibc

/// How a child process ended, decoded from waitpid(2)'s status: the one reading of it
/// (`ChildProcess`, `Subprocess`, the terminal door, the speech worker's supervisor).
public enum WaitStatus: Hashable, Sendable, CustomStringConvertible {
    /// It called exit with this code (0 to 255).
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// waitpid's status word (WIFEXITED / WEXITSTATUS / WTERMSIG; stopped children are not
    /// waited for).
    public init(rawValue status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// The status as a shell reports it: the code, or 128 + the signal's number.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signalled(let signal): 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): "status \(code)"
        case .signalled(let signal): "signal \(signal), \(Signal(rawValue: signal).name)"
        }
    }
}
