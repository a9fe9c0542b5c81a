"""The adapters' shared rules (announcer.adapter): the typing echo's `typed`, and a Speaker that
never stops its application."""
import pytest

from announcer.adapter import HAND_BACK, HAND_OFF, Speaker, typed


@pytest.mark.parametrize("before, after, echoed", [
    ("", "a", "a"),                 # typed
    ("ad", "a", "d"),               # deleted at the end (Backspace)
    ("ad", "d", "a"),               # deleted at the start (Delete at 0)
    ("abc", "abXc", "X"),           # typed in the middle
    ("abc", "ac", "b"),             # deleted in the middle
    ("aa", "aaa", "a"),             # a repeated letter
    ("", "", ""),                   # nothing changed
    ("abc", "abd", ""),             # replaced: not a key's one character
    ("", "pasted", ""),             # a paste
    ("hello world", "hello ", ""),  # a word deleted
    ("abc", "xabcy", ""),           # two characters
])
def test_typed(before, after, echoed):
    assert typed(before, after) == echoed


def test_a_speaker_with_no_daemon_is_silent_and_hands_nothing_off(tmp_path):
    written, logged = [], []
    speaker = Speaker("test", str(tmp_path / "no-socket"), log=logged.append, write=written.append)
    speaker.send("announce", text="lost in silence")
    speaker.close()
    assert written == []
    assert len(logged) == 1 and "not speaking" in logged[0]


def test_a_speaker_hands_off_once_and_back_at_close(announcerd):
    from announcer.testing.daemon import PrivateDaemon
    written = []
    with PrivateDaemon(announcerd=announcerd) as daemon:
        speaker = Speaker("test", daemon.socket_path, write=written.append)
        speaker.send("announce", text="one")
        speaker.send("announce", text="two")
        speaker.close()
    assert written == [HAND_OFF, HAND_BACK]
