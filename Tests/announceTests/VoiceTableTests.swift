import AnnouncerScheduler
import Testing
@testable import announce

/// `announce voices`: a header line, and a variant column only when some voice has a variant.
@Suite struct VoiceTableTests {
    @Test func withoutVariantsThereIsNoVariantColumn() {
        let voices = [SynthesisVoice(name: "German", language: "de"), SynthesisVoice(name: "English", language: "en")]
        #expect(DaemonCommands.voiceTable(voices) == ["name\tlanguage", "German\tde", "English\ten"])
    }

    @Test func oneVariantBringsTheColumnForAll() {
        let voices = [SynthesisVoice(name: "German", language: "de"), SynthesisVoice(name: "Klatt", language: "en", variant: "klatt")]
        #expect(DaemonCommands.voiceTable(voices) == ["name\tlanguage\tvariant", "German\tde\tnone", "Klatt\ten\tklatt"])
    }

    @Test func noVoicesNoLines() {
        #expect(DaemonCommands.voiceTable([]).isEmpty)
    }
}
