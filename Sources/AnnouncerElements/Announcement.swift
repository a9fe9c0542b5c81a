import AnnouncerSupport

/// An `announce` request: text to speak, with its priority and voice attributes.
public struct Announcement: Sendable, Equatable {
    /// `progress`: the latest of a series (a progress bar's value), said when the voice is
    /// free; a newer one supersedes one still waiting, and it cuts nothing off (the scheduler's
    /// progress message, `Request.schedulerEvent`).
    public enum Priority: String, Sendable, CaseIterable { case high, `default`, low, progress }
    public enum Punctuation: String, Sendable, CaseIterable { case none, some, most, all }

    /// The longest delay a client may ask for, so that nothing waits forever.
    public static let maximumDelayMs = 600_000

    public var text: String
    public var priority: Priority = .default
    public var delayMs: Int = 0
    public var interrupt: Bool = false
    public var language: String?
    public var spellOut: Bool = false
    public var punctuation: Punctuation?
    /// 0–2, 1 is the voice's own pitch.
    public var pitch: Double?
    /// A multiple of the configured rate, 0.25–4.
    public var rate: Double?
    /// A multiple of the configured volume, 0–2.
    public var volume: Double?

    public init(text: String, priority: Priority = .default) {
        self.text = text
        self.priority = priority
    }

    package init(reader: JSONObjectReader) throws(FieldError) {
        self.init(text: try reader.required("text") { key throws(FieldError) in try reader.string(key) })
        if let priority = try reader.choice("priority", Priority.allCases.map(\.rawValue)) {
            self.priority = Priority(rawValue: priority)!
        }
        delayMs = try reader.integer("delayMs", in: 0...Self.maximumDelayMs) ?? 0
        interrupt = try reader.bool("interrupt") ?? false
        language = try reader.languageTag("language")
        spellOut = try reader.bool("spellOut") ?? false
        if let punctuation = try reader.choice("punctuation", Punctuation.allCases.map(\.rawValue)) {
            self.punctuation = Punctuation(rawValue: punctuation)!
        }
        pitch = try Self.bounded(reader, "pitch", 0...2)
        rate = try Self.bounded(reader, "rate", 0.25...4)
        volume = try Self.bounded(reader, "volume", 0...2)
    }

    private static func bounded(_ reader: JSONObjectReader, _ key: String, _ range: ClosedRange<Double>) throws(FieldError) -> Double? {
        guard let number = try reader.number(key) else { return nil }
        guard range.contains(number) else {
            throw FieldError(.invalid, path: reader.pathOf(key), "expected a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted), got \(JSONValue.number(number).serialized())")
        }
        return number
    }
}

extension Double {
    var formatted: String { JSONValue.number(self).serialized() }
}
