@testable import AnnouncerDesktop
import Testing

/// A walk cut short is read again while each reads more than the one before (docs/design.md §18).
@Suite struct CutShortWalksTests {
    /// (walks in turn: cut short, ran out of time, objects read; read again after each).
    @Test(arguments: [
        ([(false, false, 500)], [false]),
        ([(true, false, 1), (true, false, 40), (true, false, 300), (false, false, 900)], [true, true, true, false]),
        ([(true, false, 40), (true, false, 40)], [true, false]),                 // reads no more: slow, kept
        ([(true, false, 40), (true, false, 30), (true, false, 35)], [true, false, true]),  // kept, then afresh
        ([(true, true, 10_000)], [false]),                                       // only ran out of time
        ([(true, false, 0)], [false]),                                           // read nothing
    ] as [([(Bool, Bool, Int)], [Bool])])
    func aWalkCutShortIsReadAgainWhileItReadsMore(_ walks: [(Bool, Bool, Int)], _ again: [Bool]) {
        var walked = CutShortWalks()
        var readAgain: [Bool] = []
        for (cutShort, ranOutOfTime, objects) in walks {
            readAgain.append(walked.ended(cutShort: cutShort, ranOutOfTime: ranOutOfTime, objects: objects))
        }
        #expect(readAgain == again)
    }
}
