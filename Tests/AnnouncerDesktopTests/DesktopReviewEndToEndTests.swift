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
            "Insert+Down", "Insert+Right", "Insert+Up", "Insert+w", "wait:Mail settings. Name. Text Field.",
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
            "Mail settings. Name. Text Field.",   // where am I: the window, then the focus, which never moved
        ])
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

    /// Browse mode in a web page of the project's own (Tests/fixtures/desktop/page.html), in
    /// Firefox ESR and Chromium from Debian: single keys jump, arrows read by line and by
    /// character, a text field takes focus mode and Escape leaves it, the rotor, the title and
    /// where am I.
    @Test(arguments: ["firefox", "chromium"]) func browseModeInAWebPage(_ browser: String) throws {
        let spoken = try desktopSession("browser.sh \(browser) page.html", keys: [
            // The page's document has the focus: browse mode.
            "wait:^SPEAK focus [0-9]+ Announcer test page$",
            "h", "h", "3", "shift+h", "k", "shift+k", "Down", "Down", "Right", "Right", "Right",
            "f", "b", "t", "l", "d", "h", "Up", "shift+f", "shift+f", "shift+f",
            "Return", "wait:Name. Text Field.", "type:hi", "Escape", "h", "Insert+Down", "Insert+Left", "Insert+t", "Insert+w",
            "wait:Name: hi. Text Field.",
        ])
        // Chromium makes the form a landmark (its last item says "End."); Firefox says the
        // field's new value once typing ends, which Chromium does not.
        let send = browser == "chromium" ? "Send. Button. End." : "Send. Button."
        let title = browser == "chromium" ? "Announcer test page - Chromium" : "Announcer test page — Mozilla Firefox"
        #expect(Array(spoken.drop { $0 != "Announcer test page: level 1. Heading. Landmark." }).filter { $0 != "Name: hi. Text Field." } == [
            "Announcer test page: level 1. Heading. Landmark.",  // H
            "Introduction: level 2. Heading. Landmark.",         // H
            "Details: level 3. Heading.",                        // 3
            "Introduction: level 2. Heading. Landmark.",         // Shift+H
            "guide. Link.",                                      // K
            "Contact. Link. List End.",                          // Shift+K
            "Introduction: level 2. Heading. Landmark.",         // Down: the next line
            "Announcer reads what is there. Read the guide. Link. to learn more.",  // Down: a paragraph with its link
            "n", "n", "o",                                       // Right ×3
            "Name. Text Field.",                                 // F
            send,                                                // B
            "Prices",                                            // T: the table's caption
            "Red. List Start.",                                  // L
            "The end. Landmark.",                                // D
            "No next heading",                                   // H at the end
            "This is the last section. End.",                    // Up
            send, "Subscribe. Switch Button. Off.", "Name. Text Field.",  // Shift+F ×3
            "Focus mode", "Name. Text Field.",                   // Enter: the field has the focus
            "h", "i",                                            // typed into the field
            "Browse mode",                                       // Escape
            "Second section: level 2. Heading.",                 // H from the field
            "Headings",                                          // Insert+Down: the rotor
            "Details: level 3. Heading.",                        // Insert+Left: the previous heading
            title,                                               // Insert+T
            "\(title). Name: hi. Text Field.",                   // Insert+W: the title and the focus as it is now
        ])
    }
}
