#!/usr/bin/python3
"""A real desktop, two screen readers: Tab while a dialog's title is spoken → the answer's first
audible sample.

Run by bench/compare.sh, which has started a private PulseAudio with a null sink (and
speech-dispatcher on it). Like bench/desktop.py, this starts a headless desktop of its own and
then, one after the other, on the same sink and with the same recorder:

1. announcerd (`speaker` sink) and announcer-atspi, and the fixture
   Tests/fixtures/desktop/gtk3_confirm.py (a button that opens a dialog titled "Save the changes
   to this document before closing it?" with the buttons Stay, focused, and Leave);
2. Orca, speaking through speech-dispatcher with its espeak-ng module, and the same fixture.

For each reader, three sets of trials, each opening the dialog with Return and closing it with
Escape:

- quiet: Tab once the dialog's title and its first focus have been said and the sink is quiet;
- title: Tab as soon as the title's first sound has been heard (the title still sounding): the
  first loud block after the reader's words show the title began;
- into title: Tab --into seconds (0.3) after the title's first sound, a listener's reaction time.

All time the same answer, the focus moving to Leave, from the Tab key press to the answer's first
audible sample. While the title sounds, the answer's first loud block cannot be told from the
title's by loudness, so the answer is found by its words and then by its waveform. The words say
which utterance is the answer and about when it began: announcerd's `speaking` event (its first
audio reached the sink) and, for Orca, the moment it handed the text to speech-dispatcher (a hook
in its customizations file, as bench/review.py does). The first quiet trial's answer, recorded
from its first loud sample (40 ms of it), is the template; in every trial it is slid over the
sound that arrived from 150 ms before the answer's words to 800 ms after them, and the place
where it matches best (normalized cross-correlation, reported) is the answer's first loud sample;
its block's arrival is the answer's first sound. espeak-ng makes the same samples for the same
words, voice and rate, so the match is near 1 where the answer is and well below elsewhere; a
match under 0.8 counts as not heard.
"""
import json, math, operator, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from latency import BLOCK, RATE, Recorder, summarize  # noqa: E402
from desktop import Desktop, fail, start_application  # noqa: E402
from review import bench_arguments, milliseconds, start_announcer, start_orca  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "Tests", "fixtures", "desktop", "gtk3_confirm.py")
TEMPLATE = RATE // 25  # 40 ms of the answer, from its first loud sample
SEARCH = 2.0           # seconds of sound after a quiet Tab in which the template is taken
MATCH = 0.8            # the least correlation that counts as the answer found
ANSWER = "Leave"       # how both readers' answer begins: the focus on the dialog's Leave button
TITLE = "Save the changes to this document"  # how both readers' words for the dialog's title begin
BUTTON = "Close notes"  # the window's button, which opens the dialog and has the focus back after it


def sound_since(recorder, start, seconds):
    """The samples of the blocks that arrived in [start, start + seconds), and each block's arrival."""
    with recorder.lock:
        picked = [(t, recorder.samples[i]) for (i, (t, _)) in enumerate(recorder.blocks) if start <= t < start + seconds]
    samples = []
    for (_, block) in picked:
        samples.extend(block)
    return samples, [t for (t, _) in picked]


def template_of(recorder, start):
    """The answer of a quiet Tab pressed at `start`: TEMPLATE samples from its first loud one."""
    samples, _ = sound_since(recorder, start, SEARCH)
    first = next((i for (i, s) in enumerate(samples) if abs(s) > recorder.threshold), None)
    if first is None or first + TEMPLATE > len(samples):
        return None
    return samples[first:first + TEMPLATE]


def find(template, samples):
    """Where `template` matches `samples` best, and how well (normalized cross-correlation)."""
    n = len(template)
    if len(samples) < n:
        return None, 0.0
    template_norm = math.sqrt(sum(s * s for s in template))
    squares = [0]
    for s in samples:
        squares.append(squares[-1] + s * s)
    best, where = -1.0, None
    for p in range(len(samples) - n + 1):
        energy = squares[p + n] - squares[p]
        if energy <= 0:
            continue
        score = sum(map(operator.mul, template, samples[p:p + n])) / (template_norm * math.sqrt(energy))
        if score > best:
            best, where = score, p
    return where, best


class Trials:
    """One reader in the fixture: the dialog opened, Tab pressed (in the quiet, or while the
    title sounds), the answer found in the sound, the dialog closed."""

    def __init__(self, recorder, reader, desktop, logs):
        self.recorder, self.reader, self.desktop, self.logs = recorder, reader, desktop, logs
        self.template = None

    def key(self, name):
        subprocess.run(["xdotool", "key", "--delay", "0", name], check=True)

    def began(self, prefix, since, timeout=5.0):
        """When the reader's words beginning with `prefix` began (announcerd: their first audio
        reached the sink; Orca: they were handed to speech-dispatcher), waiting for them at most
        `timeout` seconds; None when they never came."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            began = next((t for (t, text) in self.reader.timed_words(since, time.monotonic()) if text.startswith(prefix)), None)
            if began is not None:
                return began
            time.sleep(0.002)
        return None

    def title_sound(self, since):
        """When the dialog's title was first heard: the first loud block once the reader's words
        show the title began. Not simply the first sound after Return: announcerd begins the main
        window's title again as the dialog opens, and the dialog's cuts it off within a few
        milliseconds."""
        # A new window's title waits on the reader's own handling of the window: on a machine
        # loaded by the test suites beside it (CI), Orca has taken longer than 5 s.
        began = self.began(TITLE, since, timeout=20.0)
        heard = None if began is None else self.recorder.first_sound_after(began, timeout=5)
        if heard is None:
            said = self.reader.words(since, time.monotonic())
            fail(self.desktop, f"{self.reader.name}: the dialog's title was not heard after Return on the button; "
                               f"it said since Return: {said}", *self.logs)
        return heard

    def one(self, into_title):
        """One trial, Tab pressed `into_title` seconds after the title's first sound was heard (None:
        once the dialog has been said and the sink is quiet). Returns the seconds from Tab to the
        answer's first sound (None when it was not found), the match's correlation, how long the
        title had sounded at the Tab, and what was said before and after it."""
        self.recorder.wait_for_silence()
        opened = time.monotonic()
        self.key("Return")
        title = self.title_sound(opened)
        if into_title is None:
            self.recorder.wait_for_silence()
        else:
            # The moment of the press is the measure's own (as soon as heard, or a reaction's
            # time into the title), not a wait for something to happen.
            time.sleep(max(0.0, title + into_title - time.monotonic()))
        pressed = time.monotonic()
        self.key("Tab")
        # The answer, said to its end (a quiet sink before it is not yet its end).
        answer = self.began(ANSWER, pressed)
        if answer is not None:
            self.recorder.first_sound_after(answer, timeout=5)
        self.recorder.wait_for_silence()
        after = self.reader.timed_words(pressed, time.monotonic())
        heard, score = None, 0.0
        if answer is not None:
            if self.template is None:
                self.template = template_of(self.recorder, pressed)
                if self.template is None:
                    fail(self.desktop, f"{self.reader.name}: the quiet Tab's answer was never heard", *self.logs)
            # The answer's words say when it began (announcerd: its first audio reached the sink;
            # Orca: it was handed to speech-dispatcher); its sound is looked for around then.
            since = max(pressed, answer - 0.15)
            samples, arrivals = sound_since(self.recorder, since, 0.95)
            where, score = find(self.template, samples)
            if where is not None and score >= MATCH:
                heard = arrivals[where // BLOCK] - pressed
        closed = time.monotonic()
        self.key("Escape")
        # Back on the window's button, said to its end: the next trial starts from the quiet.
        if self.began(BUTTON, closed) is not None:
            self.recorder.first_sound_after(closed, timeout=5)
        self.recorder.wait_for_silence()
        return {"seconds": heard, "correlation": round(score, 3),
                "title_sounding_ms": None if into_title is None else round((pressed - title) * 1000, 1),
                "before": self.reader.words(opened, pressed), "after": [text for (_, text) in after]}


def run_reader(trials, count, into):
    """The quiet trials first (the first one gives the template), then those during the title."""
    return {"quiet": [trials.one(None) for _ in range(count)],
            "title": [trials.one(0.0) for _ in range(count)],
            "into title": [trials.one(into) for _ in range(count)]}


def report(results, kind, measure):
    ours = results["announcer"][kind]
    theirs = results["orca"][kind]
    ours_summary = summarize("announcer-atspi + announcerd", [t["seconds"] for t in ours])
    theirs_summary = summarize("Orca + speech-dispatcher", [t["seconds"] for t in theirs])
    ratio = None
    if ours_summary.get("median_ms") is not None and theirs_summary.get("median_ms"):
        ratio = round(ours_summary["median_ms"] / theirs_summary["median_ms"], 3)
    line = {"measure": measure, "announcer": ours_summary, "orca": theirs_summary, "ratio": ratio}
    for name, trials in (("announcer", ours), ("orca", theirs)):
        line[name]["times_ms"] = milliseconds([t["seconds"] for t in trials])
        line[name]["correlations"] = [t["correlation"] for t in trials]
        if kind != "quiet":
            line[name]["title_sounding_at_tab_ms"] = [t["title_sounding_ms"] for t in trials]
        line[name]["words"] = [{"before_tab": t["before"], "after_tab": t["after"]} for t in trials]
    print(json.dumps(line, ensure_ascii=False))
    sys.stdout.flush()


def arguments():
    """Those of every desktop benchmark, and how far into the title the later Tab comes."""
    parser = bench_arguments()
    parser.add_argument("--readers", default="announcer,orca",
                        help="which readers, of announcer and orca, separated by commas (a figure needs both)")
    parser.add_argument("--into", type=float, default=0.3,
                        help="how long after the title's first sound the later Tab is pressed (a reaction's time)")
    return parser.parse_args()


def main():
    args = arguments()
    work = tempfile.mkdtemp(prefix="announcer-tab-title-bench.")
    desktop, results = Desktop(work), {}
    recorder = Recorder(args.monitor, args.threshold, keep_samples=True)

    def announcer():
        reader, processes = start_announcer(desktop, work, args.bin)
        return reader, processes, ("announcer-atspi.log", "announcerd.log")

    def orca():
        # speech-dispatcher was started by compare.sh (or Orca autospawns it).
        reader, process = start_orca(desktop, recorder, work)
        return reader, (process,), ("orca.log",)

    try:
        # One reader after the other, each with its own start of the fixture, on the same sink.
        for name, start in (("announcer", announcer), ("orca", orca)):
            if name not in args.readers.split(","):
                continue
            reader, processes, logs = start()
            log = f"app-{name}.log"
            application = start_application(desktop, recorder, log, app=APP)
            results[name] = run_reader(Trials(recorder, reader, desktop, logs + (log,)), args.trials, args.into)
            reader.close()
            for process in (application, *processes):
                desktop.stop(process)
    finally:
        recorder.process.kill()
        desktop.close()
    if len(results) < 2:
        print(json.dumps({"measure": "desktop: a dialog's title, one reader alone (no figure)", "said": results}, ensure_ascii=False))
        shutil.rmtree(work, ignore_errors=True)
        return
    report(results, "title", "desktop: Tab at a dialog's title's first sound → the answer's first sound")
    report(results, "into title", f"desktop: Tab {args.into} s into a dialog's title → the answer's first sound")
    report(results, "quiet", "desktop: Tab in a quiet dialog → the answer's first sound")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
