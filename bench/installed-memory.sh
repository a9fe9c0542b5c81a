#!/usr/bin/env bash
# Idle memory of the installed programs (the Debian package): /usr/bin/announcerd and its
# speech worker, idle after one utterance, 1 s after it and 10 s after it (past the idle trim,
# 5 s of quiet), as RSS, PSS and USS (bench/memory.py's figures). Prints one JSON line for each.
#   bench/installed-memory.sh [--sink null|speaker] [--bin DIR]     (default /usr/bin)
set -euo pipefail
sink=null bin=/usr/bin
while [ $# -gt 0 ]; do
    case $1 in
        --sink) sink=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        *) echo "usage: bench/installed-memory.sh [--sink null|speaker] [--bin DIR]" >&2; exit 64 ;;
    esac
done
[ -x "$bin/announcerd" ] || { echo "installed-memory: install the package first (scripts/package)" >&2; exit 69; }
work=$(mktemp -d /tmp/announcer-memory.XXXXXX)
chmod 700 "$work"
"$bin/announcerd" --socket "$work/socket" --sink "$sink" --log-level error &
daemon=$!
trap 'kill $daemon 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -S "$work/socket" ] && break; sleep 0.05; done
"$bin/announce" say "one utterance" --wait --socket "$work/socket"
/usr/bin/python3 "$(dirname "$0")/memory.py" stacks --announcer "$daemon" --after 1 10
