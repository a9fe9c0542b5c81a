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
