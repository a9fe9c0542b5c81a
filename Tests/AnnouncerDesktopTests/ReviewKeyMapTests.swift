@testable import AnnouncerDesktop
import Testing

/// The review's keys (docs/design.md §18): what each does in each mode, and that a key is
/// taken from the applications exactly when it does something.
@Suite struct ReviewKeyMapTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var key: ReviewKey
        var mode: ReviewMode
        var command: ReviewCommand?
        var testDescription: String { "\(key) in \(mode)" }
    }

    static let rows: [Row] = [
        Row(key: ReviewKey("Right", modifier: true), mode: .desktop, command: .next),
        Row(key: ReviewKey("Left", modifier: true), mode: .browse, command: .previous),
        Row(key: ReviewKey("Page_Down", modifier: true), mode: .desktop, command: .rotorNext),
        Row(key: ReviewKey("Page_Up", modifier: true), mode: .focus, command: .rotorPrevious),
        Row(key: ReviewKey("Up", modifier: true), mode: .browse, command: .sayLine),
        Row(key: ReviewKey("KP_Begin", modifier: true), mode: .browse, command: .sayLine),
        Row(key: ReviewKey("KP_5", modifier: true), mode: .desktop, command: .sayLine),
        Row(key: ReviewKey("Tab", modifier: true), mode: .desktop, command: .reportFocus),
        Row(key: ReviewKey("Down", modifier: true), mode: .desktop, command: nil),
        Row(key: ReviewKey("a", modifier: true), mode: .desktop, command: .readAll),
        Row(key: ReviewKey("w", modifier: true), mode: .desktop, command: .whereAmI),
        Row(key: ReviewKey("t", modifier: true), mode: .browse, command: .title),
        Row(key: ReviewKey("Return", modifier: true), mode: .desktop, command: .activate),
        Row(key: ReviewKey("KP_Enter", modifier: true), mode: .desktop, command: .activate),
        Row(key: ReviewKey("space", modifier: true), mode: .browse, command: .toggleMode),
        Row(key: ReviewKey("space", modifier: true), mode: .focus, command: .toggleMode),
        Row(key: ReviewKey("space", modifier: true), mode: .desktop, command: nil),
        Row(key: ReviewKey("Right", shift: true, modifier: true), mode: .desktop, command: nil),
        // Browse mode's own keys.
        Row(key: ReviewKey("Down"), mode: .browse, command: .nextLine),
        Row(key: ReviewKey("Up"), mode: .browse, command: .previousLine),
        Row(key: ReviewKey("Right"), mode: .browse, command: .nextCharacter),
        Row(key: ReviewKey("Left"), mode: .browse, command: .previousCharacter),
        Row(key: ReviewKey("h"), mode: .browse, command: .jump(.heading(level: nil), forward: true)),
        Row(key: ReviewKey("h", shift: true), mode: .browse, command: .jump(.heading(level: nil), forward: false)),
        Row(key: ReviewKey("2"), mode: .browse, command: .jump(.heading(level: 2), forward: true)),
        Row(key: ReviewKey("6", shift: true), mode: .browse, command: .jump(.heading(level: 6), forward: false)),
        Row(key: ReviewKey("k"), mode: .browse, command: .jump(.link, forward: true)),
        Row(key: ReviewKey("f"), mode: .browse, command: .jump(.formField, forward: true)),
        Row(key: ReviewKey("b", shift: true), mode: .browse, command: .jump(.button, forward: false)),
        Row(key: ReviewKey("d"), mode: .browse, command: .jump(.landmark, forward: true)),
        Row(key: ReviewKey("t"), mode: .browse, command: .jump(.table, forward: true)),
        Row(key: ReviewKey("l"), mode: .browse, command: .jump(.list, forward: true)),
        Row(key: ReviewKey("x"), mode: .browse, command: .jump(.checkBox, forward: true)),
        Row(key: ReviewKey("x", shift: true), mode: .browse, command: .jump(.checkBox, forward: false)),
        Row(key: ReviewKey("r"), mode: .browse, command: .jump(.radioButton, forward: true)),
        Row(key: ReviewKey("e"), mode: .browse, command: .jump(.editField, forward: true)),
        Row(key: ReviewKey("c", shift: true), mode: .browse, command: .jump(.comboBox, forward: false)),
        Row(key: ReviewKey("u"), mode: .browse, command: .jump(.unvisitedLink, forward: true)),
        Row(key: ReviewKey("i"), mode: .browse, command: .jump(.listItem, forward: true)),
        Row(key: ReviewKey("g", shift: true), mode: .browse, command: .jump(.graphic, forward: false)),
        Row(key: ReviewKey("x"), mode: .focus, command: nil),
        Row(key: ReviewKey("Right", controlAlt: true), mode: .browse, command: .cell(.right)),
        Row(key: ReviewKey("Up", controlAlt: true), mode: .browse, command: .cell(.up)),
        // Elsewhere too (a desktop table's cells): taken only while the focus is in a table.
        Row(key: ReviewKey("Up", controlAlt: true), mode: .desktop, command: .cell(.up)),
        Row(key: ReviewKey("Up", controlAlt: true), mode: .focus, command: .cell(.up)),
        Row(key: ReviewKey("Return"), mode: .browse, command: .press),
        Row(key: ReviewKey("space"), mode: .browse, command: .press),
        Row(key: ReviewKey("Escape"), mode: .browse, command: nil),
        // Focus mode: the page's field has the keys, but Escape.
        Row(key: ReviewKey("h"), mode: .focus, command: nil),
        Row(key: ReviewKey("Down"), mode: .focus, command: nil),
        Row(key: ReviewKey("Escape"), mode: .focus, command: .leaveFocusMode),
        // The settings ring, in every mode; Ctrl alone (no Insert) is the application's.
        Row(key: ReviewKey("Right", modifier: true, control: true), mode: .desktop, command: .chooseSetting(next: true)),
        Row(key: ReviewKey("Left", modifier: true, control: true), mode: .browse, command: .chooseSetting(next: false)),
        Row(key: ReviewKey("Up", modifier: true, control: true), mode: .focus, command: .stepSetting(up: true)),
        Row(key: ReviewKey("Down", modifier: true, control: true), mode: .desktop, command: .stepSetting(up: false)),
        Row(key: ReviewKey("Down", modifier: true, control: true), mode: .browse, command: .stepSetting(up: false)),
        Row(key: ReviewKey("Up", control: true), mode: .desktop, command: nil),
        // Browse mode's Ctrl+Home and Ctrl+End: the page's first line and its last; elsewhere
        // the application's (a text field's start and end).
        Row(key: ReviewKey("Home", control: true), mode: .browse, command: .firstLine),
        Row(key: ReviewKey("End", control: true), mode: .browse, command: .lastLine),
        Row(key: ReviewKey("Home", shift: true, control: true), mode: .browse, command: nil),
        Row(key: ReviewKey("Home", control: true), mode: .focus, command: nil),
        Row(key: ReviewKey("End", control: true), mode: .desktop, command: nil),
        Row(key: ReviewKey("Up", shift: true, modifier: true, control: true), mode: .desktop, command: nil),
        // Tab in browse mode, when the cursor is away from the focus (`DesktopReview.tabs`).
        Row(key: ReviewKey("Tab"), mode: .browse, command: .tab(forward: true)),
        Row(key: ReviewKey("Tab", shift: true), mode: .browse, command: .tab(forward: false)),
        Row(key: ReviewKey("Tab"), mode: .focus, command: nil),
        // Outside a document, single keys and arrows are the application's.
        Row(key: ReviewKey("h"), mode: .desktop, command: nil),
        Row(key: ReviewKey("Down"), mode: .desktop, command: nil),
        Row(key: ReviewKey("Escape"), mode: .desktop, command: nil),
    ]

    @Test(arguments: rows) func eachKeyInEachMode(_ row: Row) {
        #expect(ReviewKeyMap.command(for: row.key, in: row.mode) == row.command)
    }

    /// A key is taken exactly when it has a command: none is swallowed for nothing, none
    /// reaches the application and the review both.
    @Test(arguments: [ReviewMode.desktop, .browse, .focus]) func theKeysTakenAreTheKeysWithACommand(_ mode: ReviewMode) {
        let taken = ReviewKeyMap.keys(in: mode, inTable: true, tabs: (true, true))
        for key in taken { #expect(ReviewKeyMap.command(for: key, in: mode) != nil, "\(key) is taken for nothing") }
        for row in Self.rows where row.mode == mode && row.command != nil { #expect(taken.contains(row.key), "\(row.key) is not taken") }
        // Outside a table, the desktop's keys are all Insert's: no application loses a key.
        if mode == .desktop { #expect(ReviewKeyMap.keys(in: mode).allSatisfy { $0.modifier }) }
    }

    /// CapsLock as the modifier: once (or held for a key) it locks nothing; twice within 300 ms
    /// it toggles capitals; a key between makes the next press a first one.
    @Test func capsLockTogglesCapitalsOnlyWhenPressedTwiceQuickly() {
        var taps = CapsLockTaps(locked: false)
        taps.pressed(at: 0)
        #expect(!taps.locked)
        taps.pressed(at: 1_000)
        #expect(!taps.locked)
        taps.pressed(at: 1_250)
        #expect(taps.locked)
        taps.pressed(at: 1_400)  // a third press starts over
        #expect(taps.locked)
        taps.pressed(at: 5_000)
        taps.otherKey()
        taps.pressed(at: 5_100)
        #expect(taps.locked)
        taps.pressed(at: 5_300)
        #expect(!taps.locked)
        var locked = CapsLockTaps(locked: true)
        locked.pressed(at: 0)
        #expect(locked.locked)
    }

    /// Control pressed and released with no other key between stops all speech; held for a
    /// shortcut, or rolled over from another key, it does not. Each step is a key, pressed (`+`)
    /// or released (`-`); `C` is Control, `x` any other key.
    @Test(arguments: [
        ("+C -C", [true]),
        ("+C +C +C -C", [true]),
        ("+C +x -x -C", [false]),
        ("+x +C -x -C", [false]),
        ("+C -C +C -C", [true, true]),
        ("+x -x", []),
        ("+C +x -C -x +C -C", [false, true]),
    ])
    func controlTappedAloneStopsSpeech(_ keys: String, _ stops: [Bool]) {
        var tap = ControlTap()
        var said: [Bool] = []
        for step in keys.split(separator: " ") {
            let control = step.last == "C"
            if step.first == "+" {
                tap.pressed(control: control)
            } else {
                let stopped = tap.released(control: control)
                if control { said.append(stopped) } else { #expect(!stopped) }
            }
        }
        #expect(said == stops)
    }

    /// Escape in focus mode leaves focus mode, unless a menu's item has the focus: then the page
    /// has it, and closes its menu.
    @Test func escapeIsLeftToAMenu() {
        #expect(ReviewKeyMap.keys(in: .focus).contains(ReviewKey("Escape")))
        #expect(!ReviewKeyMap.keys(in: .focus, escapeToPage: true).contains(ReviewKey("Escape")))
        #expect(ReviewKeyMap.keys(in: .focus, escapeToPage: true).contains(ReviewKey("space", modifier: true)))
    }

    /// The controls whose focus in a web page chooses focus mode: those that take the arrows.
    @Test(arguments: [
        ("combo box", true), ("slider", true), ("spin button", true), ("page tab", true), ("tree item", true), ("menu item", true),
        ("list item", true), ("table cell", true), ("push button", false), ("check box", false), ("radio button", true),
        ("link", false), ("heading", false), ("document web", false),
    ])
    func controlsThatTakeTheArrowsChooseFocusMode(role: String, takes: Bool) {
        #expect(ReviewKeyMap.takesArrows(role: role) == takes)
        #expect(ReviewKeyMap.takesArrows(role: role, traits: []) == takes)
    }

    /// A text field and a button that opens a menu choose focus mode too; a plain button not.
    @Test func aTextFieldAndAMenuButtonChooseFocusMode() {
        #expect(ReviewKeyMap.takesArrows(role: "entry", traits: [.textEntry]))
        #expect(ReviewKeyMap.takesArrows(role: "push button", traits: [.button, .menuButton]))
        #expect(!ReviewKeyMap.takesArrows(role: "push button", traits: [.button]))
    }
}
