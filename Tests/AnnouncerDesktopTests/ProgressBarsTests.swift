@testable import AnnouncerDesktop
import AnnouncerElements
import AnnouncerTestSupport
import Testing

/// Progress bars outside the focus: said every step and at 100%, in the active window only.
@Suite struct ProgressBarsTests {
    @Test func aBarIsSaidAtEachMarkAndAt100() {
        var bars = ProgressBars()
        #expect(bars.changed("copy", percent: 3, inActiveWindow: true) == nil)      // first heard: followed
        #expect(bars.changed("copy", percent: 9.9, inActiveWindow: true) == nil)
        #expect(bars.changed("copy", percent: 10, inActiveWindow: true) == 10)
        #expect(bars.changed("copy", percent: 17, inActiveWindow: true) == nil)
        #expect(bars.changed("copy", percent: 45, inActiveWindow: true) == 40)      // a jump: the mark reached
        #expect(bars.changed("copy", percent: 99.9, inActiveWindow: true) == 90)
        #expect(bars.changed("copy", percent: 100, inActiveWindow: true) == 100)
        #expect(bars.changed("copy", percent: 100, inActiveWindow: true) == nil)
        #expect(bars.changed("copy", percent: 0, inActiveWindow: true) == 0)        // begun again
        // Another window's bar is followed, not said: back in its window, only a new mark is.
        #expect(bars.changed("other", percent: 5, inActiveWindow: false) == nil)
        #expect(bars.changed("other", percent: 30, inActiveWindow: false) == nil)
        #expect(bars.changed("other", percent: 35, inActiveWindow: true) == nil)
        #expect(bars.changed("other", percent: 50, inActiveWindow: true) == 50)
    }

    @Test(arguments: [(25, [25, 50, 75, 100]), (0, []), (100, [100])])
    func theStepIsTheSettings(step: Int, said: [Int]) {
        var bars = ProgressBars(stepPercent: step)
        let heard = stride(from: 0.0, through: 100, by: 5).compactMap { bars.changed("bar", percent: $0, inActiveWindow: true) }
        #expect(heard == said)
    }

    @Test(arguments: [(0.5, 0.0, 1.0, 50.0), (30, nil, nil, 30), (7, 5, 15, 20), (20, 5, 15, 100), (1, 1, 1, nil)] as [(Double, Double?, Double?, Double?)])
    func aValueIsAPartOfItsRange(value: Double, minimum: Double?, maximum: Double?, percent: Double?) {
        #expect(ProgressBars.percent(value: value, minimum: minimum, maximum: maximum) == percent)
    }

    /// Through the filter: a progress announcement in the locale's words, only for the active
    /// window's bar.
    @Test func theFilterSaysTheActiveWindowsBar() {
        var filter = DesktopEventFilter(catalog: packagedCatalog, locale: "de")
        _ = filter.receive(.windowActivated(id: "copy window", title: "Kopieren", role: "frame"), at: 0)
        _ = filter.receive(.progressChanged(id: "bar", percent: 1, window: "copy window"), at: 3_000)
        let said = filter.receive(.progressChanged(id: "bar", percent: 20, window: "copy window"), at: 3_100)
        #expect(said.contains(.announce(Announcement(text: "20 %", priority: .progress))))
        #expect(filter.receive(.progressChanged(id: "other", percent: 1, window: "mail"), at: 3_200).isEmpty)
        #expect(filter.receive(.progressChanged(id: "other", percent: 90, window: "mail"), at: 3_300).isEmpty)
    }
}
