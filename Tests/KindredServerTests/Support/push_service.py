#!/usr/bin/env python3
"""A Web Push service on loopback that checks what it is sent the way a real one does.

Kindred's Web Push sender is tested against it. It plays the browser too: it makes
subscriptions (a P-256 key pair and an auth secret each) and decrypts what arrives
for them with http_ece, an independent implementation of RFC 8188/8291; VAPID
(RFC 8292) is checked with the cryptography package.

    python push_service.py

- Listens on 127.0.0.1 on a port the kernel picks and prints one line,
  `READY <port>`, once it accepts connections. Nothing else goes to stdout.
- POST /subscriptions -> 201 {"id", "endpoint", "keys": {"p256dh", "auth"}}:
  a new subscription whose endpoint is http://127.0.0.1:<port>/push/<id>.
- POST /subscriptions/batch with a count as the body -> 201 [subscriptions] (benchmarks).
- POST /push/<id>: a push message (RFC 8030 §5). Answers
  - 410 for a subscription that is unknown or was removed;
  - 401 without `Authorization: vapid t=<jwt>, k=<key>`, or when the JWT is not
    ES256 signed by k, its `aud` is not this service's origin, its `exp` is
    past or more than 24 hours ahead, or its `sub` is not mailto: or https:;
  - 400 without `TTL`, without `Content-Encoding: aes128gcm`, or when the body
    does not decrypt with the subscription's keys;
  - 413 for a body above 4096 bytes;
  - 429 when told to (POST /subscriptions/<id>/busy, for the next message);
  - else 201, keeping {"payload" (the decrypted text), "ttl", "urgency", "topic",
    "vapid_key", "sub"}.
- GET /subscriptions/<id>/messages -> 200 [messages, oldest first].
- DELETE /subscriptions/<id> -> 204: the subscription is gone from now on.
- GET /stats -> 200 {"received", "rejected"}.
- Runs until SIGTERM or SIGINT, or until the process that started it goes away.

Requires: http_ece, cryptography.
"""
import json
import secrets
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from loopback import b64decode, b64encode, end_with_parent

try:
    import http_ece
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
except ImportError as error:
    print(f"push_service.py: {error} (pip install -r Tests/requirements.txt)", file=sys.stderr)
    sys.exit(3)



class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.subscriptions = {}  # id -> {"key", "auth", "messages", "busy"}
        self.received = 0
        self.rejected = 0


STATE = State()
PORT = 0


def check_vapid(header):
    """The VAPID claims when the header is valid, else None."""
    if not header or not header.startswith("vapid "):
        return None
    fields = dict(part.strip().split("=", 1) for part in header[6:].split(",") if "=" in part)
    token, key = fields.get("t"), fields.get("k")
    if not token or not key:
        return None
    try:
        head, claims, signature = token.split(".")
        if json.loads(b64decode(head)).get("alg") != "ES256":
            return None
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64decode(key))
        raw = b64decode(signature)
        if len(raw) != 64:
            return None
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        body = json.loads(b64decode(claims))
    except (ValueError, InvalidSignature, json.JSONDecodeError):
        return None
    now = time.time()
    if body.get("aud") != f"http://127.0.0.1:{PORT}":
        return None
    if not isinstance(body.get("exp"), int) or not now < body["exp"] <= now + 24 * 3600:
        return None
    if not str(body.get("sub", "")).startswith(("mailto:", "https:")):
        return None
    return {"vapid_key": key, "sub": body["sub"]}


def new_subscription():
    key = ec.generate_private_key(ec.SECP256R1())
    auth = secrets.token_bytes(16)
    ident = secrets.token_urlsafe(12)
    with STATE.lock:
        STATE.subscriptions[ident] = {"key": key, "auth": auth, "messages": [], "busy": False}
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"id": ident, "endpoint": f"http://127.0.0.1:{PORT}/push/{ident}",
            "keys": {"p256dh": b64encode(point), "auth": b64encode(auth)}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def read_body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def do_POST(self):
        parts = self.path.strip("/").split("/")
        if parts == ["subscriptions"]:
            self.read_body()
            return self.answer(201, new_subscription())
        if parts == ["subscriptions", "batch"]:
            count = int(self.read_body() or b"1")
            return self.answer(201, [new_subscription() for _ in range(count)])
        if len(parts) == 3 and parts[0] == "subscriptions" and parts[2] == "busy":
            self.read_body()
            with STATE.lock:
                if parts[1] in STATE.subscriptions:
                    STATE.subscriptions[parts[1]]["busy"] = True
            return self.answer(204)
        if len(parts) == 2 and parts[0] == "push":
            body = self.read_body()
            status = self.push(parts[1], body)
            with STATE.lock:
                if status == 201:
                    STATE.received += 1
                else:
                    STATE.rejected += 1
            return self.answer(status)
        self.answer(404)

    def push(self, ident, body):
        with STATE.lock:
            subscription = STATE.subscriptions.get(ident)
            if subscription is None:
                return 410
            if subscription["busy"]:
                subscription["busy"] = False
                return 429
        vapid = check_vapid(self.headers.get("Authorization"))
        if vapid is None:
            return 401
        if self.headers.get("TTL") is None or self.headers.get("Content-Encoding") != "aes128gcm":
            return 400
        if len(body) > 4096:
            return 413
        try:
            payload = http_ece.decrypt(body, private_key=subscription["key"], auth_secret=subscription["auth"],
                                       version="aes128gcm")
        except Exception:
            return 400
        with STATE.lock:
            subscription["messages"].append(dict(vapid, payload=payload.decode("utf-8", "replace"),
                                                 ttl=self.headers.get("TTL"), urgency=self.headers.get("Urgency"),
                                                 topic=self.headers.get("Topic")))
        return 201

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        if parts == ["stats"]:
            with STATE.lock:
                return self.answer(200, {"received": STATE.received, "rejected": STATE.rejected})
        if len(parts) == 3 and parts[0] == "subscriptions" and parts[2] == "messages":
            with STATE.lock:
                subscription = STATE.subscriptions.get(parts[1])
                messages = list(subscription["messages"]) if subscription else None
            return self.answer(404) if messages is None else self.answer(200, messages)
        self.answer(404)

    def do_DELETE(self):
        parts = self.path.strip("/").split("/")
        if len(parts) == 2 and parts[0] == "subscriptions":
            with STATE.lock:
                STATE.subscriptions.pop(parts[1], None)
            return self.answer(204)
        self.answer(404)


def main():
    global PORT
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    PORT = server.server_address[1]
    end_with_parent()
    print(f"READY {PORT}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
