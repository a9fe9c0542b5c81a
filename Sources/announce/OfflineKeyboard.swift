import AnnouncerComposer
import AnnouncerFocus
import AnnouncerSupport
import AnnouncerWire

/// The keyboard focus model as announcerd runs it for the client that registered the last
/// screen, with no daemon: `screen` registers a tree (its first focus by the daemon's rule),
/// `update` changes it, `commands` registers shortcuts, `key` and `navigate` move through it.
/// What each does is `FocusEngine.Action.outcome`, announcerd's own rule.
struct OfflineKeyboard {
    private var engine: FocusEngine?
    private var commands: [KeyCommand] = []
    let composer: UtteranceComposer

    init(composer: UtteranceComposer) {
        self.composer = composer
    }

    /// What a request makes the keyboard model say and send; nothing for other requests.
    mutating func apply(_ request: Request) throws(RequestError) -> [FocusOutcome] {
        let actions: [FocusEngine.Action]
        switch request {
        case .screen(let tree, let focus):
            var engine = FocusEngine(tree: tree)
            engine.register(commands)
            actions = engine.replaceTree(tree, focus: focus)
            self.engine = engine
        case .update(let elements, let focus):
            guard var engine else { throw RequestError(.noTree, "no screen before this update; send \"screen\" first") }
            do {
                actions = try engine.updateElements(elements, focus: focus)
            } catch {
                throw RequestError(error, id: nil)
            }
            self.engine = engine
        case .commands(let commands):
            self.commands = commands
            engine?.register(commands)
            return []
        case .key(let key):
            guard var engine else { throw RequestError(.noTree, "no screen before this key, so there is nothing to move through") }
            actions = engine.press(key)
            self.engine = engine
        case .navigate(let direction):
            guard var engine else { throw RequestError(.noTree, "no screen before this navigate, so there is nothing to move through") }
            actions = engine.navigate(direction)
            self.engine = engine
        default:
            return []
        }
        return actions.map { $0.outcome(composer: composer) }
    }
}
