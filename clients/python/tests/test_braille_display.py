"""`announcer.testing.VirtualBrailleDisplay`: BRLTTY's Virtual driver played by the test kit, seen
from a real BrlAPI client (a small C program built here against libbrlapi): the cells it writes,
dots 7 and 8 too; the display's keys as it reads them; BRLTTY killed and started again, and the
client finding it by itself; nothing left behind."""
from __future__ import annotations

import os
import random
import select
import subprocess
import time
from typing import List, Optional

import pytest

from announcer import AnnouncerError
from announcer.testing import VirtualBrailleDisplay
from announcer.testing import braille_display
from announcer.testing.braille_display import BRLAPI_SOCKETS

# Writes its cells, prints the keys it reads, and reconnects by itself when BRLTTY goes away.
CLIENT = r"""
#include <brlapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Usage: client CELLS [CELLS_AFTER], hex bytes (bit 0 = dot 1): the cells of the first
   connection, and of every one after it; BRLAPI_HOST and BRLAPI_AUTH say where BRLTTY is. */

static const struct { brlapi_keyCode_t command; const char *name; } names[] = {
  {BRLAPI_KEY_CMD_ROUTE, "ROUTE"}, {BRLAPI_KEY_CMD_FWINLT, "FWINLT"}, {BRLAPI_KEY_CMD_FWINRT, "FWINRT"},
  {BRLAPI_KEY_CMD_LNUP, "LNUP"}, {BRLAPI_KEY_CMD_LNDN, "LNDN"}, {BRLAPI_KEY_CMD_TOP, "TOP"},
  {BRLAPI_KEY_CMD_BOT, "BOT"},
};

static int parse(const char *hex, unsigned char *cells, unsigned int width) {
  memset(cells, 0, width);
  size_t count = strlen(hex) / 2;
  if (count > width) count = width;
  for (size_t i = 0; i < count; i++) {
    unsigned int value;
    if (sscanf(hex + 2 * i, "%2x", &value) != 1) return -1;
    cells[i] = value;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s CELLS [CELLS_AFTER]\n", argv[0]); return 2; }
  setvbuf(stdout, NULL, _IOLBF, 0);
  for (int connection = 1;;) {
    while (brlapi_openConnection(NULL, NULL) < 0) usleep(20000);
    unsigned int width = 0, height = 0;
    unsigned char cells[256];
    /* Until BRLTTY has its display, BrlAPI answers with a display of 0 cells, on which no
       cells can be written: a real client retries too. */
    if (brlapi_enterTtyModeWithPath(NULL, 0, NULL) < 0 || brlapi_getDisplaySize(&width, &height) < 0
        || width == 0 || width > sizeof(cells) || parse(argv[connection > 1 && argc > 2 ? 2 : 1], cells, width) < 0
        || brlapi_writeDots(cells) < 0) {
      printf("retry: width %u, %s\n", width, brlapi_strerror(&brlapi_error));
      brlapi_closeConnection();
      usleep(20000);
      continue;
    }
    printf("connected %d width %u\n", connection++, width);
    brlapi_keyCode_t code;
    while (brlapi_readKey(1, &code) > 0) {
      brlapi_expandedKeyCode_t key;
      brlapi_expandKeyCode(code, &key);
      const char *name = "?";
      for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (names[i].command == key.command) name = names[i].name;
      printf("key %s %u\n", name, key.argument);
    }
    printf("lost\n");
    brlapi_closeConnection();
  }
}
"""

# Every cell a dot pattern of its own, dots 7 and 8 among them, and a blank one inside.
CELLS = [0x01, 0x03, 0xC0, 0xFF, 0x40, 0x80, 0x00, 0x2A, 0x9B]
AFTER = [0x07, 0x0F, 0xF0]


def unicode(cells: List[int]) -> str:
    return "".join(chr(0x2800 + cell) for cell in cells)


@pytest.fixture(scope="module")
def client_program(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("brlapi-client")
    (directory / "client.c").write_text(CLIENT)
    program = str(directory / "client")
    built = subprocess.run(["gcc", "-Wall", "-o", program, str(directory / "client.c"), "-lbrlapi"],
                           capture_output=True, text=True)
    assert built.returncode == 0, f"the BrlAPI client did not build (libbrlapi-dev?): {built.stderr}"
    return program


class Client:
    """The C client, run with the display's environment; `next_line()` reads what it prints."""

    def __init__(self, program: str, display: VirtualBrailleDisplay, cells: List[int], after: Optional[List[int]] = None):
        argv = [program, bytes(cells).hex()] + ([bytes(after).hex()] if after is not None else [])
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        env=dict(os.environ, **display.env))
        self.said: List[str] = []
        self._buffer = b""

    def next_line(self, timeout: float = 20) -> str:
        """The next line the client prints, waiting at most `timeout` seconds for it; its
        retries (a BRLTTY reached before it has its display) are left out."""
        deadline = time.monotonic() + timeout
        while True:
            line = self._read_line(deadline, timeout)
            if not line.startswith("retry: "):
                return line

    def _read_line(self, deadline: float, timeout: float) -> str:
        assert self.process.stdout is not None
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, left))
            if not ready:
                raise AssertionError(f"the BrlAPI client printed nothing awaited within {timeout} s; it printed: {self.said[-10:]}")
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                raise AssertionError(f"the BrlAPI client exited ({self.process.wait()}); it printed: {self.said[-10:]}")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        self.said.append(line.decode())
        return self.said[-1]

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def display():
    with VirtualBrailleDisplay() as shown:
        yield shown


@pytest.fixture
def run_client(client_program):
    started: List[Client] = []

    def run(display: VirtualBrailleDisplay, cells: List[int], after: Optional[List[int]] = None) -> Client:
        started.append(Client(client_program, display, cells, after))
        return started[-1]

    yield run
    for client in started:
        client.close()


def test_the_cells_a_client_writes_are_shown_exactly(display, run_client):
    # Before any client, BRLTTY shows its own words ("no screen").
    assert display.lines and display.text
    client = run_client(display, CELLS)
    assert client.next_line() == "connected 1 width 40"
    expected = CELLS + [0] * (40 - len(CELLS))
    display.wait_for(lambda shown: shown.cells == expected, what=f"the client's cells {unicode(CELLS)}")
    assert display.text == unicode(CELLS) == "⠁⠃⣀⣿⡀⢀⠀⠪⢛"
    assert display.lines[-1] == display.text
    assert display.wait_for("⣀⣿⡀") == display.text


def test_the_width_is_the_displays(run_client):
    with VirtualBrailleDisplay(width=12) as display:
        client = run_client(display, list(range(1, 20)))
        assert client.next_line() == "connected 1 width 12"
        display.wait_for(lambda shown: shown.cells == list(range(1, 13)), what="the client's first 12 cells")
        assert len(display.cells) == 12


def test_the_displays_keys_reach_the_client_with_their_arguments(display, run_client):
    client = run_client(display, CELLS)
    assert client.next_line() == "connected 1 width 40"
    display.wait_for(unicode(CELLS))
    # A routing key's argument is its cell's index from 0, as BrlAPI clients take it.
    display.route(3)
    assert client.next_line() == "key ROUTE 3"
    display.route(39)
    assert client.next_line() == "key ROUTE 39"
    display.pan_right()
    assert client.next_line() == "key FWINRT 0"
    display.pan_left()
    assert client.next_line() == "key FWINLT 0"
    display.line_down()
    assert client.next_line() == "key LNDN 0"
    display.line_up()
    assert client.next_line() == "key LNUP 0"
    display.command("top")
    assert client.next_line() == "key TOP 0"
    display.command("route 1")
    assert client.next_line() == "key ROUTE 1"


def test_keys_the_virtual_driver_cannot_press_are_refused(display):
    # Its routing numbers start at 1: "route 0" is dropped with a warning, so route(0) says so.
    for cell in (0, -1, 40):
        with pytest.raises(ValueError, match="routes cells 1 to 39"):
            display.route(cell)
    with pytest.raises(ValueError):
        display.command("top\nbot")


def test_a_client_reconnects_after_brltty_is_killed_and_started_again(display, run_client):
    environment = display.env
    client = run_client(display, CELLS, after=AFTER)
    assert client.next_line() == "connected 1 width 40"
    display.wait_for(unicode(CELLS))
    killed = display.pid
    display.kill()
    assert display.pid is None and killed is not None
    assert client.next_line() == "lost"
    with pytest.raises(AssertionError, match="BRLTTY is gone"):
        display.wait_for(unicode(AFTER))
    display.restart()
    assert display.env == environment
    assert display.pid not in (None, killed)
    # The client finds the new BRLTTY at the same host by itself, and writes again.
    assert client.next_line() == "connected 2 width 40"
    display.wait_for(lambda shown: shown.cells == AFTER + [0] * 37, what=f"the cells after the reconnection {unicode(AFTER)}")
    assert unicode(CELLS) in display.lines and display.lines[-1] == unicode(AFTER)
    # And its keys still arrive.
    display.route(2)
    assert client.next_line() == "key ROUTE 2"


def test_a_wait_that_is_not_met_says_what_was_shown(display, run_client):
    client = run_client(display, CELLS)
    assert client.next_line() == "connected 1 width 40"
    display.wait_for(unicode(CELLS))
    with pytest.raises(AssertionError) as raised:
        display.wait_for("⠓⠑⠇⠇⠕", timeout=1)
    message = str(raised.value)
    assert "'⠓⠑⠇⠇⠕'" in message and "within 1 s" in message and unicode(CELLS) in message


def test_nothing_is_left_behind(run_client):
    display = VirtualBrailleDisplay()
    with display:
        number = display.env["BRLAPI_HOST"][1:]
        directory = display.directory
        assert directory is not None and os.path.isdir(directory)
        assert os.path.exists(os.path.join(BRLAPI_SOCKETS, number))
        first = display.pid
        # A killed BRLTTY leaves its BrlAPI socket and lock behind; close() removes them.
        display.kill()
        display.restart()
        second = display.pid
        display.kill()
        assert "BrlAPI Server" in display.brltty_log
    assert not os.path.exists(directory)
    assert not os.path.exists(os.path.join(BRLAPI_SOCKETS, number))
    assert not os.path.exists(os.path.join(BRLAPI_SOCKETS, "." + number))
    for pid in (first, second):
        assert pid is not None
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    # A BRLTTY stopped by close() itself removes what it made.
    with VirtualBrailleDisplay() as display:
        number = display.env["BRLAPI_HOST"][1:]
        pid = display.pid
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert not os.path.exists(os.path.join(BRLAPI_SOCKETS, number))
    assert display.brltty_log == ""
    with pytest.raises(AnnouncerError, match="not running"):
        display.env


def test_two_displays_have_hosts_of_their_own(run_client):
    with VirtualBrailleDisplay() as one, VirtualBrailleDisplay() as two:
        assert one.env["BRLAPI_HOST"] != two.env["BRLAPI_HOST"]
        first = run_client(one, [0x01])
        second = run_client(two, [0x02])
        assert first.next_line() == second.next_line() == "connected 1 width 40"
        one.wait_for("⠁")
        two.wait_for("⠂")
        assert one.text == "⠁" and two.text == "⠂"



def test_a_host_another_brltty_holds_is_given_up_for_another(monkeypatch, run_client):
    with VirtualBrailleDisplay() as first:
        held = int(first.env["BRLAPI_HOST"][1:])
        # The first host tried is the first display's, its BRLTTY taken for gone: the new
        # BRLTTY finds it held, says so, and the display tries another.
        choose = random.SystemRandom.randrange
        tried: List[int] = []

        def first_the_held_one(self, *arguments):
            tried.append(held if not tried else choose(self, *arguments))
            return tried[-1]

        monkeypatch.setattr(random.SystemRandom, "randrange", first_the_held_one)
        monkeypatch.setattr(braille_display, "_alive", lambda pid: False)
        with VirtualBrailleDisplay() as second:
            assert tried[0] == held and len(tried) >= 2
            assert second.env["BRLAPI_HOST"] == f":{tried[-1]}" != first.env["BRLAPI_HOST"]
            assert braille_display.HOST_TAKEN in second.brltty_log
            client = run_client(second, [0x3F])
            assert client.next_line() == "connected 1 width 40"
            second.wait_for("⠿")
        # The first BRLTTY kept its host.
        client = run_client(first, [0x07])
        assert client.next_line() == "connected 1 width 40"
        first.wait_for("⠇")


def test_a_missing_brltty_is_an_error_not_a_skip(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("BRLTTY", raising=False)
    with pytest.raises(AnnouncerError, match="brltty not found: install the Debian package brltty"):
        VirtualBrailleDisplay()
