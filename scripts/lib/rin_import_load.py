"""A whole Rin import through the API, against a running Kindred: Issue 12's second figure (the
generated address book uploaded as a user would, then worked through by the server in batches).
Standard library plus websocket-client (the test venv has it).

  python rin_import_load.py BASE CONTACTS_VCF [--idle SECONDS]

Signs up a fresh user (an empty book, so every run is the same work), reads its primary profile
(GET /rin/settings), opens the realtime socket, uploads the file (POST
/rin/profiles/{id}/imports, application/octet-stream) and stamps the arrival of every
rin.import.progressed event of that import until `done`. Prints one JSON object:
- records (the import's total), events, expected_events (two passes of batches of 100), batches;
- upload_ms: the upload request alone (sent until its whole answer is read: the server reads and
  checks the whole file and keeps its snapshot before it answers);
- batch_ms.reading / batch_ms.matching: n, p50, p90, p99, max. A batch is the time between
  consecutive events, the first one from the upload's answer. Each event tells the state after its
  batch, so a batch is counted in the phase the previous event (or the answer) showed: the last
  reading batch's event already says `matching`, and the first matching batch includes the server
  loading the book's index;
- first_matching_batch_ms: that first matching batch alone;
- total_ms: from sending the upload until the `done` event arrived;
- created, merged, suggested, conflicts, warnings: the import's final counts (the `done` event's,
  checked against GET /rin/imports/{id}).
Something wrong (the upload refused, a `failed` event, no event for --idle seconds, the socket
closed, an event skipped) prints what happened on stderr and exits 1; a skipped event still prints
the figures first, as they are then off.
"""
import argparse, http.client, json, math, queue, sys, threading, time, urllib.parse

import websocket  # websocket-client

BATCH = 100  # RinImportWorker.batchSize: an event per this many records per pass.
run = str(int(time.time() * 1000) % 1_000_000)


class API:
    """One kept-alive HTTP/1.1 connection, as a browser tab uses."""

    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=600)

    def call(self, method, path, body=None, token=None, raw=None, content_type="application/json"):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = {"content-type": content_type}
        if token:
            headers["authorization"] = "Bearer " + token
        try:
            self.connection.request(method, "/api/v1" + path, body=data, headers=headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # The server closes a connection idle past its timeout (as the import runs); a GET
            # is asked again on a new one, as a browser would.
            if method != "GET":
                raise
            self.connection.close()
            self.connection.request(method, "/api/v1" + path, body=data, headers=headers)
            response = self.connection.getresponse()
        payload = response.read()
        return response.status, (json.loads(payload) if payload[:1] in (b"{", b"[") else payload)


def fail(message, **details):
    print("rin_import_load: " + message + ("" if not details else " " + json.dumps(details, ensure_ascii=False)), file=sys.stderr)
    sys.exit(1)


class Receiver(threading.Thread):
    """Reads the socket on its own thread, so an event is stamped as it arrives even while the
    upload request still blocks the main thread (the worker starts before the answer is sent)."""

    def __init__(self, sock):
        super().__init__(daemon=True)
        self.sock, self.events = sock, queue.Queue()

    def run(self):
        try:
            while True:
                text = self.sock.recv()
                arrived = time.perf_counter()
                if not text:
                    break
                self.events.put((arrived, json.loads(text)))
        except Exception as error:  # closed or broken: the main thread reports it
            self.events.put((time.perf_counter(), {"type": "socket closed", "error": repr(error)}))
            return
        self.events.put((time.perf_counter(), {"type": "socket closed", "error": "closed by the server"}))


def percentiles(values):
    """Nearest-rank percentiles, as the other benches' p50/p99 (no interpolation)."""
    if not values:
        return {"n": 0}
    values = sorted(values)
    pick = lambda q: values[max(0, math.ceil(q * len(values)) - 1)]
    return {"n": len(values), "p50": round(pick(0.50), 2), "p90": round(pick(0.90), 2),
            "p99": round(pick(0.99), 2), "max": round(values[-1], 2)}


def position(item):
    """How far an import is over both passes (0 … 2·total), to tell a skipped event."""
    total, processed = item["total"], item["processed"]
    return {"reading": processed, "matching": total + processed, "done": 2 * total}.get(item["phase"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("vcf")
    parser.add_argument("--idle", type=float, default=300, help="seconds without an event before giving up")
    args = parser.parse_args()
    body = open(args.vcf, "rb").read()
    api = API(args.base)

    name = "rin" + run
    status, session = api.call("POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "load test!", "username": name})
    if status != 201:
        fail("sign-up refused", status=status, answer=session)
    token = session["accessToken"]
    status, settings = api.call("GET", "/rin/settings", token=token)
    if status != 200:
        fail("GET /rin/settings refused", status=status, answer=settings)
    profile = settings["primaryProfileId"]

    status, ticket = api.call("POST", "/realtime/tickets", token=token)
    if status != 201:
        fail("no realtime ticket", status=status, answer=ticket)
    sock = websocket.create_connection(f"ws://{api.host}:{api.port}{ticket['path']}", timeout=None)
    receiver = Receiver(sock)
    receiver.start()
    # The server registers the socket just after the upgrade's answer; a moment's wait keeps the
    # first batch's event from racing it (a missed one would show as skipped below anyway).
    time.sleep(0.2)

    started = time.perf_counter()
    status, answer = api.call("POST", f"/rin/profiles/{profile}/imports?name=contacts.vcf", raw=body,
                              token=token, content_type="application/octet-stream")
    answered = time.perf_counter()
    if status != 202:
        fail("the upload was not accepted as a new import", status=status, answer=answer)
    import_id = answer["id"].lower()

    events, early, skipped = [], 0, []
    mark, phase, at = answered, answer["phase"], position(answer)
    batches = {"reading": [], "matching": []}
    final = None
    while final is None:
        try:
            arrived, event = receiver.events.get(timeout=args.idle)
        except queue.Empty:
            status, now = api.call("GET", f"/rin/imports/{import_id}", token=token)
            fail(f"no rin.import.progressed event for {args.idle:.0f} s after {len(events)} events", last_event=events[-1] if events else None,
                 get_status=status, get_import=now)
        if event.get("type") == "socket closed":
            status, now = api.call("GET", f"/rin/imports/{import_id}", token=token)
            fail(f"the realtime socket closed after {len(events)} events", error=event["error"], get_import=now)
        if event.get("type") != "rin.import.progressed" or event["import"]["id"].lower() != import_id:
            continue
        item = event["import"]
        events.append(item)
        if arrived < answered:
            # An event before the upload's answer (a batch finished while the answer was on its
            # way): measured from sending the upload instead, and counted.
            early += 1
            elapsed = (arrived - started) * 1000
        else:
            elapsed = (arrived - mark) * 1000
        batches.setdefault(phase, []).append(elapsed)
        now_at = position(item)
        if item["phase"] == "failed":
            fail("the import failed", event=item)
        if now_at is None or not 0 < now_at - at <= BATCH:
            skipped.append({"from": at, "to": now_at, "phase": item["phase"], "processed": item["processed"]})
        mark, phase, at = max(arrived, answered), item["phase"], now_at
        if item["phase"] == "done":
            final = (arrived, item)
    done_at, item = final
    sock.close()

    status, fetched = api.call("GET", f"/rin/imports/{import_id}", token=token)
    counts = {"created": item["createdContacts"], "merged": item["merged"], "suggested": item["suggested"],
              "conflicts": item["conflicts"], "warnings": len(item["warnings"])}
    result = {"records": item["total"], "bytes": len(body), "region": settings.get("defaultRegion"),
              "events": len(events), "expected_events": 2 * math.ceil(item["total"] / BATCH),
              "batches": sum(len(v) for v in batches.values()),
              "upload_ms": round((answered - started) * 1000, 1),
              "batch_ms": {k: percentiles(v) for k, v in batches.items()},
              "total_ms": round((done_at - started) * 1000, 1), **counts}
    if batches["matching"]:
        # Apart, as it also holds loading the whole book's match index (a likely max).
        result["first_matching_batch_ms"] = round(batches["matching"][0], 1)
    if early:
        result["events_before_upload_answer"] = early
    if status != 200 or fetched.get("phase") != "done" or (fetched["createdContacts"], fetched["merged"], fetched["suggested"], fetched["conflicts"]) \
            != (counts["created"], counts["merged"], counts["suggested"], counts["conflicts"]):
        result["get_import_differs"] = {"status": status, "answer": fetched}
    print(json.dumps(result, ensure_ascii=False))
    if skipped or "get_import_differs" in result:
        fail("events skipped or out of order (the figures above are off)" if skipped else "GET /rin/imports disagrees with the done event",
             skipped=skipped[:20])


if __name__ == "__main__":
    main()
