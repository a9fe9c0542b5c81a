import AnnouncerCore
import AnnouncerSSIP
import AnnouncerSystem

/// The daemon's state about its clients, as a value driven by events: who is connected, who
/// owns which tree (and whose the keyboard acts on), who subscribed to what, whose turn it is to
/// be served, and each client's share of the queue. It answers every request line and returns
/// what the I/O shell (`Daemon`, `Connection`) must do; it never touches a socket, so its rules
/// are tested by tables (SessionMachineTests).
public struct SessionMachine {
    public typealias ClientID = Int

    /// Which protocol a client speaks: the JSON socket's (docs/design.md §5) or SSIP (§11).
    public enum Door: Sendable, Equatable {
        case json
        case ssip
    }

    public enum Input: Equatable {
        /// A client connected through a door: its credentials from SO_PEERCRED.
        case connected(ClientID, uid: UInt32, pid: Int32, door: Door = .json)
        /// A line the client sent (or one too long to read).
        case line(ClientID, LineFramer.Item)
        /// Output was written to the client; this much is still unread.
        case writable(ClientID, backlog: Int)
        /// The client's connection closed; `reason` when it was not the client's own doing.
        case closed(ClientID, reason: String?)
        /// An utterance's first audio reached the sink.
        case speaking(ScheduledUtterance)
        /// An utterance ended.
        case finished(UtteranceID, FinishStatus, reason: String?)
        /// Speech reached a mark in an utterance's text.
        case mark(UtteranceID, String)
        /// The time a `wake` action asked for has come for this client.
        case wake(ClientID)
    }

    public enum Action: Equatable {
        /// Start reading the client's requests.
        case admit(ClientID)
        /// Write this line to the client.
        case send(ClientID, DaemonMessage)
        /// Write this text to the client as it is (SSIP's replies and events).
        case write(ClientID, String)
        /// Close the client's connection once what was sent to it has been written (SSIP's `QUIT`).
        case hangUp(ClientID)
        /// Feed back `wake(client)` at this time on the scheduler's clock.
        case wake(ClientID, at: Milliseconds)
        /// Tell the client why it cannot be served, in one line, and let it go.
        case refuse(ClientID, Reply)
        /// Close the client's connection (what was sent is not waited for).
        case close(ClientID, reason: String)
        /// Hand the scheduler an event nobody waits a reply for.
        case schedule(SchedulerEvent)
        /// Accept new clients again (one has left).
        case resumeAccepting
        /// A line for the log; `limited` ones may repeat without end and are rate-limited.
        case log(LogLevel, String, limited: Bool)
    }

    struct Client {
        var pid: Int32
        /// The name it gave in `hello`.
        var name: String?
        var subscriptions: Set<String> = []
        /// Its registered tree, with the keyboard focus over it.
        var focusEngine: FocusEngine?
        /// Its shortcuts, kept from before and across trees.
        var commands: [KeyCommand] = []
        /// Its utterances that have not finished yet.
        var waiting: Set<UtteranceID> = []
        /// Lines it has sent that wait for their turn.
        var pendingLines = 0
        /// Lines it has sent that have not been answered yet.
        var unanswered = 0
        /// Its side of SSIP, when it came through that door.
        var ssip: SSIPSession?
        /// SSIP events that wait until the client is not waiting for a reply.
        var heldEvents: [String] = []
        /// SSIP: its speech is paused (`PAUSE`) until `RESUME`.
        var paused = false
        /// SSIP: when it was last answered, on the scheduler's clock.
        var lastReplyAt: Milliseconds = -.infinity
        /// SSIP: the wake-up asked for to release its held events.
        var wakeAt: Milliseconds?
    }

    public var composer: UtteranceComposer
    public var limits: DaemonLimits
    public let sinkDescription: String
    /// Only this user's processes may connect.
    public let uid: UInt32
    var clients: [ClientID: Client] = [:]
    /// Clients with a tree, least recently registered or updated first: the keyboard acts on the last.
    private(set) var treeOwners: [ClientID] = []
    var ownerOf: [UtteranceID: ClientID] = [:]
    /// SSIP messages: the events their client asked for when it sent them.
    var ssipNotifications: [UtteranceID: Set<SSIPEvent>] = [:]
    /// SSIP messages cut off by `PAUSE`: they say `RESUMED`, not `BEGIN`, when they start again.
    var pausedWhileSpeaking: Set<UtteranceID> = []
    /// The synthesizer's voices, for SSIP's `LIST SYNTHESIS_VOICES` (asked for once, when needed).
    public var voiceLister: () -> [SynthesisVoice] = { [] }
    var voices: [SynthesisVoice]?
    /// The window a door said last; the same one again is not said.
    var activeWindow: ActiveWindow?
    /// Clients with lines waiting, in the order they are served.
    private var turns: [ClientID] = []

    public static let version = AnnouncerVersion.current
    public static let protocolVersion = 1
    /// Lines a client is served in one turn before the others get theirs.
    public static let linesPerTurn = 32

    public init(composer: UtteranceComposer, limits: DaemonLimits, sinkDescription: String, uid: UInt32) {
        self.composer = composer
        self.limits = limits
        self.sinkDescription = sinkDescription
        self.uid = uid
    }

    public var clientCount: Int { clients.count }

    /// The client the keyboard acts on: the one that sent `screen` or `update` last.
    public var activeTreeOwner: ClientID? { treeOwners.last }

    // MARK: - Turns

    /// The client has lines to be served (`count` more).
    public mutating func linesArrived(_ client: ClientID, count: Int) {
        guard count > 0, clients[client] != nil else { return }
        if clients[client]!.pendingLines == 0 && !turns.contains(client) { turns.append(client) }
        clients[client]!.pendingLines += count
        clients[client]!.unanswered += count
    }

    /// Whose turn it is, and how many of its lines to serve now; nil when nobody waits. A client
    /// with lines left after its turn goes to the back of the line.
    public mutating func nextTurn() -> (client: ClientID, lines: Int)? {
        while let client = turns.first {
            turns.removeFirst()
            guard let pending = clients[client]?.pendingLines, pending > 0 else { continue }
            let lines = min(pending, Self.linesPerTurn)
            clients[client]!.pendingLines -= lines
            if clients[client]!.pendingLines > 0 { turns.append(client) }
            return (client, lines)
        }
        return nil
    }

    // MARK: - Events

    public mutating func handle(_ input: Input, speech: some SpeechQueue) -> [Action] {
        switch input {
        case .connected(let client, let peerUID, let pid, let door):
            return connect(client, peerUID: peerUID, pid: pid, door: door)
        case .line(let client, let item):
            guard clients[client] != nil else { return [] }
            guard clients[client]!.ssip != nil else {
                clients[client]!.unanswered = max(clients[client]!.unanswered - 1, 0)
                return answer(item, from: client, speech: speech)
            }
            // The line counts as unanswered until its reply is out: an event it causes waits.
            let actions = answerSSIP(item, from: client, speech: speech)
            guard clients[client] != nil else { return actions }
            clients[client]!.unanswered = max(clients[client]!.unanswered - 1, 0)
            return actions + releaseHeldEvents(of: client, speech: speech)
        case .writable(let client, let backlog):
            guard clients[client] != nil, backlog > limits.maximumBacklogBytes else { return [] }
            return [.close(client, reason: "it left \(backlog) bytes unread (the limit is \(limits.maximumBacklogBytes))")]
        case .closed(let client, let reason):
            return disconnect(client, reason: reason)
        case .speaking(let item):
            return ssipStarted(item.id, speech: speech) + broadcast(.speaking(utterance: item.id, text: item.speech.text, kind: item.kind.description))
        case .finished(let id, let status, let reason):
            let ssipEvents = ssipFinished(id, status, speech: speech)
            if let owner = ownerOf.removeValue(forKey: id) { clients[owner]?.waiting.remove(id) }
            var actions: [Action] = []
            if let reason { actions.append(.log(.warning, "utterance \(id) failed: \(reason)", limited: false)) }
            return actions + ssipEvents + broadcast(.finished(utterance: id, status: status, reason: reason))
        case .mark(let id, let name):
            return ssipMark(id, name, speech: speech)
        case .wake(let client):
            clients[client]?.wakeAt = nil
            return releaseHeldEvents(of: client, speech: speech)
        }
    }

    private mutating func connect(_ client: ClientID, peerUID: UInt32, pid: Int32, door: Door) -> [Action] {
        guard peerUID == uid else {
            return [.close(client, reason: "uid \(peerUID) may not connect"),
                    .log(.warning, "refused a connection from uid \(peerUID) (pid \(pid)): only uid \(uid) may use this daemon", limited: true)]
        }
        guard clients.count < limits.maximumClients else {
            return [.refuse(client, Reply(RequestError(.tooManyClients, "announcerd already serves \(limits.maximumClients) clients (max-clients)"))),
                    .log(.warning, "refused client pid \(pid): \(limits.maximumClients) clients are connected already", limited: true)]
        }
        var admitted = Client(pid: pid)
        if door == .ssip { admitted.ssip = SSIPSession(client: client) }
        clients[client] = admitted
        return [.admit(client)]
    }

    /// A client that has gone leaves nothing waiting: what it queued is `cancelled` (what is
    /// already speaking plays on), and its tree goes with it.
    private mutating func disconnect(_ client: ClientID, reason: String?) -> [Action] {
        guard let gone = clients.removeValue(forKey: client) else { return [] }
        treeOwners.removeAll { $0 == client }
        turns.removeAll { $0 == client }
        var actions: [Action] = []
        if !gone.waiting.isEmpty {
            for id in gone.waiting {
                ownerOf[id] = nil
                ssipNotifications[id] = nil
            }
            actions.append(.schedule(.cancelWaiting(gone.waiting)))
        }
        actions.append(.resumeAccepting)
        if let reason {
            let name = gone.name ?? gone.ssip?.name
            actions.append(.log(.warning, "client \(client)\(name.map { " \"\($0)\"" } ?? "") (pid \(gone.pid)) disconnected: \(reason)", limited: false))
        }
        return actions
    }

    private func broadcast(_ event: DaemonEvent) -> [Action] {
        // Only the subscribers are sorted (for a stable order), not every client, at every event.
        clients.filter { $0.value.subscriptions.contains(event.name) }.keys.sorted().map { .send($0, .event(event)) }
    }

    // MARK: - Requests

    private mutating func answer(_ item: LineFramer.Item, from client: ClientID, speech: some SpeechQueue) -> [Action] {
        switch item {
        case .tooLong(let length):
            return [.send(client, .reply(Reply(RequestError(.tooLong, "the line is longer than \(Request.maximumLineBytes) bytes (\(length) so far); it was skipped"))))]
        case .line(let bytes):
            if RequestInput.isBlank(bytes) { return [] }
            do {
                let line = try RequestLine(bytes)
                var actions: [Action] = []
                let reply = self.reply(to: line, from: client, speech: speech, events: &actions)
                // The events it caused (a focus ring) reach the owner before the reply.
                return actions + [.send(client, .reply(reply))]
            } catch {
                return [.send(client, .reply(Reply(error)))]
            }
        }
    }

    private mutating func reply(to line: RequestLine, from client: ClientID, speech: some SpeechQueue, events: inout [Action]) -> Reply {
        let id = line.id
        switch line.request {
        case .hello(let name, let version):
            if let version, version != Self.protocolVersion {
                return Reply(RequestError(.unsupportedProtocol, "this announcerd speaks protocol \(Self.protocolVersion), not \(version)", id: id))
            }
            clients[client]!.name = name
            return Reply(id: id, .welcome(protocol: Self.protocolVersion, version: Self.version))
        case .window(let title, let role, _):
            let window = ActiveWindow(client: client, title: title, role: role)
            // Said once when it becomes active: the same window again (a door's doubled event)
            // is not said again.
            guard window != activeWindow else { return Reply(id: id, .ok(.init())) }
            activeWindow = window
            fallthrough
        case .focus, .announce, .stop, .echo:
            guard let event = line.request.schedulerEvent(composer: composer) else { return Reply(id: id, .ok(.init())) }
            let output = submit(event, for: client, speech: speech)
            if var rejection = output.rejection {
                rejection.id = id
                return Reply(rejection)
            }
            return Reply(id: id, .ok(accepted(output)))
        case .status:
            return Reply(id: id, .status(DaemonStatus(version: Self.version, protocolVersion: Self.protocolVersion, clients: clients.count,
                                                      queue: speech.waitingCount, counters: speech.counters, sink: sinkDescription,
                                                      restarts: speech.engineRestarts)))
        case .voices:
            if voices == nil { voices = voiceLister() }
            return Reply(id: id, .voices(voices ?? []))
        case .subscribe(let names):
            clients[client]!.subscriptions = names
            return Reply(id: id, .subscribed(names))
        case .screen(let tree, let focus):
            var engine = FocusEngine(tree: tree)
            engine.register(clients[client]!.commands)
            let actions = engine.replaceTree(tree, focus: focus)
            clients[client]!.focusEngine = engine
            makeActive(client)
            return Reply(id: id, .ok(perform(actions, owner: client, speech: speech, events: &events)))
        case .update(let elements, let focus):
            guard var engine = clients[client]!.focusEngine else {
                return Reply(RequestError(.noTree, "this client has registered no tree; send \"screen\" first", id: id))
            }
            do {
                let actions = try engine.updateElements(elements, focus: focus)
                clients[client]!.focusEngine = engine
                makeActive(client)
                return Reply(id: id, .ok(perform(actions, owner: client, speech: speech, events: &events)))
            } catch {
                return Reply(RequestError(error, id: id))
            }
        case .commands(let commands):
            clients[client]!.commands = commands
            clients[client]!.focusEngine?.register(commands)
            return Reply(id: id, .commandsRegistered(commands.count))
        case .key, .navigate, .shortcuts:
            guard let owner = activeTreeOwner, var engine = clients[owner]?.focusEngine else {
                return Reply(RequestError(.noTree, "no client has registered a tree, so there is nothing to move through", id: id))
            }
            let actions: [FocusEngine.Action]
            switch line.request {
            case .key(let key): actions = engine.press(key)
            case .navigate(let direction): actions = engine.navigate(direction)
            default: return Reply(id: id, .shortcuts(engine.enabledCommands))
            }
            clients[owner]!.focusEngine = engine
            return Reply(id: id, .ok(perform(actions, owner: owner, speech: speech, events: &events)))
        }
    }

    /// Hands the scheduler a request on a client's behalf, within the client's share of the
    /// queue, and remembers what it accepted as the client's until it finishes.
    mutating func submit(_ event: SchedulerEvent, for client: ClientID, speech: some SpeechQueue) -> SchedulerOutput {
        let waitingCount = clients[client]?.waiting.count ?? 0
        var isAnnouncement = false
        switch event {
        case .announce, .message: isAnnouncement = true
        default: break
        }
        if isAnnouncement, waitingCount >= limits.maximumQueuedPerClient {
            return SchedulerOutput(rejection: RequestError(.queueFull, "this client already has \(waitingCount) utterances waiting, its share of the queue (max-queued-per-client); try again when some have been spoken"))
        }
        let output = speech.submit(event)
        for utterance in output.accepted {
            clients[client]?.waiting.insert(utterance)
            ownerOf[utterance] = client
        }
        return output
    }

    private func accepted(_ output: SchedulerOutput) -> Reply.Accepted {
        Reply.Accepted(utterance: output.accepted.first, hint: output.accepted.count > 1 ? output.accepted[1] : nil)
    }

    struct ActiveWindow: Equatable {
        var client: ClientID
        var title: String
        var role: WindowRole
    }

    private mutating func makeActive(_ client: ClientID) {
        // A client's own screen is a window of its own: a door's window is said again after it.
        activeWindow = nil
        treeOwners.removeAll { $0 == client }
        treeOwners.append(client)
    }

    /// Carries out the focus engine's actions: speech through the scheduler, interaction events
    /// to the tree's owner (whether it subscribed or not). Returns what was spoken, for the reply.
    private mutating func perform(_ actions: [FocusEngine.Action], owner: ClientID, speech: some SpeechQueue, events: inout [Action]) -> Reply.Accepted {
        var result = Reply.Accepted()
        for action in actions {
            let outcome = action.outcome(composer: composer)
            if let said = outcome.schedulerEvent {
                // The reply names the latest utterance and hint.
                let spoken = accepted(submit(said, for: owner, speech: speech))
                result.utterance = spoken.utterance ?? result.utterance
                result.hint = spoken.hint ?? result.hint
            }
            if let element = outcome.element { result.element = element }
            if let event = outcome.event { events.append(.send(owner, .event(event))) }
        }
        return result
    }
}
