"""Orca for a headless desktop: started so that it neither kills another Orca of the same user nor
refuses to start beside one.

Orca takes itself for its user's only screen reader, whatever desktop it reads: `orca --replace`
sends SIGKILL to every other process of the user named orca (`pgrep -u UID -x orca`), and without
`--replace` it refuses to start beside one. A test's or a benchmark's Orca reads a headless
desktop of its own, and two of them at once on one machine (a benchmark beside the door suites,
or two door suites) killed each other without a word: the killed one falls silent, its log
empty. A developer's own screen reader would be killed the same way. Started here, Orca runs in
a process namespace of its own (util-linux's unshare; no privilege is needed: a user namespace
maps the user to itself), where it sees no other Orca, so it kills none and starts beside any;
two started here never see each other. (An Orca started outside one, as a user's is, still sees
this one, as it sees every process of its user.)

    python3 -m announcer.testing.headless.orca [ORCA OPTION...]
"""
import os
import sys
from typing import List, Sequence


def command(arguments: Sequence[str] = ()) -> List[str]:
    """The command line that runs Orca with `arguments` in a process namespace of its own; Orca
    ends with the command (`--kill-child`)."""
    return ["unshare", "--user", "--map-current-user", "--pid", "--fork", "--mount-proc", "--kill-child",
            "orca", *arguments]


def process_id(launcher: int) -> int:
    """Orca's own process id (outside its namespace), from the id of the command that started
    it: its one child. The launcher's id when it has none (Orca not yet started, or ended)."""
    try:
        with open(f"/proc/{launcher}/task/{launcher}/children") as children:
            found = children.read().split()
    except OSError:
        return launcher
    return int(found[0]) if found else launcher


if __name__ == "__main__":
    argv = command(sys.argv[1:])
    os.execvp(argv[0], argv)
