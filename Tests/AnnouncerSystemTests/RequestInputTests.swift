import AnnouncerSystem
import Testing

@Suite struct RequestInputTests {
    @Test func keepsLineNumbersDropsLineEndingsAndSkipsBlankLines() {
        let data = Array("first\r\n\n \t\nsecond\nthird".utf8)
        let lines = RequestInput.lines(of: data)
        #expect(lines.map(\.number) == [1, 4, 5])
        #expect(lines.map { String(decoding: $0.bytes, as: UTF8.self) } == ["first", "second", "third"])
    }

    @Test func blankMeansSpacesAndTabsOnly() {
        #expect(RequestInput.isBlank(Array(" \t ".utf8)))
        #expect(RequestInput.isBlank([UInt8]()))
        #expect(!RequestInput.isBlank(Array(" x ".utf8)))
    }

    @Test func anUnreadableFileIsNil() {
        #expect(RequestInput.read("/nonexistent/requests.jsonl") == nil)
    }
}
