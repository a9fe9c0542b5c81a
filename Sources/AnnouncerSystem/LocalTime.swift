import Glibc

/// The wall clock's time of day in the local time zone, to the millisecond: for what a person
/// reads beside a line (`announce listen --timestamps`), never for measuring.
public struct LocalTime: Equatable, Sendable {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    public static func now() -> LocalTime {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        return LocalTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec),
                         millisecond: Int(now.tv_nsec / 1_000_000))
    }
}
