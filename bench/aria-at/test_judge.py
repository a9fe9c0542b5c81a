"""The judge's rules over what each must pass and what each must fail.

    python3 -m pytest bench/aria-at/test_judge.py
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import Claim, judge, names, parse  # noqa: E402
from plans import PLANS  # noqa: E402

# (ARIA-AT's phrase, what was said, whether it conveys the phrase)
CASES = [
    # role
    ("convey role 'checkbox'", ["Lettuce. Check Box. Not Checked."], True),
    ("convey role 'checkbox'", ["Lettuce, checkbox, not checked"], True),
    ("convey role 'checkbox'", ["Lettuce. Switch Button. Off."], False),
    ("convey role 'checkbox'", ["Lettuce. Button."], False),
    ("convey role 'radio button'", ["Regular crust. Radio Button. 1 of 3."], True),
    ("convey role 'radio button'", ["Regular crust. Button. 1 of 3."], False),
    ("convey role 'button'", ["Print Page. Button."], True),
    ("convey role 'button'", ["Mute. Toggle Button."], False),
    ("convey role 'button'", ["Living Room Lights. Switch Button. Off."], False),
    ("convey role 'switch'", ["Notifications. Switch. Off."], True),
    ("convey role 'switch'", ["Notifications. Switch Button. Off."], True),
    ("convey role 'switch'", ["Notifications. Check Box. Not Checked."], False),
    ("convey role 'toggle button'", ["Mute. Toggle Button. Not Pressed."], True),
    ("convey role 'toggle button'", ["Mute. Button."], False),
    ("convey role 'menu button'", ["Actions. Menu Button. Collapsed."], True),
    ("convey role 'menu button'", ["Actions. Pop Up Button."], True),
    ("convey role 'menu button'", ["Actions. Button. Opens a menu."], True),
    ("convey role 'menu button'", ["Actions. Button."], False),
    ("convey role 'menu'", ["Actions. Menu."], True),
    ("convey role 'menu'", ["Actions. Menu Button."], False),
    ("convey role of the focused item, 'menu item'", ["Action 1. Menu Item. 1 of 4."], True),
    ("convey role of the focused item, 'menu item'", ["Action 1. Link."], False),
    ("convey role 'group'", ["Sandwich Condiments. Group."], True),
    ("convey role 'group'", ["Pizza Crust. Radio Group."], True),
    ("convey role 'group'", ["Sandwich Condiments."], False),
    ("convey role 'group'", ["Danish Composers. Tab Group."], False),
    ("convey role 'tab'", ["Carl Andersen. Tab. 2 of 4."], True),
    ("convey role 'tab'", ["Danish Composers. Tab List."], False),
    ("convey role 'link'", ["W3C website. Link."], True),
    ("convey role 'link'", ["W3C website. Image."], False),
    ("convey role 'slider'", ["Red. Slider. 128."], True),
    ("convey role 'spin button'", ["Adults. Stepper. 1."], True),
    ("convey role 'spin button'", ["Adults. Text Field. 1."], False),
    ("convey role 'alert'", ["Alert. Hello"], True),
    ("convey role 'alert'", ["Hello"], False),
    # name
    ("convey name of the group, 'Sandwich Condiments'", ["Sandwich Condiments. Group.", "Lettuce. Check Box."], True),
    ("convey name of the group, 'Sandwich Condiments'", ["Group.", "Lettuce. Check Box. Not Checked."], False),
    ("convey name of the checkbox, 'Lettuce'", ["Lettuce. Check Box. Not Checked."], True),
    ("convey name of the checkbox, 'Lettuce'", ["Tomato. Check Box. Checked."], False),
    ("convey name of the button, 'What do I do if I have a permit for an assigned lot, but cant find a space there'",
     ["What do I do if I have a permit for an assigned lot, but can't find a space there? Button. Collapsed."], True),
    ("convey name 'W3C website'.", ["W3C website. Link."], True),
    # state
    ("convey state of the checkbox, 'checked'", ["Lettuce. Check Box. Checked."], True),
    ("convey state of the checkbox, 'checked'", ["Lettuce. Check Box. Not Checked."], False),
    ("convey state of the checkbox, 'checked'", ["Lettuce. Switch Button. On."], False),
    ("convey state of the checkbox, 'checked'", ["Lettuce. Check Box. Selected."], False),
    ("convey state of the checkbox, 'not checked'", ["Lettuce. Check Box. Not Checked."], True),
    ("convey state of the checkbox, 'not checked'", ["Lettuce, check box, unchecked"], True),
    ("convey state of the checkbox, 'not checked'", ["Lettuce. Switch Button. Off."], False),
    ("convey state of the checkbox, 'not checked'", ["Lettuce. Check Box. Checked."], False),
    ("convey change in state, to 'checked'", ["Lettuce. Check Box. Checked."], True),
    ("convey change in state, to 'checked'", ["Lettuce. Switch Button. On."], False),
    ("convey state of the radio button, 'checked'", ["Selected: Thin crust. Radio Button. 3 of 3."], True),
    ("convey state of the radio button, 'unchecked'", ["Regular crust. Radio Button. Not Checked. 1 of 3."], True),
    ("convey state of the radio button, 'unchecked'", ["Regular crust. Radio Button. 1 of 3."], False),
    ("convey state 'on'", ["Notifications. Switch. On."], True),
    ("convey state 'on'", ["Notifications. Switch. Off."], False),
    ("convey state 'off'", ["Notifications. Switch. Off."], True),
    ("convey state of the button, 'pressed'", ["Mute. Toggle Button. Pressed."], True),
    ("convey state of the button, 'pressed'", ["Mute. Toggle Button. Not Pressed."], False),
    ("convey state of the button 'collapsed'", ["Actions. Menu Button. Collapsed."], True),
    ("convey state of the button 'collapsed'", ["Actions. Menu Button."], False),
    ("convey change in state to 'expanded'", ["Personal Information. Button. Expanded."], True),
    ("convey change in state to 'expanded'", ["Personal Information. Button. Collapsed."], False),
    ("convey state of the tab, 'selected'", ["Maria Ahlefeldt. Tab. Selected. 1 of 4."], True),
    ("convey state of the tab, 'selected'", ["Carl Andersen. Tab. Not Selected. 2 of 4."], False),
    ("convey state, 'not valid'", ["Adults. Stepper. 9. Invalid entry."], True),
    # value, range, orientation
    ("convey value '128'", ["Red. Slider. 128."], True),
    ("convey value '128'", ["Red. Slider. 129."], False),
    ("convey minimum value '0'", ["Red. Slider. 128. Minimum 0, maximum 255."], True),
    ("convey minimum value '0'", ["Red. Slider. 128, 0 to 255."], True),
    ("convey minimum value '0'", ["Red. Slider. 128."], False),
    ("convey maximum value, '8'", ["Adults. Stepper. 1, 1 to 8."], True),
    ("convey maximum value, '8'", ["Adults. Stepper. 8."], False),
    ("convey orientation 'horizontal'", ["Red. Slider. Horizontal. 128."], True),
    ("convey orientation 'horizontal'", ["Red. Slider. 128."], False),
    # position and count
    ("convey position of the radio button, 2", ["Deep dish. Radio Button. 2 of 3."], True),
    ("convey position of the radio button, 2", ["Deep dish. Radio Button. 3 of 3."], False),
    ("convey position of the radio button, 2", ["Deep dish. Radio Button."], False),
    ("convey number of radio buttons in the group, 3", ["Deep dish. Radio Button. 2 of 3."], True),
    ("convey number of radio buttons in the group, 3", ["Deep dish. Radio Button. 2 of 4."], False),
    ("convey number of items in the menu, '4'", ["Action 1. Menu Item. 1 of 4."], True),
    ("convey position of the focused item in the menu, '1'", ["Action 1. Menu Item. 1 of 4."], True),
    # boundaries
    ("convey list boundary", ["Lettuce. Check Box. Not Checked. List Start."], True),
    ("convey list boundary", ["Lettuce. Check Box. Not Checked."], False),
    ("convey list boundary", ["Danish Composers. Tab List."], False),
    ("convey group boundary", ["Pizza Crust. Radio Group.", "Regular crust. Radio Button."], True),
    ("convey group boundary", ["Regular crust. Radio Button. 1 of 3."], False),
    ("convey tab list boundry", ["Danish Composers. Tab List."], True),
    ("convey tab panel boundry", ["Maria Ahlefeldt. Tab Panel."], True),
    ("convey tab panel boundry", ["Maria Ahlefeldt. Tab."], False),
    # mode, text, editable, level
    ("switch from reading mode to interaction mode|switch from {readingMode} to {interactionMode}",
     ["Red. Slider. 128.", "Focus mode"], True),
    ("switch from reading mode to interaction mode|switch from {readingMode} to {interactionMode}",
     ["Red. Slider. 128.", "Browse mode"], False),
    ("convey text 'Hello'", ["Hello"], True),
    ("convey text 'Hello'", ["Trigger Alert. Button."], False),
    ("convey some or all the answer text, 'Park at the nearest available parking meter without paying the meter and call.'",
     ["Park at the nearest available parking meter without paying"], True),
    ("convey some or all the answer text, 'Park at the nearest available parking meter without paying the meter and call.'",
     ["Park at the"], False),
    ("convey the ability to enter or edit text", ["Name: Text Field. Required."], True),
    ("convey the ability to enter or edit text", ["Name. Button."], False),
    ("convey heading level, '3'", ["Personal Information: level 3. Heading."], True),
    ("convey heading level, '3'", ["Personal Information: level 2. Heading."], False),
    # nothing said
    ("convey role 'checkbox'", [], False),
]


@pytest.mark.parametrize("phrase, said, passes", CASES, ids=[f"{'pass' if p else 'fail'}: {ph[:40]} <- {' '.join(s)[:40]}"
                                                            for ph, s, p in CASES])
def test_the_rule_judges_what_was_said(phrase, said, passes):
    verdict = judge(parse(phrase), said)
    assert verdict.passed is passes, verdict.reason


@pytest.mark.parametrize("phrase, said, passes", [
    ("convey role 'alert'", ["Trigger Alert. Button."], False),
    ("convey role 'alert'", ["Hello. Alert."], True),
    ("convey role 'button'", ["Print Page. Button."], True),
    ("convey name 'Trigger Alert'", ["Trigger Alert. Button."], True),
])
def test_a_role_inside_a_name_is_not_the_role(phrase, said, passes):
    page = names(["convey name 'Trigger Alert'", "convey text 'Hello'", "convey role 'alert'"])
    assert page == ("Hello", "Trigger Alert")
    verdict = judge(parse(phrase), said, page)
    assert verdict.passed is passes, verdict.reason


@pytest.mark.parametrize("phrase, claim", [
    ("convey role 'checkbox'", Claim("role", "checkbox", "")),
    ("convey name of the group, 'Sandwich Condiments'", Claim("name", "Sandwich Condiments", "group")),
    ("convey change in state of the radio button, to 'checked'", Claim("state", "checked", "radio button")),
    ("convey position of the radio button, 2", Claim("position", "2", "radio button")),
    ("convey number of tabs in the tab list, 4", Claim("count", "4", "tabs")),
    ("convey tab panel boundry", Claim("boundary", "tab panel", "tab panel")),
    ("convey minimum value, '1'", Claim("minimum", "1", "")),
])
def test_a_phrase_is_parsed_into_its_kind_and_words(phrase, claim):
    assert parse(phrase) == claim


def test_every_restated_assertion_has_a_rule():
    unknown = [(plan.name, name, phrase) for plan in PLANS.values()
               for name, (_, phrase) in plan.assertions.items() if parse(phrase).kind == "unknown"]
    assert unknown == []
