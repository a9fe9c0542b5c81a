import AnnouncerSSIP
import AnnouncerScheduler
import AnnouncerSupport
import AnnouncerWire

/// The synthesizer's voices, asked of the speech worker without waiting for it: a `voices`
/// request (or SSIP's `LIST SYNTHESIS_VOICES`) before the list has come is answered when it
/// comes. The client's later lines wait behind it, in order: those of the turn at hand are held
/// here, and its next turns wait for the list (so what is held stays under a turn's lines).
/// A list that could not be had is not kept: the next request asks again.
extension DaemonCore {
    func waitsForVoices(_ client: ClientID) -> Bool {
        voiceRequests.contains { $0.client == client }
    }

    /// Registers a request for the list; asks the worker unless it has been asked already.
    mutating func askForVoices(_ request: VoiceRequest) -> [Action] {
        voiceRequests.append(request)
        guard !voicesAsked else { return [] }
        voicesAsked = true
        return [.listVoices]
    }

    mutating func voicesListed(_ listing: VoiceListing) -> [Action] {
        voicesAsked = false
        var actions: [Action] = []
        var listed: [SynthesisVoice]?
        switch listing {
        case .listed(let voices) where !voices.isEmpty:
            listed = voices
            self.voices = voices
        case .listed:
            actions.append(.log(.warning, "the speech worker listed no voices", limited: false))
        case .failed(let reason):
            actions.append(.log(.warning, "cannot list the synthesizer's voices: \(reason)", limited: false))
        }
        let requests = voiceRequests
        voiceRequests.removeAll()
        for request in requests {
            actions += answer(request, with: listed)
        }
        // Then what each client sent after its request, in order, each line's speech carried
        // out before the next line (as when it is served in its turn); then its turns again.
        for client in Set(requests.map(\.client)).sorted() {
            guard let held = withClient(client, { state in
                defer { state.heldLines.removeAll() }
                return state.heldLines
            }) else { continue }
            for (index, item) in held.enumerated() {
                let served = apply(.line(client, item))
                actions += served + carryOutSpeech()
                if served.contains(.hangUp(client)) { break }  // SSIP's QUIT: the rest is not read
                if waitsForVoices(client) {
                    // Another `voices` before the list: the rest waits for that answer.
                    withClient(client) { $0.heldLines = Array(held[(index + 1)...]) }
                    break
                }
            }
            if !waitsForVoices(client) { actions += resumeTurns(of: client) }
        }
        return actions
    }

    /// SSIP's answer to `LIST SYNTHESIS_VOICES`: the voices of the language (and variant) asked.
    static func ssipVoiceList(_ voices: [SynthesisVoice], language: String?, variant: String?) -> String {
        SSIPReply.voices(voices.filter { $0.matches(language: language, variant: variant) }
            .map { "\($0.name)\t\($0.language)\t\($0.variant)" })
    }

    private mutating func answer(_ request: VoiceRequest, with voices: [SynthesisVoice]?) -> [Action] {
        switch request {
        case .json(let client, let id):
            guard clients[client] != nil else { return [] }
            guard let voices else {
                return [.send(client, .reply(Reply(RequestError(.voicesUnavailable, "the speech worker could not list its voices; try again", id: id))))]
            }
            return [.send(client, .reply(Reply(id: id, .voices(voices))))]
        case .ssip(let client, let language, let variant):
            guard answered(client) else { return [] }
            let reply = voices.map { Self.ssipVoiceList($0, language: language, variant: variant) } ?? SSIPReply.cannotListVoices
            return [.write(client, reply)] + releaseHeldEvents(of: client)
        case .settings(let client, let id, let changes):
            guard clients[client] != nil else { return [] }
            guard voices != nil else {
                return [.send(client, .reply(Reply(RequestError(.voicesUnavailable, "the speech worker could not list its voices; try again", id: id))))]
            }
            var events: [Action] = []
            guard let reply = changeSettings(changes, id: id, from: client, events: &events) else { return events }
            return events + [.send(client, .reply(reply))]
        }
    }
}
