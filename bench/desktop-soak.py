#!/usr/bin/env python3
"""Desktop soak: announcer-atspi under random keys for a given time, over the desktop fixtures,
with applications killed, stopped and started again; then the books are checked.

    bench/desktop-soak.py --announcerd PATH --bridge PATH [--seconds 300] [--seed N]

One headless session (Tests/fixtures/desktop/session.sh, in the Python kit's headless desktop): the GTK 3
window of the review tests, a second GTK 3 window, and one that floods 500 changes a second.
Random keys go to whichever has the focus: Tab, arrows, Space, typing, the review's keys
(Insert+arrows, read all, where am I), and every few seconds an application is given the focus,
stopped and continued, or killed and started again. The bridge's resident memory is sampled
every few seconds. At the end: the bridge is still running, it spoke throughout (the last
window's focus after the last restart), and its memory did not grow (the last quarter's median
against the second quarter's, after the warm-up). Prints the RSS series and a verdict; exits 1
if any check fails.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "fixtures", "desktop")
KEYS = ["Tab", "shift+Tab", "Down", "Up", "Left", "Right", "space", "type:ab", "BackSpace",
        "Insert+Right", "Insert+Left", "Insert+Page_Down", "Insert+Page_Up", "Insert+Up", "Insert+Tab", "Insert+w", "Insert+t", "Insert+a", "Escape"]
# Applications 2 and 3 (1 is gtk3_app.py): what may be stopped, killed and started again.
OTHERS = ["gtk3_failures.py other", "gtk3_failures.py flood"]
KEY_DELAY = 0.25
# The most the bridge's memory may grow between the second and the last quarter.
GROWTH_LIMIT_KIB = 4096


def keys_for(seconds, rng):
    """The session's keys: about `seconds` of them, an RSS sample every 10 keys."""
    keys = [f"start:{app}" for app in OTHERS]
    elapsed = 6.0  # the starts
    count = 0
    while elapsed < seconds - 6:
        count += 1
        roll = rng.random()
        if roll < 0.06:
            keys.append(f"focus:{rng.randrange(1, 4)}")
        elif roll < 0.08:
            number = rng.randrange(2, 4)
            keys += [f"stop:{number}", f"focus:{rng.randrange(1, 4)}", rng.choice(KEYS), f"cont:{number}"]
            elapsed += 2 * KEY_DELAY
        elif roll < 0.095:
            keys.append(f"restart:{rng.randrange(2, 4)}")
            elapsed += 2.0
        else:
            keys.append(rng.choice(KEYS))
        elapsed += KEY_DELAY
        if count % 10 == 0:
            keys.append("rss")
    # The end: every application answers, one more restart, and its focus must be spoken.
    keys += ["cont:2", "cont:3", "restart:2", "focus:2", "Tab", "rss"]
    return keys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--announcerd", required=True)
    parser.add_argument("--bridge", required=True)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    keys = keys_for(args.seconds, rng)
    home = tempfile.mkdtemp(prefix="desktop-soak-")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/.config", XDG_CACHE_HOME=f"{home}/.cache",
               KEY_DELAY=str(KEY_DELAY), SESSION_SECONDS=str(int(args.seconds + 60)))
    command = [os.path.join(FIXTURES, "session.sh"), os.path.abspath(args.announcerd),
               os.path.abspath(args.bridge), os.path.join(FIXTURES, "gtk3_app.py")] + keys
    print(f"desktop-soak: {len(keys)} keys over about {args.seconds:.0f} s (seed {args.seed})", flush=True)
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=args.seconds + 240)
    subprocess.run(["rm", "-rf", home])
    lines = result.stdout.splitlines()
    samples = [line.split()[2] for line in lines if re.match(r"^MARK rss ", line)]
    spoken = sum(1 for line in lines if line.startswith("SPEAK "))
    failures = []
    if not samples or "gone" in samples:
        failures.append("the bridge died" if "gone" in samples else "no memory sample was taken")
    series = [int(sample) for sample in samples if sample != "gone"]
    print(f"desktop-soak: spoke {spoken} utterances; bridge RSS (KiB) every 10 keys: {' '.join(map(str, series))}")
    if len(series) >= 8:
        quarter = len(series) // 4
        early = statistics.median(series[quarter:2 * quarter])
        late = statistics.median(series[-quarter:])
        print(f"desktop-soak: median RSS {early:.0f} KiB in the second quarter, {late:.0f} KiB in the last ({late - early:+.0f} KiB)")
        if late - early > GROWTH_LIMIT_KIB:
            failures.append(f"the bridge's memory grew by {late - early:.0f} KiB")
    else:
        failures.append(f"only {len(series)} memory samples")
    if not any(re.match(r"^SPEAK focus [0-9]+ (Other|Second)\. Button\.$", line) for line in lines[-40:]):
        failures.append("the restarted window's focus was not spoken at the end")
    if failures:
        print("desktop-soak: FAILED: " + "; ".join(failures))
        sys.stderr.write(result.stderr[-4000:])
        return 1
    print("desktop-soak: passed: the bridge stayed up, spoke to the end, and its memory stayed flat")
    return 0


if __name__ == "__main__":
    sys.exit(main())
