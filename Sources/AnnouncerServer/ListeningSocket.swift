import AnnouncerSystem

/// The daemon's listening Unix socket: bound here with the safety rules of docs/design.md §8, or handed
/// over by systemd's socket activation.
public struct ListeningSocket: Sendable {
    public let fd: FileDescriptor
    public let path: String
    /// Handed over by systemd: the file is systemd's to remove, not ours.
    public let handedOver: Bool

    /// The path asked for, or the default (`SocketPath`).
    public static func path(explicit: String?, environment: [String: String]) throws(ListenError) -> String {
        guard let path = SocketPath.resolve(explicit: explicit, environment: environment) else { throw .noRuntimeDirectory }
        return path
    }

    /// The sockets systemd passed, when `LISTEN_PID` names this process: the JSON socket and
    /// SSIP's. The one named `ssip` (`FileDescriptorName=ssip`) is SSIP's, the other the JSON
    /// socket; without names, fd 3 is the JSON socket and fd 4, if passed, SSIP's.
    public static func activated(environment: [String: String]) -> (json: FileDescriptor?, ssip: FileDescriptor?)? {
        guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == Environment.processID,
              let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count >= 1 else { return nil }
        // Children must not think the sockets are theirs.
        Environment.unset("LISTEN_PID")
        Environment.unset("LISTEN_FDS")
        Environment.unset("LISTEN_FDNAMES")
        let names = environment["LISTEN_FDNAMES"].map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) } ?? []
        var json: FileDescriptor?
        var ssip: FileDescriptor?
        for index in 0..<min(count, 2) {
            let socket = FileDescriptor(rawValue: 3 + Int32(index))
            try? socket.setNonBlocking()
            let isSSIP = index < names.count && !names.isEmpty ? names[index] == "ssip" : index == 1
            if isSSIP { ssip = socket } else if json == nil { json = socket } else { ssip = socket }
        }
        return (json, ssip)
    }

    /// A socket systemd handed over, known by `path` in messages.
    public static func handedOver(_ fd: FileDescriptor, path: String) -> ListeningSocket {
        ListeningSocket(fd: fd, path: path, handedOver: true)
    }

    /// Binds `path`: its directory is made 0700 (and must be ours), a stale socket file is
    /// replaced, a live one or anything that is not our socket is refused; the socket is 0600.
    public static func bind(path: String) throws(ListenError) -> ListeningSocket {
        guard let address = UnixSocketAddress(path), !address.isAbstract else { throw .pathTooLong(path) }
        try prepareDirectory(Path.directory(of: path) ?? "/")

        if let status = FileStatus.of(path) {
            guard status.kind == .socket else { throw .notASocket(path) }
            guard status.owner == Environment.userID else { throw .foreignOwner(path, status.owner) }
            if let pid = livePeer(address) { throw .inUse(path, pid) }
            Files.remove(path)  // stale: nobody answers
        }

        do {
            return ListeningSocket(fd: try UnixSocket.listen(at: address), path: path, handedOver: false)
        } catch {
            throw .system(error, path)
        }
    }

    /// Removes the socket file, unless systemd handed it over.
    public func removeFile() {
        if !handedOver { Files.remove(path) }
    }

    /// The socket's directory must be a real directory (not a symbolic link), ours, and private.
    /// One that is missing is made 0700 (its parents too); an existing one is never chmod-ed,
    /// since it may not be ours to change: a wrong one is refused with what to do.
    private static func prepareDirectory(_ directory: String) throws(ListenError) {
        do {
            try Files.makeDirectories(directory, mode: 0o700)
        } catch {
            throw .directory(directory, error.reason)
        }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.openDirectory(directory)
        } catch {
            if FileStatus.of(directory)?.kind == .symbolicLink {
                throw .directory(directory, "it is a symbolic link; refusing to follow it (remove it, or choose another --socket)")
            }
            throw .directory(directory, error == .notDirectory ? "it is not a directory" : error.reason)
        }
        defer { fd.close() }
        let status: FileStatus
        do { status = try FileStatus.of(fd) } catch { throw .directory(directory, error.reason) }
        guard status.owner == Environment.userID else { throw .directory(directory, "it belongs to uid \(status.owner), not to you") }
        let mode = status.permissions & 0o777
        guard mode & 0o077 == 0 else {
            throw .directory(directory, "its permissions are \(String(mode, radix: 8)), so others could reach the socket; make it private (chmod 700 \(directory)) or choose another --socket")
        }
    }

    /// The pid of a daemon answering on the socket, or nil if nobody answers (a stale file).
    private static func livePeer(_ address: UnixSocketAddress) -> Int32? {
        guard let socket = try? UnixSocket.connect(to: address) else { return nil }
        defer { socket.close() }
        return (try? UnixSocket.peerCredentials(socket))?.pid ?? 0
    }
}

/// Why the daemon cannot listen, in words a person can act on.
public enum ListenError: Error, CustomStringConvertible {
    case noRuntimeDirectory
    case pathTooLong(String)
    case directory(String, String)
    case notASocket(String)
    case foreignOwner(String, UInt32)
    case inUse(String, Int32)
    case system(Errno, String)

    public var description: String {
        switch self {
        case .noRuntimeDirectory:
            SocketPath.missingMessage
        case .pathTooLong(let path):
            "socket path \(path) is too long for a Unix socket (108 bytes at most)"
        case .directory(let path, let reason):
            "cannot use socket directory \(path): \(reason)"
        case .notASocket(let path):
            "\(path) exists and is not a socket; remove it or choose another --socket"
        case .foreignOwner(let path, let uid):
            "socket \(path) belongs to uid \(uid), not to you; refusing to replace it"
        case .inUse(let path, let pid):
            "socket \(path) is in use by a running announcerd (pid \(pid)); stop it first or choose another --socket"
        case .system(let error, let path):
            "cannot listen on \(path): \(error)"
        }
    }
}
