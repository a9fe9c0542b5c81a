"""What a screen reader says of a real GTK 4 dialog, asserted from pytest: the desktop door
(announcer-atspi) hears the application in a private headless session."""
import pathlib

HERE = pathlib.Path(__file__).parent


def test_the_delete_dialog_reads_its_message_and_buttons(desktop, assert_spoken):
    # python3-gi is Debian's, for Debian's own Python.
    app = desktop(["/usr/bin/python3", str(HERE / "delete_dialog.py")])   # up once it has spoken
    app.press("Return")          # the dialog opens, the focus on Cancel
    app.press("Insert+Left")     # the review reads its message, which never takes the focus
    app.press("Insert+t")        # the window's title
    app.press("Tab")
    app.press("Return")          # deleted: the dialog closes, the focus is back in the window
    app.press("Insert+Left")     # the window's line of text, changed
    assert_spoken(app.spoken, "delete_dialog")
