import AnnouncerScheduler
import AnnouncerSupport

/// A voice as the wire protocol and a session recording write it: `{name, language, variant}`.
extension SynthesisVoice {
    public var json: JSONValue {
        ["name": .string(name), "language": .string(language), "variant": .string(variant)]
    }

    /// The voices of a JSON array, each read by its path (`voices[3]`) when it is wrong.
    public static func list(_ items: [JSONValue], path: String) throws(FieldError) -> [SynthesisVoice] {
        var voices: [SynthesisVoice] = []
        for (index, item) in items.enumerated() {
            let voice = try JSONObjectReader(item, path: "\(path)[\(index)]")
            voices.append(SynthesisVoice(name: try voice.string("name") ?? "", language: try voice.string("language") ?? "",
                                         variant: try voice.string("variant") ?? "none"))
        }
        return voices
    }
}
