import AnnouncerWire
import Testing

@Suite struct RequestLineLinesTests {
    @Test func keepsLineNumbersDropsLineEndingsAndSkipsBlankLines() {
        let data = Array("first\r\n\n \t\nsecond\nthird".utf8)
        let lines = RequestLine.lines(of: data)
        #expect(lines.map(\.number) == [1, 4, 5])
        #expect(lines.map { String(decoding: $0.bytes, as: UTF8.self) } == ["first", "second", "third"])
    }

    @Test func blankMeansSpacesAndTabsOnly() {
        #expect(RequestLine.isBlank(Array(" \t ".utf8)))
        #expect(RequestLine.isBlank([UInt8]()))
        #expect(!RequestLine.isBlank(Array(" x ".utf8)))
    }
}
