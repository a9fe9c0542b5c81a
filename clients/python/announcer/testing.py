"""A virtual screen reader for tests: a private announcerd with no audio (the `text:instant`
sink) on a temporary socket, and a log of what it says.

    from announcer.testing import ScreenReader

    def test_the_dialog_reads_its_buttons():
        with ScreenReader() as reader:
            reader.screen([{"id": "ok", "label": "OK", "traits": ["button"]},
                           {"id": "cancel", "label": "Cancel", "traits": ["button"]}])
            reader.press("tab")
            assert reader.last_spoken == "Cancel. Button."

announcerd is `$ANNOUNCERD` if set, else the first on PATH.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from typing import Any, Dict, List, Optional, Sequence, Set

from .client import AnnouncerError, Client, FinishedEvent, Reply, SpeakingEvent


class ScreenReader:
    """Drives the keyboard focus model as a user would and records every utterance spoken, in
    order. Each action waits until speech has settled, so `spoken` is complete when it returns.

    `hint_delay_ms` is the pause before a focused element's hint (the daemon's 500 ms unless
    given); `config` is more announcer.conf text for the private daemon."""

    def __init__(self, *, announcerd: Optional[str] = None, hint_delay_ms: Optional[int] = None,
                 config: str = "", timeout: float = 10.0) -> None:
        self.announcerd = announcerd or os.environ.get("ANNOUNCERD") or shutil.which("announcerd")
        if not self.announcerd:
            raise AnnouncerError("unavailable", "announcerd not found: set ANNOUNCERD or put it on PATH")
        self.timeout = timeout
        self._settings = config + (f"\nhint-delay-ms = {hint_delay_ms}\n" if hint_delay_ms is not None else "")
        self._directory: Optional[str] = None
        self._process: Optional[subprocess.Popen] = None
        self._client: Optional[Client] = None
        self._spoken: List[str] = []
        self._waiting: Set[int] = set()

    # -- the private daemon

    def start(self) -> "ScreenReader":
        self._directory = tempfile.mkdtemp(prefix="announcer-screen-reader.")
        os.chmod(self._directory, 0o700)
        socket_path = os.path.join(self._directory, "socket")
        config_path = os.path.join(self._directory, "announcer.conf")
        with open(config_path, "w") as file:
            file.write(self._settings)
        environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self._directory, "config"))
        self._log = open(os.path.join(self._directory, "announcerd.log"), "w+")
        self._process = subprocess.Popen(
            [self.announcerd, "--socket", socket_path, "--sink", "text:instant", "--config", config_path],
            stdout=subprocess.DEVNULL, stderr=self._log, env=environment)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                self._client = Client(socket_path, timeout=self.timeout, hello="announcer.testing")
                break
            except AnnouncerError:
                if self._process.poll() is not None or time.monotonic() > deadline:
                    self._log.seek(0)
                    self.close()
                    raise AnnouncerError("unavailable", f"announcerd did not start: {self._log.read().strip()}") from None
                time.sleep(0.02)
        self._client.subscribe(["speaking", "finished"])
        return self

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
            self._directory = None

    def __enter__(self) -> "ScreenReader":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def socket_path(self) -> str:
        """The private daemon's socket, for the program under test (`--socket`,
        `ANNOUNCER_SOCKET`)."""
        if self._directory is None:
            raise AnnouncerError("closed", "the screen reader is not running")
        return os.path.join(self._directory, "socket")

    @property
    def client(self) -> Client:
        """The connection that owns the screen: send any other request through it."""
        if self._client is None:
            raise AnnouncerError("closed", "the screen reader is not running (use it in a with block, or call start())")
        return self._client

    # -- what a user does

    def screen(self, elements: Sequence[Dict[str, Any]], *, focus: Optional[str] = None) -> Reply:
        """A new screen: its first focus is spoken."""
        return self._settled(self.client.screen(elements, focus=focus))

    def update(self, elements: Sequence[Dict[str, Any]], *, focus: Optional[str] = None) -> Reply:
        return self._settled(self.client.update(elements, focus=focus))

    def press(self, key: str, *modifiers: str) -> Reply:
        """A key press (`tab`, `space`, `return`, arrows, a character), with modifiers."""
        return self._settled(self.client.key(key, *modifiers))

    def next(self) -> Reply:
        """VoiceOver's swipe right: the next element, interactive or not."""
        return self._settled(self.client.navigate("next"))

    def previous(self) -> Reply:
        return self._settled(self.client.navigate("previous"))

    def say(self, text: str, **options: Any) -> Reply:
        return self._settled(self.client.say(text, **options))

    # -- what was said

    @property
    def spoken(self) -> List[str]:
        """Every utterance spoken so far (descriptions, hints, announcements), in order."""
        return list(self._spoken)

    @property
    def last_spoken(self) -> Optional[str]:
        return self._spoken[-1] if self._spoken else None

    def clear(self) -> None:
        """Forgets what was spoken so far."""
        self._spoken.clear()

    def settle(self) -> None:
        """Returns when speech has settled: every utterance queued so far has finished (a hint
        after its pause, a delayed announcement after its delay) and nothing waits."""
        deadline = time.monotonic() + self.timeout
        while True:
            while self._waiting:
                event = next(self.client.events(timeout=max(0.0, deadline - time.monotonic())), None)
                if event is None:
                    raise AnnouncerError("timeout", f"speech did not settle within {self.timeout} s (waiting for utterances {sorted(self._waiting)})")
                self._note(event)
            queued = self.client.status().get("queue", 0)
            for event in self.client.events(timeout=0):
                self._note(event)
            if queued == 0 and not self._waiting:
                return
            if time.monotonic() > deadline:
                raise AnnouncerError("timeout", f"speech did not settle within {self.timeout} s ({queued} utterances queued)")
            time.sleep(0.01)

    def wait_for_speech(self, text: Optional[str] = None, *, timeout: Optional[float] = None) -> str:
        """Waits for speech that the program under test makes in its own time (an answer to a
        key, a notification), then until speech settles. With `text`: until `text` has been
        spoken since the last `clear()` (at once if it already has); without: until something
        new is spoken. Returns the utterance waited for."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        count = len(self._spoken)

        def arrived() -> bool:
            return text in self._spoken if text is not None else len(self._spoken) > count

        for event in self.client.events(timeout=0):
            self._note(event)
        while not arrived():
            event = next(self.client.events(timeout=max(0.0, deadline - time.monotonic())), None)
            if event is None:
                wanted = f"{text!r}" if text is not None else "anything"
                raise AnnouncerError("timeout", f"{wanted} was not spoken within the time; spoken: {self._spoken}")
            self._note(event)
        self.settle()
        return text if text is not None else self._spoken[count]

    def _note(self, event: object) -> None:
        if isinstance(event, SpeakingEvent):
            self._spoken.append(event.text)
        elif isinstance(event, FinishedEvent):
            self._waiting.discard(event.utterance)

    def _settled(self, reply: Reply) -> Reply:
        for utterance in (reply.utterance, reply.hint):
            if utterance is not None:
                self._waiting.add(utterance)
        self.settle()
        return reply
