/// The settings of `announcer.conf` (DESIGN §8). Each has a default here and is documented in
/// the packaged `config/announcer.conf`; an unknown name or a bad value is an error with its line.
public struct Configuration: Sendable, Equatable {
    /// The locale used when an element names no language Announcer has a table for.
    public var locale = LocaleCatalog.reference
    public var hintStyle = HintStyle.touch
    /// The pause between a focus description and its hint.
    public var hintDelayMs = 500

    public init() {}

    public init(file: KeyValueFile) throws(ConfigError) {
        self.init()
        for entry in file.entries {
            func fail(_ message: String) -> ConfigError {
                ConfigError(file: file.name, line: entry.line, "\(entry.key): \(message)")
            }
            func milliseconds(_ range: ClosedRange<Int>) throws(ConfigError) -> Int {
                guard let number = Int(entry.value), range.contains(number) else {
                    throw fail("expected milliseconds from \(range.lowerBound) to \(range.upperBound), got \"\(entry.value)\"")
                }
                return number
            }
            switch entry.key {
            case "locale":
                guard !entry.value.isEmpty else { throw fail("expected a locale tag such as en, de or zh-Hans") }
                locale = entry.value
            case "hint-style":
                guard let style = HintStyle(rawValue: entry.value) else {
                    throw fail("expected touch or keyboard, got \"\(entry.value)\"")
                }
                hintStyle = style
            case "hint-delay-ms":
                hintDelayMs = try milliseconds(0...60_000)
            default:
                throw ConfigError(file: file.name, line: entry.line, "unknown setting \"\(entry.key)\"")
            }
        }
    }
}
