"""A braille display with no hardware, for tests: BRLTTY (Debian's `brltty`) with its Virtual
driver, which talks a line protocol over a socket to a program that plays the display. This
class is that program: it reads the cells BRLTTY shows and presses the display's keys.

    from announcer.testing import ScreenReader, VirtualBrailleDisplay

    with VirtualBrailleDisplay() as display, ScreenReader(config="braille = on", env=display.env) as reader:
        reader.screen([{"id": "play", "label": "Play", "traits": ["button"]}])
        display.wait_for("⠠⠏⠇⠁⠽")
        display.route(0)

A BrlAPI client (announcerd) finds this BRLTTY through `env` (BRLAPI_HOST, BRLAPI_AUTH).
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from typing import Callable, Dict, List, Optional, Union

from ..client import AnnouncerError


def _cells(dots: str) -> List[int]:
    """A `Braille "1|12|78| "` line's cells: bit 0 is dot 1 … bit 7 dot 8."""
    cells = []
    for cell in dots.split("|"):
        value = 0
        for digit in cell.strip():
            value |= 1 << (int(digit) - 1)
        cells.append(value)
    return cells


class VirtualBrailleDisplay:
    """A display `width` cells wide. `start()` runs BRLTTY (`brltty` on PATH, or `brltty`) in
    a private directory with its Virtual driver and BrlAPI on a private local host, and connects
    as the display; `close()` stops it and removes the directory. Every wait is bounded by
    `timeout` seconds."""

    def __init__(self, width: int = 40, *, brltty: Optional[str] = None, timeout: float = 20.0) -> None:
        self.width = width
        self.timeout = timeout
        self.brltty = brltty or shutil.which("brltty") or shutil.which("brltty", path="/usr/sbin:/usr/bin:/sbin:/bin")
        if self.brltty is None:
            raise AnnouncerError("missing", "brltty is not installed (Debian: apt install brltty; scripts/install-deps test installs it)")
        self.directory: Optional[str] = None
        self.host: Optional[str] = None
        self._process: Optional[subprocess.Popen] = None
        self._socket: Optional[socket.socket] = None
        self._buffer = b""
        self.lines: List[str] = []
        self.cells: List[int] = [0] * width

    # -- the session

    @property
    def env(self) -> Dict[str, str]:
        """The environment a BrlAPI client needs to find this BRLTTY."""
        if self.host is None:
            raise AnnouncerError("closed", "the display is not running (use it in a with block, or call start())")
        return {"BRLAPI_HOST": self.host, "BRLAPI_AUTH": "none"}

    def start(self) -> "VirtualBrailleDisplay":
        self.directory = tempfile.mkdtemp(prefix="announcer-braille.")
        try:
            self._launch()
        except BaseException:
            self.close()
            raise
        return self

    def _launch(self) -> None:
        assert self.directory is not None
        # BrlAPI's local hosts are sockets in /var/lib/BrlAPI: one no other BRLTTY holds.
        for attempt in range(20):
            number = 100 + (os.getpid() * 7 + attempt * 13 + int(time.monotonic() * 1000)) % 800
            if self.host is None or attempt > 0:
                self.host = f":{number}"
            if os.path.exists(f"/var/lib/BrlAPI/{number}") and attempt < 19:
                continue
            break
        self._stderr = open(os.path.join(self.directory, "brltty.log"), "a+")
        virtual = os.path.join(self.directory, "display.socket")
        if os.path.exists(virtual):
            os.unlink(virtual)
        self._process = subprocess.Popen(
            [self.brltty, "-n", "-e", "-q", "-b", "vr", "-d", f"server:{virtual}", "-x", "no", "-s", "no",
             "-f", "/dev/null", "-P", os.path.join(self.directory, "brltty.pid"), "-W", self.directory, "-U", self.directory,
             "-A", f"host={self.host},auth=none"],
            stdin=subprocess.DEVNULL, stdout=self._stderr, stderr=self._stderr, start_new_session=True)
        deadline = time.monotonic() + self.timeout
        while True:
            if self._process.poll() is not None:
                raise AnnouncerError("exited", f"brltty exited with status {self._process.returncode}: {self.brltty_log[-2000:]}")
            if os.path.exists(virtual):
                display = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    display.connect(virtual)
                    self._socket = display
                    break
                except OSError:
                    display.close()
            if time.monotonic() > deadline:
                raise AnnouncerError("timeout", f"brltty's Virtual driver did not listen within {self.timeout} s: {self.brltty_log[-2000:]}")
            time.sleep(0.02)
        self._buffer = b""
        self._send(f"cells {self.width}")
        # BRLTTY shows its own words once the driver has the display: it is ready then.
        self.wait_for(lambda display: bool(display.lines), what="BRLTTY's first line")

    def close(self) -> None:
        """Stops BRLTTY and removes its directory."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        if self._process is not None:
            if self._process.poll() is None:
                self._process.terminate()
                try:
                    self._process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self._process.kill()
                    self._process.wait()
            self._process = None
            self._stderr.close()
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None

    def __enter__(self) -> "VirtualBrailleDisplay":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def pid(self) -> Optional[int]:
        """BRLTTY's process id while it runs."""
        return self._process.pid if self._process is not None and self._process.poll() is None else None

    def kill(self) -> None:
        """BRLTTY dies at once (SIGKILL), as a display unplugged or a crash leaves its clients."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None
            self._stderr.close()
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def restart(self) -> None:
        """BRLTTY again, on the same BrlAPI host, and the display connected to it."""
        self.kill()
        assert self.directory is not None
        pidfile = os.path.join(self.directory, "brltty.pid")
        if os.path.exists(pidfile):
            os.unlink(pidfile)
        # The host's socket the killed BRLTTY left behind.
        if self.host is not None and os.path.exists(f"/var/lib/BrlAPI/{self.host[1:]}"):
            try:
                os.unlink(f"/var/lib/BrlAPI/{self.host[1:]}")
            except OSError:
                pass
        self.lines.clear()
        self._launch()

    def pause(self) -> None:
        """BRLTTY stops answering (SIGSTOP), as a hung one does; `resume()` wakes it."""
        if self._process is not None:
            os.kill(self._process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self._process is not None:
            os.kill(self._process.pid, signal.SIGCONT)

    @property
    def brltty_log(self) -> str:
        """What BRLTTY logged so far."""
        if self.directory is None:
            return ""
        try:
            with open(os.path.join(self.directory, "brltty.log"), errors="replace") as log:
                return log.read()
        except OSError:
            return ""

    # -- what the display shows

    @property
    def text(self) -> str:
        """The cells shown now as Unicode braille (U+2800 + dots), blank cells at the end left out."""
        self._read(0)
        return "".join(chr(0x2800 + cell) for cell in self.cells).rstrip("\u2800")

    def wait_for(self, expected: Union[str, Callable[["VirtualBrailleDisplay"], bool]], timeout: Optional[float] = None,
                 *, what: Optional[str] = None) -> str:
        """Waits until the display shows `expected` (Unicode braille it contains, or a test on
        the display) and returns what it shows; raises AssertionError with the last lines."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)

        def shown() -> bool:
            if callable(expected):
                return expected(self)
            return expected in self.text

        while not shown():
            left = deadline - time.monotonic()
            if left <= 0:
                wanted = what or (repr(expected) if isinstance(expected, str) else "the condition")
                raise AssertionError(f"the braille display did not show {wanted} within the time; it showed last: {self.lines[-5:]}")
            self._read(min(left, 0.5))
        return self.text

    def _read(self, timeout: float) -> None:
        """Takes what BRLTTY sent, waiting at most `timeout` for the first of it."""
        if self._socket is None:
            return
        self._socket.settimeout(timeout if timeout > 0 else 0.0)
        try:
            while True:
                data = self._socket.recv(65536)
                if not data:
                    break
                self._buffer += data
                self._socket.settimeout(0.0)
        except (BlockingIOError, socket.timeout, OSError):
            pass
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            text = line.decode(errors="replace").strip()
            if text.lower().startswith("braille "):
                quoted = text.split('"')[1] if '"' in text else ""
                cells = _cells(quoted)
                self.cells = (cells + [0] * self.width)[: self.width]
                self.lines.append("".join(chr(0x2800 + cell) for cell in self.cells).rstrip("\u2800"))

    # -- the display's keys

    def route(self, cell: int) -> None:
        """The routing key over `cell` (0 is the leftmost). BRLTTY's Virtual driver hands its
        number to BrlAPI's client as the routing argument as it is."""
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
        """Any of BRLTTY's commands by name (`top`, `bot`, …)."""
        self._send(name)

    def _send(self, line: str) -> None:
        if self._socket is None:
            raise AnnouncerError("closed", "the display is not connected to BRLTTY")
        self._socket.settimeout(self.timeout)
        self._socket.sendall((line + "\n").encode())
