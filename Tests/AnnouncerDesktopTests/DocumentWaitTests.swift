@testable import AnnouncerDesktop
import Testing

/// A page's document waits for its first item to have words, reading its tree again, at most
/// `mostReads` times (docs/design.md §12).
@Suite struct DocumentWaitTests {
    enum Step: Sendable {
        /// The review moved to another root, the focus's document (if any) and the focus.
        case rootChanged(document: String?, focus: String)
        /// A walk of a root ended, its first item with words or not.
        case walked(String, hasWords: Bool)
    }

    /// What each walk asked: "say ID" (the item said; "as it is" once waited enough), "read again
    /// in N ms", or "nothing" when no document waits for that walk.
    typealias Row = Scenario<Step, [String]>

    static let rows: [Row] = [
        Row(name: "a page's document that took the focus says its first item once walked",
            steps: [.rootChanged(document: "page", focus: "page"), .walked("page", hasWords: true), .walked("page", hasWords: true)],
            said: ["say page", "nothing"]),
        Row(name: "a focus inside a page, or in no page, waits for nothing",
            steps: [.rootChanged(document: "page", focus: "link"), .walked("page", hasWords: true), .rootChanged(document: nil, focus: "button"),
                    .walked("window", hasWords: true)],
            said: ["nothing", "nothing"]),
        Row(name: "another root's walk is not the page's",
            steps: [.rootChanged(document: "page", focus: "page"), .walked("window", hasWords: true), .walked("page", hasWords: true)],
            said: ["nothing", "say page"]),
        Row(name: "an item with no words yet reads the tree again, and is said as it is after mostReads",
            steps: [.rootChanged(document: "page", focus: "page")] + Array(repeating: .walked("page", hasWords: false), count: 11),
            said: Array(repeating: "read again in 200 ms", count: 10) + ["say page as it is"]),
        Row(name: "another page taking the focus waits afresh",
            steps: [.rootChanged(document: "page", focus: "page"), .walked("page", hasWords: false), .rootChanged(document: "next", focus: "next"),
                    .walked("page", hasWords: true), .walked("next", hasWords: true)],
            said: ["read again in 200 ms", "nothing", "say next"]),
    ]

    @Test(arguments: rows)
    func aPagesFirstItemWaitsForItsWords(_ row: Row) {
        var wait = DocumentWait()
        var said: [String] = []
        for step in row.steps {
            switch step {
            case .rootChanged(let document, let focus):
                wait.rootChanged(document: document, focus: focus)
            case .walked(let root, let hasWords):
                // As `DesktopReview.documentShown`: said when it has words or has waited enough.
                guard let waiting = wait.walked(root: root) else {
                    said.append("nothing")
                    continue
                }
                if hasWords || waiting.waitedEnough {
                    wait.said()
                    said.append("say \(waiting.document)" + (hasWords ? "" : " as it is"))
                } else {
                    said.append("read again in \(wait.readAgain()) ms")
                }
            }
        }
        #expect(said == row.said)
    }
}
