import AnnouncerSystem
import Testing

@Suite struct RequestInputTests {
    @Test func anUnreadableFileIsNil() {
        #expect(RequestInput.read("/nonexistent/requests.jsonl") == nil)
    }
}
