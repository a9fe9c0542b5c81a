"""Braille end to end: the real announcerd drives BRLTTY (Debian's) through BrlAPI, and BRLTTY's
Virtual driver plays the display (no hardware): the cells shown for a focus, an announcement, a
text field with its caret, the terminal door's line; the display's keys moving the focus; and
BRLTTY killed, hung and restarted while speech goes on."""
from __future__ import annotations

import pytest

import pathlib

from announcer.testing import Desktop, ScreenReader, Terminal, VirtualBrailleDisplay

ROOT = pathlib.Path(__file__).resolve().parents[3]
GTK3_APP = ["/usr/bin/python3", str(ROOT / "Tests" / "fixtures" / "desktop" / "gtk3_app.py")]

# "Play btn 2/5" in uncontracted English braille (liblouis's en-us-g1).
PLAY = "⠠⠏⠇⠁⠽⠀⠃⠞⠝⠀⠼⠃⠌⠑"
GROUP = [
    {"id": "one", "label": "One", "traits": ["button"], "group": "g"},
    {"id": "two", "label": "Two", "traits": ["button"], "group": "g"},
    {"id": "name", "label": "Name", "value": "Ada", "traits": ["textEntry"], "group": "g"},
]


@pytest.fixture
def display():
    with VirtualBrailleDisplay(width=40) as shown:
        yield shown


def reader_for(display: VirtualBrailleDisplay, **options) -> ScreenReader:
    return ScreenReader(config="braille = on\nbraille-flash-ms = 1500\n", env=display.env, **options)


def test_a_focus_is_shown_with_its_position(display):
    with reader_for(display) as reader:
        reader.client.focus({"label": "Play", "traits": ["button"], "context": {"kind": "series", "index": 2, "count": 5}})
        assert display.wait_for(PLAY) == PLAY
        assert reader.braille().text == "Play btn 2/5"
        assert reader.braille().window.rstrip("\u2800") == PLAY


def test_an_announcement_is_flashed_and_the_focus_comes_back(display):
    with reader_for(display) as reader:
        reader.client.focus({"label": "Play", "traits": ["button"], "context": {"kind": "series", "index": 2, "count": 5}})
        display.wait_for(PLAY)
        reader.say("Saved")
        display.wait_for("⠠⠎⠁⠧⠑⠙")
        # braille-flash-ms later, the focus again.
        assert display.wait_for(lambda shown: shown.text == PLAY, what="the focus after the flash") == PLAY


def test_a_text_fields_caret_is_dots_seven_and_eight(display):
    with reader_for(display) as reader:
        reader.client.focus({"id": "n", "label": "Name", "value": "Ada", "caret": 1, "traits": ["textEntry"]})
        # "Name ed Ada": the caret is under d (⠙, dots 1-4-5, with 7-8: ⣙).
        assert display.wait_for("⠠⠝⠁⠍⠑⠀⠑⠙⠀⠠⠁⣙⠁") == "⠠⠝⠁⠍⠑⠀⠑⠙⠀⠠⠁⣙⠁"


def test_routing_and_line_keys_move_the_focus(display):
    with reader_for(display) as reader:
        reader.screen(GROUP, focus="one")
        # "⠠⠕⠝⠑⠀⠃⠞⠝⠀⠠⠞⠺⠕…": Two starts at cell 9.
        display.wait_for("⠠⠕⠝⠑⠀⠃⠞⠝⠀⠠⠞⠺⠕⠀⠃⠞⠝")
        display.route(10)
        assert reader.wait_for_speech("Two. Button.") == "Two. Button."
        display.line_down()
        assert reader.wait_for_speech("Name: Ada. Text Field.").startswith("Name: Ada.")
        # The field has the focus: its caret, at the end of its text, is shown.
        display.wait_for("⠠⠝⠁⠍⠑⠀⠑⠙⠀⠠⠁⠙⠁⣀")
        display.line_up()
        assert reader.wait_for_speech("Two. Button.") == "Two. Button."


def test_speech_goes_on_while_brltty_is_gone_or_hung_and_braille_comes_back(display):
    with reader_for(display) as reader:
        reader.client.focus({"label": "Play", "traits": ["button"], "context": {"kind": "series", "index": 2, "count": 5}})
        display.wait_for(PLAY)
        display.kill()
        reader.say("Still speaking")
        assert reader.spoken[-1] == "Still speaking"
        display.restart()
        # The daemon finds BRLTTY again by itself, and shows what it showed.
        display.wait_for(PLAY, timeout=20)
        # A BRLTTY that stops answering holds the display's thread, never speech.
        display.pause()
        try:
            reader.client.focus({"label": "Stop", "traits": ["button"]})
            reader.settle()
            assert reader.spoken[-1] == "Stop. Button."
            assert reader.braille().text == "Stop btn"
        finally:
            display.resume()
        display.wait_for("⠠⠎⠞⠕⠏⠀⠃⠞⠝")


def test_the_terminal_doors_line_and_caret(display, tmp_path):
    script = tmp_path / "prompt.sh"
    script.write_text('read -e -p "name? " answer; printf "got %s\\n" "$answer"; sleep 30\n')
    with Terminal(["bash", str(script)], config="braille = on\n", daemon_env=display.env) as terminal:
        shown = terminal.wait_for_braille("name? ")
        assert shown.text == "name? " and shown.kind == "text"
        # The caret after "name? ", in a blank cell of its own with dots 7-8.
        assert shown.caret == len(shown.cells) - 1 and ord(shown.cells[-1]) - 0x2800 == 0xC0
        terminal.type("ab")
        line = terminal.wait_for_braille("name? ab")
        display.wait_for(line.cells.rstrip("\u2800"))
        # A routing key over "b", the cell before the caret's, moves the cursor there by the
        # arrows (readline takes them): "x" typed there goes before "b".
        display.route(line.caret - 1)
        terminal.wait_for_braille("name? ab", caret=line.caret - 1)
        terminal.type("x")
        assert terminal.wait_for_braille("name? axb").text == "name? axb"


def test_the_terminal_doors_review_cursor_and_routing_over_it(display, tmp_path):
    script = tmp_path / "lines.sh"
    script.write_text('printf "alpha beta\\ngamma delta\\n"; read -e -p "name? " answer; sleep 30\n')
    with Terminal(["bash", str(script)], config="braille = on\n", daemon_env=display.env) as terminal:
        terminal.wait_for_braille("name? ")
        # The review keys move the review cursor: its line is shown, the caret on its character.
        terminal.press("M-u")
        terminal.wait_for_speech("gamma delta")
        shown = terminal.wait_for_braille("gamma delta", caret=0)
        display.wait_for(shown.cells.rstrip("\u2800"))
        # A routing key over "d" puts the review cursor there and says it; the line stays.
        terminal.clear()
        display.route(6)
        assert terminal.wait_for_speech("d") == "d"
        terminal.wait_for_braille("gamma delta", caret=6)
        # The review's next character goes on from there.
        terminal.clear()
        terminal.press("M-.")
        assert terminal.wait_for_speech("e") == "e"
        terminal.wait_for_braille("gamma delta", caret=7)
        # A key for the program: the cursor's line again, and the program's key.
        terminal.type("z")
        line = terminal.wait_for_braille("name? z")
        assert line.caret == len(line.cells) - 1 and ord(line.cells[-1]) - 0x2800 == 0xC0


def test_the_desktop_doors_focus_and_a_fields_edits(announcer_atspi):
    """A GTK window's focus through the desktop door, as the display would show it (no display:
    the daemon's `braille` events): a check box, then a field as it is typed in."""
    with Desktop(GTK3_APP, bridge=announcer_atspi) as desktop:
        desktop.press("Tab")
        assert desktop.wait_for_braille("Remember me chk < >").kind == "focus"
        desktop.press("Tab")
        field = desktop.wait_for_braille("Name ed ")
        # An empty field: the caret in a blank cell of its own at the end.
        assert field.caret == len(field.cells) - 1
        desktop.type("hi")
        typed = desktop.wait_for_braille("Name ed hi")
        assert typed.caret == len(typed.cells) - 1
        # Left: the caret under "i".
        desktop.press("Left")
        desktop.wait_for_braille("Name ed hi", caret=typed.caret - 1)
