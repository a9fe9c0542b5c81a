import AnnouncerComposer
import AnnouncerElements
import AnnouncerTestSupport
import Foundation
import Testing

/// Twelve languages at the real daemon: the voice that says each piece of text (by the name
/// espeak-ng reports, kept in each WAV file's INFO list), the locale taken from the
/// environment, and changed while listening.
@Suite struct LanguagesEndToEndTests {
    func announce(_ arguments: [String], _ daemon: DaemonProcess) throws -> ToolResult {
        try runTool(binary("announce"), arguments + ["--socket", daemon.socket])
    }

    /// The voices an utterance's WAV file names ("voices: Japanese").
    func voices(_ directory: String, _ id: Int) throws -> [String] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(id).wav"))
        let text = String(decoding: bytes.suffix(200), as: UTF8.self)
        guard let range = text.range(of: "voices: ") else { return [] }
        return text[range.upperBound...].prefix { $0 != "\0" }.split(separator: ", ").map(String.init)
    }

    func wavDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-languages-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func sayInJapaneseIsSaidByTheJapaneseVoice() throws {
        let wav = try wavDirectory()
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let daemon = try DaemonProcess(arguments: ["--sink", "wav:\(wav)"])
        #expect(try announce(["say", "こんにちは", "--language", "ja", "--wait"], daemon).status == 0)
        #expect(try voices(wav, 1) == ["Japanese"])
        // And with no language, the user's voice (the locale's: English).
        #expect(try announce(["say", "hello", "--wait"], daemon).status == 0)
        #expect(try voices(wav, 2).first?.hasPrefix("English") == true)
    }

    /// "Bonjour" on an English desktop: its label in the French voice, "Button." in the user's,
    /// in one utterance; a language espeak-ng has no voice for is said in the user's voice,
    /// once in the log, and never refused.
    @Test func anElementInAnotherLanguageSwitchesVoiceInsideTheUtterance() throws {
        let wav = try wavDirectory()
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let daemon = try DaemonProcess(arguments: ["--sink", "wav:\(wav)"])
        let client = try LineClient(path: daemon.socket)
        client.send(["type": "subscribe", "id": 0, "events": ["finished"]])
        _ = try client.reply(0)
        client.send(["type": "focus", "id": 1, "element": ["label": "Bonjour", "traits": ["button"], "language": "fr"]])
        let first = try client.reply(1)["utterance"]!
        _ = try client.read { $0["event"] == "finished" && $0["utterance"] == first }
        let said = try voices(wav, 1)
        #expect(said.count == 2 && said[0].hasPrefix("English") && said[1].hasPrefix("French"), "\(said)")

        client.send(["type": "focus", "id": 2, "element": ["label": "Jambo", "traits": ["button"], "language": "x-klingon"]])
        let second = try client.reply(2)["utterance"]!
        let finished = try client.read { $0["event"] == "finished" && $0["utterance"] == second }.last!
        #expect(finished["status"] == "spoken")
        client.send(["type": "focus", "id": 3, "element": ["label": "Jambo tena", "traits": ["button"], "language": "x-klingon"]])
        let third = try client.reply(3)["utterance"]!
        _ = try client.read { $0["event"] == "finished" && $0["utterance"] == third }
        let log = try String(contentsOfFile: daemon.stderrPath, encoding: .utf8)
        #expect(log.components(separatedBy: "no voice speaks \"x-klingon\"").count == 2, "\(log)")
    }

    /// The environment's locale, when announcer.conf names none: a Japanese desktop hears
    /// Japanese words, in the Japanese voice.
    @Test func theLocaleFollowsTheEnvironment() throws {
        let daemon = try DaemonProcess(environment: ["LANG": "ja_JP.UTF-8"])
        let element = Element(label: "OK", traits: [.button])
        let expected = composer(locale: "ja").compose(element).description
        #expect(expected != "OK. Button.")
        _ = try announce(["focus", "--label", "OK", "--traits", "button"], daemon)
        try daemon.waitForOutput("SPEAK focus 1 \(expected)\n")
        #expect(try announce(["get", "locale"], daemon).stdout == "ja\n")
        #expect(try announce(["get", "voice"], daemon).stdout == "ja\n")
    }

    /// `announcerd --locale fr` brings the French voice with it, when none was chosen; a chosen
    /// voice stays.
    @Test func theLocaleOnTheCommandLineBringsItsVoice() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text", "--locale", "fr"])
        #expect(try announce(["get", "voice"], daemon).stdout == "fr\n")
        let chosen = try DaemonProcess(arguments: ["--sink", "text", "--locale", "fr"], config: "voice = en-GB\n")
        #expect(try announce(["get", "voice"], chosen).stdout == "en-GB\n")
    }

    /// `announce set locale fr`: said in French, by its own name; the voice comes with it;
    /// the next focus is in French words; a locale with no table is refused.
    @Test func theLocaleChangesWhileListening() throws {
        let daemon = try DaemonProcess()
        let set = try announce(["set", "locale", "fr"], daemon)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("locale = fr\n") && set.stdout.contains("voice = fr\n"))
        let french = try #require(packagedCatalog.table(for: "fr"))
        try daemon.waitForOutput("SPEAK echo 1 \(french[.settingLocale].replacing("{value}", with: french[.localeName]))\n")
        _ = try announce(["focus", "--label", "OK", "--traits", "button"], daemon)
        try daemon.waitForOutput("SPEAK focus 2 OK. \(french[.button])\n")
        let refused = try announce(["set", "locale", "tlh"], daemon)
        #expect(refused.status == 65 && refused.stderr.contains("set.locale: there is no locale table for \"tlh\""), "\(refused.stderr)")
        #expect(try announce(["get", "locale"], daemon).stdout == "fr\n")
    }
}

private func composer(locale: String) -> UtteranceComposer {
    UtteranceComposer(catalog: packagedCatalog, locale: locale)
}
