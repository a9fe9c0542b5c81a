#if canImport(Glibc)
import Glibc
#endif
@testable import AnnouncerATSPI
import AnnouncerDesktop
import AnnouncerTestSupport
import Foundation
import Testing

/// The review's keys on a real X display (the headless desktop's Xvfb) and libatspi's own device.
@Suite(.serialized) struct ReviewKeyboardTests {
    /// A taken key is answered once libatspi has returned from telling its grabs, never inside:
    /// libatspi walks its list of grabs around the callback, and an answer that gives a key back
    /// (Return on a web page's field enters focus mode, where Return is the page's) freed the
    /// node it stood on. The bridge crashed so, in a browser, one run in many.
    @Test func aTakenKeyIsAnsweredAfterLibatspiHasReturned() throws {
        let display = try HeadlessDisplay()
        defer { display.stop() }
        let keyboard = try #require(ReviewKeyboard(modifier: .insert))
        let enter = ReviewKey("Return")
        keyboard.take([enter, ReviewKey("h")])
        var insideLibatspi = false
        var answered: [(key: ReviewKey, inside: Bool)] = []
        ReviewKeyboard.pressed = { key in
            answered.append((key, insideLibatspi))
            keyboard.take([])
        }
        defer { ReviewKeyboard.pressed = nil }
        insideLibatspi = true
        keyboard.notifyPressed("Return")
        insideLibatspi = false
        #expect(answered.isEmpty)
        ReviewKeyboard.dispatchReady()
        #expect(answered.map(\.key) == [enter])
        #expect(answered.allSatisfy { !$0.inside })
        // Given back: the key is the application's again.
        keyboard.notifyPressed("Return")
        ReviewKeyboard.dispatchReady()
        #expect(answered.count == 1)

        // A key is taken with Num Lock or Caps Lock on as well: X matches a grab's modifiers
        // exactly, and with Num Lock on (as many desktops start) every review key went to the
        // application instead. (One display a process: libatspi keeps its connection.)
        let h = ReviewKey("h")
        keyboard.take([h])
        ReviewKeyboard.pressed = { key in answered.append((key, false)) }
        for locks in [ReviewKeyboard.numLockMask, ReviewKeyboard.capsLockMask, ReviewKeyboard.numLockMask | ReviewKeyboard.capsLockMask] {
            keyboard.notifyPressed("h", modifiers: locks)
            ReviewKeyboard.dispatchReady()
        }
        #expect(answered.dropFirst().map(\.key) == [h, h, h])
    }

}

/// The one headless desktop (the Python kit's `python3 -m announcer.testing.headless`), its X
/// display this process's while it runs: the desktop runs a shell that writes its DISPLAY to a
/// file and waits.
private struct HeadlessDisplay {
    let process = Process()

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("review-keyboard-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/display"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "announcer.testing.headless", "--", "/bin/sh", "-c", "echo \"$DISPLAY\" > \"$0.new\" && mv \"$0.new\" \"$0\" && exec sleep 600", file]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = packageRoot.appendingPathComponent("clients/python").path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let display = try? String(contentsOfFile: file, encoding: .utf8), display.hasPrefix(":") {
                setenv("DISPLAY", display.trimmingCharacters(in: .whitespacesAndNewlines), 1)
                return
            }
            guard process.isRunning else { throw Timeout(description: "the headless desktop ended before its display was up") }
            usleep(50_000)
        }
        stop()
        throw Timeout(description: "the headless desktop's display was not up within 60 s")
    }

    /// The desktop ends its programs as it ends (it takes TERM even where this process blocks it).
    func stop() {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
