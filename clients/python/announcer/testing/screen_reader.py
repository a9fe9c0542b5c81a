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

import time
from typing import Any, Dict, List, Optional, Sequence, Set

from ..client import AnnouncerError, BrailleEvent, Client, FinishedEvent, Reply, SpeakingEvent
from .daemon import PrivateDaemon


class ScreenReader:
    """Drives the keyboard focus model as a user would and records every utterance spoken, in
    order. Each action waits until speech has settled, so `spoken` is complete when it returns.

    `hint_delay_ms` is the pause before a focused element's hint (the daemon's 500 ms unless
    given); `config` is more announcer.conf text for the private daemon, `env` more of its
    environment (a `VirtualBrailleDisplay`'s)."""

    def __init__(self, *, announcerd: Optional[str] = None, hint_delay_ms: Optional[int] = None,
                 config: str = "", timeout: float = 10.0, env: Optional[Dict[str, str]] = None) -> None:
        settings = config + (f"\nhint-delay-ms = {hint_delay_ms}\n" if hint_delay_ms is not None else "")
        self._daemon = PrivateDaemon(announcerd=announcerd, config=settings, timeout=timeout, prefix="announcer-screen-reader.", env=env)
        self.announcerd = self._daemon.announcerd
        self.timeout = timeout
        self._client: Optional[Client] = None
        self._spoken: List[str] = []
        self._brailled: List[BrailleEvent] = []
        self._waiting: Set[int] = set()

    # -- the private daemon

    def start(self) -> "ScreenReader":
        self._daemon.start()
        try:
            self._client = Client(self._daemon.socket_path, timeout=self.timeout, hello="announcer.testing")
            self._client.subscribe(["speaking", "finished", "braille"])
        except BaseException:
            self.close()
            raise
        return self

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        self._daemon.close()

    def __enter__(self) -> "ScreenReader":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def socket_path(self) -> str:
        """The private daemon's socket, for the program under test (`--socket`,
        `ANNOUNCER_SOCKET`)."""
        return self._daemon.socket_path

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

    def braille(self) -> Optional[BrailleEvent]:
        """What a braille display shows now, as the daemon shows it (no display needed): the
        latest `BrailleEvent`, its `text` ("Play btn 2/5") and its `cells` in Unicode braille;
        None before anything was shown."""
        for event in self.client.events(timeout=0):
            self._note(event)
        return self._brailled[-1] if self._brailled else None

    @property
    def brailled(self) -> List[BrailleEvent]:
        """Every line the display showed so far, in order."""
        self.braille()
        return list(self._brailled)

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
        key, a notification), then until speech settles. With `text`: until an utterance that
        contains `text` has been spoken since the last `clear()` (at once if one has); without:
        until something new is spoken. Returns that utterance; raises AnnouncerError("timeout")
        listing what was said when it does not come."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        count = len(self._spoken)

        def arrived() -> Optional[str]:
            if text is None:
                return self._spoken[count] if len(self._spoken) > count else None
            return next((said for said in self._spoken if text in said), None)

        for event in self.client.events(timeout=0):
            self._note(event)
        while arrived() is None:
            event = next(self.client.events(timeout=max(0.0, deadline - time.monotonic())), None)
            if event is None:
                wanted = f"{text!r}" if text is not None else "anything"
                raise AnnouncerError("timeout", f"{wanted} was not spoken within the time; spoken: {self._spoken}")
            self._note(event)
        self.settle()
        found = arrived()
        assert found is not None
        return found

    def _note(self, event: object) -> None:
        if isinstance(event, SpeakingEvent):
            self._spoken.append(event.text)
        elif isinstance(event, FinishedEvent):
            self._waiting.discard(event.utterance)
        elif isinstance(event, BrailleEvent):
            self._brailled.append(event)

    def _settled(self, reply: Reply) -> Reply:
        for utterance in (reply.utterance, reply.hint):
            if utterance is not None:
                self._waiting.add(utterance)
        self.settle()
        return reply
