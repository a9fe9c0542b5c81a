"""score.py's pieces that need no browser: what is judged of where am I, and runs merged.

    python3 -m pytest bench/aria-at/test_score.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from commands import keys  # noqa: E402
from plans import PLANS  # noqa: E402
from score import judged, recorded  # noqa: E402


def test_the_window_title_where_am_i_says_first_is_not_judged():
    assert judged(["Link Example 1 - Chromium. W3C website. Link.", "Example page — Mozilla Firefox. Mute. Toggle Button.",
                   "Hello"]) == ["W3C website. Link.", "Mute. Toggle Button.", "Hello"]


def test_a_later_run_of_a_plan_replaces_the_earlier(tmp_path):
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps({"records": [{"browser": "chromium", "plan": "alert", "said": ["old"]},
                                             {"browser": "chromium", "plan": "checkbox", "said": ["kept"]}]}))
    second.write_text(json.dumps({"records": [{"browser": "chromium", "plan": "alert", "said": ["new"]}]}))
    assert [record["said"] for record in recorded([str(first), str(second)])] == [["kept"], ["new"]]


def test_every_nvda_command_of_the_plans_has_an_announcer_key():
    for plan in PLANS.values():
        for test in plan.tests:
            for command in test.commands:
                assert keys(command.keys)
