import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSystem

/// Builds the engine for a sink choice.
public enum SpeechOutput {
    /// Starts the engine that `choice` asks for; its reports go to `report`, from its own thread.
    /// Throws when espeak-ng cannot load or, for `speaker`, when there is no sound server;
    /// `inBackground` returns at once instead and leaves that to the engine's `waitUntilReady`.
    public static func engine(
        _ choice: SinkChoice, configuration: Configuration,
        log: @escaping LogHandler = { _, _ in },
        inBackground: Bool = false,
        report: @escaping @Sendable (SpeechEngineEvent) -> Void
    ) throws -> any SpeechEngine {
        switch choice {
        case .text(let instant):
            return TextSpeechEngine(estimate: configuration.durationEstimate, instant: instant, onEvent: report)
        case .speaker, .wav, .null:
            var settings = VoiceSettings(configuration)
            if let dataPath = Environment.current["ANNOUNCER_ESPEAK_DATA"], !dataPath.isEmpty {
                settings.dataPath = dataPath
            }
            let speaker = SpeakerSettings(configuration)
            let supervised = SupervisedSpeechEngine.Settings(start: WorkerCommand.Start(sink: choice, espeak: settings, speaker: speaker))
            return inBackground
                ? SupervisedSpeechEngine.launch(settings: supervised, onEvent: report, log: log)
                : try SupervisedSpeechEngine.start(settings: supervised, onEvent: report, log: log)
        }
    }

    /// Starts the engine for `announcerd --play` and attaches it to `controller`; the text sink's
    /// lines are written with `write`, and `observer` receives the controller's notices.
    public static func start(
        _ choice: SinkChoice, configuration: Configuration, controller: SpeechController,
        write: @escaping @Sendable (String) -> Void,
        log: @escaping LogHandler = { _, _ in },
        observer: @escaping @Sendable (SpeechController.Notice) -> Void
    ) throws -> any SpeechEngine {
        let engine = try engine(choice, configuration: configuration, log: log) { [weak controller] in controller?.engineReport($0) }
        let writesLines = if case .text = choice { true } else { false }
        controller.attach(engine: engine) { notice in
            if writesLines {
                switch notice {
                case .speaking(let item): write(TextSinkLine.speaking(item))
                case .finished(let id, let status, _): write(TextSinkLine.finished(id, status))
                }
            }
            observer(notice)
        }
        return engine
    }
}

/// Why the speech worker could not list its voices.
public struct VoiceListingError: Error, CustomStringConvertible {
    public var description: String
}

extension SpeechOutput {
    /// The synthesizer's voices, from `announcer-speech-worker --voices` (espeak-ng lives only in
    /// the worker). Blocks while the worker runs: call it off the daemon's queue.
    public static func voices() throws(VoiceListingError) -> [SynthesisVoice] {
        let worker = SupervisedSpeechEngine.workerExecutable()
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(worker, ["--voices"])
        } catch {
            throw VoiceListingError(description: "\(worker) --voices: \(error)")
        }
        guard result.status == 0 else {
            throw VoiceListingError(description: "\(worker) --voices exited with status \(result.status)")
        }
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, !fields[0].isEmpty else { return nil }
            return SynthesisVoice(name: fields[0], language: fields[1], variant: fields.count > 2 ? fields[2] : "none")
        }
    }
}
