import Foundation
import Testing
import AnnouncerTestSupport

/// `announce compose` as a snapshot tester: keyboard walks offline, `--expect` and `--update`.
@Suite struct ComposeSnapshotEndToEndTests {
    /// A keyboard walk is a file of request lines and its expected output a text file: the
    /// example passes its own snapshot.
    @Test func aKeyboardWalkMatchesItsSnapshot() throws {
        let walk = packageRoot.appendingPathComponent("examples/music-player-keys.jsonl").path
        let expected = packageRoot.appendingPathComponent("examples/music-player-keys.expected").path
        let result = try run(announceBinary, ["compose", walk, "--expect", expected])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        // What the keys said, after the screen's seven lines.
        let lines = try String(contentsOfFile: expected, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst(7)) == [
            "Previous. Button. 1 of 3.", "Selected: Play. Button. 2 of 3.",
            "Volume: 50%. Adjustable.", "Swipe up or down with one finger to adjust the value.",
            "Volume: 60%. Adjustable.", "Swipe up or down with one finger to adjust the value.",
            "Blue in Green. Button.", "Shows the lyrics",
            "Add to Queue 1 of 2.", "Love 2 of 2.",
            "Back Button.",
        ])
    }

    @Test func aDifferenceIsAUnifiedDiffAndExitOneAndUpdateRewritesTheSnapshot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/walk.jsonl", expected = directory + "/walk.expected"
        let walk = [
            #"{"type":"screen","elements":[{"id":"a","label":"Save","traits":["button"]},{"id":"b","label":"Cancel","traits":["button"]}]}"#,
            #"{"type":"key","key":"tab"}"#,
            #"{"type":"key","key":"space"}"#,
        ]
        try (walk.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        try "Save. Button.\nCancel. Button.\nSave. Button.\n".write(toFile: expected, atomically: true, encoding: .utf8)
        let differs = try run(announceBinary, ["compose", input, "--expect", expected])
        #expect(differs.status == 1)
        #expect(differs.stdout == [
            "--- \(expected)", "+++ announce compose output", "@@ -1,3 +1,3 @@",
            " Save. Button.", " Cancel. Button.", "-Save. Button.", "+Cancel. Button.",
        ].map { $0 + "\n" }.joined())
        let updated = try run(announceBinary, ["compose", input, "--expect", expected, "--update"])
        #expect(updated.status == 0)
        #expect(try String(contentsOfFile: expected, encoding: .utf8) == "Save. Button.\nCancel. Button.\nCancel. Button.\n")
        #expect(try run(announceBinary, ["compose", input, "--expect", expected]).status == 0)
        // --update alone is a usage error.
        #expect(try run(announceBinary, ["compose", input, "--update"]).status == 64)
    }

    /// A key before any screen is a bad line (65), as the daemon refuses it (no_tree); the
    /// lines after it are still composed.
    @Test func aKeyBeforeAnyScreenIsRefused() throws {
        let early = try run(announceBinary, ["compose"], stdin: #"{"type":"key","key":"tab"}"# + "\n" + #"{"type":"announce","text":"Hi"}"# + "\n")
        #expect(early.status == 65)
        #expect(early.stderr.hasPrefix("line 1: no_tree: "))
        #expect(early.stdout == "Hi\n")
    }
}
