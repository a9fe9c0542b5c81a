import AnnouncerCore
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
        let result = try run(announcerd, ["--play", "-", "--sink", "null"], stdin: #"{"type":"announce","text":"hi"}"#,
                             environment: ["ANNOUNCER_ESPEAK_DATA": empty])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("announcerd: espeak-ng initialisation failed: "))
        #expect(result.stderr.contains("espeak-ng-data"))
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
}
