"""announcer-at-driver, end to end: a real GTK application in a private headless desktop with
announcerd and announcer-atspi, the server started as a user starts it, and a WebSocket client
that speaks to it as w3c/aria-at-automation-harness does (src/runner/at-driver.js)."""
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import time

import pytest

websockets_client = pytest.importorskip("websockets.sync.client")

import announcer
from announcer.at_driver import protocol
from announcer.testing import Desktop

ROOT = pathlib.Path(__file__).resolve().parents[3]
GTK3_APP = ["/usr/bin/python3", str(ROOT / "Tests" / "fixtures" / "desktop" / "gtk3_app.py")]
TIMEOUT = 10.0

TAB, SHIFT, INSERT, LEFT = "\ue004", "\ue008", "\ue016", "\ue012"


class Harness:
    """The harness's side: commands numbered from 0, each waiting for its response; what comes
    meanwhile as interaction.capturedOutput kept, in order."""

    def __init__(self, url):
        self.url = url
        self.next_id = 0
        self.captured = []

    def __enter__(self):
        self.socket = websockets_client.connect(self.url, open_timeout=TIMEOUT).__enter__()
        return self

    def __exit__(self, *error):
        self.socket.__exit__(*error)

    def close(self):
        self.socket.close()

    def receive(self, timeout=TIMEOUT):
        message = json.loads(self.socket.recv(timeout=timeout))
        if message.get("method") == "interaction.capturedOutput":
            self.captured.append(message["params"]["data"])
        return message

    def send_raw(self, text):
        """Sends any text; returns the first response or error that is not an event."""
        self.socket.send(text)
        while True:
            message = self.receive()
            if "method" not in message:
                return message

    def command(self, method, params=None):
        command_id = self.next_id
        self.next_id += 1
        self.socket.send(json.dumps({"id": command_id, "method": method, "params": {} if params is None else params}))
        while True:
            message = self.receive()
            if message.get("id") == command_id:
                return message

    def press(self, *keys):
        return self.command("interaction.userIntent", {"name": "pressKeys", "keys": list(keys)})

    def speech(self, count):
        """The next `count` utterances, waited for (at most TIMEOUT seconds each)."""
        while len(self.captured) < count:
            self.receive()
        said, self.captured = self.captured[:count], self.captured[count:]
        return said

    def press_and_hear(self, desktop, count, *keys):
        """Presses the keys through the session and returns the `count` utterances it captured:
        exactly what the desktop's own client heard announcerd say."""
        desktop.settle()   # what came before, heard and forgotten
        desktop.clear()
        assert self.press(*keys) == {"id": self.next_id - 1, "result": {}}
        said = self.speech(count)
        desktop.wait_for_speech(said[-1])
        assert said == desktop.spoken
        return said


def start_server(desktop, *more):
    """`python -m announcer.at_driver` on a free port, against the desktop's announcerd, display and
    bridge log; returns the process and its URL, once it says it is listening."""
    package = pathlib.Path(announcer.__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(package), os.environ.get("PYTHONPATH", "")]))
    server = subprocess.Popen([sys.executable, "-m", "announcer.at_driver", "--port", "0", "--socket", desktop.socket_path,
                               "--display", desktop.display, *more],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([server.stdout], [], [], TIMEOUT)
    line = server.stdout.readline() if ready else ""
    if "listening on ws://" not in line:
        server.kill()
        pytest.fail(f"announcer-at-driver did not start: {line!r} {server.communicate()[1]}")
    return server, line.split("listening on ")[1].split(" ")[0]


@pytest.fixture(scope="module")
def desktop(announcer_atspi):
    with Desktop(GTK3_APP) as running:
        yield running


@pytest.fixture(scope="module")
def server(desktop):
    process, url = start_server(desktop, "--bridge-log", desktop.bridge_log)
    yield url
    process.terminate()
    assert process.wait(timeout=TIMEOUT) == 0


@pytest.fixture
def harness(server):
    with Harness(server) as client:
        yield client


def test_keys_pressed_through_the_session_are_heard_as_captured_output(harness, desktop):
    started = harness.command("session.new", {"capabilities": {}})
    capabilities = started["result"]["capabilities"]
    assert (capabilities["atName"], capabilities["platformName"]) == ("announcer", "linux")
    with announcer.Client(desktop.socket_path) as client:
        assert capabilities["atVersion"] == client.status()["version"]
    assert len(started["result"]["sessionId"]) == 36

    remember = harness.press_and_hear(desktop, 2, TAB)
    assert remember == ["Remember me. Check Box. Not Checked.", "Press Space to toggle setting."]
    assert harness.press_and_hear(desktop, 2, TAB) == ["Name. Text Field.", "Press Space to edit."]
    # The screen reader's own chord: Insert held until announcer-atspi saw it, then Left (the
    # review's previous item).
    assert harness.press_and_hear(desktop, 2, INSERT, LEFT) == remember
    assert harness.press_and_hear(desktop, 2, SHIFT, TAB) == remember
    # The draft's name for the command until 2024, which older harnesses send.
    assert harness.command("interaction.pressKeys", {"keys": [" "]}) == {"id": harness.next_id - 1, "result": {}}
    checked = harness.speech(2)
    assert checked == ["Remember me. Check Box. Checked.", "Press Space to toggle setting."]
    assert harness.press_and_hear(desktop, 1, INSERT, "w") == ["Mail settings. " + checked[0]]


def test_a_second_session_is_refused_while_the_first_is_open(server):
    with Harness(server) as first, Harness(server) as second:
        assert "sessionId" in first.command("session.new", {"capabilities": {}})["result"]
        refused = second.command("session.new", {"capabilities": {}})
        assert refused["error"] == "session not created"
        assert "one session at a time" in refused["message"]
        assert first.command("session.new", {"capabilities": {}})["error"] == "session not created"
        # A client that goes ends its session: the next one may start one.
        first.close()
        deadline = time.monotonic() + TIMEOUT
        while "error" in (reply := second.command("session.new", {"capabilities": {}})):
            assert time.monotonic() < deadline, reply
        assert second.command("session.end")["result"] == {}
        assert second.command("session.new", {"capabilities": {}})["result"]["sessionId"]


@pytest.mark.parametrize("capabilities, error", [
    ({"alwaysMatch": {"atName": "NVDA"}}, "atName 'NVDA' was asked for; this is 'announcer'"),
    ({"alwaysMatch": {"platformName": "windows"}}, "platformName 'windows' was asked for; this is 'linux'"),
    ({"alwaysMatch": {"atVersion": ">=999"}}, "atVersion '>=999' was asked for"),
])
def test_capabilities_that_do_not_match_refuse_the_session(harness, capabilities, error):
    refused = harness.command("session.new", {"capabilities": capabilities})
    assert refused["error"] == "session not created" and error in refused["message"]


def test_matching_capabilities_are_answered_with_the_session(harness):
    asked = {"atName": "Announcer", "platformName": "linux", "atVersion": ">=0.1", "user-defined property": "kept"}
    capabilities = harness.command("session.new", {"capabilities": {"alwaysMatch": asked}})["result"]["capabilities"]
    assert capabilities["atName"] == "announcer" and capabilities["user-defined property"] == "kept"


@pytest.mark.parametrize("message, error, text", [
    ("not json", "invalid argument", "the message is not JSON"),
    ("[1, 2]", "invalid argument", "a command is a JSON object"),
    ('{"id": -1, "method": "session.new", "params": {}}', "invalid argument", "a command's id is a whole number"),
    ('{"id": 7, "method": "session.new"}', "invalid argument", "a command's params is an object"),
    ('{"id": 7, "method": "session.new", "params": {}}', "invalid argument", "capabilities, an object"),
    ('{"id": 7, "method": "browser.close", "params": {}}', "unknown command", "no command 'browser.close'"),
    ('{"id": 7, "method": "interaction.userIntent", "params": {"name": "pressKeys", "keys": ["\\ue004"]}}',
     "invalid session id", "send session.new first"),
])
def test_bad_messages_get_the_drafts_errors(harness, message, error, text):
    reply = harness.send_raw(message)
    assert reply["error"] == error and text in reply["message"]
    assert reply["id"] == (7 if '"id": 7' in message else None)


def test_a_binary_message_is_an_invalid_argument(harness):
    reply = harness.send_raw(b'{"id": 1, "method": "session.new", "params": {"capabilities": {}}}')
    assert reply == {"id": None, "error": "invalid argument",
                     "message": "a command is a text message holding JSON, not binary"}


@pytest.mark.parametrize("params, error, text", [
    ({"name": "pressKeys", "keys": []}, "invalid argument", "keys is a list of one or more keys"),
    ({"name": "pressKeys", "keys": "\ue004"}, "invalid argument", "keys is a list"),
    ({"name": "pressKeys", "keys": ["Tabulator"]}, "invalid argument", "'Tabulator' is not a key"),
    ({"name": "pressKeys", "keys": ["\ue000"]}, "invalid argument", "Unidentified key"),
    ({"name": "pressKeys", "keys": ["\ue0ff"]}, "invalid argument", "U+E0FF is not one of WebDriver's key code points"),
    ({"name": "pressKeys", "keys": ["a"] * 9}, "invalid argument", "at most 8 are pressed together"),
    ({"name": "nvda:speak"}, "unknown user intent", "no user intent 'nvda:speak'"),
])
def test_bad_keys_are_refused_before_any_is_pressed(harness, params, error, text):
    harness.command("session.new", {"capabilities": {}})
    reply = harness.command("interaction.userIntent", params)
    assert reply["error"] == error and text in reply["message"]


def test_settings_say_announcer_offers_none(harness):
    harness.command("session.new", {"capabilities": {}})
    assert harness.command("settings.getSupportedSettings")["result"] == {"settings": []}
    for method, setting in (("settings.getSettings", {"name": "speed"}), ("settings.setSettings", {"name": "speed", "value": 0.8})):
        refused = harness.command(method, {"settings": [setting]})
        assert refused["error"] == "invalid argument"
        assert "'speed' is not a setting Announcer offers" in refused["message"]
    assert harness.command("settings.setSettings", {"settings": []})["error"] == "invalid argument"


def test_the_endpoint_is_session_alone(server):
    with pytest.raises(Exception, match="404"):
        websockets_client.connect(server.replace("/session", "/other"), open_timeout=TIMEOUT)


def test_without_the_bridge_log_insert_is_held_briefly_and_still_reaches_the_bridge(desktop):
    process, url = start_server(desktop)
    try:
        with Harness(url) as harness:
            harness.command("session.new", {"capabilities": {}})
            said = harness.press_and_hear(desktop, 1, INSERT, "w")
            assert said[0].startswith("Mail settings. ")   # the window, then the focus
    finally:
        process.terminate()
        assert process.wait(timeout=TIMEOUT) == 0


@pytest.mark.parametrize("available, wanted, matches", [
    ("0.1.0", "0.1.0", True), ("0.1.0", "0.1", True), ("0.1.0", "0.2", False), ("0.1.0", ">=0.1", True),
    ("0.1.0", ">0.1", False), ("0.1.0", ">=0.1, <1", True), ("0.1.0", "<0.1.0", False), ("0.1.0", "<=0.1", True),
    ("0.1.0", "latest", False),
])
def test_versions_are_compared_number_by_number(available, wanted, matches):
    assert protocol.version_matches(available, wanted) is matches


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (Debian's nodejs)")
def test_a_javascript_client_as_the_harness_is_written_hears_the_same(server, desktop):
    desktop.settle()
    desktop.clear()
    script = pathlib.Path(__file__).resolve().parent / "node" / "at_driver_client.mjs"
    result = subprocess.run(["node", "--experimental-websocket", str(script), server, json.dumps([SHIFT, TAB]), "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=TIMEOUT * 2)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["session"]["result"]["capabilities"]["atName"] == "announcer"
    assert answer["pressed"] == {"id": 1, "result": {}}
    # Where the focus goes depends on the tests before; what was said is the daemon's own word.
    desktop.wait_for_speech(answer["captured"][0])
    assert answer["captured"] == desktop.spoken[:1]
