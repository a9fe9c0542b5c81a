"""score.py's pieces that need no browser: what is judged of where am I, and runs merged.

    python3 -m pytest bench/aria-at/test_score.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytest  # noqa: E402

from commands import differences, key, orca_differences, orca_keys  # noqa: E402
from score import browser_window, in_address_bar, judged, recorded  # noqa: E402


def test_the_window_title_where_am_i_says_first_is_not_judged():
    assert judged(["Link Example 1 - Chromium. W3C website. Link.", "Example page — Mozilla Firefox. Mute. Toggle Button.",
                   "Hello"]) == ["W3C website. Link.", "Mute. Toggle Button.", "Hello"]


def test_the_browsers_own_window_is_no_answer_of_the_page():
    assert browser_window("window", "Example page")
    assert browser_window("focus", "Example page — Mozilla Firefox")
    assert browser_window("focus", "Mozilla Firefox")
    assert browser_window("default", "Example page - Chromium")
    assert not browser_window("focus", "Mozilla Firefox website. Link.")
    assert not browser_window("high", "Hello")
    assert not browser_window("focus", "Example page")


def test_the_address_bar_is_known_by_either_readers_words_and_a_page_that_ate_the_key_is_not_it():
    assert in_address_bar(["Out of Menu Bar. Address and search bar: file:///p/a.html. Text Field."])
    assert in_address_bar(["Search or enter address: file:///p/a.html. Combo Box. Editable. Autocomplete. Collapsed."])
    assert in_address_bar(["Address and search bar entry"])
    # A menu bar's type-ahead took Ctrl+L: nothing, or the page's own item, was said.
    assert not in_address_bar([])
    assert not in_address_bar(["Larger. Menu Item. 2 of 9."])


def test_a_later_run_of_a_plan_replaces_the_earlier(tmp_path):
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps({"records": [{"browser": "chromium", "plan": "alert", "said": ["old"]},
                                             {"browser": "chromium", "plan": "checkbox", "said": ["kept"]}]}))
    second.write_text(json.dumps({"records": [{"browser": "chromium", "plan": "alert", "said": ["new"]}]}))
    assert [record["said"] for record in recorded([str(first), str(second)])] == [["kept"], ["new"]]


@pytest.mark.parametrize("name, pressed", [
    ("tab", "Tab"), ("shift+tab", "shift+Tab"), ("ins+tab", "Insert+Tab"), ("ins+space", "Insert+space"),
    ("ctrl+home", "ctrl+Home"), ("ctrl+end", "ctrl+End"), ("shift+three", "shift+3"), ("t", "t"), ("shift+t", "shift+t"),
    ("numpad5", "KP_Begin"), ("ins+numpad5", "Insert+KP_Begin"), ("numpad8", "KP_Up"), ("numpadPeriod", "KP_Delete"),
    ("pageDown", "Next"), ("esc", "Escape"), ("enter", "Return"), ("ctrl+alt+left", "ctrl+alt+Left"), ("ins+z", "Insert+z"),
])
def test_nvdas_key_names_are_pressed_as_xdotool_names_them(name, pressed):
    assert key(name) == pressed


@pytest.mark.parametrize("name", ["hyper+tab", "pgdn", "ctrl+", ""])
def test_a_name_that_is_no_key_is_refused(name):
    with pytest.raises(ValueError):
        key(name)


def test_a_key_announcer_does_not_answer_is_said_to_differ():
    assert differences("ctrl+home ins+tab t shift+t down") == ""
    assert differences("down ins+z") == "ins+z: no command of Announcer's; pressed as NVDA's key"
    # Browse mode's Home, End and Escape are the page's in Announcer, NVDA's own in NVDA.
    assert differences("home esc") == ("home: no command of Announcer's; pressed as NVDA's key; "
                                       "esc: no command of Announcer's; pressed as NVDA's key")
    # In focus mode a key the page takes is the page's in both readers.
    assert differences("a w nine home esc ins+tab", "focus") == ""
    assert differences("ins+z", "focus") == "ins+z: no command of Announcer's; pressed as NVDA's key"


def _plan():
    from aria_at import Command, Plan, Test
    commands = (Command("space", "browse"), Command("enter", "browse"), Command("space", "focus"))
    return Plan(name="alert", title="Alert", assertions={"roleAlert": (3, "convey role 'alert'"), "text": (1, "convey text 'Hello'")},
                tests=[Test(id="triggerAlert", title="Trigger", setup="", assertions=(("text", 1), ("roleAlert", 3)), commands=commands)],
                reference="/nowhere/alert.html")


def test_nvdas_commands_are_pressed_as_orcas_keys_for_them():
    # Orca's landmark key is m, its form field Orca+Tab, its table cells Alt+Shift+arrows, its
    # mode toggle Orca+A, its focus report where am I; the keys both share are the same.
    assert orca_keys("d shift+d f shift+f ctrl+alt+down ins+space ins+tab ins+up") == [
        "m", "shift+m", "Insert+Tab", "Insert+shift+Tab", "alt+shift+Down", "Insert+a", "KP_Enter", "KP_Up"]
    assert orca_keys("tab shift+tab down h shift+three k ctrl+home esc") == [
        "Tab", "shift+Tab", "Down", "h", "shift+3", "k", "ctrl+Home", "Escape"]
    assert orca_differences("h tab ins+tab") == ""
    assert orca_differences("comma ins+numpad6") == ("comma: Orca has no command to leave a container; pressed as NVDA's key; "
                                                     "ins+numpad6: Orca's KP_6 reviews the next word, not the next object")
    assert orca_differences("comma", "focus") == ""   # the page's own key in focus mode
    with pytest.raises(ValueError):
        orca_keys("ins+nothing")


def test_a_command_that_breaks_the_desktop_is_recorded_as_failed_and_the_run_goes_on(monkeypatch):
    import score

    class Desktop:
        def __init__(self):
            self.speech = []

    class Broken:
        made = 0

        def __init__(self, browser, pages, silence, reader):
            Broken.made += 1
            self.desktop = Desktop()
            self.browser = browser

        def run(self, plan, test, command):
            if command.keys == "enter":
                self.desktop.speech.append(("default", "half said"))
                raise RuntimeError("the browser died")
            return {"browser": self.browser, "plan": plan.name, "test": test.id, "command": command.keys, "mode": command.mode,
                    "said": ["Hello"], "verdicts": [{"passed": True}]}

        def close(self):
            pass

    monkeypatch.setattr(score, "Runner", Broken)
    args = score.argparse.Namespace(silence=1.0, sample=None, seed=1, json=None, reader="announcer")
    records = score.run_browser("chromium", [_plan()], "/nowhere", args)
    assert [record["command"] for record in records] == ["space", "enter", "space"]
    broken = records[1]
    assert broken["said"] == ["half said"] and "the browser died" in broken["error"]
    assert [verdict["passed"] for verdict in broken["verdicts"]] == [False, False]
    # The run went on in a new desktop.
    assert Broken.made == 2


def test_a_sample_draws_the_same_commands_for_the_same_seed():
    import score
    plan = _plan()
    assert len(score.sampled([plan], None, 1)) == 3
    assert score.sampled([plan], 2, 7) == score.sampled([plan], 2, 7)
    assert len(score.sampled([plan], 2, 7)) == 2
    assert score.sampled([plan], 10, 7) == score.sampled([plan], None, 1)


def test_the_cell_a_command_asks_of_its_own_is_the_element_it_is_judged_on():
    # ARIA-AT's grid: the test names the last cell (Up from after the grid), and Shift+Tab, which
    # reaches the grid's remembered first cell, sets that cell's assertions aside and asks the
    # first cell's: its row number is judged in the first cell's words, never the last's.
    from aria_at import Command, Plan, Test
    from score import verdicts
    assertions = {"last": (1, "convey content of the cell, '$995,532.00'"), "first": (1, "convey content of the cell, '01-Jan-16'"),
                  "row7": (2, "convey row number of the cell, '7'"), "row2": (2, "convey row number of the cell, '2'")}
    back = Command("shift+tab", "focus", (("last", 0), ("row7", 0), ("first", 1), ("row2", 2)))
    plan = Plan(name="grid", title="Grid", assertions=assertions,
                tests=[Test(id="back", title="Back", setup="", assertions=(("last", 1), ("row7", 2), ("first", 0), ("row2", 0)),
                            commands=(back,))], reference="/nowhere/grid.html")
    passed = {verdict["assertion"]: verdict["passed"] for verdict in verdicts(plan, plan.tests[0], back,
                                                                          ["Date. 01-Jan-16. Row 2 of 7. Column 1 of 5."])}
    assert passed == {"first": True, "row2": True}
    # The row said of another cell than the one reached is not the cell's.
    passed = {verdict["assertion"]: verdict["passed"] for verdict in verdicts(plan, plan.tests[0], back,
                                                                          ["01-Jan-16", "$995,532.00. Row 2 of 7."])}
    assert passed == {"first": True, "row2": False}



def test_a_page_is_shown_when_a_window_is_named_by_its_title(tmp_path, monkeypatch):
    import score
    page = tmp_path / "alert.html"
    page.write_text("<html><head><title>Meter (CPU) &amp; Usage</title></head></html>")
    runner = score.Runner.__new__(score.Runner)
    runner.desktop = type("Desktop", (), {"display": ":5"})()
    asked = []

    def search(argv, **_):
        asked.append(argv)
        return type("Done", (), {"stdout": "4194305\n" if shown["any"] else ""})()
    shown = {"any": True}
    monkeypatch.setattr(score.subprocess, "run", search)
    assert runner.shows(str(page) + "?n=3")
    # The title's first words, its metacharacters escaped for xdotool's pattern.
    assert asked[-1] == ["xdotool", "search", "--name", "Meter \\(CPU\\) &"]
    shown["any"] = False
    assert not runner.shows(str(page))
