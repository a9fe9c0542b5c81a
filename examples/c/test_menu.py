"""examples/c/menu.c, a curses menu that speaks through libannouncer, built with the library's own
Makefile and run headless under `announce term`: what it says for a fixed key script, line by
line, and that the terminal door read none of its screen (the program handed its speech off)."""
import os
import pathlib
import subprocess

from announcer.testing import Heard, Terminal

ROOT = pathlib.Path(__file__).resolve().parents[2]


def build(directory):
    subprocess.run(["make", "-s", "-C", str(ROOT / "clients" / "c"), f"BUILD={directory}"], check=True)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "ncurses"], check=True, capture_output=True, text=True).stdout.split()
    program = os.path.join(directory, "menu")
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(ROOT / "clients" / "c"), "-o", program,
                    str(ROOT / "examples" / "c" / "menu.c"), "-L", directory, "-lannouncer"] + flags, check=True)
    return program


def test_the_curses_menu_speaks_through_the_library(tmp_path):
    program = build(str(tmp_path))
    terminal = Terminal([program], env={"LD_LIBRARY_PATH": str(tmp_path)}, start_timeout=30)
    steps = [
        (None, ["window Music", "focus Play. Button. 1 of 3."]),
        ("Down", ["focus Shuffle. Check Box. Not Checked. 2 of 3.", "hint Press Space to toggle setting."]),
        ("Space", ["focus Shuffle. Check Box. Checked. 2 of 3.", "hint Press Space to toggle setting."]),
        ("Down", ["focus Quit. Button. 3 of 3."]),
        ("Enter", ["default Goodbye", "default exited 0"]),   # its own words, then the door says its exit
    ]
    with Heard(terminal.listen()) as heard, terminal:
        said = []
        for key, expected in steps:
            if key:
                terminal.press(key)
            said.append((key, heard.next(len(expected))))
        assert terminal.wait_for_exit() == 0
        door = terminal.spoken
    assert said == steps
    # The door read nothing of what curses drew; it says the exit, as for any program.
    assert door == ["exited 0"], door
