#!/usr/bin/env python3
"""Checks a running Kindred server against its OpenAPI contract with Schemathesis 4.

    python scripts/lib/schemathesis_run.py --base-url http://127.0.0.1:8080
    python scripts/lib/schemathesis_run.py --server .build/debug/kindred   # starts its own server

Run it with the Python that has the packages of Tests/requirements.txt (scripts/test's venv).
It signs up its own users, gives them something to work on (a match for every intervention, a few
swipes to undo, uploads, connections), then runs Schemathesis over every operation with a fixed
seed and at most --max-examples cases per operation, in positive and negative mode, with these
checks: no 5xx; status code, content type, headers and body as the contract documents; schema-valid
requests accepted; schema-invalid requests (a bound the contract states) rejected.

signOut, deleteAccount and revokeSession run as a fresh user per call (Tests/schemathesis/hooks.py),
so nothing signs the run's own user out. The last line is `N passed, M failed`, counting
(operation, check) pairs; the exit status is 1 when anything failed.

A server started elsewhere needs generous limits, or the run mostly measures 429s (--server sets
these itself): KINDRED_SIGNUP_LIMIT_PER_ADDRESS=1000000 KINDRED_SIGNIN_LIMIT_PER_ADDRESS=100000
KINDRED_SIGNIN_LIMIT_PER_ACCOUNT=1000 KINDRED_CONNECT_LIMIT_PER_HOUR=1000000
KINDRED_CHAT_LIMIT_PER_MINUTE=10000, and KINDRED_BCRYPT_COST=4 for speed.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "Sources" / "KindredAPI" / "openapi.yaml"
HOOKS = ROOT / "Tests" / "schemathesis" / "hooks.py"
PASSWORD = "schemathesis-password-1"
REQUIRED_MAJOR = 4

# What scripts/test's CI gate checks. `--checks all` adds the rest Schemathesis has (405 for
# undeclared methods, auth enforcement, use after delete, ...), which are informative but not asked
# of the contract.
GATE_CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "positive_data_acceptance",
    "negative_data_rejection",
]

SERVER_ENV = {
    "KINDRED_BCRYPT_COST": "4",
    "KINDRED_SIGNUP_LIMIT_PER_ADDRESS": "1000000",
    "KINDRED_SIGNIN_LIMIT_PER_ADDRESS": "100000",
    "KINDRED_SIGNIN_LIMIT_PER_ACCOUNT": "1000",
    "KINDRED_CONNECT_LIMIT_PER_HOUR": "1000000",
    "KINDRED_CHAT_LIMIT_PER_MINUTE": "10000",
    "KINDRED_ACCESS_TOKEN_SECONDS": "3600",
}


def log(message: str) -> None:
    print(message, flush=True)


# ---- HTTP ---------------------------------------------------------------------------------------

class Api:
    def __init__(self, base: str):
        self.base = base

    def call(self, method: str, path: str, body=None, token: str | None = None,
             content_type: str = "application/json", expect=(200, 201, 204)):
        data = None
        headers = {}
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            headers["Content-Type"] = content_type
        if token:
            headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        parsed = json.loads(payload) if payload and payload[:1] in (b"{", b"[") else payload
        if expect and status not in expect:
            raise RuntimeError(f"{method} {path} answered {status}: {payload[:300]!r}")
        return status, parsed


def sign_up(api: Api, name: str) -> dict:
    _, session = api.call("POST", "/auth/sign-up", {
        "email": f"{name}@schemathesis.kindred.test", "password": PASSWORD, "username": name,
        "displayName": f"Schemathesis {name}", "refreshTokenDelivery": "body",
    })
    return session


def tiny_png(seed: int) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes((seed * 31 + x) % 256 for x in range(12)) for _ in range(4))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def set_up(api: Api) -> tuple[dict, dict]:
    """Users and data for the run; returns the hooks' state and the dictionaries for the config."""
    prefix = "st" + secrets.token_hex(3)  # usernames are unique per run; nothing random feeds generation
    main = sign_up(api, prefix + "main")
    chat = sign_up(api, prefix + "chat")
    signer = sign_up(api, prefix + "signin")
    peers = [sign_up(api, f"{prefix}peer{i}") for i in range(6)]
    token = main["accessToken"]

    _, catalogue = api.call("GET", "/date-an-intervention/interventions", token=token)
    interventions = [item["id"] for item in catalogue["interventions"]]
    # A match for every intervention, kept away from the main user's undo and deck resets.
    for intervention in interventions:
        api.call("POST", "/date-an-intervention/swipes", {"interventionId": intervention, "direction": "like"},
                 token=chat["accessToken"])
    # Swipes the main user can undo.
    for intervention in interventions[-15:]:
        api.call("POST", "/date-an-intervention/swipes", {"interventionId": intervention, "direction": "pass"}, token=token)

    media = [api.call("POST", "/media", tiny_png(i), token=token, content_type="application/octet-stream")[1]["id"]
             for i in range(3)]
    codes = [api.call("GET", "/innovation-engine/code", token=peer["accessToken"])[1]["code"] for peer in peers]
    connections = [api.call("POST", "/innovation-engine/connections", {"code": code}, token=token)[1]["id"]
                   for code in codes[:3]]
    usernames = [peer["me"]["profile"]["username"] for peer in peers]

    # Memories: the main user and the last peer are friends with a book holding a sent letter, a
    # memory page and drafts; the peer's request to the main user waits.
    friend = peers[-1]
    api.call("POST", "/memories/friend-requests", {"username": usernames[-1]}, token=token)
    _, friendship = api.call("POST", f"/memories/friend-requests/{main['me']['profile']['username']}/accept",
                             token=friend["accessToken"])
    book = friendship["book"]["id"]
    api.call("POST", "/memories/friend-requests", {"username": main["me"]["profile"]["username"]}, token=peers[-2]["accessToken"])
    blank = {"version": 1, "paper": "lined", "elements": []}
    words = {"version": 1, "paper": "lined", "elements": [{"id": "t", "type": "text", "z": 0,
             "frame": {"x": 100, "y": 100, "width": 600, "height": 200}, "text": "Dear friend", "font": "hand",
             "size": 40, "color": "#202020", "align": "left"}]}
    _, letter = api.call("POST", f"/memories/books/{book}/drafts", {"canvas": words}, token=token)
    api.call("POST", f"/memories/drafts/{letter['id']}/send", token=token)
    _, memory = api.call("POST", f"/memories/books/{book}/pages", {"canvas": blank}, token=token)
    drafts = [api.call("POST", f"/memories/books/{book}/drafts", {"canvas": words}, token=token)[1]["id"] for _ in range(4)]

    # Sign in with Apple needs KINDRED_APPLE_BUNDLE_IDS and Apple's keys; without them the server
    # says 503 by design, which is then the expected answer rather than a server error.
    status, problem = api.call("POST", "/auth/apple", {"identityToken": "x", "rawNonce": "y"}, expect=None)
    apple_unconfigured = status == 503 and "not configured" in str((problem or {}).get("detail", ""))

    state = {
        "api": api.base, "prefix": prefix, "password": PASSWORD,
        "mainToken": token, "chatToken": chat["accessToken"], "signInEmail": signer["me"]["email"],
        "appleUnconfigured": apple_unconfigured,
    }
    dictionaries = {
        "interventions": interventions, "media": media, "connections": connections,
        "codes": codes, "usernames": usernames, "prefixes": [prefix, prefix[:3], "st"],
        "books": [book], "pages": [memory["id"], letter["id"]], "drafts": drafts,
    }
    return state, dictionaries


# ---- configuration --------------------------------------------------------------------------------

def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items()) + " }"
    raise TypeError(value)


def write_config(path: Path, *, args, state: dict, dictionaries: dict) -> None:
    probability = 0.5  # half the cases use a real id; the rest test unknown and malformed ones
    lines = [
        "# Written by scripts/lib/schemathesis_run.py for one run.",
        f"seed = {args.seed}",
        f"workers = {args.workers}",
        f"hooks = {toml_value(str(HOOKS))}",
        "request-timeout = 20",
        "max-stream-events = 200",
        "",
        "[generation]",
        'mode = "all"',
        f"max-examples = {args.max_examples}",
        # A NUL anywhere in a request is refused with 400 by design (SQLite cuts text at one and
        # PostgreSQL refuses it); JSON Schema cannot say so short of a pattern on every string.
        "allow-x00 = false",
        # No example database: a failure found in an earlier run must not change what this one tries.
        'database = "none"',
        "",
        "[parameters]",
    ]
    bindings = {
        "path.interventionId": "interventions", "body.interventionId": "interventions",
        "path.mediaId": "media", "body.avatarId": "media", "path.connectionId": "connections",
        "path.code": "codes", "body.code": "codes", "path.username": "usernames", "query.prefix": "prefixes",
        "path.bookId": "books", "path.pageId": "pages", "path.draftId": "drafts", "body.coverPhotoId": "media",
    }
    for key, dictionary in bindings.items():
        lines.append(f"{toml_value(key)} = {toml_value({'dictionary': dictionary, 'probability': probability})}")
    for name, values in dictionaries.items():
        lines += ["", f"[dictionaries.{name}]", f"values = {toml_value(values)}"]
    if state["appleUnconfigured"]:
        lines += [
            "",
            "[[operations]]",
            'include-operation-id = "signInWithApple"',
            'checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503"]',
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---- the report -----------------------------------------------------------------------------------

def summarise(ndjson: Path) -> tuple[int, list[dict], dict]:
    """Reads Schemathesis' NDJSON events: passing (operation, check) pairs, distinct failures, counts.

    A failure is distinct by operation, check, failure code and status; its first case is kept.
    """
    outcomes: dict[tuple[str, str], bool] = {}
    failures: dict[tuple, dict] = {}
    cases = 0
    operations = set()
    errors = []
    for line in ndjson.read_text(encoding="utf-8").splitlines():
        (kind, body), = json.loads(line).items()
        if kind in ("NonFatalError", "FatalError"):
            errors.append(f"{body.get('label', kind)}: {str(body.get('info') or body.get('value') or body)[:300]}")
        if kind != "ScenarioFinished":
            continue
        recorder = body.get("recorder") or {}
        label = recorder.get("label", "?")
        if label != "Stateful tests":
            operations.add(label)
        for case_id, checks in (recorder.get("checks") or {}).items():
            cases += 1
            case = ((recorder.get("cases") or {}).get(case_id) or {}).get("value") or {}
            sent = f"{case.get('method', '?')} {case.get('path', '?')}"
            for check in checks:
                info = (check.get("failure_info") or {}).get("failure") or {}
                operation = info.get("operation") or (sent if label == "Stateful tests" else label)
                key = (operation, check["name"])
                ok = check.get("status") == "success"
                outcomes[key] = outcomes.get(key, True) and ok
                if ok:
                    continue
                response = ((recorder.get("interactions") or {}).get(case_id) or {}).get("response") or {}
                status = response.get("status_code")
                entry = failures.setdefault((operation, check["name"], info.get("code"), status), {
                    "operation": operation, "check": check["name"], "code": info.get("code"),
                    "title": info.get("title"), "status": status,
                    "message": (info.get("message") or "").strip(), "cases": 0, "phases": set(),
                })
                entry["cases"] += 1
                entry["phases"].add(body.get("phase"))
    passed = sum(1 for ok in outcomes.values() if ok)
    failed_pairs = sorted({(f["operation"], f["check"]) for f in failures.values()})
    stats = {"cases": cases, "operations": len(operations), "failed_pairs": failed_pairs, "errors": errors}
    return passed, sorted(failures.values(), key=lambda f: (f["operation"], f["check"])), stats


# ---- a server of our own ----------------------------------------------------------------------------

def start_server(binary: str, work: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, **SERVER_ENV, "KINDRED_DATA_DIR": str(work / "data"), "KINDRED_PORT": str(port),
           "KINDRED_PUBLIC_DIR": str(ROOT / "Public")}
    log_file = open(work / "serve.log", "wb")
    process = subprocess.Popen([binary, "serve"], env=env, stdout=log_file, stderr=subprocess.STDOUT,
                               start_new_session=True)
    origin = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            with urllib.request.urlopen(origin + "/api/v1/health", timeout=2):
                return process, origin
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    process.kill()
    sys.stderr.write((work / "serve.log").read_text(errors="replace")[-4000:])
    raise SystemExit("kindred serve did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--base-url", help="origin of a running server, e.g. http://127.0.0.1:8080")
    target.add_argument("--server", help="a kindred binary to start on a free port for this run")
    parser.add_argument("--schema", default=str(SCHEMA), help="the contract (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=20251122)
    # 71 operations at 50 cases each took 176 s to 284 s on two shared cores; 40 keeps the run
    # well inside its bound as the apps add operations.
    parser.add_argument("--max-examples", type=int, default=40, help="cases per operation and phase")
    parser.add_argument("--workers", type=int, default=1, help="1 keeps the order of calls, and so the run, stable")
    parser.add_argument("--timeout", type=int, default=420, help="seconds before the run is stopped and failed")
    parser.add_argument("--checks", default=",".join(GATE_CHECKS), help="comma-separated, or `all`")
    parser.add_argument("--report-dir", help="keep Schemathesis' NDJSON and JUnit reports here")
    parser.add_argument("extra", nargs="*", help="after `--`: more `schemathesis run` options, e.g. --continue-on-failure")
    args = parser.parse_args()

    try:
        import schemathesis
    except ImportError:
        print("schemathesis is not installed: pip install -r Tests/requirements.txt", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    version = schemathesis.SCHEMATHESIS_VERSION
    if int(version.split(".")[0]) != REQUIRED_MAJOR:
        print(f"schemathesis {version} found; this runner is written for {REQUIRED_MAJOR}.x", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2

    work = Path(tempfile.mkdtemp(prefix="kindred-schemathesis."))
    server = None
    try:
        if args.server:
            server, origin = start_server(args.server, work)
        else:
            origin = args.base_url.rstrip("/")
            if origin.endswith("/api/v1"):
                origin = origin[: -len("/api/v1")]
        api = Api(origin + "/api/v1")
        started = time.monotonic()
        log(f"Schemathesis {version} against {origin} (seed {args.seed}, at most {args.max_examples} cases per operation and phase)")
        try:
            state, dictionaries = set_up(api)
        except (RuntimeError, OSError) as error:
            print(f"Could not set up the run's users and data: {error}", file=sys.stderr)
            if "429" in str(error):
                print("The server's rate limits are too low for this run; see this script's docstring.", file=sys.stderr)
            print("0 passed, 1 failed")
            return 2
        (work / "state.json").write_text(json.dumps(state), encoding="utf-8")
        config = work / "schemathesis.toml"
        write_config(config, args=args, state=state, dictionaries=dictionaries)
        report_dir = Path(args.report_dir) if args.report_dir else work / "reports"
        report_dir.mkdir(parents=True, exist_ok=True)
        ndjson = report_dir / "schemathesis.ndjson"
        command = [
            sys.executable, "-m", "schemathesis.cli", "--no-color", "--config-file", str(config),
            "run", args.schema, "--url", api.base, "--checks", args.checks,
            "--report", "ndjson,junit", "--report-dir", str(report_dir),
            "--report-ndjson-path", str(ndjson), "--report-junit-path", str(report_dir / "junit.xml"),
            *args.extra,
        ]
        env = {**os.environ, "KINDRED_ST_STATE": str(work / "state.json")}
        try:
            result = subprocess.run(command, env=env, timeout=args.timeout, cwd=work)
            timed_out = False
        except subprocess.TimeoutExpired:
            timed_out = True
            result = None
        elapsed = time.monotonic() - started

        if not ndjson.exists():
            print("Schemathesis wrote no report; see its output above.", file=sys.stderr)
            print("0 passed, 1 failed")
            return 1
        passed, failures, stats = summarise(ndjson)
        log("")
        log("==> Kindred contract run (Schemathesis)")
        log(f"Operations: {stats['operations']}   cases: {stats['cases']}   time: {elapsed:.0f}s   seed: {args.seed}")
        if state["appleUnconfigured"]:
            log("Note: Sign in with Apple is not configured on this server, so its 503 counts as expected.")
        for error in stats["errors"]:
            log(f"Error: {error}")
        if failures:
            log(f"Distinct failures ({len(failures)}):")
            for failure in failures:
                first = failure["message"].splitlines()[0] if failure["message"] else ""
                log(f"  - {failure['operation']}: {failure['check']} ({failure['code']} {failure['title']}),"
                    f" HTTP {failure['status']}, {failure['cases']} case{'s' if failure['cases'] != 1 else ''}"
                    f" ({', '.join(sorted(failure['phases']))})" + (f"\n      {first[:160]}" if first else ""))
        failed = len(stats["failed_pairs"])
        if timed_out:
            log(f"Stopped after {args.timeout}s: the run took too long.")
            failed += 1
        elif result is not None and result.returncode != 0 and failed == 0:
            log(f"Schemathesis exited with {result.returncode} without a recorded failure (an error?).")
            failed += 1
        if stats["errors"] and failed == 0:
            failed += len(stats["errors"])
        if server is not None and any(f["check"] == "not_a_server_error" for f in failures):
            log("--- the end of kindred serve's log ---")
            log((work / "serve.log").read_text(errors="replace")[-6000:])
        log(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        shutil.rmtree(work, ignore_errors=True)  # tokens, and the data of a server we started


if __name__ == "__main__":
    sys.exit(main())
