import CAnnouncerSystem
import Glibc
import Synchronization

/// A thread of its own for work that blocks (a synthesizer, a heartbeat), where a dispatch queue
/// would tie up one of libdispatch's workers.
public enum Threads {
    /// Starts `body` on a new detached thread with `stackSize` bytes of stack, named (as `top -H` shows it).
    public static func start(name: String, stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let name: String
            let body: @Sendable () -> Void
            init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { argument in
            let box = Unmanaged<AnyObject>.fromOpaque(argument!).takeRetainedValue() as! Box
            // Linux allows 15 characters and the NUL.
            _ = announcer_name_this_thread(String(box.name.utf8.prefix(15)) ?? "announcer")
            box.body()
            return nil
        }, box)
        precondition(created == 0, "cannot start the \(name) thread: \(Errno(code: created).reason)")
    }

    /// Blocks this thread for `duration` (the rest of it after a signal, too).
    public static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = max(duration, .zero).components
        var wanted = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&wanted, &left) != 0 && errno == EINTR { wanted = left }
    }
}

/// The thread that owns a class's state: claimed once by that thread, then checked (as
/// `dispatchPrecondition` checks a queue) wherever the state is touched.
public final class ThreadOwner: Sendable {
    /// The owner's pthread_t (an integer on Linux); 0 before `claim`.
    private let owner = Atomic<UInt>(0)

    public init() {}

    /// The calling thread becomes the owner.
    public func claim() { owner.store(UInt(pthread_self()), ordering: .releasing) }

    /// Stops the program unless the calling thread is the owner.
    public func check(_ what: @autoclosure () -> String = "this", file: StaticString = #fileID, line: UInt = #line) {
        let current = owner.load(ordering: .acquiring)
        precondition(current != 0 && pthread_equal(pthread_t(current), pthread_self()) != 0, "\(what()) is touched off its owning thread", file: file, line: line)
    }
}

/// A mutex with a condition variable (pthread's, timed on the monotonic clock): the classic
/// monitor for a thread that sleeps until there is work.
public final class ConditionLock: @unchecked Sendable {  // Safe: the pthread mutex and condition it wraps are made for use across threads.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits (holding the lock) until signalled.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (holding the lock) until signalled or `duration` has passed.
    public func wait(for duration: Duration) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = max(duration, .zero).components
        var nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        nanoseconds %= 1_000_000_000
        deadline.tv_nsec = nanoseconds
        _ = pthread_cond_timedwait(condition, mutex, &deadline)
    }

    /// `body` with the lock held.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
