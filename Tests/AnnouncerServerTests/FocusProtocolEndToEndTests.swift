import AnnouncerSupport
import AnnouncerTestSupport
import Foundation
import Testing

/// The keyboard focus model through the real daemon: one client owns a tree, another sends keys.
@Suite struct FocusProtocolEndToEndTests {
    static let screen = #"{"type":"screen","id":1,"elements":[{"id":"settings","label":"Settings","traits":["button"],"inputLabels":["prefs","gear"],"shape":"ellipse","frame":[0,0,44,44]},{"id":"cards","group":"cards","children":[{"id":"card1","label":"Card 1","traits":["button"],"actions":[{"id":"add","name":"Add"},{"id":"pin","name":"Pin"}]},{"id":"card2","label":"Card 2","traits":["button"]}]},{"id":"speed","label":"Speed","value":"3","traits":["adjustable"]}]}"#

    /// One rule for a screen's first focus: the daemon and `compose --timeline` speak the same
    /// element, here a prioritized one that is not first in reading order.
    @Test func theDaemonAndTheTimelineSpeakTheSameFirstFocus() throws {
        let screen = #"{"type":"screen","id":1,"elements":[{"id":"a","label":"First","traits":["button"],"group":"g"},{"id":"b","label":"Second","traits":["button"],"group":"g","priority":"prioritized"}]}"#
        let daemon = try DaemonProcess()
        let app = try LineClient(path: daemon.socket)
        app.send(screen)
        #expect(try app.reply(1)["element"] == "b")
        try daemon.waitForOutput("SPEAK focus 1 Second. Button.")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString).jsonl").path
        try screen.write(toFile: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: input) }
        let timeline = try runTool(binary("announce"), ["compose", "--timeline", input])
        #expect(timeline.stdout.hasPrefix("0 SPEAK focus 1 Second. Button.\n"))
    }

    /// One keyboard model: a walk through examples/music-player-keys.jsonl said by the daemon
    /// (each line sent after what the one before it said has finished) is what
    /// `compose --timeline` says for the same lines spaced out in time.
    @Test func aKeyboardWalkSaysInComposeWhatTheDaemonSays() throws {
        let walk = try String(contentsOf: packageRoot.appendingPathComponent("examples/music-player-keys.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let app = try LineClient(path: daemon.socket)
        app.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try app.reply(0)
        var timed: [String] = []
        for (index, line) in walk.enumerated() {
            guard case .object(var request) = try JSONValue.parse(Data(line.utf8)) else { Issue.record("not an object: \(line)"); return }
            request["id"] = .number(Double(index + 1))
            app.send(.object(request))
            let reply = try app.reply(.number(Double(index + 1)))
            #expect(reply["type"] == "ok", "\(line): \(reply)")
            for key in ["utterance", "hint"] {
                guard let utterance = reply[key], utterance != .null else { continue }
                _ = try app.read { $0["event"] == "finished" && $0["utterance"] == utterance }
            }
            request["at"] = .number(Double(index * 10_000))
            timed.append(JSONValue.object(request).serialized())
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString).jsonl").path
        try timed.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: input) }
        let timeline = try runTool(binary("announce"), ["compose", "--timeline", input])
        func said(_ lines: some Sequence<Substring>) -> [String] {
            // "SPEAK kind id text" → "kind text"
            lines.compactMap { line in
                let parts = line.split(separator: " ", maxSplits: 3)
                return parts.count == 4 && parts[0] == "SPEAK" ? "\(parts[1]) \(parts[3])" : nil
            }
        }
        let fromTheDaemon = said(daemon.stdout.split(separator: "\n"))
        let fromCompose = said(timeline.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" })
        #expect(fromTheDaemon.count == 12)
        #expect(fromTheDaemon == fromCompose)
    }

    @Test func keysMoveFocusAndEventsGoToTheOwner() throws {
        let daemon = try DaemonProcess()
        let keyboard = try LineClient(path: daemon.socket)
        keyboard.send(#"{"type":"key","id":1,"key":"tab"}"#)
        #expect(try keyboard.read()["code"] == "no_tree")

        let app = try LineClient(path: daemon.socket)
        app.send(#"{"type":"commands","id":0,"commands":[{"id":"pin","title":"Pin Card","discoverabilityTitle":"Pin Card","key":"p","when":"focused"}]}"#)
        #expect(try app.read()["type"] == "ok")
        app.send(Self.screen)
        let first = try app.read { $0["type"] == "ok" }
        #expect(first.contains { $0["event"] == "focus" && $0["element"] == "settings" && $0["shape"] == "ellipse" && $0["frame"] == [0, 0, 44, 44] })
        #expect(first.last?["element"] == "settings")

        func key(_ json: String) throws -> [String: JSONValue] {
            keyboard.send(json)
            return try keyboard.read()
        }
        #expect(try key(#"{"type":"key","id":2,"key":"tab"}"#)["element"] == "card1")
        #expect(try app.read()["element"] == "card1")
        _ = try key(#"{"type":"key","id":3,"key":"z","modifiers":["tab"]}"#)
        _ = try key(#"{"type":"key","id":4,"key":"down"}"#)
        _ = try key(#"{"type":"key","id":5,"key":"space"}"#)
        let action = try app.read()
        #expect(action["event"] == "action" && action["element"] == "card1" && action["action"] == "pin")
        _ = try key(#"{"type":"key","id":6,"key":"p"}"#)
        let command = try app.read()
        #expect(command["event"] == "command" && command["command"] == "pin" && command["element"] == "card1")
        _ = try key(#"{"type":"key","id":7,"key":"return"}"#)
        #expect(try app.read()["event"] == "activate")

        keyboard.send(#"{"type":"shortcuts","id":8}"#)
        let shortcuts = try keyboard.read()
        #expect(shortcuts["shortcuts"] == [["id": "pin", "title": "Pin Card", "discoverabilityTitle": "Pin Card", "key": "p", "modifiers": [], "menu": nil]])

        _ = try key(#"{"type":"key","id":9,"key":"tab"}"#)  // speed
        _ = try app.read()
        _ = try key(#"{"type":"key","id":10,"key":"up"}"#)
        let adjust = try app.read()
        #expect(adjust["event"] == "adjust" && adjust["direction"] == "increment")

        // Find "prefs": Settings.
        _ = try key(#"{"type":"key","id":11,"key":"f","modifiers":["tab"]}"#)
        for (index, character) in "prefs".enumerated() { _ = try key(#"{"type":"key","id":\#(12 + index),"key":"\#(character)"}"#) }
        #expect(try key(#"{"type":"key","id":20,"key":"return"}"#)["element"] == "settings")

        keyboard.send(#"{"type":"navigate","id":21,"direction":"last"}"#)
        #expect(try keyboard.read()["element"] == "speed")

        // The owner goes away and takes its tree with it.
        keyboard.send(#"{"type":"commands","id":22,"commands":[{"id":"bad","title":"Bad","key":"tab"}]}"#)
        #expect(try keyboard.read()["code"] == "invalid_field")
        _ = app
    }

    @Test func aDisconnectedOwnerTakesItsTreeAndAnUpdateNeedsOne() throws {
        let daemon = try DaemonProcess()
        let keyboard = try LineClient(path: daemon.socket)
        do {
            let app = try LineClient(path: daemon.socket)
            app.send(#"{"type":"update","id":1,"element":{"id":"x","label":"X"}}"#)
            #expect(try app.read()["code"] == "no_tree")
            app.send(Self.screen)
            _ = try app.read { $0["type"] == "ok" }
            keyboard.send(#"{"type":"key","id":2,"key":"tab"}"#)
            #expect(try keyboard.read()["type"] == "ok")
            app.send(#"{"type":"update","id":3,"element":{"id":"card1","label":"Card 1","traits":["button"],"hidden":true}}"#)
            let update = try app.read { $0["type"] == "ok" }
            #expect(update.contains { $0["event"] == "focus" && $0["element"] == "card2" })
        }
        try waitFor {
            keyboard.send(#"{"type":"key","id":4,"key":"tab"}"#)
            return (try? keyboard.read()["code"]) == "no_tree"
        }
    }
}
