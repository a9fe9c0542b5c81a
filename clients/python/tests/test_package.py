"""The package needs nothing but Python's standard library, and keeps to Python 3.9: only the
pytest plugin imports pytest, and pytest alone loads it."""
import ast
import pathlib
import sys

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "announcer"


def imported_modules():
    for path in PACKAGE.rglob("*.py"):
        if path.name == "pytest_plugin.py":
            continue
        tree = ast.parse(path.read_text(), filename=str(path), feature_version=(3, 9))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                yield from (alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                yield node.module.split(".")[0]


def test_only_the_standard_library_is_imported():
    outside = {name for name in imported_modules() if name not in sys.stdlib_module_names and name != "__future__"}
    assert outside == set()


def test_the_plugin_imports_only_pytest_besides():
    tree = ast.parse((PACKAGE / "testing" / "pytest_plugin.py").read_text(), feature_version=(3, 9))
    outside = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    outside |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 0}
    assert {name for name in outside if name not in sys.stdlib_module_names and name != "__future__"} == {"pytest"}


def test_it_is_typed():
    assert (PACKAGE / "py.typed").exists()
