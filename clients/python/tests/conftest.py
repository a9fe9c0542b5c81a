"""The built binaries: ANNOUNCERD, ANNOUNCE, SHAPE_SHUFFLE and ANNOUNCER_ATSPI (scripts/python-test sets them),
else the package's debug build."""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def built(name: str, variable: str) -> str:
    path = os.environ.get(variable) or str(ROOT / ".build" / "debug" / name)
    if not os.access(path, os.X_OK):
        pytest.fail(f"{name} is not built at {path}: run `swift build` or set {variable}")
    return path


@pytest.fixture(scope="session", autouse=True)
def announcerd() -> str:
    path = built("announcerd", "ANNOUNCERD")
    os.environ["ANNOUNCERD"] = path
    return path


@pytest.fixture(scope="session")
def shape_shuffle() -> str:
    return built("shape-shuffle", "SHAPE_SHUFFLE")


@pytest.fixture(scope="session")
def announce() -> str:
    return built("announce", "ANNOUNCE")


@pytest.fixture(scope="session")
def announcer_atspi() -> str:
    path = built("announcer-atspi", "ANNOUNCER_ATSPI")
    os.environ["ANNOUNCER_ATSPI"] = path
    return path
