"""A terminal program under test: run under `announce term` in a pseudo-terminal of its own
(libvterm keeps its screen; no tmux, no terminal of yours), heard by a private announcerd with no
audio.

    from announcer.testing import Terminal

    def test_the_menu():
        with Terminal(["python3", "menu.py"]) as menu:
            menu.press("Down")
            assert menu.spoken[-1] == "Load game"

Each `press` and `type` returns once the program has answered and all it said has been said
(`announce term --keys` paces each step on speech, never on a fixed pause: a key the program does
not answer at all costs two seconds). announce is `$ANNOUNCE`, else the first on PATH; announcerd
`$ANNOUNCERD`, else PATH.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import time
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..client import AnnouncerError, BrailleEvent, Client
from .daemon import PrivateDaemon, find_program


class Terminal:
    """`argv` in a `columns` × `rows` terminal; `env` adds to (or, with a value of None, takes
    from) the environment it runs in. `typing_echo` is announce term's `--typing-echo`
    (characters, words or none); `config` more announcer.conf text for the private daemon and
    announce term both; `timeout` bounds every wait, `start_timeout` the program's first
    output. The program finds the daemon at `$ANNOUNCER_SOCKET` (`socket_path`), so that one
    that speaks for itself (announcer.textual) is heard by the same daemon. `daemon_env` adds to
    the private announcerd's environment (a `VirtualBrailleDisplay`'s)."""

    def __init__(self, argv: Sequence[str], columns: int = 80, rows: int = 24,
                 env: Optional[Mapping[str, Optional[str]]] = None, *, announce: Optional[str] = None,
                 announcerd: Optional[str] = None, typing_echo: Optional[str] = None, config: str = "",
                 timeout: float = 10.0, start_timeout: float = 30.0, daemon_env: Optional[Dict[str, str]] = None) -> None:
        if not argv:
            raise ValueError("Terminal needs a program to run")
        self.argv = list(argv)
        self.columns = columns
        self.rows = rows
        self.env = dict(env or {})
        self.announce = announce or find_program("announce", "ANNOUNCE")
        self.typing_echo = typing_echo
        self.timeout = timeout
        self.start_timeout = start_timeout
        self._daemon = PrivateDaemon(announcerd=announcerd, config=config, timeout=timeout, prefix="announcer-terminal.", env=daemon_env)
        self._listening = False
        self._process: Optional[subprocess.Popen] = None
        self._buffer = b""
        self._spoken: List[str] = []
        self._braille_client: Optional[Client] = None
        self._brailled: List[BrailleEvent] = []
        self._screen: Optional[Dict[str, Any]] = None
        self._ready = False
        self._errors: List[str] = []
        self._exit_status: Optional[int] = None
        self._ended = False

    # -- the session

    @property
    def socket_path(self) -> str:
        """The private announcerd's socket (started by `listen()` or `start()`)."""
        return self._daemon.socket_path

    def listen(self) -> str:
        """Starts the private announcerd before the program, so that a test can subscribe to
        what it speaks from the program's first word on; returns its socket."""
        if not self._listening:
            self._daemon.start()
            self._listening = True
            # What a braille display shows, as the daemon shows it (no display needed).
            self._braille_client = Client(self._daemon.socket_path, timeout=self.timeout, hello="announcer.testing.terminal")
            self._braille_client.subscribe(["braille"])
        return self._daemon.socket_path

    def start(self) -> "Terminal":
        self.listen()
        config_path = self._daemon.config_path
        command = [self.announce, "term", "--keys", "-", "--json", "--socket", self._daemon.socket_path,
                   "--config", config_path, "--size", f"{self.columns}x{self.rows}"]
        if self.typing_echo is not None:
            command += ["--typing-echo", self.typing_echo]
        environment = dict(os.environ, ANNOUNCER_SOCKET=self._daemon.socket_path)
        for name, value in self.env.items():
            if value is None:
                environment.pop(name, None)
            else:
                environment[name] = value
        self._stderr = open(self._daemon.socket_path + ".stderr", "w+")
        try:
            self._process = subprocess.Popen(command + ["--"] + self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=self._stderr, env=environment)
            self._wait_ready(self.start_timeout, "the program's start")
        except BaseException:
            self.close()
            raise
        return self

    def close(self) -> None:
        """Ends the run: the program is hung up (as closing a terminal window does) unless it has
        exited, and everything started for it stops."""
        if self._process is not None:
            try:
                if self._process.stdin is not None and not self._process.stdin.closed:
                    self._process.stdin.close()
            except OSError:
                pass
            deadline = time.monotonic() + self.timeout
            while not self._ended and time.monotonic() < deadline:
                if not self._read(deadline - time.monotonic()):
                    break
            try:
                self._process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            if self._process.stdout is not None:
                self._process.stdout.close()
            self._process = None
            self._stderr.close()
        if self._braille_client is not None:
            self._braille_client.close()
            self._braille_client = None
        self._daemon.close()

    def __enter__(self) -> "Terminal":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- what a user does

    def press(self, key: str) -> None:
        """One key, by tmux's name: "Down", "Enter", "Escape", "Tab", "BSpace", "Space", "F2",
        "PageUp", "C-c", "M-i" (Alt+I: a review key, read by announce term, not the program),
        or a character."""
        if not key or "\n" in key:
            raise ValueError(f"not a key name: {key!r}")
        self._step(key)

    def type(self, text: str) -> None:
        """Types `text` a character at a time, as a person does; a line break is Enter."""
        for character in text:
            self._step("Enter" if character == "\n" else "type " + character)

    def wait(self, milliseconds: int) -> None:
        """Gives the program time (a timer of its own), hearing what it says meanwhile."""
        self._step(f"wait {int(milliseconds)}")

    # -- what was said and shown

    @property
    def spoken(self) -> List[str]:
        """Every utterance so far, in order (the program's output, the lines and entries the
        cursor lands on, echoed keys, its exit)."""
        self._read(0)
        return list(self._spoken)

    @property
    def last_spoken(self) -> Optional[str]:
        spoken = self.spoken
        return spoken[-1] if spoken else None

    def clear(self) -> None:
        """Forgets what was said so far."""
        self._read(0)
        self._spoken.clear()

    def wait_for_speech(self, text: str, timeout: float = 10) -> str:
        """Returns the first utterance since the last `clear()` that contains `text`, waiting at
        most `timeout` seconds for it; raises AnnouncerError("timeout") listing what was said."""
        deadline = time.monotonic() + timeout
        while True:
            found = next((said for said in self._spoken if text in said), None)
            if found is not None:
                return found
            left = deadline - time.monotonic()
            if left <= 0 or self._ended:
                raise AnnouncerError("timeout", f"{text!r} was not spoken within {timeout} s; spoken: {self._spoken}")
            # What the read brings is looked at first, even when it reached announce term's end.
            self._read(left)

    def braille(self) -> Optional[BrailleEvent]:
        """What a braille display shows now: the cursor's line (or the review cursor's, while the
        review keys have placed it) with the caret's dots 7-8 (its `text`, its `cells` in Unicode
        braille, the `caret` cell); None before any."""
        self._take_braille(0)
        return self._brailled[-1] if self._brailled else None

    def wait_for_braille(self, text: str, timeout: float = 10, *, caret: Optional[int] = None) -> BrailleEvent:
        """The display's line once its text contains `text` (and, given `caret`, its caret is at
        that cell), at once if it does now, waiting at most `timeout` seconds; raises
        AnnouncerError("timeout") with the lines it showed."""
        deadline = time.monotonic() + timeout
        while True:
            self._take_braille(0)
            if self._brailled and text in self._brailled[-1].text and (caret is None or self._brailled[-1].caret == caret):
                return self._brailled[-1]
            left = deadline - time.monotonic()
            if left <= 0:
                raise AnnouncerError("timeout", f"{text!r} was not shown in braille within {timeout} s; shown: {[line.text for line in self._brailled]}")
            self._take_braille(min(left, 0.5))

    def _take_braille(self, timeout: float) -> None:
        if self._braille_client is None:
            raise AnnouncerError("closed", "the terminal is not running (use it in a with block, or call start())")
        for event in self._braille_client.events(timeout=timeout):
            if isinstance(event, BrailleEvent):
                self._brailled.append(event)
            timeout = 0

    @property
    def screen(self) -> str:
        """The screen as the program has drawn it now: its lines, trailing spaces dropped."""
        self._step("screen")
        assert self._screen is not None
        return "\n".join(self._screen["lines"])

    @property
    def cursor(self) -> tuple:
        """The cursor's (row, column), from 0, as of the last `screen`."""
        if self._screen is None:
            self.screen
        assert self._screen is not None
        return (self._screen["cursor"]["row"], self._screen["cursor"]["column"])

    @property
    def exit_status(self) -> Optional[int]:
        """The program's exit status once it has exited on its own (a signal as 128 + its number);
        None while it runs, and when it was hung up at the end."""
        self._read(0)
        return self._exit_status

    def wait_for_exit(self, timeout: float = 10) -> Optional[int]:
        """Waits for the program to exit on its own; its status."""
        deadline = time.monotonic() + timeout
        while not self._ended:
            left = deadline - time.monotonic()
            # A read that reaches announce term's end may have read its exit first: ended, not late.
            if (left <= 0 or not self._read(left)) and not self._ended:
                raise AnnouncerError("timeout", f"{self.argv[0]} did not exit within {timeout} s; spoken: {self._spoken}")
        return self._exit_status

    # -- announce term's events

    def _step(self, line: str) -> None:
        if self._process is None or self._process.stdin is None:
            raise AnnouncerError("closed", "the terminal is not running (use it in a with block, or call start())")
        if self._ended:
            raise AnnouncerError("closed", f"{self.argv[0]} has exited (status {self._exit_status}); {line!r} was not sent")
        self._ready = False
        errors = len(self._errors)
        try:
            self._process.stdin.write((line + "\n").encode())
            self._process.stdin.flush()
        except BrokenPipeError:
            raise AnnouncerError("closed", f"announce term has ended: {self._stderr_text()}") from None
        self._wait_ready(self.timeout, repr(line))
        if len(self._errors) > errors:
            raise AnnouncerError("invalid_field", self._errors[-1])

    def _wait_ready(self, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not self._ready and not self._ended:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AnnouncerError("timeout", f"{what} was not answered and said within {timeout} s; spoken: {self._spoken}; announce term said: {self._stderr_text()!r}")
            if not self._read(left):
                break
        if not self._ready and not self._ended:
            raise AnnouncerError("closed", f"announce term ended: {self._stderr_text()}")

    def _read(self, timeout: float) -> bool:
        """Reads announce term's events that come within `timeout`; False at its end."""
        if self._process is None or self._process.stdout is None:
            return False
        stdout = self._process.stdout
        while True:
            if b"\n" in self._buffer:
                line, self._buffer = self._buffer.split(b"\n", 1)
                self._event(json.loads(line))
                timeout = 0
                continue
            ready, _, _ = select.select([stdout], [], [], max(0.0, timeout))
            if not ready:
                return True
            chunk = os.read(stdout.fileno(), 65536)
            if not chunk:
                self._ended = True
                return False
            self._buffer += chunk

    def _event(self, event: Dict[str, Any]) -> None:
        kind = event.get("event")
        if kind == "spoken":
            self._spoken.append(event["text"])
        elif kind == "ready":
            self._ready = True
        elif kind == "screen":
            self._screen = event
        elif kind == "error":
            self._errors.append(event["message"])
        elif kind == "exit":
            self._exit_status = event.get("status")
            self._ended = True

    def _stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().strip()
