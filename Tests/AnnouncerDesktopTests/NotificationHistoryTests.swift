import AnnouncerComposer
@testable import AnnouncerDesktop
import AnnouncerTestSupport
import Testing

/// Insert+N and Insert+Shift+N: the notifications said, newest first, back to the oldest kept.
@Suite struct NotificationHistoryTests {
    @Test func theHistoryGoesBackFromTheNewest() {
        var history = NotificationHistory()
        #expect(history.newest() == nil && history.older() == nil)
        history.add("one")
        history.add("two")
        history.add("three")
        #expect(history.older() == "three")     // nothing said yet: the newest
        #expect(history.older() == "two")
        #expect(history.older() == "one")
        #expect(history.older() == nil)         // the oldest: stays
        #expect(history.newest() == "three")
        history.add("four")
        #expect(history.older() == "four")
        for index in 0..<60 { history.add("n\(index)") }
        #expect(history.newest() == "n59")
        for _ in 0..<49 { _ = history.older() }
        #expect(history.older() == nil)
    }

    @Test func theKeysSayTheHistoryInTheLocalesWords() {
        var review = DesktopReview(composer: UtteranceComposer(catalog: packagedCatalog))
        #expect(review.perform(.notification(older: false)) == [.say("No notifications", unit: .line)])
        review.notified("Build finished")
        review.notified("Mail from Ada")
        #expect(review.perform(.notification(older: false)) == [.say("Mail from Ada", unit: .line)])
        #expect(review.perform(.notification(older: true)) == [.say("Build finished", unit: .line)])
        #expect(review.perform(.notification(older: true)) == [.say("No older notification", unit: .line)])
        #expect(ReviewKeyMap.command(for: ReviewKey("n", modifier: true), in: .desktop) == .notification(older: false))
        #expect(ReviewKeyMap.command(for: ReviewKey("n", shift: true, modifier: true), in: .browse) == .notification(older: true))
        #expect(ReviewKeyMap.command(for: ReviewKey("n"), in: .desktop) == nil)
    }
}
