"""Scan-to-connection under load: 50 concurrent clients each scanning codes (POST
/innovation-engine/connections with a connect link) against a running Kindred server.
Prints p50 and p99 latency. Standard library only.

Usage: python3 connect_load.py BASE_URL [people] [clients] [scans]
"""
import json, statistics, sys, threading, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

base = sys.argv[1].rstrip("/")
people = int(sys.argv[2]) if len(sys.argv) > 2 else 200
clients = int(sys.argv[3]) if len(sys.argv) > 3 else 50
scans = int(sys.argv[4]) if len(sys.argv) > 4 else 2000
run = str(int(time.time() * 1000) % 1_000_000)


def call(method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + "/api/v1" + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, json.loads(response.read() or b"null")


def sign_up(index):
    """A new person and their connect link (a secret of their own, as their QR code shows it)."""
    name = f"load{run}_{index}"
    _, session = call("POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "load test!", "username": name[:20]})
    _, code = call("GET", "/innovation-engine/code", token=session["accessToken"])
    return session["accessToken"], session["me"]["id"], code["link"]


with ThreadPoolExecutor(8) as pool:
    users = list(pool.map(sign_up, range(people)))

latencies, lock = [], threading.Lock()


def scan(index):
    scanner = users[index % people]
    scanned = users[(index * 7 + 1 + index // people) % people]
    if scanner is scanned:
        scanned = users[(index + 1) % people]
    start = time.perf_counter()
    status, _ = call("POST", "/innovation-engine/connections", {"code": scanned[2]}, scanner[0])
    elapsed = (time.perf_counter() - start) * 1000
    assert status in (200, 201), status
    with lock:
        latencies.append(elapsed)


started = time.perf_counter()
with ThreadPoolExecutor(clients) as pool:
    list(pool.map(scan, range(scans)))
wall = time.perf_counter() - started
latencies.sort()
p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
print(f"scans={scans} clients={clients} people={people} throughput={scans / wall:.0f}/s "
      f"p50={p(0.50):.1f}ms p99={p(0.99):.1f}ms max={latencies[-1]:.1f}ms")
