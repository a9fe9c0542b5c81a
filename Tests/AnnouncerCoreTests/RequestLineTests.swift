import AnnouncerElements
import AnnouncerFocus
import AnnouncerSupport
import AnnouncerWire
import Testing

@Suite struct RequestLineTests {
    func decode(_ line: String) throws(RequestError) -> RequestLine {
        try RequestLine(Array(line.utf8))
    }

    @Test func focus() throws {
        let line = try decode(#"{"type":"focus","id":7,"element":{"label":"Play","traits":["button"]}}"#)
        #expect(line.id == 7)
        #expect(line.request == .focus(Element(label: "Play", traits: [.button])))
    }

    @Test func announceWithEveryField() throws {
        let line = try decode(#"{"type":"announce","text":"Hi","priority":"high","delayMs":250,"interrupt":true,"language":"de","spellOut":true,"punctuation":"all","pitch":1.5,"rate":2}"#)
        guard case .announce(let announcement) = line.request else { Issue.record("not an announcement"); return }
        #expect(announcement.text == "Hi")
        #expect(announcement.priority == .high)
        #expect(announcement.delayMs == 250)
        #expect(announcement.interrupt)
        #expect(announcement.language == "de")
        #expect(announcement.spellOut)
        #expect(announcement.punctuation == .all)
        #expect(announcement.pitch == 1.5)
        #expect(announcement.rate == 2)
    }

    @Test(arguments: ["en", "zh-Hans", "en_US", "de-CH-1996", "x-private"])
    func wellFormedLanguageTagsAreAccepted(tag: String) throws {
        _ = try decode(#"{"type":"announce","text":"Hi","language":"\#(tag)"}"#)
        _ = try decode(#"{"type":"focus","element":{"label":"Hi","language":"\#(tag)"}}"#)
    }

    @Test(arguments: ["", "en--us", "en us", "ünï", "abcdefghi", "20,000 subtags"])
    func languageTagsThatAreNotTagsAreRefused(name: String) {
        let tag = name == "20,000 subtags" ? String(repeating: "ab-", count: 20_000) + "ab" : name
        for line in [#"{"type":"announce","text":"Hi","language":"\#(tag)"}"#, #"{"type":"focus","element":{"label":"Hi","language":"\#(tag)"}}"#] {
            #expect(throws: RequestError.self) { try decode(line) }
            do { _ = try decode(line) } catch { #expect(error.code == .invalidField) }
        }
    }

    @Test func screenWithRootOrElements() throws {
        guard case .screen(let tree, let focus) = try decode(#"{"type":"screen","root":{"id":"r","children":[{"id":"a","label":"A"}]},"focus":"a"}"#).request else {
            Issue.record("not a screen"); return
        }
        #expect(tree.roots.map(\.id) == ["r"])
        #expect(focus == "a")
        guard case .screen(let flat, nil) = try decode(#"{"type":"screen","elements":[{"id":"a","label":"A"}]}"#).request else {
            Issue.record("not a screen"); return
        }
        #expect(flat.roots.count == 1)
    }

    @Test func echoAndWindow() throws {
        #expect(try decode(#"{"type":"echo","text":"h"}"#).request == .echo(text: "h", unit: .character, language: nil))
        #expect(try decode(#"{"type":"echo","text":" ","unit":"character"}"#).request == .echo(text: " ", unit: .character, language: nil))
        #expect(try decode(#"{"type":"echo","text":"hello","unit":"word","language":"de"}"#).request == .echo(text: "hello", unit: .word, language: "de"))
        #expect(try decode(#"{"type":"window","title":"Save?","role":"dialog"}"#).request == .window(title: "Save?", role: .dialog, language: nil))
        #expect(try decode(#"{"type":"window","title":"Notes"}"#).request == .window(title: "Notes", role: .window, language: nil))
    }

    @Test(arguments: [
        (#"{"type":"echo"}"#, "text"), (#"{"type":"echo","text":""}"#, "text"), (#"{"type":"echo","text":"a","unit":"sentence"}"#, "unit"),
        (#"{"type":"window"}"#, "title"), (#"{"type":"window","title":"  "}"#, "title"), (#"{"type":"window","title":"A","role":"frame"}"#, "role"),
    ])
    func echoAndWindowRefuseWhatTheyCannotSay(line: String, field: String) {
        do {
            _ = try decode(line)
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.message.contains(field))
        }
    }

    @Test func focusModelRequests() throws {
        #expect(try decode(#"{"type":"navigate","direction":"next"}"#).request == .navigate(direction: "next"))
        #expect(try decode(#"{"type":"key","key":"z","modifiers":["tab"]}"#).request == .key(KeyPress("z", [.tab])))
        #expect(try decode(#"{"type":"shortcuts"}"#).request == .shortcuts)
        #expect(try decode(#"{"type":"subscribe","events":["focus","finished"]}"#).request == .subscribe(events: ["focus", "finished"]))
        #expect(try decode(#"{"type":"update","element":{"id":"a","label":"A"},"focus":"a"}"#).request == .update([Element(id: "a", label: "A")], focus: "a"))
        #expect(try decode(#"{"type":"commands","commands":[{"id":"add","title":"Add Card","key":"a","when":"focused"}]}"#).request
                == .commands([KeyCommand(id: "add", title: "Add Card", key: KeyPress("a"), when: .focused)]))
    }

    @Test(arguments: [
        #"{"type":"key","key":"f1"}"#, #"{"type":"key","key":"a","modifiers":["hyper"]}"#, #"{"type":"navigate","direction":"up"}"#,
        #"{"type":"commands","commands":[{"id":"a","title":"A","key":"a"},{"id":"b","title":"B","key":"a"}]}"#,
        #"{"type":"update","element":{"label":"no id"}}"#, #"{"type":"subscribe","events":["everything"]}"#,
    ])
    func badFocusModelRequests(_ line: String) {
        #expect(throws: RequestError.self) { try decode(line) }
    }

    @Test(arguments: [
        (#"{"type":"focus""#, RequestError.Code.badJSON),
        (#"[1,2]"#, .badJSON),
        (#"{"id":1}"#, .missingField),
        (#"{"type":"shout","id":1}"#, .unknownType),
        (#"{"type":"focus"}"#, .missingField),
        (#"{"type":"focus","element":{"traits":["buton"]}}"#, .invalidField),
        (#"{"type":"announce"}"#, .missingField),
        (#"{"type":"announce","text":"x","priority":"urgent"}"#, .invalidField),
        (#"{"type":"announce","text":"x","pitch":3}"#, .invalidField),
        (#"{"type":"announce","text":"x","delayMs":-5}"#, .invalidField),
        (#"{"type":"screen","elements":[{"label":"no id"}]}"#, .missingField),
        (#"{"type":"screen"}"#, .missingField),
    ])
    func badLinesGetTheirCode(_ line: String, _ code: RequestError.Code) {
        let error = #expect(throws: RequestError.self) { try decode(line) }
        #expect(error?.code == code)
    }

    @Test func theErrorEchoesTheID() {
        let error = #expect(throws: RequestError.self) { try decode(#"{"type":"shout","id":"abc"}"#) }
        #expect(error?.id == "abc")
        #expect(error?.message.hasPrefix("unknown request type \"shout\"") == true)
    }

    @Test func notUTF8IsBadJSON() {
        let error = #expect(throws: RequestError.self) { try RequestLine([0x7B, 0xFF, 0x7D]) }
        #expect(error?.code == .badJSON)
        #expect(error?.message == "the line is not UTF-8")
    }

    @Test func lineLengthBound() throws {
        let padding = String(repeating: "a", count: Request.maximumLineBytes - #"{"type":"announce","text":""}"#.utf8.count)
        let atBound = #"{"type":"announce","text":""# + padding + #""}"#
        #expect(atBound.utf8.count == Request.maximumLineBytes)
        #expect(throws: Never.self) { try decode(atBound) }
        let error = #expect(throws: RequestError.self) { try decode(atBound + " ") }
        #expect(error?.code == .tooLong)
    }
}
