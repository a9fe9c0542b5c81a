#!/usr/bin/python3
"""A terminal, two screen readers: Up or Down in bash's history → first audible sample.

Run by bench/compare.sh, which has started a private PulseAudio with a null sink,
speech-dispatcher on it, and announcerd (`speaker` sink) on --socket. This script runs the same
bash (prompt `$ `, two lines in its history) under tmux twice, one after the other, on the same
sink and with the same recorder:

1. inside `announce term`, speaking through announcerd;
2. inside Fenrir's PTY emulation (`fenrir -e`), speaking through speech-dispatcher with its
   espeak-ng module;

and, once a trial, after the sink has gone quiet, sends Up or Down (alternately, so that the
line always changes between the two history entries) with `tmux send-keys`, timing the first
loud block that reaches the sink's monitor: the recalled line being said.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from latency import Recorder, summarize  # noqa: E402


class Session:
    """One tmux server of its own, 80×24, running `command`."""

    def __init__(self, work, name, command):
        self.socket = os.path.join(work, name + ".tmux")
        subprocess.run(["tmux", "-f", "/dev/null", "-S", self.socket, "new-session", "-d", "-x", "80", "-y", "24",
                        command], check=True)

    def keys(self, *keys):
        subprocess.run(["tmux", "-S", self.socket, "send-keys", *keys], check=True)

    def screen(self):
        return subprocess.run(["tmux", "-S", self.socket, "capture-pane", "-p"], capture_output=True, text=True).stdout

    def wait_for(self, text, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.screen():
                return
            time.sleep(0.05)
        raise RuntimeError(f"{text!r} never appeared:\n{self.screen()}")

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


def trials(recorder, session, count):
    """Up, Down, Up, … each after the sink is quiet; the first sound after each."""
    session.keys("Up")  # the newest entry: every trial from here changes the line
    recorder.wait_for_silence(seconds=0.8)
    results = []
    for index in range(count):
        key = "Up" if index % 2 == 0 else "Down"
        recorder.wait_for_silence(seconds=0.6)
        start = time.monotonic()
        session.keys(key)
        first = recorder.first_sound_after(start, timeout=5)
        results.append(None if first is None else first - start)
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=15)
    parser.add_argument("--monitor", required=True)
    parser.add_argument("--socket", required=True, help="announcerd's socket (speaker sink)")
    parser.add_argument("--announce", required=True, help="the announce executable")
    parser.add_argument("--threshold", type=int, default=300)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="announcer-terminal-bench.")
    rc = os.path.join(work, "bashrc")
    with open(rc, "w") as file:
        file.write("PS1='$ '\nhistory -s 'echo alpha one'\nhistory -s 'echo bravo two'\n")
    shell = os.path.join(work, "shell")
    with open(shell, "w") as file:
        file.write(f"#!/bin/bash\nexec bash --noprofile --rcfile {rc} -i\n")
    os.chmod(shell, 0o755)
    environment = " ".join(f"{name}={os.environ[name]}" for name in ("XDG_RUNTIME_DIR", "PULSE_SERVER", "HOME") if name in os.environ)
    recorder = Recorder(args.monitor, args.threshold)
    time.sleep(0.5)
    try:
        announcer = Session(work, "announcer", f"env {environment} SHELL={shell} {args.announce} term --socket {args.socket} -- {shell}")
        announcer.wait_for("$")
        ours = trials(recorder, announcer, args.trials)
        announcer.close()

        fenrir = shutil.which("fenrir")
        if fenrir is None:
            theirs = []
            print("terminal: fenrir is not installed; only announce term is measured", file=sys.stderr)
        else:
            options = ";".join(["speech#driver=speechdDriver", "sound#enabled=False", f"general#shell={shell}",
                                f"general#debugFile={work}/fenrir.log"])
            reader = Session(work, "fenrir", f"env {environment} SHELL={shell} {fenrir} -e -o '{options}'")
            reader.wait_for("$")
            time.sleep(1)  # Fenrir says its own start-up
            theirs = trials(recorder, reader, args.trials)
            reader.close()
    finally:
        subprocess.run(["pkill", "-f", f"general#shell={shell}"], capture_output=True)
        recorder.process.kill()
        shutil.rmtree(work, ignore_errors=True)

    ours, theirs = summarize("announce term + announcerd", ours), summarize("Fenrir + speech-dispatcher", theirs)
    ratio = round(ours["median_ms"] / theirs["median_ms"], 3) if ours.get("median_ms") and theirs.get("median_ms") else None
    print(json.dumps({"measure": "terminal: Up/Down in bash's history → first sound",
                      "announce_term": ours, "fenrir": theirs, "ratio": ratio}))


if __name__ == "__main__":
    main()
