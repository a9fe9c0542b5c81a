/// How much announcerd says on standard error (`--log-level`); each level includes the ones
/// before it: `error` (only what stops something), `warning` (clients refused or dropped, speech
/// that failed, a synthesizer restarted), `info` (start-up, reloads).
public enum LogLevel: Int, Comparable, Sendable, CaseIterable {
    case error, warning, info

    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = level
    }

    public var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        }
    }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Where the daemon's parts send what they have to say, with how much it matters.
public typealias LogHandler = @Sendable (LogLevel, String) -> Void
