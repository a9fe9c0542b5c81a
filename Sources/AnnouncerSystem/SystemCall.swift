import Glibc

/// The one way Announcer calls libc: EINTR is retried, errno is read as soon as the call returns,
/// and a failure is thrown as an `Errno` naming the call. `body` should be the bare call, with
/// any buffer's pointer taken outside it (as `FileDescriptor`'s methods do), so that no
/// temporary is released, and no deallocation can overwrite errno, between the call and the read.
public enum SystemCall {
    /// Runs `body` until it is not interrupted; a negative result throws.
    @discardableResult
    public static func retrying<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(Errno) -> T {
        while true {
            let (result, code) = resultAndErrno(body)
            if result >= 0 { return result }
            if code == EINTR { continue }
            throw Errno(code: code, call: call)
        }
    }

    /// Like `retrying`, but EAGAIN / EWOULDBLOCK is `.wouldBlock`, not an error.
    public static func nonBlocking<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(Errno) -> IOResult<T> {
        while true {
            let (result, code) = resultAndErrno(body)
            if result >= 0 { return .processed(result) }
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw Errno(code: code, call: call)
        }
    }

    @inline(__always)
    private static func resultAndErrno<T: BinaryInteger>(_ body: () -> T) -> (T, Int32) {
        errno = 0
        let result = body()
        return (result, result < 0 ? errno : 0)
    }
}
