"""audit.py's comparison of the judge's verdicts with a person's, on a table.

    python3 -m pytest bench/aria-at/test_audit.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from audit import compare, report  # noqa: E402


def k(assertion: str, command: str = "x"):
    return ("firefox", "checkbox", "navForwardsToNotCheckedCheckbox", command, "browse", assertion)


def test_the_judge_more_lenient_than_the_person_is_told_apart_from_stricter():
    judged = {k("role"): True, k("name"): True, k("state"): False, k("role", "tab"): True}
    person = {k("role"): True, k("name"): False, k("state"): True, k("role", "tab"): True, k("other"): False}
    split = compare(judged, person)
    assert split["agree"] == sorted([k("role"), k("role", "tab")])
    assert split["lenient"] == [k("name")]
    assert split["strict"] == [k("state")]
    assert split["unjudged"] == [k("other")]


def test_the_report_counts_commands_and_lists_each_disagreement_with_what_was_said():
    judged = {k("role"): True, k("name"): True}
    person = {k("role"): True, k("name"): False}
    text = report(compare(judged, person), {k("name"): ["Lettuce. Check Box."]}, {k("name"): "another box's name"})
    assert text.startswith("1 commands, 2 MUST and SHOULD assertions judged by both: the judge agrees on 1 (50.0%); more lenient on 1")
    assert "The judge passes, the person fails:" in text
    assert "name — person: another box's name — said: Lettuce. Check Box." in text
