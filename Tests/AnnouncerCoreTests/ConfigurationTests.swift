import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Foundation
import Testing

@Suite struct ConfigurationTests {
    @Test func thePackagedFileIsTheDefaults() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("config/announcer.conf"), encoding: .utf8)
        #expect(try Configuration(file: KeyValueFile(parsing: text, name: "announcer.conf")) == Configuration())
    }

    @Test func everyDefaultIsTheConfigurations() {
        var configuration = Configuration()
        #expect(SchedulerSettings() == configuration.schedulerSettings)
        #expect(SpeechDurationEstimate() == configuration.durationEstimate)
        // Changing the one statement changes what is derived from it.
        configuration.hintDelayMs = 900
        #expect(SchedulerSettings() != configuration.schedulerSettings)
    }

    @Test func readsSettings() throws {
        let configuration = try Configuration(file: KeyValueFile(parsing: """
            # comment
            locale = de
            hint-style = keyboard
            hint-delay-ms = 250
            max-age-ms = 2000
            queue-limit = 10
            rate = 300
            voice = de
            volume = 150
            punctuation = some
            sink = wav:/tmp/out
            speaker-buffer-ms = 20
            speaker-idle-close-ms = 0
            """, name: "c"))
        #expect(configuration.locale == "de")
        #expect(configuration.hintStyle == .keyboard)
        #expect(configuration.hintDelayMs == 250)
        #expect(configuration.schedulerSettings == SchedulerSettings(hintDelayMs: 250, maxAgeMs: 2000, queueLimit: 10))
        #expect(configuration.durationEstimate == SpeechDurationEstimate(wordsPerMinute: 300))
        #expect(configuration.voice == "de")
        #expect(configuration.volume == 150)
        #expect(configuration.punctuation == .some)
        #expect(configuration.sink == .wav(directory: "/tmp/out"))
        #expect(configuration.speakerBufferMs == 20)
        #expect(configuration.speakerIdleCloseMs == 0)
    }

    @Test(arguments: [
        ("hint-style = loud", "c:1: hint-style: expected touch or keyboard, got \"loud\""),
        ("\nhint-delay-ms = -1", "c:2: hint-delay-ms: expected milliseconds from 0 to 60000, got \"-1\""),
        ("hint-delay-ms = 60001", "c:1: hint-delay-ms: expected milliseconds from 0 to 60000, got \"60001\""),
        ("loudness = 3", "c:1: unknown setting \"loudness\""),
        ("volume = 201", "c:1: volume: expected a volume from 0 to 200, got \"201\""),
        ("punctuation = many", "c:1: punctuation: expected none, some, most or all, got \"many\""),
        ("sink = radio", "c:1: sink: unknown sink \"radio\"; expected speaker, wav:DIR, text, text:instant or null"),
        ("queue-limit = 0", "c:1: queue-limit: expected a number of announcements from 1 to 100000, got \"0\""),
        ("rate = fast", "c:1: rate: expected words per minute from 80 to 450, got \"fast\""),
        ("max-age-ms = 600001", "c:1: max-age-ms: expected milliseconds from 0 to 600000, got \"600001\""),
        ("locale = en\nlocale = de", "c:2: locale is set twice (first on line 1)"),
        ("= x", "c:1: a setting needs a name before `=`"),
    ])
    func badSettingsNameTheirLine(_ text: String, _ message: String) {
        let error = #expect(throws: ConfigError.self) { try Configuration(file: KeyValueFile(parsing: text, name: "c")) }
        #expect(error?.description == message)
    }

    @Test func quotedValuesKeepTheirSpaces() throws {
        let file = try KeyValueFile(parsing: "sentence.space = \" \"", name: "c")
        #expect(file["sentence.space"]?.value == " ")
    }
}

@Suite struct SinkChoiceTests {
    @Test(arguments: [
        ("speaker", SinkChoice.speaker), ("text", .text(instant: false)), ("text:instant", .text(instant: true)),
        ("null", .null), ("wav:/tmp/x", .wav(directory: "/tmp/x")),
    ])
    func parses(_ value: String, _ choice: SinkChoice) throws {
        #expect(try SinkChoice(parsing: value) == choice)
        #expect(choice.description == value)
    }

    @Test(arguments: ["wav:", "speakers", ""])
    func refuses(_ value: String) {
        #expect(throws: SinkChoiceError.self) { try SinkChoice(parsing: value) }
    }
}
