"""What every framework adapter (announcer.textual, announcer.prompt_toolkit) shares: a
connection to announcerd that never stops the application (`Speaker`), the terminal hand-off, and
the typing echo's one rule (`typed`)."""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from .client import AnnouncerError, Client

Element = Dict[str, Any]

#: What a program writes to its terminal to say that it speaks for itself (an OSC sequence that
#: terminals ignore): `announce term` stops reading its screen until `HAND_BACK`, or its end.
HAND_OFF = "\x1b]7771;announcer;self\x07"
HAND_BACK = "\x1b]7771;announcer;screen\x07"


def typed(before: str, after: str) -> str:
    """Typing echo: the one character a field's text gained or lost, else nothing (a paste, a
    word deleted, a new value set by the program: its focus says it)."""
    if len(after) == len(before) + 1:
        longer, shorter = after, before
    elif len(after) == len(before) - 1:
        longer, shorter = before, after
    else:
        return ""
    index = next((i for i in range(len(shorter)) if shorter[i] != longer[i]), len(shorter))
    return longer[index] if longer[:index] + longer[index + 1:] == shorter else ""


def with_group(element: Element, entered: bool, left: bool, label: Optional[str] = None) -> Element:
    """The element as said when the focus enters a radio group (its group first, once, with
    its label when it has one) or leaves one ("Out of Radio Group.")."""
    if entered:
        group: Element = {"kind": "radioGroup"}
        if label:
            group["label"] = label
        return dict(element, entered=[group])
    if left:
        return dict(element, left=[{"kind": "radioGroup"}])
    return element


class Speaker:
    """A connection to announcerd made at first use (`socket`: the clients' default rule when
    None), with keyboard hints. A daemon that cannot be reached leaves the application silent
    and is tried again at the next request; a refused request is logged through `log` and loses
    nothing else. `write` (the application's own terminal output) carries the hand-off."""

    def __init__(self, client: str, socket: Optional[str] = None, *, log: Callable[[str], None] = lambda _: None,
                 write: Optional[Callable[[str], None]] = None) -> None:
        self.client_name = client
        self.socket = socket
        self.log = log
        self.write = write
        self._client: Optional[Client] = None
        self._handed_off = False

    def connect(self) -> Optional[Client]:
        if self._client is None:
            try:
                self._client = Client(self.socket, hello=self.client_name, hints="keyboard", timeout=2.0)
            except (AnnouncerError, OSError) as error:
                self.log(f"announcer: not speaking ({error})")
                return None
            # Under `announce term`, this program speaks for itself: its screen is not read too.
            if self.write is not None and not self._handed_off:
                self.write(HAND_OFF)
                self._handed_off = True
        return self._client

    def send(self, kind: str, **fields: Any) -> None:
        """Sends the request without waiting for its reply (the application's key is not held
        up by a round trip); replies that have come are read, a refusal logged."""
        client = self.connect()
        if client is None:
            return
        try:
            client.post(kind, **fields)
            for reply in client.posted_replies():
                if isinstance(reply, AnnouncerError):
                    self.log(f"announcer: refused: {reply}")
        except AnnouncerError as error:
            # The daemon went away: tried again at the next request.
            client.close()
            self._client = None
            self.log(f"announcer: {kind}: {error}")

    def close(self) -> None:
        """The screen handed back, and the connection closed."""
        if self._handed_off and self.write is not None:
            self.write(HAND_BACK)
            self._handed_off = False
        if self._client is not None:
            self._client.close()
            self._client = None
