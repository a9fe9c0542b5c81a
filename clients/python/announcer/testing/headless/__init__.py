"""The one headless desktop every desktop test and benchmark runs in: Xvfb, a D-Bus session bus
and the AT-SPI bus, private, with what makes GTK 3 and 4, Qt 5 and 6 and the browsers speak on a
bare X server. `Desktop` builds on it; the Swift suite's session script and bench/ run inside it
from the command line:

    python3 -m announcer.testing.headless [--screen 1024x768]
        [--announcerd PATH [--sink text] [--spoken FILE] [--ssip PATH] [--bridge PATH]] -- COMMAND ARGS...

runs COMMAND with DISPLAY, DBUS_SESSION_BUS_ADDRESS and the toolkits' variables set (and, with
--announcerd and --bridge, the screen reader running in it: $ANNOUNCER_SOCKET, the processes'
pids and logs), and ends the desktop (everything it started, found by a variable they all
inherit) once COMMAND ends, with COMMAND's status. SIGUSR1 to it ($ANNOUNCER_HEADLESS_PID)
replaces the accessibility bus with a new one, as a restart of at-spi2-core does, and SIGUSR2
announcerd; each, done, adds a line to $ANNOUNCER_HEADLESS_RESTARTS.
"""
from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import time
import uuid
from typing import IO, Dict, List, Optional, Sequence, Set, Tuple

from ...client import AnnouncerError
from ..daemon import find_program

# Every process of a session has this variable in its environment, with the session's own
# value: close() finds by it what the session's programs started and left (a bus's activated
# services, a browser's helpers), whatever process group or parent they ended up with.
SESSION_VARIABLE = "ANNOUNCER_DESKTOP_SESSION"

# What makes the toolkits speak on a bare X server: GTK 4 draws with cairo (Xvfb has no GL);
# Qt 5 and 6 use X and join the accessibility bus only when told to.
TOOLKIT_ENVIRONMENT = {
    "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "0", "GTK_A11Y": "atspi", "GDK_BACKEND": "x11",
    "QT_QPA_PLATFORM": "xcb", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
}

# What announcer-atspi says once it listens to the accessibility bus.
BRIDGE_LISTENING = "listening to the accessibility bus"

# The caller's session must not leak in: its display, buses and screen reader socket.
INHERITED_OUT = ("WAYLAND_DISPLAY", "AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER",
                 "ANNOUNCER_SOCKET", "XAUTHORITY", "DISPLAY", "XDG_SESSION_TYPE")


def program(name: str, package: str, libexec: bool = False) -> str:
    """A program the session needs: on PATH (a helper: in /usr/libexec, else on PATH)."""
    path = os.path.join("/usr/libexec", name)
    if libexec and os.access(path, os.X_OK):
        return path
    return find_program(name, "", package)


class HeadlessSession:
    """Xvfb, a session bus and the AT-SPI bus in `directory` (a folder of the caller's, where
    each program's log goes, NAME.log), and every process started in it, each in a process group
    of its own. `environment` is the session's, for whatever runs in it; `timeout` bounds each
    program's start."""

    def __init__(self, directory: str, *, screen: Tuple[int, int] = (1024, 768), timeout: float = 10.0,
                 environment: Optional[Dict[str, str]] = None) -> None:
        self.directory = directory
        self.screen = screen
        self.timeout = timeout
        self.marker = uuid.uuid4().hex
        base = os.environ if environment is None else environment
        self.environment: Dict[str, str] = {name: value for name, value in base.items() if name not in INHERITED_OUT}
        self.environment.update(TOOLKIT_ENVIRONMENT)
        self.environment[SESSION_VARIABLE] = self.marker
        self.display: Optional[str] = None
        self.processes: List[Tuple[str, subprocess.Popen]] = []
        self._logs: List[IO[str]] = []
        self._bus: Optional[subprocess.Popen] = None
        self.programs = {
            "Xvfb": program("Xvfb", "xvfb"),
            "dbus-daemon": program("dbus-daemon", "dbus"),
            "dbus-send": program("dbus-send", "dbus"),
            "at-spi-bus-launcher": program("at-spi-bus-launcher", "at-spi2-core", libexec=True),
        }

    def start(self) -> Dict[str, str]:
        """Starts the display and both buses; returns the session's environment."""
        # A display of its own: Xvfb picks a free number and says which. -noreset keeps what the
        # bus launcher writes on the root window (AT_SPI_BUS) when it disconnects: Qt 5 finds
        # the bus only there.
        width, height = self.screen
        number = self.spawn_reporting("Xvfb", [self.programs["Xvfb"], "-displayfd", "{fd}", "-noreset", "-screen", "0",
                                               f"{width}x{height}x24", "-nolisten", "tcp"])
        self.display = ":" + number
        self.environment["DISPLAY"] = self.display
        bus = os.path.join(self.directory, "bus")
        address = self.spawn_reporting("dbus-daemon", [self.programs["dbus-daemon"], "--session", "--nofork",
                                                       "--address=unix:path=" + bus, "--print-address={fd}"])
        self.environment["DBUS_SESSION_BUS_ADDRESS"] = address
        self.start_accessibility_bus()
        return self.environment

    def start_accessibility_bus(self) -> None:
        self._bus = self.spawn("at-spi-bus-launcher", [self.programs["at-spi-bus-launcher"], "--launch-immediately"])
        # Asked before the launcher owns its name, GetAddress would start another launcher
        # through D-Bus activation, one with no display: wait for ours to own it, then its bus.
        self.until(lambda: "boolean true" in self.dbus("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                       "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus"),
                   "the accessibility bus launcher to own org.a11y.Bus", "at-spi-bus-launcher")
        self.until(lambda: "unix:" in self.dbus("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"),
                   "the accessibility bus to give its address", "at-spi-bus-launcher")

    def restart_accessibility_bus(self) -> None:
        """The accessibility bus goes away (its launcher and the bus it started) and a new one
        takes its place, as when at-spi2-core is restarted. The dead bus's address, which the
        killed launcher left on the root window, goes too."""
        if self._bus is not None:
            self.kill_group(self._bus)
            self._bus.wait()
        subprocess.run([program("xprop", "x11-utils"), "-root", "-remove", "AT_SPI_BUS"], env=self.environment,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=self.timeout)
        self.start_accessibility_bus()

    # -- the screen reader

    def start_daemon(self, announcerd: str, socket_path: str, *, sink: str = "text", ssip: Optional[str] = None,
                     output: Optional[str] = None, arguments: Sequence[str] = ()) -> subprocess.Popen:
        """announcerd on `socket_path` (and SSIP's `ssip`) with `sink`, its standard output
        appended to `output` (the text sink's words) and its errors in announcerd.log; returns
        once its socket takes a connection (a killed daemon's socket file may still be there)."""
        argv = [absolute(announcerd), "--socket", socket_path, "--sink", sink, *(["--ssip", ssip] if ssip else []), *arguments]
        errors = open(self.log_path("announcerd"), "a")
        self._logs.append(errors)
        spoken = open(output, "a") if output else subprocess.DEVNULL
        if output:
            self._logs.append(spoken)  # type: ignore[arg-type]
        environment = dict(self.environment)
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=spoken, stderr=errors, env=environment,
                                   start_new_session=True, cwd=self.directory)
        self.processes.append(("announcerd", process))

        def answers() -> bool:
            if process.poll() is not None:
                raise AnnouncerError("exited", f"announcerd exited with status {process.returncode}: {self.read_log('announcerd')}")
            probe = socket.socket(socket.AF_UNIX)
            try:
                probe.connect(socket_path)
                return True
            except OSError:
                return False
            finally:
                probe.close()
        self.until(answers, "announcerd to answer on its socket", "announcerd")
        return process

    def start_bridge(self, bridge: str, socket_path: str) -> subprocess.Popen:
        """announcer-atspi for announcerd on `socket_path`, logging its keys (its log says when
        the screen reader's modifier went down, `--log-keys`); returns once it listens to the
        accessibility bus."""
        before = self.read_whole_log("announcer-atspi").count(BRIDGE_LISTENING)
        process = self.spawn("announcer-atspi", [bridge, "--socket", socket_path, "--log-keys"], append=True)
        self.until(lambda: self.read_whole_log("announcer-atspi").count(BRIDGE_LISTENING) > before,
                   "announcer-atspi to listen to the accessibility bus", "announcer-atspi")
        return process

    # -- processes

    def spawn(self, name: str, argv: Sequence[str], *, extra: Optional[Dict[str, str]] = None,
              pass_fds: Sequence[int] = (), log: Optional[str] = None, append: bool = False) -> subprocess.Popen:
        """Starts a program in the session, its output in NAME.log (or `log`, a file name in the
        directory; `append` keeps what an earlier run wrote there), in a process group of its own."""
        output = open(os.path.join(self.directory, log) if log else self.log_path(name), "a" if append else "w")
        argv = [absolute(argv[0]), *argv[1:]]
        self._logs.append(output)
        environment = dict(self.environment, **(extra or {}))
        environment[SESSION_VARIABLE] = self.marker
        process = subprocess.Popen(list(argv), stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
                                   env=environment, start_new_session=True, pass_fds=tuple(pass_fds), cwd=self.directory)
        self.processes.append((name, process))
        return process

    def spawn_reporting(self, name: str, argv: List[str]) -> str:
        """Starts a program that writes one line to a descriptor ({fd}) once it is ready (Xvfb's
        display number, dbus-daemon's address) and returns that line."""
        reading, writing = os.pipe()
        try:
            process = self.spawn(name, [word.replace("{fd}", str(writing)) for word in argv], pass_fds=[writing])
        finally:
            os.close(writing)
        try:
            said = b""
            deadline = time.monotonic() + self.timeout
            while b"\n" not in said:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([reading], [], [], remaining)[0]:
                    raise AnnouncerError("timeout", f"{name} did not start within {self.timeout} s: {self.read_log(name)}")
                chunk = os.read(reading, 4096)
                if not chunk:
                    raise AnnouncerError("failed", f"{name} exited with status {process.wait()}: {self.read_log(name)}")
                said += chunk
            return said.decode().strip()
        finally:
            os.close(reading)

    def until(self, condition, waiting_for: str, name: str) -> None:  # type: ignore[no-untyped-def]
        """Polls a condition of a program starting up (every 20 ms, at most `timeout`)."""
        deadline = time.monotonic() + self.timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AnnouncerError("timeout", f"timed out waiting for {waiting_for}: {self.read_log(name)}")
            time.sleep(0.02)

    def dbus(self, destination: str, path: str, method: str, *arguments: str) -> str:
        result = subprocess.run([self.programs["dbus-send"], "--session", "--print-reply", f"--dest={destination}", path,
                                 method, *arguments], env=self.environment, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, timeout=self.timeout)
        return result.stdout if result.returncode == 0 else ""

    def stop(self, process: subprocess.Popen) -> None:
        """Kills a program of the session, and its process group, and waits for it."""
        self.kill_group(process)
        process.wait()

    @staticmethod
    def kill_group(process: subprocess.Popen) -> None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        """Stops everything the session started, whatever state it is in: every process group,
        then what they started outside them. Safe to call twice."""
        for _, process in reversed(self.processes):
            self.kill_group(process)
        self.kill_stragglers()
        for _, process in self.processes:
            try:
                process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                pass
        self.processes.clear()
        for output in self._logs:
            output.close()
        self._logs.clear()
        self.display = None

    def kill_stragglers(self) -> None:
        """Kills what the session's processes started outside their process groups (services a
        bus activated, a browser's helpers), until none is left, for at most `timeout`."""
        deadline = time.monotonic() + self.timeout
        killed: Set[int] = set()
        while True:
            left = [pid for pid in marked(self.marker) if pid != os.getpid()]
            # One being killed may no longer show its environment: it counts until it is dead.
            killed = {pid for pid in killed if alive(pid)}
            if not left and not killed or time.monotonic() > deadline:
                return
            killed.update(left)
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            # Our own children are reaped here; others by their parents or init.
            for _, process in self.processes:
                process.poll()
            time.sleep(0.01)

    # -- logs

    def log_path(self, name: str) -> str:
        return os.path.join(self.directory, name + ".log")

    def read_whole_log(self, name: str) -> str:
        try:
            with open(self.log_path(name), errors="replace") as file:
                return file.read()
        except OSError:
            return ""

    def read_log(self, name: str) -> str:
        """The end of a program's log (its last 4,000 characters)."""
        return self.read_whole_log(name)[-4000:].strip()


def absolute(program: str) -> str:
    """A program named by a path relative to here, as a whole path: programs run in the
    session's own directory."""
    return os.path.abspath(program) if os.sep in program else program


def alive(pid: int) -> bool:
    """Whether the process is there and not a zombie (dead, waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


def marked(marker: str) -> List[int]:
    """The live processes whose environment holds SESSION_VARIABLE=marker."""
    wanted = f"{SESSION_VARIABLE}={marker}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as file:
                if wanted in file.read().split(b"\0") and alive(int(entry)):
                    found.append(int(entry))
        except OSError:
            continue
    return found
