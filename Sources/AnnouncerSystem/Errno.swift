import Glibc

/// A failed system call: its errno, named by the call that failed (after swift-system's `Errno`).
/// Two errors are equal when their codes are, whatever the call, so `error == .wouldBlock` reads
/// as it should.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32
    public var call: String

    public init(code: Int32, call: String = "") {
        self.code = code
        self.call = call
    }

    /// The errno of the call just made. Read it before anything else can run (see `SystemCall`).
    public static func current(_ call: String) -> Errno { Errno(code: errno, call: call) }

    public var reason: String { String(cString: strerror(code)) }

    public var description: String { call.isEmpty ? reason : "\(call): \(reason)" }

    public static func == (lhs: Errno, rhs: Errno) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public static let interrupted = Errno(code: EINTR)
    public static let wouldBlock = Errno(code: EAGAIN)
    public static let noSuchFile = Errno(code: ENOENT)
    public static let exists = Errno(code: EEXIST)
    public static let notDirectory = Errno(code: ENOTDIR)
    public static let permissionDenied = Errno(code: EACCES)
    public static let tooManyOpenFiles = Errno(code: EMFILE)
    public static let tooManyOpenFilesInSystem = Errno(code: ENFILE)
    public static let brokenPipe = Errno(code: EPIPE)
    public static let connectionRefused = Errno(code: ECONNREFUSED)
    public static let connectionReset = Errno(code: ECONNRESET)
    public static let connectionAborted = Errno(code: ECONNABORTED)
    public static let noChild = Errno(code: ECHILD)
    public static let timedOut = Errno(code: ETIMEDOUT)
    public static let inputOutput = Errno(code: EIO)

    /// Out of descriptors, for this process or the whole system.
    public var isOutOfDescriptors: Bool { self == .tooManyOpenFiles || self == .tooManyOpenFilesInSystem }
}
