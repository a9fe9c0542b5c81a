import AnnouncerTestSupport
import Testing

/// The review with real key presses on real applications, headless (docs/design.md §18): what
/// never takes the focus is read, the rotor, read all and its stop, where am I, and the review
/// item's action, through announcer-atspi and announcerd. Each key's speech is asserted whole,
/// in order; a long read is waited for on speech (`wait:`), never a fixed sleep.
@Suite(.serialized) struct DesktopReviewEndToEndTests {
    static let allKinds: Set<String> = ["focus", "echo", "window", "default", "high"]

    @Test func gtk3WindowIsReadWhereTheFocusNeverGoes() throws {
        let spoken = try desktopSession("gtk3_app.py", keys: [
            "Tab", "Tab", "Insert+Left", "Insert+Return", "Insert+Left", "Insert+Left", "Insert+Left",
            "Insert+Down", "Insert+Right", "Insert+Up", "Insert+w", "wait:Name. Text Field.",
        ], kinds: Self.allKinds)
        #expect(Array(spoken.drop { $0 != "Remember me. Switch Button. Off." }).filter { $0 != "Mail settings" } == [
            "Remember me. Switch Button. Off.",
            "Name. Text Field.",                  // the focus
            "Remember me. Switch Button. Off.",   // Insert+Left: the review, not the focus
            "Remember me. Switch Button. On.",    // Insert+Enter toggled it; the change is said
            "Compose. Button.",
            "Choose how mail is sent.",           // a label: it never takes the focus
            "No previous item",
            "Headings",                           // Insert+Down: the rotor
            "No next heading",
            "Items",
            "Name. Text Field.",                  // where am I: the window, then the focus, which never moved
        ])
        #expect(spoken.last(where: { $0 == "Mail settings" }) != nil, "where am I did not say the window's title: \(spoken)")
    }

    @Test func gtk3ReadAllGoesToTheEndAndAKeyStopsIt() throws {
        let spoken = try desktopSession("gtk3_app.py", keys: [
            "Tab", "Insert+Left", "Insert+Left", "Insert+a", "wait:Plums. List End.",
            "Insert+Left", "Insert+Left", "Insert+Left", "Insert+a", "wait:Apples. List Start.", "shift", "Insert+Right",
        ])
        #expect(Array(spoken.drop { $0 != "Remember me. Switch Button. Off." }) == [
            "Remember me. Switch Button. Off.",
            "Compose. Button.",
            "Choose how mail is sent.",
            // Insert+A: from the review item to the end, item after item.
            "Choose how mail is sent.", "Compose. Button.", "Remember me. Switch Button. Off.", "Name. Text Field.",
            "Volume: 50%. Adjustable.", "Open dialog. Button.", "Apples. List Start.", "Pears", "Plums. List End.",
            "Pears", "Apples. List Start.", "Open dialog. Button.",
            // Read all again, stopped by Shift while the list's first row is read: the cursor
            // stays there, and Insert+Right goes on from it.
            "Open dialog. Button.", "Apples. List Start.",
            "Pears",
        ])
    }

    /// A dialog's message never takes the focus; review reads it.
    @Test func gtk3DialogsMessageIsRead() throws {
        let spoken = try desktopSession("gtk3_app.py", keys: [
            "Tab", "Tab", "Tab", "Tab", "Return", "wait:OK. Button.", "Insert+Left", "Insert+Right",
        ])
        #expect(Array(spoken.drop { $0 != "Open dialog. Button." }) == [
            "Open dialog. Button.", "OK. Button.", "Settings saved", "OK. Button.",
        ])
    }

    /// GTK 4 (its own AT-SPI implementation, no key events on the bus: the keys are X grabs).
    @Test func gtk4WindowAndDialogAreRead() throws {
        let spoken = try desktopSession("gtk4_app.py", keys: [
            "Tab", "Insert+Left", "Insert+Left", "Insert+Left", "Insert+Right",
            "Tab", "Tab", "Tab", "Return", "wait:OK. Button.", "Insert+Left",
        ])
        #expect(Array(spoken.drop { $0 != "Remember me. Switch Button. Off." }) == [
            "Remember me. Switch Button. Off.",
            "Compose. Button.", "Choose how mail is sent.", "No previous item", "Compose. Button.",
            "Name. Text Field.", "Volume: 50%. Adjustable.", "Open dialog. Button.",
            "OK. Button.", "Settings saved",
        ])
    }
}
