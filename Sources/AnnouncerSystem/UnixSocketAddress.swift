import Glibc

/// The address of a Unix socket: a path, or (with a leading "@", as systemd's `NOTIFY_SOCKET`
/// writes it) a name in the abstract namespace. The one place a `sockaddr_un` is built.
public struct UnixSocketAddress: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    private let storage: sockaddr_un
    private let length: socklen_t

    /// Nil when the path is empty or too long for a `sockaddr_un` (107 bytes and its NUL).
    public init?(_ path: String) {
        let abstract = path.hasPrefix("@")
        let name = Array((abstract ? path.dropFirst() : path[...]).utf8)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // A path ends with a NUL; an abstract name starts with one instead.
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !name.isEmpty, name.count + 1 <= capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: abstract ? [0] + name : name + [0])
        }
        self.path = path
        self.storage = address
        // For an abstract name the length counts exactly its bytes (and the leading NUL).
        self.length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + 1)
    }

    public var isAbstract: Bool { path.hasPrefix("@") }

    public var description: String { path }

    public static func == (lhs: UnixSocketAddress, rhs: UnixSocketAddress) -> Bool { lhs.path == rhs.path }

    /// Calls `body` with the address as the `sockaddr` the socket calls take.
    public func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
