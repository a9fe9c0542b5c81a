"""What a screen reader says in a curses menu and in a Textual application, asserted from pytest
with the plugin's `terminal` fixture and snapshots in __snapshots__/."""
import pathlib
import sys

HERE = pathlib.Path(__file__).parent


def test_the_curses_menu(terminal, assert_spoken):
    menu = terminal([sys.executable, str(HERE / "menu.py")])
    menu.press("Down")
    menu.press("Enter")
    menu.press("Up")
    menu.press("q")
    assert menu.wait_for_exit() == 0
    assert_spoken(menu.spoken, "curses-menu")


def test_the_textual_plans(terminal, assert_spoken):
    # Textual's animations off: what is drawn, and so what is said, is the same every run.
    plans = terminal([sys.executable, str(HERE / "plans.py")], env={"TEXTUAL_ANIMATIONS": "none"})
    plans.press("Down")
    plans.press("Down")
    plans.press("Up")
    plans.press("Enter")
    assert plans.wait_for_speech("chosen") == "Pro plan chosen."
    plans.press("C-q")
    assert plans.wait_for_exit() == 0
    assert_spoken(plans.spoken, "textual-plans")
