"""ARIA-AT's test plans read from a local clone of w3c/aria-at (its v2 format: each plan's
data/tests.csv, assertions.csv, nvda-commands.csv and generated reference pages), as the
same `Plan` values as plans.py's restated ones."""
from __future__ import annotations

import csv
import io
import os
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


@dataclass
class Plan:
    name: str
    title: str
    assertions: Dict[str, Tuple[int, str]]      # id: (priority, ARIA-AT's phrase)
    tests: List[Test]
    reference: Optional[str] = None             # ARIA-AT's page, with the setup's name in place of {setup}
    pages: Dict[str, str] = field(default_factory=dict)

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


def read_plan(root: str, name: str) -> Plan:
    """Plan `name` of the clone at `root` (tests/apg/<name> or tests/<name>)."""
    folder = next((path for path in (os.path.join(root, "tests", "apg", name), os.path.join(root, "tests", name))
                   if os.path.isdir(os.path.join(path, "data"))), None)
    if folder is None:
        raise SystemExit(f"aria-at: no plan {name!r} in {root} (looked for tests/apg/{name}/data)")
    data = os.path.join(folder, "data")

    def read(file: str) -> List[Dict[str, str]]:
        path = os.path.join(data, file)
        if not os.path.exists(path):
            raise SystemExit(f"aria-at: {path} is missing: plan {name!r} is not in ARIA-AT's v2 format with NVDA commands")
        with open(path, encoding="utf-8-sig") as opened:
            return _rows(opened.read())

    assertions = {row["assertionId"]: (int(row["priority"]), row["assertionPhrase"]) for row in read("assertions.csv")}
    commands: Dict[str, List[Command]] = {}
    for row in read("nvda-commands.csv"):
        exceptions = tuple((assertion, priority or 0) for assertion, priority in tokens(row.get("assertionExceptions") or ""))
        commands.setdefault(row["testId"], []).append(
            Command(row["command"].strip(), MODES.get(row["settings"].strip(), row["settings"].strip()), exceptions))
    tests = [Test(row["testId"], row["title"], row["setupScript"], tuple(tokens(row["assertions"])),
                  tuple(commands.get(row["testId"], ()))) for row in read("tests.csv")]
    references = {row["refId"]: row["value"] for row in read("references.csv")}
    title = references.get("title", name)
    reference = references.get("reference")
    page = None
    if reference:
        base, extension = os.path.splitext(os.path.join(folder, reference))
        page = base + ".{setup}" + extension
    return Plan(name, title, assertions, [test for test in tests if test.commands], page)
