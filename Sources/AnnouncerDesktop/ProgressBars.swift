
/// Progress bars that do not have the focus (docs/design.md §12), as a screen reader user
/// expects to hear them: a bar's value is said each time it reaches another multiple of
/// `stepPercent` (10: "10%", "20%"…), and at 100%; a bar in a window other than the active one
/// is not said (the bridge does not even read it). Pure (ProgressBarsTests).
public struct ProgressBars: Sendable, Equatable {
    /// Every this many percent is said; 0 says none (`desktop.progress-percent`).
    public var stepPercent: Int
    /// The mark each bar was at when last heard, said or not, by the bar's id.
    private var marks: [String: Int] = [:]
    /// The most bars followed at once: a bar seen again after the oldest were forgotten starts
    /// afresh.
    static let remembered = 256

    public init(stepPercent: Int = 10) {
        self.stepPercent = stepPercent
    }

    /// The percent a value is of its range, or nil when there is no range to be a part of.
    public static func percent(value: Double, minimum: Double?, maximum: Double?) -> Double? {
        let low = minimum ?? 0, high = maximum ?? 100
        guard high > low else { return nil }
        return min(max((value - low) / (high - low) * 100, 0), 100)
    }

    /// The mark to say for a bar now at `percent` (a multiple of the step, or 100), or nil: the
    /// first value heard of a bar, a value still at the mark said last, a bar outside the
    /// active window.
    public mutating func changed(_ id: String, percent: Double, inActiveWindow: Bool) -> Int? {
        guard stepPercent > 0 else { return nil }
        let whole = Int(percent.rounded(.down))
        let mark = whole >= 100 ? 100 : whole / stepPercent * stepPercent
        let last = marks[id]
        if last == nil, marks.count >= Self.remembered { marks.removeAll() }
        marks[id] = mark
        guard let last, last != mark, inActiveWindow else { return nil }
        return mark
    }
}
