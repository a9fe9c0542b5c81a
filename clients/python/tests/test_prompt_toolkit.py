"""announcer.prompt_toolkit: the order dialog of examples/prompt_toolkit (order.py) driven by
key presses through a pipe against a private announcerd, every line spoken asserted in order and
each key's waited for on speech; a prompt's completion menu; and `describe`'s rules."""
import asyncio
import pathlib
import sys

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.widgets import TextArea

from announcer.prompt_toolkit import describe, speak
from announcer.testing import Heard
from announcer.testing.daemon import PrivateDaemon

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "examples" / "prompt_toolkit"))
from order import order_app  # noqa: E402


async def drive(run, pipe, heard, steps):
    """Runs the application (`run`, a coroutine), sends each step's keys and waits until as many
    lines as it expects were spoken; returns (keys, lines) per step, and the app's result."""
    task = asyncio.ensure_future(run)
    said = []
    for keys, expected in steps:
        if keys:
            pipe.send_text(keys)
        said.append((keys, await heard.next_async(len(expected))))
    if not task.done():
        pipe.send_text("\r")
    return said, await asyncio.wait_for(task, 20)


def test_the_order_dialog_speaks_as_its_keys_are_pressed(announcerd, monkeypatch):
    steps = [
        ("", ["window Order. Dialog.", "focus Name. Text Field.", "hint Press Space to edit."]),
        ("A", ["echo A"]),
        ("d", ["echo d"]),
        ("\x7f", ["echo d"]),                                                       # Backspace: what it deleted
        ("\t", ["focus Size. Radio Group. Medium. Radio Button. Checked. 2 of 3."]),   # the group entered
        ("\x1b[B", ["focus Large. Radio Button. Not Checked. 3 of 3."]),            # Down
        (" ", ["focus Large. Radio Button. Checked. 3 of 3."]),
        ("\t", ["focus Out of Radio Group. Extra cheese. Check Box. Not Checked.", "hint Press Space to toggle setting."]),
        (" ", ["focus Extra cheese. Check Box. Checked.", "hint Press Space to toggle setting."]),
        ("\t", ["focus OK. Button."]),
        ("\r", []),
    ]
    with PrivateDaemon(announcerd=announcerd) as daemon, Heard(daemon.socket_path) as heard, create_pipe_input() as pipe:
        monkeypatch.setenv("ANNOUNCER_SOCKET", daemon.socket_path)
        said, result = asyncio.run(drive(order_app(input=pipe, output=DummyOutput()).run_async(), pipe, heard, steps))
    assert said == steps
    assert result == ("A", "large", True)


def test_a_prompts_completion_menu_says_the_highlighted_completion(announcerd):
    steps = [
        ("", ["focus Text Field.", "hint Press Space to edit."]),
        ("h", ["echo h"]),
        ("e", ["echo e"]),
        ("\t", ["focus help 1 of 2."]),          # Tab opens the menu on its first
        ("\t", ["focus hello 2 of 2."]),
    ]
    with PrivateDaemon(announcerd=announcerd) as daemon, Heard(daemon.socket_path) as heard, create_pipe_input() as pipe:
        session = PromptSession("> ", completer=WordCompleter(["help", "hello", "quit"]), input=pipe, output=DummyOutput())
        speak(session.app, socket=daemon.socket_path)
        said, _ = asyncio.run(drive(session.prompt_async(), pipe, heard, steps))
    assert said == steps


def test_a_password_field_is_secure_and_says_no_value():
    secret, plain = TextArea(password=True, text="hunter2"), TextArea(text="hello", multiline=False)
    assert describe(secret.control) == {"id": f"text-{id(secret.buffer):x}", "traits": ["textEntry", "secureTextField"]}
    assert describe(plain.control, {id(plain.control): "Greeting"}) == {
        "id": f"text-{id(plain.buffer):x}", "label": "Greeting", "traits": ["textEntry"], "value": "hello"}
    assert describe(None) is None
