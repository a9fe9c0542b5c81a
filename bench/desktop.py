#!/usr/bin/python3
"""A real desktop, two screen readers: Tab in a GTK application → first audible sample.

Run by bench/compare.sh, which has started a private PulseAudio with a null sink (and
speech-dispatcher on it). This script starts a headless desktop of its own (the Python kit's:
Xvfb, a session bus, the AT-SPI bus), then, one after the other, on the same sink and with the same recorder:

1. announcerd (`speaker` sink) and announcer-atspi, and the GTK 3 fixture application;
2. Orca, speaking through speech-dispatcher with its espeak-ng module, and the same application;

and presses Tab (xdotool) once a trial, after the sink has gone quiet, timing the first loud
block that reaches the sink's monitor. Orca's key echo is turned off (its own setting,
`enableKeyEcho`), so that both screen readers' first sound is the newly focused widget.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
from latency import Recorder, summarize  # noqa: E402
from announcer.testing.headless import HeadlessSession  # noqa: E402
from announcer.testing.headless.orca import command as orca_command  # noqa: E402
APP = os.path.join(ROOT, "Tests", "fixtures", "desktop", "gtk3_app.py")


class Desktop:
    """The one headless desktop (the Python kit's, announcer.testing.headless: Xvfb, a session bus
    and the AT-SPI bus), whose environment this process takes on, and every process started in
    it, each in a process group of its own so that whatever it starts leaves with it."""

    def __init__(self, work):
        self.work = work
        self.session = HeadlessSession(work, timeout=30)
        os.environ.update(self.session.start())

    def start(self, command, log=None, env=None, name=None):
        name = name or os.path.basename(command[0])
        return self.session.spawn(name, command, log=log or f"{name}.log", extra=env)

    def stop(self, process):
        self.session.stop(process)

    def close(self):
        self.session.close()


def tab_trials(recorder, trials):
    """Tab once a trial, each after the sink has been quiet; the first loud block after it."""
    times = []
    for _ in range(trials):
        recorder.wait_for_silence()
        start = time.monotonic()
        subprocess.run(["xdotool", "key", "Tab"], check=True)
        heard = recorder.first_sound_after(start, timeout=5)
        times.append(None if heard is None else heard - start)
    return times


def start_application(desktop, recorder, log, app=APP):
    """The fixture application (`app`, the GTK 3 fixture unless told); it is up when a focus in it has been heard and has ended. Its
    window's first focus can come before a screen reader on a loaded machine has registered for
    it, so when nothing is heard Tab is pressed, as a user would, until something is."""
    recorder.wait_for_silence()
    started = time.monotonic()
    application = desktop.start(["/usr/bin/python3", app], log=log)
    heard = recorder.first_sound_after(started, timeout=10)
    for _ in range(10):
        if heard is not None:
            break
        pressed = time.monotonic()
        subprocess.run(["xdotool", "key", "Tab"], check=False)
        heard = recorder.first_sound_after(pressed, timeout=2)
    if heard is None:
        fail(desktop, "nothing in the application was ever heard, its first focus nor Tab",
             log, "announcerd.log", "announcer-atspi.log", "orca.log")
    recorder.wait_for_silence()
    return application


def start_announcer(desktop, work, bin):
    """announcerd (`speaker` sink) and announcer-atspi, up and listening to the accessibility bus;
    returns announcerd's socket and the two processes."""
    run = os.path.join(work, "run")
    os.mkdir(run, 0o700)
    socket_path = os.path.join(run, "socket")
    daemon = desktop.session.start_daemon(os.path.join(bin, "announcerd"), socket_path, sink="speaker", arguments=["--log-level", "error"])
    bridge = desktop.session.start_bridge(os.path.join(bin, "announcer-atspi"), socket_path)
    return socket_path, daemon, bridge


def start_orca(desktop, recorder, work, general=None, customizations=None, environment=None):
    """Orca, up (it has said "Screen reader on."), with a home of its own under `work` whose
    settings turn its key echo off, and the `general` settings and Orca customizations file
    (Python source) given; `environment`: variables of its own. Returns its process."""
    home = os.path.join(work, "home")
    prefs = os.path.join(home, ".local", "share", "orca")
    os.makedirs(prefs)
    with open(os.path.join(prefs, "user-settings.conf"), "w") as settings:
        # Braille off unless asked for (bench/braille.py): the speech figures are speech's alone,
        # whatever BRLTTY the machine has.
        json.dump({"general": {"enableKeyEcho": False, "enableBraille": False, **(general or {})},
                   "profiles": {"default": {"profile": ["Default", "default"]}},
                   "pronunciations": {}, "keybindings": {}}, settings)
    if customizations is not None:
        with open(os.path.join(prefs, "orca-customizations.py"), "w") as hook:
            hook.write(customizations)
    recorder.wait_for_silence()
    started = time.monotonic()
    # ANNOUNCER_BENCH_ORCA_DEBUG=1: Orca's own debug log too (orca-debug.log in the run's folder,
    # whose end a failure prints), to tell why it said nothing.
    debug = ["--debug-file", os.path.join(work, "orca-debug.log")] if os.environ.get("ANNOUNCER_BENCH_ORCA_DEBUG") else []
    # In a process namespace of its own: `orca --replace` would kill every other Orca of this
    # user (a door suite's beside the benchmark), and one started there would kill this one.
    orca = desktop.start(orca_command(debug), log="orca.log", name="orca",
                         env=dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, ".local", "share"), **(environment or {})))
    if recorder.first_sound_after(started, timeout=30) is None:
        fail(desktop, "Orca never spoke", "orca.log")
    return orca


def fail(desktop, message, *logs):
    """Stops the run with what the logs named say, so that a failure in CI can be read there."""
    for log in logs:
        path = os.path.join(desktop.work, log)
        if os.path.exists(path):
            with open(path, errors="replace") as text:
                print(f"desktop bench: {log}, its last lines:\n" + "".join(text.readlines()[-20:]), file=sys.stderr)
    # Whether each program of the session still runs: a reader that died says nothing, and
    # its log may hold nothing of why (a signal).
    for name, process in desktop.session.processes:
        status = process.poll()
        print(f"desktop bench: {name} (pid {process.pid}): " + ("running" if status is None else f"ended with status {status}"),
              file=sys.stderr)
    debug = os.path.join(desktop.work, "orca-debug.log")
    if os.path.exists(debug):
        with open(debug, errors="replace") as text:
            print("desktop bench: orca-debug.log, its last lines:\n" + "".join(text.readlines()[-80:]), file=sys.stderr)
    raise SystemExit("desktop bench: " + message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=15)
    parser.add_argument("--monitor", default="announcer_bench.monitor")
    parser.add_argument("--threshold", type=int, default=300)
    parser.add_argument("--bin", required=True, help="the directory of announcerd and announcer-atspi")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="announcer-desktop-bench.")
    desktop = Desktop(work)
    recorder = Recorder(args.monitor, args.threshold)
    try:
        # 1. announcer-atspi and announcerd.
        _, daemon, bridge = start_announcer(desktop, work, args.bin)
        application = start_application(desktop, recorder, "app-announcer.log")
        ours = tab_trials(recorder, args.trials)
        for process in (application, bridge, daemon):
            desktop.stop(process)

        # 2. Orca and speech-dispatcher (started by compare.sh, or autospawned by Orca).
        orca = start_orca(desktop, recorder, work)
        application = start_application(desktop, recorder, "app-orca.log")
        theirs = tab_trials(recorder, args.trials)
        for process in (application, orca):
            desktop.stop(process)
    finally:
        recorder.process.kill()
        desktop.close()
    ours_summary = summarize("announcer-atspi + announcerd", ours)
    theirs_summary = summarize("Orca + speech-dispatcher", theirs)
    ratio = None
    if ours_summary.get("median_ms") is not None and theirs_summary.get("median_ms"):
        ratio = round(ours_summary["median_ms"] / theirs_summary["median_ms"], 3)
    print(json.dumps({"measure": "desktop: Tab in a GTK 3 application → first sound", "announcer": ours_summary,
                      "speech_dispatcher": theirs_summary, "ratio": ratio}))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
