import AnnouncerSystem

/// A private announcerd, for a test or a headless run (`announce term --keys` when none answers,
/// AnnouncerTesting): the text sink (nothing sounds, and every utterance is spoken at once), on a
/// socket in a directory of its own, gone with `stop()`.
public struct PrivateAnnouncerd: Sendable {
    public let directory: String
    public let process: ChildProcess

    public var socket: String { directory + "/socket" }

    /// Whether an announcerd answers at `socket` (or the default socket).
    public static func answers(_ socket: String?) -> Bool {
        (try? DaemonConnection(socket: socket, connectTimeout: .milliseconds(500))) != nil
    }

    /// `$ANNOUNCERD`, else announcerd beside the running executable, else on PATH.
    public static var executable: String? { Files.companion("announcerd", variable: "ANNOUNCERD") }

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts it (with `configuration`, an announcer.conf, if given) and returns once it answers.
    public static func start(configuration: String? = nil) throws -> PrivateAnnouncerd {
        guard let executable else { throw StartError(description: "announcerd not found: set ANNOUNCERD, or put it beside this program or on PATH") }
        let directory = try Files.makeTemporaryDirectory(prefix: "announce-term.")
        let log = try FileDescriptor.create(directory + "/announcerd.log")
        defer { log.close() }
        var arguments = [executable, "--socket", directory + "/socket", "--sink", "text:instant"]
        if let configuration { arguments += ["--config", configuration] }
        let process = try ChildProcess.spawn(executable, arguments: arguments, descriptors: [1: log, 2: log], defaultSignalMask: true)
        let daemon = PrivateAnnouncerd(directory: directory, process: process)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !answers(daemon.socket) {
            if (try? process.ended()) ?? nil != nil || clock.now > deadline {
                let said = (try? Files.readText(directory + "/announcerd.log")) ?? nil
                daemon.stop()
                throw StartError(description: "\(executable) did not start: \(said ?? "")".trimmingWhitespace())
            }
            Threads.sleep(for: .milliseconds(20))
        }
        return daemon
    }

    public func stop() {
        try? process.send(.terminate)
        if (try? process.wait(atMost: .seconds(2))) ?? nil == nil {
            try? process.send(.kill)
            _ = try? process.wait()
        }
        for name in ["socket", "announcerd.log", ""] { Files.remove(name.isEmpty ? directory : directory + "/" + name) }
    }
}
