import AnnouncerSynthesis
import AnnouncerSystem

// `announcer-speech-worker`: espeak-ng and the audio sink in a process of their own, started and
// supervised by announcerd (docs/design.md §7). Not for people to run: it speaks only to the daemon, on
// descriptor 3. `--voices` lists espeak-ng's voices instead (for SSIP's LIST SYNTHESIS_VOICES).
// One heap for every thread, before any starts: less held apart, more given back when idle.
IdlePages.useOneHeap()
let status = CommandLine.arguments.dropFirst().first == "--voices" ? SpeechWorker.listVoices() : SpeechWorker.run()
ExitStatus(rawValue: status)?.exit() ?? ExitStatus.software.exit()
