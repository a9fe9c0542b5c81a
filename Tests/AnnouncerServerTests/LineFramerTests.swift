@testable import AnnouncerServer
@testable import AnnouncerSession
import Testing

@Suite struct LineFramerTests {
    @Test func splitsLinesAcrossReads() {
        var framer = LineFramer(limit: 100)
        #expect(framer.append(Array("ab".utf8)) == [])
        #expect(framer.append(Array("c\nde\r\n\nf".utf8)) == [.line(Array("abc".utf8)), .line(Array("de".utf8)), .line([])])
        #expect(framer.append(Array("\n".utf8)) == [.line(Array("f".utf8))])
    }

    @Test func aLineAtTheLimitPassesAndOneByteMoreIsSkippedWhole() {
        var framer = LineFramer(limit: 4)
        #expect(framer.append(Array("abcd\n".utf8)) == [.line(Array("abcd".utf8))])
        #expect(framer.append(Array("abcde".utf8)) == [.tooLong(5)])
        #expect(framer.append(Array("fgh\nok\n".utf8)) == [.line(Array("ok".utf8))])
    }
}
