import AnnouncerCore
import AnnouncerSystem

/// Builds the engine for a sink choice and connects it to a controller.
public enum SpeechOutput {
    /// Starts the engine that `choice` asks for and attaches it to `controller`, with
    /// `observer` receiving the controller's notices. `write` prints the text sink's lines.
    /// Throws when espeak-ng cannot load or, for `speaker`, when there is no sound server;
    /// `inBackground` returns at once instead and leaves that to the engine's `waitUntilReady`.
    public static func start(
        _ choice: SinkChoice, configuration: Configuration, controller: SpeechController,
        write: @escaping @Sendable (String) -> Void,
        log: @escaping LogHandler = { _, _ in },
        inBackground: Bool = false,
        observer: @escaping @Sendable (SpeechController.Notice) -> Void
    ) throws -> any SpeechEngine {
        let report: @Sendable (SpeechEngineEvent) -> Void = { [weak controller] in controller?.engineReport($0) }
        switch choice {
        case .text(let instant):
            let engine = TextSpeechEngine(estimate: configuration.durationEstimate, instant: instant, onEvent: report)
            controller.attach(engine: engine) { notice in
                switch notice {
                case .speaking(let item): write(TextSinkLine.speaking(item))
                case .finished(let id, let status, _): write(TextSinkLine.finished(id, status))
                case .mark: break
                }
                observer(notice)
            }
            return engine
        case .speaker, .wav, .null:
            var settings = VoiceSettings(configuration)
            if let dataPath = Environment.current["ANNOUNCER_ESPEAK_DATA"], !dataPath.isEmpty {
                settings.dataPath = dataPath
            }
            let speaker = SpeakerSettings(configuration)
            let supervised = SupervisedSpeechEngine.Settings(start: WorkerCommand.Start(sink: choice, espeak: settings, speaker: speaker))
            let engine = inBackground
                ? SupervisedSpeechEngine.launch(settings: supervised, onEvent: report, log: log)
                : try SupervisedSpeechEngine.start(settings: supervised, onEvent: report, log: log)
            controller.attach(engine: engine, observer: observer)
            return engine
        }
    }
}

extension SpeechOutput {
    /// The synthesizer's voices, from `announcer-speech-worker --voices` (espeak-ng lives only in
    /// the worker); empty when it cannot say, which is logged.
    public static func voices(log: LogHandler) -> [SynthesisVoice] {
        let worker = SupervisedSpeechEngine.workerExecutable()
        do {
            let result = try Subprocess.run(worker, ["--voices"])
            guard result.status == 0 else {
                log(.warning, "\(worker) --voices exited with status \(result.status)")
                return []
            }
            return String(decoding: result.output, as: UTF8.self).split(separator: "\n").compactMap { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count >= 2, !fields[0].isEmpty else { return nil }
                return SynthesisVoice(name: fields[0], language: fields[1], variant: fields.count > 2 ? fields[2] : "none")
            }
        } catch {
            log(.warning, "cannot list the synthesizer's voices: \(error)")
            return []
        }
    }
}
