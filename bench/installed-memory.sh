#!/usr/bin/env bash
# Idle memory of the installed programs (the Debian package): /usr/bin/announcerd and its
# speech worker, idle after one utterance, as resident size (RSS) and proportional set size
# (PSS: shared pages divided among the processes that map them). Prints one JSON line.
#   bench/installed-memory.sh [--sink null|speaker]     (the package must be installed)
set -euo pipefail
sink=null
[ "${1:-}" = "--sink" ] && sink=$2
[ -x /usr/bin/announcerd ] || { echo "installed-memory: install the package first (scripts/package)" >&2; exit 69; }
work=$(mktemp -d /tmp/announcer-memory.XXXXXX)
chmod 700 "$work"
/usr/bin/announcerd --socket "$work/socket" --sink "$sink" --log-level error &
daemon=$!
trap 'kill $daemon 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -S "$work/socket" ] && break; sleep 0.05; done
/usr/bin/announce say "one utterance" --wait --socket "$work/socket"
sleep 1
worker=$(cat /proc/$daemon/task/*/children)
field() { awk -v name="$2:" '$1 == name {print $2}' "/proc/$1/status"; }
pss() { awk '/^Pss:/ {sum += $2} END {print sum}' "/proc/$1/smaps"; }
echo "{\"measure\": \"installed announcerd + worker idle after one utterance (KiB)\", \"sink\": \"$sink\", \"rss\": $(( $(field $daemon VmRSS) + $(field $worker VmRSS) )), \"pss\": $(( $(pss $daemon) + $(pss $worker) )), \"anonymous\": $(( $(field $daemon RssAnon) + $(field $worker RssAnon) )), \"daemon_rss\": $(field $daemon VmRSS), \"worker_rss\": $(field $worker VmRSS)}"
