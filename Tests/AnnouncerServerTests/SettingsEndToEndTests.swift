import AnnouncerTestSupport
import Foundation
import Testing

/// The listener's settings changed while listening, through the real announcerd, espeak-ng and
/// `announce set`: a slower rate is heard slower (the WAV sink's file grows), each change is
/// said, and the file written back keeps its comments and is what the next daemon reads.
@Suite struct SettingsEndToEndTests {
    func announce(_ arguments: [String], _ daemon: DaemonProcess) throws -> ToolResult {
        try runTool(binary("announce"), arguments + ["--socket", daemon.socket])
    }

    /// The file's text once it ends with `suffix` (it is written after the reply, off the
    /// daemon's queue).
    func written(_ path: String, endingWith suffix: String) throws -> String {
        var text = ""
        try waitFor("\(path) to end with \(suffix)") {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.hasSuffix(suffix)
        }
        return text
    }

    func wavBytes(_ directory: String, _ id: Int) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(id).wav"))?[.size] as? Int) ?? 0
    }

    @Test func aSlowerRateIsHeardSlowerAndKeptInTheUsersFile() throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: wav, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let daemon = try DaemonProcess(arguments: ["--sink", "wav:\(wav)"])
        let sentence = "The quick brown fox jumps over the lazy dog"
        #expect(try announce(["say", sentence, "--wait"], daemon).status == 0)
        let set = try announce(["set", "rate", "100", "punctuation", "most"], daemon)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("rate = 100\n") && set.stdout.contains("punctuation = most\n"))
        #expect(try announce(["say", sentence, "--wait"], daemon).status == 0)
        // 1: at 175 words a minute; 2: "Rate 100. Punctuation most."; 3: at 100.
        let before = wavBytes(wav, 1), after = wavBytes(wav, 3)
        #expect(before > 0 && wavBytes(wav, 2) > 0)
        #expect(Double(after) > Double(before) * 1.4, "\(before) bytes at 175, \(after) at 100")

        // The user's file, made with a comment, holds what was changed.
        let file = daemon.directory + "/config-home/announcer/announcer.conf"
        #expect(try written(file, endingWith: "\nrate = 100\npunctuation = most\n").hasPrefix("# Announcer configuration"))
        // A step from the file's value, and a bad value that changes nothing.
        #expect(try announce(["set", "rate", "up"], daemon).stdout.contains("rate = 125\n"))
        let refused = try announce(["set", "volume", "900"], daemon)
        #expect(refused.status == 65 && refused.stderr.contains("set.volume: expected a volume from 0 to 200, got \"900\""))
        #expect(try announce(["get", "rate"], daemon).stdout == "125\n")
        _ = try written(file, endingWith: "\nrate = 125\npunctuation = most\n")
    }

    /// A configuration given with --config is the file written; its comments and other lines
    /// stay; the next daemon that reads it speaks with what was set.
    @Test func theFileInUseKeepsItsCommentsAndTheNextDaemonReadsIt() throws {
        let config = "# my settings\nlocale = en\n\n# slow for now\nrate = 150\nhint-delay-ms = 300\n"
        let daemon = try DaemonProcess(config: config)
        #expect(try announce(["set", "rate", "240", "hints", "off"], daemon).status == 0)
        try daemon.waitForOutput("SPEAK echo 1 Rate 240. Hints off.\n")
        let written = try written(daemon.directory + "/announcer.conf", endingWith: "hints = off\n")
        #expect(written == "# my settings\nlocale = en\n\n# slow for now\nrate = 240\nhint-delay-ms = 300\nhints = off\n")
        let next = try DaemonProcess(config: written)
        #expect(try announce(["get"], next).stdout.contains("rate = 240\n"))
        // Hints off: a focus says no hint.
        #expect(try announce(["focus", "--label", "Play", "--hint", "Plays the song.", "--wait"], next).status == 0)
        try next.waitForOutput("SPEAK focus 1 Play\n")
        #expect(!next.stdout.contains("Plays the song."))
    }
}
