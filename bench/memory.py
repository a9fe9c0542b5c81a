#!/usr/bin/python3
"""Memory as a user pays for it, Announcer against speech-dispatcher (and Orca), in one run.

Three figures for every process, in KiB, from /proc/PID/smaps_rollup, and their sums per stack:

- rss: resident set, every page the process maps that is in memory, shared or not (VmRSS);
- pss: proportional set, each resident page divided by the number of processes that map it
  ("Pss:"); summed over a stack, its fair share of the machine's memory;
- uss: unique set, the pages no other process maps (Private_Clean + Private_Dirty): what the
  machine gets back when the process exits;
- anonymous: the pages with no file behind them (heap, stacks), shared or not.

PSS and USS depend on what else runs: a page that another process maps too is split with it
(PSS) and is nobody's own (USS). So each process's line also counts the other processes on the
machine that run the same executable (`same_executable_elsewhere`): a second announcerd halves
the first one's executable pages. Each measure here is taken with no other copy of the
measured daemons running, except where that count says otherwise.

Each idle measure is taken twice: 1 s after the last sound, and 10 s after it, when announcerd,
its worker and announcer-atspi have given back their programs' clean pages (their idle trim,
after 5 s of quiet).

  bench/memory.py --bin DIR [--only idle|desktop] [--mappings N]
      Alone: a private PulseAudio with a null sink in a temporary XDG_RUNTIME_DIR and HOME,
      speech-dispatcher (bench/private-speechd) and announcerd (`speaker` sink) on it; one
      utterance through each, both measured idle 1 s and 10 s after it, then each stack alone;
      then (desktop) the two desktop stacks, each idle after one Tab in the same GTK window
      (`desktop` below). DIR: the release build's bin path (`swift build -c release
      --show-bin-path`).
  bench/memory.py stacks --announcer PID [--speechd PID --module PID] [--after S ...] [--mappings N]
      The idle lines for stacks already running (bench/compare.sh's), S seconds after the call
      (default 0), one line each: announcerd PID with its children (the speech worker),
      speech-dispatcher's server PID and its module PID.
  bench/memory.py desktop --bin DIR [--monitor SOURCE] [--mappings N]
      With a PulseAudio null sink whose monitor is SOURCE: a headless desktop (bench/desktop.py's,
      the Python kit's), then announcerd + its worker + announcer-atspi, and after
      them a speech-dispatcher of its own + its espeak-ng module + Orca, each measured idle 1 s
      and 10 s after one Tab in the GTK fixture application has been heard. Two lines for each:
      the stacks side by side, and Announcer's stack against Orca alone (target: PSS at most a
      quarter of Orca's).
  bench/memory.py mappings PID [--most N]
      The biggest mappings of a process, by file (/proc/PID/smaps), RSS, PSS and private.

Every measure is one JSON line on standard output. --mappings N adds, after a measure, one line
per Announcer process (and Orca) with its N biggest mappings.
"""
import argparse, glob, json, os, shutil, signal, subprocess, sys, tempfile, time

BENCH = os.path.dirname(os.path.abspath(__file__))
PRIVATE_SPEECHD = os.path.join(BENCH, "private-speechd")
SETTLE = 1.0  # seconds of idleness before the first measure
TRIMMED = 10.0  # before the second: past the Announcer programs' idle trim (5 s of quiet), and
# the few seconds after it in which the worker maps some pages again (its PulseAudio stream's)
MOMENTS = (SETTLE, TRIMMED)


# ---- Figures -------------------------------------------------------------------------------

def rollup(pid):
    """rss, pss, uss and anonymous (KiB) of one process, from /proc/PID/smaps_rollup."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as lines:
        for line in lines:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1])
    return {"rss": fields["Rss"], "pss": fields["Pss"], "uss": fields["Private_Clean"] + fields["Private_Dirty"],
            "anonymous": fields["Anonymous"]}


def children(pid):
    """The pids of a process's children, every thread's."""
    found = []
    for path in glob.glob(f"/proc/{pid}/task/*/children"):
        try:
            with open(path) as text:
                found += [int(child) for child in text.read().split()]
        except OSError:
            pass
    return found


def tree(pid):
    """A process and all its descendants, parents first."""
    pids = [pid]
    for child in children(pid):
        pids += tree(child)
    return pids


def executable(pid):
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return None


def executable_file(pid):
    """The device and inode of a process's executable (the same file under another name too)."""
    try:
        found = os.stat(f"/proc/{pid}/exe")
        return found.st_dev, found.st_ino
    except OSError:
        return None


def same_executable(pid, besides):
    """The other processes on the machine (not in `besides`) that run `pid`'s executable file,
    whose pages they share."""
    mine = executable_file(pid)
    others = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) not in besides and mine is not None and executable_file(entry) == mine:
            others.append(int(entry))
    return others


def process(pid, name=None, stack_pids=()):
    """One process's figures, named by its executable unless `name` is given."""
    return {"name": name or os.path.basename(executable(pid) or str(pid)), "pid": pid, **rollup(pid),
            "same_executable_elsewhere": len(same_executable(pid, set(stack_pids) | {pid}))}


def stack(named):
    """The figures of a stack: `named` is a list of (name or None, pid); each pid is taken with
    its descendants (announcerd's speech worker), each named by its executable. Returns the sums
    and each process's own figures, or None when none of them is running."""
    pids = []
    for name, pid in named:
        pids += [(name if index == 0 else None, p) for index, p in enumerate(tree(pid))]
    everyone = [p for _, p in pids]
    processes = []
    for name, p in pids:
        try:
            processes.append(process(p, name, everyone))
        except FileNotFoundError:  # it exited between the two looks: it is not in the stack
            pass
    if not processes:
        return None
    totals = {key: sum(p[key] for p in processes) for key in ("rss", "pss", "uss", "anonymous")}
    return {**totals, "processes": processes}


def ratios(ours, theirs, keys=("rss", "pss", "uss")):
    """ours / theirs for each figure, or None where either side is missing."""
    if ours is None or theirs is None:
        return {key: None for key in keys}
    return {key: round(ours[key] / theirs[key], 3) if theirs[key] else None for key in keys}


def side_by_side(measure, ours, theirs, their_name="speech_dispatcher"):
    """One JSON line's object: both stacks, and announcer / theirs for each figure."""
    return {"measure": measure, "unit": "KiB", "announcer": ours, their_name: theirs, "ratio": ratios(ours, theirs)}


def mappings(pid, most=8):
    """The `most` biggest mappings of a process by resident size, grouped by file (anonymous
    ones as "[anonymous]", the heap and stack by their kernel names): rss, pss, private (KiB),
    and the resident size by the mappings' permissions (r-xp: code, r--p: constants, rw-p:
    data written to, private to the process however shared the file)."""
    groups = {}
    current = None
    with open(f"/proc/{pid}/smaps") as lines:
        for line in lines:
            parts = line.split()
            if not parts:
                continue
            if not parts[0].endswith(":"):  # a mapping's header: range perms offset dev inode [path]
                current = groups.setdefault(" ".join(parts[5:]) or "[anonymous]",
                                            {"rss": 0, "pss": 0, "private": 0, "rss_by_permissions": {}})
                permissions = parts[1]
            elif parts[0] == "Rss:" and int(parts[1]):
                current["rss"] += int(parts[1])
                by = current["rss_by_permissions"]
                by[permissions] = by.get(permissions, 0) + int(parts[1])
            elif parts[0] == "Pss:":
                current["pss"] += int(parts[1])
            elif parts[0] in ("Private_Clean:", "Private_Dirty:"):
                current["private"] += int(parts[1])
    biggest = sorted(groups.items(), key=lambda item: -item[1]["rss"])[:most]
    return [{"mapping": path, **figures} for path, figures in biggest]


def sleep_until(moment):
    time.sleep(max(0.0, moment - time.monotonic()))


def print_line(line):
    print(json.dumps(line), flush=True)


def mapping_lines(measure, figures, most):
    """One line per process of a stack's `figures` (taken while it runs) with its `most` biggest
    mappings; none when `most` is 0 or there is no stack."""
    return [{"measure": f"{measure}: biggest mappings", "process": p["name"], "pid": p["pid"], "unit": "KiB",
             "mappings": mappings(p["pid"], most)} for p in (figures or {}).get("processes", []) if most]


# ---- Running things ------------------------------------------------------------------------

def wait_for(check, timeout, step=0.05):
    """Calls `check` until it is true or `timeout` seconds have passed; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(step)


def speechd(command, runtime, *extra):
    """bench/private-speechd COMMAND RUNTIME ...; its output."""
    return subprocess.run([PRIVATE_SPEECHD, command, runtime, *extra], capture_output=True, text=True).stdout.strip()


def speechd_pids(runtime, environment=None):
    """speech-dispatcher's server and espeak-ng module pids in `runtime`, after one utterance;
    the module can still be starting when the first `spd-say -w` returns, so it is waited for
    (5 s), saying another utterance now and then."""
    def both():
        server, module = speechd("pid", runtime), speechd("pid", runtime, "sd_espeak-ng")
        if server and module:
            return int(server), int(module)
        subprocess.run(["spd-say", "-w", "ready"], env=environment, capture_output=True)
        return None
    return wait_for(both, 5, step=0.1) or (None, None)


def idle_stacks(announcerd, server, module, seconds):
    """announcerd (and its worker) against speech-dispatcher and its module, as they are now,
    `seconds` after one utterance."""
    ours = stack([("announcerd", announcerd)]) if announcerd else None
    theirs = stack([("speech-dispatcher", server), ("sd_espeak-ng", module)]) if server and module else None
    return {**side_by_side(f"memory: idle {seconds:g} s after one utterance, announcerd + worker against "
                           "speech-dispatcher + sd_espeak-ng", ours, theirs), "seconds_idle": seconds}


def idle_lines(announcerd, server, module, start, moments, most):
    """The idle lines (and mappings) at each of `moments`, seconds after `start`."""
    for seconds in moments:
        sleep_until(start + seconds)
        line = idle_stacks(announcerd, server, module, seconds)
        print_line(line)
        for mapping in mapping_lines(line["measure"], line["announcer"], most):
            print_line(mapping)


def stop(process):
    """SIGTERM, then SIGKILL after 3 s, to a process started here."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Session:
    """A private PulseAudio with a null sink (`announcer_bench`, held at low latency by a stream
    of silence) in a temporary XDG_RUNTIME_DIR and HOME, as bench/compare.sh sets up; everything
    started here is stopped by pid, speech-dispatcher by bench/private-speechd."""

    def __init__(self):
        self.work = tempfile.mkdtemp(prefix="announcer-memory.")
        self.runtime = os.path.join(self.work, "xdg")
        os.mkdir(self.runtime, 0o700)
        os.mkdir(os.path.join(self.work, "home"))
        os.environ.update(XDG_RUNTIME_DIR=self.runtime, HOME=os.path.join(self.work, "home"),
                          PULSE_SERVER="unix:" + os.path.join(self.runtime, "pulse", "native"))
        self.processes = []
        self.start(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1",
                    "--log-target=file:" + os.path.join(self.work, "pulse.log"), "-L", "module-native-protocol-unix",
                    "-L", "module-null-sink sink_name=announcer_bench sink_properties=device.description=announcer_bench",
                    "-L", "module-always-sink"])
        if not wait_for(lambda: subprocess.run(["pactl", "info"], capture_output=True).returncode == 0, 10, step=0.1):
            raise SystemExit("memory: PulseAudio never answered")
        subprocess.run(["pactl", "set-default-sink", "announcer_bench"], check=True)
        self.start(["pacat", "--playback", "--raw", "--format=s16le", "--rate=22050", "--channels=1", "--latency-msec=20",
                    "--device=announcer_bench", "/dev/zero"])

    def start(self, command, **options):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **options)
        self.processes.append(process)
        return process

    def close(self):
        speechd("stop", self.runtime)
        for process in reversed(self.processes):
            stop(process)
        shutil.rmtree(self.work, ignore_errors=True)


def run_idle(session, bin, most):
    """speech-dispatcher and announcerd, one utterance each, both idle: the lines of both running
    (as in bench/compare.sh), 1 s and 10 s after announcerd's utterance; then a line of each
    stack alone, as a user who runs one of them has it: speech-dispatcher before announcerd
    started (1 s after its utterance: it has no idle trim), announcerd after speech-dispatcher
    has stopped. A file that both map (libespeak-ng, libpulse) is split between them while both
    run. Both are stopped after it."""
    speechd("start", session.runtime)
    subprocess.run(["spd-say", "-w", "one utterance"], capture_output=True)
    server, module = speechd_pids(session.runtime)
    if not (server and module):
        print("memory: speech-dispatcher or its espeak-ng module is not running; its memory is not measured", file=sys.stderr)
    time.sleep(SETTLE)
    theirs_alone = idle_stacks(None, server, module, SETTLE)["speech_dispatcher"]
    socket_path = os.path.join(session.work, "announcer.socket")
    daemon = session.start([os.path.join(bin, "announcerd"), "--socket", socket_path, "--sink", "speaker",
                            "--log-level", "error"])
    if not wait_for(lambda: os.path.exists(socket_path), 10):
        raise SystemExit("memory: announcerd never opened its socket")
    subprocess.run([os.path.join(bin, "announce"), "say", "one utterance", "--wait", "--socket", socket_path], check=True)
    start = time.monotonic()
    idle_lines(daemon.pid, server, module, start, MOMENTS, most)
    speechd("stop", session.runtime)
    time.sleep(SETTLE)
    seconds = round(time.monotonic() - start)
    ours_alone = idle_stacks(daemon.pid, None, None, seconds)["announcer"]
    print_line({**side_by_side("memory: idle after one utterance, each stack alone (announcerd past its idle trim, "
                               "speech-dispatcher 1 s after its utterance)", ours_alone, theirs_alone),
                "seconds_idle": {"announcer": seconds, "speech_dispatcher": SETTLE}})
    stop(daemon)


def run_desktop(bin, monitor, most):
    """The desktop stacks, one after the other in one headless desktop (see the module's doc)."""
    sys.path.insert(0, BENCH)
    from latency import Recorder
    from desktop import Desktop, fail, start_announcer, start_application, start_orca, tab_trials
    from announcer.testing.headless.orca import process_id as orca_process_id

    work = tempfile.mkdtemp(prefix="announcer-memory-desktop.")
    desktop = Desktop(work)
    recorder = Recorder(monitor, 300)
    runtime = os.path.join(work, "xdg")
    os.mkdir(runtime, 0o700)

    def after_one_tab(application_log, named, mapped=()):
        """The fixture application, one Tab heard and then quiet; the stack `named` measured at
        each of MOMENTS after that, with the mappings of its processes named in `mapped`; and
        the application's process. Figures: {seconds: (stack, mapping lines)}."""
        application = start_application(desktop, recorder, application_log)
        if tab_trials(recorder, 1) == [None]:
            fail(desktop, "Tab in the application was never heard", application_log, "announcerd.log", "announcer-atspi.log", "orca.log")
        recorder.wait_for_silence()
        start = time.monotonic()
        figures = {}
        for seconds in MOMENTS:
            sleep_until(start + seconds)
            figures[seconds] = stack(named)
            shown = {"processes": [p for p in (figures[seconds] or {}).get("processes", []) if p["name"] in mapped]}
            figures[seconds] = figures[seconds], mapping_lines(f"desktop, idle {seconds:g} s after one Tab", shown, most)
        return application, figures

    try:
        time.sleep(0.5)
        # 1. announcerd (its worker) and announcer-atspi.
        _, daemon, bridge = start_announcer(desktop, work, bin)
        application, ours = after_one_tab("app-announcer.log", [("announcerd", daemon.pid), ("announcer-atspi", bridge.pid)],
                                          mapped=("announcerd", "announcer-speech-worker", "announcer-atspi"))
        for process in (application, bridge, daemon):
            desktop.stop(process)

        # 2. A speech-dispatcher of this run's (in a runtime directory of its own, so that no other
        # is running beside it), its espeak-ng module and Orca.
        environment = dict(os.environ, XDG_RUNTIME_DIR=runtime)
        speechd("start", runtime)
        subprocess.run(["spd-say", "-w", "ready"], env=environment, capture_output=True)
        server, module = speechd_pids(runtime, environment)
        if not (server and module):
            fail(desktop, "speech-dispatcher or its espeak-ng module is not running")
        orca = start_orca(desktop, recorder, work, environment={"XDG_RUNTIME_DIR": runtime})
        application, theirs = after_one_tab("app-orca.log", [("speech-dispatcher", server), ("sd_espeak-ng", module),
                                                             ("orca", orca_process_id(orca.pid))], mapped=("orca",))
        for process in (application, orca):
            desktop.stop(process)
    finally:
        speechd("stop", runtime)
        recorder.process.kill()
        desktop.close()
        shutil.rmtree(work, ignore_errors=True)
    target = 0.25
    for seconds in MOMENTS:
        (announcer, our_mappings), (others, their_mappings) = ours[seconds], theirs[seconds]
        orca_alone = next(({**p, "processes": [p]} for p in (others or {}).get("processes", []) if p["name"] == "orca"), None)
        print_line({**side_by_side(f"memory: desktop, idle {seconds:g} s after one Tab in a GTK 3 application, announcerd + "
                                   "worker + announcer-atspi against speech-dispatcher + sd_espeak-ng + Orca",
                                   announcer, others), "seconds_idle": seconds})
        ratio = ratios(announcer, orca_alone, ("pss",))["pss"]
        print_line({"measure": f"memory: desktop, idle {seconds:g} s after one Tab, Announcer's stack PSS against Orca's own PSS",
                    "unit": "KiB", "seconds_idle": seconds, "announcer_pss": announcer and announcer["pss"],
                    "orca_pss": orca_alone and orca_alone["pss"], "ratio": ratio, "target": f"<= {target}",
                    "met": None if ratio is None else ratio <= target})
        for mapping in our_mappings + their_mappings:
            print_line(mapping)


def run_alone(args):
    """Everything set up here: the idle line, then the desktop lines (in a D-Bus session of
    their own), as --only says."""
    session = Session()
    try:
        if args.only in (None, "idle"):
            run_idle(session, args.bin, args.mappings)
        if args.only in (None, "desktop"):
            # The headless desktop brings its own session bus.
            subprocess.run([sys.executable, os.path.abspath(__file__), "desktop", "--bin", args.bin,
                            "--monitor", "announcer_bench.monitor", "--mappings", str(args.mappings)], check=True)
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog="See the module's doc (the head of "
                                     "bench/memory.py) for each figure and measure.")
    parser.add_argument("--bin", help="the release build's bin directory (announcerd, announce, announcer-atspi)")
    parser.add_argument("--only", choices=("idle", "desktop"), help="run one part alone (default: both)")
    parser.add_argument("--mappings", type=int, default=0, metavar="N",
                        help="after each measure, each Announcer process's (and Orca's) N biggest mappings")
    commands = parser.add_subparsers(dest="command", metavar="{stacks,desktop,mappings}")
    stacks = commands.add_parser("stacks", help="the idle lines for stacks already running")
    stacks.add_argument("--announcer", type=int, required=True, help="announcerd's pid (its children count with it)")
    stacks.add_argument("--speechd", type=int, help="speech-dispatcher's server pid")
    stacks.add_argument("--module", type=int, help="speech-dispatcher's espeak-ng module pid")
    stacks.add_argument("--after", type=float, nargs="+", default=[0.0], metavar="S",
                        help="measure S seconds after this call, once for each S (default 0)")
    stacks.add_argument("--mappings", type=int, default=0, metavar="N")
    desktop = commands.add_parser("desktop", help="the desktop stacks, in a headless desktop of their own")
    desktop.add_argument("--bin", required=True)
    desktop.add_argument("--monitor", default="announcer_bench.monitor", help="the null sink's monitor source")
    desktop.add_argument("--mappings", type=int, default=0, metavar="N")
    maps = commands.add_parser("mappings", help="a process's biggest mappings")
    maps.add_argument("pid", type=int)
    maps.add_argument("--most", type=int, default=8)
    args = parser.parse_args()

    if args.command == "stacks":
        idle_lines(args.announcer, args.speechd, args.module, time.monotonic(), sorted(args.after), args.mappings)
    elif args.command == "desktop":
        run_desktop(args.bin, args.monitor, args.mappings)
    elif args.command == "mappings":
        print_line({"pid": args.pid, "unit": "KiB", "mappings": mappings(args.pid, args.most)})
    else:
        if not args.bin:
            parser.error("--bin DIR is needed (or one of the commands)")
        run_alone(args)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    main()
