@testable import AnnouncerDesktop
import Testing

/// What the shell keeps of each application while it is silent or its focus is looked for:
/// kept, taken once, and let go whole when it leaves the bus.
@Suite struct HeldObjectsTests {
    enum Step: Sendable {
        case holdFocus(String, of: String)
        case takeFocus(String)
        case hold(HeldRequest, String, in: String)
        case takeRequests(String)
        case met(String, root: String)
        case root(String)
        /// The roots kept are those of these applications.
        case keepRoots([String])
        case gone(String)
    }

    /// What each taking or looking found ("none" for nothing).
    typealias Row = Scenario<Step, [String]>

    static let rows: [Row] = [
        Row(name: "a held focus is the application's latest, taken once",
            steps: [.holdFocus("button", of: "gedit"), .holdFocus("entry", of: "gedit"), .takeFocus("gedit"), .takeFocus("gedit")],
            said: ["entry", "none"]),
        Row(name: "one application's focus is not another's",
            steps: [.holdFocus("button", of: "gedit"), .takeFocus("firefox"), .takeFocus("gedit")],
            said: ["none", "button"]),
        Row(name: "requests are taken all at once, in order, never dropped",
            steps: [.hold(.focus, "link", in: "firefox"), .hold(.activate, "link", in: "firefox"), .hold(.tabTo, "field", in: "qt"),
                    .takeRequests("firefox"), .takeRequests("firefox"), .takeRequests("qt")],
            said: ["focus link, activate link", "none", "tabTo field"]),
        Row(name: "a met application's root stays until its focus is no longer looked for",
            steps: [.met("gedit", root: "gedit root"), .met("qt", root: "qt root"), .root("gedit"), .keepRoots(["qt"]), .root("gedit"), .root("qt")],
            said: ["gedit root", "none", "qt root"]),
        Row(name: "an application that left the bus is let go of whole; another is kept",
            steps: [.holdFocus("entry", of: "gedit"), .hold(.focus, "button", in: "gedit"), .met("gedit", root: "gedit root"),
                    .holdFocus("field", of: "qt"), .gone("gedit"), .takeFocus("gedit"), .takeRequests("gedit"), .root("gedit"), .takeFocus("qt")],
            said: ["none", "none", "none", "field"]),
    ]

    @Test(arguments: rows)
    func whatIsKeptOfEachApplication(_ row: Row) {
        var held = HeldObjects<String>()
        var found: [String] = []
        for step in row.steps {
            switch step {
            case .holdFocus(let object, let application): held.holdFocus(object, of: application)
            case .takeFocus(let application): found.append(held.takeFocus(of: application) ?? "none")
            case .hold(let request, let object, let application): held.hold(request, of: object, in: application)
            case .takeRequests(let application):
                let requests = held.takeRequests(of: application).map { "\($0.request) \($0.object)" }
                found.append(requests.isEmpty ? "none" : requests.joined(separator: ", "))
            case .met(let application, let root): held.met(application, root: root)
            case .root(let application): found.append(held.root(of: application) ?? "none")
            case .keepRoots(let wanted): held.keepRoots { wanted.contains($0) }
            case .gone(let application): held.gone(application)
            }
        }
        #expect(found == row.said)
    }
}
