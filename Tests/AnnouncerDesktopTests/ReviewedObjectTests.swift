@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerTestSupport
import Testing

/// The object the review is on, as the focus's rules see it (docs/design.md §18): a change to it
/// is said, and the focus the review gave it is heard already.
@Suite struct ReviewedObjectTests {
    typealias Object = AccessibleSnapshot
    static let remember = Object(id: "remember", role: "check box", name: "Remember me")
    static var checked: Object {
        var object = remember
        object.states.insert("checked")
        return object
    }

    /// (reviewed, changed, said): a change to the reviewed object that says something else now
    /// is said; the same, another object's, or any with nothing reviewed, is not.
    @Test(arguments: [
        (remember, checked, "Remember me. Check Box. Checked."),
        (remember, remember, nil),
        (remember, Object(id: "other", role: "check box", name: "Other", states: ["sensitive", "checked"]), nil),
        (nil, checked, nil),
    ] as [(Object?, Object, String?)])
    func aChangeToTheReviewedObjectIsSaid(_ reviewed: Object?, _ changed: Object, _ said: String?) {
        var review = ReviewedObject()
        review.object = reviewed.map { ($0.id, english($0)) }
        let request = review.changed(changed, element: english)
        if case .focus(let element)? = request {
            #expect(composer.compose(element).description == said)
            // Said, it is what the review says of it now: the same change again says nothing.
            let again = review.changed(changed, element: english)
            #expect(again == nil)
        } else {
            #expect(request == nil && said == nil)
        }
    }

    /// (asked, focus, key pressed since, heard): the focus the review asked for, saying what the
    /// cursor said, is heard already; the application's own focus on it (none asked, or asked
    /// before a key), another object, or the object saying something else now, is said.
    @Test(arguments: [
        ("remember", remember, 0.0, true),
        (nil, remember, 0.0, false),
        // Asked more than two seconds before: that focus never came, this one is another's.
        ("remember", remember, 2500.0, false),
        ("remember", checked, 0.0, false),
        ("other", remember, 0.0, false),
    ] as [(String?, Object, Double, Bool)])
    func theFocusTheReviewAskedForIsHeardAlready(_ asked: String?, _ focus: Object, _ after: Double, _ heard: Bool) {
        var filter = ReviewedObject()
        filter.object = (Self.remember.id, english(Self.remember))
        if let asked { filter.ask(asked, at: 100) }
        #expect(filter.heard(focus.id, as: english(focus), at: 100 + after) == heard)
    }

    /// A focus said, the asked one or another, ends the wait: the next is the application's.
    @Test func aFocusSaidEndsTheWait() {
        var filter = ReviewedObject()
        filter.object = (Self.remember.id, english(Self.remember))
        filter.ask("remember", at: 0)
        filter.focusSaid()
        #expect(!filter.heard("remember", as: english(Self.remember), at: 10))
    }
}
