#!/usr/bin/python3
"""Announcer held to W3C ARIA-AT's assertions: for each plan and browser, each test's setup,
NVDA's command pressed as Announcer's keys, what was said, and each assertion judged
(judge.py); then MUST/SHOULD/MAY pass rates per plan and in all, per browser, and the failing
assertions with what was said.

    git clone https://github.com/w3c/aria-at /some/where/aria-at
    PYTHONPATH=clients/python ANNOUNCERD=... ANNOUNCER_ATSPI=... \\
        python3 bench/aria-at/score.py --aria-at /some/where/aria-at [--browser chromium|firefox|both] \\
        [--plans a,b] [--json FILE] [--commands] [--reader announcer|orca]

The plans, their pages and their assertions are ARIA-AT's own, read from a clone of
w3c/aria-at (--aria-at PATH, or ARIA_AT=PATH): nothing of them is kept in this repository.
Each command runs on a freshly loaded page: the browser's address bar (Ctrl+L) is given the
test's reference page (its setup's generated page, whose "Run Test Setup" button, focused as
it loads, is pressed; or the plan's page when the test has no setup), the setup's focus is
waited for, the mode is set (Insert+Space when it is not the command's), and the keys are pressed.
Everything said from the first key until speech settles is what the assertions are judged on.
Every wait is on speech (the kit's press and settle), bounded.

With --reader orca, Orca 43 (Debian's) reads the same pages instead, on the same runner and judge:
each NVDA command pressed as Orca's key for it (commands.py's ORCA_KEYS; where Orca has none,
NVDA's key, and the record says so), its speech heard through announcerd's SSIP door. Each record
holds the milliseconds from the command's last key to the first thing said (`first_ms`).
"""
from __future__ import annotations

import argparse
import html
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Set, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from aria_at import STEP_PRESSES, Command, Plan, Step, Test, plan_folders, read_plan  # noqa: E402
from commands import MODE_WORDS, TOGGLE_MODE, differences, keys, orca_differences, orca_keys, table  # noqa: E402
from judge import describe, judge_all, names, parse  # noqa: E402

PRIORITIES = {1: "MUST", 2: "SHOULD", 3: "MAY"}
BROWSERS = ("chromium", "firefox")
READERS = ("announcer", "orca")
# Orca's browse/focus toggle (Orca+A); pressed again within Orca's double-click time it makes
# focus mode sticky instead, so a second press waits that long (its settings' default, 0.5 s).
ORCA_TOGGLE_MODE = "Insert+a"
ORCA_DOUBLE_CLICK = 0.6
ORCA_LOADED = "Finished loading"   # Orca's words once a page has loaded
# Orca answers later than Announcer (its speech generation in Python, and a web page's events
# queued behind each other): how long a key that says nothing is waited for.
ORCA_SILENCE = 3.0
SETUP_BUTTON = "Run Test Setup"   # ARIA-AT's reference pages: the button that runs the setup
FOCUS_WAIT = 5.0                  # seconds a setup's focus is waited for
# Where am I (Insert+W) starts with the window's title, "Page - Chromium." or "Page — Mozilla
# Firefox.": the page's title is not what the element conveys, so it is not judged.
WINDOW_TITLE = re.compile(r"^.*? [-—] (?:Chromium|Mozilla Firefox)\. ")
# The browser's window alone, by its title ("Page — Mozilla Firefox", "Mozilla Firefox"): said
# as a window, or as the window's frame taking the focus.
BROWSER_WINDOW = re.compile(r"^(?:.* [-—] )?(?:Chromium|Mozilla Firefox)$")


def browser_window(kind: str, text: str) -> bool:
    """Whether an utterance is the browser's window itself: a window's title, or its frame."""
    return kind == "window" or bool(BROWSER_WINDOW.match(text))


def in_address_bar(said: List[str]) -> bool:
    """Whether a key's answer is the browser's address bar taking the focus: Announcer's words
    ("Address and search bar: …. Text Field.", "Search or enter address: …. Combo Box.") or
    Orca's ("Address and search bar entry", "Search or enter address editable combo box")."""
    return any(word in text.lower() for text in said for word in ("address", "text field", "entry", "combo box"))


def judged(said: List[str]) -> List[str]:
    """What the assertions are judged on: what was said, without a window's title."""
    return [WINDOW_TITLE.sub("", text, count=1) for text in said]


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--browser", choices=(*BROWSERS, "both"), default="both")
    parser.add_argument("--reader", choices=READERS, default="announcer",
                        help="the screen reader: Announcer (default), or Orca speaking through announcerd's SSIP door")
    parser.add_argument("--plans", help="comma-separated plan folders (default: every plan of the clone)")
    parser.add_argument("--aria-at", dest="aria_at", metavar="PATH", default=os.environ.get("ARIA_AT"),
                        help="a clone of w3c/aria-at (default: $ARIA_AT): its plans, pages and assertions")
    parser.add_argument("--json", metavar="FILE", help="every command's words and verdicts, as JSON")
    parser.add_argument("--commands", action="store_true", help="print each plan's commands table and stop")
    parser.add_argument("--from", dest="source", metavar="FILE[,FILE]",
                        help="judge again what runs (their --json FILE) recorded, with no browser, by the judge's rules as they "
                             "are now; a later file's plans replace the earlier's (a plan run again)")
    parser.add_argument("--beside", metavar="FILE[,FILE]",
                        help="with --from: another reader's runs (Orca's), judged again too, and set beside --from's on the "
                             "commands both ran: MUST, SHOULD and MAY per plan and browser, and the median from key to first words")
    parser.add_argument("--silence", type=float, default=1.0, help="seconds a key that says nothing is waited for")
    parser.add_argument("--sample", type=int, metavar="N", help="only N of the plans' commands, drawn at random (the same in each browser)")
    parser.add_argument("--seed", type=int, default=1, help="what --sample draws by (default 1)")
    args = parser.parse_args()
    if not args.aria_at or not os.path.isdir(os.path.join(args.aria_at, "tests")):
        parser.error("a clone of w3c/aria-at is needed: git clone https://github.com/w3c/aria-at PATH, "
                     "then --aria-at PATH (or ARIA_AT=PATH)" + (f"; {args.aria_at} has no tests folder" if args.aria_at else ""))
    return args


def chosen_plans(args: argparse.Namespace) -> List[Plan]:
    """The plans asked for; with no --plans, every plan of the clone."""
    names = args.plans.split(",") if args.plans else list(plan_folders(args.aria_at))
    return [read_plan(args.aria_at, name) for name in names]


# -- one browser


class PageNotShown(Exception):
    """The page a command runs on did not load: the browser still shows another."""


class Runner:
    """One browser in a headless desktop with Announcer, running commands on fresh pages."""

    def __init__(self, browser: str, pages: str, silence: float, reader: str = "announcer") -> None:
        from announcer.testing import Desktop
        self.browser = browser
        self.reader = reader
        # A short address to type: a folder of one link to the pages.
        self.folder = tempfile.mkdtemp(prefix="aa.")
        os.symlink(pages, os.path.join(self.folder, "p"))
        self.pages = pages
        self.count = 0
        blank = os.path.join(self.folder, "start.html")
        with open(blank, "w") as file:
            file.write("<!DOCTYPE html><html lang=en><title>Start</title><h1>Start</h1></html>")
        self.desktop = Desktop.browser(blank, browser=browser, silence=max(silence, ORCA_SILENCE) if reader == "orca" else silence,
                                       quiet=0.3, timeout=15.0,
                                       ready="Start", reader=reader)
        self.desktop.start()

    def close(self) -> None:
        self.desktop.close()
        os.unlink(os.path.join(self.folder, "p"))
        os.unlink(os.path.join(self.folder, "start.html"))
        os.rmdir(self.folder)

    def address(self, page: str) -> str:
        """The page's address through the short folder (`page` under the pages folder)."""
        self.count += 1
        path, _, query = page.partition("?")
        relative = os.path.relpath(path, self.pages)
        query = (query + "&" if query else "") + f"n={self.count}"   # a new address: always loaded afresh
        return f"file://{self.folder}/p/{relative}?{query}"

    def load(self, page: str, setup: bool) -> List[str]:
        """Loads the page with its setup done; returns what was said of it."""
        desktop = self.desktop
        # The address bar, said as it takes the focus; a browser still starting may miss the
        # first Ctrl+L (Firefox's first page was then typed into nothing), so it is pressed
        # again when no field was said (pressed in the bar, it only selects the address).
        said = desktop.press("ctrl+l")
        if not in_address_bar(said):
            # A page that takes Ctrl+L for itself (a menu bar's type-ahead eats every letter,
            # Control held or not) leaves F6 to the browser, which moves from the page to the bar.
            said = desktop.press("F6")
        if not in_address_bar(said):
            desktop.press("ctrl+l")
        self.paste(self.address(page))
        start = len(desktop.speech)
        desktop.press("Return")
        if self.reader == "orca":
            self._until_focus(start, ORCA_LOADED)  # Return before the page has loaded reloads it
        if setup:
            self._until_focus(start, SETUP_BUTTON)
            start = len(desktop.speech)
            desktop.press("Return")
            self._until_focus(start, None)
        else:
            # Orca says when a page has loaded; Announcer's page's first item is its sign.
            self._until_focus(start, ORCA_LOADED if self.reader == "orca" else None)
        return [text for _, text in desktop.speech[start:]]

    def paste(self, text: str) -> None:
        """`text` put in the focused field at once, through the clipboard (xclip, its owner until
        it has been pasted): typed a character at a time into the address bar, each key's events (the
        bar's completions) kept Orca busy for 40 s a page. Typed when xclip is not installed."""
        if shutil.which("xclip") is None:
            self.desktop.type(text, delay_ms=1)
            return
        environment = dict(os.environ, DISPLAY=self.desktop.display or "")
        owner = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard"], stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
        try:
            assert owner.stdin is not None
            owner.stdin.write(text.encode())
            owner.stdin.close()
            # Until the clipboard holds it (xclip owns the selection), at most 5 s.
            deadline = time.monotonic() + 5.0
            while time.monotonic() < deadline:
                held = subprocess.run(["xclip", "-o", "-selection", "clipboard"], env=environment,
                                      capture_output=True, timeout=5).stdout.decode(errors="replace")
                if held == text:
                    break
                time.sleep(0.02)
            self.desktop.press("ctrl+v")
        finally:   # pasted (its keys' answer has settled): the clipboard's owner goes
            owner.kill()
            owner.wait()

    def _until_focus(self, start: int, text: Optional[str]) -> None:
        """Until a focus (containing `text`) is said after the page's first words, at most
        FOCUS_WAIT seconds: the setup's focus, which may come after the load has settled."""
        deadline = time.monotonic() + FOCUS_WAIT

        def arrived() -> bool:
            speech = self.desktop.speech[start:]
            if self.reader == "orca":   # Orca's speech has no kinds: anything said, or the text
                return any(text is None or text in said for _, said in speech)
            loaded = max((index for index, (kind, _) in enumerate(speech) if kind == "low"), default=-1)
            return any(kind == "focus" and (text is None or text in said) for kind, said in speech[loaded + 1:])

        while not arrived() and time.monotonic() < deadline:
            try:
                self.desktop.wait_for_speech(timeout=max(0.1, deadline - time.monotonic()))
            except Exception:  # AnnouncerError("timeout"): nothing more was said
                break

    def mode(self, said: List[str], wanted: str) -> List[str]:
        """Puts Announcer in `wanted` mode if the load did not ("Focus mode" said last, or
        browse mode, the web document's first mode); returns what the switch said."""
        if self.reader == "orca":
            return self._orca_mode(wanted)
        current = "browse"
        for text in said:
            for name, word in MODE_WORDS.items():
                if word.lower() in text.lower():
                    current = name
        if current == wanted:
            return []
        return self.desktop.press(TOGGLE_MODE)

    def prepare(self, steps: Sequence[Step]) -> List[str]:
        """Each step's key pressed, again until what it names is said (at most STEP_PRESSES
        times); what was said."""
        said: List[str] = []
        for step in steps:
            for _ in range(STEP_PRESSES if step.until else 1):
                answer = self.desktop.press(step.key)
                said += answer
                if step.until is None or any(step.until.lower() in text.lower() for text in answer):
                    break
        return said

    def _orca_mode(self, wanted: str) -> List[str]:
        """Orca's mode set to `wanted` by its toggle, which says the mode it leaves Orca in
        (Orca's own switches into focus mode as a field takes the focus are not all said)."""
        said = self._orca_toggle()
        if not any(MODE_WORDS[wanted].lower() in text.lower() for text in said):
            time.sleep(ORCA_DOUBLE_CLICK)
            said += self._orca_toggle()
        return said

    def _orca_toggle(self) -> List[str]:
        """Orca's toggle pressed, and what it said: waited for, since a second press before its
        answer would be taken for a double press."""
        said = self.desktop.press(ORCA_TOGGLE_MODE)
        if not said:
            try:
                said = [self.desktop.wait_for_speech(timeout=FOCUS_WAIT)]
            except Exception:  # AnnouncerError("timeout"): Orca said nothing of it
                pass
        return said

    def shows(self, page: str) -> bool:
        """Whether the browser's window shows the page: its title holds the page's own
        (`<title>`). A page whose load did not take (Firefox kept a page with a menu open and a
        stale title) would have every later command judged on the page before."""
        path = page.partition("?")[0]
        try:
            with open(path, errors="replace") as file:
                found = re.search(r"<title>(.*?)</title>", file.read(), re.S | re.I)
        except OSError:
            return True
        if not found:
            return True
        # The title's first words, as a pattern of xdotool's (POSIX extended): its metacharacters escaped.
        words = " ".join(html.unescape(found.group(1)).split()[:3])
        pattern = re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", words)
        # The desktop has no window manager (no active window to ask for): any window of that
        # name, as the browser's is its page's title.
        found_windows = subprocess.run(["xdotool", "search", "--name", pattern], capture_output=True, text=True, timeout=10,
                                       env=dict(os.environ, DISPLAY=self.desktop.display or "")).stdout.split()
        return bool(found_windows)

    def run(self, plan: Plan, test: Test, command: Command) -> Dict[str, object]:
        page, setup = plan.page(test)
        loaded = self.load(page, setup)
        if not self.shows(page):
            raise PageNotShown(f"the browser does not show {os.path.basename(page.partition('?')[0])} after loading it")
        # A v1 test's moves before its command (`aria_at.preparation`), made in focus mode for a
        # command in focus mode; for one in browse mode the mode is set after them (the tester
        # puts the reading cursor back on what the moves reached).
        switched = self.mode(loaded, command.mode) if command.mode == "focus" else []
        prepared = self.prepare(test.steps)
        if command.mode != "focus":
            switched = self.mode(loaded + prepared, command.mode)
        # A key name that is none of NVDA's is recorded, and the run goes on.
        try:
            pressed, problem = (orca_keys if self.reader == "orca" else keys)(command.keys), ""
        except ValueError as error:
            pressed, problem = [], str(error)
        start = len(self.desktop.speech)
        for key in pressed:
            self.desktop.press(key)
        # From the last key to the first thing said of the page (not the browser's window).
        first = next((when for when, kind, text in self.desktop.timed_speech[start:]
                      if when >= self.desktop.key_sent_at and not browser_window(kind, text)), None)
        # The browser's own window, said by its title when it is activated again (on a loaded
        # machine Firefox's activation can come seconds after its page's focus, and is said
        # then, in the middle of a command's answer: CI heard "Example page — Mozilla Firefox"
        # before an alert's "Hello"), is no answer of the page's: recorded apart.
        spoken = self.desktop.speech[start:]
        said = [text for kind, text in spoken if not browser_window(kind, text)]
        differs = orca_differences if self.reader == "orca" else differences
        return {"browser": self.browser, "reader": self.reader, "plan": plan.name, "test": test.id, "setup": test.setup,
                "command": command.keys, "mode": command.mode, "keys": " ".join(pressed),
                "first_ms": None if first is None else round(1000 * (first - self.desktop.key_sent_at), 1),
                "differs": problem or differs(command.keys, command.mode), "loaded": loaded[-3:],
                "prepared": [" ".join(step.key for step in test.steps), prepared] if test.steps else [], "switched": switched, "said": said,
                "windows": [text for kind, text in spoken if browser_window(kind, text)], "verdicts": verdicts(plan, test, command, said)}


def verdicts(plan: Plan, test: Test, command: Command, said: List[str]) -> List[Dict[str, object]]:
    """Each assertion the command is held to, judged on what it made said, about the element the
    test's assertions name (all of them, those this command does not ask too)."""
    page_names = names([phrase for _, phrase in plan.assertions.values()]) + (SETUP_BUTTON,)
    asked = plan.asked(test, command)
    # What the command itself asks beyond the test names the element it reaches first (Shift+Tab
    # back into a grid reaches its remembered first cell, not the last cell the test names).
    own = [name for name, priority in command.exceptions if priority and name in plan.assertions]
    about = [parse(plan.assertions[name][1]) for name in own]
    about += [parse(plan.assertions[name][1]) for name, _ in test.assertions if name in plan.assertions and name not in own]
    about += [parse(plan.assertions[name][1]) for name, priority in command.exceptions if not priority and name in plan.assertions]
    claims = [parse(phrase) for _, _, phrase in asked]
    found = []
    for (assertion, priority, phrase), claim, verdict in zip(asked, claims, judge_all(claims, judged(said), page_names, about)):
        found.append({"assertion": assertion, "priority": priority, "phrase": phrase, "claim": describe(claim),
                      "passed": verdict.passed, "reason": verdict.reason})
    return found


def rejudged(records: List[Dict[str, object]], chosen: List[Plan]) -> List[Dict[str, object]]:
    """A recorded run's records with their verdicts judged again (the plans' commands, in order)."""
    by_name = {plan.name: plan for plan in chosen}
    found = []
    for record in records:
        plan = by_name.get(record["plan"])  # type: ignore[arg-type]
        if plan is None:
            continue
        test = next(test for test in plan.tests if test.id == record["test"])
        command = next(command for command in test.commands
                       if command.keys == record["command"] and command.mode == record["mode"])
        found.append(dict(record, verdicts=verdicts(plan, test, command, record["said"])))  # type: ignore[arg-type]
    return found


def failed(browser: str, plan: Plan, test: Test, command: Command, error: BaseException, said: List[str],
           reader: str = "announcer") -> Dict[str, object]:
    """The record of a command that could not be run to its end (the browser or the desktop
    died, a wait on it gave up): every assertion failed, with the error and what was said."""
    problem = f"{type(error).__name__}: {error}"
    return {"browser": browser, "reader": reader, "plan": plan.name, "test": test.id, "setup": test.setup,
            "command": command.keys, "mode": command.mode, "keys": "", "first_ms": None, "differs": "", "loaded": [], "switched": [], "said": said, "windows": [],
            "error": problem,
            "verdicts": [{"assertion": assertion, "priority": priority, "phrase": phrase, "claim": describe(parse(phrase)),
                          "passed": False, "reason": f"the command did not run to its end ({problem})"}
                         for assertion, priority, phrase in plan.asked(test, command)]}


def write(path: Optional[str], browsers: List[str], chosen: List[Plan], records: List[Dict[str, object]]) -> None:
    """The records so far, as JSON (written again as each plan ends: a run stopped keeps them)."""
    if not path:
        return
    with open(path + ".new", "w") as file:
        json.dump({"browsers": browsers, "plans": [plan.name for plan in chosen], "records": records}, file, indent=1,
                  ensure_ascii=False)
    os.replace(path + ".new", path)


def sampled(chosen: List[Plan], count: Optional[int], seed: int) -> Set[Tuple[str, str, str, str]]:
    """`count` of the plans' commands drawn at random (by `seed`), as (plan, test, keys, mode);
    every command when `count` is None."""
    every = [(plan.name, test.id, command.keys, command.mode) for plan in chosen for test in plan.tests for command in test.commands]
    if count is None or count >= len(every):
        return set(every)
    return set(random.Random(seed).sample(every, count))


def run_browser(browser: str, chosen: List[Plan], pages: str, args: argparse.Namespace) -> List[Dict[str, object]]:
    runner: Optional[Runner] = None
    records: List[Dict[str, object]] = []
    wanted = sampled(chosen, args.sample, args.seed)
    try:
        for plan in chosen:
            for test in plan.tests:
                for command in test.commands:
                    if (plan.name, test.id, command.keys, command.mode) not in wanted:
                        continue
                    # A command that breaks the browser or the desktop is recorded as failed, with
                    # what it made said, and the run goes on in a new desktop.
                    try:
                        for attempt in (1, 2):
                            if runner is None:
                                runner = Runner(browser, pages, args.silence, args.reader)
                            start = len(runner.desktop.speech)
                            try:
                                record = runner.run(plan, test, command)
                                break
                            except PageNotShown:
                                # Once more in a new browser; a second time, the command fails.
                                runner.close()
                                runner = None
                                if attempt == 2:
                                    raise
                    except Exception as error:  # noqa: BLE001 — any failure of the run is recorded
                        said = [text for _, text in runner.desktop.speech[start:]] if runner is not None else []
                        record = failed(browser, plan, test, command, error, said, args.reader)
                        if runner is not None:
                            try:
                                runner.close()
                            except Exception:  # noqa: BLE001 — a dead desktop may not close cleanly
                                pass
                            runner = None
                    records.append(record)
                    lost = sum(not verdict["passed"] for verdict in record["verdicts"])  # type: ignore[index,union-attr]
                    print(f"{browser} {plan.name} {test.id} {command.keys} ({command.mode}): "
                          f"{len(record['verdicts']) - lost}/{len(record['verdicts'])} · {' | '.join(record['said'])}",  # type: ignore[arg-type]
                          file=sys.stderr, flush=True)
            write(args.json, [browser], chosen, records)
    finally:
        if runner is not None:
            runner.close()
    return records


# -- the report


def rates(records: List[Dict[str, object]]) -> Dict[str, List[int]]:
    """{"MUST": [passed, asked], ...} over the records' verdicts."""
    counts = {name: [0, 0] for name in PRIORITIES.values()}
    for record in records:
        for verdict in record["verdicts"]:  # type: ignore[union-attr]
            count = counts[PRIORITIES[verdict["priority"]]]
            count[0] += verdict["passed"]
            count[1] += 1
    return counts


def median_ms(records: List[Dict[str, object]]) -> str:
    """The median of the records' times from the last key to the first thing said."""
    times = sorted(record["first_ms"] for record in records if record.get("first_ms") is not None)  # type: ignore[misc]
    if not times:
        return "– (nothing timed)"
    middle = len(times) // 2
    value = times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2  # type: ignore[operator]
    return f"{value:.0f} ms over {len(times)} commands"


def cell(count: List[int]) -> str:
    passed, asked = count
    return f"{passed}/{asked} ({100 * passed / asked:.0f}%)" if asked else "–"


def report(records: List[Dict[str, object]], browsers: List[str], chosen: List[Plan]) -> str:
    lines = []
    for browser in browsers:
        mine = [record for record in records if record["browser"] == browser]
        reader = "Orca" if any(record.get("reader") == "orca" for record in mine) else "Announcer"
        lines += [f"\n{browser}, {reader}: ARIA-AT assertions passed; from a command's last key to the first thing said, "
                  f"median {median_ms(mine)}", "",
                  "| plan | commands | MUST | SHOULD | MAY |", "|---|---:|---:|---:|---:|"]
        for plan in chosen:
            of_plan = [record for record in mine if record["plan"] == plan.name]
            counts = rates(of_plan)
            lines.append(f"| {plan.name} | {len(of_plan)} | " + " | ".join(cell(counts[name]) for name in PRIORITIES.values()) + " |")
        counts = rates(mine)
        lines.append(f"| **all** | {len(mine)} | " + " | ".join(f"**{cell(counts[name])}**" for name in PRIORITIES.values()) + " |")
    lines += ["", "What fails, per plan (assertion: in how many of the commands that ask it each browser fails it; what was said, once):", ""]
    lines += summary(records, browsers)
    lines += ["", "Failing assertions (browser, plan, test, NVDA command → Announcer's keys, mode: assertion — why — what was said):"]
    for record in records:
        for verdict in record["verdicts"]:  # type: ignore[union-attr]
            if not verdict["passed"]:
                said = " | ".join(record["said"]) or "(nothing)"  # type: ignore[arg-type]
                lines.append(f"- {record['browser']} {record['plan']} {record['test']} {record['command']} → {record['keys']} "
                             f"({record['mode']}): {PRIORITIES[verdict['priority']]} {verdict['claim']} — {verdict['reason']} "
                             f"— said: {said}")
    return "\n".join(lines)


def side_by_side(ours: List[Dict[str, object]], theirs: List[Dict[str, object]], browsers: List[str],
                 chosen: List[Plan]) -> str:
    """Two readers' records on the commands both ran, per plan and browser: each one's MUST,
    SHOULD and MAY, and the median time from a command's last key to its first words."""
    def key(record: Dict[str, object]) -> Tuple[object, ...]:
        return (record["browser"], record["plan"], record["test"], record["command"], record["mode"])
    shared = {key(record) for record in ours} & {key(record) for record in theirs}
    ours = [record for record in ours if key(record) in shared]
    theirs = [record for record in theirs if key(record) in shared]
    name = {True: "Orca", False: "Announcer"}
    first = name[any(record.get("reader") == "orca" for record in ours)]
    second = name[any(record.get("reader") == "orca" for record in theirs)]
    lines = []
    for browser in browsers:
        mine = [record for record in ours if record["browser"] == browser]
        other = [record for record in theirs if record["browser"] == browser]
        lines += [f"\n{browser}: {first} and {second} on the same {len(mine)} commands", "",
                  f"| plan | commands | {first} MUST | {second} MUST | {first} SHOULD | {second} SHOULD | {first} MAY | {second} MAY |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for plan in chosen:
            a = [record for record in mine if record["plan"] == plan.name]
            b = [record for record in other if record["plan"] == plan.name]
            if not a:
                continue
            ra, rb = rates(a), rates(b)
            lines.append(f"| {plan.name} | {len(a)} | " + " | ".join(f"{cell(ra[level])} | {cell(rb[level])}" for level in PRIORITIES.values()) + " |")
        ra, rb = rates(mine), rates(other)
        lines.append(f"| **all** | {len(mine)} | " + " | ".join(f"**{cell(ra[level])}** | **{cell(rb[level])}**" for level in PRIORITIES.values())
                     + " |")
        lines += ["", f"From a command's last key to the first words: {first} {median_ms(mine)}; {second} {median_ms(other)}."]
    return "\n".join(lines)


def recorded(paths: List[str]) -> List[Dict[str, object]]:
    """The records of runs' JSON files, a later file's (browser, plan) replacing an earlier's."""
    runs = []
    for path in paths:
        with open(path) as file:
            runs.append(json.load(file)["records"])
    records: List[Dict[str, object]] = []
    for index, run in enumerate(runs):
        again = {(record["browser"], record["plan"]) for later in runs[index + 1:] for record in later}
        records += [record for record in run if (record["browser"], record["plan"]) not in again]
    return records


def summary(records: List[Dict[str, object]], browsers: List[str]) -> List[str]:
    """The failing assertions grouped by plan and claim, with their count per browser and an
    example of what was said instead: the work list."""
    groups: Dict[tuple, Dict[str, object]] = {}
    asked: Dict[tuple, int] = {}
    for record in records:
        for verdict in record["verdicts"]:  # type: ignore[union-attr]
            key = (record["plan"], PRIORITIES[verdict["priority"]], verdict["claim"])
            asked[key + (record["browser"],)] = asked.get(key + (record["browser"],), 0) + 1
            if verdict["passed"]:
                continue
            group = groups.setdefault(key, {"counts": {browser: 0 for browser in browsers}, "examples": []})
            group["counts"][record["browser"]] += 1  # type: ignore[index]
            example = f"{record['command']} → {record['keys']} ({record['mode']}, {record['browser']}): " + \
                (" | ".join(record["said"]) or "(nothing)")  # type: ignore[arg-type]
            if len(group["examples"]) < 1:  # type: ignore[arg-type]
                group["examples"].append(example)  # type: ignore[union-attr]
    lines = []
    for (plan, priority, claim), group in sorted(groups.items()):
        counts = ", ".join(f"{browser} {count}/{asked.get((plan, priority, claim, browser), 0)}"
                           for browser, count in group["counts"].items())  # type: ignore[union-attr]
        lines.append(f"- {plan}: {priority} {claim} ({counts}) — e.g. {group['examples'][0]}")  # type: ignore[index]
    return lines


def main() -> int:
    # Stopped, a run still closes its desktop (the browser, the buses, Xvfb) on its way out.
    signal.signal(signal.SIGTERM, lambda number, _: sys.exit(128 + number))
    args = arguments()
    chosen = chosen_plans(args)
    if args.commands:
        for plan in chosen:
            print(f"\n{plan.name}\n| NVDA | mode | Announcer | setup | differs |\n|---|---|---|---|---|")
            for row in table(plan):
                print("| " + " | ".join(row) + " |")
        return 0
    pages = os.path.join(os.path.abspath(args.aria_at), "tests")
    browsers = list(BROWSERS) if args.browser == "both" else [args.browser]
    if args.source and args.beside:
        ours = rejudged([record for record in recorded(args.source.split(",")) if record["browser"] in browsers], chosen)
        theirs = rejudged([record for record in recorded(args.beside.split(",")) if record["browser"] in browsers], chosen)
        print(side_by_side(ours, theirs, browsers, chosen))
        return 0
    if args.source:
        records = rejudged([record for record in recorded(args.source.split(",")) if record["browser"] in browsers], chosen)
    elif len(browsers) == 1:
        records = run_browser(browsers[0], chosen, pages, args)
    else:
        # Each browser in a process (and a headless desktop) of its own, side by side.
        records = []
        # Each browser's records beside the JSON asked for (FILE.chromium), written as each of
        # its plans ends: a run stopped, the parent too, keeps them.
        with tempfile.TemporaryDirectory(prefix="aa-json.") as folder:
            children = []
            for browser in browsers:
                out = f"{args.json}.{browser}" if args.json else os.path.join(folder, browser + ".json")
                argv = [sys.executable, os.path.abspath(__file__), "--browser", browser, "--json", out,
                        "--silence", str(args.silence), "--reader", args.reader]
                argv += ["--plans", ",".join(plan.name for plan in chosen), "--aria-at", args.aria_at, "--seed", str(args.seed)]
                argv += ["--sample", str(args.sample)] if args.sample is not None else []
                children.append((browser, out, subprocess.Popen(argv, stdout=subprocess.DEVNULL)))
            try:
                statuses = [child.wait() for _, _, child in children]
            finally:
                for _, _, child in children:   # stopped: the runs stop, and close their desktops
                    if child.poll() is None:
                        child.terminate()
                        child.wait()
            status = 0
            for (browser, out, child), code in zip(children, statuses):
                # A run that died keeps what it recorded, plan by plan.
                if code != 0:
                    print(f"score.py: the {browser} run failed (status {code}); its records so far are kept", file=sys.stderr)
                    status = 1
                if os.path.exists(out):
                    with open(out) as file:
                        records += json.load(file)["records"]
            write(args.json, browsers, chosen, records)
            print(report(records, browsers, chosen))
            return status
    write(args.json, browsers, chosen, records)
    print(report(records, browsers, chosen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
