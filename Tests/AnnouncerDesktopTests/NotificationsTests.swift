@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerTestSupport
import Testing

/// What an application says outside the focus of its own accord: announcements, and a
/// notification's window that takes no focus (docs/design.md §12).
@Suite struct NotificationsTests {
    /// (role, texts, the active window, said): a window of a notification's roles that is not the
    /// active window says its texts as sentences; one with nothing to say, of another role, or
    /// active (an alert dialog, said as its window), says nothing.
    @Test(arguments: [
        ("alert", ["Build finished", "All 12 tests passed"], false, "Build finished. All 12 tests passed"),
        ("notification", ["Done!", "Tests passed"], false, "Done! Tests passed"),
        ("notification", ["Done!", " ", "\u{FFFC}"], false, "Done!"),
        ("alert", [], false, nil),
        ("window", ["A menu"], false, nil),
        ("alert", ["Settings saved"], true, nil),
    ] as [(String, [String], Bool, String?)])
    func aNotificationIsAWindowThatTakesNoFocus(_ role: String, _ texts: [String], _ isActive: Bool, _ said: String?) {
        let request = Notifications.created(role: role, texts: texts, isActive: isActive, in: packagedCatalog.words(for: nil, configured: "en"))
        #expect(request == said.map { .notification($0) })
    }

    /// A notification's sentences in the locale's words: German's period and space.
    @Test func aNotificationInGerman() {
        let german = packagedCatalog.words(for: nil, configured: "de")
        let said = Notifications.created(role: "notification", texts: ["Fertig", "Alle Tests bestanden"], isActive: false, in: german)
        #expect(said == .notification("Fertig" + german[.period] + german[.space] + "Alle Tests bestanden"))
    }

    /// (text, assertive, said): an assertive announcement interrupts; an empty one says nothing.
    @Test(arguments: [
        ("Saved", false, DesktopRequest.announce(Announcement(text: "Saved", priority: .default))),
        ("Connection lost", true, .announce(Announcement(text: "Connection lost", priority: .high))),
        ("", true, nil),
    ] as [(String, Bool, DesktopRequest?)])
    func anAnnouncementIsSaidByItsPriority(_ text: String, _ assertive: Bool, _ said: DesktopRequest?) {
        #expect(Notifications.announced(text, assertive: assertive) == said)
    }
}
