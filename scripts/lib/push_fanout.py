"""Times a push notification's fan-out: one act (a Kinnect follow request) for a person signed in
on COUNT devices, each a browser subscription at the local push service
(Tests/KindredServerTests/Support/push_service.py, which checks VAPID and decrypts every message
as a browser would). For scripts/bench-push.

    python push_fanout.py KINDRED_BASE PUSH_BASE COUNT

Setup through the API (not timed): COUNT sign-ins of one person (from many addresses, as behind a
load balancer), each registering its own subscription. Timed: the follow request's answer (the notices are queued inside it), and from
the request until the push service has accepted all COUNT messages. The peer, in the same run:
pywebpush (PyPI), the library Python servers send Web Push with, sending the same payload to the
same COUNT subscriptions from 32 threads (Kindred's worker sends 32 at a time).

Prints one JSON object."""
import json, sys, time, urllib.request, uuid
from concurrent.futures import ThreadPoolExecutor

from kinnect_load import call


def push_call(base, method, path, body=None):
    request = urllib.request.Request(base + path, data=body, method=method)
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def received(push):
    return push_call(push, "GET", "/stats")["received"]


def main():
    base, push, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    name = "fan" + uuid.uuid4().hex[:8]
    owner = {"email": f"{name}@example.com", "password": "benchmark!", "username": name}
    status, _ = call(base, "POST", "/auth/sign-up", owner)
    assert status == 201, status
    actor = "act" + uuid.uuid4().hex[:8]
    status, session = call(base, "POST", "/auth/sign-up", {"email": f"{actor}@example.com", "password": "benchmark!", "username": actor})
    assert status == 201, session
    actor_token = session["accessToken"]

    started = time.perf_counter()
    subscriptions = []
    while len(subscriptions) < count:
        subscriptions += push_call(push, "POST", "/subscriptions/batch", str(min(1000, count - len(subscriptions))).encode())

    def register(indexed):
        index, subscription = indexed
        # As behind a load balancer (KINDRED_TRUSTED_PROXIES=1): the sign-ins come from many
        # addresses, so that one person signing in 10,000 times stays under the per-address limits.
        request = urllib.request.Request(base + "/api/v1/auth/sign-in", method="POST", data=json.dumps(
            {"email": owner["email"], "password": owner["password"], "device": "Bench browser"}).encode())
        request.add_header("content-type", "application/json")
        request.add_header("x-forwarded-for", f"10.{index // 60000}.{index // 250 % 240}.{index % 250 + 1}")
        with urllib.request.urlopen(request, timeout=60) as response:
            signed_in = json.loads(response.read())
        status, device = call(base, "PUT", "/me/push-device", {"webPush": {"endpoint": subscription["endpoint"],
                                                                           "keys": subscription["keys"]}},
                              token=signed_in["accessToken"])
        assert status == 200, (status, device)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(register, enumerate(subscriptions)))
    setup = time.perf_counter() - started

    before = received(push)
    started = time.perf_counter()
    status, _ = call(base, "POST", "/kinnect/follows", {"username": name}, token=actor_token)
    answered = time.perf_counter() - started
    assert status == 201, status
    while received(push) < before + count:
        if time.perf_counter() - started > 600:
            raise SystemExit(f"only {received(push) - before} of {count} arrived in 10 minutes")
        time.sleep(0.05)
    delivered = time.perf_counter() - started
    sample = push_call(push, "GET", f"/subscriptions/{subscriptions[-1]['id']}/messages")
    payload = json.loads(sample[-1]["payload"])
    assert payload["body"] == f"{actor} asked to follow you.", payload

    # The peer: pywebpush sends the same payload to the same subscriptions.
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from pywebpush import webpush
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
    from py_vapid import Vapid
    vapid = Vapid.from_pem(pem.encode())
    text = json.dumps(payload)

    def send(subscription):
        webpush({"endpoint": subscription["endpoint"], "keys": subscription["keys"]}, data=text, vapid_private_key=vapid,
                vapid_claims={"sub": "mailto:bench@kindred.invalid"}, ttl=86400, content_encoding="aes128gcm")
    before = received(push)
    started = time.perf_counter()
    with ThreadPoolExecutor(32) as pool:
        list(pool.map(send, subscriptions))
    peer = time.perf_counter() - started
    assert received(push) == before + count
    print(json.dumps({"count": count, "setup_s": round(setup, 1), "request_ms": round(answered * 1000, 1),
                      "kindred_s": round(delivered, 3), "peer_s": round(peer, 3)}))


if __name__ == "__main__":
    main()
