"""announcer.textual on the Textual form of examples/textual (form.py): what each widget is said
as (`describe`, a table), and the form driven by key presses in Textual's headless pilot against
a private announcerd, every line spoken asserted in order, each key's waited for on speech."""
import asyncio
import pathlib
import sys

from announcer.testing import Heard, Terminal
from announcer.testing.daemon import PrivateDaemon
from textual.app import App
from textual.widgets import Input

from announcer.textual import AnnouncerApp, describe   # Textual itself: tests/requirements.txt, which scripts/python-test installs

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "examples" / "textual"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "apps"))
from form import SignUp  # noqa: E402
from library import Confirm, Library  # noqa: E402


def run(test):
    asyncio.run(test())


def heard_for_keys(app_class, steps, announcerd):
    """The app run in Textual's headless pilot against a private announcerd: each step's key
    pressed, and as many lines as the step expects heard (waited for on speech)."""
    async def test():
        with PrivateDaemon(announcerd=announcerd) as daemon, Heard(daemon.socket_path) as heard:
            app = app_class()
            app.announcer_socket = daemon.socket_path
            said = []
            async with app.run_test() as pilot:
                for key, expected in steps:
                    if key:
                        await pilot.press(key)
                    said.append((key, await heard.next_async(len(expected))))
            return said
    return asyncio.run(test())


def test_each_widget_is_said_as_its_element():
    async def test():
        app = SignUp()
        app.announcer_socket = "/nonexistent/socket"   # no daemon: the app runs on, silent
        async with app.run_test() as pilot:
            seen = {}
            for _ in range(7):
                seen[app.focused.id or type(app.focused).__name__] = describe(app.focused)
                await pilot.press("tab")
            app.set_focus(app.query_one("#plan"))
            await pilot.press("down")   # the radio set's highlight moves: its element is the next button
            seen["plan, down"] = describe(app.focused)
        assert seen == {
            "name": {"id": "name", "label": "Name", "traits": ["textEntry"]},
            "email": {"id": "email", "label": "Email", "value": "you@example.com", "traits": ["textEntry"]},
            "newsletter": {"id": "newsletter", "label": "Send me the newsletter", "value": "0", "traits": ["button", "checkBox"]},
            "plan": {"id": "plan/0", "label": "Free", "value": "1", "traits": ["button", "radioButton"],
                     "context": {"kind": "series", "index": 1, "count": 3}},
            "country": {"id": "country", "label": "Country", "value": "Germany", "traits": ["button", "popUpButton", "collapsed"]},
            "submit": {"id": "submit", "label": "Sign up", "traits": ["button"]},
            "plan, down": {"id": "plan/1", "label": "Pro", "value": "0", "traits": ["button", "radioButton"],
                           "context": {"kind": "series", "index": 2, "count": 3}},
        }
    run(test)


def test_the_form_speaks_as_its_keys_are_pressed(announcerd):
    steps = [
        ("", ["window Sign up", "focus Name. Text Field.", "hint Press Space to edit."]),
        ("tab", ["focus Email: you@example.com. Text Field.", "hint Press Space to edit."]),
        ("a", ["echo a"]),                     # typing is echoed, the field not said again
        ("d", ["echo d"]),
        ("backspace", ["echo d"]),             # what was deleted
        ("tab", ["focus Send me the newsletter. Check Box. Not Checked.", "hint Press Space to toggle setting."]),
        ("space", ["focus Send me the newsletter. Check Box. Checked.", "hint Press Space to toggle setting."]),
        ("tab", ["focus Plan. Radio Group. Free. Radio Button. Checked. 1 of 3."]),     # the group entered
        ("down", ["focus Pro. Radio Button. Not Checked. 2 of 3."]),
        ("space", ["focus Pro. Radio Button. Checked. 2 of 3."]),
        ("tab", ["focus Out of Radio Group. Country: Germany. Pop Up Button. Collapsed."]),   # and left
        ("tab", ["focus Sign up. Button."]),
        ("enter", ["default Welcome, friend"]),   # notify()
    ]

    assert heard_for_keys(SignUp, steps, announcerd) == steps


def test_under_announce_term_the_adapter_speaks_and_the_screen_is_not_read(announcerd, announce):
    """The form run under `announce term` (its own pseudo-terminal and libvterm): the adapter
    hands the terminal door its speech (an OSC sequence), so the door reads none of the screen
    Textual draws and echoes no key; what is heard is the adapter's alone."""
    form = pathlib.Path(__file__).resolve().parents[3] / "examples" / "textual" / "form.py"
    terminal = Terminal([sys.executable, str(form)], announcerd=announcerd, announce=announce, start_timeout=60)
    with Heard(terminal.listen()) as heard, terminal:
        said = heard.next(3)
        terminal.press("Tab")
        said += heard.next(2)
        terminal.type("a")
        said += heard.next(1)
        spoken_by_the_door = terminal.spoken
    assert said == [
        "window Sign up", "focus Name. Text Field.", "hint Press Space to edit.",
        "focus Email: you@example.com. Text Field.", "hint Press Space to edit.",
        "echo a",
    ]
    # The door said nothing of the screen: only the program's exit, once it was hung up.
    assert [line for line in spoken_by_the_door if not line.startswith("exited")] == []


def test_the_other_widgets_a_modal_dialog_and_a_notification(announcerd):
    """tests/apps/library.py: Tabs, a Switch, a DataTable's cells under their headers, a Tree's
    nodes expanded and collapsed, a ListView, an OptionList, a TextArea, a modal screen as a
    dialog and the screen it returns to, and notify()."""
    steps = [
        ("", ["window Library", "focus Selected: Books. Tab. 1 of 2."]),
        ("right", ["focus Selected: Authors. Tab. 2 of 2."]),
        ("tab", ["focus Dark mode. Switch Button. Off.", "hint Press Space to toggle setting."]),
        ("space", ["focus Dark mode. Switch Button. On.", "hint Press Space to toggle setting."]),
        ("tab", ["focus Title: Dune 1 of 2."]),                 # the cell, under its column's header
        ("down", ["focus Title: Emma 2 of 2."]),
        ("right", ["focus Author: Jane Austen 2 of 2."]),
        ("tab", ["focus Shelves. Expanded. 1 of 1."]),
        ("down", ["focus Fiction. Collapsed. 1 of 2."]),
        ("space", ["focus Fiction. Expanded. 1 of 2."]),
        ("tab", ["focus Recently read 1 of 2."]),
        ("down", ["focus Wish list 2 of 2."]),
        ("tab", ["focus Title 1 of 3."]),
        ("down", ["focus Author 2 of 3."]),
        ("tab", ["focus first line\nsecond line. Text Field.", "hint Press Space to edit."]),
        ("tab", ["focus Delete book. Button."]),
        ("enter", ["window Delete the book? Dialog.", "focus Delete. Button."]),
        ("enter", ["window Library", "focus Delete book. Button.", "default Deleted"]),
    ]

    assert heard_for_keys(Library, steps, announcerd) == steps


def test_a_screen_gone_back_to_without_a_key_is_said():
    """A dialog dismissed by the program itself (no key, no focus event of the user's): the
    screen gone back to says its title and its focus once drawn."""
    async def test():
        with PrivateDaemon() as daemon, Heard(daemon.socket_path) as heard:
            app = Library()
            app.announcer_socket = daemon.socket_path
            async with app.run_test() as pilot:
                await heard.next_async(2)
                app.push_screen(Confirm())
                await pilot.pause()
                opened = await heard.next_async(2)
                app.pop_screen()
                await pilot.pause()
                return opened, await heard.next_async(2, timeout=10)
    opened, back = asyncio.run(test())
    assert opened == ["window Delete the book? Dialog.", "focus Delete. Button."]
    assert back == ["window Library", "focus Selected: Books. Tab. 1 of 2."]


class Search(AnnouncerApp, App):
    def compose(self):
        yield Input(placeholder="Search", id="query")


def test_typing_into_a_first_field_with_a_placeholder_is_echoed(announcerd):
    """The field the screen starts on shows its placeholder as its value; what is typed is
    measured from its text, not from the placeholder."""
    steps = [
        ("", ["window Search", "focus Search. Text Field.", "hint Press Space to edit."]),
        ("a", ["echo a"]),
    ]
    assert heard_for_keys(Search, steps, announcerd) == steps
