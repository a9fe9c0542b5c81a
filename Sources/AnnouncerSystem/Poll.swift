import CAnnouncerSystem
import Glibc

/// What poll(2) waits for and reports, named.
public struct PollEvents: OptionSet, Hashable, Sendable {
    public let rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }

    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    public static let error = PollEvents(rawValue: Int16(POLLERR))
    public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    public static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
    /// POLLRDHUP (Linux): the peer closed its end or shut down writing.
    public static let readHangUp = PollEvents(rawValue: announcer_poll_read_hang_up())
}

/// poll(2) over several descriptors, EINTR retried (a signal's wake-up comes through a
/// `SignalPipe` in the set).
public enum Poll {
    public struct Entry: Sendable {
        /// nil: a place kept in the set that is not polled (fd -1).
        public var descriptor: FileDescriptor?
        public var events: PollEvents
        /// What happened, after `wait`.
        public var returned: PollEvents = []

        public init(_ descriptor: FileDescriptor?, _ events: PollEvents) {
            self.descriptor = descriptor
            self.events = events
        }
    }

    /// Waits until one of `entries` is ready or `timeoutMilliseconds` pass (-1: no limit); each
    /// entry's `returned` says what happened. Returns how many are ready (0 at the timeout).
    @discardableResult
    public static func wait(_ entries: inout [Entry], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        var descriptors = entries.map { pollfd(fd: $0.descriptor?.rawValue ?? -1, events: $0.events.rawValue, revents: 0) }
        let count = nfds_t(descriptors.count)
        let ready = try descriptors.withUnsafeMutableBufferPointer { pointer in
            let base = pointer.baseAddress
            return Result { () throws(Errno) in try SystemCall.retrying("poll") { Glibc.poll(base, count, timeoutMilliseconds) } }
        }.get()
        for index in entries.indices { entries[index].returned = PollEvents(rawValue: descriptors[index].revents) }
        return Int(ready)
    }
}
