"""The draft's key vocabulary as X keysyms: each key of a combination is one character, either
one of WebDriver's code points for the keys that type nothing ("\\uE009" is Control, "\\uE016"
Insert; https://w3c.github.io/webdriver/#keyboard-actions) or the character a key types ("a",
"A", "1", ","). A key's English name ("Control", "Insert", "ArrowLeft", "F5") is taken too, for
a person trying the server by hand."""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..testing.desktop import SCREEN_READER_MODIFIERS

# (WebDriver code point, name, keysym). WebDriver's "Enter" (U+E007) is the numeric keypad's,
# but the harness sends it for the main Enter key, as users mean it: both are Return here.
SPECIAL_KEYS: Tuple[Tuple[str, str, str], ...] = (
    ("\ue001", "Cancel", "Cancel"), ("\ue002", "Help", "Help"), ("\ue003", "Backspace", "BackSpace"),
    ("\ue004", "Tab", "Tab"), ("\ue005", "Clear", "Clear"), ("\ue006", "Return", "Return"),
    ("\ue007", "Enter", "Return"), ("\ue008", "Shift", "Shift_L"), ("\ue009", "Control", "Control_L"),
    ("\ue00a", "Alt", "Alt_L"), ("\ue00b", "Pause", "Pause"), ("\ue00c", "Escape", "Escape"),
    ("\ue00d", "Space", "space"), ("\ue00e", "PageUp", "Prior"), ("\ue00f", "PageDown", "Next"),
    ("\ue010", "End", "End"), ("\ue011", "Home", "Home"), ("\ue012", "ArrowLeft", "Left"),
    ("\ue013", "ArrowUp", "Up"), ("\ue014", "ArrowRight", "Right"), ("\ue015", "ArrowDown", "Down"),
    ("\ue016", "Insert", "Insert"), ("\ue017", "Delete", "Delete"), ("\ue018", "Semicolon", "semicolon"),
    ("\ue019", "Equals", "equal"),
    *((chr(0xE01A + digit), f"Numpad{digit}", f"KP_{digit}") for digit in range(10)),
    ("\ue024", "Multiply", "KP_Multiply"), ("\ue025", "Add", "KP_Add"), ("\ue026", "Separator", "KP_Separator"),
    ("\ue027", "Subtract", "KP_Subtract"), ("\ue028", "Decimal", "KP_Decimal"), ("\ue029", "Divide", "KP_Divide"),
    *((chr(0xE031 + number - 1), f"F{number}", f"F{number}") for number in range(1, 13)),
    ("\ue03d", "Meta", "Super_L"), ("\ue040", "ZenkakuHankaku", "Zenkaku_Hankaku"),
    ("\ue050", "ShiftRight", "Shift_R"), ("\ue051", "ControlRight", "Control_R"), ("\ue052", "AltRight", "Alt_R"),
    ("\ue053", "MetaRight", "Super_R"), ("\ue054", "NumpadPageUp", "KP_Prior"), ("\ue055", "NumpadPageDown", "KP_Next"),
    ("\ue056", "NumpadEnd", "KP_End"), ("\ue057", "NumpadHome", "KP_Home"), ("\ue058", "NumpadArrowLeft", "KP_Left"),
    ("\ue059", "NumpadArrowUp", "KP_Up"), ("\ue05a", "NumpadArrowRight", "KP_Right"),
    ("\ue05b", "NumpadArrowDown", "KP_Down"), ("\ue05c", "NumpadInsert", "KP_Insert"),
    ("\ue05d", "NumpadDelete", "KP_Delete"),
)

BY_CODE_POINT: Dict[str, str] = {code: keysym for code, _, keysym in SPECIAL_KEYS}
BY_NAME: Dict[str, str] = {name.lower(): keysym for _, name, keysym in SPECIAL_KEYS}

# The characters whose keysym is not the character itself (X11's keysymdef.h).
PUNCTUATION = {
    " ": "space", "!": "exclam", '"': "quotedbl", "#": "numbersign", "$": "dollar", "%": "percent",
    "&": "ampersand", "'": "apostrophe", "(": "parenleft", ")": "parenright", "*": "asterisk", "+": "plus",
    ",": "comma", "-": "minus", ".": "period", "/": "slash", ":": "colon", ";": "semicolon", "<": "less",
    "=": "equal", ">": "greater", "?": "question", "@": "at", "[": "bracketleft", "\\": "backslash",
    "]": "bracketright", "^": "asciicircum", "_": "underscore", "`": "grave", "{": "braceleft", "|": "bar",
    "}": "braceright", "~": "asciitilde",
}

# One combination is what one hand (and a screen reader's modifier) presses at once.
MAX_KEYS = 8


def keysym(key: str) -> str:
    """The X keysym xdotool presses for one key of the draft's vocabulary; ValueError (its
    message for the client) for anything else."""
    if not isinstance(key, str) or not key:
        raise ValueError(f"a key is a non-empty string, not {key!r}")
    if key in BY_CODE_POINT:
        return BY_CODE_POINT[key]
    if len(key) == 1:
        if key == "\ue000":
            raise ValueError("U+E000 is WebDriver's Unidentified key, which no keyboard has")
        if 0xE000 <= ord(key) <= 0xF8FF:
            raise ValueError(f"U+{ord(key):04X} is not one of WebDriver's key code points")
        if not key.isprintable():
            raise ValueError(f"U+{ord(key):04X} is a control character, not a key")
        if key.isascii() and key.isalnum():
            return key
        return PUNCTUATION.get(key) or f"U{ord(key):04X}"
    if key.lower() in BY_NAME:
        return BY_NAME[key.lower()]
    raise ValueError(f"{key!r} is not a key: give one character, or a WebDriver code point such as \"\\uE004\" (Tab)")


def keysyms(keys: Sequence[object]) -> List[str]:
    """A whole combination, checked: 1 to MAX_KEYS keys, each known."""
    if not isinstance(keys, list) or not keys:
        raise ValueError("keys is a list of one or more keys, pressed together")
    if len(keys) > MAX_KEYS:
        raise ValueError(f"{len(keys)} keys in one combination; at most {MAX_KEYS} are pressed together")
    return [keysym(key) for key in keys]  # type: ignore[arg-type]


def is_screen_reader_modifier(keysym: str) -> bool:
    return keysym in SCREEN_READER_MODIFIERS
