"""NVDA's commands, as ARIA-AT names them ("shift+tab", "ins+up", "down down"), as the keys that
do the same in Announcer (xdotool's names, pressed with the Python kit's `press`), and what
differs where Announcer has no such key. Printed per plan by `score.py --commands`."""
from __future__ import annotations

from typing import Dict, List, Tuple

# ARIA-AT's key: (xdotool's key for Announcer, what differs from NVDA; "" when the same).
KEYS: Dict[str, Tuple[str, str]] = {
    "tab": ("Tab", ""), "shift+tab": ("shift+Tab", ""),
    "up": ("Up", ""), "down": ("Down", ""), "left": ("Left", ""), "right": ("Right", ""),
    "home": ("Home", ""), "end": ("End", ""), "pageUp": ("Prior", ""), "pageDown": ("Next", ""),
    "space": ("space", ""), "enter": ("Return", ""), "esc": ("Escape", ""),
    "ins+space": ("Insert+space", ""),
    "ins+tab": ("Insert+Tab", ""), "ins+up": ("Insert+Up", ""),
    "f": ("f", ""), "shift+f": ("shift+f", ""), "b": ("b", ""), "shift+b": ("shift+b", ""),
    "k": ("k", ""), "shift+k": ("shift+k", ""), "h": ("h", ""), "shift+h": ("shift+h", ""),
    "three": ("3", ""), "shift+three": ("shift+3", ""),
    "x": ("x", ""), "shift+x": ("shift+x", ""), "r": ("r", ""), "shift+r": ("shift+r", ""),
    "e": ("e", ""), "shift+e": ("shift+e", ""), "u": ("u", ""), "shift+u": ("shift+u", ""),
    "c": ("c", ""), "shift+c": ("shift+c", ""),
    "ctrl+alt+left": ("ctrl+alt+Left", ""), "ctrl+alt+right": ("ctrl+alt+Right", ""),
    "ctrl+alt+up": ("ctrl+alt+Up", ""), "ctrl+alt+down": ("ctrl+alt+Down", ""),
    "a": ("a", ""), "w": ("w", ""), "nine": ("9", ""),
}
# How Announcer is put in a mode: NVDA+Space and Announcer's Insert+Space toggle it.
TOGGLE_MODE = "Insert+space"
MODE_WORDS = {"browse": "Browse mode", "focus": "Focus mode"}


def keys(command: str) -> List[str]:
    """ARIA-AT's command ("down down": Down twice) as the keys to press, in order."""
    pressed = []
    for key in command.split():
        if key not in KEYS:
            raise SystemExit(f"score.py: ARIA-AT's key {key!r} has no Announcer key in commands.py's KEYS")
        pressed.append(KEYS[key][0])
    return pressed


def differences(command: str) -> str:
    return "; ".join(KEYS[key][1] for key in command.split() if key in KEYS and KEYS[key][1])


def table(plan) -> List[Tuple[str, str, str, str, str]]:  # type: ignore[no-untyped-def]
    """Each command of a plan once: (NVDA's keys, mode, Announcer's keys, setup, what differs)."""
    rows, seen = [], set()
    for test in plan.tests:
        for command in test.commands:
            row = (command.keys, command.mode, " ".join(keys(command.keys)), test.setup, differences(command.keys))
            if row not in seen:
                seen.add(row)
                rows.append(row)
    return rows
