@testable import AnnouncerDesktop
import Testing

/// How the review takes its keys from the application with the focus (`KeyCapture`), and which
/// key an application asks about is the review's (`AskedKeys`).
@Suite struct KeyCaptureTests {
    @Test(arguments: [
        ("Gecko", KeyCapture.application), ("gecko", .application),
        ("Chromium", .grab), ("gtk", .grab), ("GTK", .grab), ("Qt", .grab), (nil, .grab), ("", .grab),
    ] as [(String?, KeyCapture)])
    func aToolkitThatBlursAtAGrabIsAsked(_ toolkit: String?, _ capture: KeyCapture) {
        #expect(KeyCapture.of(toolkit: toolkit) == capture)
    }

    static let wanted: Set<ReviewKey> = [
        ReviewKey("k"), ReviewKey("k", shift: true), ReviewKey("Tab", modifier: true),
        ReviewKey("Up", modifier: true, control: true), ReviewKey("Down", controlAlt: true),
    ]

    struct Press: Sendable, CustomTestStringConvertible {
        var name: String
        var pressed = true
        var shift = false, control = false, alt = false, isModifier = false
        var taken: Bool
        var key: ReviewKey?
        var testDescription: String { "\(pressed ? "press" : "release") \(name)" }
    }

    /// Each row is pressed in turn on one `AskedKeys`: the modifier's press and release are the
    /// reader's, a taken press takes its release, and a key the review does not take (or one
    /// with Alt alone held) is the application's.
    static let presses: [Press] = [
        Press(name: "k", taken: true, key: ReviewKey("k")),
        Press(name: "k", pressed: false, taken: true),
        Press(name: "k", shift: true, taken: true, key: ReviewKey("k", shift: true)),
        Press(name: "k", pressed: false, shift: true, taken: true),
        Press(name: "k", alt: true, taken: false),
        Press(name: "k", pressed: false, alt: true, taken: false),
        Press(name: "k", control: true, taken: false),
        Press(name: "Tab", taken: false),
        Press(name: "Tab", pressed: false, taken: false),
        Press(name: "Insert", isModifier: true, taken: true),
        Press(name: "Tab", taken: true, key: ReviewKey("Tab", modifier: true)),
        Press(name: "Tab", pressed: false, taken: true),
        Press(name: "Up", control: true, taken: true, key: ReviewKey("Up", modifier: true, control: true)),
        Press(name: "Up", pressed: false, control: true, taken: true),
        Press(name: "k", taken: false),
        Press(name: "Insert", pressed: false, isModifier: true, taken: true),
        Press(name: "Down", control: true, alt: true, taken: true, key: ReviewKey("Down", controlAlt: true)),
        Press(name: "Down", pressed: false, control: true, alt: true, taken: true),
        Press(name: "Tab", taken: false),
    ]

    @Test func pressesAskedInTurnAreTakenAsTheReviewTakesThem() {
        var asked = AskedKeys()
        for press in Self.presses {
            let answer = asked.asked(press.name, pressed: press.pressed, shift: press.shift, control: press.control, alt: press.alt,
                                     isModifier: press.isModifier, wanted: Self.wanted)
            #expect(answer.taken == press.taken, "\(press.testDescription)")
            #expect(answer.key == press.key, "\(press.testDescription)")
        }
        #expect(!asked.modifierHeld)
    }

    /// A key taken when pressed keeps its release taken, even once the review no longer takes
    /// it (its mode changed at the press): the application never sees half a key.
    @Test func aTakenPressTakesItsReleaseWhateverTheReviewTakesNow() {
        var asked = AskedKeys()
        #expect(asked.asked("k", pressed: true, wanted: Self.wanted).taken)
        #expect(asked.asked("k", pressed: false, wanted: []).taken)
        #expect(!asked.asked("k", pressed: false, wanted: Self.wanted).taken)
    }
}
