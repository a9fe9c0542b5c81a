import AnnouncerElements
import AnnouncerScheduler
@testable import AnnouncerServer
@testable import AnnouncerSession
import Testing

/// A client's share of the queue (QueueShare), as a table: what it has waiting, what it sends,
/// and whether that is refused.
@Suite struct QueueShareTests {
    static let announcement = SchedulerEvent.announce(Announcement(text: "Saved"))
    static let message = SchedulerEvent.message(Speech(text: "Saved"), .text, held: false)
    static let focus = SchedulerEvent.focus(description: Speech(text: "OK. Button."), hint: nil)
    static let echo = SchedulerEvent.echo(Speech(text: "a"))

    @Test(arguments: [
        (announcement, 0, false), (announcement, 199, false), (announcement, 200, true), (announcement, 5_000, true),
        (message, 199, false), (message, 200, true),
        // A focus or an echo replaces what it supersedes: never refused, however much waits.
        (focus, 200, false), (focus, 5_000, false), (echo, 200, false),
    ])
    func anAnnouncementPastTheShareIsRefused(event: SchedulerEvent, waiting: Int, refused: Bool) {
        let refusal = QueueShare(limit: 200).refusal(of: event, waiting: waiting)
        #expect((refusal != nil) == refused)
        if let refusal {
            #expect(refusal.code == .queueFull)
            #expect(refusal.message.contains("\(waiting) utterances waiting"))
        }
    }
}
