import AnnouncerFocus
import AnnouncerScheduler
import AnnouncerSupport
import AnnouncerWire

/// The JSON socket's requests (docs/protocol.md): each line answered with one reply.
extension DaemonCore {

    mutating func answer(_ item: LineFramer.Item, from client: ClientID) -> [Action] {
        switch item {
        case .tooLong(let length):
            return [.send(client, .reply(Reply(RequestError(.tooLong, "the line is longer than \(Request.maximumLineBytes) bytes (\(length) so far); it was skipped"))))]
        case .line(let bytes):
            if RequestLine.isBlank(bytes) { return [] }
            do {
                let line = try RequestLine(bytes)
                var actions: [Action] = []
                guard let reply = self.reply(to: line, from: client, events: &actions) else { return actions }
                // The events it caused (a focus ring) reach the owner before the reply.
                return actions + [.send(client, .reply(reply))]
            } catch {
                return [.send(client, .reply(Reply(error)))]
            }
        }
    }

    /// The reply to one request line, and the events it causes in `events`; nil when the reply
    /// waits for the speech worker (`voices` before the list has come), or the client has gone.
    private mutating func reply(to line: RequestLine, from client: ClientID, events: inout [Action]) -> Reply? {
        let id = line.id
        switch line.request {
        case .hello(let name, let version, let hints):
            if let version, version != Self.protocolVersion {
                return Reply(RequestError(.unsupportedProtocol, "this announcerd speaks protocol \(Self.protocolVersion), not \(version)", id: id))
            }
            withClient(client) { state in
                state.name = name
                state.hints = hints
            }
            return Reply(id: id, .welcome(protocol: Self.protocolVersion, version: Self.version))
        case .window(let title, let role, _):
            // Said once when it becomes active, not again for the same window.
            guard foreground.windowActivated(.init(client: client, title: title, role: role)) else { return Reply(id: id, .ok(.init())) }
            fallthrough
        case .focus, .announce, .stop, .echo:
            guard let event = line.request.schedulerEvent(composer: composer(for: client)) else { return Reply(id: id, .ok(.init())) }
            let output = submit(event, for: client)
            if var rejection = output.rejection {
                rejection.id = id
                return Reply(rejection)
            }
            // The display shows what is said: the focus, an announcement for a while.
            switch line.request {
            case .focus(let element): events += showBrailleFocus(element, group: [], owner: client, tree: false)
            case .announce(let announcement): events += flashBraille(announcement.text)
            default: break
            }
            return Reply(id: id, .ok(accepted(output)))
        case .braille(let text, let caret, let element):
            events += showBrailleText(text, caret: caret, element: element, owner: client)
            return Reply(id: id, .ok(.init()))
        case .status:
            return Reply(id: id, .status(DaemonStatus(version: Self.version, protocolVersion: Self.protocolVersion, clients: clients.count,
                                                      queue: scheduler.unheardCount, counters: scheduler.counters, sink: sinkDescription,
                                                      restarts: engineRestarts)))
        case .voices:
            guard let voices else {
                events += askForVoices(.json(client, id: id))
                return nil
            }
            return Reply(id: id, .voices(voices))
        case .settings(let changes):
            return changeSettings(changes, id: id, from: client, events: &events)
        case .subscribe(let names):
            withClient(client) { $0.subscriptions = names }
            return Reply(id: id, .subscribed(names))
        case .screen(let tree, let focus):
            guard let actions = withClient(client, { state in
                var engine = FocusEngine(tree: tree)
                engine.register(state.commands)
                defer { state.focusEngine = engine }
                return engine.replaceTree(tree, focus: focus)
            }) else { return nil }
            foreground.treeChanged(by: client)
            return Reply(id: id, .ok(perform(actions, owner: client, events: &events)))
        case .update(let elements, let focus):
            guard var engine = clients[client]?.focusEngine else {
                return Reply(RequestError(.noTree, "this client has registered no tree; send \"screen\" first", id: id))
            }
            do {
                let actions = try engine.updateElements(elements, focus: focus)
                withClient(client) { $0.focusEngine = engine }
                foreground.treeChanged(by: client)
                return Reply(id: id, .ok(perform(actions, owner: client, events: &events)))
            } catch {
                return Reply(RequestError(error, id: id))
            }
        case .commands(let commands):
            withClient(client) { state in
                state.commands = commands
                state.focusEngine?.register(commands)
            }
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
            withClient(owner) { $0.focusEngine = engine }
            return Reply(id: id, .ok(perform(actions, owner: owner, events: &events)))
        }
    }

    /// Hands the scheduler a request on a client's behalf, within the client's share of the
    /// queue, and remembers what it accepted as the client's until it finishes.
    mutating func submit(_ event: SchedulerEvent, for client: ClientID) -> SchedulerOutput {
        let share = QueueShare(limit: limits.maximumQueuedPerClient)
        if let refusal = share.refusal(of: event, waiting: clients[client]?.waiting.count ?? 0) {
            return SchedulerOutput(rejection: refusal)
        }
        let output = schedule(event)
        for utterance in output.accepted {
            clients[client]?.waiting.insert(utterance)
            ownerOf[utterance] = client
        }
        return output
    }

    private func accepted(_ output: SchedulerOutput) -> Reply.Accepted {
        Reply.Accepted(utterance: output.accepted.first, hint: output.accepted.count > 1 ? output.accepted[1] : nil)
    }

    /// Carries out the focus engine's actions: speech through the scheduler, interaction events
    /// to the tree's owner (whether it subscribed or not). Returns what was spoken, for the reply.
    mutating func perform(_ actions: [FocusEngine.Action], owner: ClientID, events: inout [Action]) -> Reply.Accepted {
        var result = Reply.Accepted()
        // Whoever pressed the key, the tree's words are its owner's.
        let composer = self.composer(for: owner)
        for action in actions {
            let outcome = action.outcome(composer: composer)
            if let said = outcome.schedulerEvent {
                // The reply names the latest utterance and hint.
                let spoken = accepted(submit(said, for: owner))
                result.utterance = spoken.utterance ?? result.utterance
                result.hint = spoken.hint ?? result.hint
            }
            if let element = outcome.element { result.element = element }
            if let event = outcome.event { events.append(.send(owner, .event(event))) }
            if case .focus(let item) = action {
                events += showBrailleFocus(item.element, group: clients[owner]?.focusEngine?.focusedGroup ?? [], owner: owner, tree: true)
            }
        }
        return result
    }
}
