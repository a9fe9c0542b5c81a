#!/usr/bin/python3
"""A Textual form (examples/textual/form.py), heard three ways: Tab → first audible sample with
the adapter (announcer.textual, which sends announcerd the focused widget and hands the terminal
door its speech) against `announce term` alone (the same form, its adapter given no daemon to
reach, so the door reads the screen Textual draws) and against Orca reading the form in
lxterminal (a VTE terminal, under a headless desktop of its own); and, with --overhead, the time
the adapter adds to the app's handling of each key.

Run by `bench/compare.sh --only textual` (never in a run of every part: it needs Textual, which
compare.sh installs into a venv of its own and runs this with). Tab → first sound: the form runs
under tmux, 80×24, inside `announce term` speaking through announcerd (`speaker` sink) on
--socket; once a trial, after the sink has gone quiet, Tab is sent with `tmux send-keys`, and the
first loud block at the sink's monitor is timed (bench/latency.py's recorder). A trial that
brings no sound within 3 s is counted as none.

--overhead needs no sound: an announcerd of its own on the text sink, the form in Textual's
headless pilot, Tab pressed `--keys` times; the time spent in the adapter's hooks for each key
(its focus described, the request sent and its reply read) against the whole of the key's
handling (the pilot's press, Textual's own work included). One JSON line per measure.
"""
import argparse, asyncio, json, os, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
FORM = os.path.join(ROOT, "examples", "textual", "form.py")


def summarize(label, values):
    """bench/latency.py's summary, and how many trials brought no sound."""
    from latency import summarize as heard  # noqa: E402
    return dict(heard(label, values), silent=sum(value is None for value in values))


def first_sounds(args):
    from latency import Recorder  # noqa: E402
    from terminal import Session  # noqa: E402

    work = tempfile.mkdtemp(prefix="announcer-textual-bench.")
    recorder = Recorder(args.monitor, args.threshold)
    environment = " ".join(f"{name}={os.environ[name]}" for name in ("XDG_RUNTIME_DIR", "PULSE_SERVER", "HOME", "PATH") if name in os.environ)
    results = {}
    try:
        for label, reachable in (("adapter + announce term", args.socket), ("announce term alone", "/nonexistent/announcer/socket")):
            command = (f"env {environment} ANNOUNCER_SOCKET={reachable} {args.announce} term --socket {args.socket} -- "
                       f"{sys.executable} {FORM}")
            session = Session(work, label.split()[0], command)
            try:
                session.wait_for("Sign up", timeout=60)
                recorder.wait_for_silence(seconds=1.0, timeout=90)
                times = []
                for _ in range(args.trials):
                    recorder.wait_for_silence(seconds=0.6, timeout=30)
                    start = time.monotonic()
                    session.keys("Tab")
                    heard = recorder.first_sound_after(start, timeout=3)
                    times.append(None if heard is None else heard - start)
                results[label] = summarize(label, times)
            finally:
                session.close()
    finally:
        recorder.process.kill()
        shutil.rmtree(work, ignore_errors=True)
    ours, alone = results["adapter + announce term"], results["announce term alone"]
    orca = orca_trials(args) if shutil.which("orca") and shutil.which("lxterminal") else None
    if orca is None:
        print("textual: Orca or lxterminal is not installed; Orca is not measured", file=sys.stderr)

    def ratio(theirs):
        return round(ours["median_ms"] / theirs["median_ms"], 3) if theirs and ours.get("median_ms") and theirs.get("median_ms") else None
    print(json.dumps({"measure": "textual form: Tab → first sound", "adapter": ours, "announce_term_alone": alone,
                      "orca_in_lxterminal": orca, "ratio_to_announce_term_alone": ratio(alone), "ratio_to_orca": ratio(orca)}))


def orca_trials(args):
    """The same form in lxterminal (a VTE terminal, which Orca reads through AT-SPI) in a
    headless desktop of its own (bench/desktop.py's), read by Orca speaking through
    speech-dispatcher (compare.sh's, on the same sink); its adapter given no daemon to reach.
    Tab once a trial with xdotool, after the sink has been quiet."""
    from desktop import Desktop, fail, start_orca, tab_trials  # noqa: E402
    from latency import Recorder  # noqa: E402

    work = tempfile.mkdtemp(prefix="announcer-textual-orca.")
    desktop = Desktop(work)
    recorder = Recorder(args.monitor, args.threshold)
    started_here = []
    try:
        started_here.append(start_orca(desktop, recorder, work))
        recorder.wait_for_silence()
        started = time.monotonic()
        environment = dict(os.environ, ANNOUNCER_SOCKET="/nonexistent/announcer/socket",
                           PYTHONPATH=os.environ.get("PYTHONPATH", ""))
        started_here.append(desktop.start(["lxterminal", "--geometry=80x24", "-e", f"{sys.executable} {FORM}"],
                                          log="lxterminal.log", env=environment))
        if recorder.first_sound_after(started, timeout=30) is None:
            fail(desktop, "Orca said nothing of the terminal's window", "orca.log", "lxterminal.log")
        recorder.wait_for_silence(seconds=1.5, timeout=60)
        return summarize("Orca + speech-dispatcher, lxterminal", tab_trials(recorder, args.trials))
    finally:
        for process in reversed(started_here):
            desktop.stop(process)
        recorder.process.kill()
        desktop.close()
        shutil.rmtree(work, ignore_errors=True)


def overhead(args):
    from announcer.testing.daemon import PrivateDaemon
    sys.path.insert(0, os.path.dirname(FORM))
    from form import SignUp

    spent = []

    class Timed(SignUp):
        def announcer_sync(self):
            started = time.perf_counter()
            try:
                super().announcer_sync()
            finally:
                spent[-1] += time.perf_counter() - started

    async def run(daemon):
        app = Timed()
        app.announcer_socket = daemon.socket_path
        whole = []
        async with app.run_test() as pilot:
            await pilot.pause()
            for _ in range(args.keys):
                spent.append(0.0)
                started = time.perf_counter()
                await pilot.press("tab")
                await pilot.pause()
                whole.append(time.perf_counter() - started)
        return whole

    with PrivateDaemon(announcerd=args.announcerd) as daemon:
        whole = asyncio.run(run(daemon))

    def stats(values):
        values = sorted(value * 1000 for value in values)
        return {"median_ms": round(statistics.median(values), 3), "p95_ms": round(values[int(len(values) * 0.95) - 1], 3),
                "max_ms": round(values[-1], 3)}
    print(json.dumps({"measure": "textual form: the adapter's time per Tab", "keys": args.keys,
                      "adapter": stats(spent), "whole_key": stats(whole)}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--monitor", default="announcer_bench.monitor")
    parser.add_argument("--threshold", type=int, default=300)
    parser.add_argument("--socket")
    parser.add_argument("--announce")
    parser.add_argument("--announcerd")
    parser.add_argument("--overhead", action="store_true")
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    if args.overhead:
        overhead(args)
    else:
        first_sounds(args)


if __name__ == "__main__":
    main()
