import AnnouncerBrailleRules
import AnnouncerSystem
import CBrlAPI

/// A braille display through BRLTTY's BrlAPI (the only importer of CBrlAPI), on a thread of its
/// own: whatever BRLTTY does (absent, hung, killed), the daemon only hands over the latest
/// window and never waits. The thread connects (BRLAPI_HOST and BRLAPI_AUTH from the
/// environment, as every BrlAPI client finds BRLTTY), takes the display, writes the newest
/// window, and reads its keys. A lost connection is tried again when BRLTTY's socket directory
/// changes (inotify: no wakeup while BRLTTY is away), or, for a BRLTTY on another host, after
/// `retry`, twice as long each time up to a minute; the newest window is written again then.
public final class BrlAPIDisplay: Sendable {
    /// What the thread tells the daemon, on the thread (the daemon hops to its own queue).
    public enum Report: Sendable, Equatable {
        /// The display is there, this many cells wide.
        case connected(width: Int)
        /// It has gone (or never came); `reason` for the log.
        case disconnected(reason: String)
        case key(BrailleSession.Key)
    }

    private let state = Locked(State())
    private let wake: (read: FileDescriptor, write: FileDescriptor)
    private let report: @Sendable (Report) -> Void
    private let retry: Duration
    /// BRLTTY's socket directory, watched while it is away (nil: BRLTTY on another host).
    private let socketDirectory = BrlAPIDisplay.socketDirectory(Environment.current)

    private struct State {
        var window: [UInt8]?
        var written = true
        var stopped = false
    }

    /// Starts the thread. `report` is called on it.
    public init(retry: Duration = .milliseconds(500), report: @escaping @Sendable (Report) -> Void) throws(Errno) {
        let (read, write) = try FileDescriptor.pipe()
        try read.setNonBlocking()
        try write.setNonBlocking()
        wake = (read, write)
        self.report = report
        self.retry = retry
        Threads.start(name: "braille") { [self] in run() }
    }

    /// The cells to show now (a display's window): only the newest is ever written.
    public func show(_ window: [UInt8]) {
        state.withLock {
            $0.window = window
            $0.written = false
        }
        wakeThread()
    }

    /// Ends the thread (the connection is closed; BRLTTY shows its own again).
    public func stop() {
        state.withLock { $0.stopped = true }
        wakeThread()
    }

    /// A byte on the pipe the thread polls; a full pipe has one waiting already.
    private func wakeThread() {
        _ = try? wake.write.write([1][...], withoutWaiting: true)
    }

    private var stopped: Bool { state.withLock { $0.stopped } }

    private func run() {
        var lastReason: String?
        // After a change in BRLTTY's socket directory, BRLTTY may not listen yet: a few more tries
        // this long apart, then the wait is for the directory alone.
        var soon: [Int32] = []
        var delay = retry
        while !stopped {
            // Watched before BRLTTY is tried: a socket made between a failed try and the wait
            // still wakes the thread.
            let watch = socketDirectory.flatMap { try? DirectoryWatch($0) }
            // BrlAPI's handle is opaque: as many bytes as it says, zeroed.
            let memory = UnsafeMutableRawPointer.allocate(byteCount: brlapi_getHandleSize(), alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: brlapi_getHandleSize())
            let (reason, reached) = serve(OpaquePointer(memory))
            memory.deallocate()
            if reason != lastReason {
                report(.disconnected(reason: reason))
                lastReason = reason
            }
            if stopped { break }
            if let watch, !reached {
                // No wakeup until BRLTTY's directory changes (or the daemon stops us).
                if wait(for: watch, atMost: soon.first ?? -1) {
                    soon = [50, 200, 1000]
                } else if !soon.isEmpty {
                    soon.removeFirst()
                }
            } else if reached {
                // BRLTTY answered (and went, or has no display yet while its driver starts):
                // soon again.
                delay = retry
                sleep(retry)
            } else {
                // BRLTTY on another host: tried again, less often each time, at most once a minute.
                sleep(delay)
                delay = min(delay * 2, .seconds(60))
            }
        }
    }

    /// Where BRLTTY makes its BrlAPI socket on this machine (BRLAPI_HOST unset, empty, or
    /// `:N`); nil for a BRLTTY on another host, reached by TCP.
    package static func socketDirectory(_ environment: [String: String]) -> String? {
        let host = environment["BRLAPI_HOST"] ?? ""
        return host.isEmpty || host.hasPrefix(":") ? "/var/lib/BrlAPI" : nil
    }

    /// Waits until `watch` sees a change (true), the daemon wakes the thread, or `milliseconds`
    /// pass (-1: no limit).
    private func wait(for watch: borrowing DirectoryWatch, atMost milliseconds: Int32) -> Bool {
        var entries = [Poll.Entry(watch.descriptor, .readable), Poll.Entry(wake.read, .readable)]
        _ = try? Poll.wait(&entries, timeoutMilliseconds: milliseconds)
        drainWake()
        return !entries[0].returned.isEmpty
    }

    /// Waits `duration`, or less when the daemon stops us.
    private func sleep(_ duration: Duration) {
        var entries = [Poll.Entry(wake.read, .readable)]
        _ = try? Poll.wait(&entries, timeoutMilliseconds: Int32(duration.milliseconds))
        drainWake()
    }

    private func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while case .processed(let count)? = try? wake.read.read(into: &buffer), count > 0 {}
    }

    /// One connection, from opening to its end: why it ended, and whether BRLTTY answered.
    private func serve(_ handle: OpaquePointer) -> (reason: String, reached: Bool) {
        announcer_brlapi_keep_exceptions(handle)
        let fd = brlapi__openConnection(handle, nil, nil)
        guard fd >= 0 else { return ("no braille display: \(Self.lastError())", false) }
        defer { brlapi__closeConnection(handle) }
        return (session(handle, fd), true)
    }

    /// A connection BRLTTY answered, until its end: why it ended.
    private func session(_ handle: OpaquePointer, _ fd: Int32) -> String {
        var width: UInt32 = 0, height: UInt32 = 0
        guard brlapi__getDisplaySize(handle, &width, &height) == 0, width > 0 else { return "the braille display has no size: \(Self.lastError())" }
        guard brlapi__enterTtyModeWithPath(handle, nil, 0, nil) >= 0 else { return "cannot take the braille display: \(Self.lastError())" }
        let cells = Int(width * max(height, 1))
        report(.connected(width: cells))
        // What was shown before the connection was lost is shown again.
        state.withLock { $0.written = false }
        while !stopped {
            if let window = state.withLock({ state -> [UInt8]? in
                defer { state.written = true }
                return state.written ? nil : state.window
            }) {
                var dots = Array(window.prefix(cells)) + Array(repeating: 0, count: max(cells - window.count, 0))
                guard brlapi__writeDots(handle, &dots) == 0 else { return "the braille display went away: \(Self.lastError())" }
            }
            // BRLTTY's keys, or the daemon's next window.
            var entries = [Poll.Entry(FileDescriptor(rawValue: fd), .readable), Poll.Entry(wake.read, .readable)]
            do {
                _ = try Poll.wait(&entries, timeoutMilliseconds: -1)
            } catch where error != .interrupted {
                return error.description
            } catch {}
            if !entries[1].returned.isEmpty { drainWake() }
            let connection = entries[0].returned
            if !connection.isDisjoint(with: [.hangUp, .error, .invalid]), !connection.contains(.readable) { return "BRLTTY closed the connection" }
            if connection.contains(.readable) {
                var code: brlapi_keyCode_t = 0
                let read = brlapi__readKeyWithTimeout(handle, 0, &code)
                if read < 0 { return "BRLTTY closed the connection: \(Self.lastError())" }
                if read > 0, let key = Self.key(code) { report(.key(key)) }
            }
        }
        return "stopped"
    }

    /// A command key as the session's key; nil for one the session has no use for.
    static func key(_ code: brlapi_keyCode_t) -> BrailleSession.Key? {
        var argument: UInt32 = 0
        let command = announcer_brlapi_command(code, &argument)
        return switch command {
        case announcer_brlapi_route: .route(Int(argument))
        case announcer_brlapi_pan_left: .panLeft
        case announcer_brlapi_pan_right: .panRight
        case announcer_brlapi_line_up: .lineUp
        case announcer_brlapi_line_down: .lineDown
        case announcer_brlapi_top: .top
        case announcer_brlapi_bottom: .bottom
        default: nil
        }
    }

    private static func lastError() -> String {
        guard let text = brlapi_strerror(brlapi_error_location()) else { return "unknown error" }
        return String(cString: text)
    }
}
