"""A private announcerd for a test: the `text:instant` sink (no audio, every utterance spoken at
once), a socket in a temporary directory of its own, and its own configuration, so that neither a
running daemon nor the user's settings change what a test hears."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from typing import Dict, Optional

from ..client import AnnouncerError


def find_program(name: str, variable: str, package: str = "") -> str:
    """`$VARIABLE` if set, else `name` on PATH; a clear error naming what to install when
    neither is there."""
    path = os.environ.get(variable) or shutil.which(name)
    if not path:
        where = f"install the Debian package {package}" if package else f"set {variable} or put it on PATH"
        raise AnnouncerError("unavailable", f"{name} not found: {where}")
    return path


class PrivateDaemon:
    """announcerd on a temporary socket; `start()` returns once it answers there."""

    def __init__(self, *, announcerd: Optional[str] = None, config: str = "", timeout: float = 10.0,
                 prefix: str = "announcer-test.", env: Optional[Dict[str, str]] = None, ssip: bool = False) -> None:
        self.announcerd = announcerd or find_program("announcerd", "ANNOUNCERD")
        self.ssip = ssip
        self.config = config
        self.env = dict(env or {})
        self.timeout = timeout
        self.prefix = prefix
        self.directory: Optional[str] = None
        self._process: Optional[subprocess.Popen] = None

    @property
    def socket_path(self) -> str:
        if self.directory is None:
            raise AnnouncerError("closed", "the private announcerd is not running (use it in a with block, or call start())")
        return os.path.join(self.directory, "socket")

    @property
    def ssip_path(self) -> str:
        """The daemon's SSIP socket (with `ssip`): speech-dispatcher's clients speak there."""
        return os.path.join(os.path.dirname(self.socket_path), "ssip")

    @property
    def config_path(self) -> str:
        """The daemon's announcer.conf (`config` as given)."""
        return self.socket_path + ".conf"

    def start(self) -> "PrivateDaemon":
        self.directory = tempfile.mkdtemp(prefix=self.prefix)
        os.chmod(self.directory, 0o700)
        config_path = self.config_path
        with open(config_path, "w") as file:
            file.write(self.config)
        environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.directory, "config"), **self.env)
        self._log = open(os.path.join(self.directory, "announcerd.log"), "w+")
        self._process = subprocess.Popen(
            [self.announcerd, "--socket", self.socket_path, "--sink", "text:instant", "--config", config_path,
             *(["--ssip", self.ssip_path] if self.ssip else [])],
            stdout=subprocess.DEVNULL, stderr=self._log, env=environment)
        deadline = time.monotonic() + self.timeout
        while not self._answers():
            if self._process.poll() is not None or time.monotonic() > deadline:
                self._log.seek(0)
                said = self._log.read().strip()
                self.close()
                raise AnnouncerError("unavailable", f"announcerd did not start: {said}")
            time.sleep(0.02)
        return self

    def log(self) -> str:
        """What announcerd has written to its standard error so far (start-up, refused or
        dropped clients, failed speech)."""
        if self.directory is None:
            return ""
        try:
            with open(os.path.join(self.directory, "announcerd.log"), errors="replace") as file:
                return file.read()
        except OSError:
            return ""

    def _answers(self) -> bool:
        with socket.socket(socket.AF_UNIX) as probe:
            try:
                probe.connect(self.socket_path)
                return True
            except OSError:
                return False

    def close(self) -> None:
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None
            self._log.close()
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None

    def __enter__(self) -> "PrivateDaemon":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.close()
