"""The judge's rules over what each must pass and what each must fail.

    python3 -m pytest bench/aria-at/test_judge.py
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import Claim, judge, judge_all, names, parse  # noqa: E402

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
    ("convey role 'group'", ["Sandwich Condiments panel."], True),   # Orca's word for it
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


# What a person fails, said about the element the test reached (its assertions name it): (the
# assertion judged, the test's other assertions, what was said, whether it conveys it).
TRI_STATE = ["convey role 'group'", "convey name 'Sandwich Condiments'", "convey role 'checkbox'", "convey name ' All condiments'",
             "convey state 'mixed'"]

LEAVING = ["convey complementary landmark boundary", "convey name 'Landmarks'", "convey role 'link'",
           "convey name 'Navigate backwards from here'"]
COMBOBOX = ["convey name 'State'", "convey text value 'Alabama'", "convey text of the focused option in the popup ('Alaska')"]
IN_CONTEXT = [
    # The role said of another element: the element reached was never named.
    ("convey role 'button'", ["convey name 'Print Page'"], ["No next button"], False),
    ("convey role 'button'", ["convey name 'Print Page'"], ["Print Page. Button."], True),
    ("convey role 'link'", ["convey name 'Top'"], ["Navigate backwards from here. Link."], False),
    ("convey role 'link'", ["convey name 'Top'"], ["Navigate backwards from here. Link.", "Top. Link."], True),
    ("convey role 'link'", ["convey name 'Top'"], ["link, Top"], True),        # the role before the name
    # Another element's state.
    ("convey state of the checkbox, 'checked'", ["convey name of the checkbox, 'Lettuce'"],
     ["Lettuce. Check Box. Not Checked.", "Tomato. Check Box. Checked."], False),
    ("convey state of the checkbox, 'checked'", ["convey name of the checkbox, 'Lettuce'"],
     ["Tomato. Check Box. Not Checked.", "Lettuce. Check Box. Checked."], True),
    ("convey state of the checkbox, 'checked'", ["convey name of the checkbox, 'Lettuce'"], ["Half checked"], False),
    ("convey state of the checkbox, 'checked'", ["convey name of the checkbox, 'Lettuce'"], ["Lettuce. Check Box. Half checked."], False),
    ("convey state 'pressed'", ["convey name 'Mute'"], ["Mute. Toggle Button. Not Pressed."], False),
    # A position out of another set.
    ("convey position of the radio button, 2", ["convey name of the radio button, 'Deep dish'", "convey number of radio buttons in the group, 3"],
     ["Deep dish. Radio Button. 2 of 7."], False),
    ("convey position of the radio button, 2", ["convey name of the radio button, 'Deep dish'", "convey number of radio buttons in the group, 3"],
     ["Deep dish. Radio Button. 2 of 3."], True),
    ("convey position of the radio button, 2", ["convey name of the radio button, 'Deep dish'"],
     ["Regular crust. Radio Button. 2 of 3.", "Deep dish. Radio Button."], False),
    # Not editable.
    ("convey the ability to enter or edit text", ["convey name 'Adults'"], ["Adults. Stepper. 9. Invalid entry."], False),
    ("convey the ability to enter or edit text", ["convey name 'Street'"], ["Street. Text Field."], True),
    # A heading's name for a group's.
    ("convey name of the group, 'Sandwich Condiments'", ["convey role 'group'"], ["Sandwich Condiments. Heading level 3."], False),
    ("convey name of the group, 'Sandwich Condiments'", ["convey role 'group'"], ["Sandwich Condiments. Group."], True),
    ("convey name 'Sandwich Condiments'", ["convey role 'group'"], ["Sandwich Condiments. Heading level 3."], False),
    ("convey name of the menu, 'Actions'", ["convey role 'menu'"], ["Actions. Menu Button. Expanded."], False),
    ("convey name of the menu, 'Actions'", ["convey role 'menu'"], ["Actions. Menu.", "Action 1. Menu Item. 1 of 4."], True),
    # A value, its text and its range, of the element.
    ("not convey numeric value, '0'", ["convey name 'Seek'", "convey text value, '0 Seconds'"], ["Seek. 0 Seconds. Slider."], True),
    ("not convey numeric value, '0'", ["convey name 'Seek'", "convey text value, '0 Seconds'"], ["Seek. 0 Seconds. 0. Slider."], False),
    ("not convey numeric value, '10.0'", ["convey name, 'Temperature'"], ["Temperature. 10 degrees. Slider."], False),
    ("convey text value, '25.0 degrees Celsius'", ["convey name, 'Temperature'"], ["Temperature. 25.0 degrees Celsius. Slider."], True),
    ("convey text value, '25.0 degrees Celsius'", ["convey name, 'Temperature'"], ["Temperature. 25.1 degrees Celsius. Slider."], False),
    ("not convey minimum value, '0'", ["convey name 'Seek'"], ["Seek. 0 Seconds. Slider. 0 to 300."], False),
    ("not convey minimum value, '0'", ["convey name 'Seek'"], ["Seek. 0 Seconds. Slider."], True),
    ("convey value '128'", ["convey name 'Red'"], ["Green. Slider. 128.", "Red. Slider. 127."], False),
    # The number as the browser holds it (single precision), never a coarser rounding.
    ("convey numeric value '36.166519936288'", ["convey name 'CPU Usage'"], ["CPU Usage: 36.16652. Meter. 0 to 100."], True),
    ("convey numeric value '36.166519936288'", ["convey name 'CPU Usage'"], ["CPU Usage: 36.17. Meter. 0 to 100."], False),
    ("convey numeric value '36.166519936288'", ["convey name 'CPU Usage'"], ["CPU Usage: 36%"], False),
    ("not convey updated value", [], [], True),
    ("not convey updated value", [], ["5 stars"], False),
    # A grid's cell.
    ("convey row number of the cell, '2'", ["convey content of the cell, '01-Jan-16'"], ["Date. 01-Jan-16. Row 2, column 1."], True),
    ("convey row number of the cell, '2'", ["convey content of the cell, '01-Jan-16'"], ["Date. 01-Jan-16. Row 3, column 2."], False),
    ("convey column number of the cell, '1'", ["convey content of the cell, '01-Jan-16'"], ["Date. 01-Jan-16. Row 2, column 1."], True),
    ("convey content of the column header, 'Date'", [], ["Date. 01-Jan-16."], True),
    ("convey content of the column header, 'Date'", [], ["01-Jan-16."], False),
    ("convey number of rows, '7'", [], ["Transactions. Grid. 7 rows, 5 columns."], True),
    ("convey number of rows, '7'", [], ["Transactions. Grid. 5 columns."], False),
    # Where the reading cursor is.
    ("position screen reader cursor at 'OK' button|position the {readingCursor} at 'OK' button", [],
     ["Address Added. Dialog.", "OK. Button."], True),
    ("position screen reader cursor at 'OK' button|position the {readingCursor} at 'OK' button", [],
     ["OK. Button.", "Street. Text Field."], False),
    ("position screen reader cursor at heading 'Address Added'|position the {readingCursor} at heading 'Address Added'", [],
     ["Address Added. Button."], False),
    # Landmarks and their names.
    ("convey role 'banner'", ["convey name 'Top'", "convey role 'link'"], ["Banner landmark.", "Top. Link."], True),
    ("convey role 'banner'", ["convey name 'Top'", "convey role 'link'"], ["Top. Link."], False),
    ("convey banner landmark boundary", [], ["Top. Link. Banner."], True),
    ("convey navigation landmark boundary", [], ["Top. Link."], False),
    ("convey name of the navigation region, 'Mythical University'", ["convey role 'navigation landmark'"],
     ["Mythical University. Navigation landmark.", "About. Button. Collapsed."], True),
    ("convey name of the navigation region, 'Mythical University'", ["convey role 'navigation landmark'"],
     ["Mythical University. Heading level 1."], False),
    ("convey state of the link, 'current page'", ["convey name of the link, 'Overview'"], ["Overview. Link. Current page."], True),
    ("convey state of the link, 'current page'", ["convey name of the link, 'Overview'"], ["Overview. Link.", "Current page"], False),
    # ARIA-AT's older plans pair each name with the role asked before it: the group's name is
    # the group's, the check box's the element reached (the audit of 2026-12-05).
    ("convey role 'checkbox'", TRI_STATE, ["Sandwich Condiments. Group. All condiments. Check Box. Mixed."], True),
    ("convey state 'mixed'", TRI_STATE, ["Sandwich Condiments. Group. All condiments. Check Box. Mixed."], True),
    ("convey role 'checkbox'", TRI_STATE, ["Sandwich Condiments. Group. Lettuce. Check Box. Mixed."], False),
    ("convey state 'mixed'", TRI_STATE, ["Sandwich Condiments. Group. Lettuce. Check Box. Not Checked.", "All condiments. Check Box."], False),
    # A state said as the name's prefix ("Selected: …"), and only just before that name.
    ("convey state 'selected'", ["convey name of the tab, 'Peter Müller'"], ["Selected: Peter Müller. Tab. 4 of 4."], True),
    ("convey state 'selected'", ["convey name of the tab, 'Peter Müller'"], ["Selected: Maria Ahlefeldt. Tab. 1 of 4.", "Peter Müller. Tab. 4 of 4."],
     False),
    # A combobox's popup by what it is: a list box said "List".
    ("convey name of the popup ('Favorite Fruit')", ["convey role of the popup ('listbox')"],
     ["Favorite Fruit. List. Selected: Choose a Fruit 1 of 13."], True),
    ("convey name of the popup ('Favorite Fruit')", ["convey role of the popup ('listbox')"], ["Favorite Fruit. Combo Box. Collapsed."], False),
    # A list's boundary said of another element the command stopped on is not the element's.
    ("convey list boundary", ["convey name of the link, 'Campus Tours'"], ["About. Button. Collapsed. List Start."], False),
    ("convey list boundary", ["convey name of the link, 'Campus Tours'"], ["Campus Tours. Link. List Start."], True),
    # A name just after a landmark's boundary is the landmark's; the link after it is the
    # element reached (ARIA-AT's older plans: leaving a complementary landmark).
    ("convey role 'link'", LEAVING, ["Out of Complementary landmark. Navigate backwards from here. Link."], True),
    ("convey role 'link'", LEAVING, ["Out of Complementary landmark. Navigate backwards from here.", "Bottom. Link."], False),
    ("convey complementary landmark boundary", LEAVING, ["Out of Complementary landmark. Navigate backwards from here. Link."], True),
    ("convey complementary landmark boundary", LEAVING, ["Navigate backwards from here. Link."], False),
    ("convey name 'Landmarks'", LEAVING, ["Out of Complementary landmark. Navigate backwards from here. Link."], False),
    ("convey name 'Landmarks'", LEAVING, ["Out of Landmarks complementary landmark. Navigate backwards from here. Link."], True),
    # The element's own value, though it is another element's name (an option's): said after the
    # element's name, it does not end the element's words; another element's name still does.
    ("convey role 'combobox'", COMBOBOX, ["State: Alabama. Combo Box. Editable. Collapsed."], True),
    ("convey the ability to enter or edit text", COMBOBOX, ["State: Alabama. Combo Box. Editable. Collapsed."], True),
    ("convey role 'combobox'", COMBOBOX, ["State: Alabama.", "Alabama. Combo Box. Editable."], False),
    ("convey role 'combobox'", COMBOBOX, ["State: Alaska. Combo Box. Editable."], False),
    ("convey role 'combobox'", ["convey name 'Favorite Fruit'", "convey text of the selected option ('Choose a Fruit')"],
     ["Favorite Fruit: Choose a Fruit. Combo Box. Collapsed."], True),
    ("convey role 'combobox'", ["convey name 'Favorite Fruit'", "convey text of the selected option ('Choose a Fruit')",
                                "convey name 'Apple'"], ["Favorite Fruit: Apple. Combo Box. Collapsed."], False),
    # A level.
    ("convey heading level 2", ["convey name 'Add Delivery Address'"], ["Add Delivery Address. Heading level 2."], True),
    ("convey heading level 2", ["convey name 'Add Delivery Address'"], ["Add Delivery Address. Heading.", "Level 2"], False),
]


@pytest.mark.parametrize("phrase, about, said, passes", IN_CONTEXT,
                         ids=[f"{'pass' if p else 'fail'}: {ph[:40]} <- {' | '.join(s)[:50]}" for ph, _, s, p in IN_CONTEXT])
def test_a_claim_is_judged_on_the_element_the_test_reached(phrase, about, said, passes):
    claims = [parse(phrase)] + [parse(other) for other in about]
    page = names([phrase, *about])
    verdict = judge_all([claims[0]], said, page, claims)[0]
    assert verdict.passed is passes, verdict.reason


def test_a_landmark_said_by_its_kind_is_its_role_though_a_name_holds_the_word():
    claims = [parse("convey role 'main'"), parse("convey role 'link'"), parse("convey name 'Bottom'")]
    page = ["Main", "Bottom"]   # a heading "Main" on the page
    assert judge_all(claims[:1], ["Main landmark. Bottom. Link."], page, claims)[0].passed
    assert not judge_all(claims[:1], ["Main: level 2. Heading. Bottom. Link."], page, claims)[0].passed
    left = [parse("convey main landmark boundary"), *claims[1:]]
    assert judge_all(left[:1], ["Out of Main landmark. Bottom. Link."], page, left)[0].passed
    assert not judge_all(left[:1], ["Out of Main. Bottom. Link."], page, left)[0].passed


# One phrasing of each kind ARIA-AT's plans use (both formats, v1's sentences as read by
# aria_at.v1_phrase), and the kind it is judged as: none is left to "unknown".
PHRASINGS = [
    ("convey role 'checkbox'", "role"), ("convey the role 'menu item radio'", "role"),
    ("convey role of the popup ('listbox')", "role"), ("convey role of the landmark region, 'navigation',", "role"),
    ("convey name 'Top'", "name"), ("convey the name 'Black'", "name"), ("convey the menubar name 'Text Formatting'", "name"),
    ("convey the menu item name \"Font\"", "name"), ("convey name of the combobox ('State')", "name"),
    ("convey name of first list item, 'Banner',", "name"), ("convey the name and role of the 'Font Style' group", "nameAndRole"),
    ("convey state 'on'", "state"), ("convey the checked state", "state"), ("convey open state of the submenu", "state"),
    ("convey change in state (to expanded)", "state"), ("convey change in state, to 'mixed',", "state"),
    ("convey state of the focused option in the popup (selected)", "state"),
    ("not convey state of the focused option in the popup (selected)", "state"),
    ("convey value '128'", "value"), ("convey numeric value '36.166519936288'", "value"),
    ("not convey numeric value, '0'", "value"), ("not convey updated value", "value"),
    ("convey text value, '0 Seconds'", "textValue"), ("convey textual value 'one star'", "textValue"),
    ("convey minimum value '0'", "minimum"), ("not convey maximum value, '300'", "maximum"),
    ("convey position of the radio button, 2", "position"), ("convey position of the focused option in the popup (1)", "position"),
    ("convey the position of the item and number of items in the menu", "positionAndCount"),
    ("convey number of tabs in the tab list, 4", "count"), ("convey number of options in the popup (13)", "count"),
    ("convey number of list items, 4,", "count"), ("convey number of rows, '7'", "dimension"),
    ("convey row number of the cell, '2'", "cellNumber"), ("convey content of the column header, 'Date'", "header"),
    ("convey content of the cell, '01-Jan-16'", "text"), ("convey list boundary", "boundary"),
    ("convey banner landmark boundary", "boundary"), ("convey tab panel boundry", "boundary"),
    ("convey orientation, 'vertical'", "orientation"), ("convey heading level, '3'", "level"), ("convey heading level 2", "level"),
    ("switch from browse mode to focus mode", "mode"), ("convey change of mode from reading to interaction", "mode"),
    ("convey text 'Hello'", "text"), ("convey error message, 'Must be between 1 and 8'", "text"),
    ("convey dialog description as: 'The address you provided has been added", "text"),
    ("convey button description as: 'Visually outline the landmarks'", "text"),
    ("convey some or all the answer text, 'Park at the nearest'", "text"),
    ("convey text of the focused option in the popup ('Alabama')", "text"),
    ("convey the ability to enter or edit text", "editable"), ("convey support for edit commands in the input", "editable"),
    ("convey the presence of autocomplete behavior", "autocomplete"), ("convey availability of a submenu", "submenu"),
    ("convey cursor position (on the character 'a')", "caret"), ("convey access key '0'", "accessKey"),
    ("position the browse mode caret at 'Cancel' button", "cursor"),
]


@pytest.mark.parametrize("phrase, kind", PHRASINGS)
def test_each_kind_of_phrasing_parses_to_its_rule(phrase, kind):
    assert parse(phrase).kind == kind


ARIA_AT = os.environ.get("ARIA_AT", "")


@pytest.mark.skipif(not os.path.isdir(os.path.join(ARIA_AT, "tests")), reason="ARIA_AT names no clone of w3c/aria-at")
def test_every_phrasing_of_the_clones_plans_has_a_rule():
    from aria_at import plan_folders, read_plan
    unknown = [(name, phrase) for name in plan_folders(ARIA_AT)
               for _, phrase in read_plan(ARIA_AT, name).assertions.values() if parse(phrase).kind == "unknown"]
    assert unknown == []
