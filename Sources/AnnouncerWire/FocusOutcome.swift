import AnnouncerComposer
import AnnouncerFocus
import AnnouncerScheduler

/// What one of the focus engine's actions becomes: words said as the new focus (with a hint),
/// and the event the tree's owner is told. The one rule for announcerd and `announce compose`.
public struct FocusOutcome: Sendable, Equatable {
    /// Said as a focus: it replaces what the key before it said.
    public var description: Speech?
    public var hint: Speech?
    /// The element said, when it is one.
    public var element: String??
    /// Sent to the tree's owner (whether it subscribed or not).
    public var event: DaemonEvent?

    /// The scheduler's event for what is said, if anything is.
    public var schedulerEvent: SchedulerEvent? {
        description.map { .focus(description: $0, hint: hint) }
    }
}

extension FocusEngine.Action {
    public func outcome(composer: UtteranceComposer) -> FocusOutcome {
        switch self {
        case .focus(let item), .read(let item):
            let utterance = composer.compose(item)
            // Announcer's words in the user's voice, the element's own text in its language's.
            var outcome = FocusOutcome(
                description: Speech(utterance),
                hint: utterance.hint.map { Speech(text: $0, spans: utterance.hintSpans) },
                element: .some(item.element.id)
            )
            if case .focus = self {
                outcome.event = .focus(element: item.element.id, frame: item.element.frame, shape: item.element.shape)
            }
            return outcome
        case .say(let words):
            return FocusOutcome(description: Speech(text: words.text(composer: composer)))
        case .activate(let element):
            return FocusOutcome(event: .activate(element: element))
        case .action(let element, let action):
            return FocusOutcome(event: .action(element: element, action: action))
        case .adjust(let element, let direction):
            return FocusOutcome(event: .adjust(element: element, direction: direction.rawValue))
        case .command(let command, let element):
            return FocusOutcome(event: .command(command: command, element: element))
        }
    }
}
