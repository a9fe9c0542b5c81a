"""ARIA-AT's test plans read from a local clone of w3c/aria-at, in both of its formats: v2 (each
plan's data/tests.csv, assertions.csv and nvda-commands.csv) and v1 (data/tests.csv with the
assertions as columns, commands.csv naming keys.mjs's keys), with the reference pages it
generated for each setup (committed beside the plan's page), as `Plan` values."""
from __future__ import annotations

import csv
import io
import json
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

MODES = {"browseMode": "browse", "focusMode": "focus"}


@dataclass(frozen=True)
class Command:
    """One NVDA command of a test: ARIA-AT's key names ("shift+tab", "ins+up", "down down"),
    the mode NVDA is in, and the priorities it changes ({assertion: priority}, 0 = not asked)."""
    keys: str
    mode: str
    exceptions: Tuple[Tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Test:
    id: str
    title: str
    setup: str
    assertions: Tuple[Tuple[str, int], ...]   # (assertion id, priority; 0 = only where a command asks)
    commands: Tuple[Command, ...]
    steps: Tuple[Step, ...] = ()               # a v1 test's moves before its command (`preparation`)


@dataclass(frozen=True)
class Step:
    """One of a tester's moves before a v1 test's command, as its instructions ask: `key`
    pressed (xdotool's name), again while `until` has not been said (nil: once)."""
    key: str
    until: Optional[str] = None


# How often a step's key is pressed at most, looking for what it moves to.
STEP_PRESSES = 12


def preparation(instructions: str) -> Tuple[Step, ...]:
    """What a tester does before a v1 test's command (ARIA-AT's first format gives the way to
    it as instructions, "|" between steps; the last is the command's own): "Tab to 'X'" is Tab
    until X is said; "Navigate to 'X' … with right arrow" the key named (else Down) until X is
    said; "Open 'X' menu with down arrow" and "Re-open …" that key once (else Down);
    "Activate 'X' with Enter" and "… and check it by pressing enter" Enter after reaching X.
    Moving the reading cursor is the mode's, set before the command."""
    steps = [" ".join(step.split()) for step in instructions.split("|") if step.strip()]
    moves: List[Step] = []
    for step in steps[:-1]:
        lower = step.lower()
        if "reading cursor" in lower:
            continue
        quoted = re.search(r"[\'\"“‘]([^\'\"”’]+)[\'\"”’]", step)
        unquoted = re.search(r"\bto (?:the )?([\w/-]+) (?:menu item|menubar|menu)\b", lower)
        target = quoted.group(1).strip() if quoted else unquoted.group(1) if unquoted else None
        named = "Tab" if lower.startswith("tab to") else "Right" if "right arrow" in lower else "Left" if "left arrow" in lower \
            else "Up" if "up arrow" in lower else "Down" if "down arrow" in lower else None
        if lower.startswith(("open", "re-open", "reopen")):
            moves.append(Step(named or "Down"))
            continue
        if lower.startswith(("navigate", "tab to", "move")) and target:
            moves.append(Step(named or "Down", target))
        if re.search(r"\benter\b", lower) and lower.startswith(("activate", "navigate", "select", "check")):
            moves.append(Step("Return"))
    return tuple(moves)


@dataclass
class Plan:
    name: str
    title: str
    assertions: Dict[str, Tuple[int, str]]      # id: (priority, ARIA-AT's phrase)
    tests: List[Test]
    reference: Optional[str] = None             # ARIA-AT's page, with the setup's name in place of {setup}
    pages: Dict[str, str] = field(default_factory=dict)

    def page(self, test: Test) -> Tuple[str, bool]:
        """The page a test's command runs on, and whether it has ARIA-AT's "Run Test Setup"
        button: the page ARIA-AT generated for the test's setup, or, for a test with no setup
        (or a setup with no page), the plan's page itself."""
        assert self.reference is not None
        page = self.reference.replace("{setup}", test.setup)
        path = page.partition("?")[0]
        if test.setup and (not os.path.isabs(path) or os.path.exists(path)):
            return page, True
        return self.plain_page(self.pages.get("", page)), False

    @staticmethod
    def plain_page(page: str) -> str:
        """The plan's page itself, or, when the folder the plan names holds only its setups'
        pages (menubar-editor's newest), the newest page of that name in the plan's other
        reference folders: a test with no setup would otherwise load a missing file."""
        path, mark, query = page.partition("?")
        if not os.path.isabs(path) or os.path.exists(path):
            return page
        folder, name = os.path.split(path)
        references = os.path.dirname(folder)
        if not os.path.isdir(references):
            return page
        found = [os.path.join(references, other, name) for other in sorted(os.listdir(references), reverse=True)]
        return next((candidate + mark + query for candidate in found if os.path.exists(candidate)), page)

    def asked(self, test: Test, command: Command) -> List[Tuple[str, int, str]]:
        """What a command of a test is held to: (assertion id, priority 1-3, phrase)."""
        priorities = {name: priority if priority is not None else self.assertions[name][0]
                      for name, priority in test.assertions}
        priorities.update(dict(command.exceptions))
        return [(name, priority, self.assertions[name][1]) for name, priority in priorities.items() if priority]


def tokens(text: str) -> List[Tuple[str, Optional[int]]]:
    """ARIA-AT's "0:roleGroup nameLettuce" as [("roleGroup", 0), ("nameLettuce", None)]."""
    found = []
    for word in text.split():
        if ":" in word:
            priority, name = word.split(":", 1)
            found.append((name, int(priority)))
        else:
            found.append((word, None))
    return found


def _rows(text: str) -> List[Dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _read_csv(path: str) -> List[Dict[str, str]]:
    # Some of ARIA-AT's files begin with a byte-order mark.
    with open(path, encoding="utf-8-sig") as opened:
        return _rows(opened.read())


def plan_folders(root: str) -> Dict[str, str]:
    """Every plan of the clone at `root`, by name: each folder under tests/ (or a folder of
    folders, tests/apg/, tests/aria/) that holds a data/tests.csv."""
    found: Dict[str, str] = {}
    tests = os.path.join(root, "tests")
    for entry in sorted(os.listdir(tests)) if os.path.isdir(tests) else []:
        folder = os.path.join(tests, entry)
        if os.path.isfile(os.path.join(folder, "data", "tests.csv")):
            found.setdefault(entry, folder)
        elif os.path.isdir(folder):
            for plan in sorted(os.listdir(folder)):
                if os.path.isfile(os.path.join(folder, plan, "data", "tests.csv")):
                    found.setdefault(plan, os.path.join(folder, plan))
    return found


def read_plan(root: str, name: str) -> Plan:
    """Plan `name` of the clone at `root`, in either of ARIA-AT's formats: v2 (assertions.csv and
    nvda-commands.csv) or v1 (commands.csv, the assertions as columns of tests.csv)."""
    folder = plan_folders(root).get(name)
    if folder is None:
        raise SystemExit(f"aria-at: no plan {name!r} in {root} (no tests/**/{name}/data/tests.csv)")
    data = os.path.join(folder, "data")
    if os.path.exists(os.path.join(data, "commands.csv")):
        plan = _read_v1(root, name, data)
    else:
        plan = _read_v2(root, name, data)
    references = {row["refId"].strip(): row["value"].strip() for row in _read_csv(os.path.join(data, "references.csv"))}
    plan.title = references.get("title", name)
    reference = references.get("reference")
    if reference:
        base, extension = os.path.splitext(os.path.join(folder, reference))
        plan.reference = base + ".{setup}" + extension
        plan.pages[""] = base + extension
    return plan


def _read_v2(root: str, name: str, data: str) -> Plan:
    def read(file: str) -> List[Dict[str, str]]:
        path = os.path.join(data, file)
        if not os.path.exists(path):
            raise SystemExit(f"aria-at: {path} is missing: plan {name!r} has neither format's files")
        return _read_csv(path)

    tokens_for_nvda = assertion_tokens(root)
    assertions = {row["assertionId"].strip(): (int(row["priority"]), nvda_phrase(row["assertionPhrase"], tokens_for_nvda))
                  for row in read("assertions.csv")}
    commands: Dict[str, List[Command]] = {}
    for row in read("nvda-commands.csv"):
        exceptions = tuple((assertion, priority or 0) for assertion, priority in tokens(row.get("assertionExceptions") or ""))
        commands.setdefault(row["testId"].strip(), []).append(
            Command(" ".join(row["command"].split()), MODES.get(row["settings"].strip(), row["settings"].strip()), exceptions))
    tests = [Test(row["testId"].strip(), row["title"], row["setupScript"].strip(), tuple(tokens(row["assertions"])),
                  tuple(commands.get(row["testId"].strip(), ()))) for row in read("tests.csv")]
    return Plan(name, name, assertions, [test for test in tests if test.commands])


def assertion_tokens(root: str) -> Dict[str, str]:
    """NVDA's words for the tokens of ARIA-AT's assertions ({readingMode}: "browse mode"), from
    tests/support.json."""
    try:
        with open(os.path.join(root, "tests", "support.json"), encoding="utf-8") as opened:
            support = json.load(opened)
    except (OSError, ValueError):
        return {}
    for at in support.get("ats", []):
        if at.get("key") == "nvda":
            return dict(at.get("assertionTokens", {}))
    return {}


def nvda_phrase(phrase: str, words: Dict[str, str]) -> str:
    """An assertion's phrase as NVDA's testers read it: "generic|{token} form" takes the second
    form with NVDA's words, when it has a word for every token; else the generic form."""
    generic, _, tokenized = phrase.partition("|")
    if tokenized:
        names = re.findall(r"{(\w+)}", tokenized)
        if all(name in words for name in names):
            return re.sub(r"{(\w+)}", lambda found: words[found.group(1)], tokenized).strip()
    return generic.strip()


# ARIA-AT's v1 modes: reading is NVDA's browse mode, interaction its focus mode.
V1_MODES = {"reading": "browse", "interaction": "focus"}


def _read_v1(root: str, name: str, data: str) -> Plan:
    """A plan of ARIA-AT's first format: a test row per mode and set of screen readers (NVDA's
    where appliesTo names it), its assertions as columns assertion1… ("2:Role 'group' is
    conveyed", MUST unless 2: says SHOULD), its commands in commands.csv, one alternative per
    column, each a sequence of keys.mjs's names joined by commas."""
    names = v1_key_names(root)
    commands: Dict[str, List[Command]] = {}
    for row in _read_csv(os.path.join(data, "commands.csv")):
        if row.get("at", "").strip().lower() != "nvda":
            continue
        mode = V1_MODES.get(row.get("mode", "").strip().lower(), row.get("mode", "").strip().lower())
        cells = [value for column, value in row.items() if column and column.startswith("command") and value and value.strip()]
        for cell in cells:
            for sequence in v1_command(cell, names):
                commands.setdefault(row["testId"].strip(), []).append(Command(sequence, mode))
    assertions: Dict[str, Tuple[int, str]] = {}
    tests = []
    for row in _read_csv(os.path.join(data, "tests.csv")):
        applies = [at.strip().lower().replace(" ", "_") for at in row.get("appliesTo", "").split(",")]
        test_id = row["testId"].strip()
        if "nvda" not in applies or test_id not in commands:
            continue
        asked = []
        for column in sorted((c for c in row if c and re.fullmatch(r"assertion\d+", c)), key=lambda c: int(c[len("assertion"):])):
            text = (row[column] or "").strip()
            if not text:
                continue
            priority = 1
            found = re.match(r"^([12]):\s*", text)
            if found:
                priority, text = int(found.group(1)), text[found.end():]
            assertion = f"{test_id}.{column[len('assertion'):]}"
            assertions[assertion] = (priority, v1_phrase(text))
            asked.append((assertion, None))
        tests.append(Test(test_id, row["title"].strip(), row.get("setupScript", "").strip(), tuple(asked), tuple(commands[test_id]),
                          preparation(row.get("instructions", ""))))
    return Plan(name, name, assertions, tests)


def v1_phrase(sentence: str) -> str:
    """A v1 assertion's sentence as the phrase v2 would give it: "Role 'banner' is conveyed" as
    "convey role 'banner'", "Minimum value '0' is not conveyed" as "not convey minimum value
    '0'", "… is conveyed as: 'X'" as "convey … as: 'X'"."""
    text = " ".join(sentence.split()).rstrip(".")
    text = re.sub(r"; the screen reader stays silent$", "", text)
    found = re.match(r"^(?P<what>.*?) (?:is|are) (?P<negative>not )?conveyed(?P<rest>.*)$", text)
    if not found:
        return text
    what = found.group("what")
    if not what.startswith(("'", '"')):
        what = what[0].lower() + what[1:]
    return f"{'not ' if found.group('negative') else ''}convey {what}{found.group('rest')}".strip()


def v1_key_names(root: str) -> Dict[str, str]:
    """keys.mjs's names of keys ("INS_TAB": "Insert+Tab"), from the clone."""
    for path in (os.path.join(root, "resources", "keys.mjs"), os.path.join(root, "tests", "resources", "keys.mjs")):
        if os.path.exists(path):
            with open(path, encoding="utf-8") as opened:
                return dict(re.findall(r'export const (\w+)\s*=\s*"([^"]*)"', opened.read()))
    return {}


# keys.mjs's words for a key, as ARIA-AT's v2 names it (tests/commands.json).
V1_WORDS = {
    "insert": "ins", "control": "ctrl", "ctrl": "ctrl", "shift": "shift", "alt": "alt", "option": "opt", "command": "cmd",
    "down arrow": "down", "up arrow": "up", "left arrow": "left", "right arrow": "right", "down": "down", "up": "up",
    "left": "left", "right": "right", "page down": "pageDown", "page up": "pageUp", "escape": "esc", "enter": "enter",
    "space": "space", "tab": "tab", "home": "home", "end": "end", "delete": "del", "backspace": "backspace",
    "comma": "comma", "period": "period",
}


def v1_command(cell: str, names: Dict[str, str]) -> List[str]:
    """A v1 command cell ("UP,UP", "INS_UP_OR_CAPS_I", "UP_AND_DOWN") as v2 command strings,
    one per alternative ("Up Arrow / Down Arrow" is two): keys in sequence joined by spaces,
    keys pressed together by +. ValueError for a name keys.mjs does not have."""
    alternatives = [""]
    for part in (part.strip() for part in cell.split(",") if part.strip()):
        part = re.sub(r"\s*\(.*\)$", "", part)    # "INS_TAB (twice)": an instruction, not a key
        if part not in names:
            raise ValueError(f"ARIA-AT's v1 key {part!r} is not in keys.mjs")
        shown = re.sub(r"\s*\(or [^)]*\)", "", names[part])        # "Insert+Up (or CapsLock+I)"
        choices = [choice.strip() for choice in shown.split(" / ")]
        sequences = [" ".join(v1_key(step) for step in choice.split(" followed by ")) for choice in choices]
        alternatives = [f"{before} {after}".strip() for before in alternatives for after in sequences]
    return alternatives


def v1_key(shown: str) -> str:
    """keys.mjs's "Insert+Down Arrow" as "ins+down"; "Numpad 5" as "numpad5"."""
    parts = []
    for word in shown.split("+"):
        word = word.strip().lower()
        if word in V1_WORDS:
            parts.append(V1_WORDS[word])
        elif re.fullmatch(r"numpad \d", word):
            parts.append("numpad" + word[-1])
        elif len(word) == 1 and word.isalnum():
            parts.append(word)
        else:
            raise ValueError(f"ARIA-AT's key {shown!r}: no name for {word!r}")
    return "+".join(parts)
