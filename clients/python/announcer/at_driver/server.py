"""announcer-at-driver: the AT Driver draft's WebSocket server for Announcer, so that a harness
(w3c/aria-at-automation-harness) drives it as it drives NVDA. What announcerd speaks goes to the
session as interaction.capturedOutput; keys are pressed with xdotool on the X display, as a
user's keys are. The protocol's decisions are protocol.py's; this file carries them out.

    announcer-at-driver [--host localhost] [--port 4382] [--socket PATH] [--display :0]
                        [--bridge-log PATH]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import sys
import uuid
from http import HTTPStatus
from typing import Dict, List, Optional, Sequence, Set

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..client import AnnouncerError, Client, SpeakingEvent, default_socket_path
from .keys import is_screen_reader_modifier
from .protocol import Action, PressKeys, RemoteEnd, Send, error

DEFAULT_PORT = 4382
PATH = "/session"
# Bounds: a command is small; a harness needs one connection, a person trying it by hand a few.
MAX_MESSAGE_BYTES = 64 * 1024
MAX_CONNECTIONS = 8
# How long xdotool, and announcer-atspi's word that it saw a modifier, are waited for.
KEY_TIMEOUT = 5.0
# With no bridge log to read, a screen reader's modifier is held this long before the key that
# goes with it: the bridge takes the key only once it has seen the modifier go down, and says so
# only in its log (announcer-atspi --log-keys).
HOLD_WITHOUT_LOG = 0.3
LOG_POLL = 0.02

EX_USAGE = 64
EX_UNAVAILABLE = 69


class KeyboardFailure(Exception):
    """Keys that could not be pressed; the message says why, for the client."""


class XdotoolKeyboard:
    """Presses keys on an X display with xdotool (XTEST), the path a user's keys take to the
    application and to announcer-atspi. A screen reader's modifier (Insert) is held down until
    the bridge's log (`bridge_log`, its --log-keys output) says it saw it, then the rest of the
    combination follows; without a log, it is held HOLD_WITHOUT_LOG seconds."""

    def __init__(self, display: str, bridge_log: Optional[str] = None, timeout: float = KEY_TIMEOUT) -> None:
        self.display = display
        self.bridge_log = bridge_log
        self.timeout = timeout
        self.environment = dict(os.environ, DISPLAY=display)

    async def press(self, keysyms: Sequence[str]) -> None:
        """Every key down in order, then up in reverse: the draft's "press keys"."""
        down: List[str] = []
        try:
            waiting: List[str] = []
            for keysym in keysyms:
                waiting.append(keysym)
                if is_screen_reader_modifier(keysym):
                    mark = self._log_size()
                    down += waiting
                    await self._xdotool("keydown", *waiting)
                    waiting = []
                    await self._until_seen(keysym, mark)
            down += waiting
            await self._xdotool(*(["keydown", *waiting] if waiting else []), "keyup", *reversed(down))
            down = []
        finally:
            if down:   # never leave a key held down
                try:
                    await self._xdotool("keyup", *reversed(down))
                except KeyboardFailure:
                    pass

    async def _xdotool(self, *arguments: str) -> None:
        xdotool = shutil.which("xdotool")
        if xdotool is None:
            raise KeyboardFailure("xdotool not found: install the Debian package xdotool")
        process = await asyncio.create_subprocess_exec(xdotool, *arguments, env=self.environment, stdin=asyncio.subprocess.DEVNULL,
                                                       stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        try:
            output, _ = await asyncio.wait_for(process.communicate(), self.timeout)
        except asyncio.TimeoutError:
            process.kill()
            await process.wait()
            raise KeyboardFailure(f"xdotool {' '.join(arguments)} did not finish within {self.timeout} s on display {self.display}") from None
        if process.returncode != 0:
            raise KeyboardFailure(f"xdotool {' '.join(arguments)} failed on display {self.display}: "
                                  f"{output.decode(errors='replace').strip()}")

    def _log_size(self) -> int:
        try:
            return os.path.getsize(self.bridge_log) if self.bridge_log else 0
        except OSError:
            return 0

    async def _until_seen(self, modifier: str, mark: int) -> None:
        if not self.bridge_log:
            await asyncio.sleep(HOLD_WITHOUT_LOG)
            return
        wanted = f"key: {modifier} down"
        deadline = asyncio.get_running_loop().time() + self.timeout
        while wanted not in self._log_since(mark):
            if asyncio.get_running_loop().time() >= deadline:
                raise KeyboardFailure(f"announcer-atspi did not say it saw {modifier} go down within {self.timeout} s: is it "
                                      f"running with --log-keys, its standard error going to {self.bridge_log}?")
            await asyncio.sleep(LOG_POLL)

    def _log_since(self, mark: int) -> str:
        assert self.bridge_log is not None
        try:
            with open(self.bridge_log, errors="replace") as log:
                log.seek(mark)
                return log.read()
        except OSError:
            return ""


class Server:
    """The remote end's state machine, its connections and what it does: sends messages, presses
    keys, and passes on what announcerd speaks."""

    def __init__(self, remote: RemoteEnd, keyboard: XdotoolKeyboard) -> None:
        self.remote = remote
        self.keyboard = keyboard
        self.connections: Set[ServerConnection] = set()
        self.speech: "asyncio.Queue[str]" = asyncio.Queue()

    def process_request(self, connection: ServerConnection, request: Request) -> Optional[Response]:
        if request.path.split("?")[0] != PATH:
            return connection.respond(HTTPStatus.NOT_FOUND, f"AT Driver's endpoint is {PATH}\n")
        if len(self.connections) >= MAX_CONNECTIONS:
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, f"at most {MAX_CONNECTIONS} connections at a time\n")
        return None

    async def handle(self, connection: ServerConnection) -> None:
        self.connections.add(connection)
        self.remote.opened(connection)
        try:
            async for data in connection:
                try:
                    actions = self.remote.received(connection, data)
                except Exception as problem:   # a fault here must cost one command, not the server
                    print(f"announcer-at-driver: {problem!r} handling {data!r:.200}", file=sys.stderr, flush=True)
                    actions = [error(connection, None, "unknown error", f"the server failed: {problem!r}")]
                await self.carry_out(actions)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(connection)
            self.remote.closed(connection)

    async def carry_out(self, actions: List[Action]) -> None:
        for action in actions:
            if isinstance(action, Send):
                try:
                    await action.connection.send(json.dumps(action.message))  # type: ignore[attr-defined]
                except ConnectionClosed:
                    pass
            elif isinstance(action, PressKeys):
                failure = None
                try:
                    await self.keyboard.press(action.keysyms)
                except KeyboardFailure as problem:
                    failure = str(problem)
                await self.carry_out(self.remote.pressed(action.connection, action.command_id, failure))

    async def pass_on_speech(self) -> None:
        """One at a time, in the order spoken."""
        while True:
            text = await self.speech.get()
            await self.carry_out(self.remote.spoken(text))


def listen_to_speech(client: Client, loop: asyncio.AbstractEventLoop, server: Server, stopped: "asyncio.Future[str]") -> None:
    """Takes announcerd's speaking events as they come, on the loop, without blocking it."""

    def readable() -> None:
        try:
            for event in client.events(timeout=0):
                if isinstance(event, SpeakingEvent):
                    server.speech.put_nowait(event.text)
        except AnnouncerError as problem:
            loop.remove_reader(client.fileno())
            if not stopped.done():
                stopped.set_result(f"announcerd at {client.socket_path}: {problem.message}")

    loop.add_reader(client.fileno(), readable)


def arguments(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="announcer-at-driver", description=(
        "The AT Driver server for Announcer (the W3C draft's WebSocket protocol, at ws://HOST:PORT/session): what "
        "announcerd speaks is sent as interaction.capturedOutput, and keys are pressed with xdotool on the display."))
    parser.add_argument("--host", default="localhost", help="the address to listen on (default localhost: only this machine)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0 for any free one)")
    parser.add_argument("--socket", help="announcerd's socket (default $ANNOUNCER_SOCKET, else announcerd's own default)")
    parser.add_argument("--display", default=os.environ.get("DISPLAY"), help="the X display keys are pressed on (default $DISPLAY)")
    parser.add_argument("--bridge-log", metavar="PATH", help=(
        "where announcer-atspi --log-keys writes its standard error: Insert is held until it says it saw it go down "
        f"(without it, Insert is held {HOLD_WITHOUT_LOG} s)"))
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    options = arguments(argv)
    if not options.display:
        print("announcer-at-driver: no X display to press keys on: give --display :0 or set DISPLAY", file=sys.stderr)
        return EX_USAGE
    if not 0 <= options.port <= 65535:
        print(f"announcer-at-driver: --port {options.port} is not a port (0 to 65535)", file=sys.stderr)
        return EX_USAGE
    try:
        client = Client(options.socket or default_socket_path(), hello=None)
        welcome = client.hello("announcer-at-driver")
        client.subscribe(["speaking"])
    except AnnouncerError as problem:
        print(f"announcer-at-driver: {problem.message}", file=sys.stderr)
        return EX_UNAVAILABLE
    capabilities = {"atName": "announcer", "atVersion": str(welcome.data.get("version", "0")), "platformName": "linux"}
    try:
        return asyncio.run(run(options, client, capabilities))
    finally:
        client.close()


async def run(options: argparse.Namespace, client: Client, capabilities: Dict[str, str]) -> int:
    loop = asyncio.get_running_loop()
    server = Server(RemoteEnd(capabilities, lambda: str(uuid.uuid4())), XdotoolKeyboard(options.display, options.bridge_log))
    stopped: "asyncio.Future[str]" = loop.create_future()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, lambda: stopped.done() or stopped.set_result(""))
    listen_to_speech(client, loop, server, stopped)
    speech = asyncio.ensure_future(server.pass_on_speech())
    try:
        async with serve(server.handle, options.host, options.port, process_request=server.process_request,
                         max_size=MAX_MESSAGE_BYTES) as listening:
            port = listening.sockets[0].getsockname()[1]
            print(f"announcer-at-driver: listening on ws://{options.host}:{port}{PATH} (announcerd at {client.socket_path}, "
                  f"keys to display {options.display})", flush=True)
            reason = await stopped
    except OSError as problem:
        print(f"announcer-at-driver: cannot listen on {options.host}:{options.port}: {problem.strerror} "
              "(another server there? give --port)", file=sys.stderr)
        return EX_UNAVAILABLE
    finally:
        speech.cancel()
    if reason:
        print(f"announcer-at-driver: stopping: {reason}", file=sys.stderr)
        return EX_UNAVAILABLE
    return 0
