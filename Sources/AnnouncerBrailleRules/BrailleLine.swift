/// One line for a braille display, as text before translation (docs/design.md §20): the focus
/// with its neighbours, a text field's or a terminal's line with its caret, or an announcement
/// flashed. Its regions say what a routing key pressed over each stretch of it does.
public struct BrailleLine: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The focus (and the elements beside it in its group).
        case focus
        /// A line of text a door shows with its caret (a terminal's line).
        case text
        /// An announcement, shown for a while and then the focus again.
        case flash
    }

    /// A stretch of the line that is one element, or one editable text.
    public struct Region: Sendable, Equatable {
        /// Characters of `text`, counted as Swift characters.
        public var range: Range<Int>
        /// The element shown there, when it is one.
        public var element: String?
        /// Where the element's editable text starts in the line: a routing key at or after it
        /// moves the caret there rather than the focus.
        public var textStart: Int?

        public init(range: Range<Int>, element: String?, textStart: Int? = nil) {
            self.range = range
            self.element = element
            self.textStart = textStart
        }
    }

    public var kind: Kind
    public var text: String
    /// The caret, as a character offset in `text` (`text.count` at its end).
    public var caret: Int?
    public var regions: [Region]
    /// The element that has the focus, whose region the display starts at.
    public var focused: String?

    public init(kind: Kind, text: String, caret: Int? = nil, regions: [Region] = [], focused: String? = nil) {
        self.kind = kind
        self.text = text
        self.caret = caret
        self.regions = regions
        self.focused = focused
    }

    /// Where the focused element's region starts (0 when there is none).
    public var focusStart: Int {
        regions.first { $0.element != nil && $0.element == focused }?.range.lowerBound ?? 0
    }

    /// The region under a character of the line.
    public func region(at character: Int) -> Region? {
        regions.first { $0.range.contains(character) || ($0.range.upperBound == character && $0.textStart != nil) }
    }

    /// The line with an element's editable text replaced (the field as it is being edited) and
    /// the caret in it; nil when the line shows no editable text of that element.
    public func replacingText(of element: String, with text: String, caret: Int?) -> BrailleLine? {
        guard let index = regions.firstIndex(where: { $0.element == element && $0.textStart != nil }),
              let textStart = regions[index].textStart else { return nil }
        let characters = Array(self.text)
        let end = regions[index].range.upperBound
        let delta = text.count - (end - textStart)
        var line = self
        line.text = String(characters[..<textStart]) + text + String(characters[end...])
        line.caret = textStart + min(max(caret ?? text.count, 0), text.count)
        line.regions[index].range = regions[index].range.lowerBound..<(end + delta)
        for later in regions.indices where later > index {
            line.regions[later].range = (regions[later].range.lowerBound + delta)..<(regions[later].range.upperBound + delta)
            line.regions[later].textStart = regions[later].textStart.map { $0 + delta }
        }
        return line
    }
}
