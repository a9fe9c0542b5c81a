"""announcerd's wire protocol, version 1 (docs/protocol.md): one JSON object per line on a Unix
socket; every request gets exactly one reply, in order; events come between replies."""
from __future__ import annotations

import json
import os
import socket as socketlib
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Deque, Dict, Iterator, List, Optional, Sequence, Union

PROTOCOL = 1


def default_socket_path() -> str:
    """`$ANNOUNCER_SOCKET`, else `$XDG_RUNTIME_DIR/announcer/socket`, else (a session with no
    runtime directory, as under su or some ssh logins) `$HOME/.cache/announcer/socket`: the rule
    of announcerd and `announce` (Sources/AnnouncerSystem/SocketPath.swift), so that they meet.
    An empty variable counts as unset. With neither XDG_RUNTIME_DIR nor HOME there is no default,
    and the error says so (code `unavailable`)."""
    explicit = os.environ.get("ANNOUNCER_SOCKET")
    if explicit:
        return explicit
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return runtime + "/announcer/socket"
    home = os.environ.get("HOME")
    if home:
        return home + "/.cache/announcer/socket"
    raise AnnouncerError("unavailable", "neither XDG_RUNTIME_DIR nor HOME is set, so there is no default socket; "
                         "give the socket's path or set ANNOUNCER_SOCKET=PATH")


class AnnouncerError(Exception):
    """A request refused by announcerd (`code` is the protocol's: `invalid_field`, `no_tree`,
    `queue_full`, …), or a connection that failed (`code` `unavailable`, `closed` or
    `timeout`)."""

    def __init__(self, code: str, message: str, request_id: Any = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request_id = request_id


@dataclass(frozen=True)
class Reply:
    """A request's `ok` (or `welcome`) reply. `utterance` and `hint` name what was queued to be
    spoken; `element` is the element focused; `data` holds every field of the reply."""

    type: str
    data: Dict[str, Any] = field(default_factory=dict)

    @property
    def utterance(self) -> Optional[int]:
        return self.data.get("utterance")

    @property
    def hint(self) -> Optional[int]:
        return self.data.get("hint")

    @property
    def element(self) -> Optional[str]:
        return self.data.get("element")


@dataclass(frozen=True)
class SpeakingEvent:
    """An utterance's first audio reached the sink."""
    utterance: int
    text: str
    kind: str


@dataclass(frozen=True)
class FinishedEvent:
    """An utterance ended: `spoken`, `interrupted`, `superseded`, `dropped`, `cancelled` or
    `failed` (with `reason`)."""
    utterance: int
    status: str
    reason: Optional[str] = None


@dataclass(frozen=True)
class FocusEvent:
    """The keyboard focus moved to this element of your tree."""
    element: Optional[str]
    frame: Optional[List[float]] = None
    shape: Optional[Any] = None


@dataclass(frozen=True)
class ActivateEvent:
    """Space or Return on the focused element."""
    element: str


@dataclass(frozen=True)
class ActionEvent:
    """A custom action chosen in the actions menu."""
    element: str
    action: str


@dataclass(frozen=True)
class AdjustEvent:
    """Up or Down on an adjustable element: `increment` or `decrement`."""
    element: str
    direction: str


@dataclass(frozen=True)
class CommandEvent:
    """A registered shortcut fired."""
    command: str
    element: Optional[str]


@dataclass(frozen=True)
class BrailleEvent:
    """What a braille display shows now: `kind` (`focus`, `text` or `flash`), the line's `text`,
    its `cells` as Unicode braille (U+2800 + dots; the caret's dots 7-8 in), the `window` the
    display shows from cell `offset`, and the caret's cell."""
    kind: str
    text: str
    cells: str
    offset: int = 0
    window: str = ""
    caret: Optional[int] = None


@dataclass(frozen=True)
class RouteEvent:
    """A braille display's routing key over your line or element: move the caret to `offset`
    (in the element's text, or in your `braille` line), or the focus to `element`."""
    element: Optional[str]
    offset: Optional[int]


Event = Union[SpeakingEvent, FinishedEvent, FocusEvent, ActivateEvent, ActionEvent, AdjustEvent, CommandEvent, BrailleEvent, RouteEvent]


def _event(message: Dict[str, Any]) -> Optional[Event]:
    kind = message.get("event")
    if kind == "speaking":
        return SpeakingEvent(message["utterance"], message.get("text", ""), message.get("kind", ""))
    if kind == "finished":
        return FinishedEvent(message["utterance"], message["status"], message.get("reason"))
    if kind == "focus":
        return FocusEvent(message.get("element"), message.get("frame"), message.get("shape"))
    if kind == "activate":
        return ActivateEvent(message["element"])
    if kind == "action":
        return ActionEvent(message["element"], message["action"])
    if kind == "adjust":
        return AdjustEvent(message["element"], message["direction"])
    if kind == "command":
        return CommandEvent(message["command"], message.get("element"))
    if kind == "braille":
        return BrailleEvent(message["kind"], message["text"], message["cells"], message.get("offset", 0),
                            message.get("window", ""), message.get("caret"))
    if kind == "route":
        return RouteEvent(message.get("element"), message.get("offset"))
    return None


def _fields(**fields: Any) -> Dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}


class Client:
    """One connection to announcerd. Every method sends one request and returns its reply (or
    raises `AnnouncerError` with the daemon's error code); events that arrive meanwhile are kept
    for `events()`. Use it as a context manager, or call `close()`."""

    def __init__(self, socket: Optional[str] = None, *, timeout: float = 10.0, hello: Optional[str] = "python",
                 hints: Optional[str] = None) -> None:
        """Connects to announcerd at `socket` (default: `default_socket_path()`) and, unless
        `hello` is None, introduces the client by that name; `hints` ("touch" or "keyboard")
        says how its user drives it, for the hints announcerd adds (default: its hint-style)."""
        self.socket_path = socket or default_socket_path()
        self.timeout = timeout
        self._socket = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM)
        try:
            self._socket.connect(self.socket_path)
        except OSError as error:
            self._socket.close()
            raise AnnouncerError("unavailable", f"cannot connect to announcerd at {self.socket_path}: {error.strerror} (is announcerd running?)") from None
        self._buffer = b""
        self._events: Deque[Event] = deque()
        self._next_id = 1
        if hello:
            self.hello(hello, hints=hints)

    # -- the connection

    def close(self) -> None:
        self._socket.close()

    def fileno(self) -> int:
        """The connection's descriptor, for a select loop or asyncio's add_reader: when it is
        readable, `events(timeout=0)` takes what has come without waiting."""
        return self._socket.fileno()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _read_message(self, deadline: Optional[float]) -> Optional[Dict[str, Any]]:
        """The next line as JSON; None when `deadline` passes first."""
        while b"\n" not in self._buffer:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            # A deadline that has passed still takes what has already arrived.
            self._socket.settimeout(remaining)
            try:
                chunk = self._socket.recv(65536)
            except (socketlib.timeout, BlockingIOError):
                return None
            if not chunk:
                raise AnnouncerError("closed", "announcerd closed the connection")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)

    def request(self, type: str, **fields: Any) -> Reply:
        """Sends any request (`type` and its fields) and returns its reply."""
        request_id = self._next_id
        self._next_id += 1
        message = {"type": type, "id": request_id, **_fields(**fields)}
        self._socket.sendall((json.dumps(message) + "\n").encode())
        deadline = time.monotonic() + self.timeout
        while True:
            received = self._read_message(deadline)
            if received is None:
                raise AnnouncerError("timeout", f"no reply to {type} within {self.timeout} s", request_id)
            if "event" in received and received.get("type") == "event":
                event = _event(received)
                if event is not None:
                    self._events.append(event)
                continue
            if received.get("id") != request_id:
                continue
            if received.get("type") == "error":
                raise AnnouncerError(received.get("code", "error"), received.get("message", ""), request_id)
            return Reply(received.get("type", "ok"), received)

    def post(self, type: str, **fields: Any) -> int:
        """Sends a request without waiting for its reply, for a program that must not wait on
        its own thread (a UI framework's adapter); returns its id. Its reply is read by
        `posted_replies()` (or passed over by the next `request`)."""
        request_id = self._next_id
        self._next_id += 1
        message = {"type": type, "id": request_id, **_fields(**fields)}
        try:
            self._socket.sendall((json.dumps(message) + "\n").encode())
        except OSError as error:
            raise AnnouncerError("closed", f"announcerd's connection ended: {error}", request_id) from None
        return request_id

    def posted_replies(self) -> List[Union[Reply, AnnouncerError]]:
        """The replies that have arrived so far, read without waiting: a refusal as its
        AnnouncerError. Events that came with them are kept for `events()`."""
        replies: List[Union[Reply, AnnouncerError]] = []
        while True:
            received = self._read_message(time.monotonic())
            if received is None:
                return replies
            if received.get("type") == "event":
                event = _event(received)
                if event is not None:
                    self._events.append(event)
            elif received.get("type") == "error":
                replies.append(AnnouncerError(received.get("code", "error"), received.get("message", ""), received.get("id")))
            else:
                replies.append(Reply(received.get("type", "ok"), received))

    def events(self, timeout: Optional[float] = None) -> Iterator[Event]:
        """Events as they come: those already received first, then from the socket until
        `timeout` seconds pass with none (forever when None)."""
        while True:
            while self._events:
                yield self._events.popleft()
            deadline = None if timeout is None else time.monotonic() + timeout
            received = self._read_message(deadline)
            if received is None:
                return
            event = _event(received) if received.get("type") == "event" else None
            if event is not None:
                yield event

    # -- every request of protocol 1

    def hello(self, client: str, protocol: int = PROTOCOL, *, hints: Optional[str] = None) -> Reply:
        """Introduces the client; `hints` is "touch" or "keyboard" (how its user drives it)."""
        return self.request("hello", client=client, protocol=protocol, hints=hints)

    def say(self, text: str, *, priority: Optional[str] = None, delay_ms: Optional[int] = None,
            interrupt: Optional[bool] = None, language: Optional[str] = None, spell_out: Optional[bool] = None,
            punctuation: Optional[str] = None, pitch: Optional[float] = None, rate: Optional[float] = None,
            volume: Optional[float] = None) -> Reply:
        """An announcement (`announce`): `priority` high, default or low; `rate` (0.25–4) and
        `volume` (0–2) multiples of the configured ones, `pitch` 0–2."""
        return self.request("announce", text=text, priority=priority, delayMs=delay_ms, interrupt=interrupt,
                            language=language, spellOut=spell_out, punctuation=punctuation, pitch=pitch, rate=rate,
                            volume=volume)

    announce = say

    def focus(self, element: Dict[str, Any]) -> Reply:
        """Speaks an element as the new focus: its description now, its hint after a pause."""
        return self.request("focus", element=element)

    def echo(self, text: str, *, unit: Optional[str] = None, language: Optional[str] = None) -> Reply:
        """What the user just typed, deleted or moved over, said at once (typing echo): `unit`
        is `character` (the default: said with its punctuation name), `word` or `line`. A newer
        echo cuts off an older one."""
        return self.request("echo", text=text, unit=unit, language=language)

    def window(self, title: str, *, role: Optional[str] = None, language: Optional[str] = None) -> Reply:
        """A window became active: its title said once, before the focus that comes with it;
        `role` is `window` (the default), `dialog` or `document` (whose word follows the title).
        The window said last, again, says nothing (a reply with no `utterance`)."""
        return self.request("window", title=title, role=role, language=language)

    def braille(self, text: str, *, caret: Optional[int] = None) -> Reply:
        """Your own line for a braille display (a terminal's line, an editor's), with the caret
        as a character offset: shown until the focus moves. A routing key over it comes back as
        a `RouteEvent` (subscribe to `route`)."""
        return self.request("braille", text=text, caret=caret)

    def screen(self, elements: Optional[Sequence[Dict[str, Any]]] = None, *, root: Optional[Dict[str, Any]] = None,
               focus: Optional[str] = None) -> Reply:
        """Registers this client's tree and speaks its first focus."""
        return self.request("screen", elements=list(elements) if elements is not None else None, root=root, focus=focus)

    def update(self, elements: Sequence[Dict[str, Any]], *, focus: Optional[str] = None) -> Reply:
        return self.request("update", elements=list(elements), focus=focus)

    def key(self, key: str, *modifiers: str) -> Reply:
        """A key for the keyboard focus model: `tab`, `space`, `return`, `escape`, arrows, or one
        character; modifiers `shift`, `control`, `alt`, `command`, `tab`."""
        return self.request("key", key=key, modifiers=list(modifiers))

    def navigate(self, direction: str) -> Reply:
        """VoiceOver's reading cursor: `next`, `previous`, `first` or `last`."""
        return self.request("navigate", direction=direction)

    def commands(self, commands: Sequence[Dict[str, Any]]) -> Reply:
        return self.request("commands", commands=list(commands))

    def shortcuts(self) -> List[Dict[str, Any]]:
        return list(self.request("shortcuts").data.get("shortcuts", []))

    def subscribe(self, events: Union[str, Sequence[str]]) -> Reply:
        """`"*"` or a list of event names: speaking, finished, focus, activate, action, adjust,
        command, settings."""
        return self.request("subscribe", events=events if isinstance(events, str) else list(events))

    def voices(self) -> List[Dict[str, str]]:
        """The synthesizer's voices: `{"name", "language", "variant"}`."""
        return list(self.request("voices").data.get("voices", []))

    def settings(self, **changes: Any) -> Dict[str, Any]:
        """The listener's settings, after `changes` (`rate=220`, `punctuation="most"`,
        `typing_echo="words"`, a value or `"up"`/`"down"`): each change is said and kept in
        announcer.conf. With none, reads them."""
        changed = {name.replace("_", "-"): value for name, value in changes.items()}
        reply = self.request("settings", set=changed or None)
        return dict(reply.data.get("settings", {}))

    def stop(self) -> Reply:
        return self.request("stop")

    def status(self) -> Dict[str, Any]:
        return dict(self.request("status").data)
