import AnnouncerClient
import AnnouncerElements
import AnnouncerFocus
import AnnouncerWire
import Testing

// docs/testing.md shows this file: keep the two the same (TestingGuideTests checks).

/// What a screen reader says for the delete dialog, asserted from Swift Testing through
/// AnnouncerClient, against a private announcerd with no audio.
@Suite struct DeleteDialogSpeechTests {
    @Test func theDialogStartsOnCancelAndReadsItsButtons() throws {
        // announcerd on the `text:instant` sink and a socket of its own (AnnouncerClient's).
        var options = PrivateAnnouncerd.Options()
        options.settings = "hint-delay-ms = 0\n"
        let daemon = try PrivateAnnouncerd.start(options)
        defer { daemon.stop() }
        let connection = try DaemonConnection(socket: daemon.socket)
        _ = try connection.request(.subscribe(events: ["speaking", "finished"]))
        let tree = try ElementTree(roots: [
            Element(id: "title", label: "Delete 3 files?", traits: [.header]),
            Element(id: "delete", label: "Delete", hint: "Deletes them for good", traits: [.button]),
            Element(id: "cancel", label: "Cancel", traits: [.button]),
        ])
        #expect(try spoken(connection, after: .screen(tree, focus: "cancel")) == ["Cancel. Button."])
        #expect(try spoken(connection, after: .key(KeyPress("tab", [.shift]))) == ["Delete. Button.", "Deletes them for good"])
    }

    /// Sends a request and returns what was spoken for it, once all of it has finished. Every
    /// wait is bounded: a daemon that stops answering fails the test instead of hanging it.
    func spoken(_ connection: DaemonConnection, after request: Request) throws -> [String] {
        guard let reply = try connection.reply(to: connection.send(request), within: .seconds(10)) else {
            throw SpeechTimeout(said: [], request: request)
        }
        guard case .ok(let accepted) = reply.body else { return [] }
        var waiting = Set([accepted.utterance, accepted.hint].compactMap { $0 })
        var texts: [String] = []
        while !waiting.isEmpty {
            guard let event = connection.nextEvent(within: 10_000) else { throw SpeechTimeout(said: texts, request: request) }
            switch event {
            case .speaking(_, let text, _): texts.append(text)
            case .finished(let utterance, _, _): waiting.remove(utterance)
            default: break
            }
        }
        return texts
    }
}

struct SpeechTimeout: Error {
    var said: [String]
    var request: Request
}
