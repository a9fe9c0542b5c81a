import AnnouncerBraille
import AnnouncerComposer
import AnnouncerConfiguration
import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerServer
import AnnouncerSession
import AnnouncerSettings
import AnnouncerSpeech
import AnnouncerSupport
import AnnouncerSystem
import Dispatch

/// The daemon proper: listen on the socket, speak what clients ask, until SIGTERM or SIGINT.
struct ServeCommand {
    var configPath: String?
    var configuration: Configuration
    var composer: UtteranceComposer
    var overrides: Overrides
    var sink: SinkChoice
    var socketPath: String?
    /// `--ssip PATH`, over the configuration's `ssip-socket`.
    var ssipPath: String?
    /// `--record FILE`: every input of the daemon's core written down, to be replayed.
    var recordPath: String?
    var logLevel: LogLevel

    /// Settings given on the command line, which win over the configuration file's, at start
    /// and at every reload.
    struct Overrides {
        var locale: String?
        var hintStyle: HintStyle?

        /// `catalog`: a voice that was the configuration's locale's own (none was chosen) follows
        /// the locale given here.
        func apply(to configuration: inout Configuration, catalog: LocaleCatalog? = nil) {
            if let locale {
                if let catalog, configuration.voice == catalog.table(for: configuration.locale)?.tag, let table = catalog.table(for: locale) {
                    configuration.voice = table.tag
                }
                configuration.locale = locale
            }
            if let hintStyle { configuration.hintStyle = hintStyle }
        }
    }

    func run() -> Never {
        let environment = Environment.current
        let logLevel = self.logLevel
        let log: LogHandler = { level, message in
            if level <= logLevel { Console.error("announcerd: \(message)") }
        }

        let listening: ListeningSocket
        var ssip: ListeningSocket?
        do {
            // systemd may start us with nothing but LISTEN_*: the paths are then only names.
            let named = SocketPath.resolve(explicit: socketPath, environment: environment)
            let activated = ListeningSocket.activated(environment: environment)
            if let fd = activated?.json {
                listening = ListeningSocket.handedOver(fd, path: named ?? "the socket systemd passed")
            } else {
                listening = try ListeningSocket.bind(path: ListeningSocket.path(explicit: socketPath, environment: environment))
            }
            let ssipSetting = ssipPath ?? configuration.ssipSocket
            if let fd = activated?.ssip {
                ssip = ListeningSocket.handedOver(fd, path: ssipSetting.flatMap { SSIPSocketPath.resolve($0, environment: environment) }
                                                  ?? "the SSIP socket systemd passed")
            } else if let ssipSetting {
                guard let path = SSIPSocketPath.resolve(ssipSetting, environment: environment) else {
                    listening.removeFile()
                    Console.error("announcerd: \(SSIPSocketPath.missingMessage)")
                    ExitStatus.unavailable.exit()
                }
                do {
                    ssip = try ListeningSocket.bind(path: path)
                } catch {
                    listening.removeFile()
                    throw error
                }
            }
        } catch {
            Console.error("announcerd: \(error)")
            ExitStatus.unavailable.exit()
        }

        Signal.ignore(.pipe)
        let core = DaemonCore(composer: composer, limits: limits(configuration), scheduler: configuration.schedulerSettings,
                              sinkDescription: sink.description, uid: Environment.userID, configuration: configuration,
                              brailleTranslator: { LouisTranslator(tables: $0) })
        var recorder: SessionRecorder?
        if let recordPath {
            do {
                recorder = try SessionRecorder(path: recordPath, header: RecordingHeader(uid: Environment.userID, sink: sink.description,
                                                                                          configuration: configuration, catalog: composer.catalog), log: log)
            } catch {
                listening.removeFile()
                ssip?.removeFile()
                Console.error("announcerd: cannot record the session in \(recordPath): \(error)")
                ExitStatus.cannotCreate.exit()
            }
        }
        let textSink: (@Sendable (String) -> Void)? = if case .text = sink { Console.out } else { nil }
        let daemon = Daemon(listening: listening, ssip: ssip, core: core, textSink: textSink,
                            voices: { () throws(VoiceListingError) in try SpeechOutput.voices() },
                            saveSettings: { [configPath] changed throws(SettingsNotSaved) in
                                do {
                                    try ConfigurationFiles.locate().save(explicit: configPath) { KeyValueFile.text($0, setting: changed) }
                                } catch {
                                    throw SettingsNotSaved("the settings changed are not saved (they hold until announcerd stops): \(error)")
                                }
                            },
                            recorder: recorder, log: log)
        let engine: any SpeechEngine
        do {
            // The speech worker loads espeak-ng while the daemon starts listening: a client that
            // started us (socket activation) is served that much sooner.
            engine = try SpeechOutput.engine(sink, configuration: configuration, log: log, inBackground: true) { report in
                daemon.engineReport(report)
            }
        } catch {
            listening.removeFile()
            ssip?.removeFile()
            Console.error("announcerd: \(error)")
            ExitStatus.unavailable.exit()
        }
        daemon.attach(engine: engine)
        // A braille display (`braille = auto|on`): its thread connects to BRLTTY whenever it answers.
        if configuration.braille != .off {
            do throws(Errno) { try daemon.attachBraille() } catch { log(.warning, "no braille: \(error)") }
        }
        // The signals are taken before the first client is served: a SIGTERM from then on stops
        // the daemon, and the descriptors it holds while serving are all there already.
        let signals = DispatchQueue(label: "announcerd.signals")
        var sources: [DispatchSourceSignal] = []
        for signal in [Signal.terminate, .interrupt, .hangUp] {
            Signal.ignore(signal)
            let source = DispatchSource.makeSignalSource(signal: signal.rawValue, queue: signals)
            source.setEventHandler {
                if signal == .hangUp {
                    reload(daemon: daemon, log: log)
                } else {
                    daemon.shutdown()
                    engine.shutdown()
                    ExitStatus.success.exit()
                }
            }
            source.resume()
            sources.append(source)
        }
        daemon.start()

        do {
            try engine.waitUntilReady()
        } catch {
            // Nothing can be spoken: say why and go, as when the sound server is missing.
            listening.removeFile()
            ssip?.removeFile()
            Console.error("announcerd: \(error)")
            ExitStatus.unavailable.exit()
        }
        log(.info, "listening on \(listening.path)\(listening.handedOver ? " (socket activation)" : ""), speaking through the \(sink) sink")
        if let ssip { log(.info, "serving SSIP on \(ssip.path)\(ssip.handedOver ? " (socket activation)" : "")") }
        SystemdNotify.send("READY=1", environment: environment)
        // The main thread only waits: everything runs on the daemon's queues, and the signals
        // reach their dispatch sources. (dispatchMain would turn this thread into libdispatch's
        // signal thread after main's stack is gone, which AddressSanitizer cannot follow.)
        while true {
            withExtendedLifetime(sources) { Signal.pause() }
        }
    }

    private func limits(_ configuration: Configuration) -> DaemonLimits {
        DaemonLimits(configuration)
    }

    /// SIGHUP: read the configuration again; a bad one is logged and the old one kept.
    private func reload(daemon: Daemon, log: LogHandler) {
        do {
            var warnings: [ConfigError] = []
            var (configuration, catalog) = try configurationSources(explicit: configPath).load(warnings: &warnings)
            overrides.apply(to: &configuration, catalog: catalog)
            guard catalog.table(for: configuration.locale) != nil else {
                log(.error, "configuration not reloaded, keeping the old one: --locale \(configuration.locale) has no table any more")
                return
            }
            for warning in warnings { log(.warning, "warning: \(warning)") }
            daemon.reload(DaemonSettings(configuration, catalog: catalog))
            log(.info, "configuration reloaded")
        } catch {
            log(.error, "configuration not reloaded, keeping the old one: \(error)")
        }
    }
}
