#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd the daemon is ready (`READY=1` to `$NOTIFY_SOCKET`), as `Type=notify` units
/// expect. Does nothing when there is no `NOTIFY_SOCKET`.
public enum SystemdNotify {
    public static func send(_ state: String, environment: [String: String]) {
        guard var path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return }
        let abstract = path.hasPrefix("@")
        if abstract { path.removeFirst() }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count + 1 < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let offset = abstract ? 1 : 0  // an abstract address starts with a NUL byte
            buffer.copyBytes(from: bytes)
            if abstract {
                for index in stride(from: bytes.count, to: 0, by: -1) { buffer[index] = buffer[index - 1] }
                buffer[0] = 0
            }
            buffer[bytes.count + offset] = 0
        }
        // The name and one NUL: the terminating one, or for an abstract name the leading one.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        let message = Array(state.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
            }
        }
    }
}
