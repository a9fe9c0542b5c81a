"""Snapshots of what was said: one utterance a line, written as the text sink and `announce
term --expect` write them (a line break or other control character as an escape, and the
backslash too), so that a snapshot made by pytest and one made by the shell form are the same
file."""
from __future__ import annotations

import difflib
import pathlib
from typing import Iterable, List, Optional


def escaped(text: str) -> str:
    """One line, whatever the text holds (the rule of the daemon's text sink)."""
    out = []
    for character in text:
        code = ord(character)
        if character == "\\":
            out.append("\\\\")
        elif character == "\n":
            out.append("\\n")
        elif character == "\r":
            out.append("\\r")
        elif character == "\t":
            out.append("\\t")
        elif code <= 0x1F or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029):
            out.append(f"\\u{code:04X}")
        else:
            out.append(character)
    return "".join(out)


def snapshot_text(spoken: Iterable[str]) -> str:
    return "".join(escaped(text) + "\n" for text in spoken)


def difference(spoken: Iterable[str], path: pathlib.Path, *, update: bool = False) -> Optional[str]:
    """None when the snapshot at `path` holds exactly `spoken`; else a unified diff (the snapshot
    against what was said now). With `update`, writes the snapshot instead and returns None."""
    text = snapshot_text(spoken)
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        return None
    if not path.exists():
        return f"no snapshot at {path}: run pytest --announcer-update to write it, then review it like code\nspoken:\n{text}"
    expected: List[str] = path.read_text(encoding="utf-8").splitlines(keepends=True)
    said = text.splitlines(keepends=True)
    if expected == said:
        return None
    diff = "".join(difflib.unified_diff(expected, said, str(path), "spoken now"))
    return f"what was said differs from {path} (pytest --announcer-update rewrites it):\n{diff}"
