"""A braille display with no hardware, for tests: BRLTTY (Debian's `brltty`) with its Virtual
driver, which talks a line protocol over a socket to a program that plays the display. This
class is that program: it reads the cells BRLTTY shows and presses the display's keys.

    from announcer.testing import ScreenReader, VirtualBrailleDisplay

    with VirtualBrailleDisplay() as display, ScreenReader(config="braille = on", env=display.env) as reader:
        reader.screen([{"id": "play", "label": "Play", "traits": ["button"]}])
        display.wait_for("⠠⠏⠇⠁⠽")
        display.route(1)

A BrlAPI client (announcerd) finds this BRLTTY through `env` (BRLAPI_HOST, BRLAPI_AUTH): a
local host of its own, a socket in /var/lib/BrlAPI, with no authentication. brltty is
`$BRLTTY`, else the first on PATH.
"""
from __future__ import annotations

import os
import random
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from typing import IO, Callable, Dict, List, Optional, Union

from ..client import AnnouncerError
from .daemon import find_program

# Where BrlAPI's local hosts are: host ":N" is the socket N, held by the BRLTTY whose process id
# the lock file .N holds (Debian's BRLAPI_SOCKETPATH).
BRLAPI_SOCKETS = "/var/lib/BrlAPI"
# What BRLTTY logs (and then runs on, with no BrlAPI) when another server holds its host.
HOST_TAKEN = "another BrlAPI server is already listening"


def _cells(dots: str) -> List[int]:
    """A `Braille "1|12|78| "` line's cells: bit 0 is dot 1 … bit 7 dot 8."""
    cells = []
    for cell in dots.split("|"):
        value = 0
        for digit in cell:
            if digit in "12345678":
                value |= 1 << (int(digit) - 1)
        cells.append(value)
    return cells


def _unicode(cells: List[int]) -> str:
    """Cells as Unicode braille (U+2800 + dots), the blank cells at the end left out."""
    return "".join(chr(0x2800 + cell) for cell in cells).rstrip("\u2800")


def _lock_holder(number: int) -> Optional[int]:
    """The process id in host `number`'s lock file, None when there is none."""
    try:
        with open(os.path.join(BRLAPI_SOCKETS, f".{number}")) as lock:
            return int(lock.read().strip() or 0) or None
    except (OSError, ValueError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


class _HostTaken(Exception):
    """Another BRLTTY holds the BrlAPI host this one was given."""


class VirtualBrailleDisplay:
    """A display `width` cells wide. `start()` runs BRLTTY in a private directory with its
    Virtual driver (no screen driver, no speech) and BrlAPI on a local host no other BRLTTY
    holds, and returns once it is connected as the display and BrlAPI answers; `close()` stops
    it and removes the directory. Every wait is bounded by `timeout` seconds.

    `lines` holds every line BRLTTY showed, in order, as Unicode braille (across `restart()`s);
    `cells` and `text` the one it shows now."""

    def __init__(self, width: int = 40, *, brltty: Optional[str] = None, timeout: float = 10.0) -> None:
        if not 1 <= width <= 255:
            raise ValueError(f"a braille display has 1 to 255 cells, not {width}")
        self.width = width
        self.timeout = timeout
        self.brltty = brltty or find_program("brltty", "BRLTTY", "brltty")
        self.directory: Optional[str] = None
        self.host: Optional[str] = None
        self._number: Optional[int] = None
        self._process: Optional[subprocess.Popen] = None
        self._started: List[int] = []
        self._log_file: Optional[IO[str]] = None
        self._socket: Optional[socket.socket] = None
        self._buffer = b""
        self._lines: List[str] = []
        self._cells: List[int] = [0] * width

    # -- the session

    @property
    def env(self) -> Dict[str, str]:
        """The environment a BrlAPI client needs to find this BRLTTY (the same across
        `restart()`s)."""
        if self.host is None:
            raise AnnouncerError("closed", "the display is not running (use it in a with block, or call start())")
        return {"BRLAPI_HOST": self.host, "BRLAPI_AUTH": "none"}

    def start(self) -> "VirtualBrailleDisplay":
        if self.directory is not None:
            raise AnnouncerError("started", "the display is running already")
        self.directory = tempfile.mkdtemp(prefix="announcer-braille.")
        try:
            chooser = random.SystemRandom()
            for _ in range(10):
                # A host of its own: none on which another BRLTTY (the system's is :0) listens.
                number = chooser.randrange(1000, 10000)
                holder = _lock_holder(number)
                if holder is not None and _alive(holder):
                    continue
                try:
                    self._launch(number)
                    return self
                except _HostTaken:
                    continue
            raise AnnouncerError("unavailable", f"brltty found no free BrlAPI host in {BRLAPI_SOCKETS}: {self.brltty_log[-2000:]}")
        except BaseException:
            self.close()
            raise

    def restart(self) -> None:
        """BRLTTY again (killed first if it runs), on the same BrlAPI host, and the display
        connected to it: a client that reconnects by itself finds it with the same `env`."""
        if self.directory is None or self._number is None:
            raise AnnouncerError("closed", "the display is not running (use it in a with block, or call start())")
        self.kill()
        try:
            self._launch(self._number)
        except _HostTaken:
            raise AnnouncerError("unavailable", f"another BRLTTY took BrlAPI host {self.host} while this one was down: {self.brltty_log[-2000:]}") from None

    def close(self) -> None:
        """Stops BRLTTY and removes its directory."""
        self._stop(terminate=True)
        # The host's socket and lock a killed BRLTTY left behind.
        if self._number is not None and _lock_holder(self._number) in self._started:
            for name in (str(self._number), f".{self._number}"):
                try:
                    os.unlink(os.path.join(BRLAPI_SOCKETS, name))
                except OSError:
                    pass
        self._started.clear()
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None
        self.host = None
        self._number = None

    def __enter__(self) -> "VirtualBrailleDisplay":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def pid(self) -> Optional[int]:
        """BRLTTY's process id while it runs."""
        return self._process.pid if self._process is not None and self._process.poll() is None else None

    def kill(self) -> None:
        """BRLTTY dies at once (SIGKILL), as a display unplugged or a crash leaves its clients:
        its BrlAPI socket stays behind, refusing them."""
        self._stop(terminate=False)

    def pause(self) -> None:
        """BRLTTY stops answering (SIGSTOP), as a hung one does; `resume()` wakes it."""
        if self._process is not None:
            os.kill(self._process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self._process is not None:
            os.kill(self._process.pid, signal.SIGCONT)

    @property
    def brltty_log(self) -> str:
        """What BRLTTY wrote to its standard error so far (every run of it)."""
        if self.directory is None:
            return ""
        try:
            with open(os.path.join(self.directory, "brltty.log"), errors="replace") as log:
                return log.read()
        except OSError:
            return ""

    def _launch(self, number: int) -> None:
        """Runs BRLTTY with BrlAPI on host `number` and connects as its display."""
        assert self.directory is not None
        virtual = os.path.join(self.directory, "display.socket")
        # What a killed BRLTTY left: the driver's socket (it must not exist) and the pid file.
        for leftover in (virtual, os.path.join(self.directory, "brltty.pid")):
            if os.path.exists(leftover):
                os.unlink(leftover)
        self.host = f":{number}"
        self._number = number
        log_start = len(self.brltty_log)
        self._log_file = open(os.path.join(self.directory, "brltty.log"), "a")
        # No screen driver and no speech; BRLTTY's own stop message ("BRLTTY stopped") would
        # take two windows on a narrow display, each held for seconds before it exits.
        self._process = subprocess.Popen(
            [self.brltty, "-n", "-e", "-q", "-b", "vr", "-d", f"server:{virtual}", "-x", "no", "-s", "no", "--stop-message=.",
             "-f", "/dev/null", "-P", os.path.join(self.directory, "brltty.pid"), "-W", self.directory,
             "-U", self.directory, "-A", f"host={self.host},auth=none"],
            stdin=subprocess.DEVNULL, stdout=self._log_file, stderr=self._log_file, start_new_session=True)
        self._started.append(self._process.pid)
        deadline = time.monotonic() + self.timeout
        # The Virtual driver listens once BRLTTY has started; it waits for the display there.
        while self._socket is None:
            self._check_running(log_start)
            display = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                display.connect(virtual)
                self._socket = display
            except OSError:
                display.close()
                if time.monotonic() > deadline:
                    self._failed(f"brltty's Virtual driver did not listen within {self.timeout} s", log_start)
                time.sleep(0.02)
        self._buffer = b""
        self._send(f"cells {self.width}")
        # Ready once BRLTTY shows its own line on the display and its BrlAPI host answers.
        lines = len(self._lines)
        while len(self._lines) == lines or not self._brlapi_answers(number):
            self._check_running(log_start)
            if time.monotonic() > deadline:
                self._failed(f"brltty did not show a line and answer on BrlAPI host {self.host} within {self.timeout} s", log_start)
            self._read(0.05)

    def _brlapi_answers(self, number: int) -> bool:
        if self._process is None or _lock_holder(number) != self._process.pid:
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(os.path.join(BRLAPI_SOCKETS, str(number)))
                return True
            except OSError:
                return False

    def _check_running(self, log_start: int) -> None:
        """Raises when BRLTTY has exited or its BrlAPI host is another's (it runs on without)."""
        log = self.brltty_log[log_start:]
        if HOST_TAKEN in log:
            self._stop(terminate=True)
            raise _HostTaken(log)
        if self._process is not None and self._process.poll() is not None:
            self._failed(f"brltty exited with status {self._process.returncode}", log_start)

    def _failed(self, what: str, log_start: int) -> None:
        log = self.brltty_log[log_start:].strip()
        self._stop(terminate=False)
        raise AnnouncerError("unavailable", f"{what}; brltty said: {log[-2000:]}")

    def _stop(self, *, terminate: bool) -> None:
        """Ends this run of BRLTTY: SIGTERM (so that it removes its BrlAPI socket), SIGKILL
        after 5 s; SIGKILL at once without `terminate`."""
        if self._process is not None:
            if self._process.poll() is None:
                # The Virtual driver, waiting for a display, lets nothing stop BRLTTY but SIGKILL;
                # with the display connected, SIGTERM ends it.
                if terminate and self._socket is not None:
                    self._process.terminate()
                    os.kill(self._process.pid, signal.SIGCONT)
                    try:
                        self._process.wait(timeout=5)
                    except subprocess.TimeoutExpired:
                        pass
                if self._process.poll() is None:
                    self._process.kill()
                    self._process.wait()
            self._process = None
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    # -- what the display shows

    @property
    def cells(self) -> List[int]:
        """The cells shown now, `width` of them: bit 0 is dot 1 … bit 7 dot 8."""
        self._read(0)
        return list(self._cells)

    @property
    def text(self) -> str:
        """The cells shown now as Unicode braille (U+2800 + dots), blank cells at the end left out."""
        self._read(0)
        return _unicode(self._cells)

    @property
    def lines(self) -> List[str]:
        """Every line BRLTTY showed so far, in order, as `text` was then."""
        self._read(0)
        return list(self._lines)

    def wait_for(self, expected: Union[str, Callable[["VirtualBrailleDisplay"], bool]], timeout: Optional[float] = None,
                 *, what: Optional[str] = None) -> str:
        """Waits until the display shows `expected` (Unicode braille it contains, or a test on
        the display) and returns what it shows then; raises AssertionError with the lines it
        showed last when that has not happened within `timeout` seconds (the display's
        `timeout` if None)."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        wanted = what or (repr(expected) if isinstance(expected, str) else "what the test asked for")

        def shown() -> bool:
            return expected(self) if callable(expected) else expected in self.text

        while not shown():
            left = deadline - time.monotonic()
            if left <= 0 or self._socket is None:
                why = f"within {limit} s" if self._socket is not None else "(BRLTTY is gone: killed, exited or closed)"
                raise AssertionError(f"the braille display did not show {wanted} {why}; it showed last: {self._lines[-5:]}")
            self._read(min(left, 0.5))
        return self.text

    def _read(self, timeout: float) -> None:
        """Takes what BRLTTY sent, waiting at most `timeout` seconds for the first of it."""
        while self._socket is not None:
            ready, _, _ = select.select([self._socket], [], [], max(0.0, timeout))
            if not ready:
                break
            timeout = 0
            try:
                data = self._socket.recv(65536)
            except OSError:
                data = b""
            if not data:
                # BRLTTY has gone (or closed the display's connection): nothing more comes.
                self._socket.close()
                self._socket = None
                break
            self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            text = line.decode(errors="replace").strip()
            if text.startswith("Braille ") and text.count('"') >= 2:
                cells = _cells(text.split('"')[1])
                self._cells = (cells + [0] * self.width)[: self.width]
                self._lines.append(_unicode(self._cells))

    # -- the display's keys

    def route(self, cell: int) -> None:
        """The routing key over `cell`: a BrlAPI client reads the routing command with argument
        `cell`, the cell's index from 0. BRLTTY's Virtual driver refuses 0 (its numbers start
        at 1), so the first cell has no routing key here."""
        if not 1 <= cell < self.width:
            raise ValueError(f"BRLTTY's Virtual driver routes cells 1 to {self.width - 1}, not {cell}")
        self._send(f"route {cell}")

    def pan_left(self) -> None:
        self._send("fwinlt")

    def pan_right(self) -> None:
        self._send("fwinrt")

    def line_up(self) -> None:
        self._send("lnup")

    def line_down(self) -> None:
        self._send("lndn")

    def command(self, name: str) -> None:
        """Any of BRLTTY's commands by name (`top`, `bot`, `home`, `route 5`, …, as
        brldefs.h names them without BRL_CMD_). "quit" makes BRLTTY drop the display."""
        if not name.strip() or "\n" in name or "\r" in name:
            raise ValueError(f"not a BRLTTY command: {name!r}")
        self._send(name.strip())

    def _send(self, line: str) -> None:
        self._read(0)
        if self._socket is None:
            raise AnnouncerError("closed", "the display is not connected to BRLTTY")
        self._socket.settimeout(self.timeout)
        try:
            self._socket.sendall((line + "\n").encode())
        finally:
            self._socket.settimeout(None)
