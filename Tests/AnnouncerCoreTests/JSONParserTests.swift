import AnnouncerSupport
import Foundation
import Testing

@Suite struct JSONParserTests {
    @Test(arguments: [
        (#"{"a":[1,-2.5,3e2,0,true,false,null],"b":{}}"#, JSONValue.object(["a": .array([1, -2.5, 300, 0, true, false, .null]), "b": .object([:])])),
        (#"  [ ]  "#, .array([])),
        (#""caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n\t""#, .string("café 😀 \"q\" \\ / \n\t")),
        (#""Grüße, 你好""#, .string("Grüße, 你好")),
        (#"-0.001E-2"#, .number(-0.00001)),
        (#"{"dup":1,"dup":2}"#, .object(["dup": 2])),
    ] as [(String, JSONValue)])
    func parses(_ text: String, _ value: JSONValue) throws {
        #expect(try JSONValue.parse(text) == value)
    }

    @Test(arguments: [
        (#"{"a":1,}"#, "expected a member name in double quotes at byte 7"),
        (#"[1,]"#, "unexpected character at byte 3"),
        (#"01"#, "unexpected text after the JSON value at byte 1"),
        (#"{"a" 1}"#, "expected ':' after a member name at byte 5"),
        (#""abc"#, "unexpected end of the text in a string at byte 4"),
        ("\"a\u{01}b\"", "a control character must be escaped in a string at byte 2"),
        (#""\ud800""#, "a lone surrogate in a \\u escape at byte 7"),
        (#""\x""#, "unknown escape at byte 3"),
        (#"nul"#, "unexpected end of the text at byte 0"),
        (#"NaN"#, "unexpected character at byte 0"),
        (#"1."#, "expected a digit after '.' at byte 2"),
        (#"1e999"#, "the number is out of range at byte 5"),
        (#"{"a":1} x"#, "unexpected text after the JSON value at byte 8"),
        ("", "unexpected end of the text at byte 0"),
    ] as [(String, String)])
    func refuses(_ text: String, _ reason: String) {
        let error = #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(text) }
        #expect(error?.reason == reason)
    }

    @Test func invalidUTF8InAStringIsRefused() {
        let error = #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data([0x22, 0xFF, 0x22])) }
        #expect(error?.reason == "the string is not valid UTF-8 at byte 3")
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(deep) }
        #expect(error?.reason.hasPrefix("nesting deeper than 512 levels") == true)
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue.parse(fine) }
    }

    @Test func serializedTextParsesBackToTheSameValue() throws {
        let value: JSONValue = ["text": "line\nbreak \"quoted\" \u{01}", "n": 12, "x": 1.5, "list": .array([true, .null, "ü"])]
        #expect(try JSONValue.parse(value.serialized()) == value)
    }
}
