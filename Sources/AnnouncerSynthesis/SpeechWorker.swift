import AnnouncerSpeech
import AnnouncerSupport
import AnnouncerSystem
import Synchronization

/// The speech worker (`announcer-speech-worker`, which announcerd starts): owns espeak-ng and the
/// sink in a process of its own, so that a synthesizer that aborts or hangs costs one utterance,
/// not the daemon (docs/design.md §7). It reads `WorkerCommand` lines from its channel (descriptor 3) and
/// answers with `WorkerReport` lines; it exits when the daemon says `quit` or goes away.
public enum SpeechWorker {
    /// How often the worker tells the daemon that espeak-ng is making progress.
    static let progressIntervalMs = 200

    /// `announcer-speech-worker --voices`: espeak-ng's voices, a line each (name, language and
    /// variant, tab-separated), for SSIP's `LIST SYNTHESIS_VOICES`.
    public static func listVoices() -> Int32 {
        let dataPath = Environment.current["ANNOUNCER_ESPEAK_DATA"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            _ = try Espeak.initialize(dataPath: dataPath, bufferMs: 100) { _, _, _ in 0 }
        } catch {
            Console.error("announcer-speech-worker: \(error)")
            return 69
        }
        var text = ""
        for voice in Espeak.voices() { text += "\(voice.name)\t\(voice.language)\t\(voice.variant)\n" }
        Console.out(text)
        return 0
    }

    public static func run() -> Int32 {
        let channel = WorkerChannel(fd: WorkerChannel.workerDescriptor)
        var pending: [JSONValue] = []
        func nextCommand() -> WorkerCommand? {
            while pending.isEmpty {
                guard let lines = channel.receive() else { return nil }
                pending = lines
            }
            do {
                return try WorkerCommand(json: pending.removeFirst())
            } catch {
                // Said on standard error (the daemon's), and the line is passed over.
                Console.error("announcer-speech-worker: \(error)")
                return nextCommand()
            }
        }
        guard case .start(let start)? = nextCommand() else { return 64 }

        // What the heartbeat is told: how many utterances the engine holds (handed over, not yet
        // settled) and how many commands came. It looks every `progressIntervalMs` only while
        // one is held; idle, it sleeps until the idle trim is due, then until a command comes.
        let beat = ConditionLock()
        let held = Atomic<Int>(0)
        let commands = Atomic<Int>(0)
        @Sendable func wakeHeartbeat() { beat.withLock { beat.signal() } }

        let engine: EspeakSpeechEngine
        do {
            engine = try EspeakSpeechEngine.start(
                settings: start.espeak, sink: try makeSink(start),
                onEvent: { event in channel.send(WorkerReport.engine(event).json) },
                onSettled: { id in
                    channel.send(WorkerReport.settled(id).json)
                    held.subtract(1, ordering: .relaxed)
                    wakeHeartbeat()
                })
        } catch {
            channel.send(WorkerReport.refused("\(error)").json)
            return 69
        }
        channel.send(WorkerReport.ready.json)

        Threads.start(name: "announcer-heartbeat", stackSize: 1 << 16) {
            var seen = 0
            var seenCommands = 0
            let origin = ContinuousClock.now
            func time() -> Milliseconds { (ContinuousClock.now - origin).milliseconds }
            var idleTrim = IdleTrim(at: 0)
            while true {
                beat.withLock {
                    // Speaking: the next look in an interval. Idle with nothing new: asleep until
                    // the idle trim is due, or, trimmed, until a command comes. The counts are
                    // read under the lock the command loop signals with, so no wake-up is lost.
                    if held.load(ordering: .relaxed) > 0 {
                        beat.wait(for: .milliseconds(progressIntervalMs))
                    } else if commands.load(ordering: .relaxed) == seenCommands, engine.progress.load(ordering: .relaxed) == seen {
                        if let due = idleTrim.checkAt {
                            beat.wait(for: .milliseconds(Int64(max(due - time(), 0))))
                        } else {
                            beat.wait()
                        }
                    }
                }
                let now = engine.progress.load(ordering: .relaxed)
                if now != seen {
                    seen = now
                    channel.send(WorkerReport.progress.json)
                    idleTrim.activity(at: time())
                }
                let received = commands.load(ordering: .relaxed)
                if received != seenCommands {
                    seenCommands = received
                    idleTrim.activity(at: time())
                }
                // Idle, the worker gives back the pages of its program and libraries it is not
                // using, and its heap's free ones (IdlePages); espeak-ng's voice data stays.
                if idleTrim.shouldTrim(at: time()) { IdlePages.release() }
            }
        }

        while let command = nextCommand() {
            if case .speak = command { held.add(1, ordering: .relaxed) }
            commands.add(1, ordering: .relaxed)
            wakeHeartbeat()
            switch command {
            case .speak(let utterance): engine.speak(utterance)
            case .cut(let id): engine.cutOff(id)
            case .configure(let voice): engine.configure(voice)
            case .quit:
                engine.shutdown()
                return 0
            case .start: continue
            }
        }
        // The daemon has gone: nothing is left to speak for.
        return 0
    }

    static func makeSink(_ start: WorkerCommand.Start) throws -> any AudioSink {
        switch start.sink {
        case .wav(let directory):
            return try WAVSink(directory: directory)
        case .speaker:
            let speaker = SpeakerSink(settings: start.speaker)
            try speaker.probe()
            return speaker
        case .null, .text:
            return NullSink()
        }
    }
}
