import AnnouncerTestSupport
import Foundation
import Testing

/// The built `announcerd --play` and `announce compose --speak`, with real espeak-ng.
@Suite struct PlayEndToEndTests {
    let announcerd = URL(fileURLWithPath: announceBinary).deletingLastPathComponent().appendingPathComponent("announcerd").path

    @Test func textSinkPrintsWhatIsSaidWithStatuses() throws {
        let input = """
            {"type":"focus","element":{"label":"Play","traits":["button"],"hint":"Plays."}}
            {"type":"announce","text":"Saved"}
            """
        let result = try run(announcerd, ["--play", "-", "--sink", "text:instant"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == """
            SPEAK focus 1 Play. Button.
            FINISHED 1 spoken
            SPEAK default 3 Saved
            FINISHED 3 spoken
            SPEAK hint 2 Plays.
            FINISHED 2 spoken

            """)
    }

    @Test func composeSpeakRunsTheDaemonsPlayer() throws {
        let result = try run(announceBinary, ["compose", "--speak", "--sink", "text:instant"], stdin: #"{"type":"announce","text":"Hello"}"#)
        #expect(result.status == 0)
        #expect(result.stdout == "SPEAK default 1 Hello\nFINISHED 1 spoken\n")
    }

    @Test func wavSinkWritesOneFilePerUtterance() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-play-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = """
            {"type":"announce","text":"One"}
            {"type":"announce","text":"Two"}
            """
        let result = try run(announcerd, ["--play", "-", "--sink", "wav:\(directory)"], stdin: input)
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["1.wav", "2.wav"])
        let size = try FileManager.default.attributesOfItem(atPath: directory + "/1.wav")[.size] as? Int ?? 0
        #expect(size > 44 + 22050 / 10 * 2, "one tenth of a second of audio at least")
    }

    @Test func missingVoiceDataIsAClearErrorNotACrash() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        // An empty directory, and one that is not there at all (espeak-ng alone would quietly
        // use its own data instead).
        for dataPath in [empty, "/nonexistent"] {
            let result = try run(announcerd, ["--play", "-", "--sink", "null"], stdin: #"{"type":"announce","text":"hi"}"#,
                                 environment: ["ANNOUNCER_ESPEAK_DATA": dataPath])
            #expect(result.status == 69)
            #expect(result.stderr.hasPrefix("announcerd: espeak-ng initialisation failed: \(dataPath) holds no espeak-ng data"))
            #expect(result.stderr.contains("ANNOUNCER_ESPEAK_DATA"))
        }
    }

    @Test func aBadSinkIsBadUsage() throws {
        let result = try run(announcerd, ["--play", "-", "--sink", "radio"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown sink \"radio\""))
    }

    @Test func noSoundServerIsAClearError() throws {
        let result = try run(announcerd, ["--play", "-", "--sink", "speaker"], stdin: #"{"type":"announce","text":"hi"}"#,
                             environment: ["PULSE_SERVER": "unix:/nonexistent/pulse/native", "XDG_RUNTIME_DIR": "/nonexistent"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("connecting to the sound server failed"))
        #expect(result.stderr.contains("--sink text"))
    }

    // MARK: - One truth about statuses

    /// The example's lines as the timeline prints them, without the times and the CUT lines.
    private func timelineLines(_ file: String) throws -> [String] {
        let result = try run(announceBinary, ["compose", "--timeline", file])
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").map { line in String(line.drop { $0 != " " }.dropFirst()) }
            .filter { !$0.hasPrefix("CUT ") }
    }

    @Test func theTimelineTheTextSinkAndTheInstantTextSinkAgree() throws {
        let example = packageRoot.appendingPathComponent("examples/music-player.jsonl").path
        let timeline = try timelineLines(example)
        #expect(timeline.first == "FINISHED 1 superseded")
        #expect(timeline.contains("SPEAK focus 5 Shuffle. Switch Button. Off."))
        let text = try run(announcerd, ["--play", example, "--sink", "text"])
        #expect(text.stdout.split(separator: "\n").map(String.init) == timeline)
        // Ten runs, one output: the same as the timeline's.
        for _ in 0..<10 {
            let instant = try run(announcerd, ["--play", example, "--sink", "text:instant"])
            #expect(instant.stdout.split(separator: "\n").map(String.init) == timeline)
        }
    }

    @Test func textThatBreaksLinesCannotForgeAFinishedLine() throws {
        let input = #"{"type":"announce","text":"a\r\nFINISHED 9 spoken\u2028FINISHED 8 spoken\u0085x\\y"}"#
        for sink in ["text", "text:instant"] {
            let result = try run(announcerd, ["--play", "-", "--sink", sink], stdin: input)
            #expect(result.stdout == #"""
                SPEAK default 1 a\r\nFINISHED 9 spoken\u2028FINISHED 8 spoken\u0085x\\y
                FINISHED 1 spoken

                """#)
        }
    }

    // MARK: - A sink that fails is `failed`, never `spoken`

    @Test func anUnwritableWAVDirectoryIsAnErrorAtStartUp() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-file-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try run(announcerd, ["--play", "-", "--sink", "wav:\(file)/speech"], stdin: #"{"type":"announce","text":"hi"}"#)
        #expect(result.status == 69)
        #expect(result.stderr.contains("wav:\(file)/speech"))
    }

    @Test func aWAVFileThatCannotBeWrittenIsFailed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Utterance 2's file is the full device: its write fails as on a full disk.
        try FileManager.default.createSymbolicLink(atPath: directory + "/2.wav", withDestinationPath: "/dev/full")
        let input = """
            {"type":"announce","text":"One"}
            {"type":"announce","text":"Two"}
            {"type":"announce","text":"Three"}
            """
        let result = try run(announcerd, ["--play", "-", "--sink", "wav:\(directory)"], stdin: input)
        #expect(result.stderr.contains("utterance 2 failed"))
        #expect(result.stderr.contains("No space left on device"))
        #expect(FileManager.default.fileExists(atPath: directory + "/3.wav"))
    }
}
