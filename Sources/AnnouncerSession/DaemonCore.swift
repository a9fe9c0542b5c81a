import AnnouncerBrailleRules
import AnnouncerComposer
import AnnouncerFocus
import AnnouncerSSIP
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerWire

/// Everything announcerd decides, as one value driven by inputs with their time: who is
/// connected, who owns which tree (and whose the keyboard acts on), who subscribed to what, whose
/// turn it is to be served, each client's share of the queue, and the one voice's scheduler.
/// It answers every request line, takes the engine's reports and the clock's ticks, and returns
/// what the I/O shell (`Daemon`, `Connection`) must do — replies, events, what the engine says
/// and cuts off, when to wake it. It never touches a socket, a thread or a clock, so a recorded
/// session replays to the same replies, events and speech (DaemonCoreReplayTests), and its rules
/// are tested by tables (DaemonCoreTests).
///
/// It is composed of small values, each with its own state, that it routes inputs to:
/// `TurnQueue` (whose turn it is), `Foreground` (the trees and whose the keyboard acts on),
/// `SpeechDriver` (the scheduler and the engine's reports, shared with `announcerd --play`), and
/// per client a `Client`, with an `SSIPClientState` for an SSIP one. A client's state is changed
/// through `withClient`, which says what happens when the client has gone.
///
/// A request that speaks hands the scheduler its event in the same step, and what the scheduler
/// does with it (an utterance superseded at once, say) is carried out once the request's own
/// actions are: its reply goes before the events it caused, as a client expects.
public struct DaemonCore {
    public typealias ClientID = Int

    /// Which protocol a client speaks: the JSON socket's (docs/design.md §5) or SSIP (§11).
    public enum Door: String, Sendable, Equatable {
        case json
        case ssip
    }

    public enum Input: Equatable, Sendable {
        /// A client connected through a door: its credentials from SO_PEERCRED.
        case connected(ClientID, uid: UInt32, pid: Int32, door: Door = .json)
        /// The client has sent this many more lines; they wait for its turn.
        case linesArrived(ClientID, count: Int)
        /// The shell is ready to serve the next turn (it asked with `nextTurn`).
        case turn
        /// A line the client sent (or one too long to read), served in its turn.
        case line(ClientID, LineFramer.Item)
        /// Output was written to the client; this much is still unread.
        case writable(ClientID, backlog: Int)
        /// The client's connection closed; `reason` when it was not the client's own doing.
        case closed(ClientID, reason: String?)
        /// The time a `wake` action asked for has come for this client.
        case wake(ClientID)
        /// The time a `wakeScheduler` action asked for has come.
        case tick
        /// The braille display's thread: connected, gone, a key; or a `wakeBraille` time come.
        case braille(BrailleInput)
        /// The speech engine reported on an utterance, or replaced its synthesizer.
        case engine(SpeechEngineEvent)
        /// The speech worker listed its voices (`listVoices`), or said why it could not.
        case voices(VoiceListing)
        /// The configuration was read again (SIGHUP): new settings from now on.
        case reconfigure(DaemonSettings)
        /// The daemon is going: silence, everything waiting is cancelled.
        case shutdown
    }

    /// What the speech worker answered to `listVoices`.
    public enum VoiceListing: Equatable, Sendable {
        case listed([SynthesisVoice])
        case failed(String)
    }

    public enum Action: Equatable, Sendable {
        /// Start reading the client's requests.
        case admit(ClientID)
        /// Tell the client why it cannot be served, in one line, and let it go.
        case refuse(ClientID, Reply)
        /// Serve this many of the client's lines now (`line` for each, in order).
        case serve(ClientID, lines: Int)
        /// Feed back `turn` once what is queued now has run (other clients, the engine's reports).
        case nextTurn
        /// Write this line to the client.
        case send(ClientID, DaemonMessage)
        /// Write this text to the client as it is (SSIP's replies and events).
        case write(ClientID, String)
        /// Close the client's connection once what was sent to it has been written (SSIP's `QUIT`).
        case hangUp(ClientID)
        /// Close the client's connection (what was sent is not waited for).
        case close(ClientID, reason: String)
        /// Accept new clients again (one has left).
        case resumeAccepting
        /// Feed back `wake(client)` at this time.
        case wake(ClientID, at: Milliseconds)
        /// Hand the engine this utterance.
        case speak(ScheduledUtterance)
        /// Stop the engine on this utterance now.
        case cutOff(UtteranceID)
        /// Feed back `tick` at this time; nil cancels the time asked for before.
        case wakeScheduler(at: Milliseconds?)
        /// Write these cells to the braille display (its window).
        case showBraille([UInt8])
        /// Feed back `.braille(.tick)` at this time (a flash ends); nil cancels it.
        case wakeBraille(at: Milliseconds?)
        /// Ask the speech worker for its voices, without waiting: the answer comes as `voices`.
        case listVoices
        /// An utterance's first audio reached the sink (the text sink writes its line).
        case sounding(ScheduledUtterance)
        /// An utterance ended with this status (the text sink writes its line).
        case ended(UtteranceID, FinishStatus)
        /// A line for the log; `limited` ones may repeat without end and are rate-limited.
        case log(LogLevel, String, limited: Bool)
        /// The listener changed these settings (`settings`): the engine speaks with the
        /// configuration's voice from now on, and the settings are written to announcer.conf.
        case settingsChanged(Configuration, [UserSetting])
    }

    struct Client {
        var pid: Int32
        /// The name it gave in `hello`.
        var name: String?
        /// How its user drives it, as its `hello` said; nil for the configured `hint-style`.
        var hints: HintStyle?
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
        /// Lines of its turn served while it waits for the voice list: answered in order once
        /// it comes (its next turn waits for the list too, so there are fewer than a turn's).
        var heldLines: [LineFramer.Item] = []
        /// Its side of SSIP, when it came through that door.
        var ssip: SSIPClientState?
    }

    /// Who waits for the voice list, and how to answer them.
    enum VoiceRequest: Equatable {
        case json(ClientID, id: JSONValue?)
        case ssip(ClientID, language: String?, variant: String?)
        /// A `settings` request that steps the voice: the voices are its choices.
        case settings(ClientID, id: JSONValue?, [SettingChange])

        var client: ClientID {
            switch self {
            case .json(let client, _), .ssip(let client, _, _), .settings(let client, _, _): client
            }
        }
    }

    /// Changed only by `reconfigure`, so that a reload is recorded and replayed like any input.
    public internal(set) var composer: UtteranceComposer
    public private(set) var limits: DaemonLimits
    /// The listener's settings as they are now (`UserSetting`): the configuration read, then
    /// changed by `settings` requests.
    public internal(set) var configuration: Configuration
    public let sinkDescription: String
    /// Only this user's processes may connect.
    public let uid: UInt32
    var clients: [ClientID: Client] = [:]
    /// The trees, whose the keyboard acts on, and the window said last.
    var foreground = Foreground()
    var ownerOf: [UtteranceID: ClientID] = [:]
    /// SSIP messages: the events their client asked for when it sent them.
    var ssipNotifications: [UtteranceID: Set<SSIPEvent>] = [:]
    /// SSIP messages cut off by `PAUSE`: they say `RESUMED`, not `BEGIN`, when they start again.
    var pausedWhileSpeaking: Set<UtteranceID> = []
    /// Clients with lines waiting, in the order they are served.
    private var turns = TurnQueue()

    /// The one voice: the scheduler and what the engine has been handed.
    var speech: SpeechDriver
    var engineRestarts = 0
    /// The synthesizer's voices, once the worker has listed them (a failed listing is asked again).
    var voices: [SynthesisVoice]?
    var voiceRequests: [VoiceRequest] = []
    /// The worker has been asked for its voices and has not answered yet.
    var voicesAsked = false
    /// The time of the input at hand.
    public private(set) var now: Milliseconds = 0
    /// What a braille display shows, and who gave its line (docs/design.md §20).
    var braille = BrailleSession()
    /// The display's width while BRLTTY has one connected.
    var brailleWidth: Int?
    /// The client whose focus or line the display shows; whether it is its tree's focus.
    var brailleOwner: (client: ClientID, tree: Bool)?
    /// The cells' translator for a locale's tables, injected by the shell.
    let makeBrailleTranslator: BrailleTranslatorMaker

    public static let version = AnnouncerVersion.current
    public static let protocolVersion = 1
    /// Lines a client is served in one turn before the others get theirs.
    public static let linesPerTurn = TurnQueue.linesPerTurn

    /// `brailleTranslator` makes the cells of a locale's tables (the shell's liblouis).
    public init(composer: UtteranceComposer, limits: DaemonLimits, scheduler: SchedulerSettings, sinkDescription: String, uid: UInt32,
                configuration: Configuration = Configuration(), brailleTranslator: @escaping BrailleTranslatorMaker) {
        self.makeBrailleTranslator = brailleTranslator
        var composer = composer
        composer.verbosity = .init(configuration)
        self.composer = composer
        self.configuration = configuration
        self.limits = limits
        self.speech = SpeechDriver(settings: scheduler)
        self.sinkDescription = sinkDescription
        self.uid = uid
    }

    public var clientCount: Int { clients.count }

    /// Does `body` with the client's state, changed in place; nil when the client has gone
    /// (an input about a client can come after it has left).
    @discardableResult
    mutating func withClient<T>(_ client: ClientID, _ body: (inout Client) -> T) -> T? {
        guard let index = clients.index(forKey: client) else { return nil }
        return body(&clients.values[index])
    }

    /// What composes the speech of a client and of its tree: the configured composer, with the
    /// hint style the client's door declared in `hello` when it declared one. The one rule for
    /// whose hints are said, so a keyboard door never hears a touch gesture.
    func composer(for client: ClientID) -> UtteranceComposer {
        guard let hints = clients[client]?.hints else { return composer }
        var composer = self.composer
        composer.hintStyle = hints
        return composer
    }

    /// The client the keyboard acts on: the one that sent `screen` or `update` last.
    public var activeTreeOwner: ClientID? { foreground.keyboardOwner }

    /// Whether nothing speaks or waits to be spoken.
    public var isSilent: Bool { speech.isSilent }

    /// A configuration reload: what is queued stays queued, and who is connected stays so even
    /// past a lower `max-clients`.
    private mutating func reconfigure(_ settings: DaemonSettings) {
        if let read = settings.configuration { configuration = read }
        composer = UtteranceComposer(catalog: settings.catalog ?? composer.catalog, locale: settings.locale, hintStyle: settings.hintStyle,
                                     verbosity: .init(configuration))
        limits = settings.limits
        speech.settings = settings.scheduler
    }

    // MARK: - Inputs

    public mutating func handle(_ input: Input, at time: Milliseconds) -> [Action] {
        // The clock never runs backwards for the core, whatever the shell passes.
        now = max(now, time)
        var actions = apply(input)
        actions += carryOutSpeech()
        return actions
    }

    mutating func apply(_ input: Input) -> [Action] {
        switch input {
        case .connected(let client, let peerUID, let pid, let door):
            return connect(client, peerUID: peerUID, pid: pid, door: door)
        case .linesArrived(let client, let count):
            return linesArrived(client, count: count)
        case .turn:
            return nextTurn()
        case .line(let client, let item):
            return serve(item, from: client)
        case .writable(let client, let backlog):
            guard clients[client] != nil, backlog > limits.maximumBacklogBytes else { return [] }
            return [.close(client, reason: "it left \(backlog) bytes unread (the limit is \(limits.maximumBacklogBytes))")]
        case .closed(let client, let reason):
            return disconnect(client, reason: reason)
        case .wake(let client):
            withSSIP(client) { $0.woke() }
            return releaseHeldEvents(of: client)
        case .tick:
            schedule(.tick)
            return []
        case .braille(let input):
            return brailleInput(input)
        case .engine(let report):
            return engineReported(report)
        case .voices(let listing):
            return voicesListed(listing)
        case .reconfigure(let settings):
            reconfigure(settings)
            // The voice read again speaks from now on; nothing was changed to be written. The
            // doors follow what they keep of it (the locale, the typing echo).
            guard let read = settings.configuration else { return [] }
            return [.settingsChanged(read, [])] + broadcast(.settings(DaemonSettings.userValues(configuration)))
        case .shutdown:
            schedule(.stop)
            return []
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
        if door == .ssip { admitted.ssip = SSIPClientState(client: client) }
        clients[client] = admitted
        return [.admit(client)]
    }

    /// A client that has gone leaves nothing waiting: what it queued is `cancelled` (what is
    /// already speaking plays on), and its tree goes with it.
    private mutating func disconnect(_ client: ClientID, reason: String?) -> [Action] {
        guard let gone = clients.removeValue(forKey: client) else { return [] }
        foreground.remove(client)
        turns.remove(client)
        voiceRequests.removeAll { $0.client == client }
        if !gone.waiting.isEmpty {
            for id in gone.waiting {
                ownerOf[id] = nil
                ssipNotifications[id] = nil
            }
            schedule(.cancelWaiting(gone.waiting))
        }
        var actions: [Action] = [.resumeAccepting]
        if let reason {
            let name = gone.name ?? gone.ssip?.session.name
            actions.append(.log(.warning, "client \(client)\(name.map { " \"\($0)\"" } ?? "") (pid \(gone.pid)) disconnected: \(reason)", limited: false))
        }
        return actions
    }

    func broadcast(_ event: DaemonEvent) -> [Action] {
        // Only the subscribers are sorted (for a stable order), not every client, at every event.
        clients.filter { $0.value.subscriptions.contains(event.name) }.keys.sorted().map { .send($0, .event(event)) }
    }

    // MARK: - Turns

    /// The client has lines to be served; a turn is asked for unless one is coming.
    private mutating func linesArrived(_ client: ClientID, count: Int) -> [Action] {
        guard count > 0, let hadLines = withClient(client, { state in
            defer {
                state.pendingLines += count
                state.unanswered += count
            }
            return state.pendingLines > 0
        }) else { return [] }
        if !hadLines { turns.join(client) }
        return turns.ask() ? [.nextTurn] : []
    }

    /// Gives back the turns of a client that waited (for the voice list).
    mutating func resumeTurns(of client: ClientID) -> [Action] {
        guard let pending = clients[client]?.pendingLines, pending > 0, !turns.contains(client) else { return [] }
        turns.join(client)
        return turns.ask() ? [.nextTurn] : []
    }

    /// Whose turn it is, and how many of its lines to serve now. A client with lines left after
    /// its turn goes to the back of the line, and the next turn comes after everything else
    /// queued meanwhile (accepts, the engine's reports, writes).
    private mutating func nextTurn() -> [Action] {
        // Taken out while it changes, so that it is changed in place while the clients are read.
        var queue = turns
        turns = TurnQueue()
        // A client waiting for the voice list gets its turns back when the list comes.
        let turn = queue.take { client in waitsForVoices(client) ? nil : clients[client]?.pendingLines }
        turns = queue
        guard let (client, lines) = turn else { return [] }
        withClient(client) { $0.pendingLines -= lines }
        return [.serve(client, lines: lines), .nextTurn]
    }

    /// One served line: answered now, or held in order behind a `voices` still unanswered.
    private mutating func serve(_ item: LineFramer.Item, from client: ClientID) -> [Action] {
        guard let isSSIP = withClient(client, { $0.ssip != nil }) else { return [] }
        guard !waitsForVoices(client) else {
            withClient(client) { $0.heldLines.append(item) }
            return []
        }
        guard isSSIP else {
            answered(client)
            return answer(item, from: client)
        }
        // The line counts as unanswered until its reply is out: an event it causes waits.
        let actions = answerSSIP(item, from: client)
        guard !waitsForVoices(client), answered(client) else { return actions }
        return actions + releaseHeldEvents(of: client)
    }

    /// One of the client's lines has been answered; false when the client has gone.
    @discardableResult
    mutating func answered(_ client: ClientID) -> Bool {
        withClient(client) { $0.unanswered = max($0.unanswered - 1, 0) } != nil
    }
}
