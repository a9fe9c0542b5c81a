import Glibc

/// Runs a program to its end and keeps what it wrote to standard output (standard input is
/// /dev/null, standard error is inherited). For short helpers, not for long-lived children.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: [UInt8]
    }

    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = Environment.current) throws(Errno) -> Result {
        let (reading, writing) = try FileDescriptor.socketPair()
        let child: ChildProcess
        do throws(Errno) {
            child = try ChildProcess.spawn(executable, arguments: [executable] + arguments, environment: environment, descriptors: [1: writing])
        } catch {
            writing.close()
            reading.close()
            throw error
        }
        writing.close()
        let output = (try? reading.readToEnd()) ?? []
        reading.close()
        return Result(status: try child.wait().shellStatus, output: output)
    }

    /// Starts this program afresh in this process, with the same arguments and environment
    /// (execv of /proc/self/exe); descriptors opened with close-on-exec, as all of ours are, do
    /// not survive it. Returns only when that failed, with why.
    public static func restartCurrentProcess() -> Errno {
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        return Errno.current("execv /proc/self/exe")
    }

    /// Runs `executable` in place of this process with `arguments` (the first is its argv[0]):
    /// a path is run as it is, a bare name is searched on PATH. Returns only when that failed.
    public static func replaceCurrentProcess(with executable: String, arguments: [String]) -> Errno {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        if executable.contains("/") { execv(executable, argv) } else { execvp(executable, argv) }
        return Errno.current("exec \(executable)")
    }
}
