"""`announcer.testing.ScreenReader`: a virtual screen reader for pytest, with no audio."""
import subprocess
import time

import pytest

from announcer.testing import ScreenReader

DIALOG = [
    {"id": "title", "label": "Delete 3 files?", "traits": ["header"]},
    {"id": "delete", "label": "Delete", "traits": ["button"], "hint": "Deletes them for good"},
    {"id": "cancel", "label": "Cancel", "traits": ["button"]},
]


def test_a_screen_speaks_its_first_focus_and_keys_move_through_it():
    with ScreenReader(hint_delay_ms=0) as reader:
        reader.screen(DIALOG)
        assert reader.spoken == ["Delete. Button.", "Deletes them for good"]
        reader.clear()
        reader.press("tab")
        assert reader.last_spoken == "Cancel. Button."
        reader.press("tab", "shift")
        assert reader.spoken == ["Cancel. Button.", "Delete. Button.", "Deletes them for good"]
        reader.clear()
        reader.next()
        assert reader.spoken == ["Cancel. Button."]
        reader.previous()
        reader.previous()
        assert reader.last_spoken == "Delete 3 files? Heading."


def test_settle_waits_for_the_hint_and_a_delayed_announcement():
    with ScreenReader() as reader:   # the daemon's own 500 ms before a hint
        started = time.monotonic()
        reader.screen(DIALOG)
        assert reader.spoken == ["Delete. Button.", "Deletes them for good"]
        assert time.monotonic() - started >= 0.4
        reader.clear()
        reader.say("Three files deleted", delay_ms=300)
        assert reader.spoken == ["Three files deleted"]


def test_shape_shuffle_is_driven_by_keys_and_its_phrase_log_asserted(shape_shuffle):
    with ScreenReader(hint_delay_ms=0) as reader:
        game = subprocess.Popen([shape_shuffle, "--socket", reader.socket_path],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert reader.wait_for_speech() == "Settings. Button."
            reader.clear()
            for key in [("tab",), ("tab",), ("right",), ("z", "tab"), ("down",), ("space",)]:
                reader.press(*key)
            reader.wait_for_speech("Card 2 pinned.")    # the game's answer, in its own time
            assert reader.spoken == [
                "Circle level. Button. 1 of 3.",     # Tab: the level picker
                "Card 1. Button. List Start.",       # Tab: the cards
                "Card 2. Button.",                   # Right
                "Add 1 of 2.",                       # Tab-Z: the actions menu
                "Pin 2 of 2.",                       # Down
                "Card 2 pinned.",                    # Space: the game pins it and says so
            ]
        finally:
            game.terminate()
            game.wait()
