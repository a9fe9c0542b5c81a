import AnnouncerCore
import AnnouncerSSIP

/// The synthesizer's voices, asked of the speech worker without waiting for it: a `voices`
/// request (or SSIP's `LIST SYNTHESIS_VOICES`) before the list has come is answered when it
/// comes, and the client's later lines wait behind it, in order. A list that could not be had is
/// not kept: the next request asks again.
extension DaemonCore {
    /// Registers a request for the list; asks the worker unless it has been asked already.
    mutating func askForVoices(_ request: VoiceRequest) -> [Action] {
        let asking = voiceRequests.isEmpty
        voiceRequests.append(request)
        clients[request.client]?.waitsForVoices = true
        return asking ? [.listVoices] : []
    }

    mutating func voicesListed(_ listing: VoiceListing) -> [Action] {
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
        // Then what each client sent after its request, in order.
        for client in Set(requests.map(\.client)).sorted() where clients[client] != nil {
            clients[client]!.waitsForVoices = false
            let held = clients[client]!.heldLines
            clients[client]!.heldLines.removeAll()
            for (index, item) in held.enumerated() {
                actions += apply(.line(client, item))
                if clients[client]?.waitsForVoices == true {
                    // Another `voices` before the list: the rest waits for that answer.
                    clients[client]!.heldLines = Array(held[(index + 1)...]) + clients[client]!.heldLines
                    break
                }
            }
        }
        return actions
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
            guard clients[client] != nil else { return [] }
            let reply: String
            if let voices {
                reply = SSIPReply.voices(voices.filter { $0.matches(language: language, variant: variant) }
                    .map { "\($0.name)\t\($0.language)\t\($0.variant)" })
            } else {
                reply = SSIPReply.cannotListVoices
            }
            clients[client]!.lastReplyAt = now
            clients[client]!.unanswered = max(clients[client]!.unanswered - 1, 0)
            return [.write(client, reply)] + releaseHeldEvents(of: client)
        }
    }
}
