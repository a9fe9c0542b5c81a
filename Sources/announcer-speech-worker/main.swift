import AnnouncerSynthesis
import AnnouncerSystem

// `announcer-speech-worker`: espeak-ng and the audio sink in a process of their own, started and
// supervised by announcerd (DESIGN §7). Not for people to run: it speaks only to the daemon, on
// descriptor 3.
ExitStatus(rawValue: SpeechWorker.run())?.exit() ?? ExitStatus.software.exit()
