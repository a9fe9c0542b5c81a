#!/usr/bin/env python3
"""Wake-ups per second of idle processes, side by side: every context switch of every thread of
each process (and of its child processes) over a window, from /proc/PID/task/*/status
(voluntary_ctxt_switches + nonvoluntary_ctxt_switches). A thread woken and put back to sleep
adds one; a thread that exits during the window is counted up to its last look.

    bench/wakeups.py --seconds 60 --stack "announcerd + worker=PID" --stack "speech-dispatcher + sd_espeak-ng=PID,PID"

Each stack is a label and the pids of its processes (their children are added); prints one JSON
line with each stack's wake-ups in the window, per second, and per process.
"""
import argparse
import json
import os
import time

from memory import children  # the pids of a process's children, every thread's


def switches(pid):
    """Each thread's context switches so far, by thread id."""
    counts = {}
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return counts
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/status") as status:
                counts[task] = sum(int(line.split()[1]) for line in status if "ctxt_switches" in line)
        except OSError:
            pass
    return counts


def name(pid):
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip()
    except OSError:
        return str(pid)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--stack", action="append", default=[], help="LABEL=PID[,PID...]")
    args = parser.parse_args()
    stacks = []
    for stack in args.stack:
        label, _, pids = stack.rpartition("=")
        roots = [int(p) for p in pids.split(",") if p.strip()]
        processes = []
        for pid in roots:
            processes += [pid] + [c for c in children(pid) if c not in roots]
        stacks.append((label, processes))
    before = {pid: switches(pid) for _, processes in stacks for pid in processes}
    last = dict(before)
    deadline = time.monotonic() + args.seconds
    # Looked at once a second, so that a thread that exits in the window is counted up to then.
    while time.monotonic() < deadline:
        time.sleep(min(1.0, max(deadline - time.monotonic(), 0)))
        for pid in last:
            now = switches(pid)
            last[pid] = {**last[pid], **now}
    result = {"measure": f"wake-ups of idle processes over {args.seconds:g} s (context switches, every thread)", "seconds": args.seconds}
    for label, processes in stacks:
        per_process = {}
        for pid in processes:
            woke = sum(last[pid].get(task, 0) - count for task, count in before[pid].items())
            woke += sum(count for task, count in last[pid].items() if task not in before[pid])
            per_process[f"{name(pid)} ({pid})"] = woke
        total = sum(per_process.values())
        result[label] = {"wakeups": total, "per_second": round(total / args.seconds, 2), "processes": per_process}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
