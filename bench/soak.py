#!/usr/bin/env python3
"""Soak test: announcerd under mixed abuse for a given time, then the books are checked.

    bench/soak.py --announcerd PATH [--seconds 120] [--sink null]

Running together on one daemon: clients sending mixed requests (focus with hints, announcements
of every priority, delays, interrupts, stops, text that crashes espeak-ng 1.51), a client that
pipelines floods of focus requests, a churn of clients that connect and leave (some mid-request,
some half-closing), a subscriber that never reads, SSIP clients (every priority, notifications,
SSML, STOP/CANCEL/PAUSE/RESUME, garbage lines) on the SSIP door, and SIGHUP every few seconds. At the end:
every utterance the daemon accepted has exactly one `finished` (SSIP messages too, and each of
those exactly one 702 or 703 on its SSIP connection), the daemon is alive and answers,
its descriptors are back where they started, and its resident memory (with the speech worker's)
has not run away. Prints what it measured; exits 1 if any check fails.
"""
import argparse
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

CRASH = "a . " * 85  # espeak-ng 1.51's stack smash: the worker dies, the utterance is failed


def rss_kib(pid):
    total = 0
    pids = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as children:
                pids += [int(p) for p in children.read().split()]
    except OSError:
        pass
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def descriptors(pid):
    """What each open descriptor is, by number (its /proc link: a socket, a pipe, a file)."""
    found = {}
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            found[int(name)] = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            pass
    return found


class Client:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(30)
        self.sock.connect(path)
        self.reader = self.sock.makefile("r", encoding="utf-8")
        self.next_id = 0

    def send(self, request):
        self.next_id += 1
        request = dict(request, id=self.next_id)
        self.sock.sendall((json.dumps(request) + "\n").encode())
        return self.next_id

    def reply(self, wanted):
        while True:
            line = self.reader.readline()
            if not line:
                raise EOFError("the daemon closed the connection")
            message = json.loads(line)
            if message.get("type") != "event" and message.get("id") == wanted:
                return message

    def close(self):
        self.reader.close()
        self.sock.close()


def settled(path):
    """A connection on which an utterance has been spoken to its end: the speech worker is up
    (at the start it starts in the background; at the end the last crash's worker may still be
    starting), so the descriptors counted are the daemon's own, not a spawn's passing pipes.
    Kept open while they are counted, at the start and at the end alike."""
    client = Client(path)
    client.reply(client.send({"type": "subscribe", "events": ["finished"]}))
    utterance = client.reply(client.send({"type": "announce", "text": "settled"})).get("utterance")
    while True:
        message = json.loads(client.reader.readline() or "{}")
        if not message or (message.get("event") == "finished" and message.get("utterance") == utterance):
            return client


class Books:
    """Utterances accepted (from replies) and finished (from the listener)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.accepted = set()
        self.finished = {}
        self.refused = 0
        self.errors = []

    def accept(self, reply):
        with self.lock:
            if reply.get("type") == "error":
                self.refused += 1
            for key in ("utterance", "hint"):
                if isinstance(reply.get(key), (int, float)):
                    self.accepted.add(int(reply[key]))

    def finish(self, utterance, status):
        with self.lock:
            self.finished.setdefault(utterance, []).append(status)


def mixed_client(path, books, stop, seed):
    rng = random.Random(seed)
    requests = [
        lambda: {"type": "focus", "element": {"label": f"Row {rng.randrange(100)}", "hint": "Opens it.", "traits": ["button"]}},
        lambda: {"type": "announce", "text": "Saved"},
        lambda: {"type": "announce", "text": "Battery low", "priority": "high"},
        lambda: {"type": "announce", "text": "Synced", "priority": "low"},
        lambda: {"type": "announce", "text": "Later", "delayMs": rng.randrange(1, 400)},
        lambda: {"type": "announce", "text": "Now", "interrupt": True},
        lambda: {"type": "announce", "text": "Spelled", "spellOut": True, "language": "de"},
        lambda: {"type": "stop"},
        lambda: {"type": "announce", "text": CRASH, "priority": "high"},
    ]
    weights = [30, 20, 5, 10, 10, 5, 5, 3, 1]
    client = Client(path)
    try:
        while not stop.is_set():
            request = rng.choices(requests, weights)[0]()
            books.accept(client.reply(client.send(request)))
            time.sleep(rng.random() * 0.02)
    except Exception as error:  # noqa: BLE001 - any failure is a finding
        books.errors.append(f"mixed client: {error!r}")
    finally:
        client.close()


def flooder(path, books, stop):
    client = Client(path)
    try:
        while not stop.is_set():
            burst = "".join(json.dumps({"type": "focus", "id": i, "element": {"label": f"Item {i}"}}) + "\n" for i in range(500))
            client.sock.sendall(burst.encode())
            for i in range(500):
                books.accept(client.reply(i))
    except Exception as error:  # noqa: BLE001
        books.errors.append(f"flooder: {error!r}")
    finally:
        client.close()


def churn(path, books, stop, counter):
    rng = random.Random(7)
    while not stop.is_set():
        try:
            sock = socket.socket(socket.AF_UNIX)
            sock.settimeout(10)
            sock.connect(path)
            what = rng.randrange(3)
            if what == 1:  # leaves mid-request
                sock.sendall(b'{"type":"announce","text":"half')
            elif what == 2:  # half-closes and still gets its answer
                sock.sendall(b'{"type":"status","id":1}')
                sock.shutdown(socket.SHUT_WR)
                if not sock.makefile("r").readline():
                    books.errors.append("churn: a half-closed client got no reply")
            sock.close()
            counter[0] += 1
        except Exception as error:  # noqa: BLE001
            books.errors.append(f"churn: {error!r}")
            time.sleep(0.1)


class SSIPClient:
    """A raw SSIP connection: replies in order, events (7xx) noted as they pass."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(30)
        self.sock.connect(path)
        self.reader = self.sock.makefile("rb")
        self.ended = {}

    def read(self):
        lines = []
        while True:
            line = self.reader.readline()
            if not line:
                raise OSError("SSIP connection closed")
            line = line.rstrip(b"\r\n").decode("utf-8", "replace")
            lines.append(line)
            if len(line) >= 4 and line[3] == " ":
                return lines

    def reply(self):
        while True:
            lines = self.read()
            if lines[-1][:3] in ("702", "703"):
                self.ended.setdefault(int(lines[0][4:]), []).append(lines[-1][:3])
            elif not lines[-1].startswith("7"):
                return lines

    def command(self, line):
        self.sock.sendall(line.encode() + b"\r\n")
        return self.reply()

    def speak(self, text):
        if self.command("SPEAK")[-1][:3] != "230":
            raise RuntimeError("SPEAK was not accepted")
        self.sock.sendall(text.encode() + b"\r\n.\r\n")
        return self.reply()


def ssip_client(path, books, stop, seed):
    rng = random.Random(100 + seed)
    client = SSIPClient(path)
    sent = set()
    try:
        client.command(f'SET SELF CLIENT_NAME "soak:ssip:{seed}"')
        client.command("SET SELF NOTIFICATION end on")
        client.command("SET SELF NOTIFICATION cancel on")
        while not stop.is_set():
            what = rng.randrange(12)
            if what < 6:
                client.command("SET SELF PRIORITY " + rng.choice(["important", "message", "text", "notification", "progress"]))
                reply = client.speak(rng.choice(["Mail from Ann", "..dotted", "Line " * rng.randrange(1, 8), "Progress 50%"]))
                if reply[-1].startswith("225"):
                    sent.add(int(reply[0][4:]))
                    books.accept({"utterance": int(reply[0][4:])})
            elif what == 6:
                client.command("SET SELF SSML_MODE on")
                reply = client.speak('<speak><mark name="0:4"/>Mark <mark name="5:9"/>this</speak>')
                client.command("SET SELF SSML_MODE off")
                if reply[-1].startswith("225"):
                    sent.add(int(reply[0][4:]))
                    books.accept({"utterance": int(reply[0][4:])})
            elif what == 7:
                client.command(rng.choice(["STOP self", "CANCEL self", "STOP all"]))
            elif what == 8:
                client.command("PAUSE self")
                time.sleep(rng.random() * 0.05)
                client.command("RESUME self")
            elif what == 9:
                client.command(rng.choice(["FROBNICATE", "SET SELF RATE 1000", "SET SELF PRIORITY urgent", "GET NOTHING", "\x01\x02"]))
            elif what == 10:
                client.command(f"SET SELF RATE {rng.randrange(-100, 101)}")
            else:
                client.command(rng.choice(["KEY control_a", "CHAR x", "LIST VOICES", "HISTORY GET CLIENT_ID"]))
            time.sleep(rng.random() * 0.02)
        # Everything it sent ends, once each, before it leaves.
        client.command("CANCEL self")
        deadline = time.monotonic() + 30
        while not sent <= set(client.ended) and time.monotonic() < deadline:
            client.command("GET RATE")
            time.sleep(0.05)
        missing = sent - set(client.ended)
        doubled = [m for m, codes in client.ended.items() if len(codes) > 1]
        if missing:
            books.errors.append(f"ssip client {seed}: {len(missing)} messages without 702/703, e.g. {sorted(missing)[:5]}")
        if doubled:
            books.errors.append(f"ssip client {seed}: messages with two ends, e.g. {doubled[:5]}")
        client.command("QUIT")
    except Exception as error:  # noqa: BLE001
        books.errors.append(f"ssip client {seed}: {error!r}")
    finally:
        client.sock.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--announcerd", required=True)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--sink", default="null")
    parser.add_argument("--rss-growth-mib", type=float, default=40, help="most resident growth allowed")
    args = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="announcer-soak-")
    path = os.path.join(directory, "run", "socket")
    ssip_path = os.path.join(directory, "run", "speechd.sock")
    config = os.path.join(directory, "announcer.conf")
    with open(config, "w") as file:
        file.write("max-backlog-bytes = 65536\n")
    log = open(os.path.join(directory, "daemon.log"), "w")
    daemon = subprocess.Popen([args.announcerd, "--socket", path, "--ssip", ssip_path, "--sink", args.sink, "--config", config],
                              stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(200):
        if os.path.exists(path) and os.path.exists(ssip_path):
            break
        time.sleep(0.05)

    books = Books()
    listener = Client(path)
    listener.sock.settimeout(60)
    listener.reply(listener.send({"type": "subscribe", "events": ["finished"]}))

    def listen():
        try:
            for line in listener.reader:
                message = json.loads(line)
                if message.get("event") == "finished":
                    books.finish(int(message["utterance"]), message["status"])
        except (OSError, ValueError):
            pass

    threading.Thread(target=listen, daemon=True).start()
    time.sleep(0.3)
    settler = settled(path)
    start_fds = descriptors(daemon.pid)
    start_rss = rss_kib(daemon.pid)
    settler.close()

    # A subscriber that never reads: it must be let go, never slow anyone.
    lazy = socket.socket(socket.AF_UNIX)
    lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    lazy.connect(path)
    lazy.sendall(b'{"type":"subscribe","events":"*"}\n')

    stop = threading.Event()
    churned = [0]
    threads = [threading.Thread(target=mixed_client, args=(path, books, stop, seed)) for seed in range(4)]
    threads.append(threading.Thread(target=flooder, args=(path, books, stop)))
    threads.append(threading.Thread(target=churn, args=(path, books, stop, churned)))
    threads += [threading.Thread(target=ssip_client, args=(ssip_path, books, stop, seed)) for seed in range(2)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + args.seconds
    reloads = 0
    while time.monotonic() < deadline and daemon.poll() is None:
        time.sleep(min(5, max(deadline - time.monotonic(), 0)))
        daemon.send_signal(signal.SIGHUP)
        reloads += 1
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    lazy.close()

    failures = list(books.errors[:10])
    if daemon.poll() is not None:
        failures.append(f"announcerd exited with {daemon.returncode}")
    else:
        # Silence everything, then every accepted utterance must have finished exactly once.
        closer = Client(path)
        closer.reply(closer.send({"type": "stop"}))
        wait_until = time.monotonic() + 60
        while time.monotonic() < wait_until:
            with books.lock:
                if books.accepted <= set(books.finished):
                    break
            time.sleep(0.1)
        status = closer.reply(closer.send({"type": "status"}))
        closer.close()
        settler = settled(path)
        with books.lock:
            missing = books.accepted - set(books.finished)
            doubled = {u: s for u, s in books.finished.items() if len(s) > 1}
        if missing:
            failures.append(f"{len(missing)} accepted utterances never finished, e.g. {sorted(missing)[:5]}")
        if doubled:
            failures.append(f"{len(doubled)} utterances finished more than once, e.g. {list(doubled.items())[:3]}")
        end_fds = descriptors(daemon.pid)
        end_rss = rss_kib(daemon.pid)
        settler.close()
        if len(end_fds) != len(start_fds):
            changed = sorted(set(start_fds.items()) ^ set(end_fds.items()))
            failures.append(f"descriptors: {len(start_fds)} at the start, {len(end_fds)} at the end; "
                            f"only at the start: {[item for item in changed if item in start_fds.items()]}, "
                            f"only at the end: {[item for item in changed if item in end_fds.items()]}")
        growth = (end_rss - start_rss) / 1024
        if growth > args.rss_growth_mib:
            failures.append(f"resident memory grew {growth:.1f} MiB (limit {args.rss_growth_mib})")
        print(json.dumps({
            "measure": "soak", "seconds": args.seconds, "sink": args.sink,
            "accepted": len(books.accepted), "refused": books.refused, "churned_connections": churned[0],
            "reloads": reloads, "counters": status.get("counters"), "restarts": status.get("restarts"),
            "descriptors": [len(start_fds), len(end_fds)], "rss_kib": [start_rss, end_rss],
        }))
    daemon.terminate()
    try:
        daemon.wait(timeout=10)
    except subprocess.TimeoutExpired:
        daemon.kill()
        failures.append("announcerd did not exit on SIGTERM")
    listener.close()
    log.close()
    if failures:
        for failure in failures:
            print(f"soak: FAILED: {failure}", file=sys.stderr)
        print(f"soak: the daemon's log is in {directory}/daemon.log", file=sys.stderr)
        return 1
    print("soak: every accepted utterance finished exactly once; descriptors and memory held", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
