"""Whether what a screen reader said conveys ARIA-AT's assertions, as ARIA-AT's human testers
judge them: pure rules, one per kind of assertion, over the utterances a command made said.

An assertion's phrase ("convey role 'checkbox'", "convey name of the group, 'Sandwich
Condiments'", "convey position of the radio button, 2", v1's sentences read as phrases) is
parsed into a `Claim`: its kind, the words expected, what it is about (its subject), and whether
it asks for an absence ("not convey numeric value, '0'").

A claim is judged on the element it is about, never on whatever was said:
- The element the command reached is named by the test's own assertions (the name of its
  checkbox, link, radio button…). Its role, state, value, position, count, orientation, level
  and editability must be said in that element's own utterance: one that says its name (cut
  where another of the page's names begins). "Lettuce. Check Box. Not Checked. | Tomato. Check
  Box. Checked." does not convey Lettuce checked; "Navigate backwards from here. Link." does
  not convey the role of the link Top.
- A container (a group, list, landmark, menu, grid, tab list, dialog, region…) is conveyed where
  it is entered: its role word anywhere in what was said (never inside one of the page's
  names), its name in an utterance that also says its role (a heading of the same words is
  not the group's name).
- A position is "N of M" with M the set's size when the test knows it; a count is "N of M" or
  "M items"; a state's words are looked for after the longer states that hold them are taken
  out ("half checked" is not checked, "not pressed" is not pressed); "not convey" holds when the
  thing is absent from the element's utterance.

The tables below are every word accepted for a role, a state and a boundary: anything else
fails (a check box said as a switch, "On" for a check box's checked state).
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

# The words that convey a role. A role is matched as whole words; a longer role word that holds
# a shorter role's word ("radio button" and "button") is taken out first, so "Radio Button"
# never conveys "button".
ROLE_WORDS: Dict[str, Tuple[str, ...]] = {
    "checkbox": ("check box", "checkbox"),
    "radio button": ("radio button",),
    "switch": ("switch", "switch button", "toggle switch"),
    "toggle button": ("toggle button",),
    "menu button": ("menu button", "pop up button", "popup button"),
    "button": ("button",),
    "link": ("link",),
    # Orca says a group by its AT-SPI role, "panel".
    "group": ("group", "grouping", "radio group", "panel"),
    "radiogroup": ("radio group",),
    "menu": ("menu",),
    "menubar": ("menu bar", "menubar"),
    "menu item": ("menu item", "menuitem"),
    "menuitem": ("menu item", "menuitem"),
    "menu item checkbox": ("menu item check box", "check menu item", "checkable menu item", "menu item checkbox"),
    "menu item radio": ("menu item radio", "radio menu item", "radio button menu item"),
    "tab": ("tab",),
    "tab list": ("tab list", "tab group"),
    "tab panel": ("tab panel", "property page"),
    "slider": ("slider",),
    "spin button": ("spin button", "stepper", "incrementor"),
    "alert": ("alert",),
    "heading": ("heading",),
    "region": ("region",),
    "textbox": ("text field", "edit", "edit text", "text entry", "text box", "entry"),
    "text field": ("text field", "edit", "edit text", "text entry", "text box", "entry"),
    "combobox": ("combo box", "combobox"),
    "listbox": ("list box", "listbox", "list"),
    "list": ("list",),
    "grid": ("grid", "table"),
    "table": ("table",),
    "dialog": ("dialog", "alert dialog"),
    "image": ("image", "graphic"),
    "meter": ("meter", "level indicator", "level bar"),
    "banner": ("banner", "banner landmark"),
    "complementary": ("complementary", "complementary landmark"),
    "contentinfo": ("content info", "contentinfo", "content information", "content info landmark"),
    "form": ("form", "form landmark"),
    "main": ("main", "main landmark"),
    "navigation": ("navigation", "navigation landmark"),
    "navigation landmark": ("navigation landmark", "navigation"),
    # A combobox's popup, by what it is: a list box (said "List"), a grid, a tree, a dialog.
    "popup": ("popup", "pop up", "list box", "listbox", "list", "grid", "tree", "dialog", "menu"),
}
# Longer role words that hold a shorter role's word: taken out before the shorter is looked for.
COMPOUND_ROLES = ("radio button", "switch button", "toggle button", "menu button", "pop up button", "popup button",
                  "menu item", "menu bar", "radio group", "tab list", "tab group", "tab panel", "spin button", "check box",
                  "text field", "toggle switch", "edit text", "combo box", "list box", "alert dialog", "list item",
                  "check menu item", "radio menu item", "menu item check box", "menu item radio", "radio button menu item")
# "Menu button" is also conveyed by a button said to open a menu.
MENU_BUTTON_PHRASES = ("opens a menu", "has popup", "has pop up", "submenu")
# Roles of what is entered rather than reached: a command conveys them where it enters them.
CONTAINER_ROLES = {"group", "radiogroup", "menu", "menubar", "tab list", "tab panel", "list", "listbox", "grid", "table",
                   "dialog", "region", "banner", "complementary", "contentinfo", "form", "main", "navigation",
                   "navigation landmark", "landmark region", "landmark", "popup", "breadcrumbs container", "tablist"}

# The words that convey a state; the longer states that hold them are taken out first.
STATE_WORDS: Dict[str, Tuple[str, ...]] = {
    "checked": ("checked",),
    "not checked": ("not checked", "unchecked"),
    "unchecked": ("not checked", "unchecked"),
    "mixed": ("mixed", "partially checked", "half checked"),
    "on": ("on",),
    "off": ("off",),
    "pressed": ("pressed",),
    "not pressed": ("not pressed",),
    "expanded": ("expanded", "open"),
    "collapsed": ("collapsed", "closed"),
    "selected": ("selected",),
    "not selected": ("not selected", "unselected"),
    "required": ("required",),
    "not valid": ("invalid", "not valid", "invalid entry"),
    "current page": ("current page",),
    "disabled": ("disabled", "unavailable", "dimmed"),
}
# Said for a state by a reader, though other words: a radio button's checked state "selected"
# (VoiceOver's word), a toggle button's pressed state "selected" only where no "not" is near.
SUBJECT_STATE_WORDS: Dict[Tuple[str, str], Tuple[str, ...]] = {
    ("radio button", "checked"): ("checked", "selected"),
}
# Phrases that hold another state's words and are not that state.
NOT_THE_STATE = ("not checked", "unchecked", "partially checked", "half checked", "not selected", "unselected",
                 "not pressed", "not valid", "not expanded", "not collapsed", "not required", "not current")

# The switch into focus mode (NVDA's "focus mode", Orca's and VoiceOver's words for it).
INTERACTION_MODE_WORDS = ("focus mode", "forms mode", "interaction mode", "in form")
EDITABLE_WORDS = ("editable", "text field", "edit", "edit text", "entry", "text entry", "text box")
NOT_EDITABLE = ("invalid entry", "not editable", "read only")


@dataclass(frozen=True)
class Claim:
    """What an assertion asks: its kind, the words expected, what it is about ("checkbox",
    "group", "" for the element reached), and whether it asks that they are not said."""
    kind: str
    expected: str = ""
    subject: str = ""
    negative: bool = False


@dataclass(frozen=True)
class Verdict:
    passed: bool
    reason: str


# -- parsing


def _expected(text: str) -> str:
    """The quoted or parenthesized words of a phrase: 'X', "X", ('X'), (X), or a number at its end;
    a quote ARIA-AT's data left open runs to the end."""
    for pattern in (r"'(.*)'", r'"(.*)"', r"\(\s*'?(.*?)'?\s*\)", r"'(.*)$"):
        found = re.search(pattern, text)
        if found:
            return found.group(1).strip()
    found = re.search(r"[, ]\s*(\d+(?:\.\d+)?)\s*,?\s*$", text)
    return found.group(1) if found else ""


def _plain(text: str) -> str:
    """The phrase without its quoted or parenthesized words and a trailing number."""
    text = re.sub(r"'.*'|\".*\"|\(.*\)|'.*$", " ", text)
    text = re.sub(r"[, ]\s*\d+(?:\.\d+)?\s*,?\s*$", " ", text)
    return " ".join(text.replace(",", " ").split()).lower()


# (pattern over the plain phrase after "convey ", kind); the first that matches is taken.
PATTERNS: Tuple[Tuple[str, str], ...] = (
    (r"^(?:the )?name and role of (?:the )?(?P<s>.+)$", "nameAndRole"),
    (r"^change (?:in|of) mode\b.*$", "mode"),
    (r"^change in state\b(?: of (?:the )?(?P<s>.+?))?(?: to)?$", "state"),
    (r"^(?:the )?role of (?:the )?(?P<s>.+)$", "role"),
    (r"^(?:the )?role$", "role"),
    (r"^(?:the )?name of (?:the )?(?P<s>.+)$", "name"),
    (r"^(?:the )?name$", "name"),
    (r"^(?:the )?(?P<s>[\w ]+?) name$", "name"),                       # the menubar name 'X'
    (r"^(?:the )?role (?P<s>)$", "role"),
    (r"^(?:the )?state of (?:the )?(?P<s>.+?)$", "state"),
    (r"^(?:the )?state$", "state"),
    (r"^(?:the )?(?P<e>checked|unchecked|disabled|mixed) state$", "state"),
    (r"^(?P<e>open|closed) state of (?:the )?(?P<s>submenu)$", "state"),
    (r"^(?:textual|text) value$", "textValue"),
    (r"^(?:numeric )?value$", "value"),
    (r"^updated value$", "value"),
    (r"^minimum value$", "minimum"),
    (r"^maximum value$", "maximum"),
    (r"^(?:the )?position of (?:the )?item and number of items\b.*$", "positionAndCount"),
    (r"^position of (?:the )?(?P<s>.+?)(?: in (?:the )?.+)?$", "position"),
    (r"^number of (?P<s>rows|columns)$", "dimension"),
    (r"^number of (?P<s>.+?)(?: in (?:the )?.+)?$", "count"),
    (r"^(?P<s>row|column) number(?: of the cell)?$", "cellNumber"),
    (r"^content of (?:the )?column header$", "header"),
    (r"^content of (?:the )?(?:cell|row header)$", "text"),
    (r"^(?P<s>.+?) (?:landmark )?bound(?:a)?ry$", "boundary"),
    (r"^orientation$", "orientation"),
    (r"^heading level(?: \d+)?$", "level"),
    (r"^(?:(?P<s>dialog|button) )?description as:?$", "text"),
    (r"^error message$", "text"),
    (r"^text(?: of (?:the )?(?P<s>.+))?$", "text"),
    (r"^(?P<s>some or all) (?:of )?the .*text$", "text"),
    (r"^(?:the )?(?:ability to enter (?:or edit )?text(?: into the input)?|support for edit commands in the input)$", "editable"),
    (r"^(?:the )?presence of autocomplete behavior$", "autocomplete"),
    (r"^availability of a submenu$", "submenu"),
    (r"^cursor position$", "caret"),
    (r"^access key$", "accessKey"),
    (r"^$", "text"),                                                    # convey 'X'
)


def parse(phrase: str) -> Claim:
    """ARIA-AT's assertion phrase (v2's, or v1's sentence read as one) as a Claim; a phrase no rule
    knows is kind "unknown"."""
    text = " ".join(phrase.split("|")[0].split()).strip().rstrip(".").strip()
    lower = text.lower()
    expected = _expected(text)
    if lower.startswith("switch from"):
        return Claim("mode", "interaction")
    cursor = re.match(r"^position (?:the )?(?:screen reader cursor|browse mode caret|\w+ cursor) at (?P<rest>.*)$", lower)
    if cursor:
        role = _plain(cursor.group("rest")).strip() or ""
        return Claim("cursor", expected, role)
    negative = lower.startswith("not ")
    body = re.sub(r"^(?:not )?convey\s*", "", lower)
    if body == lower:
        return Claim("unknown", expected, phrase)
    plain = _plain(re.sub(r"^(?:not )?convey\s*", "", text))
    if re.match(r"^heading level \d+$", plain):
        expected = expected or plain.split()[-1]
    for pattern, kind in PATTERNS:
        found = re.match(pattern, plain)
        if not found:
            continue
        groups = found.groupdict()
        subject = (groups.get("s") or "").strip()
        if groups.get("e"):
            expected = groups["e"]
        if kind in ("role", "state"):
            expected = re.sub(r"^to ", "", expected.lower())
        if kind == "state":
            subject = re.sub(r"^text in (?:the )?input$", "input", subject)
        if kind == "boundary":
            return Claim("boundary", subject, subject, negative)
        if kind == "name" and subject in ("", "first list item", "focused item", "focused element"):
            subject = "" if subject != "first list item" else "list item"
        if kind == "count":
            subject = re.sub(r"^(?:list )?(items|options|radio buttons|tabs)$", r"\1", subject)
        return Claim(kind, expected, _canonical(subject), negative)
    return Claim("unknown", expected, phrase)


def _canonical(subject: str) -> str:
    """A subject as a role's name: "the focused option in the popup" as "option", "input" as
    "text field", "landmark region" as "landmark"."""
    subject = re.sub(r"^(?:the |first )?(?:focused )?", "", subject).strip()
    subject = re.sub(r" in (?:the )?.+$", "", subject)
    return {"input": "text field", "text input": "text field", "landmark region": "landmark",
            "breadcrumbs container": "list", "navigation region": "navigation", "focused element": "", "focused item": "", "item": "",
            "element": ""}.get(subject, subject)


# -- words


def words(utterances: Sequence[str]) -> str:
    """The utterances as one run of lower-case words, each between spaces, punctuation and
    apostrophes gone, a number kept whole: " lettuce check box not checked ", " 10.0 degrees "."""
    joined = " ".join(utterances).lower().replace("'", "").replace("’", "")
    return " " + " ".join(re.findall(r"\d+(?:[.,]\d+)*|[^\W_]+", joined)) + " "


def _has(text: str, phrase: str) -> bool:
    return words([phrase]) in text


def _without(text: str, phrases: Sequence[str]) -> str:
    for phrase in sorted(phrases, key=len, reverse=True):
        if phrase.strip():
            text = text.replace(words([phrase]), " | ")
    return text


def _number(text: str) -> Optional[float]:
    try:
        return float(text.replace(",", "").lstrip("$"))
    except ValueError:
        return None


def _single(value: float) -> float:
    """The number as a browser that holds it in single precision has it (Chromium's)."""
    try:
        return struct.unpack("f", struct.pack("f", value))[0]
    except OverflowError:
        return value


def _has_number(text: str, expected: str) -> bool:
    """The number said, as written or as the same number ("10.0" and "10"), or as the page's
    browser holds it ("36.16652" for 36.166519936288, Chromium's single precision; never a
    rounding coarser than that: "36.17" is not it)."""
    if _has(text, expected):
        return True
    value = _number(expected)
    if value is None:
        return False
    said = [number for number in (_number(word) for word in text.split() if word[0].isdigit()) if number is not None]
    return any(number == value or _single(number) == _single(value) for number in said)


# -- the element a claim is about


@dataclass(frozen=True)
class Context:
    """What a command's assertions say of the page: the name of the element reached, the
    containers' names by role, the set's size, the text values, the page's names."""
    target: str = ""
    containers: Tuple[Tuple[str, str], ...] = ()
    size: str = ""
    text_values: Tuple[str, ...] = ()
    names: Tuple[str, ...] = ()
    own_values: Tuple[str, ...] = ()

    @staticmethod
    def of(claims: Sequence[Claim], names: Sequence[str] = ()) -> "Context":
        container_roles = {claim.expected for claim in claims if claim.kind == "role" and claim.expected in CONTAINER_ROLES}
        element_roles = {claim.expected for claim in claims if claim.kind == "role" and claim.expected not in CONTAINER_ROLES}
        target, containers = "", []
        # A name with no subject of its own is the name of the role asked just before it, as
        # ARIA-AT's older plans pair them ("role 'group'", "name 'Sandwich Condiments'", "role
        # 'checkbox'", "name 'All condiments'"); and a name with no subject just after a
        # landmark's boundary is that landmark's, left or entered on the way ("complementary
        # landmark boundary", "name 'Landmarks'", "role 'link'", "name 'Navigate backwards from
        # here'": the link is the element reached).
        last_role = last_boundary = ""
        for claim in claims:
            if claim.kind == "role":
                last_role, last_boundary = claim.expected, ""
            if claim.kind == "boundary":
                last_boundary = claim.expected
            if claim.kind not in ("name", "nameAndRole") or not claim.expected:
                continue
            if claim.kind == "name" and not claim.subject and last_boundary:
                containers.append((last_boundary, claim.expected))
                last_boundary = ""
                continue
            paired = not claim.subject and last_role in CONTAINER_ROLES and bool(element_roles)
            if (claim.kind == "nameAndRole" or _is_container(claim.subject) or paired
                    or (not claim.subject and container_roles and not element_roles)):
                containers.append((claim.subject or (last_role if paired else next(iter(sorted(container_roles)), "")), claim.expected))
            elif not target:
                target = claim.expected
        if not target:
            cells = [claim.expected for claim in claims if claim.kind == "text" and claim.subject in ("cell", "")]
            target = cells[0] if cells else ""
        size = next((claim.expected for claim in claims if claim.kind == "count" and claim.expected), "")
        values = tuple(claim.expected for claim in claims if claim.kind == "textValue" and not claim.negative)
        # The element's own value ("State: Alabama", "Favorite Fruit: Choose a Fruit") may be
        # another element's name on the page (an option's): said with the element, it is the
        # element's own words, not where another element begins.
        own = values + tuple(claim.expected for claim in claims
                             if claim.kind == "text" and claim.subject == "selected option" and not claim.negative)
        return Context(target, tuple(containers), size, values, tuple(names), own)


def _is_container(subject: str) -> bool:
    return subject in CONTAINER_ROLES or subject.endswith(("landmark", "region", "group", "menu", "menubar", "list"))


def _segments(said: Sequence[str], name: str, others: Sequence[str], before: bool = False) -> List[str]:
    """The utterances that say `name`, each from the name to where another of the page's names
    begins (and, `before`, back to where the one before it ends: a role may be said before the
    name, "link, Top"): the element's own words."""
    found = []
    key = words([name])
    keys = [words([other]) for other in others if other.strip()]
    keys = [other for other in keys if other != key and other not in key]
    for utterance in said:
        text = words([utterance])
        start = text.find(key)
        while start >= 0:
            rest = text[start + len(key) - 1:]
            cut = min([at for at in (rest.find(other) for other in keys) if at >= 0] + [len(rest)])
            head = text[:start + 1]
            if before:
                ends = [head.rfind(other) + len(other) - 1 for other in keys if head.rfind(other) >= 0]
                head = head[max(ends):] if ends else head
            else:
                head = " "
            found.append(head[:-1] + key[:-1] + rest[:cut + 1])
            start = text.find(key, start + 1)
    return found


def element_text(claim: Claim, said: Sequence[str], context: Context, before: bool = False) -> Tuple[str, str]:
    """The words a claim about the element reached is judged on, and what they are: its own
    utterances when its name is known (`before`: with what precedes the name in them), else
    everything said with the page's names taken out."""
    if context.target:
        own = {words([value]) for value in context.own_values}
        others = [other for other in context.names if words([other]) not in own]
        segments = _segments(said, context.target, others, before)
        if not segments:
            return "", f"the element {context.target!r} was not said"
        return " | ".join(segments), f"the element {context.target!r}"
    return _without(words(said), context.names), "what was said"


# -- the rules


def judge_all(claims: Sequence[Claim], said: Sequence[str], names: Sequence[str] = (),
              about: Sequence[Claim] = ()) -> List[Verdict]:
    """Each claim judged on what a command made said; `about` are all the claims of the test
    (they name the element reached and its containers, even those this command does not ask),
    `names` the page's names and texts."""
    context = Context.of(list(about) or list(claims), names)
    return [judge_in(claim, said, context) for claim in claims]


def judge(claim: Claim, said: Sequence[str], names: Sequence[str] = (), about: Sequence[Claim] = ()) -> Verdict:
    """One claim judged on what was said (judge_all for one)."""
    return judge_all([claim], said, names, about or [claim])[0]


def judge_in(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    rule = RULES.get(claim.kind)
    if rule is None:
        return Verdict(False, f"no rule judges this assertion ({claim.subject!r})")
    said = [utterance for utterance in said if utterance.strip()]
    if not said and not claim.negative:
        return Verdict(False, "nothing was said")
    return rule(claim, said, context)


def role(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    expected = claim.expected.strip()
    if _is_container(expected) or _is_container(claim.subject):
        text, where = _without(words(said), context.names), "what was said"
    else:
        text, where = element_text(claim, said, context, before=True)
        text = _without(text, context.names)
    accepted = ROLE_WORDS.get(expected, (expected,))
    own = set(accepted)
    others = [compound for compound in COMPOUND_ROLES if compound not in own and any(_has(" " + compound + " ", word) for word in accepted)]
    searched = _without(text, others)
    if any(_has(searched, word) for word in accepted):
        return Verdict(not claim.negative, f"role {expected!r} said in {where}")
    # A landmark said by its kind ("Main landmark."), though a name of the page holds the kind's
    # word (a heading "Main"): the word "landmark" is no page's name.
    if any(word.endswith(" landmark") and _has(words(said), word) for word in accepted):
        return Verdict(not claim.negative, f"role {expected!r} said as a landmark")
    if expected == "menu button" and _has(searched, "button") and any(_has(text, phrase) for phrase in MENU_BUTTON_PHRASES):
        return Verdict(not claim.negative, f"a button said to open a menu in {where}")
    return Verdict(claim.negative, f"role {expected!r} not said in {where} (accepted: {', '.join(accepted)})")


def name(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """The name said; a container's with its role in the same utterance."""
    expected = claim.expected
    container = claim.kind == "nameAndRole" or _is_container(claim.subject) or any(
        found == expected for _, found in context.containers)
    others = [other for other in context.names if words([expected]) in words([other]) and words([other]) != words([expected])]
    if not container:
        if _has(_without(words(said), others), expected):
            return Verdict(not claim.negative, f"name {expected!r} said")
        return Verdict(claim.negative, f"name {expected!r} of the {claim.subject or 'element'} not said")
    subject = claim.subject or next((role for role, found in context.containers if found == expected), "")
    accepted = ROLE_WORDS.get(subject, (subject,)) if subject else ()
    if subject in ("landmark",):
        accepted = ("landmark", "navigation", "region", "banner", "main", "complementary", "content info", "form")
    for utterance in said:
        text = words([utterance])
        if not _has(_without(text, others), expected):
            continue
        rest = _without(text, [expected])
        searched = _without(rest, [c for c in COMPOUND_ROLES if c not in accepted and any(_has(" " + c + " ", w) for w in accepted)])
        if not accepted or any(_has(searched, word) for word in accepted):
            return Verdict(not claim.negative, f"name {expected!r} said with the {subject or 'container'}'s role")
    return Verdict(claim.negative, f"name {expected!r} not said as the {subject or 'container'}'s (with its role: "
                                   f"{', '.join(accepted) or 'none known'})")


def state(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    expected = claim.expected
    if claim.subject in ("combobox", "submenu") or _is_container(claim.subject):
        text, where = words(said), "what was said"
    elif claim.subject == "text field" and expected == "selected":
        text, where = words(said), "what was said"
    else:
        text, where = element_text(claim, said, context)
    accepted = SUBJECT_STATE_WORDS.get((claim.subject, expected)) or STATE_WORDS.get(expected, (expected,))
    longer = [phrase for phrase in NOT_THE_STATE if phrase not in accepted and any(_has(" " + phrase + " ", w) for w in accepted)]
    searched = _without(text, longer)
    if any(_has(searched, word) for word in accepted):
        return Verdict(not claim.negative, f"state {expected!r} said in {where}")
    # Said just before the element's name, as its prefix: "Selected: Peter Müller. Tab."
    if context.target and any(f"{word}: {context.target.lower()}" in utterance.lower() for utterance in said for word in accepted):
        return Verdict(not claim.negative, f"state {expected!r} said before the name of the element {context.target!r}")
    return Verdict(claim.negative, f"state {expected!r} not said in {where} (accepted: {', '.join(accepted)})")


def value(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """A number (the text values taken out: "0 Seconds" does not say the number 0); a text value
    whole; "updated value" not conveyed: nothing said."""
    if not claim.expected:
        if claim.negative:
            return Verdict(not said, "nothing was said" if not said else f"said: {' | '.join(said)}")
        return Verdict(bool(said), "something was said")
    text, where = element_text(claim, said, context)
    if claim.kind == "textValue":
        found = _has(text, claim.expected)
    else:
        found = _has_number(_without(text, context.text_values), claim.expected)
    if found:
        return Verdict(not claim.negative, f"value {claim.expected!r} said in {where}")
    return Verdict(claim.negative, f"value {claim.expected!r} not said in {where}")


def bound(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """A minimum or maximum: said as such ("minimum 0"), or as the range ("0 to 255")."""
    text, where = element_text(claim, said, context)
    number = re.escape(claim.expected)
    if claim.kind == "minimum":
        patterns = [rf" (?:min|minimum)(?: value)? {number} ", rf" {number} to [\d.]+ "]
    else:
        patterns = [rf" (?:max|maximum)(?: value)? {number} ", rf" [\d.]+ to {number} "]
    if any(re.search(pattern, text) for pattern in patterns):
        return Verdict(not claim.negative, f"{claim.kind} {claim.expected} said in {where}")
    return Verdict(claim.negative, f"{claim.kind} {claim.expected} not said in {where} (as 'minimum N', or 'N to M')")


def position(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """"2 of 3" in the element's words, 3 the set's size when the test knows it."""
    text, where = element_text(claim, said, context)
    found = re.findall(r" (\d+) of (\d+) ", text)
    size = context.size
    if claim.kind == "positionAndCount":
        ok = bool(found)
    else:
        ok = any(first == claim.expected and (not size or last == size) for first, last in found)
    if ok:
        return Verdict(True, f"position {claim.expected or ''} said in {where}")
    said_positions = ", ".join(f"{first} of {last}" for first, last in found) or "none"
    return Verdict(False, f"position {claim.expected}{' of ' + size if size else ''} not said in {where} "
                          f"(positions said: {said_positions})")


def count(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """The number of items: "2 of 3" in the element's words, or "3 items" where the set is entered."""
    number = re.escape(claim.expected)
    text, where = element_text(claim, said, context)
    if re.search(rf" \d+ of {number} ", text):
        return Verdict(True, f"{claim.expected} items said in {where}")
    nouns = r"(?:items|item|options|radio buttons|tabs|buttons|menu items|links)"
    if re.search(rf" (?:with )?{number} {nouns} ", words(said)):
        return Verdict(True, f"{claim.expected} items said")
    return Verdict(False, f"the number {claim.expected} of {claim.subject or 'items'} not said "
                          f"(as 'N of {claim.expected}' in {where}, or '{claim.expected} items')")


def dimension(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """A grid's number of rows or columns: "7 rows", "with 5 columns"."""
    if re.search(rf" {re.escape(claim.expected)} {claim.subject} ", words(said)):
        return Verdict(True, f"{claim.expected} {claim.subject} said")
    return Verdict(False, f"{claim.expected} {claim.subject} not said")


def cell_number(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """A cell's row or column number: "row 2", "column 1"."""
    text, where = element_text(claim, said, context)
    if re.search(rf" {claim.subject} {re.escape(claim.expected)} ", text if context.target else words(said)):
        return Verdict(True, f"{claim.subject} {claim.expected} said in {where}")
    return Verdict(False, f"{claim.subject} {claim.expected} not said in {where}")


def header(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """A column header said with the cell (in the cell's utterance, or just before it)."""
    if _has(words(said), claim.expected):
        return Verdict(True, f"header {claim.expected!r} said")
    return Verdict(False, f"header {claim.expected!r} not said")


def boundary(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """Entering or leaving a container: its role's word ("list", "banner landmark", "out of list")."""
    kind = claim.expected.strip().lower()
    accepted = ROLE_WORDS.get(kind, (kind,))
    # Reached on the way to the element: a boundary said of another element the command
    # stopped on is not the element's.
    if context.target and not _segments(said, context.target, context.names):
        return Verdict(False, f"{kind} boundary: the element {context.target!r} was not said")
    text = _without(words(said), context.names)
    others = [compound for compound in COMPOUND_ROLES if compound not in accepted and any(_has(" " + compound + " ", w) for w in accepted)]
    searched = _without(text, others)
    if any(_has(searched, word) for word in accepted):
        return Verdict(True, f"{kind} boundary said")
    # A landmark said by its kind ("Out of Main landmark."), though a name of the page holds the
    # kind's word: the word "landmark" is no page's name.
    if any(word.endswith(" landmark") and _has(words(said), word) for word in accepted):
        return Verdict(True, f"{kind} boundary said as a landmark")
    return Verdict(False, f"{kind} boundary not said (accepted: {', '.join(accepted)})")


def orientation(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    text, where = element_text(claim, said, context)
    if _has(text, claim.expected):
        return Verdict(True, f"orientation {claim.expected!r} said in {where}")
    return Verdict(False, f"orientation {claim.expected!r} not said in {where}")


def mode(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    if any(_has(words(said), word) for word in INTERACTION_MODE_WORDS):
        return Verdict(True, "the switch to focus mode said")
    return Verdict(False, "the switch to focus mode not said")


def spoken_text(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """The text, whole; or, where "some or all" of it is asked (or the description is long), at
    least its first six words."""
    text = words(said)
    if _has(text, claim.expected):
        return Verdict(not claim.negative, f"text {claim.expected[:40]!r} said")
    start = " ".join(words([claim.expected]).split()[:6])
    if claim.subject == "some or all" and _has(text, start):
        return Verdict(not claim.negative, f"the text's start {start!r} said")
    return Verdict(claim.negative, f"text {claim.expected[:60]!r} not said")


def editable(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    text, where = element_text(claim, said, context)
    searched = _without(text, NOT_EDITABLE)
    if any(_has(searched, word) for word in EDITABLE_WORDS):
        return Verdict(True, f"an editable field said in {where}")
    return Verdict(False, f"nothing in {where} says text can be typed (accepted: {', '.join(EDITABLE_WORDS)})")


def level(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    text, where = element_text(claim, said, context)
    number = re.escape(claim.expected)
    if re.search(rf" (?:level|heading level|h){number} | level {number} ", text):
        return Verdict(True, f"level {claim.expected} said in {where}")
    return Verdict(False, f"heading level {claim.expected} not said in {where}")


def cursor(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """The reading cursor at an element: the last utterance names it, with its role."""
    last = words([said[-1]]) if said else " "
    accepted = ROLE_WORDS.get(claim.subject, (claim.subject,)) if claim.subject else ()
    if _has(last, claim.expected) and (not accepted or any(_has(_without(last, [claim.expected]), w) for w in accepted)):
        return Verdict(True, f"the cursor is at {claim.subject or 'the element'} {claim.expected!r}")
    return Verdict(False, f"the last thing said is not {claim.subject or 'the element'} {claim.expected!r}")


def autocomplete(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    text, where = element_text(claim, said, context)
    if any(_has(text, word) for word in ("autocomplete", "auto complete", "has autocomplete", "completion")):
        return Verdict(True, f"autocomplete said in {where}")
    return Verdict(False, f"autocomplete not said in {where}")


def submenu(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    text, where = element_text(claim, said, context)
    if any(_has(text, word) for word in ("submenu", "sub menu", "has popup", "has pop up", "opens a menu", "collapsed", "expanded")):
        return Verdict(True, f"a submenu said in {where}")
    return Verdict(False, f"no submenu said in {where}")


def caret(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    """The caret on a character: that character said alone; at the end: "blank" or "end"."""
    for utterance in said:
        text = words([utterance]).split()
        if claim.expected.startswith("at the end"):
            if text and text[0] in ("blank", "end"):
                return Verdict(True, "the end of the text said")
        elif text == [claim.expected.lower()] or text[:1] == [claim.expected.lower()] and len(text) <= 3:
            return Verdict(True, f"the character {claim.expected!r} said")
    return Verdict(False, f"the caret's place ({claim.expected}) not said")


def access_key(claim: Claim, said: Sequence[str], context: Context) -> Verdict:
    text, where = element_text(claim, said, context)
    if _has(text, "access key") and _has(text, claim.expected):
        return Verdict(True, f"access key {claim.expected} said in {where}")
    return Verdict(False, f"access key {claim.expected} not said in {where}")


RULES = {
    "role": role, "name": name, "nameAndRole": name, "state": state, "value": value, "textValue": value,
    "minimum": bound, "maximum": bound, "position": position, "positionAndCount": position, "count": count,
    "dimension": dimension, "cellNumber": cell_number, "header": header, "boundary": boundary,
    "orientation": orientation, "mode": mode, "text": spoken_text, "editable": editable, "level": level,
    "cursor": cursor, "autocomplete": autocomplete, "submenu": submenu, "caret": caret, "accessKey": access_key,
}


def names(phrases: Sequence[str]) -> Tuple[str, ...]:
    """The names and texts that ARIA-AT's phrases expect (their name and text claims; not a text
    value, which is the element's own and is said within its utterance)."""
    return tuple(sorted({claim.expected for claim in map(parse, phrases)
                         if claim.kind in ("name", "nameAndRole", "text", "header", "cursor") and claim.expected}))


def describe(claim: Claim) -> str:
    """"role 'checkbox'", "name 'Sandwich Condiments' of group": a claim in a few words."""
    about = f" of {claim.subject}" if claim.subject and claim.kind not in ("boundary", "role") else ""
    return f"{'not ' if claim.negative else ''}{claim.kind} {claim.expected!r}{about}"
