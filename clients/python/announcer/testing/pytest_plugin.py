"""The pytest plugin (entry point `pytest11`): factories that start a test's screen reader,
terminal or desktop and close it when the test ends, and `assert_spoken`, which compares what
was said with a snapshot beside the test:

    def test_the_menu(terminal, assert_spoken):
        menu = terminal(["python3", "menu.py"])
        menu.press("Down")
        assert_spoken(menu.spoken, "menu")      # __snapshots__/menu.txt

`pytest --announcer-update` writes the snapshots anew; review them like code."""
from __future__ import annotations

import pathlib
import re
from typing import Any, Callable, Iterator, List, Optional, Sequence

import pytest

from . import snapshots
from .desktop import Desktop
from .screen_reader import ScreenReader
from .terminal import Terminal

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("announcer")
    group.addoption("--announcer-update", action="store_true", default=False,
                    help="write the snapshots that assert_spoken compares with, instead of comparing")


def _factory(kind: Callable[..., Any], started: Optional[List[Any]] = None) -> Iterator[Callable[..., Any]]:
    """A fixture's factory of sessions of `kind`, each started and kept in `started` (a new
    list unless given), closed, newest first, when the test ends."""
    started = [] if started is None else started

    def start(*arguments: Any, **options: Any) -> Any:
        session = kind(*arguments, **options)
        session.start()
        started.append(session)
        return session

    yield start
    for session in reversed(started):
        session.close()


@pytest.fixture
def screen_reader() -> Iterator[Callable[..., ScreenReader]]:
    """`screen_reader(**options)`: a started `ScreenReader`, closed when the test ends."""
    yield from _factory(ScreenReader)


@pytest.fixture
def terminal() -> Iterator[Callable[..., Terminal]]:
    """`terminal(argv, columns=80, rows=24, env=None, **options)`: a started `Terminal`."""
    yield from _factory(Terminal)


_DESKTOPS = pytest.StashKey[List[Desktop]]()


@pytest.fixture
def desktop(request: Any) -> Iterator[Callable[..., Desktop]]:
    """`desktop(argv, **options)`: a started `Desktop`. When the test fails, its report has
    each session's logs (what was spoken, what the application, the bridge and announcerd
    printed) as a section of its own."""
    sessions: List[Desktop] = []
    request.node.stash[_DESKTOPS] = sessions
    yield from _factory(Desktop, sessions)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for number, session in enumerate(item.stash.get(_DESKTOPS, []), start=1):
        if session.running:
            report.sections.append((f"announcer desktop session {number}", session.describe_logs()))


@pytest.fixture
def assert_spoken(request: Any) -> Callable[[Sequence[str], str], None]:
    """`assert_spoken(spoken, name)`: `spoken` must be exactly the lines of
    `__snapshots__/NAME.txt` beside the test file; a unified diff when not."""
    folder = pathlib.Path(str(request.node.fspath)).parent / "__snapshots__"
    update = bool(request.config.getoption("announcer_update"))

    def check(spoken: Sequence[str], name: str) -> None:
        if not _NAME.fullmatch(name):
            raise ValueError(f"a snapshot's name is letters, digits, '.', '_' and '-': {name!r}")
        difference = snapshots.difference(list(spoken), folder / f"{name}.txt", update=update)
        if difference is not None:
            pytest.fail(difference, pytrace=False)

    return check
