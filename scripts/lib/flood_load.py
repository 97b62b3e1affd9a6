#!/usr/bin/env python3
"""What a flood of anonymous password work does to everyone else.

    python3 scripts/lib/flood_load.py --base-url http://127.0.0.1:8080 --loops 16 --seconds 10

A victim signs up, then reads GET /me once every 50 ms for the whole run while `--loops` threads
sign up new accounts (each a bcrypt hash) as fast as the server answers. Prints one Markdown
table row: loops, the victim's p50 / p99 / max latency, the victim's errors, and what the flood
got back (created, 429, 503, 5xx). Loopback only; bounded by --seconds.
"""
import argparse
import http.client
import json
import multiprocessing
import secrets
import statistics
import threading
import time
from collections import Counter
from urllib.parse import urlparse


def call(host, port, method, path, body=None, token=None, timeout=30):
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def run_flood(host, port, operation, loops, deadline, tag, results):
    """Sends sign-ups (or wrong sign-ins) from `loops` threads until `deadline`; puts the counts."""
    flood = Counter()
    lock = threading.Lock()

    def flooder(index):
        count = 0
        while time.time() < deadline:
            count += 1
            if operation == "sign-up":
                name = f"f{tag}{index}x{count}"
                payload = {"email": f"{name}@example.com", "password": "flood password", "username": name[:20]}
                path = "/api/v1/auth/sign-up"
            else:
                payload = {"email": f"victim-{tag}@example.com", "password": "wrong password"}
                path = "/api/v1/auth/sign-in"
            try:
                code, _ = call(host, port, "POST", path, payload, timeout=60)
            except Exception:
                code = "error"
            with lock:
                flood[code] += 1

    threads = [threading.Thread(target=flooder, args=(i,), daemon=True) for i in range(loops)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=70)
    results.put(flood)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--loops", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--operation", choices=["sign-up", "sign-in"], default="sign-up")
    args = parser.parse_args()
    url = urlparse(args.base_url)
    host, port = url.hostname, url.port

    tag = secrets.token_hex(4)
    status, body = call(host, port, "POST", "/api/v1/auth/sign-up",
                        {"email": f"victim-{tag}@example.com", "password": "victim password", "username": f"victim_{tag}"})
    assert status == 201, (status, body)
    token = json.loads(body)["accessToken"]

    # The flood runs in a process of its own: sharing one interpreter lock with hundreds of flood
    # threads would make the victim's own client the bottleneck being measured.
    deadline = time.time() + args.seconds
    results = multiprocessing.Queue()
    flood_process = multiprocessing.Process(target=run_flood, args=(host, port, args.operation, args.loops, deadline, tag, results))
    flood_process.start()
    latencies, errors = [], 0
    while time.time() < deadline:
        started = time.monotonic()
        try:
            code, _ = call(host, port, "GET", "/api/v1/me", token=token, timeout=30)
            if code != 200:
                errors += 1
        except Exception:
            errors += 1
        latencies.append((time.monotonic() - started) * 1000)
        time.sleep(0.05)
    flood = results.get(timeout=120)
    flood_process.join(timeout=10)

    latencies.sort()
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    server_errors = sum(n for code, n in flood.items() if isinstance(code, int) and code >= 500 and code != 503)
    print(f"| {args.operation} × {args.loops} | {p50:.1f} ms | {p99:.1f} ms | {latencies[-1]:.1f} ms | {errors} of {len(latencies)} "
          f"| {flood.get(201, 0) + flood.get(401, 0)} answered, {flood.get(429, 0)} × 429, {flood.get(503, 0)} × 503, "
          f"{server_errors} × 5xx, {flood.get('error', 0)} failed |")


if __name__ == "__main__":
    main()
