@testable import AnnouncerDesktop
import AnnouncerSupport
import Testing

/// The applications due for a probe or a search for their focus when a timer fires.
@Suite struct DueApplicationsTests {
    /// (applications due at their times, when the timer fires, taken, left): those due by then
    /// (a timer up to a millisecond early included), in the order asked; the later ones left.
    @Test(arguments: [
        ([("gedit", 100.0)], 100.0, ["gedit"], true),
        ([("gedit", 100)], 99, ["gedit"], true),
        ([("gedit", 100)], 98.9, [], false),
        ([("qt", 300), ("gedit", 100), ("firefox", 100)], 100, ["gedit", "firefox"], false),
        ([("gedit", 100), ("gedit", 100)], 150, ["gedit", "gedit"], true),
        ([], 100, [], true),
    ] as [([(String, Milliseconds)], Milliseconds, [String], Bool)])
    func theApplicationsDueAreTakenInOrder(_ due: [(String, Milliseconds)], _ now: Milliseconds, _ taken: [String], _ emptied: Bool) {
        var applications = DueApplications()
        for (application, at) in due { applications.add(application, at: at) }
        #expect(applications.take(at: now) == taken)
        #expect(applications.isEmpty == emptied)
        // Taken once: the same timer's time again finds none of them.
        #expect(applications.take(at: now).isEmpty)
    }
}
