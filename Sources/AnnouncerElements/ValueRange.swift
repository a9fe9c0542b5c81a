import AnnouncerSupport

/// The bounds of an adjustable element's value (a slider's, a spin button's: docs/design.md §2
/// `range`), said after what the element is: "Red: 128. Slider. 0 to 255."
public struct ValueRange: Sendable, Equatable {
    public var minimum: Double
    public var maximum: Double

    public init(minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The largest bound accepted, so that a typo cannot make the composer format nonsense.
    public static let largest = 1e15

    init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: path)
        try reader.rejectUnknownKeys(allowed: ["minimum", "maximum"])
        let minimum = try reader.required("minimum") { key throws(FieldError) in try reader.number(key, in: -Self.largest...Self.largest) }
        let maximum = try reader.required("maximum") { key throws(FieldError) in try reader.number(key, in: -Self.largest...Self.largest) }
        guard minimum <= maximum else {
            throw FieldError(.invalid, path: reader.pathOf("maximum"), "maximum \(ValueRange.text(maximum)) is less than minimum \(ValueRange.text(minimum))")
        }
        self.init(minimum: minimum, maximum: maximum)
    }

    var json: JSONValue { ["minimum": .number(minimum), "maximum": .number(maximum)] }

    /// A bound as it is said: a whole number without a fraction ("255"), else its digits ("0.5").
    public static func text(_ bound: Double) -> String {
        bound == bound.rounded() && abs(bound) < largest ? String(Int(bound)) : String(bound)
    }

    func text(_ bound: Double) -> String { Self.text(bound) }
}
