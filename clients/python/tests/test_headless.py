"""`python3 -m announcer.testing.headless`: the one headless desktop that the Swift suite's
session script and bench/ run in, as `Desktop` does."""
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time

from announcer.testing.headless import HeadlessSession, alive
from announcer.testing.headless import orca

# What the command inside sees: the display, the session bus, the accessibility bus's address
# (asked of the session bus, as every toolkit does), the toolkits' variables; then whatever it
# leaves running, with its pid.
PROBE = textwrap.dedent("""
    import os, subprocess, sys
    def address():
        return subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                               "org.a11y.Bus.GetAddress"], capture_output=True, text=True, timeout=10).stdout
    print("display", os.environ["DISPLAY"])
    print("bus", os.environ["DBUS_SESSION_BUS_ADDRESS"])
    print("a11y", "unix:" in address())
    print("qt", os.environ.get("QT_LINUX_ACCESSIBILITY_ALWAYS_ON"), "gtk", os.environ.get("GTK_A11Y"))
    print("xdpyinfo", subprocess.run(["xdpyinfo"], capture_output=True).returncode)
    left = subprocess.Popen(["sleep", "600"], start_new_session=True)
    print("left", left.pid, flush=True)
    sys.exit(int(sys.argv[1]))
""")


def run(*arguments, env=None, blocked=()):
    """The runner, started with `blocked` signals blocked, as a test runner may start it."""
    return subprocess.run([sys.executable, "-m", "announcer.testing.headless", *arguments], capture_output=True, text=True,
                          timeout=120, env=env, preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, set(blocked)))


def test_the_command_runs_in_a_desktop_of_its_own_and_nothing_outlives_it():
    result = run("--", sys.executable, "-c", PROBE, "3", env=dict(os.environ, DISPLAY=":99", DBUS_SESSION_BUS_ADDRESS="unix:path=/x"))
    assert result.returncode == 3, result.stderr      # the command's own status
    said = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert said["display"] != ":99" and said["display"].startswith(":")
    assert said["bus"] != "unix:path=/x"
    assert said["a11y"] == "True"
    assert said["qt"] == "1 gtk atspi"
    assert said["xdpyinfo"] == "0"
    # What the command started in a session of its own went with the desktop.
    assert not alive(int(said["left"]))


def test_sigusr1_gives_a_new_accessibility_bus():
    script = textwrap.dedent("""
        import os, signal, subprocess, time
        def address():
            return subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                   "org.a11y.Bus.GetAddress"], capture_output=True, text=True, timeout=10).stdout
        first = address()
        os.kill(int(os.environ["ANNOUNCER_HEADLESS_PID"]), signal.SIGUSR1)
        for _ in range(400):
            second = address()
            if "unix:" in second and second != first:
                break
            time.sleep(0.05)
        print("unix:" in first, "unix:" in second, first != second)
    """)
    # Blocked by whoever started the runner, the signal still reaches it.
    result = run("--", sys.executable, "-c", script, blocked=(signal.SIGUSR1, signal.SIGTERM))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True", "True"]


def test_no_command_and_a_command_not_found_are_clear_errors():
    result = run()
    assert result.returncode == 2 and "a command to run is needed" in result.stderr
    result = run("--", "no-such-program-here")
    assert result.returncode == 127 and "cannot run no-such-program-here" in result.stderr


def test_the_screen_reader_runs_in_it_and_sigusr2_gives_a_new_announcerd(tmp_path, announcerd, announcer_atspi):
    spoken = tmp_path / "spoken"
    script = textwrap.dedent("""
        import os, signal, socket, time
        def answers():
            probe = socket.socket(socket.AF_UNIX)
            try:
                probe.connect(os.environ["ANNOUNCER_SOCKET"])
                probe.sendall(b'{"type":"announce","text":"Hello","id":1}\\n')
                return b'"ok"' in probe.recv(4096)
            finally:
                probe.close()
        restarts = os.environ["ANNOUNCER_HEADLESS_RESTARTS"]
        first = int(os.environ["ANNOUNCERD_PID"])
        def heard(times):
            # A daemon's words reach the text sink once its speech worker has started and spoken
            # them: waited for (at most 20 s), since the daemon answers "ok" before it speaks.
            for _ in range(400):
                if open(SPOKEN).read().count("Hello") >= times:
                    return
                time.sleep(0.05)
        print("answers", answers())
        print("listening", "listening to the accessibility bus" in open(os.environ["ANNOUNCER_ATSPI_LOG"]).read())
        # The first daemon killed before it spoke would take its words with it (on a loaded
        # machine CI heard one Hello of two).
        heard(1)
        os.kill(int(os.environ["ANNOUNCER_HEADLESS_PID"]), signal.SIGUSR2)
        for _ in range(400):
            if open(restarts).read() == "announcerd\\n":
                break
            time.sleep(0.05)
        print("restarted", open(restarts).read().strip(), "old gone", not os.path.exists(f"/proc/{first}"))
        print("answers", answers())
        heard(2)
    """).replace("SPOKEN", repr(str(spoken)))
    result = run("--announcerd", announcerd, "--bridge", announcer_atspi, "--spoken", str(spoken), "--",
                 sys.executable, "-c", script)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["answers True", "listening True", "restarted announcerd old gone True", "answers True"]
    assert spoken.read_text().count("Hello") == 2     # the text sink's words, from both daemons


def test_orca_started_by_the_kit_neither_kills_another_orca_of_the_user_nor_refuses_to_start(tmp_path, announcerd):
    """`orca --replace` kills every process of the user named orca, whatever desktop it reads, and
    plain `orca` refuses to start beside one: a benchmark's Orca and a door suite's killed each
    other so, and the killed one fell silent. Here a process named orca runs (as another session's
    Orca, or the developer's own, would); the kit's Orca starts in a desktop of its own, says that
    it is on through announcerd's SSIP door, and the other is still running."""
    other_orca = tmp_path / "orca"
    shutil.copy("/bin/sleep", other_orca)
    other = subprocess.Popen([str(other_orca), "600"])
    (tmp_path / "desktop").mkdir()
    session = HeadlessSession(str(tmp_path / "desktop"), timeout=30)
    try:
        session.start()
        ssip, spoken = str(tmp_path / "ssip"), tmp_path / "spoken"
        session.start_daemon(announcerd, str(tmp_path / "socket"), ssip=ssip, output=str(spoken))
        home = tmp_path / "home"
        home.mkdir()
        reader = session.spawn("orca", orca.command(), extra={"SPEECHD_ADDRESS": f"unix_socket:{ssip}", "HOME": str(home)})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and reader.poll() is None and "SPEAK" not in spoken.read_text():
            time.sleep(0.05)
        assert "SPEAK" in spoken.read_text(), f"Orca never spoke (status {reader.poll()}): {session.read_log('orca')}"
        assert reader.poll() is None
        assert other.poll() is None, "the kit's Orca killed another process of the user named orca"
        assert orca.process_id(reader.pid) != reader.pid   # Orca itself, the command's child
    finally:
        other.kill()
        other.wait()
        session.close()


def test_the_bridge_says_the_focus_an_application_took_before_it_ran(tmp_path, announcerd, announcer_atspi):
    """A toolkit turns its accessibility on only once a screen reader speaks to it (at-spi2-atk),
    so a window that took the focus before the bridge ran (or before the bridge first spoke to
    it) sent no event of it: the bridge looks for the focus of each application it meets, here
    a GTK 3 window whose Compose button has the focus before announcer-atspi starts."""
    app = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Tests", "fixtures", "desktop", "gtk3_app.py")
    (tmp_path / "desktop").mkdir()
    session = HeadlessSession(str(tmp_path / "desktop"), timeout=30)
    try:
        session.start()
        spoken, socket_path = tmp_path / "spoken", str(tmp_path / "socket")
        session.start_daemon(announcerd, socket_path, output=str(spoken))
        window = session.spawn("app", ["/usr/bin/python3", app])

        def focused_window():
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(window.pid)], env=session.environment,
                                   capture_output=True, text=True).stdout.split()
            focus = subprocess.run(["xdotool", "getwindowfocus"], env=session.environment, capture_output=True, text=True).stdout.strip()
            return focus in found
        # Up once its window has the X input focus: the button took the focus when it was mapped.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not focused_window():
            time.sleep(0.05)
        assert focused_window(), session.read_log("app")
        session.start_bridge(announcer_atspi, socket_path)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "SPEAK focus" not in spoken.read_text():
            time.sleep(0.05)
        said = [line.split(" ", 3)[3] for line in spoken.read_text().splitlines() if line.startswith("SPEAK focus ")]
        assert said[:1] == ["Compose. Button."], (spoken.read_text(), session.read_log("announcer-atspi"))
    finally:
        session.close()


def test_no_orca_is_started_but_through_the_kit():
    """Every Orca of the tests and the benchmarks goes through announcer.testing.headless.orca:
    one started as `orca --replace` (or plain `orca`) anywhere would kill, or be refused beside,
    another session's. A scan of every file of the repository."""
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
    files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
    offenders = []
    for name in files:
        # The programs (and scripts with no suffix); the documents name `orca --replace` to say why not.
        if not name.endswith((".py", ".sh", ".swift")) and not name.startswith(("scripts/", "bench/", ".ci/")):
            continue
        if name.endswith(".md") or name == "clients/python/tests/test_headless.py":
            continue
        try:
            text = open(os.path.join(root, name), errors="replace").read()
        except (IsADirectoryError, FileNotFoundError):
            continue
        if name == "clients/python/announcer/testing/headless/orca.py":
            continue
        # What runs, not what a comment says of it.
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("#", "//", "///")))
        # `orca --replace`, a list whose first word is orca (Python, Swift), a shell line that runs orca.
        patterns = [r"orca --replace", r"\[\s*[\"']orca[\"']\s*,"]
        if not name.endswith((".py", ".swift")):
            patterns.append(r"(?m)^\s*(\w+=\S+\s+)*orca(\s|$)")
        for pattern in patterns:
            offenders += [f"{name}: {match.group(0).strip()!r}" for match in re.finditer(pattern, text)]
    assert offenders == []
