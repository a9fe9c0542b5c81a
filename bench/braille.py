#!/usr/bin/python3
"""A braille display, two screen readers: Tab in a GTK application → the new focus's cells.

Run by bench/compare.sh (`--only braille`), which has started a private PulseAudio with a null
sink and speech-dispatcher on it. This script starts a headless desktop of its own (bench/desktop.py's:
Xvfb, a session bus, the AT-SPI bus) and a small GTK 3 window (three buttons and a check box),
then, one after the other, each with a BRLTTY of its own whose Virtual driver plays a 40-cell
display with no hardware (announcer.testing.VirtualBrailleDisplay; BrlAPI clients find it
through BRLAPI_HOST and BRLAPI_AUTH):

1. announcerd (`speaker` sink, announcer.conf `braille = on`) and announcer-atspi;
2. Orca with braille on (`enableBraille`, its other braille settings its own defaults), speaking
   through speech-dispatcher;

and presses Tab (xdotool) once a trial, after the sink has gone quiet and the display has shown
the focused control, timing the moment BRLTTY hands the display a line that holds the newly
focused control's label. Both speak as well: the same trial's first sound is reported beside.

The label is found by its letters' dots: the cells shown, dots 7 and 8 and capital signs left
out, must hold the label's letters (a–z are the same six dots in the text table BRLTTY applies to
Orca's text, capitals with dot 7, and in Announcer's liblouis table, `en-us-g1`, capitals after
a capital sign). A trial's label is the next control's,
which the display did not show when the key was pressed: the timer stops on the new focus,
never on another update.
"""
import argparse, json, math, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
from latency import Recorder  # noqa: E402
from desktop import Desktop, start_application, start_orca  # noqa: E402
from announcer.testing.braille_display import VirtualBrailleDisplay  # noqa: E402

# The controls in their Tab order (Tab after the last comes back to the first). No label's
# letters are found in another's line, nor in the window's title.
LABELS = ("Save", "Open", "Print", "Remember me")
APP_SOURCE = '''
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk

window = Gtk.Window(title="Braille bench")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
window.add(box)
first = None
for label in %r:
    control = Gtk.CheckButton(label=label) if label == "Remember me" else Gtk.Button(label=label)
    first = first or control
    box.add(control)
window.connect("destroy", Gtk.main_quit)
# No window manager: the window takes the focus itself when it is mapped.
window.connect("map-event", lambda *_: (window.present(), first.grab_focus()))
window.show_all()
Gtk.main()
''' % (LABELS,)

# Dots 1–6 of the letters (bit 0 is dot 1).
LETTERS = {letter: sum(1 << (int(dot) - 1) for dot in dots) for letter, dots in zip(
    "abcdefghijklmnopqrstuvwxyz",
    "1 12 14 145 15 124 1245 125 24 245 13 123 134 1345 135 1234 12345 1235 234 2345 136 1236 2456 1346 13456 1356".split())}
CAPITAL_SIGN = 0b100000  # dot 6 alone: liblouis's capital sign; no letter's cell


def letter_cells(label):
    """The label's letters (and spaces, blank cells), as the six-dot cells of a string."""
    return "".join(chr(0x2800 + (LETTERS[c] if c != " " else 0)) for c in label.lower())


def shown_letters(display):
    """What the display shows now, as six-dot cells, capital signs left out."""
    cells = [cell & 0x3F for cell in display.cells]
    return "".join(chr(0x2800 + cell) for cell in cells if cell != CAPITAL_SIGN)


def showing(display):
    """The label the display shows now (the longest found), or None."""
    found = [label for label in LABELS if letter_cells(label) in shown_letters(display)]
    return max(found, key=len) if found else None


def wait_quiet(display, recorder, seconds=0.3):
    """The sink quiet for 1.5 s (past the hint Announcer speaks 500 ms after a check box's
    words, which Tab would otherwise cut off) and the display unchanged for `seconds`, both
    still so at the end."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        recorder.wait_for_silence(seconds=1.5)
        lines = len(display.lines)
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < seconds:
            display.text  # reads what BRLTTY sent
            time.sleep(0.02)
            if len(display.lines) != lines:
                lines, quiet_since = len(display.lines), time.monotonic()
        now = time.monotonic()
        with recorder.lock:
            if not any(recorder.loud(peak) for (t, peak) in recorder.blocks if t >= now - 1.0):
                return
    raise SystemExit("braille bench: the sink and the display never were quiet together")


def tab_trials(display, recorder, trials, who):
    """Tab once a trial; the time from the key to the line holding the next control's label,
    the time to the first loud block, how many other lines the display showed in between, and
    the time xdotool took to end."""
    braille, sound, other_lines, seen, key_ended = [], [], 0, [], []
    for _ in range(trials):
        wait_quiet(display, recorder)
        current = showing(display)
        if current is None:
            raise SystemExit(f"braille bench: {who}: the display shows no control before the key: {display.lines[-3:]}")
        expected = LABELS[(LABELS.index(current) + 1) % len(LABELS)]
        wanted = letter_cells(expected)
        if wanted in shown_letters(display):
            raise SystemExit(f"braille bench: {who}: the display shows {expected!r} before the key: {display.lines[-3:]}")
        before = len(display.lines)
        start = time.monotonic()
        # Not waited for before the display is read: the cells may come while xdotool is still
        # on its way out, and the timer stops as they come, not once xdotool has ended.
        key = subprocess.Popen(["xdotool", "key", "Tab"])
        try:
            display.wait_for(lambda d: wanted in shown_letters(d), timeout=5, what=repr(expected))
            braille.append(time.monotonic() - start)
            other_lines += len(display.lines) - before - 1
            if display.text not in seen:
                seen.append(display.text)
        except AssertionError as error:
            print(f"braille bench: {who}: {error}", file=sys.stderr)
            braille.append(None)
        if key.wait() != 0:
            raise SystemExit(f"braille bench: {who}: xdotool key Tab failed ({key.returncode})")
        key_ended.append(time.monotonic() - start)
        heard = recorder.first_sound_after(start, timeout=5)
        sound.append(None if heard is None else heard - start)
    # What the timer stopped on, for a reader to check.
    print(f"braille bench: {who} showed: " + " | ".join(seen), file=sys.stderr)
    return braille, sound, other_lines, key_ended


def summarize(label, values):
    """Median, p90 (nearest rank), minimum and maximum in ms; trials that timed out are counted."""
    measured = sorted(v for v in values if v is not None)
    summary = {"label": label, "trials": len(measured)}
    if len(measured) < len(values):
        summary["timed_out"] = len(values) - len(measured)
    if measured:
        summary.update(median_ms=round(statistics.median(measured) * 1000, 1),
                       p90_ms=round(measured[math.ceil(0.9 * len(measured)) - 1] * 1000, 1),
                       min_ms=round(measured[0] * 1000, 1), max_ms=round(measured[-1] * 1000, 1))
    return summary


def connected(display, desktop, who, *logs):
    """The screen reader has written to the display (BRLTTY's own first line is its "no screen"):
    a focus before its BrlAPI connection would not be shown."""
    try:
        display.wait_for(lambda d: len(d.lines) > 1, timeout=20, what="a BrlAPI client's first line")
    except AssertionError as error:
        failed(display, desktop, who, error, logs)


def ready(display, desktop, who, *logs):
    """The window's first control on the display: the screen reader drives it."""
    try:
        display.wait_for(lambda d: showing(d) is not None, timeout=20, what="the window's first control")
    except AssertionError as error:
        failed(display, desktop, who, error, logs)


def failed(display, desktop, who, error, logs):
    """Stops the run with what the logs say."""
    for log in logs:
        path = os.path.join(desktop.work, log)
        if os.path.exists(path):
            with open(path, errors="replace") as text:
                print(f"braille bench: {log}, its last lines:\n" + "".join(text.readlines()[-20:]), file=sys.stderr)
    print(f"braille bench: BRLTTY's log:\n{display.brltty_log[-2000:]}", file=sys.stderr)
    raise SystemExit(f"braille bench: {who}: {error}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=15)
    parser.add_argument("--monitor", default="announcer_bench.monitor")
    parser.add_argument("--threshold", type=int, default=300)
    parser.add_argument("--cells", type=int, default=40, help="the display's width")
    parser.add_argument("--bin", required=True, help="the directory of announcerd and announcer-atspi")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="announcer-braille-bench.")
    app = os.path.join(work, "braille_app.py")
    with open(app, "w") as source:
        source.write(APP_SOURCE)
    desktop = Desktop(work)
    recorder = Recorder(args.monitor, args.threshold)
    display = None
    results = {}
    try:
        # 1. announcer-atspi and announcerd, braille on, with a display of their own.
        display = VirtualBrailleDisplay(args.cells).start()
        config = os.path.join(work, "announcer.conf")
        with open(config, "w") as settings:
            settings.write("braille = on\n")
        run = os.path.join(work, "run")
        os.mkdir(run, 0o700)
        socket_path = os.path.join(run, "socket")
        desktop.session.environment.update(display.env)
        daemon = desktop.session.start_daemon(os.path.join(args.bin, "announcerd"), socket_path, sink="speaker",
                                              arguments=["--config", config, "--log-level", "error"])
        connected(display, desktop, "announcerd", "announcerd.log")
        bridge = desktop.session.start_bridge(os.path.join(args.bin, "announcer-atspi"), socket_path)
        application = start_application(desktop, recorder, "app-announcer.log", app=app)
        ready(display, desktop, "announcer-atspi + announcerd", "announcerd.log", "announcer-atspi.log")
        results["announcer"] = tab_trials(display, recorder, args.trials, "announcer-atspi + announcerd")
        for process in (application, bridge, daemon):
            desktop.stop(process)
        display.close()

        # 2. Orca, braille on, with a display of its own, speaking through speech-dispatcher.
        display = VirtualBrailleDisplay(args.cells).start()
        desktop.session.environment.update(display.env)
        orca = start_orca(desktop, recorder, work, general={"enableBraille": True}, environment=display.env)
        connected(display, desktop, "Orca", "orca.log")
        application = start_application(desktop, recorder, "app-orca.log", app=app)
        ready(display, desktop, "Orca", "orca.log")
        results["orca"] = tab_trials(display, recorder, args.trials, "Orca")
        for process in (application, orca):
            desktop.stop(process)
    finally:
        recorder.process.kill()
        if display is not None:
            display.close()
        desktop.close()
    ours = summarize("announcer-atspi + announcerd", results["announcer"][0])
    theirs = summarize("Orca", results["orca"][0])
    ratio = None
    if ours.get("median_ms") is not None and theirs.get("median_ms"):
        ratio = round(ours["median_ms"] / theirs["median_ms"], 3)
    print(json.dumps({"measure": "braille: Tab in a GTK 3 application → the new focus's cells on a braille display (BRLTTY)",
                      "cells": args.cells, "announcer": ours, "orca": theirs, "ratio": ratio,
                      "other_lines_before_the_focus": {"announcer": results["announcer"][2], "orca": results["orca"][2]}}))
    # How long xdotool took to end, the key sent: a timer that waited for it never read less.
    print(json.dumps({"measure": "braille: the same trials' `xdotool key Tab`, from its start to its end",
                      "announcer": summarize("while announcer-atspi + announcerd ran", results["announcer"][3]),
                      "orca": summarize("while Orca ran", results["orca"][3])}))
    print(json.dumps({"measure": "braille: the same trials' first sound",
                      "announcer": summarize("announcer-atspi + announcerd (speaker sink)", results["announcer"][1]),
                      "orca": summarize("Orca + speech-dispatcher", results["orca"][1])}))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
