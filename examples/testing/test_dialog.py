"""What a screen reader says for the delete dialog, asserted from pytest."""
from announcer.testing import ScreenReader

DIALOG = [
    {"id": "title", "label": "Delete 3 files?", "traits": ["header"]},
    {"id": "delete", "label": "Delete", "hint": "Deletes them for good", "traits": ["button"]},
    {"id": "cancel", "label": "Cancel", "traits": ["button"]},
]


def test_the_dialog_starts_on_cancel_and_reads_its_buttons():
    with ScreenReader(hint_delay_ms=0) as reader:
        reader.screen(DIALOG, focus="cancel")
        assert reader.spoken == ["Cancel. Button."]
        reader.clear()
        reader.press("tab", "shift")
        assert reader.spoken == ["Delete. Button.", "Deletes them for good"]
        reader.previous()
        assert reader.last_spoken == "Delete 3 files? Heading."
