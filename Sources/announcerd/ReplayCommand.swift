import AnnouncerBraille
import AnnouncerConfiguration
import AnnouncerSession
import AnnouncerSystem

/// `announcerd --replay FILE`: a recording (`--record`) fed to a new core on its own clock,
/// printing what the text sink would have printed (or, with `--transcript`, every input and the
/// actions it gave). The configuration and the locale tables are the recording's own: no file of
/// this machine is read, unless the recording is older than the tables in its header.
struct ReplayCommand {
    var path: String
    var transcript: Bool
    var configPath: String?

    func run() -> ExitStatus {
        guard let data = try? Files.read(path), let recording = String(validating: data, as: UTF8.self) else {
            Console.error("announcerd: cannot read the recording \(path)")
            return .noInput
        }
        do {
            // Only a recording without its tables reads the tables at hand.
            let replay = try SessionReplay(recording, tables: { try? configurationSources(explicit: configPath).loadLocales() },
                                           brailleTranslator: { LouisTranslator(tables: $0) })
            for line in transcript ? replay.transcript : replay.textSink { Console.out(line) }
            return .success
        } catch {
            Console.error("announcerd: \(path): \(error)")
            return .dataError
        }
    }
}
