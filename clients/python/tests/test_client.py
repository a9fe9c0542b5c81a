"""`announcer.Client` against a real announcerd (the text:instant sink, a temporary socket)."""
import os
import pathlib
import re
import subprocess
import time

import pytest

from announcer import (ActivateEvent, AnnouncerError, Client, FinishedEvent, FocusEvent, SpeakingEvent,
                       default_socket_path)
from announcer.testing.daemon import PrivateDaemon


@pytest.fixture
def daemon(announcerd):
    # Up once it accepts a connection: its socket's file exists a moment before it listens, and
    # a client that came then was refused (one run in five on a loaded machine).
    with PrivateDaemon(announcerd=announcerd) as private:
        yield private.socket_path


def test_every_request_has_its_reply(daemon):
    with Client(socket=daemon) as client:
        assert client.hello("tests").type == "welcome"
        assert client.subscribe(["speaking", "finished"]).type == "ok"
        said = client.say("Build finished", priority="high")
        assert isinstance(said.utterance, int)
        events = []
        for event in client.events(timeout=5):
            events.append(event)
            if isinstance(event, FinishedEvent) and event.utterance == said.utterance:
                break
        assert SpeakingEvent(said.utterance, "Build finished", "high") in events
        assert FinishedEvent(said.utterance, "spoken") in events
        focused = client.focus({"label": "Wi-Fi", "value": "1", "traits": ["button", "switchButton"]})
        assert focused.utterance is not None and focused.hint is not None
        screen = client.screen([{"id": "a", "label": "Save", "traits": ["button"]},
                                {"id": "b", "label": "Cancel", "traits": ["button"]}])
        assert screen.element == "a"
        assert client.key("tab").element == "b"
        assert client.navigate("previous").element == "a"
        assert client.update([{"id": "b", "label": "Close", "traits": ["button"]}]).type == "ok"
        assert client.commands([{"id": "save", "title": "Save", "discoverabilityTitle": "Save", "key": "s",
                                 "modifiers": ["command"]}]).type == "ok"
        assert [shortcut["id"] for shortcut in client.shortcuts()] == ["save"]
        client.key("space")
        assert {"name": "German", "language": "de", "variant": "none"} in client.voices()
        assert client.say("softly", volume=0.5, rate=1.2).utterance is not None
        status = client.status()
        assert status["protocol"] == 1 and "counters" in status
        assert client.stop().type == "ok"
        owned = [event for event in client.events(timeout=0.5) if isinstance(event, (FocusEvent, ActivateEvent))]
        assert FocusEvent("a", None, None) in owned and ActivateEvent("b") in owned


def test_a_keyboard_client_hears_keys_in_its_hints(daemon):
    with Client(socket=daemon, hints="keyboard") as client:
        client.subscribe(["speaking"])
        focused = client.focus({"label": "Volume", "value": "50%", "traits": ["adjustable"]})
        for event in client.events(timeout=5):
            if isinstance(event, SpeakingEvent) and event.utterance == focused.hint:
                assert event.text == "Press Up or Down Arrow to adjust the value."
                break
        else:
            pytest.fail("the hint was not said")
        with pytest.raises(AnnouncerError) as refused:
            client.hello("tests", hints="mouse")
        assert refused.value.code == "invalid_field"


def test_errors_carry_the_daemons_code(daemon):
    with Client(socket=daemon) as client:
        with pytest.raises(AnnouncerError) as refused:
            client.focus({"label": "Play", "traits": ["buton"]})
        assert refused.value.code == "invalid_field"
        assert "buton" in refused.value.message
        with pytest.raises(AnnouncerError) as no_tree:
            client.update([{"id": "x", "label": "X"}])
        assert no_tree.value.code == "no_tree"
        # The connection lives on after an error.
        assert client.say("still here").utterance is not None


def test_a_daemon_that_is_not_running_is_a_clear_error(tmp_path):
    with pytest.raises(AnnouncerError) as unavailable:
        Client(str(tmp_path / "nothing-here"))
    assert unavailable.value.code == "unavailable"
    assert "is announcerd running?" in str(unavailable.value)


SOCKET_ENVIRONMENTS = {
    "everything set": {"ANNOUNCER_SOCKET": "/nonexistent/elsewhere", "XDG_RUNTIME_DIR": "/nonexistent/run", "HOME": "/nonexistent/home"},
    "a runtime directory": {"XDG_RUNTIME_DIR": "/nonexistent/run", "HOME": "/nonexistent/home"},
    "a runtime directory ending in a slash": {"XDG_RUNTIME_DIR": "/nonexistent/run/", "HOME": "/nonexistent/home"},
    "no runtime directory (su, ssh)": {"HOME": "/nonexistent/home"},
    "an empty runtime directory": {"XDG_RUNTIME_DIR": "", "HOME": "/nonexistent/home"},
    "an empty ANNOUNCER_SOCKET": {"ANNOUNCER_SOCKET": "", "XDG_RUNTIME_DIR": "/nonexistent/run"},
    "neither XDG_RUNTIME_DIR nor HOME": {},
}


def announce_socket(announce: str, environment: dict) -> "str | None":
    """The socket `announce` looks for under `environment`, read from its error (no daemon
    listens at any of these paths), or None when it finds no default."""
    result = subprocess.run([announce, "status"], env=dict(environment, PATH=os.environ.get("PATH", "")),
                            capture_output=True, text=True)
    assert result.returncode == 69, result.stderr
    prefix = "announce: cannot connect to announcerd at "
    if not result.stderr.startswith(prefix):
        assert "no default socket" in result.stderr
        return None
    return result.stderr[len(prefix):].split(": ", 1)[0]  # no path here holds ": "


def python_socket(monkeypatch, environment: dict) -> "str | None":
    for variable in ("ANNOUNCER_SOCKET", "XDG_RUNTIME_DIR", "HOME"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    try:
        return default_socket_path()
    except AnnouncerError as error:
        assert error.code == "unavailable" and "no default socket" in str(error)
        return None


@pytest.mark.parametrize("environment", SOCKET_ENVIRONMENTS.values(), ids=SOCKET_ENVIRONMENTS.keys())
def test_the_default_socket_is_the_one_announce_uses(monkeypatch, announce, environment):
    assert python_socket(monkeypatch, environment) == announce_socket(announce, environment)


def _spoken(client, reply):
    """The speaking event of the reply's utterance."""
    for event in client.events(timeout=5):
        if isinstance(event, SpeakingEvent) and event.utterance == reply.utterance:
            return event
    pytest.fail(f"utterance {reply.utterance} was not said")


@pytest.mark.parametrize("text, unit, said", [
    ("a", None, "a"),             # a character, the default unit
    (" ", "character", " "),      # the text as sent: the engine says a character by its name
    ("hello", "word", "hello"),
    ("ls -l", "line", "ls -l"),
])
def test_echo_says_what_was_typed_in_its_unit(daemon, text, unit, said):
    with Client(socket=daemon) as client:
        client.subscribe(["speaking"])
        echoed = client.echo(text, unit=unit)
        assert echoed.type == "ok" and echoed.utterance is not None
        event = _spoken(client, echoed)
        assert (event.text, event.kind) == (said, "echo")


def test_echo_refuses_nothing_to_echo_and_an_unknown_unit(daemon):
    with Client(socket=daemon) as client:
        for fields in ({"text": ""}, {"text": "a", "unit": "sentence"}):
            with pytest.raises(AnnouncerError) as refused:
                client.echo(**fields)
            assert refused.value.code == "invalid_field"


def test_window_says_its_title_and_role_once(daemon):
    with Client(socket=daemon) as client:
        client.subscribe(["speaking"])
        shown = client.window("Save changes?", role="dialog")
        event = _spoken(client, shown)
        assert (event.text, event.kind) == ("Save changes? Dialog.", "window")
        # The window said last, again: nothing to say.
        assert client.window("Save changes?", role="dialog").utterance is None
        assert _spoken(client, client.window("notes.txt")).text == "notes.txt"
        with pytest.raises(AnnouncerError) as refused:
            client.window("Untitled", role="sheet")
        assert refused.value.code == "invalid_field"


def test_settings_are_read_and_changed(daemon):
    with Client(socket=daemon) as client:
        assert client.settings()["rate"] == 175
        changed = client.settings(rate="up", typing_echo="words")
        assert changed["rate"] == 200 and changed["typing-echo"] == "words"
        with pytest.raises(AnnouncerError) as refused:
            client.settings(volume=900)
        assert refused.value.code == "invalid_field"
        assert client.settings()["volume"] == 100


def test_every_request_of_the_protocol_is_a_method():
    # The request table of docs/protocol.md: a row a request type, its name first.
    protocol = pathlib.Path(__file__).resolve().parents[3] / "docs" / "protocol.md"
    table = protocol.read_text().split("| `type` | fields | reply | effect |", 1)[1].split("\n\n", 1)[0]
    types = re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)
    assert "echo" in types and "window" in types
    for name in types:
        assert callable(getattr(Client, name, None)), f"Client has no method for {name}"


def test_posted_requests_reply_later_and_a_refusal_is_an_error(daemon):
    with Client(daemon) as client:
        first = client.post("announce", text="Saved")
        second = client.post("focus", element={"label": "Oops", "traits": ["buton"]})
        replies = []
        for _ in range(200):
            replies += client.posted_replies()
            if len(replies) == 2:
                break
            time.sleep(0.01)
        assert [reply.data.get("id") if not isinstance(reply, AnnouncerError) else reply.request_id for reply in replies] == [first, second]
        assert replies[0].type == "ok" and replies[0].utterance is not None
        assert isinstance(replies[1], AnnouncerError) and replies[1].code == "invalid_field"
        assert client.posted_replies() == []
