import AnnouncerTestSupport
import Testing

/// The review with real key presses on real applications, headless (docs/design.md §18): what
/// never takes the focus is read, the rotor, read all and its stop, where am I, and the review
/// item's action, through announcer-atspi and announcerd. Each key's speech is asserted whole,
/// in order; a long read is waited for on speech (`wait:`), never a fixed sleep.
@Suite(.serialized) struct DesktopReviewEndToEndTests {
    static let allKinds: Set<String> = ["focus", "echo", "window", "default", "high"]

    @Test func gtk3WindowIsReadWhereTheFocusNeverGoes() async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Remember me. Check Box. Not Checked."]),
            ("Tab", ["Name. Text Field."]),                          // the focus
            ("Insert+Left", ["Remember me. Check Box. Not Checked."]),   // the review, not the focus
            ("Insert+Return", ["Remember me. Check Box. Checked."]),  // Insert+Enter toggled it; the change is said
            ("Insert+Left", ["Compose. Button."]),
            ("Insert+Left", ["Choose how mail is sent."]),           // a label: it never takes the focus
            ("Insert+Left", ["No previous item"]),
            ("Insert+Page_Down", ["Headings"]),                      // the rotor
            ("Insert+Right", ["No next heading"]),
            ("Insert+Page_Up", ["Items"]),
            ("Insert+Tab", ["Name. Text Field."]),                   // the focus again
            ("Insert+w", ["Mail settings. Name. Text Field."]),      // where am I: the window, then the focus, which never moved
        ])
        let spoken = try await desktopSession("gtk3_app.py", keys: keys, kinds: Self.allKinds)
        // The window's title, said when a window manager-less GTK activates it, is left out.
        #expect(Array(spoken.drop { $0 != said[0] }).filter { $0 != "Mail settings" } == said)
    }

    /// Insert+Ctrl+arrows: the settings ring, each setting said with its value as it is chosen,
    /// each step said in the voice it makes; the next focus is said as the setting made it.
    @Test func gtk3SettingsChangeWithTheirKeys() async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Remember me. Check Box. Not Checked."]),
            ("Insert+ctrl+Up", ["Rate 200."]),
            ("Insert+ctrl+Right", ["Pitch 50."]),
            ("Insert+ctrl+Down", ["Pitch 40."]),
            ("Insert+ctrl+Left", ["Rate 200."]),
            ("Insert+ctrl+Left", ["Typing echo characters."]),
            ("Insert+ctrl+Down", ["Typing echo none."]),
            ("Tab", ["Name. Text Field."]),
        ])
        // The typing echo turned off: the bridge follows the daemon's `settings` event, and what
        // is typed after is not said (the Tab after it is).
        let spoken = try await desktopSession("gtk3_app.py", keys: keys + ["type:ab", "Tab", "wait:Volume"], kinds: Self.allKinds)
        #expect(Array(spoken.drop { $0 != said[0] }).filter { $0 != "Mail settings" }.prefix(said.count) == said[...])
        #expect(!spoken.contains("a") && !spoken.contains("b"), "in \(spoken)")
        #expect(spoken.last?.hasPrefix("Volume") == true, "in \(spoken)")
    }

    /// A table in GTK 3 (a tree view) and in Qt 6 (a table widget): a row's cell says its row
    /// among the rows; Ctrl+Alt+arrows move by cell, with the column's header when the column
    /// changes, "Column 2 of 3." or "Row 2 of 3.", and the table's edge.
    @Test(arguments: ["gtk3_table.py", "qt_table.py"]) func aDesktopTableIsReadByCell(_ app: String) async throws {
        let (keys, said) = keysAndSpeech([
            ("Down", ["Selected: song.ogg 2 of 3."]),
            ("Up", ["Selected: report.pdf 1 of 3."]),
            ("ctrl+alt+Right", ["Size. 2 MB. Column 2 of 3."]),
            ("ctrl+alt+Right", ["Kind. Document. Column 3 of 3."]),
            ("ctrl+alt+Right", ["Edge of table"]),
            ("ctrl+alt+Down", ["Audio. Row 2 of 3."]),
            ("ctrl+alt+Left", ["Size. 5 MB. Column 2 of 3."]),
            ("ctrl+alt+Up", ["2 MB. Row 1 of 3."]),
            ("ctrl+alt+Up", ["Edge of table"]),
        ])
        let spoken = try await desktopSession(app, keys: keys, kinds: Self.allKinds)
        #expect(Array(spoken.drop { $0 != said[0] }).filter { $0 != "Downloads" } == said, "in \(spoken)")
    }

    @Test func gtk3ReadAllGoesToTheEndAndAKeyStopsIt() async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Remember me. Check Box. Not Checked."]),
            ("Insert+Left", ["Compose. Button."]),
            ("Insert+Left", ["Choose how mail is sent."]),
            // Insert+A: from the review item to the end, item after item.
            ("Insert+a", ["Choose how mail is sent.", "Compose. Button.", "Remember me. Check Box. Not Checked.", "Name. Text Field.",
                          "Volume: 50. Slider. Horizontal. 0 to 100.", "Open dialog. Button.", "Apples. List Start.", "Pears", "Plums. List End."]),
            ("Insert+Left", ["Pears"]), ("Insert+Left", ["Apples. List Start."]), ("Insert+Left", ["Open dialog. Button."]),
            // Read all again, stopped by Shift while the list's first row is read: the cursor
            // stays there, and Insert+Right goes on from it.
            ("Insert+a", ["Open dialog. Button.", "Apples. List Start."]),
            ("shift", []),
            ("Insert+Right", ["Pears"]),
        ])
        let spoken = try await desktopSession("gtk3_app.py", keys: keys)
        #expect(Array(spoken.drop { $0 != said[0] }) == said)
    }

    /// Control alone stops all speech, wherever the user is: the focus being said is cut off and
    /// its hint never said; the next key speaks as ever.
    @Test func gtk3ControlAloneStopsSpeech() async throws {
        let keys = ["Tab", "wait:^SPEAK focus [0-9]+ Remember me", "ctrl", "idle", "Tab", "wait:^SPEAK focus [0-9]+ Name"]
        let spoken = try await desktopSession("gtk3_app.py", keys: keys, kinds: ["focus", "hint", "finished"])
        let after = Array(spoken.drop { $0 != "Remember me. Check Box. Not Checked." })
        #expect(after.prefix(2) == ["Remember me. Check Box. Not Checked.", "finished interrupted"], "\(spoken)")
        #expect(after.filter { !$0.hasPrefix("finished") } == ["Remember me. Check Box. Not Checked.", "Name. Text Field."], "\(spoken)")
    }

    /// A dialog's message never takes the focus; review reads it.
    @Test func gtk3DialogsMessageIsRead() async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Remember me. Check Box. Not Checked."]), ("Tab", ["Name. Text Field."]), ("Tab", ["Volume: 50. Slider. Horizontal. 0 to 100."]),
            ("Tab", ["Open dialog. Button."]), ("Return", ["OK. Button."]),
            ("Insert+Left", ["Settings saved"]), ("Insert+Right", ["OK. Button."]),
        ])
        let spoken = try await desktopSession("gtk3_app.py", keys: keys)
        #expect(Array(spoken.drop { $0 != said[0] }) == said)
    }

    /// GTK 4 (its own AT-SPI implementation, no key events on the bus: the keys are X grabs).
    @Test func gtk4WindowAndDialogAreRead() async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Remember me. Check Box. Not Checked."]),
            ("Insert+Left", ["Compose. Button."]), ("Insert+Left", ["Choose how mail is sent."]),
            ("Insert+Left", ["No previous item"]), ("Insert+Right", ["Compose. Button."]),
            ("Tab", ["Name. Text Field."]), ("Tab", ["Volume: 50. Slider. Horizontal. 0 to 100."]), ("Tab", ["Open dialog. Button."]),
            ("Return", ["OK. Button."]), ("Insert+Left", ["Settings saved"]),
        ])
        let spoken = try await desktopSession("gtk4_app.py", keys: keys)
        #expect(Array(spoken.drop { $0 != said[0] }) == said)
    }

    /// Browse mode in a web page of the project's own (Tests/fixtures/desktop/page.html), in
    /// Firefox ESR and Chromium from Debian: single keys jump, arrows read by line and by
    /// character, a text field takes focus mode and Escape leaves it, the rotor, the title and
    /// where am I.
    @Test(arguments: ["firefox", "chromium"]) func browseModeInAWebPage(_ browser: String) async throws {
        // Firefox says the field's new value once typing ends, which Chromium does not. Chromium
        // makes the unnamed form a landmark, which it is not (ARIA's form landmark is named):
        // nothing is said of it.
        let title = browser == "chromium" ? "Announcer test page - Chromium" : "Announcer test page — Mozilla Firefox"
        // The page's first item is said once it has loaded, after its title: the cursor is there.
        let first = "Announcer test page: level 1. Heading."
        // Each landmark is said by its kind as the cursor enters it, and left.
        let (keys, said) = keysAndSpeech([
            ("h", ["Out of Banner landmark. Main landmark. Introduction: level 2. Heading."]),
            ("3", ["Details: level 3. Heading."]),
            ("shift+h", ["Introduction: level 2. Heading."]),
            ("shift+h", ["Out of Main landmark. Banner landmark. \(first)"]),
            ("h", ["Out of Banner landmark. Main landmark. Introduction: level 2. Heading."]),
            ("k", ["guide. Link."]),
            ("shift+k", ["Out of Main landmark. Navigation landmark. List. 3 items. Contact. Link. List End."]),  // a list entered, with its size
            ("Down", ["Out of List. Out of Navigation landmark. Main landmark. Introduction: level 2. Heading."]),  // the next line
            ("Down", ["Announcer reads what is there. Read the guide. Link. to learn more."]),  // a paragraph with its link
            ("Right", ["n"]), ("Right", ["n"]), ("Right", ["o"]),
            ("f", ["Name. Text Field."]),
            ("b", ["Send. Button."]),
            ("t", ["Table. 3 rows. 2 columns. Prices"]),         // the table entered, its size, and its caption
            ("Down", ["Item. Row 1 of 3. Column 1 of 2."]),      // its first cell, a column's header, and where it is
            ("ctrl+alt+Down", ["Apples. Row 2 of 3."]),          // by cell: the same column
            ("ctrl+alt+Right", ["Price. 3. Column 2 of 2."]),    // the column's header, as it changed
            ("ctrl+alt+Right", ["Edge of table"]),
            ("l", ["Out of Table. List. 3 items. Red"]),         // the table left on the way, a list entered
            ("i", ["Green"]),                                    // NVDA's I: the list's next item
            ("d", ["Out of List. Out of Main landmark. Content info landmark. The end."]),  // a list left, as NVDA says it
            ("h", ["No next heading"]),
            ("Up", ["Out of Content info landmark. Main landmark. This is the last section."]),
            ("Insert+Up", ["This is the last section."]),        // the current line again
            ("shift+x", ["Subscribe. Check Box. Not Checked."]),  // NVDA's X: the previous check box
            ("x", ["No next check box"]),
            ("shift+f", ["Name. Text Field."]),
            ("Return", ["Focus mode"]),                          // the field has the focus, said already by the cursor
            ("type:hi", ["h", "i"]),                             // typed into the field
            ("Escape", ["Browse mode. Name: hi. Text Field."]),            // and the focus, as it is now
            ("h", ["Second section: level 2. Heading."]),        // from the field
            ("Insert+Page_Down", ["Headings"]),                  // the rotor
            ("Insert+Left", ["Details: level 3. Heading."]),     // the previous heading
            ("Insert+t", [title]),
            ("Insert+w", ["\(title). Name: hi. Text Field."]),   // the title and the focus as it is now
            ("ctrl+End", ["Out of Main landmark. Content info landmark. The end."]),   // the page's last line
            ("ctrl+Home", ["Out of Content info landmark. Banner landmark. \(first)"]),  // and its first
        ])
        // The page's document has the focus (browse mode) before the first key. Firefox, with no
        // window manager, sometimes leaves it on its window: a click on the page's blank side
        // gives it to the document.
        let spoken = try await desktopSession("browser.sh \(browser) page.html",
                                        keys: ["wait:Announcer test page", "click", "seen:^SPEAK low [0-9]+ \(first)$", "idle"] + keys,
                                        kinds: ["focus", "echo", "default", "high", "low"])
        #expect(Array(spoken.drop { $0 != first }).filter { $0 != "Name: hi. Text Field." } == [first] + said)
    }
}
