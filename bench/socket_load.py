#!/usr/bin/python3
"""Focus requests per second through announcerd's socket, from several clients at once.

Each client pipelines its requests (writes them all, reads the replies as they come) so that the
daemon, not the round trip, is what is measured. Prints one JSON line.
"""
import argparse, json, socket, statistics, threading, time

parser = argparse.ArgumentParser()
parser.add_argument("--socket", required=True)
parser.add_argument("--clients", type=int, default=8)
parser.add_argument("--requests", type=int, default=5000, help="per client")
parser.add_argument("--trials", type=int, default=15)
parser.add_argument("--label", default="socket")
args = parser.parse_args()

line = (json.dumps({"type": "focus", "element": {"label": "Play", "traits": ["button"], "hint": "Plays the song."}}) + "\n").encode()


def client(barrier, done):
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(args.socket)
    payload = line * args.requests
    barrier.wait()
    sender = threading.Thread(target=sock.sendall, args=(payload,))
    sender.start()
    replies = 0
    pending = b""
    while replies < args.requests:
        data = sock.recv(1 << 16)
        if not data:
            break
        pending += data
        replies += pending.count(b"\n")
        pending = pending[pending.rfind(b"\n") + 1:]
    sender.join()
    sock.close()
    done.append(replies)


rates = []
for _ in range(args.trials):
    barrier = threading.Barrier(args.clients + 1)
    done = []
    threads = [threading.Thread(target=client, args=(barrier, done)) for _ in range(args.clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.monotonic()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    rates.append(sum(done) / elapsed)

rates.sort()
print(json.dumps({"measure": f"focus requests through the socket ({args.label} sink, {args.clients} clients)",
                  "median_per_s": round(statistics.median(rates)), "min_per_s": round(rates[0]), "max_per_s": round(rates[-1]),
                  "trials": args.trials}))
