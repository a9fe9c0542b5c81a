import AnnouncerLocales

/// Which espeak-ng voice says a language.
///
/// A BCP-47 tag is tried whole, then with subtags dropped from the end ("en-GB-oxendict" →
/// "en-gb" → "en"); Chinese tags go to Mandarin (`cmn`: "zh", "zh-Hans", "zh-CN", "zh-Hant",
/// "zh-TW"), except Hong Kong and Macao to Cantonese (`yue`), because espeak-ng has no voice
/// named "zh". After the tag come the configured voice and then "en".
enum VoiceSelection {
    /// With `orEnglish` false, only the language's own voices (nil fallback: no other voice).
    static func candidates(for language: String?, fallback: String?, orEnglish: Bool = true) -> [String] {
        var result: [String] = []
        func add(_ name: String) { if !name.isEmpty, !result.contains(name) { result.append(name) } }
        for tag in [language, fallback].compactMap({ $0.flatMap { LanguageTag($0) } }) {
            if tag.primary == "zh" || tag.primary == "cmn" {
                add(tag.subtags.contains("hk") || tag.subtags.contains("mo") ? "yue" : "cmn")
                continue
            }
            for shorter in tag.fallbacks { add(shorter.lowercased) }
        }
        if orEnglish { add("en") }
        return result
    }
}
