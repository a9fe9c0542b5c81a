import AnnouncerComposer
import AnnouncerElements

/// Check boxes and radio buttons a program draws in text (dialog's and whiptail's `[X] olives`,
/// `(*) Large`), as the elements they stand for: a check box is a check box whose value is its
/// state (1 checked, 0 not), a radio button carries the selected trait when it is chosen. Their
/// words are then the composer's, from the locale tables ("olives. Checked.", "Selected: Large"),
/// never words of the door's own; a radio button not chosen says nothing of its state, as
/// VoiceOver says nothing of an item not selected.
public enum DrawnControl {
    /// The boxes, as drawn, and what each says of its control.
    static let boxes: [(drawn: String, traits: Traits, value: String?)] = [
        ("[ ]", [.checkBox], "0"), ("[*]", [.checkBox], "1"), ("[X]", [.checkBox], "1"), ("[x]", [.checkBox], "1"),
        ("( )", [], nil), ("(*)", [.selected], nil),
    ]

    /// The controls on a line of spoken text (`ScreenLine.spokenText`), in order: each box with the
    /// text after it up to the next box as its label, and the text before the first box, if
    /// any, as an element of its own. A line with no box is one element, its text the label.
    public static func elements(in text: String) -> [Element] {
        var elements: [Element] = []
        var rest = Substring(text)
        var current = Element()
        while true {
            let next = boxes.compactMap { box in rest.firstRange(of: box.drawn).map { (range: $0, box: box) } }
                .min { $0.range.lowerBound < $1.range.lowerBound }
            let label = String((next.map { rest[..<$0.range.lowerBound] } ?? rest).trimmingWhitespace())
            if !label.isEmpty { current.label = label }
            if current.label != nil || current.value != nil || !current.traits.isEmpty { elements.append(current) }
            guard let next else { break }
            current = Element(value: next.box.value, traits: next.box.traits)
            rest = rest[next.range.upperBound...]
        }
        return elements.isEmpty ? [Element(label: "")] : elements
    }

    /// Whether a line draws a control at all.
    public static func drawsControl(_ text: String) -> Bool {
        boxes.contains { text.contains($0.drawn) }
    }

    /// A line of spoken text as it is said in output: its controls as the composer says them
    /// (description only: the hint is for the focus), the same words a highlighted one gets.
    public static func said(_ text: String, composer: UtteranceComposer) -> String {
        guard drawsControl(text) else { return text }
        let space = composer.catalog.words(for: nil, configured: composer.locale)[.space]
        return elements(in: text).map { composer.compose($0).description }.joined(separator: space)
    }
}
