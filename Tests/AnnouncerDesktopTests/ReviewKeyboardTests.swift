#if canImport(Glibc)
import Glibc
#endif
@testable import AnnouncerATSPI
import AnnouncerDesktop
import Foundation
import Testing

/// The review's keys on a real X display (Xvfb) and libatspi's own device.
@Suite(.serialized) struct ReviewKeyboardTests {
    /// A taken key is answered once libatspi has returned from telling its grabs, never inside:
    /// libatspi walks its list of grabs around the callback, and an answer that gives a key back
    /// (Return on a web page's field enters focus mode, where Return is the page's) freed the
    /// node it stood on. The bridge crashed so, in a browser, one run in many.
    @Test func aTakenKeyIsAnsweredAfterLibatspiHasReturned() throws {
        let display = try XvfbDisplay()
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
    }
}

/// An Xvfb of its own, this process's X display while it runs.
private struct XvfbDisplay {
    let process = Process()

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // The display's number is written to standard output once it accepts connections.
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = ""
        while !number.hasSuffix("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { throw Timeout(description: "Xvfb ended before it gave its display") }
            number += String(decoding: byte, as: UTF8.self)
        }
        setenv("DISPLAY", ":" + number.trimmingCharacters(in: .whitespacesAndNewlines), 1)
    }

    /// KILL, not TERM: the test runner may run with SIGTERM blocked, and Xvfb inherits that.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

private struct Timeout: Error, CustomStringConvertible {
    var description: String
}
