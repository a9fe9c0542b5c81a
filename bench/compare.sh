#!/usr/bin/env bash
# Announcer against speech-dispatcher, side by side in one run, on the same machine, the same
# espeak-ng and the same PulseAudio null sink. Installs what it needs, starts a private
# PulseAudio, speech-dispatcher and announcerd, and prints one JSON line per figure.
#
#   bench/compare.sh [--trials N] [--out FILE] [--only PART | --skip PART] [--bin DIR]
#
# (default 15 trials; results also in FILE; --bin: the release binaries already built there,
# so that nothing is built and no build lock is waited for). --only runs some parts after the same set-up, in
# their usual order, and --skip every usual part but those named (CI runs the web part beside
# one stage and the rest beside another): one or more of latency, languages, terminal, desktop, braille, tab-title,
# review, web, web-chromium, textual, throughput, memory and wakeups, separated by commas
# (web-chromium and textual only when named: textual, bench/textual_form.py, installs Textual
# from PyPI; languages, latency's two languages in one utterance alone, and braille,
# bench/braille.py, Tab → the new focus's cells on BRLTTY's virtual display, only when named). wakeups
# (bench/wakeups.py) is both idle stacks' wake-ups a second. memory
# (bench/memory.py) is RSS, PSS and USS of both stacks idle, the 10,000-utterance run, and the
# desktop stacks (announcerd + worker + announcer-atspi against speech-dispatcher + its module +
# Orca) in a headless desktop of their own.
#
# CI runs `bench/compare.sh --trials 1` as a smoke test, with no thresholds.
set -euo pipefail
cd "$(dirname "$0")/.."
command="bench/compare.sh $*"
trials=15
out=""
only=""
skip=""
bin=""
while [ $# -gt 0 ]; do
    case $1 in
        --trials) trials=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --skip) skip=$2; shift 2 ;;
        --bin) bin=$(cd "$2" && pwd); shift 2 ;;
        *) echo "usage: bench/compare.sh [--trials N] [--out FILE] [--only PART | --skip PART] [--bin DIR]" >&2; exit 64 ;;
    esac
done
if [ -n "$only" ] && [ -n "$skip" ]; then echo "compare: --only and --skip do not go together" >&2; exit 64; fi
for name in ${only//,/ } ${skip//,/ }; do
    case $name in
        latency|languages|terminal|desktop|braille|tab-title|review|web|web-chromium|textual|throughput|memory|wakeups) ;;
        *) echo "compare: --only and --skip take latency, languages, terminal, desktop, braille, tab-title, review, web, web-chromium, textual, throughput, memory and wakeups, separated by commas" >&2; exit 64 ;;
    esac
done
# part NAME: whether this run measures NAME (one of the usual parts).
part() { [[ ",$skip," != *",$1,"* ]] && { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }; }

./scripts/install-deps bench
source scripts/env.sh
if [ -z "$bin" ]; then
    for product in announcerd announcer-speech-worker announce announcer-bench announcer-atspi; do
        swift build -c release --product "$product" >&2
    done
    bin=$(swift build -c release --show-bin-path)
fi

work=$(mktemp -d /tmp/announcer-bench.XXXXXX)
export XDG_RUNTIME_DIR=$work/xdg HOME=$work/home
mkdir -p "$XDG_RUNTIME_DIR" "$HOME" && chmod 700 "$XDG_RUNTIME_DIR"
export PULSE_SERVER=unix:$XDG_RUNTIME_DIR/pulse/native
pids=()
# Only what this run started is stopped, by pid: its speech-dispatcher (bench/private-speechd,
# which finds it by the pid file in this run's runtime directory) and the pids recorded here.
cleanup() {
    bench/private-speechd stop "$XDG_RUNTIME_DIR" || true
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

pulseaudio -n --daemonize=no --exit-idle-time=-1 --log-target=file:"$work/pulse.log" \
    -L module-native-protocol-unix \
    -L "module-null-sink sink_name=announcer_bench sink_properties=device.description=announcer_bench" \
    -L module-always-sink >"$work/pulse.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl set-default-sink announcer_bench
# A stream of silence keeps the null sink at low latency for both daemons alike.
pacat --playback --raw --format=s16le --rate=22050 --channels=1 --latency-msec=20 \
    --device=announcer_bench /dev/zero >/dev/null 2>&1 &
pids+=($!)

bench/private-speechd start "$XDG_RUNTIME_DIR" >"$work/speechd.out" 2>&1 || true
spd-say -w "ready" >/dev/null 2>&1 || true
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
# announcerd with its speech worker (a child process): both count.
rss_tree() {
    local total child
    total=$(rss "$1")
    for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do total=$(( total + $(rss "$child") )); done
    echo "$total"
}
# speech-dispatcher's server plus its espeak-ng module, idle after one utterance (the cold-start
# trials below restart it, so it is measured here).
# The module can still be starting when the first `spd-say -w` returns: wait for it (5 s), and
# if it never appears say so and report null rather than stop the run.
speechd_server="" speechd_module=""
for _ in $(seq 50); do
    speechd_server=$(bench/private-speechd pid "$XDG_RUNTIME_DIR")
    speechd_module=$(bench/private-speechd pid "$XDG_RUNTIME_DIR" sd_espeak-ng)
    [ -n "$speechd_server" ] && [ -n "$speechd_module" ] && break
    spd-say -w "ready" >/dev/null 2>&1 || true
    sleep 0.1
done
if [ -n "$speechd_server" ] && [ -n "$speechd_module" ]; then
    speechd_rss=$(( $(rss "$speechd_server") + $(rss "$speechd_module") ))
else
    speechd_rss=null
    echo "compare: speech-dispatcher or its espeak-ng module is not running; its memory is not measured" >&2
fi

sock=$work/announcer.socket
"$bin/announcerd" --socket "$sock" --ssip "$work/announcer-ssip.sock" --sink speaker --log-level error &
announcerd=$!
pids+=($announcerd)
for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
"$bin/announce" say "ready" --wait --socket "$sock"
speaker_idle_rss=$(rss_tree "$announcerd")
# Both stacks idle 1 s and 10 s (past Announcer's idle trim) after one utterance each, RSS, PSS
# and USS side by side (bench/memory.py), measured now and printed with the memory part.
memory_idle=""
if part memory; then
    speechd_pids=()
    [ "$speechd_rss" != null ] && speechd_pids=(--speechd "$speechd_server" --module "$speechd_module")
    memory_idle=$(/usr/bin/python3 bench/memory.py stacks --announcer "$announcerd" "${speechd_pids[@]}" --after 1 10)
fi

results=$work/results.jsonl
touch "$results"
# Wake-ups of both stacks idle (bench/wakeups.py): announcerd and its worker (and one with
# braille = auto, and announce term at a prompt) against speech-dispatcher and its espeak-ng module, from 12 s after their last utterance (past
# Announcer's idle trim and libdispatch's retiring of the threads it used), over 60 s (5 s in a
# short run). The same window for both.
if part wakeups; then
    # Beside them, from the same moment: a second announcerd with `braille = auto` and no BRLTTY
    # answering (its braille thread waits on BRLTTY's socket directory), and `announce term` with
    # a shell at its prompt (its keys a pipe that stays open), speaking through the first.
    printf 'braille = auto\n' >"$work/braille-auto.conf"
    "$bin/announcerd" --socket "$work/braille-auto.socket" --config "$work/braille-auto.conf" --sink null --log-level error &
    braille_auto=$!
    pids+=($braille_auto)
    for _ in $(seq 100); do [ -S "$work/braille-auto.socket" ] && break; sleep 0.1; done
    "$bin/announce" say "ready" --wait --socket "$work/braille-auto.socket"
    mkfifo "$work/term-keys"
    sleep infinity >"$work/term-keys" &
    pids+=($!)
    PS1='ready> ' ENV=/dev/null "$bin/announce" term --socket "$sock" -- /bin/sh -i <"$work/term-keys" >/dev/null 2>&1 &
    term=$!
    pids+=($term)
    # The memory part's idle measures have waited 10 s already.
    if part memory; then sleep 2; else sleep 12; fi
    wakeup_stacks=(--stack "announcerd + worker=$announcerd" --stack "announcerd + worker, braille = auto, no BRLTTY=$braille_auto"
                   --stack "announce term at a shell prompt=$term")
    [ "$speechd_rss" != null ] && wakeup_stacks+=(--stack "speech-dispatcher + sd_espeak-ng=$speechd_server,$speechd_module")
    /usr/bin/python3 bench/wakeups.py --seconds "$(( trials >= 15 ? 60 : 5 ))" "${wakeup_stacks[@]}" | tee -a "$results"
fi
# languages: only latency's two languages in one utterance (latency measures them too).
[[ ",$only," == *",languages,"* ]] && /usr/bin/python3 bench/latency.py --languages-only --trials "$trials" --monitor announcer_bench.monitor \
    --socket "$sock" --ssip "$work/announcer-ssip.sock" --announce "$bin/announce" --announcerd "$bin/announcerd" | tee -a "$results"
part latency && /usr/bin/python3 bench/latency.py --trials "$trials" --cold-trials "$trials" --monitor announcer_bench.monitor \
    --socket "$sock" --ssip "$work/announcer-ssip.sock" --announce "$bin/announce" --announcerd "$bin/announcerd" | tee -a "$results"

# A terminal: Up in bash's history and j in vim → first sound, announce term + announcerd
# against Fenrir's PTY emulation + speech-dispatcher (docs/design.md §15).
part terminal && /usr/bin/python3 bench/terminal.py --trials "$trials" --monitor announcer_bench.monitor \
    --socket "$sock" --announce "$bin/announce" | tee -a "$results"

# A real desktop: Tab in a GTK application → first sound, announcer-atspi + announcerd against
# Orca + speech-dispatcher (docs/design.md §15), in a headless session of its own.
part desktop && /usr/bin/python3 bench/desktop.py --trials "$trials" --monitor announcer_bench.monitor --bin "$bin" | tee -a "$results"

# A braille display: Tab in a GTK application → the new focus's cells on a 40-cell display
# (BRLTTY's Virtual driver, no hardware), announcer-atspi + announcerd (braille = on) against
# Orca (enableBraille), each with a BRLTTY of its own, in a headless session of its own. Only
# when asked for by name.
[[ ",$only," == *",braille,"* ]] && /usr/bin/python3 bench/braille.py --trials "$trials" --monitor announcer_bench.monitor --bin "$bin" | tee -a "$results"

# The same, with Tab pressed while a dialog's long title is sounding (and, beside it, in the quiet
# dialog) → the answer's first sound, found in the sound by its waveform.
part tab-title && /usr/bin/python3 bench/tab_title.py --trials "$trials" --monitor announcer_bench.monitor --bin "$bin" | tee -a "$results"

# A web page: browse mode's h, the next review item and read all in Firefox ESR → first sound,
# announcer-atspi + announcerd against Orca + speech-dispatcher, in a headless session of its own.
part review && /usr/bin/python3 bench/review.py --trials "$trials" --monitor announcer_bench.monitor --bin "$bin" | tee -a "$results"

# A checkout page: Tab through every control (and Space or Return on those that fill its live
# regions) in Firefox ESR → first sound, and the words of each, announcer-atspi + announcerd
# against Orca + speech-dispatcher, in a headless session of its own. The tables go to stderr.
# web-chromium: the same in Chromium, only when asked for by name.
part web && /usr/bin/python3 bench/web.py --trials "$trials" --monitor announcer_bench.monitor --bin "$bin" \
    --browser firefox --command "$command" | tee -a "$results"
[[ ",$only," == *",web-chromium,"* ]] && /usr/bin/python3 bench/web.py --trials "$trials" \
    --monitor announcer_bench.monitor --bin "$bin" --browser chromium --command "$command" | tee -a "$results"

# A Textual form: Tab → first sound with its adapter (announcer.textual) against announce term
# alone, and the adapter's time per key (bench/textual_form.py). Only when asked for by name: it
# installs Textual into a venv of its own, from PyPI.
if [[ ",$only," == *",textual,"* ]]; then
    cp -r clients/python "$work/python-source"
    /usr/bin/python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet "$work/python-source" -r clients/python/tests/requirements.txt
    "$work/venv/bin/python" bench/textual_form.py --trials "$trials" --monitor announcer_bench.monitor --socket "$sock" \
        --announce "$bin/announce" | tee -a "$results"
    "$work/venv/bin/python" bench/textual_form.py --overhead --announcerd "$bin/announcerd" | tee -a "$results"
fi

# Throughput: Core alone, then through the socket with the text and null sinks.
seconds=$(( trials >= 15 ? 3 : 1 ))
part throughput && "$bin/announcer-bench" --seconds "$seconds" | sed 's/^/# core: /'
part throughput && for sink in text null; do
    "$bin/announcerd" --socket "$work/$sink.socket" --sink "$sink" --log-level error >/dev/null &
    load_daemon=$!
    pids+=($load_daemon)
    for _ in $(seq 100); do [ -S "$work/$sink.socket" ] && break; sleep 0.1; done
    /usr/bin/python3 bench/socket_load.py --socket "$work/$sink.socket" --clients 8 --requests 2000 --trials "$trials" --label "$sink" | tee -a "$results"
    kill "$load_daemon"
done

# Memory: RSS, PSS and USS of both stacks idle after one utterance; resident size idle, and
# after 10,000 utterances (announcerd with the null sink; the speaker daemon's and
# speech-dispatcher's idle sizes beside it); then the desktop stacks' RSS, PSS and USS, and
# Announcer's against Orca's. It is the last part: it stops this run's daemons.
if part memory; then
    echo "$memory_idle" | tee -a "$results"
    "$bin/announcerd" --socket "$work/memory.socket" --sink null --log-level error >/dev/null &
    memory_daemon=$!
    pids+=($memory_daemon)
    for _ in $(seq 100); do [ -S "$work/memory.socket" ] && break; sleep 0.1; done
    idle_null=$(rss_tree "$memory_daemon")
    /usr/bin/python3 - "$work/memory.socket" <<'PY'
import json, socket, sys
sock = socket.socket(socket.AF_UNIX); sock.connect(sys.argv[1]); reader = sock.makefile("r")
sock.sendall((json.dumps({"type": "subscribe", "events": ["finished"], "id": 0}) + "\n").encode())
finished = 0
# Batches of 100: one client may have at most max-queued-per-client (200) utterances waiting.
for batch in range(100):
    for i in range(100):
        sock.sendall((json.dumps({"type": "announce", "text": f"Utterance number {batch * 100 + i}"}) + "\n").encode())
    while finished < (batch + 1) * 100:
        message = json.loads(reader.readline())
        if message.get("type") == "error":
            raise SystemExit(f"memory run: refused: {message}")
        if message.get("event") == "finished":
            finished += 1
PY
    after_null=$(rss_tree "$memory_daemon")
    speaker_rss=$(rss_tree "$announcerd")
    echo "{\"measure\": \"resident memory (KiB)\", \"announcerd_speaker_idle_after_one_utterance\": $speaker_idle_rss, \"speech_dispatcher_and_espeak_module_idle_after_one_utterance\": $speechd_rss, \"announcerd_speaker_after_the_latency_trials\": $speaker_rss, \"announcerd_null_idle\": $idle_null, \"announcerd_null_after_10000_utterances\": $after_null}" | tee -a "$results"
    # The desktop stacks are measured each alone, in a desktop of their own: a second announcerd
    # or speech-dispatcher beside them would share their executables' pages (halving them in
    # PSS, taking them out of USS), so this run's own are stopped first.
    kill "$memory_daemon" "$announcerd"
    wait "$memory_daemon" "$announcerd" 2>/dev/null || true
    bench/private-speechd stop "$XDG_RUNTIME_DIR"
    /usr/bin/python3 bench/memory.py desktop --bin "$bin" --monitor announcer_bench.monitor | tee -a "$results"
fi

if [ -n "$out" ]; then cp "$results" "$out"; fi
echo "compare: done ($trials trials)"
