"""`python3 -m announcer.testing.headless`: a command run in the one headless desktop (see the
package's own text)."""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from typing import List, Optional, Sequence

from ...client import AnnouncerError
from . import HeadlessSession


def main(arguments: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m announcer.testing.headless",
                                     description="Runs a command in a private headless desktop: Xvfb, a session bus and "
                                                 "the AT-SPI bus, and with --announcerd and --bridge the screen reader. "
                                                 "SIGUSR1 replaces the accessibility bus with a new one, SIGUSR2 announcerd.")
    parser.add_argument("--screen", default="1024x768", help="the screen's size, WIDTHxHEIGHT (default 1024x768)")
    parser.add_argument("--timeout", type=float, default=30.0, help="how long each program may take to start (30 s)")
    parser.add_argument("--announcerd", help="start this announcerd in the desktop ($ANNOUNCER_SOCKET, $ANNOUNCERD_PID)")
    parser.add_argument("--sink", default="text", help="announcerd's sink (default text)")
    parser.add_argument("--socket", help="announcerd's socket (default: in the desktop's own directory)")
    parser.add_argument("--ssip", help="announcerd's SSIP socket too")
    parser.add_argument("--spoken", help="the file announcerd's standard output (the text sink's words) is appended to")
    parser.add_argument("--bridge", help="start this announcer-atspi for it ($ANNOUNCER_ATSPI_PID, $ANNOUNCER_ATSPI_LOG)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ARGS...")
    options = parser.parse_args(arguments)
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("a command to run is needed: -- COMMAND ARGS...")
    if options.bridge and not options.announcerd:
        parser.error("--bridge needs --announcerd")
    try:
        width, height = (int(part) for part in options.screen.split("x"))
    except ValueError:
        parser.error(f"--screen takes WIDTHxHEIGHT, not {options.screen!r}")
    directory = tempfile.mkdtemp(prefix="announcer-headless.")
    session = HeadlessSession(directory, screen=(width, height), timeout=options.timeout)
    # A signal that ends us ends the session too; SIGUSR1 replaces the accessibility bus,
    # SIGUSR2 announcerd (killed, and started again on the same socket). A test runner may have
    # started us with signals blocked, which we would inherit: they are unblocked.
    ours = {signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2}
    signal.pthread_sigmask(signal.SIG_UNBLOCK, ours)
    for ending in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(ending, lambda number, _: sys.exit(128 + number))
    child: Optional[subprocess.Popen] = None
    socket_path = options.socket or os.path.join(directory, "socket")
    status_path = os.path.join(directory, "restarts")
    daemon: List[subprocess.Popen] = []

    def start_daemon() -> None:
        daemon[:] = [session.start_daemon(os.path.abspath(options.announcerd), socket_path, sink=options.sink, ssip=options.ssip,
                                          output=options.spoken)]

    def restart_daemon() -> None:
        for process in daemon:
            session.stop(process)
        start_daemon()
        with open(status_path, "a") as status:
            status.write("announcerd\n")

    def restart_bus() -> None:
        session.restart_accessibility_bus()
        with open(status_path, "a") as status:
            status.write("bus\n")

    try:
        try:
            environment = dict(session.start())
            if options.announcerd:
                start_daemon()
                environment.update(ANNOUNCER_SOCKET=socket_path, ANNOUNCERD_PID=str(daemon[0].pid),
                                   ANNOUNCERD_LOG=session.log_path("announcerd"))
            if options.bridge:
                bridge = session.start_bridge(os.path.abspath(options.bridge), socket_path)
                environment.update(ANNOUNCER_ATSPI_PID=str(bridge.pid), ANNOUNCER_ATSPI_LOG=session.log_path("announcer-atspi"))
        except AnnouncerError as error:
            print(f"headless: {error}", file=sys.stderr)
            return 69
        signal.signal(signal.SIGUSR1, lambda *_: restart_bus())
        if options.announcerd:
            signal.signal(signal.SIGUSR2, lambda *_: restart_daemon())
        open(status_path, "w").close()
        environment.update(ANNOUNCER_HEADLESS_PID=str(os.getpid()), ANNOUNCER_HEADLESS_RESTARTS=status_path)
        try:
            child = subprocess.Popen(command, env=environment)
        except OSError as error:
            print(f"headless: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
            return 127
        return child.wait()
    finally:
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)
        signal.signal(signal.SIGUSR2, signal.SIG_IGN)
        if child is not None and child.poll() is None:
            child.kill()
            child.wait()
        session.close()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
