"""The pytest plugin, loaded through its `pytest11` entry point as a user's pytest loads it:
the fixtures, `assert_spoken` against `__snapshots__/`, its diff, and `--announcer-update`."""
import pathlib
import subprocess
import sys
import textwrap

GTK3_APP = pathlib.Path(__file__).resolve().parents[3] / "Tests" / "fixtures" / "desktop" / "gtk3_app.py"

TEST = textwrap.dedent('''
    def test_the_dialog(screen_reader, assert_spoken):
        reader = screen_reader(hint_delay_ms=0)
        reader.screen([{"id": "ok", "label": "OK", "traits": ["button"]},
                       {"id": "cancel", "label": "Cancel", "hint": "Closes it", "traits": ["button"]}])
        reader.press("tab")
        assert_spoken(reader.spoken, "dialog")
''')


def pytest_in(directory, *arguments):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *arguments, str(directory)],
                          capture_output=True, text=True, cwd=directory)


def test_snapshots_are_written_compared_and_shown_as_a_diff(tmp_path):
    (tmp_path / "test_dialog.py").write_text(TEST)
    snapshot = tmp_path / "__snapshots__" / "dialog.txt"

    missing = pytest_in(tmp_path)
    assert missing.returncode == 1
    assert f"no snapshot at {snapshot}: run pytest --announcer-update to write it" in missing.stdout

    written = pytest_in(tmp_path, "--announcer-update")
    assert written.returncode == 0, written.stdout
    assert snapshot.read_text() == "OK. Button.\nCancel. Button.\nCloses it\n"
    assert pytest_in(tmp_path).returncode == 0

    snapshot.write_text("OK. Button.\nCancel.\nCloses it\n")
    differs = pytest_in(tmp_path)
    assert differs.returncode == 1
    assert f"what was said differs from {snapshot} (pytest --announcer-update rewrites it):" in differs.stdout
    assert f"--- {snapshot}\n+++ spoken now\n@@ -1,3 +1,3 @@\n OK. Button.\n-Cancel.\n+Cancel. Button.\n Closes it\n" in differs.stdout


def test_the_option_is_in_pytests_help(tmp_path):
    shown = subprocess.run([sys.executable, "-m", "pytest", "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert "--announcer-update" in shown.stdout


def test_a_snapshot_name_must_be_a_plain_file_name(tmp_path):
    (tmp_path / "test_name.py").write_text(TEST.replace('"dialog"', '"../escape"'))
    result = pytest_in(tmp_path, "--announcer-update")
    assert result.returncode == 1
    assert "a snapshot's name is letters, digits" in result.stdout
    assert not (tmp_path / "escape.txt").exists()


def test_the_snapshot_escapes_what_would_break_a_line():
    from announcer.testing.snapshots import snapshot_text

    assert snapshot_text(["Main menu\nNew game", "back\\slash", "tab\there", "bell\x07", "plain"]) == (
        "Main menu\\nNew game\nback\\\\slash\ntab\\there\nbell\\u0007\nplain\n")


def test_a_failing_desktop_test_reports_what_the_sessions_programs_printed(tmp_path):
    (tmp_path / "test_window.py").write_text(textwrap.dedent(f'''
        def test_the_window(desktop):
            window = desktop(["/usr/bin/python3", {str(GTK3_APP)!r}])
            assert window.press("Tab") == ["something else"]
    '''))
    result = pytest_in(tmp_path)
    assert result.returncode == 1
    assert "announcer desktop session 1" in result.stdout
    assert "announcer-atspi printed:\nannouncer-atspi: listening to the accessibility bus" in result.stdout
    assert "spoken in the desktop session: [" in result.stdout and "Remember me. Check Box. Not Checked." in result.stdout
