import AnnouncerSupport
import Dispatch

/// One timer on a serial queue that fires once, replaced whenever it is set again: the one
/// timer mechanism of the daemon (its scheduler's ticks, a client's wake-up, the idle trim, the
/// end of a pause in accepting), of its speech supervisor's watchdog, and of `announcerd
/// --play`'s scheduler. Nothing repeats: a timer is set only while there is something to wake
/// for. Used on its queue only.
public final class WakeTimer: @unchecked Sendable {  // Safe: its one var is touched on the serial `queue` it is given, only.
    private let queue: DispatchQueue
    private var timer: DispatchSourceTimer?

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Calls `handler` on the queue after `delay` milliseconds (at once when it is not
    /// positive); nil only cancels the time set before.
    public func set(after delay: Milliseconds?, _ handler: @escaping @Sendable () -> Void) {
        cancel()
        guard let delay else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .microseconds(Int(max(delay, 0) * 1000)), leeway: .milliseconds(1))
        timer.setEventHandler(handler: handler)
        timer.resume()
        self.timer = timer
    }

    public func cancel() {
        timer?.cancel()
        timer = nil
    }
}
