"""`announcer.testing.Desktop`: a real GTK application in a private headless session, heard
through announcer-atspi, with real keys."""
import os
import pathlib
import struct
import sys
import time
import zlib

import pytest

from announcer import AnnouncerError
from announcer.testing import Desktop
from announcer.testing.headless import marked as _marked

ROOT = pathlib.Path(__file__).resolve().parents[3]

GTK3_APP = ["/usr/bin/python3", str(ROOT / "Tests" / "fixtures" / "desktop" / "gtk3_app.py")]


@pytest.fixture(autouse=True)
def bridge(announcer_atspi):
    return announcer_atspi


def test_tab_space_typing_and_the_review_say_their_exact_words():
    with Desktop(GTK3_APP) as desktop:
        # Up once it has spoken: its first focus (and its window's title, as it is activated).
        assert "Compose. Button." in desktop.spoken
        desktop.clear()
        assert desktop.press("Tab") == ["Remember me. Check Box. Not Checked.", "Press Space to toggle setting."]
        assert desktop.press("Tab") == ["Name. Text Field.", "Press Space to edit."]
        # The review, not the focus: the item and its hint.
        assert desktop.press("Insert+Left") == ["Remember me. Check Box. Not Checked.", "Press Space to toggle setting."]
        assert desktop.press("Insert+Left") == ["Compose. Button."]
        assert desktop.press("Insert+Left") == ["Choose how mail is sent."]           # a label: never focused
        assert desktop.press("Insert+Page_Down") == ["Headings"]                      # the rotor
        assert desktop.press("Insert+Right") == ["No next heading"]
        assert desktop.press("Insert+w") == ["Mail settings. Name. Text Field."]     # the focus never moved
        assert desktop.type("hi") == ["h", "i"]
        assert desktop.press("shift+Tab") == ["Remember me. Check Box. Not Checked.", "Press Space to toggle setting."]
        assert desktop.press("space") == ["Remember me. Check Box. Checked.", "Press Space to toggle setting."]
        assert desktop.spoken[0] == "Remember me. Check Box. Not Checked."
        assert [kind for kind, _ in desktop.speech[:2]] == ["focus", "hint"]


def test_a_key_that_says_nothing_returns_after_the_silence():
    with Desktop(GTK3_APP, silence=1.0) as desktop:
        started = time.monotonic()
        assert desktop.press("shift") == []
        assert 1.0 <= time.monotonic() - started < 5.0


def test_wait_for_speech_fails_with_what_was_said():
    with Desktop(GTK3_APP) as desktop:
        desktop.clear()
        desktop.press("Tab")
        assert desktop.wait_for_speech("Check Box") == "Remember me. Check Box. Not Checked."
        with pytest.raises(AnnouncerError) as raised:
            desktop.wait_for_speech("Nowhere to be heard", timeout=0.5)
        assert raised.value.code == "timeout"
        assert "'Nowhere to be heard' was not spoken" in str(raised.value)
        assert "['Remember me. Check Box. Not Checked.', 'Press Space to toggle setting.']" in str(raised.value)


def png_pixels(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert (depth, kind) == (8, 2)
    chunks, offset = [], 8
    while offset < len(data):
        length, name = struct.unpack(">I4s", data[offset:offset + 8])
        chunks.append((name, data[offset + 8:offset + 8 + length]))
        offset += 12 + length
    raw = zlib.decompress(b"".join(body for name, body in chunks if name == b"IDAT"))
    stride = width * 3 + 1
    assert len(raw) == stride * height
    return width, height, {raw[row * stride + 1 + i:row * stride + 4 + i] for row in range(0, height, 8) for i in range(0, width * 3, 24)}


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11's")
def test_a_test_that_fails_in_a_session_is_told_what_its_programs_printed():
    with pytest.raises(AssertionError) as raised:
        with Desktop(GTK3_APP) as desktop:
            assert "listening to the accessibility bus" in desktop.logs()["announcer-atspi"]
            assert desktop.press("Tab") == ["something else"]
    notes = "\n".join(getattr(raised.value, "__notes__", []))
    assert "spoken in the desktop session: [" in notes and "Remember me. Check Box. Not Checked." in notes
    assert "announcer-atspi printed:\nannouncer-atspi: listening to the accessibility bus" in notes
    assert "announcerd printed:" in notes and "application printed:" in notes


def test_screenshot_writes_a_png_of_the_screen(tmp_path, monkeypatch):
    with Desktop(GTK3_APP, screen=(800, 600)) as desktop:
        desktop.screenshot(str(tmp_path / "screen.png"))
        width, height, colours = png_pixels(tmp_path / "screen.png")
        assert (width, height) == (800, 600)
        assert len(colours) > 2     # the window's face, its text and the black screen around it
        monkeypatch.setenv("PATH", str(tmp_path / "empty"))
        with pytest.raises(AnnouncerError, match="xwd not found: install the Debian package x11-apps"):
            desktop.screenshot(str(tmp_path / "again.png"))


@pytest.mark.parametrize("program, package", [("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("dbus-daemon", "dbus"),
                                              ("dbus-send", "dbus"), ("xwininfo", "x11-utils")])
def test_a_missing_program_names_the_debian_package(program, package, tmp_path, monkeypatch):
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in ("Xvfb", "xdotool", "dbus-daemon", "dbus-send", "xwininfo", "python3"):
        if name != program:
            os.symlink(f"/usr/bin/{name}", folder / name)
    monkeypatch.setenv("PATH", str(folder))
    with pytest.raises(AnnouncerError, match=f"^unavailable: {program} not found: install the Debian package {package}$"):
        Desktop(GTK3_APP).start()


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def command(pid):
    with open(f"/proc/{pid}/comm") as file:
        return file.read().strip()


def test_close_leaves_nothing_running_even_when_the_application_hangs():
    desktop = Desktop(GTK3_APP).start()
    processes = desktop.processes()
    names = {command(pid) for pid in processes}
    # The application, the bridge, Xvfb, the session bus, the accessibility bus launcher and
    # the bus and registry it starts.
    assert {"python3", "announcer-atspi", "Xvfb", "dbus-daemon", "at-spi-bus-laun", "at-spi2-registr"} <= names
    os.kill(desktop._application.pid, 19)    # SIGSTOP: it hangs
    directory = desktop.directory
    desktop.close()
    assert [pid for pid in processes if alive(pid)] == []
    assert [pid for pid in _marked(desktop._marker) if alive(pid)] == []
    assert not os.path.exists(directory)
    desktop.close()                            # twice is fine


def test_an_application_that_exits_says_what_it_printed():
    failing = [sys.executable, "-c", "import sys; print('cannot open the display, says the app', file=sys.stderr); sys.exit(3)"]
    desktop = Desktop(failing)
    with pytest.raises(AnnouncerError, match="exited with status 3 before it spoke; it printed:\ncannot open the display, says the app"):
        desktop.start()
    assert desktop.directory is None and [pid for pid in _marked(desktop._marker) if alive(pid)] == []


def test_an_application_that_never_speaks_times_out_with_what_it_printed():
    silent = [sys.executable, "-c", "import sys, time; print('starting up', file=sys.stderr, flush=True); time.sleep(60)"]
    started = time.monotonic()
    with pytest.raises(AnnouncerError, match="did not show a window within 2.0 s; spoken: \\[\\]; it printed:\nstarting up"):
        Desktop(silent, start_timeout=2.0).start()
    assert time.monotonic() - started < 10


def test_a_page_in_firefox_esr_is_read_with_a_fresh_profile(tmp_path):
    page = tmp_path / "page.html"
    page.write_text('<!DOCTYPE html><html lang="en"><title>Form</title><h1>Form</h1>'
                    '<p><button type="button">Send</button></p></html>')
    with Desktop.browser(str(page), browser="firefox") as desktop:   # up once its first item is said
        assert any("Form" in text for text in desktop.spoken)
        assert "Send. Button." in desktop.press("Tab")
        profile = os.path.join(str(desktop.directory), "profile", "user.js")
        assert 'user_pref("app.update.enabled", false);' in pathlib.Path(profile).read_text()


def test_a_browser_other_than_chromium_or_firefox_is_refused():
    with pytest.raises(ValueError, match="chromium or firefox"):
        Desktop.browser("page.html", browser="opera")
