import AnnouncerClient
import AnnouncerComposer
import AnnouncerSettings
import AnnouncerSystem
import AnnouncerTerminal

/// `announce term` once its arguments are read: the program started in a pseudo-terminal of its
/// own, the user's terminal in raw mode around the loop (`TermSession`) and given back after it,
/// or, headless, a private announcerd on the text sink when none answers.
public struct TermRun {
    public var command: [String]
    public var settings: TerminalSettings
    /// The configured locale's composer (the reader's own words and a drawn control's).
    public var composer: UtteranceComposer
    /// announcerd's socket; nil for the usual one.
    public var socket: String?
    /// The configuration file a private announcerd reads (`--config`).
    public var configuration: String?
    /// Headless (`--keys`): the test's steps in place of the user's keys.
    public var driver: KeyDriver?
    /// The program's terminal; nil for the size of the user's (80x24 when there is none).
    public var size: (rows: Int, columns: Int)?

    public init(command: [String], settings: TerminalSettings, composer: UtteranceComposer, socket: String?, configuration: String?,
                driver: KeyDriver?, size: (rows: Int, columns: Int)?) {
        self.command = command
        self.settings = settings
        self.composer = composer
        self.socket = socket
        self.configuration = configuration
        self.driver = driver
        self.size = size
    }

    public enum Outcome: Equatable {
        /// The program's own status, or 128 + the number of the signal that ended `announce term`.
        case ran(Int32)
        /// The program could not be started (the reason has been printed).
        case failed(ExitStatus)
    }

    public func run() -> Outcome {
        Signal.unblock([.windowChanged, .terminate, .hangUp, .quit, .child])
        let size = size ?? PseudoTerminal.size(of: .standardInput) ?? (rows: 24, columns: 80)
        var socket = socket
        var privateDaemon: PrivateAnnouncerd?
        if driver != nil, !PrivateAnnouncerd.answers(socket) {
            do {
                privateDaemon = try PrivateAnnouncerd.start(configuration: configuration)
            } catch {
                Console.error("announce term: no announcerd answers, and a private one could not be started: \(error)")
                return .failed(.unavailable)
            }
            socket = privateDaemon?.socket
        }
        defer { privateDaemon?.stop() }
        // The program knows it is heard (a shell's rc file can test it, and not start another).
        Environment.set("ANNOUNCE_TERM", "1")
        let child: PseudoTerminal
        let signals: SignalPipe
        do {
            // Before the program starts: a window change, a SIGTERM or the program's end from now
            // on is heard by the loop, which otherwise sleeps until something comes.
            signals = try SignalPipe([.windowChanged, .terminate, .hangUp, .quit, .child])
            child = try PseudoTerminal.spawn(command, rows: size.rows, columns: size.columns)
        } catch {
            Console.error("announce term: \(error)")
            return .failed(.unavailable)
        }
        var session = TermSession(child: child, signals: signals, size: size, settings: settings, composer: composer, socket: socket, driver: driver)
        if driver != nil { return .ran(session.run()) }
        if FileDescriptor.standardInput.isTerminal {
            do {
                try RawMode.enter(transparent: true)
            } catch {
                Console.error("announce term: cannot put the terminal in raw mode (\(error)); keys pass as typed lines")
            }
        }
        let status = session.run()
        RawMode.restore()
        return .ran(status)
    }
}
