#!/usr/bin/python3
"""Announcer against speech-dispatcher, by the sound that reaches a PulseAudio null sink.

A recorder keeps `parec` running on the sink's monitor and notes, for every 5 ms block it
reads, when the block arrived and how loud it was. An action's latency is the arrival time of
the first loud block after the action minus the time of the action; a cut-off's latency is the
arrival of the last loud block before lasting silence minus the time of the cut-off. Both sides
are measured through the same recorder, so its own delay (a few ms) is in both.

Run by bench/compare.sh, which starts the sound server and both daemons.
"""
import argparse, array, json, os, socket, statistics, subprocess, sys, threading, time

RATE = 22050
BLOCK = RATE // 200  # 5 ms


class Recorder:
    def __init__(self, monitor, threshold, keep_samples=False):
        self.threshold = threshold
        self.blocks = []  # (arrival time, peak)
        # With keep_samples, every block's samples too, beside `blocks` (the same index): for a
        # benchmark that finds an utterance in the sound by its waveform (bench/tab_title.py).
        self.samples = [] if keep_samples else None
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            ["parec", "-d", monitor, "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1", "--latency-msec=5"],
            stdout=subprocess.PIPE, bufsize=0)
        threading.Thread(target=self._read, daemon=True).start()
        # Ready once the first block has come from the sink's monitor, not after a pause.
        deadline = time.monotonic() + 20
        while not self.blocks:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"parec gave no sound from {monitor} (status {self.process.poll()})")
            time.sleep(0.005)

    def _read(self):
        pending = b""
        while True:
            data = self.process.stdout.read(BLOCK * 2)
            if not data:
                return
            now = time.monotonic()
            pending += data
            while len(pending) >= BLOCK * 2:
                block = array.array("h", pending[:BLOCK * 2])
                pending = pending[BLOCK * 2:]
                peak = max(max(block), -min(block))
                with self.lock:
                    self.blocks.append((now, peak))
                    if self.samples is not None:
                        self.samples.append(block)

    def loud(self, peak):
        return peak > self.threshold

    def wait_for_silence(self, seconds=0.6, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = time.monotonic()
            with self.lock:
                recent = [p for (t, p) in self.blocks if t >= now - seconds]
            if recent and not any(self.loud(p) for p in recent) and now - self.blocks[-1][0] < 0.1:
                return
        raise RuntimeError("the sink never went quiet")

    def first_sound_after(self, start, timeout=10):
        deadline = start + timeout
        while time.monotonic() < deadline:
            time.sleep(0.002)
            with self.lock:
                for (t, p) in reversed(self.blocks):
                    if t < start:
                        break
                found = [t for (t, p) in self.blocks if t >= start and self.loud(p)]
            if found:
                return found[0]
        return None

    def last_sound_after(self, start, quiet=0.5, timeout=10):
        deadline = start + timeout
        while time.monotonic() < deadline:
            time.sleep(0.02)
            now = time.monotonic()
            with self.lock:
                loud = [t for (t, p) in self.blocks if t >= start and self.loud(p)]
            last = loud[-1] if loud else start
            if now - last >= quiet:
                return last
        return None


def summarize(label, values):
    values = [v for v in values if v is not None]
    if not values:
        return {"label": label, "trials": 0}
    return {"label": label, "trials": len(values), "median_ms": round(statistics.median(values) * 1000, 1),
            "min_ms": round(min(values) * 1000, 1), "max_ms": round(max(values) * 1000, 1)}


class Announcer:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.reader = self.sock.makefile("r")
        self.next_id = 0

    def request(self, request):
        self.next_id += 1
        request["id"] = self.next_id
        self.sock.sendall((json.dumps(request) + "\n").encode())

    def read_reply(self):
        while True:
            line = json.loads(self.reader.readline())
            if line.get("type") != "event":
                return line


def trial_first_sound(recorder, send):
    recorder.wait_for_silence()
    start = time.monotonic()
    send()
    heard = recorder.first_sound_after(start)
    return None if heard is None else heard - start


def trial_cut_off(recorder, speak, stop, into=0.8):
    recorder.wait_for_silence()
    speak()
    time.sleep(into)
    start = time.monotonic()
    stop()
    # Only a trial that was sounding when it was cut off counts.
    with recorder.lock:
        sounding = any(recorder.loud(p) for (t, p) in recorder.blocks if start - 0.3 <= t <= start)
    if not sounding:
        return None
    last = recorder.last_sound_after(start)
    # Sound captured before the stop arrives up to the recorder's own delay later: a last loud
    # block that arrived before the stop means silence within that delay (reported as 0).
    return None if last is None else max(last - start, 0)


LONG = "This is a long sentence that keeps talking for several seconds so that it can be cut off in the middle of a word."


def measure_languages(recorder, announcer, ssip, trials, results):
    # 4b. Languages inside one utterance: a French label on an English desktop ("Bonjour" in the
    #     French voice, "Button." in the English one: one synthesis, espeak-ng's <voice xml:lang>)
    #     against the same text in one voice; speech-dispatcher switches with SET LANGUAGE
    #     between two messages. Trials alternate, so that both see the same machine.
    def focus_in(language):
        element = {"label": "Bonjour", "traits": ["button"]}
        if language:
            element["language"] = language
        announcer.request({"type": "focus", "element": element})
        announcer.read_reply()

    def speechd_switching():
        ssip.set_language("fr")
        ssip.speak("Bonjour.")
        ssip.set_language("en")
        ssip.speak("Button.")

    def speechd_one_voice():
        ssip.set_language("en")
        ssip.speak("Bonjour. Button.")

    switched, one_voice, s_switched, s_one_voice = [], [], [], []
    for _ in range(trials):
        switched.append(trial_first_sound(recorder, lambda: focus_in("fr")))
        one_voice.append(trial_first_sound(recorder, lambda: focus_in(None)))
        s_switched.append(trial_first_sound(recorder, speechd_switching))
        s_one_voice.append(trial_first_sound(recorder, speechd_one_voice))
    results += [("two languages in one utterance → first sound", summarize("announcerd focus, French label, English words", switched),
                 summarize("speech-dispatcher SET LANGUAGE fr, SPEAK, SET LANGUAGE en, SPEAK", s_switched))]
    results += [("the same text in one voice → first sound", summarize("announcerd focus, no language", one_voice),
                 summarize("speech-dispatcher SPEAK in English", s_one_voice))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=15)
    parser.add_argument("--monitor", default="announcer_bench.monitor")
    parser.add_argument("--threshold", type=int, default=300)
    parser.add_argument("--socket", required=True)
    parser.add_argument("--announce", required=True, help="the announce client binary")
    parser.add_argument("--announcerd", required=True, help="the announcerd binary (for cold starts)")
    parser.add_argument("--cold-trials", type=int, default=None)
    parser.add_argument("--text", default="Testing one two three")
    parser.add_argument("--ssip", default=None, help="announcerd's SSIP socket: the same SSIP clients against both servers")
    parser.add_argument("--languages-only", action="store_true", help="only 4b: two languages in one utterance")
    args = parser.parse_args()
    cold_trials = args.cold_trials or args.trials
    recorder = Recorder(args.monitor, args.threshold)
    time.sleep(0.5)
    results = []

    import speechd  # Debian's python3-speechd
    ssip = speechd.SSIPClient("announcer-bench")
    announcer = Announcer(args.socket)

    def say_announcer(text):
        announcer.request({"type": "announce", "text": text})
        announcer.read_reply()

    def stop_announcer():
        announcer.request({"type": "stop"})
        announcer.read_reply()

    if args.languages_only:
        measure_languages(recorder, announcer, ssip, args.trials, results)
        report(results)
        return

    # 1. A request on an open connection → first sound.
    a = [trial_first_sound(recorder, lambda: say_announcer(args.text)) for _ in range(args.trials)]
    s = [trial_first_sound(recorder, lambda: ssip.speak(args.text)) for _ in range(args.trials)]
    results += [("first sound, open connection", summarize("announcerd (JSON)", a), summarize("speech-dispatcher (SSIP)", s))]

    # 1b. The same after 6 s of quiet: announcerd, its worker and the bridge give back their
    #     programs' pages after 5 s (IdleTrim), and map them again for this utterance.
    def after_quiet(send):
        recorder.wait_for_silence()
        time.sleep(6)
        return trial_first_sound(recorder, send)

    idle_trials = min(args.trials, 5)
    a = [after_quiet(lambda: say_announcer(args.text)) for _ in range(idle_trials)]
    s = [after_quiet(lambda: ssip.speak(args.text)) for _ in range(idle_trials)]
    results += [("first sound after 6 s of quiet, open connection", summarize("announcerd (JSON)", a), summarize("speech-dispatcher (SSIP)", s))]

    # 2. The whole command → first sound.
    a = [trial_first_sound(recorder, lambda: subprocess.Popen([args.announce, "say", args.text, "--socket", args.socket])) for _ in range(args.trials)]
    s = [trial_first_sound(recorder, lambda: subprocess.Popen(["spd-say", args.text])) for _ in range(args.trials)]
    results += [("first sound, whole command", summarize("announce say", a), summarize("spd-say", s))]

    # 3. A cut-off → silence.
    a = [trial_cut_off(recorder, lambda: say_announcer(LONG), stop_announcer) for _ in range(args.trials)]
    s = [trial_cut_off(recorder, lambda: ssip.speak(LONG), lambda: ssip.cancel()) for _ in range(args.trials)]
    results += [("cut-off to silence", summarize("announcerd stop", a), summarize("speech-dispatcher CANCEL", s))]

    # 4. A focus change while speaking → the new utterance audible (the old one is cut at once).
    def focus(label):
        announcer.request({"type": "focus", "element": {"label": label, "traits": ["button"]}})
        announcer.read_reply()

    def switch_announcer():
        focus(LONG)
        time.sleep(0.8)
        start = time.monotonic()
        focus("Next")
        return start

    def switch_speechd():
        ssip.speak(LONG)
        time.sleep(0.8)
        start = time.monotonic()
        ssip.cancel()
        ssip.speak("Next. Button.")
        return start

    def trial_switch(run):
        recorder.wait_for_silence()
        start = run()
        # The new sound is told from the old by the quiet between them: the time to the first
        # loud block after at least one quiet block (5 ms) following the switch. Where the new
        # sound follows the old with no gap at all, this catches a later pause instead, so the
        # figure is an upper bound.
        deadline = start + 5
        while time.monotonic() < deadline:
            time.sleep(0.005)
            with recorder.lock:
                blocks = [(t, p) for (t, p) in recorder.blocks if t >= start]
            quiet_since = None
            for (t, p) in blocks:
                if not recorder.loud(p):
                    quiet_since = quiet_since or t
                elif quiet_since is not None:
                    return t - start
                else:
                    quiet_since = None
        return None

    a = [trial_switch(switch_announcer) for _ in range(args.trials)]
    s = [trial_switch(switch_speechd) for _ in range(args.trials)]
    results += [("focus change while speaking → new speech", summarize("announcerd focus", a), summarize("speech-dispatcher CANCEL+SPEAK", s))]

    measure_languages(recorder, announcer, ssip, args.trials, results)

    # 5. The same client, two servers (docs/design.md §15): spd-say and python3-speechd against
    #    announcerd's SSIP door, and against speech-dispatcher.
    if args.ssip:
        door = speechd.SSIPClient("announcer-bench", address="unix_socket:" + args.ssip, autospawn=False)
        door_environment = dict(os.environ, SPEECHD_ADDRESS="unix_socket:" + args.ssip)
        a = [trial_first_sound(recorder, lambda: subprocess.Popen(["spd-say", args.text], env=door_environment)) for _ in range(args.trials)]
        s = [trial_first_sound(recorder, lambda: subprocess.Popen(["spd-say", args.text])) for _ in range(args.trials)]
        results += [("same client: spd-say → first sound", summarize("spd-say → announcerd SSIP", a), summarize("spd-say → speech-dispatcher", s))]
        a = [trial_first_sound(recorder, lambda: door.speak(args.text)) for _ in range(args.trials)]
        s = [trial_first_sound(recorder, lambda: ssip.speak(args.text)) for _ in range(args.trials)]
        results += [("same client: python3-speechd open connection → first sound", summarize("SSIPClient → announcerd SSIP", a), summarize("SSIPClient → speech-dispatcher", s))]
        a = [trial_cut_off(recorder, lambda: door.speak(LONG), lambda: door.cancel()) for _ in range(args.trials)]
        s = [trial_cut_off(recorder, lambda: ssip.speak(LONG), lambda: ssip.cancel()) for _ in range(args.trials)]
        results += [("same client: python3-speechd CANCEL → silence", summarize("SSIPClient → announcerd SSIP", a), summarize("SSIPClient → speech-dispatcher", s))]
        door.close()
    ssip.close()

    # 6. Cold start: a socket-activated announcerd vs spd-say autospawning its server.
    directory = os.path.dirname(args.socket)
    cold_socket = os.path.join(directory, "cold.socket")

    def cold_announcer():
        recorder.wait_for_silence()
        if os.path.exists(cold_socket):
            os.unlink(cold_socket)
        environment = [option for name in ("PULSE_SERVER", "XDG_RUNTIME_DIR", "HOME") for option in ("-E", name)]
        activator = subprocess.Popen(["systemd-socket-activate", "-l", cold_socket] + environment + [args.announcerd, "--sink", "speaker", "--log-level", "error"],
                                     stderr=subprocess.DEVNULL)
        while not os.path.exists(cold_socket):
            time.sleep(0.01)
        time.sleep(0.2)
        start = time.monotonic()
        subprocess.Popen([args.announce, "say", args.text, "--socket", cold_socket])
        heard = recorder.first_sound_after(start)
        recorder.wait_for_silence()
        activator.terminate()
        activator.wait()
        return None if heard is None else heard - start

    def cold_speechd():
        # This run's speech-dispatcher only (the one of its runtime directory, by pid), never
        # a user's own; spd-say then autospawns a new one there.
        subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "private-speechd"), "stop",
                        os.environ["XDG_RUNTIME_DIR"]], check=True)
        time.sleep(0.5)
        recorder.wait_for_silence()
        start = time.monotonic()
        subprocess.Popen(["spd-say", args.text])
        heard = recorder.first_sound_after(start, timeout=15)
        return None if heard is None else heard - start

    a = [cold_announcer() for _ in range(cold_trials)]
    s = [cold_speechd() for _ in range(cold_trials)]
    results += [("cold start to first sound", summarize("announcerd, socket-activated", a), summarize("spd-say, autospawn", s))]

    report(results)


def report(results):
    for (what, ours, theirs) in results:
        ratio = None
        if ours.get("median_ms") is not None and theirs.get("median_ms"):
            ratio = round(ours["median_ms"] / theirs["median_ms"], 3)
        print(json.dumps({"measure": what, "announcer": ours, "speech_dispatcher": theirs, "ratio": ratio}))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
