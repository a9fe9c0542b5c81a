import AnnouncerBrailleRules
import AnnouncerElements
import AnnouncerFocus
import AnnouncerWire

/// The braille display's side of the session (docs/design.md §20): the focus, an announcement
/// flashed, a door's line with its caret, each shown through `BrailleSession` and sent to the
/// display's thread (`showBraille`) and to `braille` subscribers; the display's keys moving the
/// same focus model the keyboard moves, or sent to the door whose line is shown (`route`).
extension DaemonCore {
    public enum BrailleInput: Sendable, Equatable {
        case connected(width: Int)
        case disconnected(reason: String)
        case key(BrailleSession.Key)
        /// The time a `wakeBraille` asked for has come.
        case tick
    }

    /// Whether anything shows braille: a display configured (connected or not yet: the line is
    /// kept, to be shown as soon as BRLTTY answers), or a client that asked for `braille` events.
    var brailleWanted: Bool {
        configuration.braille != .off || brailleWidth != nil || clients.values.contains { $0.subscriptions.contains("braille") }
    }

    /// The locale's tables, with the configured grade and flash.
    private mutating func brailleTranslator() -> any BrailleTranslating {
        braille.grade = configuration.brailleGrade
        braille.flashMilliseconds = configuration.brailleFlashMs
        return makeBrailleTranslator(composer.words.brailleTables)
    }

    mutating func showBrailleFocus(_ element: Element, group: [ReadingItem], owner: ClientID, tree: Bool) -> [Action] {
        guard brailleWanted else { return [] }
        let line = BrailleComposer(words: composer(for: owner).words, positions: configuration.positions).focusLine(element, group: group)
        brailleOwner = (owner, tree)
        return showBraille(line)
    }

    /// A line translated and shown: to the display and to the subscribers.
    private mutating func showBraille(_ line: BrailleLine) -> [Action] {
        let translator = brailleTranslator()
        // The frame first: `shown` must read the session as the frame left it.
        let frame = braille.show(line, translator: translator)
        return shown(frame)
    }

    mutating func showBrailleText(_ text: String, caret: Int?, element: String?, owner: ClientID) -> [Action] {
        guard brailleWanted else { return [] }
        // A field being edited: its text in place on the focus line that shows it, if it does.
        if let element {
            guard brailleOwner?.client == owner, let edited = braille.line?.replacingText(of: element, with: text, caret: caret) else { return [] }
            return showBraille(edited)
        }
        brailleOwner = (owner, false)
        return showBraille(BrailleLine(kind: .text, text: text, caret: caret, regions: [.init(range: 0..<text.count, element: nil, textStart: 0)]))
    }

    mutating func flashBraille(_ text: String) -> [Action] {
        guard brailleWanted, !text.isEmpty, configuration.brailleFlashMs > 0 else { return [] }
        let translator = brailleTranslator()
        let frame = braille.flash(text, now: now, translator: translator)
        return shown(frame)
    }

    /// A frame to the display and to the subscribers, and the time its flash ends.
    private func shown(_ frame: BrailleSession.Frame) -> [Action] {
        var actions = broadcast(.braille(BrailleShown(frame)))
        if brailleWidth != nil { actions.append(.showBraille(frame.window)) }
        actions.append(.wakeBraille(at: braille.wake))
        return actions
    }

    mutating func brailleInput(_ input: BrailleInput) -> [Action] {
        switch input {
        case .connected(let width):
            brailleWidth = width
            let frame = braille.resize(width)
            return [.log(.info, "a braille display of \(width) cells is connected", limited: false)] + shown(frame)
        case .disconnected(let reason):
            let had = brailleWidth != nil
            brailleWidth = nil
            guard had || configuration.braille == .on else { return [] }
            return [.log(.warning, reason, limited: true)]
        case .tick:
            guard let frame = braille.tick(now: now) else { return [] }
            return shown(frame)
        case .key(let key):
            let (frame, command) = braille.press(key)
            var actions: [Action] = []
            if let frame { actions = shown(frame) }
            if let command { actions += brailleCommand(command) }
            return actions
        }
    }

    /// A display key's command: the tree's focus model moves as the keyboard moves it; another
    /// door's line gets a `route` event (its caret, its element) or `activate`.
    private mutating func brailleCommand(_ command: BrailleSession.Command) -> [Action] {
        guard let (owner, tree) = brailleOwner, clients[owner] != nil else { return [] }
        if tree, var engine = clients[owner]?.focusEngine {
            let actions: [FocusEngine.Action]
            switch command {
            case .focus(let element): actions = engine.focus(elementID: element)
            case .activate: actions = engine.press(KeyPress("space"))
            case .previous: actions = engine.press(KeyPress("up"))
            case .next: actions = engine.press(KeyPress("down"))
            case .first, .last: actions = engine.navigate(command == .first ? "first" : "last")
            case .caret(let element, let offset): return [.send(owner, .event(.route(element: element, offset: offset)))]
            }
            withClient(owner) { $0.focusEngine = engine }
            var events: [Action] = []
            _ = perform(actions, owner: owner, events: &events)
            return events
        }
        switch command {
        case .focus(let element): return [.send(owner, .event(.route(element: element, offset: nil)))]
        case .activate(let element): return [.send(owner, .event(.activate(element: element)))]
        case .caret(let element, let offset): return [.send(owner, .event(.route(element: element, offset: offset)))]
        case .previous, .next, .first, .last: return []
        }
    }
}
