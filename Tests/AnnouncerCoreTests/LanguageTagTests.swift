import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerTestSupport
import Testing

/// One rule for "does language tag X match Y": the voice list (`SynthesisVoice`), the check that
/// some voice speaks a tag (`anySpeaks`) and the locale tables (`LocaleCatalog`) answer alike.
/// Before `LanguageTag`, `anySpeaks` compared only the language alone, so a tag that falls back to
/// a voice's own region ("en-GB-oxendict" to en-gb) was said to have no voice.
@Suite struct LanguageTagTests {
    struct Match: CustomTestStringConvertible, Sendable {
        var tag: String
        var range: String
        var within: Bool
        var testDescription: String { "\(tag) \(within ? "is" : "is not") within \(range)" }
    }

    @Test(arguments: [
        Match(tag: "en-gb", range: "en", within: true),
        Match(tag: "en_GB", range: "en-gb", within: true),
        Match(tag: "EN-gb", range: "en_GB", within: true),
        Match(tag: "en", range: "EN", within: true),
        Match(tag: "en", range: "en-gb", within: false),
        Match(tag: "en-us", range: "en-gb", within: false),
        Match(tag: "de-CH-1901", range: "de-ch", within: true),
        Match(tag: "eng", range: "en", within: false),
    ])
    func within(_ match: Match) throws {
        let tag = try #require(LanguageTag(match.tag)), range = try #require(LanguageTag(match.range))
        #expect(tag.isWithin(range) == match.within)
        #expect(SynthesisVoice(name: "voice", language: match.tag).matches(language: match.range, variant: nil) == match.within)
    }

    @Test(arguments: [
        ("en_GB", "en-GB"), ("EN", "en"), ("zh_hans_cn", "zh-Hans-CN"), ("es-419", "es-419"), ("de-CH-1901", "de-CH-1901"),
    ])
    func customaryCase(_ text: String, _ shown: String) {
        #expect(LanguageTag(text)?.description == shown)
    }

    @Test func fallbacksDropSubtagsFromTheEnd() {
        #expect(LanguageTag("de_CH_1901")?.fallbacks.map(\.lowercased) == ["de-ch-1901", "de-ch", "de"])
        #expect(LanguageTag("") == nil)
        #expect(LanguageTag("-_") == nil)
    }

    @Test(arguments: [
        ("de_DE", "de-DE"), ("de_DE.UTF-8", "de-DE"), ("sr_RS@latin", "sr-RS"), ("ca_ES.UTF-8@valencia", "ca-ES"), ("C", nil), ("POSIX", nil), ("C.UTF-8", nil), ("", nil),
    ])
    func posixLocales(_ locale: String, _ tag: String?) {
        #expect(LanguageTag(posixLocale: locale)?.description == tag)
    }

    /// A tag some voice speaks by the same fallback the locale tables use.
    @Test(arguments: ["en-GB-oxendict", "en_gb", "EN", "de-CH", "de_ch_1901", "en-US"])
    func aVoiceIsFoundAsATableIs(_ tag: String) {
        let voices = [SynthesisVoice(name: "English (Great Britain)", language: "en-gb"), SynthesisVoice(name: "German", language: "de"),
                      SynthesisVoice(name: "English (America)", language: "en-us")]
        #expect(SynthesisVoice.anySpeaks(tag, in: voices))
        #expect(packagedCatalog.table(for: tag) != nil)
    }

    @Test func noVoiceForAnotherLanguage() {
        let voices = [SynthesisVoice(name: "English (Great Britain)", language: "en-gb")]
        #expect(!SynthesisVoice.anySpeaks("de-CH", in: voices))
        #expect(!SynthesisVoice.anySpeaks("en-US", in: voices))
        #expect(SynthesisVoice.anySpeaks("en", in: voices))
    }
}
