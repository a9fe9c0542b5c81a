"""The AT Driver draft's remote end (https://w3c.github.io/at-driver/) as a pure state machine:
messages, connections closing and speech go in; what to send, and which keys to press, come out.
The WebSocket server (server.py) only carries those actions out."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, Hashable, List, Optional, Set, Tuple, Union

from . import keys as keyvocabulary

# The draft's error codes.
INVALID_ARGUMENT = "invalid argument"
INVALID_SESSION_ID = "invalid session id"
UNKNOWN_COMMAND = "unknown command"
SESSION_NOT_CREATED = "session not created"
UNKNOWN_USER_INTENT = "unknown user intent"
CANNOT_SIMULATE_KEYBOARD = "cannot simulate keyboard interaction"

Connection = Hashable


@dataclass(frozen=True)
class Send:
    """One message (a response, an error or an event) for one connection."""
    connection: Connection
    message: Dict[str, Any]


@dataclass(frozen=True)
class PressKeys:
    """Press these keysyms down in order and let them go in reverse; then tell `pressed`."""
    connection: Connection
    command_id: int
    keysyms: Tuple[str, ...]


Action = Union[Send, PressKeys]


@dataclass(frozen=True)
class Session:
    id: str
    connection: Connection


class CommandError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def error(connection: Connection, command_id: Optional[int], code: str, message: str) -> Send:
    return Send(connection, {"id": command_id, "error": code, "message": message})


class RemoteEnd:
    """The draft's remote end for Announcer: at most one session, held by the connection that
    made it. `capabilities` are what session.new matches against (atName, atVersion,
    platformName); `new_session_id` makes a session's id (a UUID's text)."""

    def __init__(self, capabilities: Dict[str, str], new_session_id: Callable[[], str]) -> None:
        self.capabilities = dict(capabilities)
        self.new_session_id = new_session_id
        self.session: Optional[Session] = None
        self.connections: Set[Connection] = set()
        self.commands: Dict[str, Tuple[bool, Callable[[Connection, int, Dict[str, Any]], List[Action]]]] = {
            # name: (static, whether it runs without a session; its steps)
            "session.new": (True, self._session_new),
            "session.end": (False, self._session_end),
            "settings.getSupportedSettings": (False, self._get_supported_settings),
            "settings.getSettings": (False, self._get_settings),
            "settings.setSettings": (False, self._set_settings),
            "interaction.userIntent": (False, self._user_intent),
            "interaction.pressKeys": (False, self._press_keys),   # the draft's name for it until 2024
        }

    # -- what comes in

    def opened(self, connection: Connection) -> None:
        self.connections.add(connection)

    def closed(self, connection: Connection) -> None:
        """A connection that goes ends its session."""
        self.connections.discard(connection)
        if self.session is not None and self.session.connection == connection:
            self.session = None

    def spoken(self, text: str) -> List[Action]:
        """Announcer said `text`: the session hears it as interaction.capturedOutput."""
        if self.session is None:
            return []
        return [Send(self.session.connection, {"method": "interaction.capturedOutput", "params": {"data": text}})]

    def pressed(self, connection: Connection, command_id: int, failure: Optional[str] = None) -> List[Action]:
        """The keys of a PressKeys were pressed (or could not be: `failure` says why)."""
        if failure is not None:
            return [error(connection, command_id, CANNOT_SIMULATE_KEYBOARD, failure)]
        return [Send(connection, {"id": command_id, "result": {}})]

    def received(self, connection: Connection, data: Union[str, bytes]) -> List[Action]:
        """One WebSocket message from `connection`."""
        if connection not in self.connections:
            return []
        if not isinstance(data, str):
            return [error(connection, None, INVALID_ARGUMENT, "a command is a text message holding JSON, not binary")]
        try:
            parsed = json.loads(data)
        except ValueError as problem:
            return [error(connection, None, INVALID_ARGUMENT, f"the message is not JSON: {problem}")]
        if not isinstance(parsed, dict):
            return [error(connection, None, INVALID_ARGUMENT, 'a command is a JSON object: {"id": 1, "method": "session.new", "params": {...}}')]
        command_id = parsed.get("id")
        if not (isinstance(command_id, int) and not isinstance(command_id, bool) and command_id >= 0):
            command_id = None
        method = parsed.get("method")
        if isinstance(method, str) and method not in self.commands:
            return [error(connection, command_id, UNKNOWN_COMMAND,
                          f"no command {method!r}; Announcer knows {', '.join(sorted(self.commands))}")]
        problem = _command_shape_problem(parsed, command_id)
        if problem is not None:
            return [error(connection, command_id, INVALID_ARGUMENT, problem)]
        assert command_id is not None and isinstance(method, str)
        static, steps = self.commands[method]
        if not static and self._session_of(connection) is None:
            return [error(connection, command_id, INVALID_SESSION_ID, f"{method} needs a session: send session.new first")]
        try:
            return steps(connection, command_id, parsed["params"])
        except CommandError as refused:
            return [error(connection, command_id, refused.code, refused.message)]

    def _session_of(self, connection: Connection) -> Optional[Session]:
        return self.session if self.session is not None and self.session.connection == connection else None

    # -- the commands

    def _session_new(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        capabilities = params.get("capabilities")
        if not isinstance(capabilities, dict):
            raise CommandError(INVALID_ARGUMENT, "session.new's params need capabilities, an object (it may be {})")
        required = capabilities.get("alwaysMatch", {})
        if not isinstance(required, dict):
            raise CommandError(INVALID_ARGUMENT, "capabilities.alwaysMatch is an object of capabilities")
        for name in ("atName", "atVersion", "platformName"):
            if name in required and not isinstance(required[name], str):
                raise CommandError(INVALID_ARGUMENT, f"the capability {name} is text, not {required[name]!r}")
        if self._session_of(connection) is not None:
            raise CommandError(SESSION_NOT_CREATED, "this connection has a session already")
        if self.session is not None:
            raise CommandError(SESSION_NOT_CREATED, "Announcer has one session at a time, and another connection holds "
                                                    "it; end that one (or close its connection) first")
        matched = match_capabilities(self.capabilities, required)
        if isinstance(matched, str):
            raise CommandError(SESSION_NOT_CREATED, matched)
        self.session = Session(self.new_session_id(), connection)
        return [Send(connection, {"id": command_id, "result": {"sessionId": self.session.id, "capabilities": matched}})]

    def _session_end(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        self.session = None
        return [Send(connection, {"id": command_id, "result": {}})]

    # Announcer offers no settings through AT Driver: its speech rate, voice and the rest are
    # announcerd's configuration, which no request of its protocol changes (docs/protocol.md).
    # So the supported settings are an empty set, and every name is refused as the draft says.

    def _get_supported_settings(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        return [Send(connection, {"id": command_id, "result": {"settings": []}})]

    def _get_settings(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        raise _no_such_setting(_setting_names(params, with_values=False)[0])

    def _set_settings(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        raise _no_such_setting(_setting_names(params, with_values=True)[0])

    def _user_intent(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        name = params.get("name")
        if not isinstance(name, str):
            raise CommandError(INVALID_ARGUMENT, 'interaction.userIntent needs a name, text: "pressKeys"')
        if name != "pressKeys":
            raise CommandError(UNKNOWN_USER_INTENT, f"no user intent {name!r}; Announcer knows pressKeys")
        return self._press_keys(connection, command_id, params)

    def _press_keys(self, connection: Connection, command_id: int, params: Dict[str, Any]) -> List[Action]:
        try:
            keysyms = keyvocabulary.keysyms(params.get("keys"))  # type: ignore[arg-type]
        except ValueError as problem:
            raise CommandError(INVALID_ARGUMENT, str(problem)) from None
        return [PressKeys(connection, command_id, tuple(keysyms))]


def _command_shape_problem(parsed: Dict[str, Any], command_id: Optional[int]) -> Optional[str]:
    """What keeps a message from being a command ({id, method, params}), if anything."""
    if command_id is None:
        return f"a command's id is a whole number of 0 or more, not {parsed.get('id')!r}"
    if not isinstance(parsed.get("method"), str):
        return "a command's method is text, such as \"session.new\""
    if not isinstance(parsed.get("params"), dict):
        return "a command's params is an object (it may be {})"
    return None


def _setting_names(params: Dict[str, Any], *, with_values: bool) -> List[str]:
    settings = params.get("settings")
    if not isinstance(settings, list) or not settings:
        raise CommandError(INVALID_ARGUMENT, "settings is a list of one or more {\"name\": ...} objects")
    names = []
    for item in settings:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise CommandError(INVALID_ARGUMENT, f"each setting is an object with a name, text; not {item!r}")
        if with_values and "value" not in item:
            raise CommandError(INVALID_ARGUMENT, f"the setting {item['name']!r} has no value to set")
        names.append(item["name"])
    return names


def _no_such_setting(name: str) -> CommandError:
    return CommandError(INVALID_ARGUMENT, f"{name!r} is not a setting Announcer offers (settings.getSupportedSettings lists "
                                          "none): its speech settings are announcerd's, in announcer.conf")


def match_capabilities(own: Dict[str, str], requested: Dict[str, Any]) -> Union[Dict[str, Any], str]:
    """The draft's "match capabilities": the capabilities of the session, or why they do not
    match (text for the error). Names are compared without regard to case (the draft keeps its
    own lowercase, and its example asks for "NVDA"); atVersion may be a version or constraints
    such as ">=0.1, <2"; other capabilities are kept as asked."""
    matched: Dict[str, Any] = dict(own)
    for key, value in requested.items():
        if key in ("atName", "platformName"):
            if value.lower() != own[key].lower():
                return f"{key} {value!r} was asked for; this is {own[key]!r}"
            continue   # answered in the AT's own spelling
        if key == "atVersion":
            if not version_matches(own["atVersion"], value):
                return f"atVersion {value!r} was asked for; this is {own['atVersion']!r}"
            continue   # the session's capabilities say the version it has
        matched[key] = value
    return matched


CONSTRAINT = re.compile(r"^\s*(<=|>=|<|>|=)?\s*(\d+(?:\.\d+)*)\s*$")


def version_matches(version: str, wanted: str) -> bool:
    """`wanted` is a version ("0.1.0": this one, or "0.1": any 0.1.x) or comma-separated
    constraints with <, <=, >, >= (">=0.1, <1"); compared number by number."""
    have = _numbers(version)
    for part in wanted.split(","):
        found = CONSTRAINT.match(part)
        if found is None or have is None:
            return False
        operator, number = found.group(1) or "=", _numbers(found.group(2))
        assert number is not None
        if operator == "=":
            if have[:len(number)] != number:
                return False
            continue
        padded = have + (0,) * max(0, len(number) - len(have))
        target = number + (0,) * max(0, len(have) - len(number))
        if not {"<": padded < target, "<=": padded <= target, ">": padded > target, ">=": padded >= target}[operator]:
            return False
    return True


def _numbers(version: str) -> Optional[Tuple[int, ...]]:
    parts = version.split("-")[0].split(".")
    return tuple(int(part) for part in parts) if all(part.isdigit() for part in parts) else None

