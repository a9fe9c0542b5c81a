@testable import AnnouncerServer
@testable import AnnouncerSession
import AnnouncerSettings
import AnnouncerTestSupport
import Testing

extension CoreHarness {
    /// The hint said after the focus these actions handed the engine: the focus plays to its
    /// end, the clock runs on to the hint's time, and the hint plays too.
    mutating func hintSaid(after actions: [DaemonCore.Action]) -> String? {
        guard let focus = actions.lazy.compactMap({ if case .speak(let item) = $0, item.kind == .focus { item } else { nil } }).last else {
            return nil
        }
        _ = handle(.engine(.started(focus.id)))
        var next = handle(.engine(.finished(focus.id)))
        if let time = next.lazy.compactMap({ if case .wakeScheduler(at: let time?) = $0 { time } else { nil } }).last {
            clock = max(clock, time)
            next += handle(.tick)
        }
        guard let hint = next.lazy.compactMap({ if case .speak(let item) = $0, item.kind == .hint { item } else { nil } }).first else {
            return nil
        }
        _ = handle(.engine(.started(hint.id)))
        _ = handle(.engine(.finished(hint.id)))
        return hint.speech.text
    }
}

/// Each door's hints in its user's wording (docs/protocol.md, `hello`'s `hints`): a door that
/// declares keyboard use hears keys, whatever the configured `hint-style`, and a client that
/// declares nothing hears the configured style, side by side on one daemon.
@Suite struct DaemonCoreHintStyleTests {
    static let slider = #"{"label":"Volume","value":"50%","traits":["adjustable"]}"#
    static let toggle = #"{"label":"Wi-Fi","value":"1","traits":["button","switchButton"]}"#
    static let entry = #"{"label":"Name","traits":["textEntry"]}"#

    /// Client 1 is a keyboard door, client 2 says nothing of its user; `touch` is configured.
    var test = CoreHarness()

    init() {
        _ = test.connect(1)
        _ = test.connect(2)
        _ = test.send(1, #"{"type":"hello","client":"announcer-atspi","protocol":1,"hints":"keyboard"}"#)
        _ = test.send(2, #"{"type":"hello","client":"music-player","protocol":1}"#)
    }

    mutating func focusHint(_ client: Int, _ element: String) -> String? {
        test.hintSaid(after: test.send(client, #"{"type":"focus","element":\#(element)}"#))
    }

    @Test mutating func aKeyboardDoorAndATouchClientEachHearTheirOwnHints() {
        #expect(focusHint(1, Self.slider) == "Press Up or Down Arrow to adjust the value.")
        #expect(focusHint(2, Self.slider) == "Swipe up or down with one finger to adjust the value.")
        #expect(focusHint(1, Self.toggle) == "Press Space to toggle setting.")
        #expect(focusHint(2, Self.toggle) == "Double tap to toggle setting.")
        #expect(focusHint(1, Self.entry) == "Press Space to edit.")
        #expect(focusHint(2, Self.entry) == "Double tap to edit.")
        // A hello again without `hints` gives the configured style back.
        _ = test.send(1, #"{"type":"hello","client":"announcer-atspi","protocol":1}"#)
        #expect(focusHint(1, Self.slider) == "Swipe up or down with one finger to adjust the value.")
    }

    /// With `hint-style = keyboard` configured, a door that declares touch hears gestures.
    @Test mutating func aDeclaredStyleWinsOverTheConfiguredOne() {
        var configuration = Configuration()
        configuration.hintStyle = .keyboard
        _ = test.core.handle(.reconfigure(DaemonSettings(configuration, catalog: nil)), at: 0)
        _ = test.send(1, #"{"type":"hello","client":"phone-mirror","protocol":1,"hints":"touch"}"#)
        #expect(focusHint(1, Self.toggle) == "Double tap to toggle setting.")
        #expect(focusHint(2, Self.toggle) == "Press Space to toggle setting.")
    }

    /// A tree's words are its owner's, whoever presses the key: the keyboard door's tree says
    /// keys when the touch client moves over it, and the touch client's own tree says gestures.
    @Test mutating func aTreeIsSpokenInItsOwnersStyle() {
        let screen = #"{"type":"screen","elements":[{"id":"wifi","label":"Wi-Fi","value":"0","traits":["button","switchButton"]},{"id":"volume","label":"Volume","value":"50%","traits":["adjustable"]}]}"#
        #expect(test.hintSaid(after: test.send(1, screen)) == "Press Space to toggle setting.")
        #expect(test.hintSaid(after: test.send(2, #"{"type":"key","key":"tab"}"#)) == "Press Up or Down Arrow to adjust the value.")
        #expect(test.hintSaid(after: test.send(2, #"{"type":"navigate","direction":"previous"}"#)) == "Press Space to toggle setting.")
        let update = #"{"type":"update","element":{"id":"volume","label":"Loudness","value":"60%","traits":["adjustable"]},"focus":"volume"}"#
        #expect(test.hintSaid(after: test.send(1, update)) == "Press Up or Down Arrow to adjust the value.")
        #expect(test.hintSaid(after: test.send(2, screen)) == "Double tap to toggle setting.")
        #expect(test.hintSaid(after: test.send(1, #"{"type":"key","key":"tab"}"#)) == "Swipe up or down with one finger to adjust the value.")
    }
}
