import CAnnouncerSystem
import Glibc

/// A signal's number, named, so that callers need not import Glibc for its constants.
public struct Signal: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let hangUp = Signal(rawValue: SIGHUP)
    public static let interrupt = Signal(rawValue: SIGINT)
    public static let quit = Signal(rawValue: SIGQUIT)
    public static let kill = Signal(rawValue: SIGKILL)
    public static let pipe = Signal(rawValue: SIGPIPE)
    public static let terminate = Signal(rawValue: SIGTERM)
    public static let child = Signal(rawValue: SIGCHLD)
    public static let windowChanged = Signal(rawValue: SIGWINCH)

    /// strsignal's words ("Segmentation fault").
    public var name: String { strsignal(rawValue).map { String(cString: $0) } ?? "signal \(rawValue)" }

    /// Lets `signals` in on this thread: a program started by one that blocks them (a test
    /// runner, some launchers) inherits the block, and would never hear SIGWINCH or SIGTERM.
    public static func unblock(_ signals: [Signal]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal.rawValue) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal does nothing (SIGPIPE: a write to a gone reader is EPIPE instead).
    public static func ignore(_ signal: Signal) {
        Glibc.signal(signal.rawValue, SIG_IGN)
    }

    /// Sleeps until a signal is delivered to this thread and its handler has run (pause(2)):
    /// for a main thread whose program runs on dispatch queues and signal sources.
    public static func pause() {
        _ = Glibc.pause()
    }
}

/// Signals as bytes to read (the self-pipe trick): the handler, in C, only writes the signal's
/// number to a pipe, which is async-signal-safe; the program's loop polls `descriptor` and
/// acts on `take()` where it may allocate, lock and speak. One per process.
public struct SignalPipe: Sendable {
    /// The read end, non-blocking: poll it for `.readable`.
    public let descriptor: FileDescriptor

    public init(_ signals: [Signal]) throws(Errno) {
        let (reading, writing) = try FileDescriptor.pipe()
        try reading.setNonBlocking()
        try writing.setNonBlocking()
        let numbers = signals.map(\.rawValue)
        try SystemCall.retrying("sigaction") { announcer_write_signals_to(writing.rawValue, numbers, Int32(numbers.count)) }
        descriptor = reading
    }

    /// The signals that came since the last call, in order (none when none came).
    public func take() -> [Signal] {
        var signals: [Signal] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while case .processed(let count)? = try? descriptor.read(into: &bytes), count > 0 {
            signals += bytes[0..<count].map { Signal(rawValue: Int32($0)) }
        }
        return signals
    }
}
