#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex, for state shared between threads.
///
/// Used instead of the Synchronization module's `Mutex`: on Linux that lock is a futex inside
/// the standard library, which ThreadSanitizer does not see, so every access it guards was
/// reported as a data race under `scripts/sanitize thread` (and halted the daemon there). A
/// pthread mutex is the lock ThreadSanitizer knows.
public final class Locked<Value>: @unchecked Sendable {  // Safe: `value` is read and written only with the pthread mutex held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
