"""`announcer.testing.Terminal`: a real terminal program under `announce term`, headless, heard by
a private announcerd."""
import os
import pathlib
import random
import subprocess

import pytest

from announcer import AnnouncerError
from announcer.testing import Terminal

MENU = str(pathlib.Path(__file__).resolve().parents[3] / "examples" / "testing" / "terminal" / "menu.py")
SHELL = ["bash", "--norc", "--noprofile"]


@pytest.fixture(autouse=True)
def built(announce):
    os.environ["ANNOUNCE"] = announce


def test_keys_are_answered_and_said_before_press_returns():
    with Terminal(["python3", MENU]) as menu:
        assert menu.spoken == ["Main menu\nNew game\nLoad game\nSettings\nQuit"]
        menu.clear()
        menu.press("Down")
        menu.press("Down")
        menu.press("Enter")
        assert menu.spoken == ["Load game", "Settings", "You chose Settings."]
        assert menu.screen.splitlines()[:8] == ["Main menu", "", "  New game", "  Load game", "  Settings", "  Quit", "", "You chose Settings."]
        assert len(menu.screen.split("\n")) == 24
        assert menu.exit_status is None
        menu.press("q")
        assert menu.wait_for_exit() == 0
        assert menu.last_spoken == "exited 0"
        with pytest.raises(AnnouncerError, match="has exited"):
            menu.press("Down")


def test_typing_a_command_and_the_review_keys():
    with Terminal(SHELL, columns=60, rows=10, env={"PS1": "$ ", "HISTFILE": "/dev/null"}) as shell:
        shell.clear()
        shell.type("echo hello\n")
        assert shell.spoken == ["e", "c", "h", "o", "space", "h", "e", "l", "l", "o", "hello\n$"]
        assert shell.wait_for_speech("hello") == "hello\n$"
        shell.press("M-u")          # review: the line above the cursor's
        assert shell.last_spoken == "hello"
        assert shell.cursor == (2, 2)
        shell.type("exit 3\n")
        assert shell.wait_for_exit() == 3


def test_typing_echo_none_and_a_program_without_keys():
    with Terminal(SHELL, env={"PS1": "$ "}, typing_echo="none") as shell:
        shell.clear()
        shell.type("echo hi\n")
        assert shell.spoken == ["hi\n$"]


def test_wait_for_speech_fails_listing_what_was_said():
    with Terminal(["python3", MENU]) as menu:
        with pytest.raises(AnnouncerError) as failure:
            menu.wait_for_speech("Options", timeout=0.5)
        assert "'Options' was not spoken within 0.5 s; spoken: ['Main menu\\nNew game" in str(failure.value)


def test_a_bad_key_name_is_refused_and_loses_nothing():
    with Terminal(["python3", MENU]) as menu:
        with pytest.raises(AnnouncerError, match='"Dwn" is not a key name'):
            menu.press("Dwn")
        with pytest.raises(ValueError):
            menu.press("Down\nUp")
        menu.press("Down")
        assert menu.last_spoken == "Load game"


def test_env_takes_away_as_well_as_adds():
    os.environ["ANNOUNCER_TEST_GONE"] = "here"
    try:
        with Terminal(SHELL, env={"PS1": "$ ", "ANNOUNCER_TEST_GONE": None, "ANNOUNCER_TEST_ADDED": "added"}) as shell:
            shell.type('echo "[$ANNOUNCER_TEST_GONE][$ANNOUNCER_TEST_ADDED]"\n')
            assert shell.wait_for_speech("[][added]")
    finally:
        del os.environ["ANNOUNCER_TEST_GONE"]


def test_nothing_is_left_running_after_close():
    # A sleep of a length of its own, so that no other process can match it.
    sleep = f"sleep {300 + random.random():.6f}"
    terminal = Terminal(["sh", "-c", f"echo started; exec {sleep}"])
    with terminal:
        assert terminal.spoken == ["started"]
        directory = terminal._daemon.directory
        assert directory and os.path.isdir(directory)
    assert not os.path.exists(directory)
    left = subprocess.run(["pgrep", "-f", sleep], capture_output=True, text=True).stdout.split()
    assert left == []
    assert terminal.exit_status is None


def test_a_program_that_cannot_start():
    with Terminal(["/nonexistent/program"]) as broken:
        assert broken.wait_for_exit() == 127
