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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writing.rawValue, 1)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        writing.close()
        guard spawned == 0 else {
            reading.close()
            throw Errno(code: spawned, call: "posix_spawn \(executable)")
        }
        let output = (try? reading.readToEnd()) ?? []
        reading.close()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output)
    }

    /// Starts this program afresh in this process, with the same arguments and environment
    /// (execv of /proc/self/exe); descriptors opened with close-on-exec, as all of ours are, do
    /// not survive it. Returns only when that failed, with why.
    public static func restartCurrentProcess() -> Errno {
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        return Errno.current("execv /proc/self/exe")
    }
}
