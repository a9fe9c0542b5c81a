#if canImport(Glibc)
#endif
import AnnouncerElements
import AnnouncerScheduler
import CEspeakNG
import AnnouncerSystem

/// An espeak-ng status code as a Swift error, with the library's own message.
public struct EspeakError: Error, Equatable, CustomStringConvertible {
    public var status: UInt32
    public var message: String
    public var operation: String

    public var description: String { "espeak-ng \(operation) failed: \(message)" }
}

/// The one door to espeak-ng. Every call goes through here and turns the library's status codes
/// into `EspeakError`. espeak-ng is not thread-safe: only the synthesis thread may use this.
enum Espeak {
    /// The synthesis callback's user data: the utterance being synthesized.
    typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32

    static func check(_ status: espeak_ng_STATUS, _ operation: String) throws(EspeakError) {
        guard status != ENS_OK else { return }
        throw EspeakError(status: status.rawValue, message: message(for: status), operation: operation)
    }

    static func message(for status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the process has loaded: espeak-ng is set up once per process (its `Terminate` waits
    /// forever on a thread of its own in synchronous mode, so it is never torn down), and again
    /// only when another data path or buffer is asked for.
    private static let loaded = Locked<(dataPath: String?, bufferMs: Int32, sampleRate: Int)?>(nil)

    /// Loads the voice data and sets synchronous output, once per process; returns the sample
    /// rate. Missing data is an error here, never a process exit.
    static func initialize(dataPath: String?, bufferMs: Int32, callback: Callback) throws(EspeakError) -> Int {
        let result: Result<Int, EspeakError> = loaded.withLock { state in
            if let state, state.dataPath == dataPath, state.bufferMs == bufferMs {
                espeak_SetSynthCallback(callback)
                return .success(state.sampleRate)
            }
            state = nil
            let outcome = Result { () throws(EspeakError) in try load(dataPath: dataPath, bufferMs: bufferMs, callback: callback) }
            if case .success(let rate) = outcome { state = (dataPath, bufferMs, rate) }
            return outcome
        }
        return try result.get()
    }

    private static func load(dataPath: String?, bufferMs: Int32, callback: Callback) throws(EspeakError) -> Int {
        if let dataPath {
            // espeak-ng quietly falls back to its own data when the path does not exist: a path
            // asked for and not there is an error, not a different voice.
            guard Files.isReadable(dataPath + "/phontab") else {
                throw EspeakError(status: 0, message: "\(dataPath) holds no espeak-ng data (no phontab there); point ANNOUNCER_ESPEAK_DATA at an espeak-ng-data directory, or unset it", operation: "initialisation")
            }
            dataPath.withCString { espeak_ng_InitializePath($0) }
        } else {
            espeak_ng_InitializePath(nil)
        }
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        if status != ENS_OK {
            let message = Espeak.message(for: status)
            espeak_ng_ClearErrorContext(&context)
            throw EspeakError(status: status.rawValue, message: message + " (is the espeak-ng-data package installed, and ANNOUNCER_ESPEAK_DATA, if set, right?)", operation: "initialisation")
        }
        try check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, bufferMs, nil), "output setup")
        espeak_SetSynthCallback(callback)
        return Int(espeak_ng_GetSampleRate())
    }

    /// espeak-ng's own voice list, without mbrola voices (selecting one starts the external
    /// `mbrola` program): each voice's identifier, name and languages (most preferred first).
    private static func listedVoices() -> [(identifier: String, name: String?, languages: [String])] {
        var voices: [(identifier: String, name: String?, languages: [String])] = []
        guard let list = espeak_ListVoices(nil) else { return voices }
        var index = 0
        while let voice = list[index] {
            index += 1
            let identifier = voice.pointee.identifier.map { String(cString: $0) } ?? ""
            if identifier.hasPrefix("mb/") || identifier.hasPrefix("mb-") { continue }
            var languages: [String] = []
            // Languages: a priority byte, then a NUL-terminated name, until an empty name.
            if var entry = voice.pointee.languages {
                while entry.pointee != 0 {
                    entry += 1
                    let language = String(cString: entry)
                    if language.isEmpty { break }
                    if !language.hasPrefix("mb-") { languages.append(language) }
                    entry += language.utf8.count + 1
                }
            }
            voices.append((identifier, voice.pointee.name.map { String(cString: $0) }, languages))
        }
        return voices
    }

    /// Every name espeak-ng's own voice list answers to (voice files, their names and their
    /// languages), lowercased.
    static func voiceNames() -> Set<String> {
        var names: Set<String> = []
        for voice in listedVoices() {
            names.insert(voice.identifier.lowercased())
            names.insert(String(voice.identifier.split(separator: "/").last ?? "").lowercased())
            if let name = voice.name { names.insert(name.lowercased()) }
            for language in voice.languages { names.insert(language.lowercased()) }
        }
        names.remove("")
        return names
    }

    /// espeak-ng's voices as SSIP lists them: name, first language, variant "none".
    static func voices() -> [SynthesisVoice] {
        listedVoices().compactMap { voice in
            guard let name = voice.name, let language = voice.languages.first else { return nil }
            return SynthesisVoice(name: name, language: language)
        }
    }

    /// The name espeak-ng gives the voice it speaks in now ("Japanese").
    static func currentVoiceName() -> String? {
        espeak_GetCurrentVoice()?.pointee.name.map { String(cString: $0) }
    }

    /// Each language's voice name, the first voice listed for it ("fr" → "French").
    static func voiceNamesByLanguage() -> [String: String] {
        var names: [String: String] = [:]
        for voice in listedVoices() {
            guard let name = voice.name else { continue }
            for language in voice.languages where names[language.lowercased()] == nil { names[language.lowercased()] = name }
        }
        return names
    }

    static func setVoice(_ name: String) throws(EspeakError) {
        try check(name.withCString { espeak_ng_SetVoiceByName($0) }, "voice \"\(name)\"")
    }

    static func set(_ parameter: espeak_PARAMETER, _ value: Int32) throws(EspeakError) {
        try check(espeak_ng_SetParameter(parameter, value, 0), "parameter \(parameter.rawValue)")
    }

    static func setPunctuation(_ punctuation: Announcement.Punctuation) {
        let level: espeak_PUNCT_TYPE = switch punctuation {
        case .none: espeakPUNCT_NONE
        case .some, .most: espeakPUNCT_SOME
        case .all: espeakPUNCT_ALL
        }
        // Some: the signs worth hearing in prose, ordinary sentence punctuation silent. Most:
        // brackets, quotes, dashes and the rest too, only the sentence's own stops silent.
        let signs = punctuation == .most ? "@#$%&*+/<=>\\^_|~()[]{}\"'-:;" : "@#$%&*+/<=>\\^_|~"
        if punctuation == .some || punctuation == .most {
            let list: [wchar_t] = signs.unicodeScalars.map { wchar_t($0.value) } + [0]
            _ = list.withUnsafeBufferPointer { espeak_ng_SetPunctuationList($0.baseAddress) }
        }
        // espeak-ng 1.51 reports an error for this parameter, yet applies it.
        _ = espeak_ng_SetParameter(espeakPUNCTUATION, Int32(level.rawValue), 0)
    }

    /// Synthesizes SSML text; the callback receives the audio. Returns when synthesis ends or
    /// the callback returned 1.
    static func synthesize(_ document: String, userData: UnsafeMutableRawPointer) throws(EspeakError) {
        let status = document.withCString { text in
            espeak_ng_Synthesize(text, document.utf8.count + 1, 0, POS_CHARACTER, 0,
                                 UInt32(espeakCHARS_UTF8 | espeakSSML), nil, userData)
        }
        try check(status, "synthesis")
    }

}
