"""Whether what a screen reader said conveys an ARIA-AT assertion: pure rules, one per kind of
assertion, over the utterances a command made said.

An assertion's phrase ("convey role 'checkbox'", "convey name of the group, 'Sandwich
Condiments'", "convey position of the radio button, 2") is parsed into a `Claim` (its kind, the
words expected, what it is about); `judge(claim, utterances)` says pass or fail with the reason.
A rule accepts the words that unmistakably convey the assertion's meaning to a listener: the
tables below, in one place, are every word accepted for a role, a state and a boundary. Anything
else fails: a check box said as a switch, "On" for a check box's checked state, no group name,
another position.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, Sequence, Tuple

# The words that convey a role. A role is matched as whole words; a role that ends in another
# role's word ("radio button" and "button") is found first and taken out, so "Radio Button"
# never conveys "button".
ROLE_WORDS: Dict[str, Tuple[str, ...]] = {
    "checkbox": ("check box", "checkbox"),
    "radio button": ("radio button",),
    "switch": ("switch", "switch button", "toggle switch"),
    "toggle button": ("toggle button",),
    "menu button": ("menu button", "pop up button", "popup button"),
    "button": ("button",),
    "link": ("link",),
    "group": ("group", "grouping", "radio group"),
    "radiogroup": ("radio group",),
    "menu": ("menu",),
    "menu item": ("menu item",),
    "tab": ("tab",),
    "tab list": ("tab list", "tab group"),
    "tab panel": ("tab panel", "property page"),
    "slider": ("slider",),
    "spin button": ("spin button", "stepper", "incrementor"),
    "alert": ("alert",),
    "heading": ("heading",),
    "region": ("region",),
    "text field": ("text field", "edit", "edit text", "text entry"),
}
# Longer role words that contain a shorter role's word: taken out before the shorter is looked for.
COMPOUND_ROLES = ("radio button", "switch button", "toggle button", "menu button", "pop up button", "popup button",
                  "menu item", "radio group", "tab list", "tab group", "tab panel", "spin button", "check box",
                  "text field", "toggle switch", "edit text")
# "Menu button" is also conveyed by a button said to open a menu.
MENU_BUTTON_PHRASES = ("opens a menu", "has popup", "has pop up", "submenu")

# The words that convey a state; before the positive words are looked for, the negative ones
# are taken out ("not checked" holds "checked").
STATE_WORDS: Dict[str, Tuple[str, ...]] = {
    "checked": ("checked",),
    "not checked": ("not checked", "unchecked", "not selected"),
    "unchecked": ("not checked", "unchecked", "not selected"),
    "mixed": ("mixed", "partially checked", "half checked"),
    "on": ("on",),
    "off": ("off",),
    "pressed": ("pressed", "selected"),
    "not pressed": ("not pressed", "not selected"),
    "expanded": ("expanded",),
    "collapsed": ("collapsed",),
    "selected": ("selected",),
    "not selected": ("not selected", "unselected"),
    "required": ("required",),
    "not valid": ("invalid", "not valid", "invalid entry"),
}
# A radio button's checked state is also said "selected" (VoiceOver's word).
SUBJECT_STATE_WORDS: Dict[Tuple[str, str], Tuple[str, ...]] = {
    ("radio button", "checked"): ("checked", "selected"),
}
NEGATIONS = ("not checked", "unchecked", "not selected", "unselected", "not pressed")

# A boundary: what a listener hears when the reading point enters or leaves the container.
BOUNDARY_WORDS: Dict[str, Tuple[str, ...]] = {
    "group": ("group", "grouping", "radio group"),
    "list": ("list",),
    "tab list": ("tab list", "tab group"),
    "tab panel": ("tab panel", "property page"),
}
# Taken out before a boundary's word is looked for: "Tab List" is not a list.
BOUNDARY_EXCLUDED: Dict[str, Tuple[str, ...]] = {"list": ("tab list",), "group": ("tab group",)}

# The switch into focus mode (NVDA's "focus mode", Orca's and VoiceOver's words for it).
INTERACTION_MODE_WORDS = ("focus mode", "forms mode", "interaction mode", "in form")
READING_MODE_WORDS = ("browse mode", "reading mode", "virtual cursor")
EDITABLE_WORDS = ("editable", "text field", "edit", "entry", "spin button")


@dataclass(frozen=True)
class Claim:
    """What an assertion asks: its kind (role, name, state, value, minimum, maximum, position,
    count, boundary, orientation, mode, text, editable, level, unknown), the words expected,
    and what it is about ("checkbox", "group", "the radio button")."""
    kind: str
    expected: str = ""
    subject: str = ""


@dataclass(frozen=True)
class Verdict:
    passed: bool
    reason: str


def parse(phrase: str) -> Claim:
    """ARIA-AT's assertion phrase as a Claim; a phrase no rule knows is kind "unknown"."""
    text = phrase.split("|")[0].strip().rstrip(".")
    quoted = re.search(r"'(.*)'", text)
    expected = quoted.group(1) if quoted else ""
    plain = re.sub(r",\s*\d+\s*$", "", re.sub(r"'.*'", "", text)).strip(" ,")
    lower = plain.lower()
    number = re.search(r",\s*(\d+)\s*$", text)
    if not expected and number:
        expected = number.group(1)
    if lower.startswith("switch from reading mode to interaction mode") or lower.startswith("switch from"):
        return Claim("mode", "interaction")
    if lower.startswith("convey change in state"):
        return Claim("state", expected.lower(), _subject(lower, "convey change in state"))
    patterns = [
        (r"^convey role of the (.+)$", "role"), (r"^convey role$", "role"),
        (r"^convey name of (?:the )?(.+)$", "name"), (r"^convey name$", "name"),
        (r"^convey state of (?:the )?(.+)$", "state"), (r"^convey state$", "state"),
        (r"^convey minimum value$", "minimum"), (r"^convey maximum value$", "maximum"),
        (r"^convey value$", "value"),
        (r"^convey position of (?:the )?(.+?)(?: in the .+)?$", "position"),
        (r"^convey number of (.+?) in the (.+)$", "count"),
        (r"^convey (.+?) bound(?:a)?ry$", "boundary"),
        (r"^convey orientation$", "orientation"),
        (r"^convey text(?: of (.+))?$", "text"),
        (r"^convey error message$", "text"),
        (r"^convey (some or all) (?:of )?the .*text$", "text"),
        (r"^convey heading level$", "level"),
        (r"^convey (?:the ability to enter or edit text|support for edit commands in the input)$", "editable"),
    ]
    for pattern, kind in patterns:
        found = re.match(pattern, lower)
        if found:
            subject = found.group(1).strip(" ,") if found.groups() and found.group(1) else ""
            if kind == "role":
                return Claim("role", expected.lower(), subject)
            if kind == "boundary":
                return Claim("boundary", subject.strip(), subject.strip())
            if kind == "state":
                return Claim("state", expected.lower(), subject)
            return Claim(kind, expected, subject)
    return Claim("unknown", expected, phrase)


def _subject(lower: str, prefix: str) -> str:
    rest = lower[len(prefix):].strip(" ,")
    found = re.match(r"of (?:the )?(.+?),?(?: to)?$", rest)
    return found.group(1).strip(" ,") if found else ""


def words(utterances: Sequence[str]) -> str:
    """The utterances as one run of lower-case words, punctuation and apostrophes gone, each
    word between spaces: " lettuce check box not checked ", " cant "."""
    joined = " ".join(utterances).lower().replace("'", "").replace("’", "")
    return " " + " ".join(re.findall(r"\w+", joined)) + " "


def _has(text: str, phrase: str) -> bool:
    return words([phrase]) in text


def _without(text: str, phrases: Sequence[str]) -> str:
    for phrase in sorted(phrases, key=len, reverse=True):
        text = text.replace(words([phrase]), " | ")
    return text


def judge(claim: Claim, utterances: Sequence[str], names: Sequence[str] = ()) -> Verdict:
    """Whether `utterances` (what the command made said) convey `claim`, and why. `names` are
    the page's names and texts: a role, state, boundary or mode is not looked for inside them
    (the button "Trigger Alert" does not say the role alert)."""
    rule = RULES.get(claim.kind)
    if rule is None:
        return Verdict(False, f"no rule judges this assertion ({claim.subject!r})")
    if not utterances:
        return Verdict(False, "nothing was said")
    text = words(utterances)
    if claim.kind in UNNAMED_KINDS:
        text = _without(text, [name for name in names if words([name]) != words([claim.expected])])
    return rule(claim, text)


def role(claim: Claim, text: str) -> Verdict:
    expected = claim.expected.strip()
    accepted = ROLE_WORDS.get(expected)
    if accepted is None:
        accepted = (expected,)
    own = set(accepted)
    # Take out longer role words that are not this role's ("radio button" when a button is asked).
    others = [compound for compound in COMPOUND_ROLES if compound not in own and any(_has(" " + compound + " ", word) for word in accepted)]
    searched = _without(text, others)
    if any(_has(searched, word) for word in accepted):
        return Verdict(True, f"role {expected!r} said")
    if expected == "menu button" and _has(searched, "button") and any(_has(text, phrase) for phrase in MENU_BUTTON_PHRASES):
        return Verdict(True, "a button said to open a menu")
    return Verdict(False, f"role {expected!r} not said (accepted: {', '.join(accepted)})")


def name(claim: Claim, text: str) -> Verdict:
    expected = claim.expected
    if _has(text, expected):
        return Verdict(True, f"name {expected!r} said")
    return Verdict(False, f"name {expected!r} of the {claim.subject or 'element'} not said")


def state(claim: Claim, text: str) -> Verdict:
    expected = claim.expected
    accepted = SUBJECT_STATE_WORDS.get((claim.subject, expected)) or STATE_WORDS.get(expected, (expected,))
    negative = any(expected.startswith(prefix) for prefix in ("not ", "un"))
    searched = text if negative else _without(text, NEGATIONS)
    if any(_has(searched, word) for word in accepted):
        return Verdict(True, f"state {expected!r} said")
    return Verdict(False, f"state {expected!r} not said (accepted: {', '.join(accepted)})")


def value(claim: Claim, text: str) -> Verdict:
    if _has(text, claim.expected):
        return Verdict(True, f"value {claim.expected} said")
    return Verdict(False, f"value {claim.expected} not said")


def bound(claim: Claim, text: str) -> Verdict:
    """A slider's or spin button's minimum or maximum: said as such ("minimum 0"), or as the
    range ("0 to 255")."""
    number = re.escape(claim.expected)
    if claim.kind == "minimum":
        patterns = [rf" (?:min|minimum)(?: value)? {number} ", rf" {number} to \d+ "]
    else:
        patterns = [rf" (?:max|maximum)(?: value)? {number} ", rf" \d+ to {number} "]
    if any(re.search(pattern, text) for pattern in patterns):
        return Verdict(True, f"{claim.kind} {claim.expected} said")
    return Verdict(False, f"{claim.kind} {claim.expected} not said (as 'minimum N', or 'N to M')")


def position(claim: Claim, text: str) -> Verdict:
    """"2 of 3": the position said before "of"."""
    found = re.findall(r" (\d+) of (\d+) ", text)
    if any(first == claim.expected for first, _ in found):
        return Verdict(True, f"position {claim.expected} said")
    said = ", ".join(f"{first} of {last}" for first, last in found) or "none"
    return Verdict(False, f"position {claim.expected} not said (positions said: {said})")


def count(claim: Claim, text: str) -> Verdict:
    """The number of items: "2 of 3", or "3 items"."""
    number = claim.expected
    if re.search(rf" \d+ of {re.escape(number)} ", text) or re.search(rf" {re.escape(number)} (?:items|radio buttons|tabs) ", text):
        return Verdict(True, f"{number} items said")
    return Verdict(False, f"the number {number} of {claim.subject or 'items'} not said (as 'N of {number}' or '{number} items')")


def boundary(claim: Claim, text: str) -> Verdict:
    kind = claim.expected
    accepted = BOUNDARY_WORDS.get(kind, (kind,))
    searched = _without(text, BOUNDARY_EXCLUDED.get(kind, ()))
    if any(_has(searched, word) for word in accepted):
        return Verdict(True, f"{kind} boundary said")
    return Verdict(False, f"{kind} boundary not said (accepted: {', '.join(accepted)})")


def orientation(claim: Claim, text: str) -> Verdict:
    if _has(text, claim.expected):
        return Verdict(True, f"orientation {claim.expected!r} said")
    return Verdict(False, f"orientation {claim.expected!r} not said")


def mode(claim: Claim, text: str) -> Verdict:
    if any(_has(text, word) for word in INTERACTION_MODE_WORDS):
        return Verdict(True, "the switch to focus mode said")
    return Verdict(False, "the switch to focus mode not said")


def spoken_text(claim: Claim, text: str) -> Verdict:
    """The text, whole; or, where "some or all" of it is asked, at least its first six words."""
    if _has(text, claim.expected):
        return Verdict(True, f"text {claim.expected[:40]!r} said")
    start = " ".join(words([claim.expected]).split()[:6])
    if claim.subject == "some or all" and _has(text, start):
        return Verdict(True, f"the text's start {start!r} said")
    return Verdict(False, f"text {claim.expected[:60]!r} not said")


def editable(claim: Claim, text: str) -> Verdict:
    if any(_has(text, word) for word in EDITABLE_WORDS):
        return Verdict(True, "an editable field said")
    return Verdict(False, f"nothing says text can be typed (accepted: {', '.join(EDITABLE_WORDS)})")


def level(claim: Claim, text: str) -> Verdict:
    if re.search(rf" (?:level|heading level|h){re.escape(claim.expected)} | level {re.escape(claim.expected)} ", text):
        return Verdict(True, f"level {claim.expected} said")
    return Verdict(False, f"heading level {claim.expected} not said")


# The kinds whose words are not looked for inside the page's names.
UNNAMED_KINDS = ("role", "state", "boundary", "mode", "orientation", "editable", "level", "position", "count")

RULES = {
    "role": role, "name": name, "state": state, "value": value, "minimum": bound, "maximum": bound,
    "position": position, "count": count, "boundary": boundary, "orientation": orientation, "mode": mode,
    "text": spoken_text, "editable": editable, "level": level,
}


def names(phrases: Sequence[str]) -> Tuple[str, ...]:
    """The names and texts that ARIA-AT's phrases expect (their name and text claims)."""
    return tuple(sorted({claim.expected for claim in map(parse, phrases) if claim.kind in ("name", "text") and claim.expected}))


def describe(claim: Claim) -> str:
    """"role 'checkbox'", "name 'Sandwich Condiments' of group": a claim in a few words."""
    about = f" of {claim.subject}" if claim.subject and claim.kind not in ("boundary", "role") else ""
    return f"{claim.kind} {claim.expected!r}{about}"
