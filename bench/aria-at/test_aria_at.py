"""The reader of ARIA-AT's plans (aria_at.py), in both of its formats, on tables of rows written
here; and, when a clone of w3c/aria-at is named by ARIA_AT (a folder), on every plan of it.

    python3 -m pytest bench/aria-at/test_aria_at.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytest  # noqa: E402

from aria_at import Step, nvda_phrase, plan_folders, preparation, read_plan, v1_command, v1_phrase  # noqa: E402
from commands import keys  # noqa: E402

KEYS_MJS = """// Keys
export const DOWN = "Down Arrow";
export const UP = "Up Arrow";
export const TAB = "Tab";
export const INS_TAB = "Insert+Tab";
export const INS_UP_OR_CAPS_I = "Insert+Up (or CapsLock+I)";
export const UP_AND_DOWN = "Up Arrow / Down Arrow";
export const CTRL_HOME_THEN_DOWN = "Control+Home followed by Down Arrow";
export const INS_NUMPAD_5 = "Insert+Numpad 5 (or CapsLock+Numpad 5)";
export const SHIFT_K = "Shift+K";
export const PAGE_DOWN = "Page Down";
export const COMMA = "Comma";
"""


def write(folder, files):
    for path, text in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as file:
            file.write(text)


@pytest.fixture
def clone(tmp_path):
    """A clone's shape: a v2 plan under tests/apg, a v1 plan under tests/apg, a v2 plan under
    tests/aria, with rows written for these tests."""
    root = str(tmp_path)
    write(root, {
        "resources/keys.mjs": KEYS_MJS,
        "tests/support.json": '{"ats": [{"key": "nvda", "assertionTokens": {"readingMode": "browse mode", '
                              '"interactionMode": "focus mode", "readingCursor": "browse mode caret"}}]}',
        # v2: a byte-order mark, a per-test priority (0: asked only where a command says), a
        # command's exception, a tokenized phrase.
        "tests/apg/lamp/data/tests.csv": "\ufefftestId,title,presentationNumber,setupScript,instructions,assertions\n"
                                         "navToLamp,Navigate to the lamp,1,focusBefore,Go,roleSwitch nameLamp 0:modeOn\n",
        "tests/apg/lamp/data/assertions.csv": "assertionId,priority,assertionStatement,assertionPhrase,refIds\n"
                                              "roleSwitch,1,Role 'switch' is conveyed,convey role 'switch',switch\n"
                                              "nameLamp,2,\"Name 'Lamp' is conveyed\",\"convey name, 'Lamp'\",\n"
                                              "modeOn,2,Mode switched|{screenReader} switched,"
                                              "switch from reading mode to interaction mode|switch from {readingMode} to {interactionMode},\n",
        "tests/apg/lamp/data/nvda-commands.csv": "testId,command,settings,assertionExceptions,presentationNumber\n"
                                                 "navToLamp,tab,browseMode,2:modeOn,1\n"
                                                 "navToLamp,down  down,browseMode,0:nameLamp,1.1\n"
                                                 "navToLamp,tab,focusMode,,2\n",
        "tests/apg/lamp/data/references.csv": "refId,type,value,linkText\ntitle,metadata,Lamp Switch,Lamp Switch\n"
                                              "reference,metadata,reference/2024-1-1/lamp.html,Lamp\n",
        "tests/apg/lamp/reference/2024-1-1/lamp.html": "<title>Lamp</title>",
        "tests/apg/lamp/reference/2024-1-1/lamp.focusBefore.html": "<title>Lamp</title>",
        # v1: rows for NVDA and for another reader only, a mode per row, priorities as prefixes,
        # commands as alternatives and sequences of keys.mjs's names.
        "tests/apg/shelf/data/tests.csv": "testId,title,appliesTo,mode,task,setupScript,setupScriptDescription,refs,instructions,"
                                          "assertion1,assertion2,assertion3\n"
                                          "1,Read the shelf,\"JAWS,NVDA\",READING,read shelf,focusShelf,sets focus,shelf,Read it,"
                                          "Role 'region' is conveyed,2:Name 'Shelf' is conveyed,Numeric value '3' is not conveyed\n"
                                          "2,Read the shelf,VOICEOVER_MACOS,INTERACTION,read shelf,focusShelf,sets focus,shelf,Read it,"
                                          "Role 'region' is conveyed,,\n"
                                          "3,Operate the shelf,\" JAWS ,  nvda\",interaction,operate shelf,,,shelf,\"Open 'Top' group with down arrow. | Operate it\","
                                          "The name and role of the 'Top' group are conveyed,,\n",
        "tests/apg/shelf/data/commands.csv": "testId,task,mode,at,commandA,commandB,commandC\n"
                                             "1,read shelf,READING,NVDA,\"DOWN,DOWN\",INS_UP_OR_CAPS_I,UP_AND_DOWN\n"
                                             "1,read shelf,READING,JAWS,TAB,,\n"
                                             "3,operate shelf,Interaction,nvda,CTRL_HOME_THEN_DOWN,INS_NUMPAD_5 ,\n",
        "tests/apg/shelf/data/references.csv": "refId,value\ntitle,Shelf\nreference,reference/2021-2-2/shelf.html\n",
        # The folder the plan names holds only its setups' pages; an older one the page itself.
        "tests/apg/shelf/reference/2021-1-1/shelf.html": "<title>Shelf</title>",
        "tests/apg/shelf/reference/2021-2-2/shelf.focusShelf.html": "<title>Shelf</title>",
        "tests/aria/note/data/tests.csv": "testId,title,presentationNumber,setupScript,instructions,assertions\n"
                                          "readNote,Read the note,1,focusNote,Read,roleNote\n",
        "tests/aria/note/data/assertions.csv": "assertionId,priority,assertionStatement,assertionPhrase,refIds\n"
                                               "roleNote,1,Role 'note' is conveyed,convey role 'note',\n",
        "tests/aria/note/data/nvda-commands.csv": "testId,command,settings,assertionExceptions,presentationNumber\n"
                                                  "readNote,ins+tab,focusMode,,1\n",
        "tests/aria/note/data/references.csv": "refId,type,value,linkText\nreference,metadata,reference/x/note.html,Note\n",
    })
    return root


def test_every_plan_folder_of_either_tree_is_found(clone):
    assert sorted(plan_folders(clone)) == ["lamp", "note", "shelf"]


def test_a_v2_plan_reads_its_priorities_exceptions_and_nvdas_words(clone):
    plan = read_plan(clone, "lamp")
    assert plan.title == "Lamp Switch"
    assert plan.assertions["modeOn"] == (2, "switch from browse mode to focus mode")
    assert plan.assertions["nameLamp"] == (2, "convey name, 'Lamp'")
    [test] = plan.tests
    assert [(command.keys, command.mode) for command in test.commands] == [
        ("tab", "browse"), ("down down", "browse"), ("tab", "focus")]
    first, second, third = test.commands
    assert [name for name, _, _ in plan.asked(test, first)] == ["roleSwitch", "nameLamp", "modeOn"]
    assert [name for name, _, _ in plan.asked(test, second)] == ["roleSwitch"]
    assert [name for name, _, _ in plan.asked(test, third)] == ["roleSwitch", "nameLamp"]
    page, setup = plan.page(test)
    assert page.endswith("tests/apg/lamp/reference/2024-1-1/lamp.focusBefore.html") and setup


def test_a_v1_plan_reads_nvdas_rows_their_modes_and_each_alternative_command(clone):
    plan = read_plan(clone, "shelf")
    assert [test.id for test in plan.tests] == ["1", "3"]     # test 2 is VoiceOver's alone
    first, third = plan.tests
    assert [(command.keys, command.mode) for command in first.commands] == [
        ("down down", "browse"), ("ins+up", "browse"), ("up", "browse"), ("down", "browse")]
    assert [(command.keys, command.mode) for command in third.commands] == [
        ("ctrl+home down", "focus"), ("ins+numpad5", "focus")]
    assert [(priority, phrase) for _, priority, phrase in plan.asked(first, first.commands[0])] == [
        (1, "convey role 'region'"), (2, "convey name 'Shelf'"), (1, "not convey numeric value '3'")]
    assert [phrase for _, _, phrase in plan.asked(third, third.commands[0])] == [
        "convey the name and role of the 'Top' group"]
    assert first.steps == () and third.steps == (Step("Down"),)   # the tester's move before the command
    # A test with no setup runs on the plan's page itself, with no setup button to press.
    page, setup = plan.page(third)
    assert page.endswith("tests/apg/shelf/reference/2021-1-1/shelf.html") and not setup   # the older folder holds it
    assert plan.page(first)[1]


@pytest.mark.parametrize("instructions, steps", [
    # One step: the command's own; nothing before it.
    ("Go to the 'Shelf' region", ()),
    # Tab until the name is said; the key named, else Down, until the name (quoted either way,
    # or the word before "menu item"); opening a menu presses its key once.
    ("Tab to 'Tools' menubar. | Navigate to 'Edit' menu item with right arrow. | Open 'Edit' menu with down arrow. | Read it",
     (Step("Tab", "Tools"), Step("Right", "Edit"), Step("Down"))),
    ("Navigate to the 'Cut\" item in the 'Tools' menubar with down arrow. | Activate it", (Step("Down", "Cut"),)),
    ("Navigate to the tools menubar. | Navigate to the edit menu item in the menubar. | Read it",
     (Step("Down", "tools"), Step("Down", "edit"))),
    # Enter after reaching what it activates; moving the reading cursor is the mode's, not a key.
    ("Re-open \"Edit\" menu with up arrow. | Navigate to 'Bold' and check it by pressing enter. (the menu will close.) | "
     "Activate 'Cut'. with Enter. | Activate the screen reader reading cursor. | Read 'Bold'",
     (Step("Up"), Step("Down", "Bold"), Step("Return"), Step("Return"))),
])
def test_a_v1_tests_instructions_give_the_testers_moves_before_its_command(instructions, steps):
    assert preparation(instructions) == steps


def test_a_test_with_no_setup_loads_the_page_where_a_reference_folder_has_it(clone):
    plan = read_plan(clone, "shelf")
    tests = {test.id: test for test in plan.tests}
    assert plan.page(tests["1"]) == (os.path.join(clone, "tests/apg/shelf/reference/2021-2-2/shelf.focusShelf.html"), True)
    assert plan.page(tests["3"]) == (os.path.join(clone, "tests/apg/shelf/reference/2021-1-1/shelf.html"), False)
    lamp = read_plan(clone, "lamp")
    assert lamp.page(lamp.tests[0])[0].endswith("2024-1-1/lamp.focusBefore.html")


@pytest.mark.parametrize("sentence, phrase", [
    ("Role 'banner' is conveyed", "convey role 'banner'"),
    ("Name 'Top' is conveyed.", "convey name 'Top'"),
    ("'Top' is conveyed", "convey 'Top'"),
    ("Minimum value '0' is not conveyed", "not convey minimum value '0'"),
    ("Updated value is not conveyed; the screen reader stays silent", "not convey updated value"),
    ("The position of the item and number of items in the menu  are conveyed",
     "convey the position of the item and number of items in the menu"),
    ("Button description is conveyed as: 'Outline the landmarks'", "convey button description as: 'Outline the landmarks'"),
    ("Focus moves to the next item", "Focus moves to the next item"),
])
def test_a_v1_sentence_is_read_as_v2s_phrase(sentence, phrase):
    assert v1_phrase(sentence) == phrase


def test_a_tokenized_phrase_takes_nvdas_words_or_else_the_generic_one():
    words = {"readingMode": "browse mode", "interactionMode": "focus mode"}
    assert nvda_phrase("switch modes|switch from {readingMode} to {interactionMode}", words) == "switch from browse mode to focus mode"
    assert nvda_phrase("position cursor at 'OK'|position the {readingCursor} at 'OK'", words) == "position cursor at 'OK'"
    assert nvda_phrase("convey role 'link'", words) == "convey role 'link'"


def test_a_v1_key_keys_mjs_does_not_name_is_refused():
    with pytest.raises(ValueError):
        v1_command("INS_F13", {"DOWN": "Down Arrow"})


ARIA_AT = os.environ.get("ARIA_AT", "")


@pytest.mark.skipif(not os.path.isdir(os.path.join(ARIA_AT, "tests")), reason="ARIA_AT names no clone of w3c/aria-at")
def test_every_plan_of_the_clone_is_read_and_every_command_pressed():
    folders = plan_folders(ARIA_AT)
    assert len(folders) >= 40
    for name in folders:
        plan = read_plan(ARIA_AT, name)
        assert plan.tests, name
        for test in plan.tests:
            assert plan.page(test)[0], (name, test.id)
            for command in test.commands:
                assert keys(command.keys), (name, test.id, command.keys)
