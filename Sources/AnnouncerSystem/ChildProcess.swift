import Glibc

/// A child process of this one: started with posix_spawn, signalled, waited for. The one place
/// that calls posix_spawn, kill and waitpid (EINTR retried, errors as `Errno`).
public struct ChildProcess: Hashable, Sendable {
    public let id: pid_t

    public init(id: pid_t) { self.id = id }

    /// Starts `executable` (a path, not searched) with `arguments` (the first is its argv[0])
    /// and `environment`. Standard input is /dev/null unless `descriptors` gives one;
    /// `descriptors` maps a number in the child
    /// to one of ours (dup2 clears close-on-exec there; everything else we hold stays shut);
    /// `defaultSignalMask` lets every signal in, whatever this thread blocks.
    public static func spawn(_ executable: String, arguments: [String], environment: [String: String] = Environment.current,
                             descriptors: [Int32: FileDescriptor] = [:], defaultSignalMask: Bool = false) throws(Errno) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, descriptor) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, descriptor.rawValue, target)
        }
        if descriptors[0] == nil { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if defaultSignalMask {
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Errno(code: spawned, call: "posix_spawn \(executable)") }
        return ChildProcess(id: pid)
    }

    /// Waits for its end.
    public func wait() throws(Errno) -> WaitStatus {
        var status: Int32 = 0
        let pid = id
        try SystemCall.retrying("waitpid") { waitpid(pid, &status, 0) }
        return WaitStatus(rawValue: status)
    }

    /// How it ended, if it has; nil while it runs.
    public func ended() throws(Errno) -> WaitStatus? {
        var status: Int32 = 0
        let pid = id
        let result = try SystemCall.retrying("waitpid") { waitpid(pid, &status, WNOHANG) }
        return result == pid ? WaitStatus(rawValue: status) : nil
    }

    /// How it ended, waiting at most `limit` for it (checked every 10 ms); nil when it still runs.
    public func wait(atMost limit: Duration) throws(Errno) -> WaitStatus? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if let status = try ended() { return status }
            guard clock.now < deadline else { return nil }
            Threads.sleep(for: .milliseconds(10))
        }
    }

    public func send(_ signal: Signal) throws(Errno) {
        let pid = id
        try SystemCall.retrying("kill") { Glibc.kill(pid, signal.rawValue) }
    }
}
