import AnnouncerTestSupport
import Foundation
import Testing

/// The doors' typed requests through the real daemon (docs/design.md §16): `echo` and `window`
/// are said on every sink that runs without a sound server (the speaker sink's turn is in
/// scripts/audio-test), and a window never takes the keyboard from the client whose tree it is.
@Suite struct DoorRequestsEndToEndTests {
    static let sinks = ["text", "null", "wav"]

    @Test(arguments: sinks) func aWindowAndAnEchoAreSaidInTurn(sink: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-wav-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let daemon = try DaemonProcess(arguments: ["--sink", sink == "wav" ? "wav:\(directory)" : sink])
        let door = try LineClient(path: daemon.socket)
        door.send(["type": "subscribe", "id": 0, "events": ["speaking", "finished"]])
        _ = try door.reply(0)
        door.send(#"{"type":"window","id":1,"title":"Save changes?","role":"dialog"}"#)
        door.send(#"{"type":"echo","id":2,"text":"a"}"#)
        // Replies and events as they come (a fresh daemon numbers them 1 and 2), none passed over.
        let lines = try door.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        let window = lines.first { $0["type"] == "ok" && $0["id"] == 1 }?["utterance"]
        let echo = lines.first { $0["type"] == "ok" && $0["id"] == 2 }?["utterance"]
        #expect(window == 1 && echo == 2)
        let events = lines.filter { $0["type"] == "event" }.map { "\($0["event"]!.serialized()) \(($0["status"] ?? $0["text"])!.serialized())" }
        // The title first, then the echo: a typed character never cuts off the window it is typed in.
        #expect(events == [#""speaking" "Save changes? Dialog.""#, #""finished" "spoken""#, #""speaking" "a""#, #""finished" "spoken""#])
        if sink == "wav" {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".wav") }
            #expect(files.count == 2, "\(files)")
        }
    }

    /// Tab while a window's title is said: the Tab's focus cuts the title off at once, and the
    /// window's first focus, which the user has moved past, is never said.
    @Test func aNewerFocusCutsOffAWindowsTitle() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text"])
        let door = try LineClient(path: daemon.socket)
        door.send(["type": "subscribe", "id": 0, "events": ["speaking", "finished"]])
        _ = try door.reply(0)
        // The title and the window's first focus in one write, as the desktop bridge sends them.
        door.sendRaw(Array((#"{"type":"window","id":1,"title":"Save changes to the document before closing?","role":"dialog"}"# + "\n"
                            + #"{"type":"focus","id":2,"element":{"label":"Save","traits":["button"]}}"# + "\n").utf8))
        _ = try door.read { $0["event"] == "speaking" && $0["utterance"] == 1 }
        door.send(#"{"type":"focus","id":3,"element":{"label":"Cancel","traits":["button"]}}"#)
        let lines = try door.read { $0["event"] == "finished" && $0["utterance"] == 3 }
        let events = lines.filter { $0["type"] == "event" }.map { "\($0["utterance"]!.serialized()) \($0["event"]!.serialized()) \(($0["status"] ?? $0["text"])!.serialized())" }
        #expect(events == [#"2 "finished" "superseded""#, #"1 "finished" "interrupted""#, #"3 "speaking" "Cancel. Button.""#, #"3 "finished" "spoken""#])
    }

    @Test func aNewerEchoCutsOffAnOlderOne() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text"])
        let door = try LineClient(path: daemon.socket)
        door.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try door.reply(0)
        // One write: the second echo arrives while the first is still being said.
        door.sendRaw(Array((#"{"type":"echo","id":1,"text":"a long line the user typed","unit":"line"}"# + "\n" + #"{"type":"echo","id":2,"text":"b"}"# + "\n").utf8))
        // A fresh daemon numbers them 1 and 2; every line is kept, none passed over.
        let lines = try door.read { $0["event"] == "finished" && $0["utterance"] == 2 }
        #expect(lines.contains { $0["type"] == "ok" && $0["id"] == 1 && $0["utterance"] == 1 })
        #expect(lines.contains { $0["type"] == "ok" && $0["id"] == 2 && $0["utterance"] == 2 })
        let finished = lines.filter { $0["event"] == "finished" }
        // Cut off: superseded before it sounded, or interrupted while it did; never spoken.
        let first = finished.first { $0["utterance"] == 1 }?["status"]
        #expect(first == "superseded" || first == "interrupted", "\(finished)")
        #expect(finished.last?["status"] == "spoken")
    }

    @Test func aClientsTreeKeepsTheKeyboardAfterAnotherClientSendsAWindow() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let app = try LineClient(path: daemon.socket)
        app.send(#"{"type":"screen","id":1,"elements":[{"id":"a","label":"First","traits":["button"]},{"id":"b","label":"Second","traits":["button"]}]}"#)
        #expect(try app.reply(1)["element"] == "a")
        let door = try LineClient(path: daemon.socket)
        door.send(#"{"type":"window","id":1,"title":"Terminal"}"#)
        #expect(try door.reply(1)["type"] == "ok")
        try daemon.waitForOutput("SPEAK window 2 Terminal")
        // The keyboard still acts on the app's tree: Tab moves its focus, and the app is told.
        door.send(#"{"type":"key","id":2,"key":"tab"}"#)
        let moved = try door.reply(2)
        #expect(moved["type"] == "ok", "\(moved)")
        #expect(moved["element"] == "b")
        let event = try app.read { $0["type"] == "event" && $0["event"] == "focus" }.last
        #expect(event?["element"] == "b")
    }

    @Test func theSameWindowAgainIsNotSaidAgain() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let door = try LineClient(path: daemon.socket)
        door.send(#"{"type":"window","id":1,"title":"Notes"}"#)
        #expect(try door.reply(1)["utterance"] != nil)
        door.send(#"{"type":"window","id":2,"title":"Notes"}"#)
        #expect(try door.reply(2)["utterance"] == nil)
        door.send(#"{"type":"window","id":3,"title":"Notes","role":"dialog"}"#)
        #expect(try door.reply(3)["utterance"] != nil)
    }
}
