"""NVDA's commands, as ARIA-AT names them ("shift+tab", "ins+up", "down down"), as the keys that
do the same in Announcer (xdotool's names, pressed with the Python kit's `press`), and what
differs where Announcer has no such key; and as the keys that do the same in Orca (its desktop
layout: structural navigation, where am I, flat review), where Orca has one. Printed per plan by
`score.py --commands`."""
from __future__ import annotations

from typing import Dict, List, Tuple

# ARIA-AT's names of NVDA's keys ("ins+tab", "ctrl+home", "shift+three", "pageDown"), as
# xdotool names them: a modifier for each part before the last, the last a key of its own.
# Every key name of ARIA-AT's tests/commands.json that a PC keyboard has (its aliases too:
# "nvda" for Insert, "escape" and "delete"), read from its documentation, not copied from it.
MODIFIERS = {"ins": "Insert", "nvda": "Insert", "shift": "shift", "ctrl": "ctrl", "alt": "alt"}
NAMED = {
    "tab": "Tab", "up": "Up", "down": "Down", "left": "Left", "right": "Right", "home": "Home", "end": "End",
    "pageUp": "Prior", "pageDown": "Next", "space": "space", "enter": "Return", "esc": "Escape", "escape": "Escape",
    "del": "Delete", "delete": "Delete", "backspace": "BackSpace", "capsLock": "Caps_Lock", "scrollLock": "Scroll_Lock",
    "pause": "Pause", "numLock": "Num_Lock",
    "zero": "0", "cero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9",
    "dash": "minus", "equals": "equal", "grave": "grave", "leftBracket": "bracketleft", "rightBracket": "bracketright",
    "backslash": "backslash", "semicolon": "semicolon", "apostrophe": "apostrophe", "comma": "comma", "period": "period",
    "slash": "slash",
    "numpadSlash": "KP_Divide", "numpadAsterisk": "KP_Multiply", "numpadMinus": "KP_Subtract", "numpadPlus": "KP_Add",
    # NVDA's numpad commands are its desktop layout's, Num Lock off: the keypad's keys as
    # they are then (KP_Begin for 5). Pressed as KP_5, xdotool remaps a spare key code to it,
    # and the display's keyboard was left taking no review key after it.
    "numpadEnter": "KP_Enter", "numpadPeriod": "KP_Delete",
    **dict(zip((f"numpad{digit}" for digit in range(10)),
               ("KP_Insert", "KP_End", "KP_Down", "KP_Next", "KP_Left", "KP_Begin", "KP_Right", "KP_Home", "KP_Up", "KP_Prior"))),
    **{f"f{number}": f"F{number}" for number in range(1, 13)},
}
# NVDA's keys that Announcer answers as NVDA does in browse mode (ReviewKeyMap: its single keys,
# arrows and Ctrl+Home/End, the table's Ctrl+Alt+arrows, Insert's commands; Tab, Space and Enter
# reach the page in both readers). In focus mode every key but Insert's and Escape is the
# page's own in both readers. Any other is pressed all the same, as an NVDA user's fingers
# would press it, and the record says it is not Announcer's.
ANSWERED = {
    "tab", "shift+tab", "up", "down", "left", "right", "space", "enter", "ins+space", "ins+tab", "ins+up", "ins+numpad5",
    "ctrl+home", "ctrl+end", "ctrl+alt+left", "ctrl+alt+right", "ctrl+alt+up", "ctrl+alt+down",
} | {prefix + key for prefix in ("", "shift+") for key in
     ("h", "k", "f", "b", "d", "t", "l", "x", "r", "e", "c", "u", "i", "g", "one", "two", "three", "four", "five", "six")}
ANSWERED_IN_FOCUS_MODE = {"esc", "ins+space", "ins+tab", "ins+up", "ins+numpad5"}
# Where Announcer's answer to an NVDA key differs in kind from NVDA's.
DIFFERS: Dict[str, str] = {}
# How Announcer is put in a mode: NVDA+Space and Announcer's Insert+Space toggle it.
TOGGLE_MODE = "Insert+space"
MODE_WORDS = {"browse": "Browse mode", "focus": "Focus mode"}


# NVDA's commands that Orca 43 (its desktop layout) does with other keys: its landmark key is m,
# its form field Orca+Tab, its table cells Alt+Shift+arrows, its browse/focus toggle Orca+A, its
# report of the focus where am I (KP_Enter), its say all KP_Add, its current line flat review's
# KP_8 (Num Lock off: KP_Up). Every other command is the same key in both readers.
ORCA_KEYS = {
    "d": "m", "shift+d": "shift+m", "f": "Insert+Tab", "shift+f": "Insert+shift+Tab",
    "ctrl+alt+left": "alt+shift+Left", "ctrl+alt+right": "alt+shift+Right", "ctrl+alt+up": "alt+shift+Up",
    "ctrl+alt+down": "alt+shift+Down", "ins+space": "Insert+a", "ins+tab": "KP_Enter", "ins+numpad5": "KP_Enter",
    "ins+up": "KP_Up", "ins+down": "KP_Add",
}
# Where Orca has no command that does what NVDA's does: its key is pressed all the same.
ORCA_DIFFERS = {
    "comma": "comma: Orca has no command to leave a container; pressed as NVDA's key",
    "ins+numpad6": "ins+numpad6: Orca's KP_6 reviews the next word, not the next object",
}


def key(name: str) -> str:
    """One of ARIA-AT's key names ("ctrl+home") as xdotool's ("ctrl+Home"); ValueError for a name
    that is none of NVDA's keys."""
    *modifiers, last = name.split("+")
    if any(modifier not in MODIFIERS for modifier in modifiers) or not (last in NAMED or (len(last) == 1 and last.isalnum())):
        raise ValueError(f"ARIA-AT's key {name!r} is not a key name commands.py knows")
    return "+".join([MODIFIERS[modifier] for modifier in modifiers] + [NAMED.get(last, last)])


def keys(command: str) -> List[str]:
    """ARIA-AT's command ("down down": Down twice) as the keys to press, in order."""
    return [key(name) for name in command.split()]


def orca_keys(command: str) -> List[str]:
    """ARIA-AT's command as the keys that do the same in Orca, in order."""
    return [ORCA_KEYS.get(name) or key(name) for name in command.split()]


def orca_differences(command: str, mode: str = "browse") -> str:
    """What differs from NVDA for the command's keys in Orca: "" when Orca has each command."""
    return "; ".join(ORCA_DIFFERS[name] for name in command.split()
                     if name in ORCA_DIFFERS and not (mode == "focus" and not name.startswith("ins+")))


def differences(command: str, mode: str = "browse") -> str:
    """What differs from NVDA for the command's keys in `mode`: "" when Announcer answers each as
    NVDA does (in focus mode, a key the page takes is the page's in both)."""
    found = []
    for name in command.split():
        if name in DIFFERS:
            found.append(DIFFERS[name])
        elif mode == "focus" and (name in ANSWERED_IN_FOCUS_MODE or not name.startswith("ins+")):
            continue
        elif name not in ANSWERED:
            found.append(f"{name}: no command of Announcer's; pressed as NVDA's key")
    return "; ".join(found)


def table(plan) -> List[Tuple[str, str, str, str, str]]:  # type: ignore[no-untyped-def]
    """Each command of a plan once: (NVDA's keys, mode, Announcer's keys, setup, what differs)."""
    rows, seen = [], set()
    for test in plan.tests:
        for command in test.commands:
            try:
                pressed = " ".join(keys(command.keys))
            except ValueError as error:
                pressed = f"({error})"
            row = (command.keys, command.mode, pressed, test.setup, differences(command.keys, command.mode))
            if row not in seen:
                seen.add(row)
                rows.append(row)
    return rows
