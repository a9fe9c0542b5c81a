import AnnouncerSSIP
import AnnouncerScheduler

/// The speech-dispatcher door in the daemon's core (docs/design.md §11): SSIP clients share the
/// clients' limits, turns and quotas with JSON clients and the one scheduler with everyone.
/// Their events go only to them, only those they turned on, and never while they wait for a
/// reply (each client's `SSIPClientState` holds them back).
extension DaemonCore {
    mutating func answerSSIP(_ item: LineFramer.Item, from client: ClientID) -> [Action] {
        guard let (step, paused) = withSSIP(client, { ssip -> (SSIPSession.Step, Bool) in
            switch item {
            case .line(let bytes): (ssip.session.receive(line: bytes), ssip.paused)
            case .tooLong: (ssip.session.receiveTooLong(), ssip.paused)
            }
        }) else { return [] }
        var actions: [Action] = []
        switch step {
        case .silent:
            break
        case .reply(let text):
            actions.append(.write(client, text))
        case .speak(let message):
            let output = submit(.message(message.speech, message.priority, held: paused), for: client)
            if let rejection = output.rejection {
                actions.append(.write(client, SSIPReply.refused(rejection.message)))
            } else if let id = output.accepted.first {
                // Even a message that ended at once (a notification dropped) has its end
                // reported after this reply: the daemon feeds the machine the scheduler's
                // reports only once this line has been handled.
                ssipNotifications[id] = message.notifications
                let now = now
                withSSIP(client) { $0.queued(id.rawValue, at: now) }
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
            for id in targets {
                reply = withSSIP(id) { $0.session.apply(setting) } ?? reply
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
            withSSIP(client) { $0.quit() }
            return actions
        }
        return actions
    }

    /// Does `body` with the client's SSIP side; nil when the client has gone or is not an SSIP one.
    @discardableResult
    mutating func withSSIP<T>(_ client: ClientID, _ body: (inout SSIPClientState) -> T) -> T? {
        withClient(client) { state -> T? in
            guard var ssip = state.ssip else { return nil }
            // Taken out while it changes, so that it is changed in place, not copied.
            state.ssip = nil
            defer { state.ssip = ssip }
            return body(&ssip)
        } ?? nil
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
            for id in targets { withSSIP(id) { $0.paused = true } }
            if let speaking = scheduler.currentUtterance?.id, ids.contains(speaking) {
                pausedWhileSpeaking.insert(speaking)
                actions += ssipEvent(.pause, about: speaking)
            }
            schedule(.hold(ids))
            return actions
        case .resume:
            for id in targets { withSSIP(id) { $0.paused = false } }
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
        guard let wanted = ssipNotifications[id], wanted.contains(event), let owner = ownerOf[id] else { return [] }
        let text = event.text(message: id.rawValue, client: owner, mark: mark)
        let now = now
        let last = event == .end || event == .cancel
        let release = withClient(owner) { state in
            state.ssip?.send(text, about: id.rawValue, last: last, unanswered: state.unanswered, at: now)
        } ?? nil
        return Self.actions(for: release, to: owner)
    }

    /// What was held back for a client, once it no longer waits for a reply and the gap after
    /// the last one has passed (or a wake-up for then).
    mutating func releaseHeldEvents(of client: ClientID) -> [Action] {
        let now = now
        let release = withClient(client) { state in state.ssip?.release(unanswered: state.unanswered, at: now) } ?? nil
        return Self.actions(for: release, to: client)
    }

    private static func actions(for release: SSIPClientState.Release?, to client: ClientID) -> [Action] {
        switch release {
        case .wake(let time)?: [.wake(client, at: time)]
        case .write(let text)?: [.write(client, text)]
        case .writeThenWake(let text, let time)?: [.write(client, text), .wake(client, at: time)]
        case .nothing?, nil: []
        }
    }
}
