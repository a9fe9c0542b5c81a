import AnnouncerSupport
import AnnouncerTestSupport
import Foundation
import Testing

/// The real daemon's braille, with no display: the `braille` events a test reads, and speech that
/// goes on when BRLTTY is absent (a display through BRLTTY: clients/python/tests/test_braille.py).
@Suite struct BrailleEndToEndTests {
    /// The next `braille` event's members.
    static func nextBraille(_ client: LineClient) throws -> [String: JSONValue] {
        while true {
            let message = try client.read()
            if message["event"] == "braille" { return message }
        }
    }

    @Test func aSubscriberReadsWhatTheDisplayWouldShow() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let client = try LineClient(path: daemon.socket)
        client.send(#"{"type":"subscribe","id":1,"events":["braille"]}"#)
        _ = try client.read()
        client.send(#"{"type":"focus","id":2,"element":{"label":"Play","traits":["button"],"context":{"kind":"series","index":2,"count":5}}}"#)
        let focus = try Self.nextBraille(client)
        #expect(focus["kind"] == "focus")
        #expect(focus["text"] == "Play btn 2/5")
        #expect(focus["cells"] == "⠠⠏⠇⠁⠽⠀⠃⠞⠝⠀⠼⠃⠌⠑")
        #expect(focus["caret"] == .null)
        client.send(#"{"type":"focus","id":3,"element":{"id":"n","label":"Name","value":"Ada","caret":1,"traits":["textEntry"]}}"#)
        let field = try Self.nextBraille(client)
        #expect(field["text"] == "Name ed Ada")
        // "⠠⠝⠁⠍⠑⠀⠑⠙⠀⠠⠁⠙⠁": d, after A's capital sign and letter, is cell 11, with dots 7-8.
        #expect(field["caret"] == 11)
        #expect(field["cells"] == "⠠⠝⠁⠍⠑⠀⠑⠙⠀⠠⠁⣙⠁")
        client.send(#"{"type":"announce","id":4,"text":"Saved"}"#)
        #expect(try Self.nextBraille(client)["kind"] == "flash")
        // A bad caret is refused by its path, and nothing is lost.
        client.send(#"{"type":"braille","id":5,"text":"ab","caret":3}"#)
        var reply = try client.read()
        while reply["id"] != 5 { reply = try client.read() }
        #expect(reply["code"] == "invalid_field")
    }

    @Test func withNoBRLTTYSpeechGoesOnAndTheLogSaysWhy() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"], config: "braille = on\n",
                                       environment: ["BRLAPI_HOST": "127.0.0.1:77", "BRLAPI_AUTH": "none"])
        let client = try LineClient(path: daemon.socket)
        client.send(#"{"type":"focus","id":1,"element":{"label":"Play","traits":["button"]}}"#)
        #expect(try client.read()["type"] == "ok")
        try waitFor(seconds: 20, "heard: \(daemon.stdout)") { daemon.stdout.contains("SPEAK focus 1 Play. Button.") }
        try waitFor(seconds: 20, "log: \(daemon.stderr)") { daemon.stderr.contains("no braille display") }
    }
}
