import AnnouncerCore
import AnnouncerSSIP

/// The speech-dispatcher door in the daemon's core (docs/design.md §11): SSIP clients share the
/// clients' limits, turns and quotas with JSON clients and the one scheduler with everyone.
/// Their events go only to them, only those they turned on, and never while they wait for a
/// reply: an event that comes then waits until the reply has gone, and then `eventGapMs` more.
extension DaemonCore {
    /// How long after a reply an SSIP event waits: python3-speechd registers a message's
    /// callbacks only once it has read the `225` reply, and an event read in the same instant
    /// is lost to it (its client's own comment says so). Speech itself is never delayed.
    static let eventGapMs: Milliseconds = 15

    /// SSIP events a client may hold back while it waits for replies; past this it gets them
    /// anyway, so that a client that never stops sending cannot grow the daemon without end.
    static let maximumHeldEvents = 1000

    mutating func answerSSIP(_ item: LineFramer.Item, from client: ClientID) -> [Action] {
        guard var session = clients[client]?.ssip else { return [] }
        let step: SSIPSession.Step
        switch item {
        case .line(let bytes): step = session.receive(line: bytes)
        case .tooLong: step = session.receiveTooLong()
        }
        clients[client]!.ssip = session
        var actions: [Action] = []
        switch step {
        case .silent:
            break
        case .reply(let text):
            actions.append(.write(client, text))
        case .speak(let message):
            let held = clients[client]!.paused
            let output = submit(.message(message.speech, message.priority, held: held), for: client)
            if let rejection = output.rejection {
                actions.append(.write(client, SSIPReply.refused(rejection.message)))
            } else if let id = output.accepted.first {
                // Even a message that ended at once (a notification dropped) has its end
                // reported after this reply: the daemon feeds the machine the scheduler's
                // reports only once this line has been handled.
                ssipNotifications[id] = message.notifications
                actions.append(.write(client, SSIPReply.queued(id.rawValue)))
            }
        case .control(let control, let target):
            guard let targets = clientsNamed(by: target, asking: client) else {
                actions.append(.write(client, SSIPReply.noSuchClient))
                break
            }
            actions += carryOut(control, on: targets)
            actions.append(.write(client, control.reply))
        case .set(let setting, let target):
            guard let targets = clientsNamed(by: target, asking: client) else {
                actions.append(.write(client, SSIPReply.noSuchClient))
                break
            }
            var reply = SSIPReply.internalError
            for id in targets where clients[id]?.ssip != nil {
                reply = clients[id]!.ssip!.apply(setting)
            }
            actions.append(.write(client, reply))
        case .listVoices(let language, let variant):
            guard let voices else {
                // Answered when the worker has listed them; the line stays unanswered till then.
                return actions + askForVoices(.ssip(client, language: language, variant: variant))
            }
            actions.append(.write(client, Self.ssipVoiceList(voices, language: language, variant: variant)))
        case .quit:
            actions.append(.write(client, SSIPReply.bye))
            actions.append(.hangUp(client))
            clients[client]!.heldEvents.removeAll()
            return actions
        }
        if step != .silent { clients[client]!.lastReplyAt = now }
        return actions
    }

    /// The clients a `self`, `all` or id names; nil for an id nobody has.
    private func clientsNamed(by target: SSIPSession.Target, asking client: ClientID) -> [ClientID]? {
        switch target {
        case .own: return [client]
        case .all: return clients.keys.sorted()
        case .client(let id): return clients[id] == nil ? nil : [id]
        }
    }

    /// STOP, CANCEL, PAUSE or RESUME for these clients' speech (JSON clients' too: `all` means
    /// all the speech there is).
    private mutating func carryOut(_ control: SSIPSession.Control, on targets: [ClientID]) -> [Action] {
        var ids = Set<UtteranceID>()
        for id in targets { ids.formUnion(clients[id]?.waiting ?? []) }
        switch control {
        case .stop:
            schedule(.cancel(ids, waiting: false))
            return []
        case .cancel:
            schedule(.cancel(ids, waiting: true))
            return []
        case .pause:
            var actions: [Action] = []
            for id in targets { clients[id]?.paused = true }
            if let speaking = scheduler.currentUtterance?.id, ids.contains(speaking) {
                pausedWhileSpeaking.insert(speaking)
                actions += ssipEvent(.pause, about: speaking)
            }
            schedule(.hold(ids))
            return actions
        case .resume:
            for id in targets { clients[id]?.paused = false }
            schedule(.release(ids))
            return []
        }
    }

    // MARK: - Events

    mutating func ssipStarted(_ id: UtteranceID) -> [Action] {
        guard ssipNotifications[id] != nil else { return [] }
        if pausedWhileSpeaking.remove(id) != nil { return ssipEvent(.resume, about: id) }
        return ssipEvent(.begin, about: id)
    }

    mutating func ssipFinished(_ id: UtteranceID, _ status: FinishStatus) -> [Action] {
        guard ssipNotifications[id] != nil else { return [] }
        pausedWhileSpeaking.remove(id)
        let actions = ssipEvent(status == .spoken ? .end : .cancel, about: id)
        ssipNotifications[id] = nil
        return actions
    }

    mutating func ssipMark(_ id: UtteranceID, _ name: String) -> [Action] {
        ssipEvent(.indexMark, about: id, mark: name)
    }

    /// The event about one of a client's messages, if it asked for that event when it sent it:
    /// sent now, or held while the client waits for a reply.
    private mutating func ssipEvent(_ event: SSIPEvent, about id: UtteranceID, mark: String? = nil) -> [Action] {
        guard let wanted = ssipNotifications[id], wanted.contains(event), let owner = ownerOf[id],
              clients[owner]?.ssip != nil else { return [] }
        let text = event.text(message: id.rawValue, client: owner, mark: mark)
        if clients[owner]!.heldEvents.count >= Self.maximumHeldEvents {
            // A client that never stops sending gets its events anyway, in order.
            let held = clients[owner]!.heldEvents.joined()
            clients[owner]!.heldEvents.removeAll()
            return [.write(owner, held + text)]
        }
        clients[owner]!.heldEvents.append(text)
        return releaseHeldEvents(of: owner)
    }

    /// What was held back for a client, once it no longer waits for a reply and the gap after
    /// the last one has passed (or a wake-up for then).
    mutating func releaseHeldEvents(of client: ClientID) -> [Action] {
        guard let state = clients[client], !state.heldEvents.isEmpty, state.unanswered == 0,
              state.ssip?.receivingData != true else { return [] }
        let due = state.lastReplyAt + Self.eventGapMs
        guard now >= due else {
            if let asked = state.wakeAt, asked <= due { return [] }
            clients[client]!.wakeAt = due
            return [.wake(client, at: due)]
        }
        clients[client]!.heldEvents.removeAll()
        return [.write(client, state.heldEvents.joined())]
    }
}
