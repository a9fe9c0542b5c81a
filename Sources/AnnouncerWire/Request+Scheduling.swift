import AnnouncerComposer
import AnnouncerFocus
import AnnouncerScheduler

extension Request {
    /// What the scheduler hears for this request: a focus (or a screen's initial focus) as its
    /// composed description and hint, an announcement, an echo, a window's title, or `stop`; nil for requests that do not
    /// speak by themselves.
    ///
    /// A screen speaks what `FocusEngine.firstSpoken` chooses, as the daemon does.
    public func schedulerEvent(composer: UtteranceComposer) -> SchedulerEvent? {
        switch self {
        case .focus(let element):
            return Self.focusEvent(composer.compose(element))
        case .screen(let tree, let focus):
            guard let target = FocusEngine.firstSpoken(in: tree, focus: focus) else { return nil }
            return Self.focusEvent(composer.compose(target))
        case .announce(let announcement) where announcement.priority == .progress:
            return .message(Speech(announcement), .progress, held: false)
        case .announce(let announcement):
            return .announce(announcement)
        case .stop:
            return .stop
        case .echo(let text, let unit, let language):
            // A character is said as itself, punctuation included ("comma", not a pause).
            return .echo(Speech(text: text, language: language, spellOut: unit == .spelled, punctuation: unit == .character ? .all : nil))
        case .window(let title, let role, let language):
            return .window(Speech(composer.composeWindow(title: title, role: role, language: language)))
        case .hello, .status, .update, .key, .navigate, .commands, .shortcuts, .subscribe, .voices, .braille:
            return nil
        case .settings:
            // Said by the daemon, in the settings as they are once changed (`DaemonCore`).
            return nil
        }
    }

    /// Announcer's words in the user's voice; the element's own text, where it is in another
    /// language, in that language's (`Utterance.spans`).
    private static func focusEvent(_ utterance: Utterance) -> SchedulerEvent {
        .focus(
            description: Speech(utterance),
            hint: utterance.hint.map { Speech(text: $0, spans: utterance.hintSpans) }
        )
    }
}
