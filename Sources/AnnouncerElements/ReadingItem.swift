/// One stop of VoiceOver's reading cursor: an accessible element and the position words its
/// container gives it.
public struct ReadingItem: Sendable, Equatable {
    public var element: Element
    public var context: ElementContext?

    public init(element: Element, context: ElementContext?) {
        self.element = element
        self.context = context
    }
}
