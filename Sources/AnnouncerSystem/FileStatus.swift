import Glibc

/// What lstat(2) or fstat(2) says of a file: its kind, its owner and its permission bits.
public struct FileStatus: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case regular, directory, symbolicLink, socket, other
    }

    public var kind: Kind
    /// The owner's user id.
    public var owner: UInt32
    /// The permission bits (0o777 and the set-id and sticky bits).
    public var permissions: UInt32

    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        owner = status.st_uid
        permissions = status.st_mode & 0o7777
    }

    /// The file at `path` itself (a symbolic link is not followed), or nil when there is none
    /// or it cannot be looked at.
    public static func of(_ path: String) -> FileStatus? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// The file an open descriptor refers to.
    public static func of(_ descriptor: FileDescriptor) throws(Errno) -> FileStatus {
        var status = stat()
        _ = try SystemCall.retrying("fstat") { fstat(descriptor.rawValue, &status) }
        return FileStatus(status)
    }
}
