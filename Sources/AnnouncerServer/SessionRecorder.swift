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

    /// The header's fields: what a replay needs besides the inputs.
    public static func header(uid: UInt32, sink: String) -> JSONValue {
        .object(["record": "announcerd", "version": .string(AnnouncerVersion.current), "uid": .number(Double(uid)), "sink": .string(sink)])
    }

    public init(path: String, uid: UInt32, sink: String, log: @escaping LogHandler) throws(Errno) {
        self.path = path
        self.log = log
        file = try FileDescriptor.create(path)
        write(Self.header(uid: uid, sink: sink))
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
