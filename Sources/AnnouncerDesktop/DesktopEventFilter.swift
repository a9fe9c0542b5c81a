import AnnouncerCore

/// What the desktop tells the bridge, already read from AT-SPI (DESIGN §12).
public enum DesktopEvent: Sendable, Equatable {
    /// An object gained the focus (`state-changed:focused` with detail 1), or became the active
    /// descendant of a list, tree, menu or table.
    case focused(AccessibleSnapshot)
    /// An object's name, value or a state that is spoken (checked, selected, expanded,
    /// sensitive) changed.
    case changed(AccessibleSnapshot)
    /// Text was typed into an object.
    case textInserted(id: String, text: String)
    /// `object:announcement`: assertive ones interrupt.
    case announcement(String, assertive: Bool)
    /// A window became active: its title.
    case windowActivated(title: String)
}

/// What the bridge asks of announcerd.
public enum DesktopRequest: Sendable, Equatable {
    case focus(Element)
    case announce(Announcement)
    /// Typing echo: said at once, cutting off the echo before it (and never said again).
    case echo(String)
    /// A new window: its title as a screen change.
    case screen(title: String)
}

/// Typing feedback in a focused text field, as VoiceOver's: each character, each word, or none.
public enum TypingEcho: String, Sendable, CaseIterable {
    case characters, words, none
}

/// The bridge's rules, with no clock of its own and no AT-SPI (DesktopEventFilterTests): real
/// toolkits send events doubled and in storms; only the latest focus of a storm speaks, a focus
/// repeated within `duplicateMs` of the one spoken is dropped, a change to the focused object
/// says it again, typing in the focused object is echoed.
public struct DesktopEventFilter: Sendable {
    /// A focus waits this long for a newer one (GTK sends two for one Tab; a held arrow key,
    /// dozens): only the last is spoken.
    public var coalesceMs: Milliseconds = 10
    /// The same focus again within this long of the one spoken is the toolkit repeating itself.
    public var duplicateMs: Milliseconds = 150
    public var typingEcho: TypingEcho

    private var pending: AccessibleSnapshot?
    private var pendingSince: Milliseconds = 0
    /// The object spoken as the focus, what was said of it, and when.
    private var focused: (object: AccessibleSnapshot, element: Element, at: Milliseconds)?
    /// The word being typed, for word echo.
    private var word = ""

    public init(typingEcho: TypingEcho = .characters) {
        self.typingEcho = typingEcho
    }

    /// When `due` should be called next, if anything waits.
    public var deadline: Milliseconds? { pending == nil ? nil : pendingSince + coalesceMs }

    public mutating func receive(_ event: DesktopEvent, at now: Milliseconds) -> [DesktopRequest] {
        var requests = due(at: now)
        switch event {
        case .focused(let object):
            if let focused, focused.object.id == object.id, focused.element == AccessibleMapping.element(object),
               now - focused.at < duplicateMs, pending == nil {
                break
            }
            if pending == nil { pendingSince = now }
            pending = object
            word = ""
        case .changed(let object):
            if let pendingObject = pending, pendingObject.id == object.id {
                pending = object
            } else if let focused, focused.object.id == object.id {
                let element = AccessibleMapping.element(object)
                if element != focused.element {
                    self.focused = (object, element, now)
                    requests.append(.focus(element))
                }
            }
        case .textInserted(let id, let text):
            guard focused?.object.id == id || pending?.id == id else { break }
            requests += echo(text)
        case .announcement(let text, let assertive):
            guard !text.isEmpty else { break }
            requests.append(.announce(Announcement(text: text, priority: assertive ? .high : .default)))
        case .windowActivated(let title):
            requests.append(.screen(title: title))
        }
        return requests
    }

    /// The focus that has waited its `coalesceMs`, if its time has come.
    public mutating func due(at now: Milliseconds) -> [DesktopRequest] {
        guard let object = pending, now >= pendingSince + coalesceMs else { return [] }
        pending = nil
        let element = AccessibleMapping.element(object)
        guard AccessibleMapping.speaks(element) else { return [] }
        if let focused, focused.object.id == object.id, focused.element == element, now - focused.at < duplicateMs {
            return []
        }
        focused = (object, element, now)
        return [.focus(element)]
    }

    private mutating func echo(_ text: String) -> [DesktopRequest] {
        switch typingEcho {
        case .none:
            return []
        case .characters:
            return [.echo(text)]
        case .words:
            var requests: [DesktopRequest] = []
            for character in text {
                if character.isLetter || character.isNumber {
                    word.append(character)
                } else if !word.isEmpty {
                    requests.append(.echo(word))
                    word = ""
                }
            }
            return requests
        }
    }
}
