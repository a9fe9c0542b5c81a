#!/usr/bin/python3
"""The judge audited against a person: a person's verdicts on a run's commands (what was said,
judged by hand, assertion by assertion, without the judge's verdicts in view) set beside the
judge's on the same words. Prints how often they agree, every assertion the judge passes and
the person fails (the judge more lenient: there must be none), and every one it fails and the
person passes.

    python3 bench/aria-at/audit.py --run RUN.json[,RUN.json] --person PERSON.json --aria-at PATH

RUN.json is `score.py --json`'s; the judge's verdicts are those of judge.py as it is now (the
run's words judged again). PERSON.json is a list of {"browser", "plan", "test", "command",
"mode", "assertion", "pass", "why"}: one per MUST or SHOULD assertion of each command judged.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

Key = Tuple[str, str, str, str, str, str]   # browser, plan, test, command, mode, assertion


def key(entry: Dict[str, object], assertion: str) -> Key:
    return (str(entry["browser"]), str(entry["plan"]), str(entry["test"]), str(entry["command"]), str(entry["mode"]), assertion)


def compare(judged: Dict[Key, bool], person: Dict[Key, bool]) -> Dict[str, List[Key]]:
    """The assertions both judged, split by how the judge's verdict stands to the person's."""
    both = sorted(set(judged) & set(person))
    return {
        "agree": [k for k in both if judged[k] == person[k]],
        "lenient": [k for k in both if judged[k] and not person[k]],
        "strict": [k for k in both if not judged[k] and person[k]],
        "unjudged": sorted(set(person) - set(judged)),
    }


def report(split: Dict[str, List[Key]], said: Dict[Key, List[str]], why: Dict[Key, str]) -> str:
    total = len(split["agree"]) + len(split["lenient"]) + len(split["strict"])
    commands = {k[:5] for k in split["agree"] + split["lenient"] + split["strict"]}
    lines = [f"{len(commands)} commands, {total} MUST and SHOULD assertions judged by both: the judge agrees on "
             f"{len(split['agree'])} ({100 * len(split['agree']) / max(total, 1):.1f}%); more lenient on {len(split['lenient'])}, "
             f"stricter on {len(split['strict'])}" + (f"; {len(split['unjudged'])} of the person's not in the run" if split["unjudged"] else "")]
    for name, title in (("lenient", "The judge passes, the person fails"), ("strict", "The judge fails, the person passes")):
        if split[name]:
            lines.append(f"\n{title}:")
            lines += [f"- {k[0]} {k[1]} {k[2]} {k[3]} ({k[4]}): {k[5]} — person: {why.get(k, '')} — said: {' | '.join(said.get(k, []))}"
                      for k in split[name]]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", required=True, help="score.py --json files, comma-separated")
    parser.add_argument("--person", required=True, help="the person's verdicts (JSON)")
    parser.add_argument("--aria-at", dest="aria_at", default=os.environ.get("ARIA_AT"), help="a clone of w3c/aria-at")
    args = parser.parse_args()
    if not args.aria_at:
        parser.error("a clone of w3c/aria-at is needed (--aria-at PATH or ARIA_AT=PATH)")
    from aria_at import read_plan
    from score import recorded, rejudged
    records = recorded(args.run.split(","))
    plans = [read_plan(args.aria_at, name) for name in sorted({str(record["plan"]) for record in records})]
    judged: Dict[Key, bool] = {}
    said: Dict[Key, List[str]] = {}
    for record in rejudged(records, plans):
        for verdict in record["verdicts"]:  # type: ignore[union-attr]
            if verdict["priority"] in (1, 2):
                k = key(record, verdict["assertion"])
                judged[k] = bool(verdict["passed"])
                said[k] = list(record["said"])  # type: ignore[arg-type]
    with open(args.person) as file:
        entries = json.load(file)
    person = {key(entry, str(entry["assertion"])): bool(entry["pass"]) for entry in entries}
    why = {key(entry, str(entry["assertion"])): str(entry.get("why", "")) for entry in entries}
    print(report(compare(judged, person), said, why))
    return 0


if __name__ == "__main__":
    sys.exit(main())
