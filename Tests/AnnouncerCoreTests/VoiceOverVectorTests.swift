import AnnouncerElements
import AnnouncerSupport
import Foundation
import Testing

/// One reference utterance from AccessibilitySnapshot (Fixtures/voiceover.jsonl).
struct VoiceOverVector: CustomTestStringConvertible, Sendable {
    var id: String
    var element: JSONValue
    var description: String
    var hint: String?

    var testDescription: String { id }

    static let all: [VoiceOverVector] = {
        let text = try! String(contentsOf: fixture("voiceover.jsonl"), encoding: .utf8)
        return text.split(separator: "\n").map { line in
            guard case .object(let members) = try! JSONValue.parse(line),
                  case .string(let id) = members["id"], case .string(let description) = members["description"]
            else { fatalError("bad vector line: \(line)") }
            var hint: String?
            if case .string(let text) = members["hint"] { hint = text }
            return VoiceOverVector(id: id, element: members["element"]!, description: description, hint: hint)
        }
    }()
}

@Suite struct VoiceOverVectorTests {
    @Test func theFixtureHasEveryVector() {
        #expect(VoiceOverVector.all.count >= 20)
    }

    @Test(arguments: VoiceOverVector.all)
    func composesLikeVoiceOver(_ vector: VoiceOverVector) throws {
        let utterance = composer().compose(try Element(json: vector.element))
        #expect(utterance.description == vector.description)
        #expect(utterance.hint == vector.hint)
    }
}
