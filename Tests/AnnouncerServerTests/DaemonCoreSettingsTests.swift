import AnnouncerScheduler
@testable import AnnouncerServer
@testable import AnnouncerSession
import AnnouncerSettings
import AnnouncerTestSupport
import Testing

/// `settings`: the listener's settings read and changed while listening, each change said at
/// once in the voice it makes, handed to the engine and to the file, and carried out whole or
/// not at all.
@Suite struct DaemonCoreSettingsTests {
    var test = CoreHarness()

    static func changed(_ actions: [DaemonCore.Action]) -> [String] {
        actions.compactMap { action in
            guard case .settingsChanged(let configuration, let settings) = action else { return nil }
            return settings.map { "\($0.rawValue) = \(configuration.value(of: $0))" }.joined(separator: ", ")
        }
    }

    @Test mutating func aSettingIsReadChangedSaidAndHandedOn() {
        _ = test.connect(1)
        let read = CoreHarness.sent(test.send(1, #"{"type":"settings","id":1}"#))
        #expect(read == [#"1 {"id":1,"settings":{"hints":"on","locale":"en","pitch":50,"positions":"on","punctuation":"none","rate":175,"traits":"full","typing-echo":"characters","voice":"en","volume":100},"type":"ok"}"#])

        let up = test.send(1, #"{"type":"settings","id":2,"set":{"rate":"up"}}"#)
        // Handed to the engine and the file before it is said, so it is said at the new rate.
        #expect(Self.changed(up) == ["rate = 200"])
        let handedOn = up.firstIndex { if case .settingsChanged = $0 { true } else { false } }
        let said = up.firstIndex { if case .speak = $0 { true } else { false } }
        #expect(handedOn! < said!)
        #expect(CoreHarness.spoken(up) == ["echo Rate 200."])
        #expect(CoreHarness.sent(up).first?.contains(#""rate":200"#) == true)
        #expect(test.core.configuration.rate == 200)

        // Several at once: said in the settings' order, in one utterance that cuts off the last.
        _ = test.handle(.engine(.started(UtteranceID(1))))
        let more = test.send(1, #"{"type":"settings","id":3,"set":{"positions":false,"punctuation":"most","pitch":70}}"#)
        #expect(Self.changed(more) == ["pitch = 70, punctuation = most, positions = off"])
        #expect(more.contains(.cutOff(UtteranceID(1))))
        #expect(CoreHarness.spoken(more + test.handle(.engine(.finished(UtteranceID(1))))) == ["echo Pitch 70. Punctuation most. Positions off."])
        // A focus cuts it off: the answer to the next key is heard at once.
        _ = test.handle(.engine(.started(UtteranceID(2))))
        #expect(test.send(1, #"{"type":"focus","element":{"label":"OK"}}"#).contains(.cutOff(UtteranceID(2))))
    }

    /// The locale: said by its own name in its own words, its voice with it (unless the voice
    /// speaks its language already), the composer's words from then on; one with no table, or
    /// a step, goes by the tables there are.
    @Test mutating func theLocaleBringsItsWordsAndItsVoice() {
        _ = test.connect(1)
        let french = test.send(1, #"{"type":"settings","id":1,"set":{"locale":"fr-CA"}}"#)
        #expect(Self.changed(french) == ["voice = fr, locale = fr"])
        let words = packagedCatalog.table(for: "fr")!
        #expect(CoreHarness.spoken(french) == ["echo " + words[.settingLocale].replacing("{value}", with: words[.localeName])])
        #expect(test.core.configuration.voice == "fr")
        #expect(CoreHarness.spoken(test.send(1, #"{"type":"focus","element":{"label":"OK","traits":["button"]}}"#)) == ["focus OK. \(words[.button])"])
        // A voice of the language chosen already stays.
        _ = test.send(1, #"{"type":"settings","id":2,"set":{"voice":"en-GB","locale":"en"}}"#)
        #expect(test.core.configuration.voice == "en-GB")
        _ = test.send(1, #"{"type":"settings","id":3,"set":{"locale":"de"}}"#)
        #expect(test.core.configuration.voice == "de")
        _ = test.send(1, #"{"type":"settings","id":4,"set":{"locale":"en"}}"#)
        #expect(test.core.configuration.voice == "en")
        let refused = CoreHarness.sent(test.send(1, #"{"type":"settings","id":5,"set":{"locale":"tlh"}}"#))
        #expect(refused.first?.contains(#"set.locale: there is no locale table for \"tlh\"; available: ar, de, en"#) == true, "\(refused)")
        #expect(test.core.configuration.locale == "en")
        let up = test.send(1, #"{"type":"settings","id":6,"set":{"locale":"up"}}"#)
        #expect(Self.changed(up) == ["voice = es, locale = es"])
    }

    @Test mutating func aBadValueChangesNothing() {
        _ = test.connect(1)
        let refused = test.send(1, #"{"type":"settings","id":1,"set":{"rate":220,"volume":500}}"#)
        #expect(CoreHarness.sent(refused) == [#"1 {"code":"invalid_field","id":1,"message":"set.volume: expected a volume from 0 to 200, got \"500\"","type":"error"}"#])
        #expect(Self.changed(refused).isEmpty && CoreHarness.spoken(refused).isEmpty)
        #expect(test.core.configuration == Configuration())
        let unknown = CoreHarness.sent(test.send(1, #"{"type":"settings","id":2,"set":{"speed":3}}"#))
        #expect(unknown.first?.contains(#""message":"set.speed: is no setting; the settings are rate, pitch, volume, voice, punctuation, hints, positions, traits, typing-echo, locale""#) == true)
        let kind = CoreHarness.sent(test.send(1, #"{"type":"settings","id":3,"set":{"rate":[1]}}"#))
        #expect(kind.first?.contains("expected a value, \\\"up\\\" or \\\"down\\\", got an array") == true)
    }

    /// Hints and position words off: the composer says neither, for every client.
    @Test mutating func lessIsSaidWithHintsAndPositionsOff() {
        _ = test.connect(1)
        let element = #"{"label":"Wi-Fi","traits":["button","switchButton"],"value":"1","context":{"kind":"series","index":2,"count":4}}"#
        var said = test.send(1, #"{"type":"focus","element":\#(element)}"#)
        #expect(CoreHarness.spoken(said) == ["focus Wi-Fi. Switch Button. On. 2 of 4."])
        _ = test.send(1, #"{"type":"settings","set":{"hints":"off","positions":"off"}}"#)
        said = test.send(1, #"{"type":"focus","element":\#(element)}"#)
        #expect(CoreHarness.spoken(said) == ["focus Wi-Fi. Switch Button. On."])
        test.clock = 5_000
        #expect(CoreHarness.spoken(test.handle(.tick)).isEmpty)
    }

    /// Trait words brief: what a control is goes, its state stays.
    @Test mutating func briefTraitWordsSayTheStateAlone() {
        _ = test.connect(1)
        _ = test.send(1, #"{"type":"settings","set":{"traits":"brief"}}"#)
        let said = test.send(1, #"{"type":"focus","element":{"label":"Remember me","traits":["button","checkBox"],"value":"0"}}"#)
        #expect(CoreHarness.spoken(said) == ["focus Remember me. Not Checked."])
        _ = test.send(1, #"{"type":"settings","set":{"traits":"full"}}"#)
        let full = test.send(1, #"{"type":"focus","element":{"label":"Name","traits":["textEntry","notEnabled"]}}"#)
        #expect(CoreHarness.spoken(full) == ["focus Name. Dimmed. Text Field."])
    }

    /// Stepping the voice goes round the voices of its language, once the worker has listed
    /// them; the request waits for the list as `voices` does.
    @Test mutating func theVoiceStepsRoundItsLanguagesVoices() {
        _ = test.connect(1)
        #expect(test.send(1, #"{"type":"settings","id":1,"set":{"voice":"up"}}"#) == [.listVoices])
        let voices = [SynthesisVoice(name: "English (America)", language: "en-us"), SynthesisVoice(name: "German", language: "de"),
                      SynthesisVoice(name: "English (Great Britain)", language: "en-gb")]
        let answered = test.handle(.voices(.listed(voices)))
        #expect(Self.changed(answered) == ["voice = en-gb"])
        #expect(CoreHarness.spoken(answered) == ["echo Voice en-gb."])
        #expect(Self.changed(test.send(1, #"{"type":"settings","set":{"voice":"up"}}"#)) == ["voice = en-us"])
        #expect(Self.changed(test.send(1, #"{"type":"settings","set":{"voice":"up"}}"#)) == ["voice = en-gb"])
        #expect(Self.changed(test.send(1, #"{"type":"settings","set":{"voice":"de"}}"#)) == ["voice = de"])
        #expect(Self.changed(test.send(1, #"{"type":"settings","set":{"voice":"down"}}"#)) == ["voice = de"])
    }

    /// A reload hands the engine the voice read again, and writes nothing.
    @Test mutating func aReloadHandsTheEngineTheVoiceReadAgain() {
        var configuration = Configuration()
        configuration.rate = 300
        let reloaded = test.handle(.reconfigure(DaemonSettings(configuration, catalog: nil)))
        #expect(reloaded == [.settingsChanged(configuration, [])])
        #expect(test.core.configuration.rate == 300)
    }
}
