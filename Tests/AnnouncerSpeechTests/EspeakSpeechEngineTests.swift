import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
@testable import AnnouncerSpeech
@testable import AnnouncerSynthesis
import Foundation
import Testing

/// Real espeak-ng producing real samples. The suite is serialized: the library allows one
/// owner per process, and each test starts and shuts down its own engine.
@Suite(.serialized) struct EspeakSpeechEngineTests {
    @Test func playButtonToWAV() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-wav-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recorder = EventRecorder()
        let sink = try WAVSink(directory: directory)
        let engine = try EspeakSpeechEngine.start(sink: sink, onEvent: recorder.handler)
        defer { engine.shutdown() }
        engine.speak(utterance(1, "Play, button"))
        #expect(recorder.waitForEnd(of: UtteranceID(1)))
        #expect(recorder.all == [.started(UtteranceID(1)), .finished(UtteranceID(1))])

        let wav = try Data(contentsOf: URL(fileURLWithPath: sink.path(for: UtteranceID(1))))
        #expect(String(decoding: wav[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: wav[8..<12], as: UTF8.self) == "WAVE")
        let rate = wav[24..<28].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let bits = Int(wav[34]) | Int(wav[35]) << 8
        let dataBytes = wav[40..<44].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(rate == 22050)
        #expect(bits == 16)
        // The samples, then the INFO list naming the voice that said them.
        #expect(dataBytes + 44 < wav.count)
        #expect(String(decoding: wav[(44 + dataBytes)...], as: UTF8.self).contains("voices: English"))
        let seconds = Double(dataBytes / 2) / Double(rate)
        #expect(seconds > 0.4 && seconds < 2.5, "\(seconds) s")
        let samples = stride(from: 44, to: wav.count - 1, by: 2).map { Int16(bitPattern: UInt16(wav[$0]) | UInt16(wav[$0 + 1]) << 8) }
        #expect(rms(samples) > 300, "the utterance is silence")
    }

    @Test func spellingOutMakesCatLonger() throws {
        let recorder = EventRecorder()
        let sink = RecordingSink()
        let engine = try EspeakSpeechEngine.start(sink: sink, onEvent: recorder.handler)
        defer { engine.shutdown() }
        engine.speak(utterance(1, "cat"))
        engine.speak(utterance(2, "cat", spellOut: true))
        #expect(recorder.waitForEnd(of: UtteranceID(2)))
        let word = sink.samples(of: UtteranceID(1)).count
        let spelled = sink.samples(of: UtteranceID(2)).count
        #expect(word > 0)
        // espeak-ng says "cat" in 0.68 s and "C, A, T" in 0.93 s.
        #expect(spelled > word * 6 / 5, "spelled \(spelled) samples vs word \(word)")
    }

    @Test func simplifiedChineseUsesTheMandarinVoice() throws {
        let recorder = EventRecorder()
        let sink = RecordingSink()
        let engine = try EspeakSpeechEngine.start(sink: sink, onEvent: recorder.handler)
        defer { engine.shutdown() }
        engine.speak(utterance(1, "你好，世界", language: "zh-Hans"))
        #expect(recorder.waitForEnd(of: UtteranceID(1)))
        #expect(recorder.all.last == .finished(UtteranceID(1)))
        #expect(engine.voiceName == "cmn")
        #expect(rms(sink.samples(of: UtteranceID(1))) > 300)
    }

    /// "mb-en1" names an mbrola voice: selecting it would start the external mbrola program.
    /// Only voices in espeak-ng's own list are chosen, so it falls back to the configured voice.
    @Test func aLanguageThatNamesAnMbrolaVoiceIsNotSelected() throws {
        let recorder = EventRecorder()
        let engine = try EspeakSpeechEngine.start(sink: RecordingSink(), onEvent: recorder.handler)
        defer { engine.shutdown() }
        engine.speak(utterance(1, "Hello", language: "mb-en1"))
        #expect(recorder.waitForEnd(of: UtteranceID(1)))
        #expect(recorder.all.last == .finished(UtteranceID(1)))
        #expect(engine.voiceName == "en")
    }

    @Test func markupInClientTextIsSpokenLiterally() throws {
        let recorder = EventRecorder()
        let sink = RecordingSink()
        let engine = try EspeakSpeechEngine.start(sink: sink, onEvent: recorder.handler)
        defer { engine.shutdown() }
        engine.speak(utterance(1, "bold"))
        engine.speak(utterance(2, #"<break time="5s"/><b>bold</b>"#))
        #expect(recorder.waitForEnd(of: UtteranceID(2)))
        #expect(recorder.all.last == .finished(UtteranceID(2)))
        let plain = Double(sink.samples(of: UtteranceID(1)).count) / 22050
        let literal = Double(sink.samples(of: UtteranceID(2)).count) / 22050
        // Read as markup it would be a 5 s pause and "bold"; read literally it is words, well
        // under 5 s but much longer than "bold" alone.
        #expect(literal > plain * 2, "literal \(literal) s vs plain \(plain) s")
        #expect(literal < 5, "the break tag was obeyed: \(literal) s")
    }

    @Test func cutOffMidSentenceStopsSynthesisEarly() throws {
        let recorder = EventRecorder()
        let sink = RecordingSink()
        let engine = try EspeakSpeechEngine.start(sink: sink, onEvent: recorder.handler)
        defer { engine.shutdown() }
        let sentence = "This is a long sentence that would take several seconds to say from its start to its very end."
        engine.speak(utterance(1, sentence))
        #expect(recorder.waitForEnd(of: UtteranceID(1)))
        let full = sink.samples(of: UtteranceID(1)).count

        // The second time, cut off from inside synthesis once a quarter second has been made.
        sink.onSamples = { id, total in
            if id == UtteranceID(2), total >= 22050 / 4 { engine.cutOff(id) }
        }
        engine.speak(utterance(2, sentence))
        engine.speak(utterance(3, "Next"))
        #expect(recorder.waitForEnd(of: UtteranceID(3)))
        let cut = sink.samples(of: UtteranceID(2)).count
        #expect(cut < full / 2, "cut \(cut) of \(full) samples")
        #expect(sink.wasCutOff(UtteranceID(2)))
        #expect(!recorder.all.contains(.finished(UtteranceID(2))), "a cut-off utterance must not report finished")
        #expect(recorder.all.contains(.finished(UtteranceID(3))))
    }

    /// The scheduler starts a cut-off default announcement again under its own id: the second
    /// run must play to its end, not inherit the first run's cut-off.
    @Test func anUtteranceCutOffAndStartedAgainIsSpokenInFull() throws {
        let recorder = EventRecorder()
        let sink = RecordingSink()
        let engine = try EspeakSpeechEngine.start(sink: sink, onEvent: recorder.handler)
        defer { engine.shutdown() }
        let sentence = "This is a long sentence that would take several seconds to say from its start to its very end."
        // Called on the synthesis thread only.
        final class Once { var done = false }
        let once = Once()
        let cut = DispatchSemaphore(value: 0)
        sink.onSamples = { id, total in
            guard total >= 22050 / 4, !once.done else { return }
            once.done = true
            engine.cutOff(id)
            cut.signal()
        }
        engine.speak(utterance(1, sentence))
        #expect(cut.wait(timeout: .now() + 20) == .success)
        engine.speak(utterance(1, sentence))
        #expect(recorder.waitForEnd(of: UtteranceID(1)))
        #expect(recorder.all.last == .finished(UtteranceID(1)))
    }

}

@Suite struct SpeechSettingsTests {
    @Test func theVoiceAndSpeakerSettingsAreTheConfigurations() {
        var configuration = Configuration()
        configuration.voice = "de"
        configuration.rate = 220
        configuration.volume = 80
        configuration.punctuation = .some
        configuration.speakerBufferMs = 60
        let espeak = EspeakSpeechEngine.Settings(configuration)
        #expect((espeak.voice, espeak.wordsPerMinute, espeak.volume, espeak.punctuation) == ("de", 220, 80, .some))
        #expect(SpeakerSink.Settings(configuration).bufferMs == 60)
        #expect(EspeakSpeechEngine.Settings().wordsPerMinute == Configuration().rate)
        #expect(SpeakerSink.Settings().idleCloseMs == Configuration().speakerIdleCloseMs)
    }
}

/// The watchdog's bound, and what a sanitized run may give it.
@Suite struct WatchdogBoundTests {
    @Test(arguments: [
        (nil, 2000), ("8000", 8000), ("100", 100), ("600000", 600_000),
        ("99", 2000), ("600001", 2000), ("0", 2000), ("-5", 2000), ("eight", 2000), ("", 2000), ("8000ms", 2000),
    ] as [(String?, Int)])
    func theBoundComesFromTheEnvironmentWhenItIsSane(given: String?, bound: Int) {
        let environment = given.map { ["ANNOUNCER_SPEECH_WATCHDOG_MS": $0] } ?? [:]
        #expect(SupervisedSpeechEngine.Settings.watchdogMs(environment: environment) == bound)
    }
}

@Suite struct SpeechMarkupTests {
    @Test func escapesClientText() {
        let markup = SpeechMarkup(Speech(text: #"a<b>&"c'"#))
        #expect(markup.document == "<speak>a&lt;b&gt;&amp;&quot;c&apos;</speak>")
    }

    @Test func spellOutUsesSayAs() {
        #expect(SpeechMarkup(Speech(text: "cat", spellOut: true)).document == #"<speak><say-as interpret-as="characters">cat</say-as></speak>"#)
    }

    /// A stretch in another language is a voice of its own, closed where the stretch ends; one
    /// with no voice (nil) is left in the utterance's; a voice name that is not a tag never
    /// reaches an attribute.
    @Test(arguments: [
        ([LanguageSpan(offset: 0, count: 7, language: "fr")], ["fr"], #"<speak><voice xml:lang="fr">Bonjour</voice>. Button.</speak>"#),
        ([LanguageSpan(offset: 9, count: 7, language: "fr")], ["fr"], #"<speak>Bonjour. <voice xml:lang="fr">Button.</voice></speak>"#),
        ([LanguageSpan(offset: 0, count: 7, language: "xx")], [nil], "<speak>Bonjour. Button.</speak>"),
        ([LanguageSpan(offset: 0, count: 7, language: "fr")], [#"fr" x="1"#], "<speak>Bonjour. Button.</speak>"),
        ([LanguageSpan(offset: 0, count: 3, language: "fr"), LanguageSpan(offset: 9, count: 3, language: "ja")], ["fr", "ja"],
         #"<speak><voice xml:lang="fr">Bon</voice>jour. <voice xml:lang="ja">But</voice>ton.</speak>"#),
        // Overlapping spans: the first is kept whole.
        ([LanguageSpan(offset: 0, count: 5, language: "fr"), LanguageSpan(offset: 3, count: 3, language: "ja")], ["fr", "ja"],
         #"<speak><voice xml:lang="fr">Bonjo</voice>ur. Button.</speak>"#),
    ] as [([LanguageSpan], [String?], String)])
    func aStretchInAnotherLanguageIsAVoiceOfItsOwn(_ spans: [LanguageSpan], _ voices: [String?], _ document: String) {
        #expect(SpeechMarkup(Speech(text: "Bonjour. Button.", spans: spans), voices: voices).document == document)
    }

    @Test func aStretchKeepsItsMarksAndItsTextEscaped() {
        let speech = Speech(text: "a<b c", marks: [SpeechMark(offset: 2, name: "m")], spans: [LanguageSpan(offset: 0, count: 3, language: "fr")])
        #expect(SpeechMarkup(speech, voices: ["fr"]).document == #"<speak><voice xml:lang="fr">a&lt;<mark name="0"/>b</voice> c</speak>"#)
    }

}

@Suite struct VoiceSelectionTests {
    @Test(arguments: [
        ("zh-Hans", "cmn"), ("zh", "cmn"), ("zh-CN", "cmn"), ("zh_TW", "cmn"), ("zh-HK", "yue"),
        ("de-DE", "de-de"), ("en-GB", "en-gb"),
    ])
    func firstChoice(_ language: String, _ voice: String) {
        #expect(VoiceSelection.candidates(for: language, fallback: "en").first == voice)
    }

    @Test func fallsBackThroughSubtagsThenTheConfiguredVoiceThenEnglish() {
        #expect(VoiceSelection.candidates(for: "de-AT-x-foo", fallback: "fr") == ["de-at-x-foo", "de-at-x", "de-at", "de", "fr", "en"])
        #expect(VoiceSelection.candidates(for: nil, fallback: "en") == ["en"])
    }
}
