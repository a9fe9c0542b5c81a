#!/usr/bin/python3
"""A checkout page, two screen readers: the words for every control and live region, and
Tab → first audible sample.

Run by bench/compare.sh (`--only web`), which has started a private PulseAudio with a null sink
and speech-dispatcher on it. Like bench/review.py, this starts a headless desktop of its own (the
Python kit's: Xvfb, a session bus, the AT-SPI bus) and then, one after the other, on the same
sink and with the same recorder:

1. announcerd (`speaker` sink) and announcer-atspi, and the browser (Firefox ESR unless told)
   showing Tests/fixtures/desktop/checkout.html (through Tests/fixtures/desktop/browser.sh);
2. Orca, speaking through speech-dispatcher with its espeak-ng module, and a fresh browser on
   the same page (Orca's settings and words hook: bench/review.py's start_orca).

A trial starts at the top of a freshly loaded page (its document focused, its live regions
empty) and presses, each key after the sink has gone quiet, the keys of STEPS: Tab through every
control (Start over, Full name, Email, Card number, Shipping speed, the Payment radio buttons,
Gift wrap, Apply coupon, Place order, Check delivery, Continue), Space on Gift wrap (an atomic
polite region becomes "Total: 12 euros"), and Return on Apply coupon (a status region, "Coupon
applied"), on Place order (an alert, "Card number is invalid") and on Check delivery (a polite
region, busy while it says "Checking", then "Delivery on Friday"). Each key is timed from the
press (xdotool) to the first loud block at the sink's monitor, and what each reader said is
listened to the end, not cut short: the words of a key are everything the reader said after it,
before the next key. Between trials the page is reloaded (Ctrl+Shift+R), which empties the live
regions and unchecks the check box again.

Prints one JSON line per key with both readers' times and words, one for all the Tabs
together, then (on stderr, so that compare.sh's results file keeps only JSON) the words table,
the latency table and the command.
"""
import json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from latency import Recorder, summarize  # noqa: E402
from desktop import Desktop, fail  # noqa: E402
from review import FIXTURES, bench_arguments, start_announcer, start_browser, start_orca, wait_for_page, settle  # noqa: E402

PAGE = os.path.join(FIXTURES, "checkout.html")
HEADING = "Checkout"  # the page's h1: the page is on the bus
# What the page's controls put in its live regions: a reloaded page has none of them.
LIVE = ("Coupon applied", "Card number is invalid", "Total: 12 euros", "Checking", "Delivery on Friday")

# A trial's keys, from the top of the page: (xdotool key, where it lands or what it presses).
STEPS = [
    ("Tab", "Start over"),
    ("Tab", "Full name"),
    ("Tab", "Email"),
    ("Tab", "Card number"),
    ("Tab", "Shipping speed"),
    ("Tab", "Payment"),
    ("Tab", "Gift wrap"),
    ("space", "Gift wrap"),
    ("Tab", "Apply coupon"),
    ("Return", "Apply coupon"),
    ("Tab", "Place order"),
    ("Return", "Place order"),
    ("Tab", "Check delivery"),
    ("Return", "Check delivery"),
    ("Tab", "Continue"),
]
# What a step's words must hold for the trial to have gone where it should: the control's name
# (for Payment the checked radio button's, Card), or for Space and Return the live region's
# words. A step whose words lack it is marked in the table, not hidden.
EXPECTED = {("Tab", "Payment"): "Card", ("space", "Gift wrap"): "Total: 12 euros",
            ("Return", "Apply coupon"): "Coupon applied", ("Return", "Place order"): "Card number is invalid",
            ("Return", "Check delivery"): "Delivery on Friday"}
READERS = {"announcer": "announcer-atspi + announcerd", "orca": "Orca + speech-dispatcher"}


def step_name(step):
    key, target = step
    return f"Tab → {target}" if key == "Tab" else f"{key.capitalize()} on {target}"


def expected(step):
    return EXPECTED.get(step, step[1])


def press(recorder, key, timeout):
    """Presses `key` once the sink has been quiet; returns when it was pressed and the seconds
    to its first sound (None when nothing was heard in `timeout` s)."""
    recorder.wait_for_silence()
    start = time.monotonic()
    subprocess.run(["xdotool", "key", "--delay", "0", key], check=True)
    heard = recorder.first_sound_after(start, timeout=timeout)
    return start, (None if heard is None else heard - start)


def settle_on_load(recorder, reader, since, timeout=15, quiet=1.5):
    """Waits (at most `timeout` s) until the reader has said the page's title or heading
    ("Checkout"), which it may say only well after the page is on the bus, and has then sent
    nothing new for `quiet` s (Orca says the window's title, then "Finished loading Checkout.",
    then the heading), then cuts it short and leaves the sink to go quiet: a load still being
    read would otherwise be the first Tab's sound. Returns what was said since `since`."""
    deadline = time.monotonic() + timeout
    said, changed = [], time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = time.monotonic()
        if reader.words(since, now) != said:
            said, changed = reader.words(since, now), now
        if any(HEADING in w for w in said) and now - changed >= quiet:
            break
    settle(recorder, reader)
    return reader.words(since, time.monotonic())


def reload(desktop, recorder, reader, logs):
    """Ctrl+Shift+R, until the page is on the bus again with its live regions empty and the
    reader has said so; returns what it said. A reload that bypasses the cache: a plain one (F5)
    would give the check box back its checked state."""
    recorder.wait_for_silence()
    since = time.monotonic()
    subprocess.run(["xdotool", "key", "ctrl+shift+r"], check=True)
    time.sleep(0.5)
    wait_for_page(desktop, logs, heading=HEADING, absent=LIVE)
    return settle_on_load(recorder, reader, since)


def run_reader(desktop, recorder, reader, processes, logs, args):
    """Every trial of one reader, in a browser of its own; then the reader, its processes and the
    browser are stopped. Returns, for each step, each trial's time and words, and what the reader
    said of each load."""
    log = f"{args.browser}-{reader.name}.log"
    logs = (*logs, log)
    since = time.monotonic()
    browser = start_browser(desktop, log, browser=args.browser, page=PAGE)
    wait_for_page(desktop, logs, heading=HEADING)
    loads = [settle_on_load(recorder, reader, since)]
    times = [[] for _ in STEPS]
    words = [[] for _ in STEPS]
    for trial in range(args.trials):
        if trial:
            loads.append(reload(desktop, recorder, reader, logs))
        starts = []
        for (key, _) in STEPS:
            start, heard = press(recorder, key, timeout=5)
            starts.append(start)
            times[len(starts) - 1].append(heard)
        recorder.wait_for_silence()
        time.sleep(0.3)  # Orca's hook writes its words after sending them
        ends = starts[1:] + [time.monotonic()]
        for index, (start, end) in enumerate(zip(starts, ends)):
            words[index].append(reader.words(start, end))
        # A reader that said nothing at all is not being compared: stop with its logs.
        if not any(words[index][-1] for index in range(len(STEPS))):
            fail(desktop, f"{reader.name} said nothing in trial {trial + 1}, on any key", *logs)
    reader.close()
    for process in (browser, *processes):
        desktop.stop(process)
    return times, words, loads


def ratio(ours, theirs):
    if ours.get("median_ms") is not None and theirs.get("median_ms"):
        return round(ours["median_ms"] / theirs["median_ms"], 3)
    return None


def milliseconds(times):
    return [None if t is None else round(t * 1000, 1) for t in times]


def said(words):
    return " · ".join(words) if words else "(nothing)"


def figure(summary):
    if summary.get("median_ms") is None:
        return "nothing heard"
    return f"{summary['median_ms']} ms ({summary['min_ms']}–{summary['max_ms']})"


def report(results, args):
    """The JSON lines (stdout) and the tables (stderr)."""
    lines = []
    for index, step in enumerate(STEPS):
        line = {"measure": f"checkout page ({args.browser}): {step_name(step)} → first sound", "key": step[0],
                "target": step[1]}
        for name, label in READERS.items():
            times, words = results[name][0][index], results[name][1][index]
            line[name] = summarize(label, times)
            line.setdefault("times_ms", {})[name] = milliseconds(times)
            line.setdefault("words", {})[name] = words[0]
            line.setdefault("same_words_every_trial", {})[name] = all(w == words[0] for w in words)
            line.setdefault("says_expected", {})[name] = all(any(expected(step) in w for w in trial) for trial in words)
            line.setdefault("words_by_trial", {})[name] = words
        line["ratio"] = ratio(line["announcer"], line["orca"])
        lines.append(line)
    tabs = [i for i, step in enumerate(STEPS) if step[0] == "Tab"]
    every_tab = {"measure": f"checkout page ({args.browser}): every Tab → first sound", "tabs_per_trial": len(tabs)}
    for name, label in READERS.items():
        every_tab[name] = summarize(label, [t for i in tabs for t in results[name][0][i]])
    every_tab["ratio"] = ratio(every_tab["announcer"], every_tab["orca"])
    every_tab["trials"] = args.trials
    every_tab["load_words_by_trial"] = {name: results[name][2] for name in READERS}
    for line in lines + [every_tab]:
        print(json.dumps(line, ensure_ascii=False))
    sys.stdout.flush()

    table = ["", f"Words ({args.browser}, trial 1; † where a later trial said otherwise, ‡ where the expected"
             " words are missing):", "", "| key | Announcer | Orca |", "|---|---|---|"]
    for line, step in zip(lines, STEPS):
        cells = []
        for name in READERS:
            cell = said(line["words"][name]).replace("|", "\\|")
            cell += "" if line["same_words_every_trial"][name] else " †"
            cell += "" if line["says_expected"][name] else " ‡"
            cells.append(cell)
        table.append(f"| {step_name(step)} | {cells[0]} | {cells[1]} |")
    table += ["", f"Key → first sound ({args.browser}, {args.trials} trials each: median (min–max)):", "",
              "| key | Announcer | Orca | ratio |", "|---|---|---|---|"]
    for line, step in zip(lines, STEPS):
        table.append(f"| {step_name(step)} | {figure(line['announcer'])} | {figure(line['orca'])} | {line['ratio']} |")
    table.append(f"| **every Tab** ({len(tabs)} a trial) | {figure(every_tab['announcer'])} | "
                 f"{figure(every_tab['orca'])} | **{every_tab['ratio']}** |")
    table += ["", "command: " + (args.command or "bench/web.py " + " ".join(sys.argv[1:])), ""]
    print("\n".join(table), file=sys.stderr)


def main():
    parser = bench_arguments()
    parser.add_argument("--browser", choices=("firefox", "chromium"), default="firefox")
    parser.add_argument("--command", default=None, help="the command line that ran this, printed with the tables")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="announcer-web-bench.")
    desktop = Desktop(work)
    recorder = Recorder(args.monitor, args.threshold)
    results = {}
    started = time.monotonic()
    try:
        # 1. announcer-atspi and announcerd, then the browser.
        reader, processes = start_announcer(desktop, work, args.bin)
        results["announcer"] = run_reader(desktop, recorder, reader, processes, ("announcer-atspi.log", "announcerd.log"), args)
        # 2. Orca and speech-dispatcher, then a fresh browser.
        reader, orca = start_orca(desktop, recorder, work)
        results["orca"] = run_reader(desktop, recorder, reader, (orca,), ("orca.log",), args)
    except BaseException:
        # Keep the logs of a run that went wrong.
        print(f"web bench: logs kept in {work}", file=sys.stderr)
        raise
    finally:
        recorder.process.kill()
        desktop.close()
    report(results, args)
    print(f"web bench: {time.monotonic() - started:.0f} s", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if not os.path.exists(PAGE):
        raise SystemExit(f"web bench: the page {PAGE} is not there")
    main()
