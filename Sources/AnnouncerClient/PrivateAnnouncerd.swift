import AnnouncerSystem

/// A private announcerd, for a test or a headless run (`announce term --keys` when none answers,
/// AnnouncerTesting, and the test suites' `DaemonProcess`): by default the text sink (nothing
/// sounds, and every utterance is spoken at once), on a socket in a directory of its own, gone
/// with `stop()`. The one way Swift starts a private daemon.
public struct PrivateAnnouncerd: Sendable {
    public let directory: String
    public let socket: String
    public let process: ChildProcess

    /// How it is started; the defaults are `announce term --keys`'s.
    public struct Options: Sendable {
        /// The announcerd to run: `executable` unless given.
        public var executable: String?
        /// Its arguments past `--socket` (and `--config`).
        public var arguments = ["--sink", "text:instant"]
        /// An announcer.conf to read.
        public var configuration: String?
        /// Or its text, written as announcer.conf in its directory.
        public var settings: String?
        /// Its socket: `socket` in its directory unless given.
        public var socket: String?
        /// The directory it keeps its socket and log in: a new temporary one unless given (then
        /// left in place by `stop()`).
        public var directory: String?
        /// Its whole environment: this process's unless given.
        public var environment: [String: String]?
        /// A command line that runs announcerd, given after it with its arguments, by `exec`
        /// (announcerd keeps the wrapper's process id).
        public var wrapper: [String] = []
        /// Files for its standard output and error: both `announcerd.log` in its directory unless
        /// given.
        public var output: (standardOutput: String, standardError: String)?
        /// Whether `start` returns only once it answers, within `startLimit`.
        public var waitUntilAnswering = true
        public var startLimit: Duration = .seconds(10)

        public init() {}
    }

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
        var options = Options()
        options.configuration = configuration
        return try start(options)
    }

    public static func start(_ options: Options) throws -> PrivateAnnouncerd {
        guard let executable = options.executable ?? executable else { throw StartError(description: "announcerd not found: set ANNOUNCERD, or put it beside this program or on PATH") }
        let directory = try options.directory ?? Files.makeTemporaryDirectory(prefix: "announce-term.")
        let socket = options.socket ?? directory + "/socket"
        let (outputPath, errorPath) = options.output ?? (directory + "/announcerd.log", directory + "/announcerd.log")
        let output = try FileDescriptor.create(outputPath)
        defer { output.close() }
        let error = errorPath == outputPath ? output : try FileDescriptor.create(errorPath)
        defer { if errorPath != outputPath { error.close() } }
        var arguments = [executable, "--socket", socket] + options.arguments
        if let configuration = options.configuration {
            arguments += ["--config", configuration]
        } else if let settings = options.settings {
            try Files.write(Array(settings.utf8), to: directory + "/announcer.conf")
            arguments += ["--config", directory + "/announcer.conf"]
        }
        if !options.wrapper.isEmpty { arguments = options.wrapper + arguments }
        let process = try ChildProcess.spawn(arguments[0], arguments: arguments, environment: options.environment ?? Environment.current,
                                             descriptors: [1: output, 2: error], defaultSignalMask: true)
        let daemon = PrivateAnnouncerd(directory: directory, socket: socket, process: process, ownsDirectory: options.directory == nil)
        guard options.waitUntilAnswering else { return daemon }
        let clock = ContinuousClock()
        let deadline = clock.now + options.startLimit
        while !answers(daemon.socket) {
            if (try? process.ended()) ?? nil != nil || clock.now > deadline {
                let said = (try? Files.readText(errorPath)) ?? nil
                daemon.stop()
                throw StartError(description: "\(executable) did not start: \(said ?? "")".trimmingWhitespace())
            }
            Threads.sleep(for: .milliseconds(20))
        }
        return daemon
    }

    private let ownsDirectory: Bool

    init(directory: String, socket: String, process: ChildProcess, ownsDirectory: Bool) {
        self.directory = directory
        self.socket = socket
        self.process = process
        self.ownsDirectory = ownsDirectory
    }

    public func stop() {
        try? process.send(.terminate)
        if (try? process.wait(atMost: .seconds(2))) ?? nil == nil {
            try? process.send(.kill)
            _ = try? process.wait()
        }
        guard ownsDirectory else { return }
        for name in ["socket", "announcerd.log", "announcer.conf", ""] { Files.remove(name.isEmpty ? directory : directory + "/" + name) }
    }
}
