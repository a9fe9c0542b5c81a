"""A real desktop application, or a web page in Chromium or Firefox ESR, heard as a screen reader user hears it:
a private headless session of its own (Xvfb, a D-Bus session bus, the AT-SPI bus), announcerd
on the `text:instant` sink and announcer-atspi, the desktop door, speaking what the application
shows; real keys pressed with xdotool.

    from announcer.testing import Desktop

    def test_the_settings_window():
        with Desktop(["/usr/bin/python3", "settings.py"]) as desktop:   # up once it has spoken
            assert desktop.press("Tab") == ["Remember me. Check Box. Not Checked.",
                                            "Press Space to toggle setting."]
            desktop.press("Insert+Left")                                   # the review
            desktop.type("hi")

With `reader="orca"`, Orca (Debian's) reads the same session instead of announcer-atspi, speaking
through the private announcerd's SSIP door: what Orca says, heard the same way, to set beside
Announcer's (its key echo, braille, say all on load and page summary off).

Every wait is on speech (never a fixed sleep) and bounded. announcer-atspi is
`$ANNOUNCER_ATSPI`, else the first on PATH; announcerd `$ANNOUNCERD`, else PATH. A program
that is not installed is an `AnnouncerError` naming the Debian package that has it.
"""
from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from typing import Dict, List, Optional, Sequence, Set, Tuple

from ..client import AnnouncerError, BrailleEvent, Client, FinishedEvent, SpeakingEvent
from .daemon import PrivateDaemon, find_program
from .headless import HeadlessSession, marked, program

# Chromium with a fresh profile: no first-run pages or prompts, nothing from the network, and
# its accessibility tree built as the page loads (Tests/fixtures/desktop/browser.sh).
CHROMIUM_FLAGS = (
    "--no-first-run", "--no-default-browser-check", "--disable-default-apps", "--disable-sync",
    "--disable-background-networking", "--disable-component-update", "--disable-extensions",
    "--disable-breakpad", "--disable-crash-reporter", "--noerrdialogs", "--password-store=basic",
    "--disable-session-crashed-bubble", "--disable-features=Translate,MediaRouter",
    "--host-resolver-rules=MAP * ~NOTFOUND", "--test-type",
    "--window-position=0,0", "--window-size=1024,768", "--force-renderer-accessibility",
)

# Firefox ESR with a fresh profile (its user.js): no first-run or default-browser pages, no
# crash-restore prompt, no updates, and nothing leaves the machine (every connection goes to a
# proxy that is not there, every name is the loopback) (Tests/fixtures/desktop/browser.sh).
FIREFOX_PREFERENCES = {
    "browser.shell.checkDefaultBrowser": False, "browser.startup.homepage_override.mstone": "ignore",
    "startup.homepage_welcome_url": "", "startup.homepage_welcome_url.additional": "",
    "browser.aboutwelcome.enabled": False, "trailhead.firstrun.didSeeAboutWelcome": True,
    "datareporting.policy.dataSubmissionEnabled": False, "datareporting.policy.firstRunURL": "",
    "datareporting.healthreport.uploadEnabled": False, "toolkit.telemetry.reportingpolicy.firstRun": False,
    "browser.sessionstore.resume_from_crash": False, "toolkit.startup.max_resumed_crashes": -1,
    "browser.tabs.warnOnClose": False, "app.update.auto": False, "app.update.enabled": False,
    "app.normandy.enabled": False, "extensions.update.enabled": False, "extensions.getAddons.cache.enabled": False,
    "browser.search.update": False, "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False, "browser.safebrowsing.downloads.enabled": False,
    "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True, "network.prefetch-next": False, "browser.newtabpage.enabled": False,
    "browser.disableResetPrompt": True, "browser.uitour.enabled": False,
    "network.proxy.type": 1, "network.proxy.http": "127.0.0.1", "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": 9, "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": True, "network.dns.forceResolve": "127.0.0.1",
    "network.http.speculative-parallel-limit": 0,
}
BROWSERS = ("chromium", "firefox")
READERS = ("announcer", "orca")
# Orca's settings in the session's home: its key echo, braille, say all on load and page summary
# off, so that a key's first words are its answer and a page's load is not read out.
ORCA_SETTINGS = {"general": {"enableKeyEcho": False, "enableBraille": False, "sayAllOnLoad": False,
                             "pageSummaryOnLoad": False},
                 "profiles": {"default": {"profile": ["Default", "default"]}}, "pronunciations": {}, "keybindings": {}}


class Desktop:
    """One application (`argv`), or one web page (`page`, a URL or a file, in `browser`), in a
    private headless desktop session, and what announcer-atspi made announcerd say of it.

    `env` is more environment for the application; `config` more announcer.conf text for the
    private daemon (`hint-delay-ms = 0`, `locale = fr`); `timeout` bounds every wait for speech,
    `start_timeout` the start (30 s, or 60 s for a browser); `silence` how long a key that says
    nothing is waited for (press, type); `quiet` how long speech must have been still before an
    action returns; `ready`, when given, is the text whose utterance says the application is up
    (by default its first focus, or a page's first item once it has loaded)."""

    def __init__(self, argv: Optional[Sequence[str]] = None, *, page: Optional[str] = None, browser: str = "chromium",
                 env: Optional[Dict[str, str]] = None, announcerd: Optional[str] = None, bridge: Optional[str] = None,
                 config: str = "", timeout: float = 10.0, start_timeout: Optional[float] = None,
                 silence: float = 2.0, quiet: float = 0.3, ready: Optional[str] = None,
                 screen: Tuple[int, int] = (1024, 768), reader: str = "announcer") -> None:
        if (argv is None) == (page is None):
            raise ValueError("Desktop needs an application's argv or a page, not both")
        if reader not in READERS:
            raise ValueError(f"the reader is announcer or orca, not {reader!r}")
        if page is not None and browser not in BROWSERS:
            raise ValueError(f"the browser is chromium or firefox (Firefox ESR), not {browser!r}")
        self.argv = list(argv) if argv is not None else []
        self.page = page
        self.browser_name = browser if page is not None else None
        self.env = dict(env or {})
        self.announcerd = announcerd
        self.bridge = bridge
        self.config = config
        self.timeout = timeout
        self.start_timeout = start_timeout if start_timeout is not None else (60.0 if page is not None else 30.0)
        self.silence = silence
        self.quiet = quiet
        self.ready = ready
        self.screen = screen
        self.reader = reader
        self.display: Optional[str] = None
        self.directory: Optional[str] = None
        self._session: Optional[HeadlessSession] = None
        self._marker = ""   # the session's, kept once it has closed
        self._environment: Dict[str, str] = {}
        self._application: Optional[subprocess.Popen] = None
        self._daemon: Optional[PrivateDaemon] = None
        self._client: Optional[Client] = None
        self._speech: List[Tuple[str, str]] = []
        self._heard_at: List[float] = []   # when each utterance began (time.monotonic())
        self._key_at = 0.0                  # when the last key or text was sent
        self._brailled: List[BrailleEvent] = []
        self._unfinished: Set[int] = set()
        self._last_speech = 0.0
        self._windows: List[str] = []

    @classmethod
    def browser(cls, url: str, browser: str = "chromium", **options: object) -> "Desktop":
        """A web page (a URL, or a file's path) in Chromium (or "firefox": Firefox ESR) with a
        private profile: the same as
        `Desktop(page=url, browser=browser, **options)`; up once the page's first item is said."""
        return cls(page=url, browser=browser, **options)  # type: ignore[arg-type]

    # -- the session

    def start(self) -> "Desktop":
        """Starts the session and the application; returns once the application has spoken (its
        window's focus, or a page's first item) and speech has settled."""
        if self.directory is not None:
            raise AnnouncerError("started", "the desktop session is running already")
        programs = {"xdotool": program("xdotool", "xdotool"), "xwininfo": program("xwininfo", "x11-utils")}
        if self.reader == "orca":
            programs.update(orca=program("orca", "orca"), unshare=program("unshare", "util-linux"))
        else:
            programs["announcer-atspi"] = self.bridge or find_program("announcer-atspi", "ANNOUNCER_ATSPI", "announcer")
        application = self._application_argv()
        self._programs = programs
        self.directory = tempfile.mkdtemp(prefix="announcer-desktop.")
        try:
            self._start(application)
        except BaseException:
            self.close()
            raise
        return self

    def _application_argv(self) -> List[str]:
        if self.page is None:
            if not self.argv:
                raise ValueError("Desktop needs an application's argv")
            if shutil.which(self.argv[0], path=self.env.get("PATH")) is None:
                raise AnnouncerError("unavailable", f"{self.argv[0]} not found: the application to test")
            return self.argv
        url = self.page if "://" in self.page else "file://" + os.path.abspath(self.page)
        if self.browser_name == "firefox":
            firefox = "/usr/lib/firefox-esr/firefox-esr"
            if not os.access(firefox, os.X_OK):
                firefox = program("firefox-esr", "firefox-esr")
            return [firefox, "--profile", "{profile}", "--no-remote", url]
        chromium = "/usr/lib/chromium/chromium"
        if not os.access(chromium, os.X_OK):
            # Debian's /usr/bin/chromium adds flags of its own (/etc/chromium.d): the program itself.
            chromium = program("chromium", "chromium")
        return [chromium, "--user-data-dir={profile}", *CHROMIUM_FLAGS,
                *(["--no-sandbox"] if os.getuid() == 0 else []), url]   # its sandbox refuses root

    def _start(self, application: List[str]) -> None:
        assert self.directory is not None
        home = os.path.join(self.directory, "home")
        runtime = os.path.join(self.directory, "runtime")
        for folder in (home, runtime):
            os.makedirs(folder, mode=0o700)
        # The one headless desktop (announcer.testing.headless): Xvfb, a session bus and the AT-SPI bus.
        # A home of its own, as on a fresh machine: the bridge turns accessibility on in the
        # desktop's settings, which must be neither the user's nor left behind.
        self._session = HeadlessSession(self.directory, screen=self.screen, timeout=self.timeout)
        self._marker = self._session.marker
        self._session.environment.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                                         XDG_CACHE_HOME=os.path.join(home, ".cache"),
                                         XDG_DATA_HOME=os.path.join(home, ".local/share"), XDG_RUNTIME_DIR=runtime)
        self._environment = self._session.start()
        self.display = self._session.display

        self._daemon = PrivateDaemon(announcerd=self.announcerd, config=self.config, timeout=self.timeout,
                                     prefix="announcer-desktop-daemon.", ssip=self.reader == "orca")
        self._daemon.start()
        self._client = Client(self._daemon.socket_path, timeout=self.timeout, hello="announcer.testing.desktop")
        self._client.subscribe(["speaking", "finished", "braille"])

        assert self._session is not None
        if self.reader == "orca":
            self._start_orca(home)
        else:
            self._session.start_bridge(self._programs["announcer-atspi"], self._daemon.socket_path)

        if self.page is not None:
            profile = os.path.join(self.directory, "profile")
            os.makedirs(profile)
            application = [word.replace("{profile}", profile) for word in application]
            if self.browser_name == "firefox":
                with open(os.path.join(profile, "user.js"), "w") as preferences:
                    preferences.writelines(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n"
                                           for name, value in FIREFOX_PREFERENCES.items())
        extra = dict(self.env)
        if self.browser_name == "firefox":
            extra.setdefault("MOZ_CRASHREPORTER_DISABLE", "1")
        self._application = self._spawn("application", application, extra=extra)
        self._wait_until_up()

    def _start_orca(self, home: str) -> None:
        """Orca in the session, with settings of its own in the session's home, speaking through
        the daemon's SSIP door; returns once it has spoken ("Screen reader on.")."""
        from .headless.orca import command as orca_command
        assert self._session is not None and self._daemon is not None
        settings = os.path.join(home, ".local", "share", "orca")
        os.makedirs(settings)
        with open(os.path.join(settings, "user-settings.conf"), "w") as file:
            json.dump(ORCA_SETTINGS, file)
        # In a process namespace of its own: Orca kills any other Orca of its user, and one of
        # another session would kill it (announcer.testing.headless.orca).
        self._spawn("orca", orca_command(), extra={"SPEECHD_ADDRESS": "unix_socket:" + self._daemon.ssip_path})
        deadline = time.monotonic() + self.start_timeout
        while not self._speech:
            if time.monotonic() > deadline:
                raise AnnouncerError("timeout", f"Orca did not speak within {self.start_timeout} s; it printed:\n"
                                     f"{self._read(self._log_path('orca'))}")
            self._pump(min(0.1, deadline - time.monotonic()))
        self.settle()

    def _wait_until_up(self) -> None:
        """Until the application's window is there and has been activated, and it has spoken."""
        assert self._application is not None
        deadline = time.monotonic() + self.start_timeout
        wanted = self.ready
        window: Optional[str] = None
        before = len(self._speech)   # Orca's own words as it starts

        def up() -> bool:
            if wanted is not None:
                return any(wanted in text for _, text in self._speech[before:])
            if self.reader == "orca":
                return len(self._speech) > before
            # A window's title may come before its focus or after it: the focus (or a page's
            # first item, said once it has loaded) is what says the application is there.
            kind = "low" if self.page is not None else "focus"
            return any(said == kind for said, _ in self._speech)

        while window is None or not up():
            if self._application.poll() is not None:
                raise AnnouncerError("exited", f"the application {self._describe_application()} exited with status "
                                     f"{self._application.returncode} before it spoke; it printed:\n{self.application_output()}")
            if window is None:
                window = self._window()
                if window is not None:
                    self._activate(window)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                waited = "a window" if window is None else repr(wanted) if wanted is not None else "its first focus"
                raise AnnouncerError("timeout", f"the application {self._describe_application()} did not show {waited} within "
                                     f"{self.start_timeout} s; spoken: {self.spoken}; it printed:\n{self.application_output()}"
                                     f"\nannouncer-atspi printed:\n{self._read(self._log_path('announcer-atspi'))}")
            self._pump(min(remaining, 0.05))
        self.settle()

    def _window(self) -> Optional[str]:
        """The application's first visible top-level window, once it has one."""
        windows = self._visible_windows()
        self._windows = windows
        return windows[0] if windows else None

    def _visible_windows(self) -> List[str]:
        """The visible top-level windows a window manager would give the focus to (not a menu's
        or a pop-up's override-redirect window), oldest first. The display is the session's own:
        every one is the application's."""
        found = subprocess.run([self._programs["xdotool"], "search", "--onlyvisible", "--maxdepth", "1", "--name", ""],
                               env=self._environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               timeout=self.timeout).stdout.split()
        known = [window for window in self._windows if window in found]
        for window in found:
            if window in known:
                continue
            info = subprocess.run([self._programs["xwininfo"], "-id", window], env=self._environment, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, timeout=self.timeout).stdout
            if "Override Redirect State: no" in info and "(the root window)" not in info:
                known.append(window)
        return known

    def _manage_windows(self) -> bool:
        """What a window manager does, which Xvfb has not: a new window (a dialog) gets the
        focus, and when the focused one goes, the newest left gets it. True if the focus was
        given."""
        windows = self._visible_windows()
        new = [window for window in windows if window not in self._windows]
        self._windows = windows
        if new:
            self._activate(new[-1])
            return True
        focused = subprocess.run([self._programs["xdotool"], "getwindowfocus"], env=self._environment, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, timeout=self.timeout).stdout.strip()
        if windows and focused not in windows:
            self._activate(windows[-1])
            return True
        return False

    def _activate(self, window: str) -> None:
        """Gives the window the keyboard focus as a window manager would, from elsewhere. With
        none, GTK takes the X focus as it maps but calls its window active only once it sees the
        focus come in: without this, the first review key (its grab moves the focus away and back)
        would say the window and its focus again."""
        self._xdotool(["windowfocus", "--sync", "0"])     # None: no window has the focus
        self._xdotool(["windowfocus", "--sync", window])

    def close(self) -> None:
        """Stops everything the session started, whatever state it is in (an application that
        hangs or is stopped included): every process is killed, then the temporary directory
        removed. Safe to call twice."""
        if self._session is not None:
            self._session.close()
            self._session = None
        self._application = None
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._daemon is not None:
            self._daemon.close()
            self._daemon = None
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None
        self.display = None

    def __enter__(self) -> "Desktop":
        return self.start()

    def __exit__(self, kind: object, error: Optional[BaseException], *_: object) -> None:
        # A test that failed in the session is told what the session's programs printed.
        if error is not None and self.directory is not None and hasattr(error, "add_note"):
            error.add_note(self.describe_logs())
        self.close()

    def logs(self) -> Dict[str, str]:
        """What each program of the session has printed so far (the last 4000 characters of
        each): "application", "announcer-atspi", "announcerd", "Xvfb", "dbus-daemon",
        "at-spi-bus-launcher"; empty once closed."""
        if self.directory is None:
            return {}
        found = {name: self._read(self._log_path(name)) for name, _ in (self._session.processes if self._session else [])}
        if self._daemon is not None:
            found["announcerd"] = self._daemon.log()[-4000:].strip()
        return found

    def describe_logs(self) -> str:
        """The session's logs as text for a failure's report: what was spoken, then what the
        application, the bridge and the daemon printed."""
        logs = self.logs()
        parts = [f"spoken in the desktop session: {self.spoken}"]
        for name in ("application", "orca" if self.reader == "orca" else "announcer-atspi", "announcerd"):
            parts.append(f"{name} printed:\n{logs.get(name) or '(nothing)'}")
        return "\n".join(parts)

    # -- what a user does

    def press(self, key: str) -> List[str]:
        """Presses a key, xdotool's name for it ("Tab", "shift+Tab", "Return", "Insert+Right",
        "Insert+Page_Down", "ctrl+a"), and returns what it made said, once that has come and settled.
        A key that says nothing returns [] after `silence` seconds."""
        parts = key.split("+")
        if len(parts) > 1 and parts[0] in SCREEN_READER_MODIFIERS:
            return self._act(["key", "--", "+".join(parts[1:])], holding=parts[0])
        return self._act(["key", "--", key])

    def type(self, text: str, *, delay_ms: int = 150) -> List[str]:
        """Types `text` (xdotool type, `delay_ms` between characters) and returns what was said
        (the typing echo), once it has come and settled; [] after `silence` seconds of nothing."""
        return self._act(["type", "--delay", str(delay_ms), "--", text])

    def _act(self, arguments: List[str], holding: Optional[str] = None) -> List[str]:
        """Sends the keys and waits for what they made said. With `holding`, a screen reader's
        modifier, it is held down first until announcer-atspi has said that it saw it go down
        (its keys are taken from then on: sent at once, the key could reach the application
        first), and let go after."""
        self._check_running()
        self.settle()
        count = len(self._speech)
        self._key_at = time.monotonic()
        if holding is not None and self.reader == "orca":
            # Orca says nothing of its modifier going down: the chord at once, as one key.
            self._xdotool([arguments[0], "--delay", "0", *arguments[1:-1], f"{holding}+{arguments[-1]}"])
        elif holding is not None:
            seen = self._modifier_presses(holding)
            self._xdotool(["keydown", holding])
            self._until(lambda: self._modifier_presses(holding) > seen, f"announcer-atspi to see {holding} go down",
                        "announcer-atspi")
            self._xdotool(arguments + ["keyup", holding])
        else:
            self._xdotool(arguments)
        deadline = time.monotonic() + self.silence
        while len(self._speech) == count and time.monotonic() < deadline:
            self._pump(min(0.1, deadline - time.monotonic()))
            # A dialog that closed leaves no window focused, and says nothing until one is.
            if len(self._speech) == count:
                self._manage_windows()
        if len(self._speech) > count:
            self.settle()
        return [text for _, text in self._speech[count:]]

    def wait_for_speech(self, text: Optional[str] = None, timeout: Optional[float] = None) -> str:
        """With `text`: waits until an utterance that contains it has been spoken since the last
        `clear()` (at once if one has); without: until something new is spoken. Then until speech
        settles. Returns that utterance; raises AnnouncerError("timeout") listing what was said
        when it does not come within `timeout` (the session's `timeout` unless given)."""
        self._check_running()
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        count = len(self._speech)

        def arrived() -> Optional[str]:
            if text is None:
                return self._speech[count][1] if len(self._speech) > count else None
            return next((said for _, said in self._speech if text in said), None)

        self._pump(0)
        while arrived() is None:
            if time.monotonic() >= deadline:
                wanted = repr(text) if text is not None else "anything"
                raise AnnouncerError("timeout", f"{wanted} was not spoken within the time; spoken: {self.spoken}")
            self._pump(deadline - time.monotonic())
        self.settle()
        found = arrived()
        assert found is not None
        return found

    def settle(self) -> None:
        """Returns when speech has settled: everything begun has finished, nothing waits in the
        daemon (a hint after its pause), and nothing new has begun for `quiet` seconds. Raises
        AnnouncerError("timeout") if that has not happened within `timeout`."""
        client = self._running_client()
        deadline = time.monotonic() + self.timeout
        while True:
            queued = client.status().get("queue", 0)
            self._pump(0)
            now = time.monotonic()
            if now > deadline:
                raise AnnouncerError("timeout", f"speech did not settle within {self.timeout} s; spoken: {self.spoken}")
            if self._unfinished:
                self._pump(deadline - now)
                continue
            if queued > 0:
                self._pump(0.02)
                continue
            still_until = self._last_speech + self.quiet
            if now >= still_until:
                if self._windows and self._manage_windows():
                    # A window that took the focus says its title and its focus: wait for them.
                    self._last_speech = time.monotonic()
                    continue
                return
            self._pump(still_until - now)

    # -- what was said

    @property
    def spoken(self) -> List[str]:
        """Every utterance spoken so far (the window's titles, focus, hints, typing echo,
        announcements), in order."""
        return [text for _, text in self._speech]

    @property
    def speech(self) -> List[Tuple[str, str]]:
        """The same, each with its kind: `("focus", "OK. Button.")`, `("hint", …)`, `("echo", …)`,
        `("window", …)`, `("default", …)`, `("high", …)`, `("low", …)`."""
        return list(self._speech)

    @property
    def timed_speech(self) -> List[Tuple[float, str, str]]:
        """The same, each with when it began to be spoken (`time.monotonic()`, as `key_sent_at`)."""
        return [(when, kind, text) for when, (kind, text) in zip(self._heard_at, self._speech)]

    @property
    def key_sent_at(self) -> float:
        """When the last key (press) or text (type) was sent (`time.monotonic()`)."""
        return self._key_at

    @property
    def last_spoken(self) -> Optional[str]:
        return self._speech[-1][1] if self._speech else None

    def clear(self) -> None:
        """Forgets what was spoken so far."""
        self._speech.clear()
        self._heard_at.clear()

    def braille(self) -> Optional[BrailleEvent]:
        """What a braille display shows now, as the daemon shows it (no display needed): the
        latest `BrailleEvent` ("Save btn", its cells in Unicode braille); None before any."""
        self._pump(0)
        return self._brailled[-1] if self._brailled else None

    def wait_for_braille(self, text: str, timeout: Optional[float] = None, *, caret: Optional[int] = None) -> BrailleEvent:
        """The display's line once its text is `text` (and, given `caret`, its caret is at that
        cell), at once if it is now, waiting at most `timeout` seconds (the session's); raises
        AnnouncerError("timeout") with what it showed."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            self._pump(0)
            if self._brailled and self._brailled[-1].text == text and (caret is None or self._brailled[-1].caret == caret):
                return self._brailled[-1]
            left = deadline - time.monotonic()
            if left <= 0:
                raise AnnouncerError("timeout", f"{text!r} was not shown in braille within the time; shown: {[line.text for line in self._brailled[-5:]]}")
            self._pump(min(left, 0.5))

    @property
    def brailled(self) -> List[BrailleEvent]:
        """Every line the display showed so far, in order."""
        self._pump(0)
        return list(self._brailled)

    def application_output(self) -> str:
        """What the application printed (its standard output and error) so far."""
        return self._read(self._log_path("application")) if self.directory is not None else ""

    # -- the screen

    def screenshot(self, path: str) -> str:
        """Writes the whole screen as a PNG file at `path` (read with xwd, from x11-apps) and
        returns `path`."""
        self._check_running()
        xwd = program("xwd", "x11-apps")
        result = subprocess.run([xwd, "-root", "-silent", "-display", str(self.display)], env=self._environment,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=self.timeout)
        if result.returncode != 0:
            raise AnnouncerError("failed", f"xwd could not read the screen: {result.stderr.decode(errors='replace').strip()}")
        width, height, rgb = _xwd_pixels(result.stdout)
        with open(path, "wb") as file:
            file.write(_png(width, height, rgb))
        return path

    # -- the session's processes

    @property
    def running(self) -> bool:
        return self._client is not None

    @property
    def socket_path(self) -> str:
        """The private announcerd's socket, for another client of the session (the AT Driver
        server); its keys go to `display`."""
        if self._daemon is None:
            raise AnnouncerError("closed", "the desktop session is not running (use it in a with block, or call start())")
        return self._daemon.socket_path

    @property
    def bridge_log(self) -> str:
        """Where announcer-atspi's output goes (with --log-keys: "key: Insert down" as it sees
        the screen reader's modifier)."""
        return self._log_path("announcer-atspi")

    def processes(self) -> List[int]:
        """Every process of the session now (the application and its helpers, the buses, Xvfb,
        the bridge), found by the variable every one of them inherits; the private announcerd is
        not among them."""
        return [pid for pid in marked(self._marker) if pid != os.getpid()] if self._session is not None else []

    def _spawn(self, name: str, argv: List[str], *, extra: Optional[Dict[str, str]] = None) -> subprocess.Popen:
        assert self._session is not None
        return self._session.spawn(name, argv, extra=extra)

    def _until(self, condition, waiting_for: str, name: str) -> None:  # type: ignore[no-untyped-def]
        """Polls a condition of a program starting up (every 20 ms, at most `timeout`)."""
        assert self._session is not None
        self._session.until(condition, waiting_for, name)

    def _xdotool(self, arguments: List[str]) -> None:
        result = subprocess.run([self._programs["xdotool"], *arguments], env=self._environment,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=self.timeout + 60)
        if result.returncode != 0:
            raise AnnouncerError("failed", f"xdotool {' '.join(arguments)} failed: {result.stdout.strip()}")

    # -- speech

    def _pump(self, timeout: float) -> None:
        """Takes the events that have come, waiting at most `timeout` for the first."""
        client = self._running_client()
        event = next(client.events(timeout=max(0.0, timeout)), None)
        while event is not None:
            if isinstance(event, SpeakingEvent):
                self._speech.append((event.kind, event.text))
                self._heard_at.append(time.monotonic())
                self._unfinished.add(event.utterance)
                self._last_speech = time.monotonic()
            elif isinstance(event, FinishedEvent):
                self._unfinished.discard(event.utterance)
            elif isinstance(event, BrailleEvent):
                self._brailled.append(event)
            event = next(client.events(timeout=0), None)

    def _running_client(self) -> Client:
        if self._client is None:
            raise AnnouncerError("closed", "the desktop session is not running (use it in a with block, or call start())")
        return self._client

    def _check_running(self) -> None:
        self._running_client()
        application = self._application
        if application is not None and application.poll() is not None:
            raise AnnouncerError("exited", f"the application {self._describe_application()} exited with status "
                                 f"{application.returncode}; it printed:\n{self.application_output()}")

    def _describe_application(self) -> str:
        return f"{self.page!r} in {self.browser_name}" if self.page is not None else " ".join(self.argv)

    def _modifier_presses(self, modifier: str) -> int:
        """How many times announcer-atspi has logged the modifier going down."""
        assert self._session is not None
        return self._session.read_whole_log("announcer-atspi").count(f"key: {modifier} down")

    def _log_path(self, name: str) -> str:
        assert self.directory is not None
        return os.path.join(self.directory, name + ".log")

    @staticmethod
    def _read(path: str) -> str:
        try:
            with open(path, errors="replace") as file:
                return file.read()[-4000:].strip()
        except OSError:
            return ""


# The screen reader's modifier keys (ReviewKeyboard.swift): announcer-atspi takes the key pressed
# with one only once it has seen the modifier go down, and with --log-keys it says when it has.
SCREEN_READER_MODIFIERS = ("Insert", "KP_Insert", "Caps_Lock")


def _xwd_pixels(data: bytes) -> Tuple[int, int, bytes]:
    """An XWD image (xwd's output: a big-endian header, then ZPixmap rows) as width, height and
    8-bit RGB rows."""
    header = struct.unpack(">25I", data[:100])
    header_size, version, form, depth, width, height = header[:6]
    byte_order, bits_per_pixel, bytes_per_line = header[7], header[11], header[12]
    masks = header[14:17]
    colors = header[19]
    if version != 7 or form != 2 or bits_per_pixel not in (24, 32):
        raise AnnouncerError("failed", f"xwd wrote an image this reader does not know (version {version}, format {form}, "
                             f"{bits_per_pixel} bits a pixel, depth {depth})")
    start = header_size + 12 * colors
    step = bits_per_pixel // 8
    order = "little" if byte_order == 0 else "big"
    shifts = [(mask, (mask & -mask).bit_length() - 1) for mask in masks]
    rgb = bytearray(width * height * 3)
    for row in range(height):
        line = data[start + row * bytes_per_line: start + row * bytes_per_line + width * step]
        out = memoryview(rgb)[row * width * 3:(row + 1) * width * 3]
        if step == 4 and order == "little" and masks == (0xFF0000, 0xFF00, 0xFF):
            out[0::3], out[1::3], out[2::3] = line[2::4], line[1::4], line[0::4]
            continue
        for column in range(width):
            pixel = int.from_bytes(line[column * step:(column + 1) * step], order)
            for channel, (mask, shift) in enumerate(shifts):
                out[column * 3 + channel] = ((pixel & mask) >> shift) & 0xFF
    return width, height, bytes(rgb)


def _png(width: int, height: int, rgb: bytes) -> bytes:
    """8-bit RGB rows as a PNG file."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    stride = width * 3
    raw = b"".join(b"\0" + rgb[row * stride:(row + 1) * stride] for row in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
