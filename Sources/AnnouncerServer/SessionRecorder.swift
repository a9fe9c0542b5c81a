import AnnouncerSession
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem

/// Writes down every input of a daemon's core with its time (`announcerd --record FILE`), one
/// JSON line each after a header, so that the session can be replayed (docs/design.md §17). A
/// write that fails (a full disk) ends the recording with one warning; the daemon goes on.
public final class SessionRecorder: @unchecked Sendable {  // Safe: written on the daemon's serial queue only, as its inputs are.
    private var file: FileDescriptor?
    private let path: String
    private let log: LogHandler

    /// `header`: what a replay needs besides the inputs (the configuration and the tables, so
    /// that it replays without the files the daemon read).
    public init(path: String, header: RecordingHeader, log: @escaping LogHandler) throws(Errno) {
        self.path = path
        self.log = log
        file = try FileDescriptor.create(path)
        write(header.json)
    }

    func record(_ input: DaemonCore.Input, at time: Milliseconds) {
        write(input.json(at: time))
    }

    func close() {
        file?.close()
        file = nil
    }

    private func write(_ json: JSONValue) {
        guard let file else { return }
        do {
            try file.writeAll(Array(json.serialized().utf8) + [UInt8(ascii: "\n")])
        } catch {
            log(.warning, "cannot write the session record \(path) (\(error)); recording stops")
            close()
        }
    }
}
