#!/usr/bin/python3
"""A terminal, two screen readers: Up or Down in bash's history, and j or k in vim → first
audible sample; and, with --words, what each reader says for the same vim keys.

Run by bench/compare.sh, which has started a private PulseAudio with a null sink,
speech-dispatcher on it, and announcerd (`speaker` sink) on --socket. This script runs the same
programs under tmux, 80×24, twice, one after the other, on the same sink and with the same
recorder:

1. inside `announce term`, speaking through announcerd;
2. inside Fenrir's PTY emulation (`fenrir -e`), speaking through speech-dispatcher with its
   espeak-ng module.

The programs are bash (prompt `$ `, two lines in its history) and vim with no configuration
(`vim -u NONE -i NONE -N -n`: no vimrc and so no defaults.vim, no viminfo, 'nocompatible', no
swap file) on a file of five distinct lines. Once a trial, after the sink has gone quiet, it
sends Up or Down to bash (alternately, so that the line always changes between the two history
entries), or j or k to vim (alternately, between the file's first two lines), with
`tmux send-keys`, and times the first loud block that reaches the sink's monitor: the line
reached being said. One JSON line per measure.

--words needs no sound server: it starts an announcerd of its own with the text sink and its
SSIP door, runs vim inside `announce term` on that announcerd and inside Fenrir speaking
through the SSIP door (SPEECHD_ADDRESS), presses the same keys in both, each once the text sink
is quiet, and prints what each said for each key (the sink's SPEAK lines) as one JSON line, and
as a Markdown table on standard error.
"""
import argparse, json, os, shutil, signal, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# The file vim edits: distinct lines, each beginning with a vowel (so that neither reader's
# first sound waits on a stop consonant's closure: see docs/benchmarks.md), and on the second
# line words whose letters differ around the cursor's moves.
LINES = ["alpha one two", "echo quick fox", "india lazy dog", "oscar seven eight", "uniform nine ten"]
VIM = "exec vim -u NONE -i NONE -N -n"

# --words: the keys, pressed in this order from the top of the file; each entry is one
# `tmux send-keys` (so ":w" and Enter arrive together, as typed quickly).
WORD_KEYS = [("j",), ("j",), ("k",), ("w",), ("w",), ("b",), ("e",), ("h",), ("l",), ("x",), ("d", "d"), ("u",),
             ("G",), ("g", "g"), ("i",), ("a",), ("b",), ("Escape",), (":w", "Enter"), (":q", "Enter")]


class Session:
    """One tmux server of its own, 80×24, running `command`."""

    def __init__(self, work, name, command):
        self.socket = os.path.join(work, name + ".tmux")
        subprocess.run(["tmux", "-f", "/dev/null", "-S", self.socket, "new-session", "-d", "-x", "80", "-y", "24",
                        command], check=True)
        self.pid = int(self.tmux("display-message", "-p", "#{pane_pid}").strip())

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-S", self.socket, *arguments], capture_output=True, text=True).stdout

    def keys(self, *keys):
        subprocess.run(["tmux", "-S", self.socket, "send-keys", *keys], check=True)

    def screen(self):
        return self.tmux("capture-pane", "-p")

    def cursor_row(self):
        row = self.tmux("display-message", "-p", "#{cursor_y}").strip()
        return int(row) if row.isdigit() else None

    def wait_for(self, text, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.screen():
                return
            time.sleep(0.05)
        raise RuntimeError(f"{text!r} never appeared:\n{self.screen()}")

    def wait_for_row(self, row, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.cursor_row() == row:
                return
            time.sleep(0.02)
        raise RuntimeError(f"the cursor never reached row {row}:\n{self.screen()}")

    def close(self):
        """Ends the server, then the pane's program (this session's, by its pid) if it outlived it."""
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        for sig in (signal.SIGTERM, signal.SIGKILL):
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline and alive(self.pid):
                time.sleep(0.05)
            if not alive(self.pid):
                return
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                return


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def write_scripts(work):
    """The bash and vim the sessions run, and the file vim edits (made afresh for each reader)."""
    rc = os.path.join(work, "bashrc")
    with open(rc, "w") as file:
        file.write("PS1='$ '\nhistory -s 'echo alpha one'\nhistory -s 'echo bravo two'\n")
    shell, vim = os.path.join(work, "shell"), os.path.join(work, "vim")
    with open(shell, "w") as file:
        file.write(f"#!/bin/bash\nexec bash --noprofile --rcfile {rc} -i\n")
    with open(vim, "w") as file:
        file.write(f"#!/bin/bash\ncd {work} && {VIM} lines.txt\n")
    for path in (shell, vim):
        os.chmod(path, 0o755)
    return shell, vim


def fresh_file(work):
    with open(os.path.join(work, "lines.txt"), "w") as file:
        file.write("\n".join(LINES) + "\n")


def fenrir_command(work, program, environment):
    options = ";".join(["speech#driver=speechdDriver", "sound#enabled=False", f"general#shell={program}",
                        f"general#debugFile={work}/fenrir.log"])
    return f"env {environment} SHELL={program} {shutil.which('fenrir')} -e -o '{options}'"


def own_speech_dispatcher():
    """Fenrir's speech-dispatcher, started afresh by the benchmark (bench/private-speechd: no idle
    timeout, in this run's runtime directory, a session of its own). Otherwise Fenrir would use
    whatever the runs before left: the one spd-say autospawned for latency.py's cold starts exits
    a few seconds after its last client (during announce term's trials), and one that Fenrir autospawns itself starts its espeak-ng module
    inside Fenrir's tmux session, which ends with that session (the next Fenrir's server then
    has no module, and says nothing)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        print("terminal: XDG_RUNTIME_DIR is not set; Fenrir uses whatever speech-dispatcher answers", file=sys.stderr)
        return
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "private-speechd")
    subprocess.run([script, "stop", runtime], check=True)
    subprocess.run([script, "start", runtime], check=True, stdout=subprocess.DEVNULL)


def trials(recorder, session, count, keys=("Up", "Down"), first="Up", rows=None):
    """keys[0], keys[1], keys[0], … each after the sink is quiet; the first sound after each.
    `first` is sent once before (bash: the newest entry, so that every trial changes the line);
    with `rows`, each trial then waits for the cursor to reach its row (vim took the key)."""
    if first:
        session.keys(first)
    recorder.wait_for_silence(seconds=0.8, timeout=90)
    results = []
    for index in range(count):
        key = keys[index % 2]
        recorder.wait_for_silence(seconds=0.6)
        start = time.monotonic()
        session.keys(key)
        heard = recorder.first_sound_after(start, timeout=5)
        results.append(None if heard is None else heard - start)
        if rows:
            session.wait_for_row(rows[index % 2])
    return results


def vim_trials(recorder, session, count):
    """vim's first screen is read out at start (the whole file by Fenrir); once it has been
    heard and the sink is quiet, j (to the second line) and k (back to the first)."""
    started = time.monotonic()
    session.wait_for(LINES[-1])
    recorder.first_sound_after(started, timeout=15)
    return trials(recorder, session, count, keys=("j", "k"), first=None, rows=(1, 0))


def ratio_of(ours, theirs):
    return round(ours["median_ms"] / theirs["median_ms"], 3) if ours.get("median_ms") and theirs.get("median_ms") else None


def measure(args):
    from latency import Recorder, summarize  # noqa: E402

    work = tempfile.mkdtemp(prefix="announcer-terminal-bench.")
    shell, vim = write_scripts(work)
    environment = " ".join(f"{name}={os.environ[name]}" for name in ("XDG_RUNTIME_DIR", "PULSE_SERVER", "HOME") if name in os.environ)
    recorder = Recorder(args.monitor, args.threshold)
    sessions = []

    def start(name, command):
        session = Session(work, name, command)
        sessions.append(session)
        return session

    try:
        announce = f"env {environment} SHELL={shell} {args.announce} term --socket {args.socket} --"
        session = start("announcer", f"{announce} {shell}")
        session.wait_for("$")
        ours = trials(recorder, session, args.trials)
        session.close()
        fresh_file(work)
        session = start("announcer-vim", f"{announce} {vim}")
        ours_vim = vim_trials(recorder, session, args.trials)
        session.close()

        if shutil.which("fenrir") is None:
            theirs, theirs_vim = [], []
            print("terminal: fenrir is not installed; only announce term is measured", file=sys.stderr)
        else:
            own_speech_dispatcher()
            session = start("fenrir", fenrir_command(work, shell, environment))
            session.wait_for("$")
            time.sleep(1)  # Fenrir says its own start-up
            theirs = trials(recorder, session, args.trials)
            session.close()
            fresh_file(work)
            session = start("fenrir-vim", fenrir_command(work, vim, environment))
            theirs_vim = vim_trials(recorder, session, args.trials)
            session.close()
    finally:
        for session in sessions:
            session.close()
        recorder.process.kill()
        shutil.rmtree(work, ignore_errors=True)

    for (what, a, f) in [("terminal: Up/Down in bash's history → first sound", ours, theirs),
                         ("terminal: j/k in vim → first sound", ours_vim, theirs_vim)]:
        a, f = summarize("announce term + announcerd", a), summarize("Fenrir + speech-dispatcher", f)
        print(json.dumps({"measure": what, "announce_term": a, "fenrir": f, "ratio": ratio_of(a, f)}))
        sys.stdout.flush()


class TextSink:
    """An announcerd of its own with the text sink and its SSIP door; its SPEAK and FINISHED
    lines as they come."""

    def __init__(self, announcerd, directory):
        self.socket, self.ssip = os.path.join(directory, "announcer.socket"), os.path.join(directory, "ssip.socket")
        self.process = subprocess.Popen([announcerd, "--socket", self.socket, "--ssip", self.ssip, "--sink", "text",
                                         "--log-level", "error"], stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = []  # (arrival time, line)
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 10
        while not (os.path.exists(self.socket) and os.path.exists(self.ssip)):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("announcerd never listened")
            time.sleep(0.02)

    def _read(self):
        for line in self.process.stdout:
            with self.lock:
                self.lines.append((time.monotonic(), line.rstrip("\n")))

    def mark(self):
        with self.lock:
            return len(self.lines)

    def wait_for_quiet(self, since, seconds=1.0, timeout=60):
        """Until every utterance begun since `since` has finished and no line has come for
        `seconds` (and at least `seconds` after the call)."""
        called = time.monotonic()
        deadline = called + timeout
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = time.monotonic()
            with self.lock:
                lines = self.lines[since:]
                last = max([t for (t, _) in lines] + [called])
            speaking = {line.split()[2] for (_, line) in lines if line.startswith("SPEAK ")}
            finished = {line.split()[1] for (_, line) in lines if line.startswith("FINISHED ")}
            if speaking <= finished and now - last >= seconds:
                return
        raise RuntimeError("the text sink never went quiet")

    def said(self, since):
        """What was said since `since`: each utterance's text and how it ended."""
        with self.lock:
            lines = [line for (_, line) in self.lines[since:]]
        ends = {line.split()[1]: line.split()[2] for line in lines if line.startswith("FINISHED ")}
        said = []
        for line in lines:
            if line.startswith("SPEAK "):
                _, _kind, identifier, *text = line.split(" ", 3)
                said.append({"text": text[0] if text else "", "finished": ends.get(identifier)})
        return said

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def words_of(sink, session):
    """vim's start, then each of WORD_KEYS once the sink is quiet: what was said for each."""
    mark = sink.mark()
    session.wait_for(LINES[-1])
    sink.wait_for_quiet(mark)
    heard = [sink.said(mark)]
    for keys in WORD_KEYS:
        mark = sink.mark()
        session.keys(*keys)
        sink.wait_for_quiet(mark)
        heard.append(sink.said(mark))
    return heard


def cell(said):
    if not said:
        return "(nothing)"
    parts = []
    for utterance in said:
        text = utterance["text"].replace("|", "\\|").replace("`", "'")
        part = f"`{text}`" if text.strip() else "(blank)"
        parts.append(part + (" (cut off)" if utterance["finished"] == "interrupted" else ""))
    return " · ".join(parts)


def words(args):
    work = tempfile.mkdtemp(prefix="announcer-terminal-words.")
    os.chmod(work, 0o700)
    _, vim = write_scripts(work)
    environment = " ".join(f"{name}={os.environ[name]}" for name in ("XDG_RUNTIME_DIR", "HOME") if name in os.environ)
    sink = TextSink(args.announcerd, work)
    sessions = []
    try:
        fresh_file(work)
        session = Session(work, "announcer-vim", f"env {environment} {args.announce} term --socket {sink.socket} -- {vim}")
        sessions.append(session)
        ours = words_of(sink, session)
        session.close()
        if shutil.which("fenrir") is None:
            theirs = []
            print("terminal: fenrir is not installed; only announce term's words are recorded", file=sys.stderr)
        else:
            fresh_file(work)
            session = Session(work, "fenrir-vim", f"SPEECHD_ADDRESS=unix_socket:{sink.ssip} " + fenrir_command(work, vim, environment))
            sessions.append(session)
            theirs = words_of(sink, session)
            session.close()
    finally:
        for session in sessions:
            session.close()
        sink.close()
        shutil.rmtree(work, ignore_errors=True)

    names = ["(start)"] + [" ".join(keys) for keys in WORD_KEYS]
    print(json.dumps({"measure": "terminal: what each says for vim's keys", "vim": VIM.split(" ", 1)[1], "lines": LINES,
                      "keys": names, "announce_term": ours, "fenrir": theirs}))
    print("| key | announce term | Fenrir |\n|---|---|---|", file=sys.stderr)
    for index, name in enumerate(names):
        theirs_cell = cell(theirs[index]) if index < len(theirs) else "—"
        print(f"| `{name}` | {cell(ours[index])} | {theirs_cell} |", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=15)
    parser.add_argument("--monitor", help="the null sink's monitor (not with --words)")
    parser.add_argument("--socket", help="announcerd's socket, speaker sink (not with --words)")
    parser.add_argument("--announce", required=True, help="the announce executable")
    parser.add_argument("--threshold", type=int, default=300)
    parser.add_argument("--words", action="store_true", help="record what each says for vim's keys, no sound")
    parser.add_argument("--announcerd", help="with --words: the announcerd executable (text sink, SSIP door)")
    args = parser.parse_args()
    if args.words:
        if not args.announcerd:
            parser.error("--words needs --announcerd")
        words(args)
    else:
        if not (args.monitor and args.socket):
            parser.error("--monitor and --socket are needed, unless --words")
        measure(args)


if __name__ == "__main__":
    main()
