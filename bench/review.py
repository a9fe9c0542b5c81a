#!/usr/bin/python3
"""A web page, two screen readers: browse mode's keys → first audible sample.

Run by bench/compare.sh, which has started a private PulseAudio with a null sink and
speech-dispatcher on it. Like bench/desktop.py, this starts a headless desktop of its own (the
Python kit's: Xvfb, a session bus, the AT-SPI bus) and then, one after the other, on the same sink and with the same
recorder:

1. announcerd (`speaker` sink) and announcer-atspi, and Firefox ESR showing the project's test
   page (Tests/fixtures/desktop/page.html, through Tests/fixtures/desktop/browser.sh);
2. Orca, speaking through speech-dispatcher with its espeak-ng module, and a fresh Firefox on
   the same page;

and times three keys, each press after the sink has gone quiet, from the press (xdotool) to the
first loud block at the sink's monitor:

- next heading: `h` for both (browse mode's single key; Orca's structural navigation);
- next item: Announcer's Insert+Right (the review's next item, every element) against Orca's
  flat review "next item" (KP_Right, the keypad's 6 with NumLock off: reviewNextItemHandler,
  "Moves flat review to the next item or word");
- read all: Announcer's Insert+A against Orca's say all (KP_Add).

Every trial starts from the same place, the page's first heading ("Announcer test page"): after
`h` the reader is taken back with Shift+H; after the next item, with the previous item
(Insert+Left, KP_Left); after read all, with `h` and Shift+H. What a key set off is cut short
once its first sound has been heard (announcerd's `stop`, speech-dispatcher's `CANCEL all`),
so that the run is not spent listening; the first read all is left to read for
--read-seconds. The words each reader said for each key are recorded: Announcer's from
announcerd's `speaking` events, Orca's from a hook in Orca's own customizations file
(orca-customizations.py) that writes down each text after Orca has sent it to speech-dispatcher.
"""
import argparse, json, os, shutil, socket, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from latency import Recorder, summarize  # noqa: E402
from desktop import Desktop, fail, start_announcer as desktop_start_announcer, start_orca as desktop_start_orca  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "fixtures", "desktop")
PAGE = os.path.join(FIXTURES, "page.html")
BROWSER = os.path.join(FIXTURES, "browser.sh")
HEADING = "Announcer test page"   # the page's h1: where every trial starts
NEXT_HEADING = "Introduction"     # its next heading

# The keys, as xdotool names them. Orca's are its desktop keyboard layout's (orca/
# desktop_keyboardmap.py and its web script's structural navigation).
KEYS = {
    "announcer": {"heading": "h", "heading back": "shift+h", "item": "Insert+Right", "item back": "Insert+Left",
                  "read all": "Insert+a"},
    "orca": {"heading": "h", "heading back": "shift+h", "item": "KP_Right", "item back": "KP_Left",
             "read all": "KP_Add"},
}

# Checks, from outside, that the browser's document has the page's heading (and, when texts are
# named after the timeout, that none of its objects holds one of them: a reloaded page, not the
# old one still on the bus): the page is loaded.
PAGE_LOADED = r"""
import sys, time, gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi
heading, deadline, absent = sys.argv[1], time.monotonic() + float(sys.argv[2]), sys.argv[3:]

def holds(node):
    # An object's name or text (a live region's words are its text, not its name).
    text = ""
    try:
        text = node.get_name() or ""
        if "Text" in node.get_interfaces():
            text += Atspi.Text.get_text(node, 0, -1) or ""
    except Exception:
        pass
    return any(a in text for a in absent)

def loaded():
    # Read afresh each time: this process listens to no events, so what libatspi cached (the
    # desktop's applications among it) would never change.
    desktop = Atspi.get_desktop(0)
    desktop.clear_cache()
    found = False
    for a in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(a)
        if application is None:
            continue
        application.clear_cache()
        queue, seen = [application], 0
        while queue and seen < 5000:
            node = queue.pop(0)
            seen += 1
            try:
                role, count = node.get_role(), node.get_child_count()
                if role == Atspi.Role.HEADING and node.get_name() == heading:
                    found = True
                    if not absent:
                        return True
            except Exception:
                continue
            if absent and holds(node):
                return False
            for c in range(min(count, 500)):
                child = node.get_child_at_index(c)
                if child is not None:
                    queue.append(child)
    return found

while time.monotonic() < deadline:
    if loaded():
        sys.exit(0)
    time.sleep(0.2)
sys.exit(1)
"""

# Orca's customizations file (loaded by its settings manager at start): every text Orca hands to
# speech-dispatcher, with the time, written down after it has been sent.
ORCA_HOOK = r"""
import html, os, re, time
from orca import speechdispatcherfactory
_words = open(os.environ["ANNOUNCER_BENCH_ORCA_WORDS"], "a", buffering=1)
_send = speechdispatcherfactory.SpeechServer._send_command
def _send_and_note(self, command, *args, **kwargs):
    result = _send(self, command, *args, **kwargs)
    if getattr(command, "__name__", "") in ("speak", "char", "key") and args and isinstance(args[0], str):
        text = html.unescape(re.sub(r"<[^>]*>", "", args[0])).replace("\t", " ").replace("\n", " ")
        _words.write("%.6f\t%s\n" % (time.monotonic(), text))
    return result
speechdispatcherfactory.SpeechServer._send_command = _send_and_note
"""


class AnnouncerReader:
    """announcerd's speaking events (what began to sound, when) and its stop."""

    name = "announcer"

    def __init__(self, socket_path):
        self.said = []
        self.lock = threading.Lock()
        listener = socket.socket(socket.AF_UNIX)
        listener.connect(socket_path)
        listener.sendall(b'{"type": "subscribe", "events": ["speaking"], "id": 1}\n')
        self.listener = listener
        threading.Thread(target=self._listen, args=(listener.makefile("r"),), daemon=True).start()
        self.control = socket.socket(socket.AF_UNIX)
        self.control.connect(socket_path)
        self.replies = self.control.makefile("r")

    def _listen(self, lines):
        for line in lines:
            message = json.loads(line)
            if message.get("event") == "speaking":
                with self.lock:
                    self.said.append((time.monotonic(), message["text"]))

    def hush(self):
        self.control.sendall(b'{"type": "stop", "id": 1}\n')
        self.replies.readline()

    def words(self, start, end):
        return [text for (_, text) in self.timed_words(start, end)]

    def timed_words(self, start, end):
        """(when it began to sound, text) of each utterance in [start, end)."""
        with self.lock:
            return [(t, text) for (t, text) in self.said if start <= t < end]

    def close(self):
        self.listener.close()
        self.control.close()


class OrcaReader:
    """What Orca sent to speech-dispatcher (its hook's file), and speech-dispatcher's CANCEL all."""

    name = "orca"

    def __init__(self, words_path):
        import speechd  # Debian's python3-speechd
        self.words_path = words_path
        self.client = speechd.SSIPClient("announcer-review-bench")
        self.scope = speechd.Scope.ALL

    def hush(self):
        self.client.cancel(scope=self.scope)

    def words(self, start, end):
        return [text for (_, text) in self.timed_words(start, end)]

    def timed_words(self, start, end):
        """(when Orca handed it to speech-dispatcher, text) of each text in [start, end)."""
        if not os.path.exists(self.words_path):
            return []
        said = []
        with open(self.words_path) as lines:
            for line in lines:
                stamp, _, text = line.rstrip("\n").partition("\t")
                if start <= float(stamp) < end:
                    said.append((float(stamp), text))
        return said

    def close(self):
        self.client.close()


class Session:
    """One reader on one page: key presses, each after the sink has been quiet, timed to the first
    loud block, then cut short; and the words said after each press, up to the next."""

    def __init__(self, recorder, reader):
        self.recorder, self.reader = recorder, reader
        self.keys = KEYS[reader.name]
        self.starts = []  # when each key was pressed, in order

    def press(self, key, hold=0.05):
        """Presses `key` (a name of KEYS) and returns the press's index and the seconds to its
        first sound (None when nothing was heard in 5 s); `hold`: how long it may go on speaking
        after that before it is cut short. xdotool presses a chord's keys with no delay between
        them (Insert and Right at once, as one key is pressed), so that neither reader waits
        for xdotool."""
        self.recorder.wait_for_silence()
        start = time.monotonic()
        subprocess.run(["xdotool", "key", "--delay", "0", self.keys[key]], check=True)
        heard = self.recorder.first_sound_after(start, timeout=5)
        time.sleep(hold)
        self.reader.hush()
        self.starts.append(start)
        return len(self.starts) - 1, (None if heard is None else heard - start)

    def words(self, index):
        """What the reader said after press `index`, before the next press (or now)."""
        end = self.starts[index + 1] if index + 1 < len(self.starts) else time.monotonic()
        return self.reader.words(self.starts[index], end)

    def settled_words(self, index):
        """The words of the latest press, once a moment has passed for them to be noted."""
        time.sleep(0.3)
        return self.words(index)

    def to_first_heading(self, desktop, logs):
        """Puts the reader on the page's first heading: `h` until it says the heading after it,
        then Shift+H."""
        said = []
        for _ in range(8):
            index, _ = self.press("heading")
            said.append(self.settled_words(index))
            if any(NEXT_HEADING in w for w in said[-1]):
                index, _ = self.press("heading back")
                said.append(self.settled_words(index))
                if any(HEADING in w for w in said[-1]):
                    return
        fail(desktop, f"{self.reader.name} never came to the page's first heading; it said {said}", *logs)

    def trials(self, key, back, trials, hold=0.05, first_hold=None):
        """`trials` presses of `key`, each followed by the keys of `back` (untimed), which take
        the reader to where the trial started. Returns the presses' indexes and times."""
        presses = []
        for trial in range(trials):
            presses.append(self.press(key, hold=first_hold if trial == 0 and first_hold else hold))
            for other in back:
                self.press(other)
        return presses


def start_browser(desktop, log, browser="firefox", page=PAGE):
    """The browser (Firefox unless told) on the page, with its accessibility on:
    GNOME_ACCESSIBILITY=1, for both readers alike. Firefox otherwise turns it on only when the
    desktop's settings say so (toolkit-accessibility), and this run's home has no settings."""
    return desktop.start([BROWSER, browser, page], log=log, env=dict(os.environ, GNOME_ACCESSIBILITY="1"))


def wait_for_page(desktop, logs, timeout=60, heading=HEADING, absent=()):
    """Until the browser's document on the accessibility bus has the page's heading, and none of
    the texts `absent`."""
    if subprocess.run(["/usr/bin/python3", "-c", PAGE_LOADED, heading, str(timeout), *absent]).returncode != 0:
        fail(desktop, f"the page never loaded: no heading {heading!r} on the accessibility bus in {timeout} s"
             + (f" without {list(absent)}" if absent else ""), *logs)


def start_announcer(desktop, work, bin):
    """announcerd (`speaker` sink) and announcer-atspi, up and listening; returns the reader and
    the two processes."""
    socket_path, daemon, bridge = desktop_start_announcer(desktop, work, bin)
    return AnnouncerReader(socket_path), (bridge, daemon)


def start_orca(desktop, recorder, work):
    """Orca, speaking through speech-dispatcher (started by compare.sh, or autospawned by Orca),
    with the hook that writes down its words; returns the reader and Orca's process. Orca's key
    echo, say all on load and page summary are off, so that each key's first sound is its answer
    and the page's load is not read out."""
    words_path = os.path.join(work, "orca-words")
    orca = desktop_start_orca(desktop, recorder, work, general={"sayAllOnLoad": False, "pageSummaryOnLoad": False},
                              customizations=ORCA_HOOK, environment={"ANNOUNCER_BENCH_ORCA_WORDS": words_path})
    reader = OrcaReader(words_path)
    reader.hush()
    recorder.wait_for_silence()
    return reader, orca


def settle(recorder, reader):
    """What is said as the page comes (the window's title, the document, Orca's "Finished
    loading") is cut short, and the sink left to go quiet for a second."""
    time.sleep(0.5)
    reader.hush()
    recorder.wait_for_silence(seconds=1.0, timeout=30)


def run_reader(session, desktop, logs, args):
    """Every key's trials for one reader; then each trial's time and words."""
    session.to_first_heading(desktop, logs)
    heading = session.trials("heading", ["heading back"], args.trials)
    # Its first press is timed too, but is not a trial: Orca builds its flat review there.
    first_item = session.trials("item", ["item back"], 1)
    item = session.trials("item", ["item back"], args.trials)
    # After read all, `h` and Shift+H: where a read all stops differs between the readers.
    read = session.trials("read all", ["heading", "heading back"], args.trials, first_hold=args.read_seconds)
    time.sleep(0.3)

    def said(presses):
        return [heard for (_, heard) in presses], [session.words(index) for (index, _) in presses]
    return {"heading": said(heading), "item": said(item), "read all": said(read), "first item": said(first_item)}


def same(words):
    """Whether every trial said the same (read all: began the same)."""
    firsts = [w[:1] for w in words]
    return all(f == firsts[0] for f in firsts)


def milliseconds(times):
    return [None if t is None else round(t * 1000, 1) for t in times]


def bench_arguments():
    """The options every browser benchmark takes: trials, the sink's monitor and its loudness
    threshold, and where the binaries are."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=15)
    parser.add_argument("--monitor", default="announcer_bench.monitor")
    parser.add_argument("--threshold", type=int, default=300)
    parser.add_argument("--bin", required=True, help="the directory of announcerd and announcer-atspi")
    return parser


def main():
    parser = bench_arguments()
    parser.add_argument("--read-seconds", type=float, default=5.0,
                        help="how long the first read all of each reader is heard before it is stopped")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="announcer-review-bench.")
    desktop = Desktop(work)
    recorder = Recorder(args.monitor, args.threshold)
    results = {}
    try:
        # 1. announcer-atspi and announcerd, then the browser.
        reader, processes = start_announcer(desktop, work, args.bin)
        logs = ("announcer-atspi.log", "announcerd.log", "firefox-announcer.log")
        browser = start_browser(desktop, "firefox-announcer.log")
        wait_for_page(desktop, logs)
        settle(recorder, reader)
        results["announcer"] = run_reader(Session(recorder, reader), desktop, logs, args)
        reader.close()
        for process in (browser, *processes):
            desktop.stop(process)

        # 2. Orca and speech-dispatcher, then a fresh browser.
        reader, orca = start_orca(desktop, recorder, work)
        logs = ("orca.log", "firefox-orca.log")
        browser = start_browser(desktop, "firefox-orca.log")
        wait_for_page(desktop, logs)
        settle(recorder, reader)
        results["orca"] = run_reader(Session(recorder, reader), desktop, logs, args)
        reader.close()
        for process in (browser, orca):
            desktop.stop(process)
    finally:
        recorder.process.kill()
        desktop.close()

    measures = [
        ("heading", "web page: h (next heading, browse mode) → first sound", "h", "h"),
        ("item", "web page: next item → first sound", "Insert+Right (next review item)",
         "KP_Right (flat review: next item or word)"),
        ("read all", "web page: read all → first sound", "Insert+A", "KP_Add (say all)"),
    ]
    for key, measure, ours_key, theirs_key in measures:
        ours, theirs = results["announcer"][key], results["orca"][key]
        ours_summary = summarize("announcer-atspi + announcerd", ours[0])
        theirs_summary = summarize("Orca + speech-dispatcher", theirs[0])
        ratio = None
        if ours_summary.get("median_ms") is not None and theirs_summary.get("median_ms"):
            ratio = round(ours_summary["median_ms"] / theirs_summary["median_ms"], 3)
        line = {"measure": measure, "keys": {"announcer": ours_key, "orca": theirs_key},
                "announcer": ours_summary, "orca": theirs_summary, "ratio": ratio,
                "words": {"announcer": ours[1][0] if ours[1] else None, "orca": theirs[1][0] if theirs[1] else None},
                "same_words_every_trial": {"announcer": same(ours[1]), "orca": same(theirs[1])},
                "times_ms": {"announcer": milliseconds(ours[0]), "orca": milliseconds(theirs[0])}}
        if key == "item":
            first = {name: results[name]["first item"] for name in ("announcer", "orca")}
            line["first_press_ms"] = {name: None if first[name][0][0] is None else round(first[name][0][0] * 1000, 1)
                                      for name in first}
            line["first_press_words"] = {name: first[name][1][0] for name in first}
        if key == "read all":
            line["read_seconds"] = args.read_seconds
        print(json.dumps(line, ensure_ascii=False))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
