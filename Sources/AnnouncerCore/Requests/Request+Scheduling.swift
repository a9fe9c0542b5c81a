extension Request {
    /// What the scheduler hears for this request: a focus (or a screen's initial focus) as its
    /// composed description and hint, an announcement, or `stop`; nil for requests that do not
    /// speak by themselves.
    ///
    /// A screen speaks its `focus` element, else its first interactive element in reading order,
    /// else its first accessible one.
    public func schedulerEvent(composer: UtteranceComposer) -> SchedulerEvent? {
        switch self {
        case .focus(let element):
            return Self.focusEvent(composer.compose(element), language: element.language)
        case .screen(let tree, let focus):
            let items = tree.readingOrder
            let target = items.first { focus != nil && $0.element.id == focus }
                ?? items.first { $0.element.isInteractive }
                ?? items.first
            guard let target else { return nil }
            return Self.focusEvent(composer.compose(target), language: target.element.language)
        case .announce(let announcement):
            return .announce(announcement)
        case .stop:
            return .stop
        case .hello, .status, .update, .key, .navigate, .commands, .shortcuts, .subscribe:
            return nil
        }
    }

    private static func focusEvent(_ utterance: Utterance, language: String?) -> SchedulerEvent {
        .focus(
            description: Speech(text: utterance.description, language: language),
            hint: utterance.hint.map { Speech(text: $0, language: language) }
        )
    }
}
