import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSpeech
import AnnouncerSystem
import CEspeakNG
import Dispatch
import Synchronization

/// espeak-ng on its own thread, playing through an `AudioSink`.
///
/// espeak-ng runs in synchronous mode and is not thread-safe, so one dedicated thread owns it:
/// it takes utterances from a queue, synthesizes each, and hands the audio to the sink from the
/// synthesis callback. A cut-off sets a flag that the callback returns 1 on (espeak-ng then
/// stops at once) and the sink drops what it still holds.
public final class EspeakSpeechEngine: SpeechEngine, @unchecked Sendable {  // Safe: its queue and flags are read and written under `condition`, the progress and cut-off under atomics.
    public typealias Settings = VoiceSettings

    /// Audio goes to the sink in pieces this long, so a cut-off is noticed this quickly.
    static let chunkMs = 10
    /// Samples quieter than this at the start of an utterance are leading silence.
    static let silenceThreshold = 64

    /// The settings it speaks with now (a `configure` changes them for what comes next).
    public var settings: Settings { condition.withLock { current } }
    private var current: Settings
    /// The rate of the samples espeak-ng produces; known once `start` returns.
    public private(set) var sampleRate = 0

    // Shared with callers, under `condition`.
    private let condition = ConditionLock()
    private var queue: [ScheduledUtterance] = []
    private var synthesizing: UtteranceID?
    private var stopping = false
    private var finishedThread = false
    /// The id the synthesis callback must abandon; read on every callback without the lock.
    private let abortID = Atomic<Int>(0)
    /// Counts synthesis callbacks: a supervisor watching it sees whether espeak-ng is working.
    public let progress = Atomic<Int>(0)

    // Owned by the synthesis thread (checked by `synthesisThread`).
    private let synthesisThread = ThreadOwner()
    private let sink: any AudioSink
    private let onEvent: @Sendable (SpeechEngineEvent) -> Void
    private let onSettled: @Sendable (UtteranceID) -> Void
    private var voice: String?
    /// The voices espeak-ng lists; a client's language picks only among these (docs/design.md §7).
    /// Read when a language first asks (listing takes espeak-ng ~15 ms, kept off start-up).
    private var knownVoices: Set<String>?
    /// The languages no voice speaks, said once in the log.
    private(set) var unspoken: Set<String> = []
    /// Each voice language's voice name, read with `knownVoices` (for the sink's `voices`).
    private var voiceNamesByLanguage: [String: String]?
    private var punctuation: Announcement.Punctuation?

    private init(settings: Settings, sink: any AudioSink, onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void,
                 onSettled: @escaping @Sendable (UtteranceID) -> Void) {
        self.current = settings
        self.sink = sink
        self.onEvent = onEvent
        self.onSettled = onSettled
    }

    /// Starts the synthesis thread and loads espeak-ng's data. Throws the library's own error
    /// when it cannot: missing voice data is an error, never an exit. `onSettled` is called on
    /// the synthesis thread when it is done with an utterance it took up, however it ended.
    public static func start(settings: Settings = Settings(), sink: any AudioSink,
                             onEvent: @escaping @Sendable (SpeechEngineEvent) -> Void,
                             onSettled: @escaping @Sendable (UtteranceID) -> Void = { _ in }) throws -> EspeakSpeechEngine {
        let engine = EspeakSpeechEngine(settings: settings, sink: sink, onEvent: onEvent, onSettled: onSettled)
        let initialized = DispatchSemaphore(value: 0)
        let failure = Locked<EspeakError?>(nil)
        Threads.start(name: "announcer-speech", stackSize: 1 << 20) {
            engine.synthesisThread.claim()
            do {
                engine.sampleRate = try Espeak.initialize(dataPath: settings.dataPath, bufferMs: settings.synthesisBufferMs, callback: synthesisCallback)
                try engine.selectVoice(for: nil, named: nil)
            } catch let error as EspeakError {
                failure.withLock { $0 = error }
            } catch {
                failure.withLock { $0 = EspeakError(status: 0, message: "\(error)", operation: "initialisation") }
            }
            let failed = failure.withLock { $0 != nil }
            initialized.signal()
            if failed { return }
            engine.run()
        }
        initialized.wait()
        if let error = failure.withLock({ $0 }) { throw error }
        return engine
    }

    public func speak(_ utterance: ScheduledUtterance) {
        condition.lock()
        if !stopping { queue.append(utterance) }
        condition.signal()
        condition.unlock()
    }

    public func cutOff(_ id: UtteranceID) {
        condition.lock()
        let waited = queue.contains { $0.id == id }
        queue.removeAll { $0.id == id }
        if synthesizing == id { abortID.store(id.rawValue, ordering: .releasing) }
        condition.unlock()
        // Taken out before synthesis began: the engine is done with it all the same.
        if waited { onSettled(id) }
    }

    public func shutdown() {
        condition.lock()
        stopping = true
        queue.removeAll()
        if let synthesizing { abortID.store(synthesizing.rawValue, ordering: .releasing) }
        condition.signal()
        while !finishedThread { condition.wait() }
        condition.unlock()
    }

    // MARK: - The synthesis thread

    private func run() {
        synthesisThread.check("the synthesizer")
        while true {
            condition.lock()
            while queue.isEmpty && !stopping {
                // Sleep until there is work, waking only when the sink has an idle deadline.
                let now = ContinuousClock.now
                if let deadline = sink.idle(now: now) {
                    condition.wait(for: deadline - now)
                } else {
                    condition.wait()
                }
            }
            if stopping {
                condition.unlock()
                break
            }
            let utterance = queue.removeFirst()
            // A cut-off earlier utterance may have had this id (the scheduler starts a cut-off
            // announcement again under its own id): this run starts un-aborted.
            abortID.store(0, ordering: .releasing)
            synthesizing = utterance.id
            condition.unlock()

            say(utterance)

            condition.lock()
            synthesizing = nil
            condition.unlock()
            onSettled(utterance.id)
        }
        sink.close()
        condition.lock()
        finishedThread = true
        condition.broadcast()
        condition.unlock()
    }

    private func say(_ utterance: ScheduledUtterance) {
        synthesisThread.check("the synthesizer")
        let run = SynthesisRun(engine: self, utterance: utterance, voices: utterance.speech.spans.map { spanVoice(for: $0.language) })
        do {
            try selectVoice(for: utterance.speech.language, named: utterance.speech.voice)
            try applyAttributes(utterance.speech)
            try sink.begin(utterance.id, sampleRate: sampleRate)
            if sink.keepsVoices { sink.voices(voiceNames(spans: run.spanVoices)) }
            if utterance.speech.text.isEmpty {
                onEvent(.started(utterance.id))
            } else {
                let userData = Unmanaged.passUnretained(run).toOpaque()
                try withExtendedLifetime(run) { try Espeak.synthesize(run.markup.document, userData: userData) }
            }
            if let error = run.sinkError { throw error }
            let cutOff = run.isAborted
            try sink.end(cutOff: cutOff)
            if !cutOff && !run.isAborted {
                if !run.reportedStart { onEvent(.started(utterance.id)) }
                onEvent(.finished(utterance.id))
            }
        } catch {
            try? sink.end(cutOff: true)
            if !run.isAborted { onEvent(.failed(utterance.id, "\(error)")) }
        }
    }

    /// The espeak-ng voice last selected.
    public var voiceName: String? { condition.withLock { voice } }

    fileprivate func isAborted(_ id: UtteranceID) -> Bool {
        abortID.load(ordering: .acquiring) == id.rawValue
    }

    fileprivate func report(_ event: SpeechEngineEvent) { onEvent(event) }

    fileprivate var audioSink: any AudioSink { sink }

    /// The utterance's voice and its stretches', by espeak-ng's names, each once.
    private func voiceNames(spans: [String?]) -> [String] {
        var names = Espeak.currentVoiceName().map { [$0] } ?? []
        let languages = spans.compactMap { $0 }
        if !languages.isEmpty, voiceNamesByLanguage == nil { voiceNamesByLanguage = Espeak.voiceNamesByLanguage() }
        for language in languages {
            if let name = voiceNamesByLanguage?[language], !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The voice language espeak-ng lists for a stretch in `language`, or nil when it has none
    /// (the stretch is said in the utterance's voice, and the log says so once a language).
    func spanVoice(for language: String) -> String? {
        if knownVoices == nil { knownVoices = Espeak.voiceNames() }
        if let voice = VoiceSelection.candidates(for: language, fallback: nil, orEnglish: false).first(where: { knownVoices?.contains($0) == true }) {
            return voice
        }
        noteUnspoken(language)
        return nil
    }

    private func noteUnspoken(_ language: String) {
        guard unspoken.insert(language.lowercased()).inserted else { return }
        Console.error("announcer-speech-worker: no voice speaks \"\(language)\"; its text is said in the user's voice")
    }

    private func selectVoice(for language: String?, named wanted: String?) throws {
        var lastError: Error?
        // The configured voice is the user's own choice; a language or voice from a client must
        // name a voice espeak-ng lists (never, say, an mbrola voice that starts an external program).
        let fromClient = language != nil || wanted != nil
        if fromClient, knownVoices == nil { knownVoices = Espeak.voiceNames() }
        // A language no voice speaks is said in the user's voice, and the log says so once.
        if let language { _ = spanVoice(for: language) }
        let candidates = (wanted.map { [$0] } ?? []) + VoiceSelection.candidates(for: language, fallback: condition.withLock { current.voice })
        for name in candidates {
            if fromClient, let knownVoices, !knownVoices.contains(name.lowercased()) { continue }
            if name == voice { return }
            do {
                try Espeak.setVoice(name)
                condition.withLock { voice = name }
                return
            } catch {
                lastError = error
            }
        }
        throw lastError ?? EspeakError(status: 0, message: "no voice", operation: "voice selection")
    }

    /// Speaks what comes next with `settings`' voice, rate, volume, pitch and punctuation.
    public func configure(_ settings: Settings) {
        condition.withLock {
            current.voice = settings.voice
            current.wordsPerMinute = settings.wordsPerMinute
            current.volume = settings.volume
            current.pitch = settings.pitch
            current.punctuation = settings.punctuation
        }
    }

    public func configure(_ configuration: Configuration) {
        configure(settings.taking(configuration))
    }

    private func applyAttributes(_ speech: Speech) throws {
        let settings = self.settings
        let rate = Double(settings.wordsPerMinute) * (speech.rate ?? 1)
        try Espeak.set(espeakRATE, Int32(min(max(rate, 80), 900)))
        try Espeak.set(espeakPITCH, Int32(min(max((speech.pitch ?? 1) * Double(settings.pitch), 0), 100)))
        try Espeak.set(espeakVOLUME, Int32(min(max(Double(settings.volume) * (speech.volume ?? 1), 0), 200)))
        let wanted = speech.punctuation ?? settings.punctuation
        if wanted != punctuation {
            Espeak.setPunctuation(wanted)
            punctuation = wanted
        }
    }
}

/// One utterance being synthesized: what the C callback needs to reach.
private final class SynthesisRun {
    unowned let engine: EspeakSpeechEngine
    let id: UtteranceID
    let markup: SpeechMarkup
    /// Each span's voice language (nil: said in the utterance's voice).
    let spanVoices: [String?]
    let marks: [SpeechMark]
    var reportedStart = false
    var sinkError: Error?

    init(engine: EspeakSpeechEngine, utterance: ScheduledUtterance, voices: [String?]) {
        self.engine = engine
        self.id = utterance.id
        self.markup = SpeechMarkup(utterance.speech, voices: voices)
        self.spanVoices = voices
        self.marks = utterance.speech.marks
    }

    var isAborted: Bool { engine.isAborted(id) }

    /// Returns 1 to make espeak-ng stop.
    func receive(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int, _ events: UnsafeMutablePointer<espeak_EVENT>) -> Int32 {
        engine.progress.add(1, ordering: .relaxed)
        // Marks reached in this piece are reported once its audio has gone to the sink.
        defer { if !isAborted { reportMarks(events) } }
        guard let samples, count > 0 else { return isAborted ? 1 : 0 }
        let chunk = max(engine.sampleRate * EspeakSpeechEngine.chunkMs / 1000, 1)
        var offset = 0
        if !reportedStart {
            // espeak-ng starts every utterance with about 50 ms of silence: skip it, so that the
            // first sound comes that much sooner.
            while offset < count, abs(Int(samples[offset])) < EspeakSpeechEngine.silenceThreshold { offset += 1 }
            if offset == count { return isAborted ? 1 : 0 }
        }
        while offset < count {
            if isAborted { return 1 }
            let length = min(chunk, count - offset)
            do {
                try engine.audioSink.write(UnsafeBufferPointer(start: samples + offset, count: length))
            } catch {
                sinkError = error
                return 1
            }
            if !reportedStart {
                reportedStart = true
                engine.report(.started(id))
            }
            offset += length
        }
        return isAborted ? 1 : 0
    }
}

extension SynthesisRun {
    /// The `<mark>`s among espeak-ng's events (named by their index in `Speech.marks`).
    func reportMarks(_ events: UnsafeMutablePointer<espeak_EVENT>) {
        var event = events
        while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_MARK, let name = event.pointee.id.name,
               let index = Int(String(cString: name)), marks.indices.contains(index) {
                engine.report(.mark(id, marks[index].name))
            }
            event += 1
        }
    }
}

/// espeak-ng's synthesis callback: finds the utterance through the event's user data.
private func synthesisCallback(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let events, let userData = events.pointee.user_data else { return 0 }
    let run = Unmanaged<SynthesisRun>.fromOpaque(userData).takeUnretainedValue()
    return run.receive(samples, Int(count), events)
}
