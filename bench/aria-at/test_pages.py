"""Each pattern's page in Chromium and Firefox ESR, the exact lines Announcer says for one of its
plan's commands: the scorer's own runner (a fresh page with the test's setup done, the mode set,
the keys pressed, what was said until speech settles), with the expected words written out.

    ANNOUNCERD=... ANNOUNCER_ATSPI=... python3 -m pytest bench/aria-at/test_pages.py

A line here is what a listener hears; the judge (test_judge.py) decides what ARIA-AT's
assertions make of it. Both browsers must say the same, except where a row gives one browser's
words of its own.
"""
from __future__ import annotations

import os
import sys
from typing import Dict, List, Optional, Tuple

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from plans import plans  # noqa: E402
from score import BROWSERS, Runner  # noqa: E402

PAGES = os.path.join(HERE, "pages")

KEYBOARD_TOGGLE = "Press Space to toggle setting."
ADJUST = "Press Up or Down Arrow to adjust the value."

# (plan, test, NVDA's keys, mode, the lines said; optionally {browser: its own lines}).
Row = Tuple[str, str, str, str, List[str], Optional[Dict[str, List[str]]]]
ROWS: List[Row] = [
    ("alert", "triggerAlert", "space", "browse", ["Hello"], None),
    ("checkbox", "navForwardsToNotCheckedCheckbox", "x", "browse",
     ["Sandwich Condiments. Group. Lettuce. Check Box. Not Checked. List Start.", KEYBOARD_TOGGLE], None),
    ("checkbox", "reqInfoAboutNotCheckedCheckbox", "ins+tab", "browse",
     ["Main landmark. Sandwich Condiments. Group. List. Lettuce. Check Box. Not Checked.", KEYBOARD_TOGGLE], None),
    ("command-button", "navForwardsToButton", "b", "browse", ["Print Page. Button."], None),
    ("link-css", "navForwardsToLink", "k", "browse", ["W3C website. Link."], None),
    ("link-img-alt", "navForwardsToLink", "k", "browse", ["W3C website. Link."], None),
    ("link-span-text", "navForwardsToLink", "k", "browse", ["W3C website. Link."], None),
    ("switch", "navForwardsToSwitchOffState", "down", "browse", ["Notifications. Switch Button. Off.", KEYBOARD_TOGGLE], None),
    ("switch-button", "operateSwitchOffState", "space", "browse", ["Living Room Lights. Switch Button. On.", KEYBOARD_TOGGLE], None),
    ("switch-checkbox", "navBackToSwitchOffState", "shift+f", "browse",
     ["Reduced motion. Switch Button. Off.", KEYBOARD_TOGGLE], None),
    ("toggle-button", "navForwardsToNotPressedToggleButton", "b", "browse", ["Mute. Toggle Button. Not Pressed.", KEYBOARD_TOGGLE], None),
    ("disclosure-faq", "navForwardsToCollapsedDisclosureButton", "b", "browse",
     ["What do I do if I have a permit for an assigned lot, but can't find a space there?: level 3. Button. Heading. Collapsed. List Start."],
     None),
    ("horizontal-slider", "navForwardsToSlider", "tab", "browse", ["Red: 128. Slider. 0 to 255.", "Focus mode"], None),
    ("horizontal-slider", "decrementSliderByOneStep", "left", "focus", ["127"], None),
    ("radiogroup-roving-tabindex", "navForwardsInToRadioGroupWhereNoRadioButtonsAreChecked", "r", "browse",
     ["Pizza Crust. Radio Group. Regular crust. Radio Button. Not Checked. 1 of 3."], None),
    ("radiogroup-aria-activedescendant", "navToNextCheckedRadio", "f", "browse",
     ["Deep dish. Radio Button. Checked. 2 of 3."], None),
    ("rating-radio-group", "navForwardsInToRadioGroupWhereNoRadioButtonsAreChecked", "tab", "browse",
     ["Rating. Radio Group. one star. Radio Button. Not Checked. 1 of 5.", "Focus mode"], None),
    ("quantity-spin-button", "navForwardsToSpinbutton", "f", "browse", ["Adults: 1. Spin Button. 1 to 8.", ADJUST], None),
    ("menu-button-navigation", "openMenu", "enter", "focus", ["WAI-ARIA Quick Links. Menu. W3C Home Page. Menu Item. 1 of 6."], None),
    ("menu-button-actions", "closeMenu", "esc", "focus", ["Out of Menu. Actions. Menu Button. Collapsed."], None),
    ("accordion", "navForwardsToCollapsedAccordionHeader", "b", "browse",
     ["Billing Address: level 3. Button. Heading. Collapsed."], None),
    ("tabs-automatic-activation", "navForwardsToTabList", "f", "browse",
     ["Danish Composers. Tab List. Selected: Maria Ahlefeldt. Tab. 1 of 4."], None),
    ("tabs-automatic-activation", "navForwardsToTabPanel", "down", "browse",
     ["Out of Tab List. Peter Müller. Tab Panel. Peter Erasmus Lange-Müller (1 December 1850 – 26 February 1926) was a Danish composer and pianist. "
      "His compositional style was influenced by Danish folk music and by the work of Robert Schumann; Johannes Brahms; and his "
      "Danish countrymen, including J.P.E. Hartmann."], None),
]


@pytest.fixture(scope="module", params=BROWSERS)
def runner(request):
    running = Runner(request.param, PAGES, silence=1.0)
    yield running
    running.close()


def command(plan_name: str, test_id: str, keys: str, mode: str):
    plan = plans([plan_name])[0]
    test = next(test for test in plan.tests if test.id == test_id)
    return plan, test, next(command for command in test.commands if command.keys == keys and command.mode == mode)


@pytest.mark.parametrize("row", ROWS, ids=[f"{row[0]}:{row[1]}:{row[2]}" for row in ROWS])
def test_the_pattern_page_says_exactly(runner, row):
    plan_name, test_id, keys, mode, lines, own = row
    plan, test, found = command(plan_name, test_id, keys, mode)
    record = runner.run(plan, test, found, aria_at=False)
    assert record["said"] == (own or {}).get(runner.browser, lines), f"loaded: {record['loaded']}, said: {record['said']}"


def test_every_row_is_a_command_of_its_plan():
    for plan_name, test_id, keys, mode, _, _ in ROWS:
        command(plan_name, test_id, keys, mode)


def test_every_plan_has_a_row():
    from plans import PLANS
    assert {row[0] for row in ROWS} == set(PLANS)
