"""The package needs nothing but Python's standard library, and keeps to Python 3.9: only the
pytest plugin imports pytest, and pytest alone loads it; only the AT Driver server imports
websockets, the package's one extra (`pip install announcer[at-driver]`); only the Textual
adapter imports Textual (`announcer[textual]`), and only the prompt_toolkit adapter prompt_toolkit
(`announcer[prompt_toolkit]`)."""
import ast
import pathlib
import sys

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "announcer"
PYTEST_PLUGIN = PACKAGE / "testing" / "pytest_plugin.py"
AT_DRIVER_SERVER = PACKAGE / "at_driver" / "server.py"
TEXTUAL_ADAPTER = PACKAGE / "textual.py"
PROMPT_TOOLKIT_ADAPTER = PACKAGE / "prompt_toolkit.py"


def imported_modules(path):
    tree = ast.parse(path.read_text(), filename=str(path), feature_version=(3, 9))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def outside_the_standard_library(path):
    return {name for name in imported_modules(path) if name not in sys.stdlib_module_names and name != "__future__"}


def test_only_the_standard_library_is_imported():
    outside = {name for path in PACKAGE.rglob("*.py") if path not in (PYTEST_PLUGIN, AT_DRIVER_SERVER, TEXTUAL_ADAPTER, PROMPT_TOOLKIT_ADAPTER)
               for name in outside_the_standard_library(path)}
    assert outside == set()


def test_the_plugin_imports_only_pytest_besides():
    assert outside_the_standard_library(PYTEST_PLUGIN) == {"pytest"}


def test_the_at_driver_server_imports_only_websockets_besides():
    assert outside_the_standard_library(AT_DRIVER_SERVER) == {"websockets"}


def test_the_textual_adapter_imports_only_textual_besides():
    assert outside_the_standard_library(TEXTUAL_ADAPTER) == {"textual"}


def test_the_prompt_toolkit_adapter_imports_only_prompt_toolkit_besides():
    assert outside_the_standard_library(PROMPT_TOOLKIT_ADAPTER) == {"prompt_toolkit"}


def test_it_is_typed():
    assert (PACKAGE / "py.typed").exists()
