"""What announcerd speaks, heard by a test as a listener would: for a program that speaks for
itself (a Textual or prompt_toolkit app through its adapter, a C program through libannouncer),
each utterance as the line "KIND TEXT" ("focus Play. Button.", "echo a", "hint …")."""
from __future__ import annotations

import asyncio
import time
from typing import List

from ..client import Client, SpeakingEvent


class Heard:
    """Subscribes to announcerd at `socket` from now on. `next(count)` waits (at most `timeout`
    seconds, on speech, never a fixed pause) until `count` more utterances have begun and returns
    them; fewer when the time ran out, so that an assertion shows what was said."""

    def __init__(self, socket: str) -> None:
        self._client = Client(socket, hello="announcer-testing-heard")
        self._client.subscribe(["speaking"])

    def _take(self, wait: float) -> List[str]:
        return [f"{event.kind} {event.text}" for event in self._client.events(timeout=wait) if isinstance(event, SpeakingEvent)]

    def next(self, count: int, timeout: float = 20) -> List[str]:
        heard: List[str] = []
        deadline = time.monotonic() + timeout
        while len(heard) < count and time.monotonic() < deadline:
            heard += self._take(0.05)
        return heard

    async def next_async(self, count: int, timeout: float = 20) -> List[str]:
        """The same, letting an application on this event loop run meanwhile."""
        heard: List[str] = []
        deadline = time.monotonic() + timeout
        while len(heard) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
            heard += self._take(0.001)
        return heard

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> "Heard":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
