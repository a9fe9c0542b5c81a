import AnnouncerTestSupport
import Testing

/// Real Qt applications, headless, heard through announcer-atspi and announcerd (issue [Q]
/// point 4): `Tests/fixtures/desktop/qt_app.py`, a button, a check box, a line edit named by its
/// label, a slider, a list and a message box, in Qt 6 and in Qt 5 (whose bridge finds the
/// accessibility bus only on the X root window: docs/design.md §12). Each key's speech is
/// asserted whole, in order, and waited for on speech, never on a fixed sleep.
@Suite(.serialized) struct QtEndToEndTests {
    static let versions = ["qt6", "qt5"]

    /// Tab through every control, with the keys each one takes. The first focus (Play), given as
    /// the window is shown, can come before a slow (sanitized) bridge listens: the session is
    /// asserted from the first Tab.
    @Test(arguments: versions) func buttonsCheckBoxLineEditSliderListAndDialog(_ qt: String) async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Mute. Check Box. Not Checked."]),
            ("space", ["Mute. Check Box. Checked."]),          // the change to the focused check box
            ("Tab", ["Volume: 50. Slider. 0 to 100."]),
            ("Right", ["51"]),          // the slider's new value, alone
            ("Tab", ["Name. Text Field."]),                   // named by its label, "&Name", without the mnemonic's mark
            ("type:hi", ["h", "i"]),                          // typing echo, never doubled
            ("Tab", ["Selected: Apples 1 of 3."]),            // the list takes the focus: its current row is said
            ("Down", ["Selected: Pears 2 of 3."]),            // said once, never the row it left
            ("Tab", ["Open dialog. Button."]),
            ("space", ["Sound settings. Dialog.", "OK. Button."]),  // the message box's title, then its button
        ])
        let spoken = try await desktopSession("qt_app.py \(qt)", keys: keys, kinds: ["focus", "echo", "window", "default", "high"])
        // The main window's title, said as it is shown, is left out.
        #expect(Array(spoken.drop { $0 != said[0] }) == said)
    }

    /// The review in the main window and in the message box: its message never takes the focus.
    @Test(arguments: versions) func windowAndDialogAreRead(_ qt: String) async throws {
        let (keys, said) = keysAndSpeech([
            ("Tab", ["Mute. Check Box. Not Checked."]),
            ("Insert+Left", ["Play. Button."]),               // the review, not the focus
            ("Insert+Left", ["No previous item"]),
            ("Insert+Right", ["Mute. Check Box. Not Checked."]),
            ("Tab", ["Volume: 50. Slider. 0 to 100."]), ("Tab", ["Name. Text Field."]), ("Tab", ["Selected: Apples 1 of 3."]),
            ("Insert+Left", ["Name. Text Field."]), ("Insert+Left", ["Name"]),   // the label, which never takes the focus
            ("Tab", ["Open dialog. Button."]), ("space", ["OK. Button."]),
            ("Insert+Left", ["Settings saved"]), ("Insert+Right", ["OK. Button."]),
            ("Insert+w", ["Sound settings. Dialog. OK. Button."]),              // where am I: the dialog, then the focus
        ])
        let spoken = try await desktopSession("qt_app.py \(qt)", keys: keys)
        #expect(Array(spoken.drop { $0 != said[0] }) == said)
    }

    /// Tab onto the slider says the keyboard's adjust hint, never a gesture.
    @Test(arguments: versions) func sliderSaysTheKeyboardAdjustHint(_ qt: String) async throws {
        let spoken = try await desktopSession("qt_app.py \(qt)", keys: ["Tab", "Tab", "wait:adjust the value."], kinds: ["focus", "hint"])
        #expect(!spoken.contains { line in DesktopEndToEndTests.touchHints.contains { line.contains($0) } }, "a touch gesture in \(spoken)")
        #expect(Array(spoken.suffix(2)) == ["Volume: 50. Slider. 0 to 100.", "Press Up or Down Arrow to adjust the value."])
    }
}
