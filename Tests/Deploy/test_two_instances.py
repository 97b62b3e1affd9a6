"""Several instances for real (docs/DEPLOY.md): nginx in front of two `kindred serve` on one
PostgreSQL database and one S3 store, configured as the deployment guide says.

Run by scripts/test with:
  KINDRED_BIN                  the kindred binary to run (the build the other tests use)
  KINDRED_DEPLOY_DATABASE_URL  an empty PostgreSQL database both instances share
  NGINX                        nginx's binary (Debian's nginx-light)
The S3 store is moto's standalone server with signatures checked
(Tests/KindredServerTests/Support/s3_server.py), started here.

nginx listens on three ports: the deployment's own (round-robin over both instances, as the
guide's configuration), and one pinned to each instance, so a test can say "through this one,
then through the other" and know it.
"""
import base64
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
import zlib
import struct

import pytest
import websocket  # websocket-client

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
S3_SERVER = os.path.join(ROOT, "Tests", "KindredServerTests", "Support", "s3_server.py")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not answer within {seconds} s")


def png(width, height, seed):
    """A small valid PNG whose pixels depend on seed, so two uploads differ."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes([(x * 7 + y * 3 + seed) % 256 for x in range(width * 3)]) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class Deployment:
    def __init__(self, work):
        self.work = work
        self.processes = []
        self.logs = {}

    def start(self, name, command, env=None, stdout=None):
        log = open(os.path.join(self.work, f"{name}.log"), "wb")
        self.logs[name] = log.name
        process = subprocess.Popen(command, env=env, stdout=stdout or log, stderr=log)
        self.processes.append(process)
        return process

    def stop(self):
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()

    def tail(self, name, lines=30):
        with open(self.logs[name], encoding="utf-8", errors="replace") as log:
            return "".join(log.readlines()[-lines:])


@pytest.fixture(scope="module")
def deployment():
    for variable in ("KINDRED_BIN", "KINDRED_DEPLOY_DATABASE_URL", "NGINX"):
        assert os.environ.get(variable), f"{variable} is required (scripts/test sets it)"
    work = tempfile.mkdtemp(prefix="kindred-deploy-")
    world = Deployment(work)
    try:
        s3 = world.start("s3", [sys.executable, S3_SERVER], stdout=subprocess.PIPE)
        ready = s3.stdout.readline().decode().split()
        assert ready and ready[0] == "READY", f"the S3 server did not start: {ready}"
        _, endpoint, bucket, key_id, secret = ready

        front, pinned_a, pinned_b = free_port(), free_port(), free_port()
        ports = {"a": free_port(), "b": free_port()}
        shared = {
            # One secret for every instance: a token or media URL signed by one is checked by the other.
            "KINDRED_SECRET": secrets.token_hex(32),
            "DATABASE_URL": os.environ["KINDRED_DEPLOY_DATABASE_URL"],
            "KINDRED_S3_ENDPOINT": endpoint, "KINDRED_S3_BUCKET": bucket,
            "KINDRED_S3_ACCESS_KEY_ID": key_id, "KINDRED_S3_SECRET_ACCESS_KEY": secret,
            "KINDRED_PUBLIC_URL": f"http://127.0.0.1:{front}",
            "KINDRED_TRUSTED_PROXIES": "1",
            "KINDRED_METRICS_TOKEN": "deploy-test-metrics-" + secrets.token_hex(8),
            "KINDRED_BCRYPT_COST": "4",
            "KINDRED_SIGNUP_LIMIT_PER_ADDRESS": "1000",
            "LOG_LEVEL": "info",
        }
        world.metrics_token = shared["KINDRED_METRICS_TOKEN"]
        # One after the other: the first migrates the empty database, the second finds it done.
        for name in ("a", "b"):
            env = dict(os.environ, **shared, KINDRED_PORT=str(ports[name]), KINDRED_DATA_DIR=os.path.join(work, name))
            world.start(f"kindred-{name}", [os.environ["KINDRED_BIN"], "serve"], env=env)
            try:
                wait_for(f"http://127.0.0.1:{ports[name]}/api/v1/health")
            except AssertionError:
                raise AssertionError(world.tail(f"kindred-{name}"))

        nginx_dir = os.path.join(work, "nginx")
        os.makedirs(os.path.join(nginx_dir, "tmp"))
        with open(os.path.join(ROOT, "docs", "nginx.conf.example"), encoding="utf-8") as example:
            guide = example.read()
        # The guide's configuration, as an operator would fill it in, without TLS (loopback).
        site = (guide.replace("server 127.0.0.1:8081;", f"server 127.0.0.1:{ports['a']};")
                .replace("server 127.0.0.1:8082;", f"server 127.0.0.1:{ports['b']};")
                .replace("listen 443 ssl http2;", f"listen 127.0.0.1:{front};"))
        # No TLS on loopback, and no port-80 redirect (it is the guide's second server block).
        site = site[:site.rindex("server {")]
        site = "\n".join(line for line in site.splitlines() if not line.strip().startswith("ssl_"))
        for filled in (f"listen 127.0.0.1:{front};", f"server 127.0.0.1:{ports['a']};", f"server 127.0.0.1:{ports['b']};"):
            assert filled in site, f"docs/nginx.conf.example changed shape: {filled} not filled in"
        pinned = "".join(f"""
  server {{
    listen 127.0.0.1:{port};
    client_max_body_size 101m;
    location / {{
      proxy_pass http://127.0.0.1:{ports[name]};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
    }}
  }}""" for name, port in (("a", pinned_a), ("b", pinned_b)))
        user = "user root root;" if os.geteuid() == 0 else ""
        with open(os.path.join(nginx_dir, "nginx.conf"), "w", encoding="utf-8") as conf:
            conf.write(f"""{user} worker_processes 2; daemon off; pid {nginx_dir}/nginx.pid; error_log {nginx_dir}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log {nginx_dir}/access.log;
  client_body_temp_path {nginx_dir}/tmp; proxy_temp_path {nginx_dir}/tmp; fastcgi_temp_path {nginx_dir}/tmp;
  uwsgi_temp_path {nginx_dir}/tmp; scgi_temp_path {nginx_dir}/tmp;
{site}
{pinned}
}}
""")
        world.start("nginx", [os.environ["NGINX"], "-c", os.path.join(nginx_dir, "nginx.conf"), "-p", nginx_dir])
        for port in (front, pinned_a, pinned_b):
            wait_for(f"http://127.0.0.1:{port}/api/v1/health", seconds=20)
        world.front = f"http://127.0.0.1:{front}"
        world.through = {"a": f"http://127.0.0.1:{pinned_a}", "b": f"http://127.0.0.1:{pinned_b}"}
        world.direct = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
        yield world
    finally:
        world.stop()


def call(base, method, path, body=None, token=None, raw=None, headers=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + "/api/v1" + path, data=data, method=method)
    # The web client's headers.
    request.add_header("Content-Type", "application/octet-stream" if raw is not None else "application/json")
    request.add_header("Accept", "application/json")
    if method == "POST":
        request.add_header("Idempotency-Key", str(uuid.uuid4()))
    if token:
        request.add_header("Authorization", "Bearer " + token)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read()[:500]


def sign_up(base, prefix):
    name = f"{prefix}{uuid.uuid4().hex[:8]}"
    status, session = call(base, "POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "two instances!", "username": name})
    assert status == 201, (status, session)
    return session["accessToken"], name


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, dict(response.headers), response.read()


def test_an_upload_through_one_instance_is_served_by_the_other(deployment):
    token, _ = sign_up(deployment.through["a"], "up")
    picture = png(64, 48, seed=5)
    status, media = call(deployment.through["a"], "POST", "/media", raw=picture, token=token)
    assert status == 201, media
    # A path, signed: it names no instance, so any of them (or the front door) answers it.
    assert media["url"].startswith("/media-files/"), media["url"]
    path = media["url"]
    # Instance b never saw the upload: the bytes come from the shared bucket.
    status, headers, body = get(deployment.through["b"] + path)
    assert status == 200
    assert body == picture or (len(body) == media["byteCount"] and body.startswith(b"\x89PNG")), "the stored PNG"
    assert headers.get("Content-Type") == "image/png"
    status, headers, part = get(deployment.through["b"] + path, {"Range": "bytes=0-7"})
    assert status == 206 and part == b"\x89PNG\r\n\x1a\n"
    # And through the front door, whichever instance nginx picks, every time.
    for _ in range(4):
        status, _, again = get(deployment.front + path)
        assert status == 200 and again == body
    # Deleted through b, gone for a.
    status, _ = call(deployment.through["b"], "DELETE", f"/media/{media['id']}", token=token)
    assert status == 204
    with pytest.raises(urllib.error.HTTPError) as gone:
        get(deployment.through["a"] + path)
    assert gone.value.code == 404


def test_a_session_made_on_one_instance_works_on_both(deployment):
    token, name = sign_up(deployment.through["b"], "se")
    for base in (deployment.through["a"], deployment.through["b"], deployment.front, deployment.front):
        status, me = call(base, "GET", "/me", token=token)
        assert status == 200 and me["profile"]["username"] == name
    # Signing out through one instance ends the session on the other.
    status, _ = call(deployment.through["a"], "POST", "/auth/sign-out", token=token)
    assert status in (200, 204)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        status, _ = call(deployment.through["b"], "GET", "/me", token=token)
        if status == 401:
            break
        time.sleep(0.2)
    assert status == 401


def socket_for(base, token):
    status, ticket = call(base, "POST", "/realtime/tickets", token=token)
    assert status == 201, ticket
    connection = websocket.create_connection("ws" + base[len("http"):] + ticket["path"], timeout=15)
    return connection


def next_event(connection, kind, seconds=15):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        connection.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            message = connection.recv()
        except websocket.WebSocketTimeoutException:
            break
        if isinstance(message, (bytes, bytearray)):
            continue
        event = json.loads(message)
        if event.get("type") == kind:
            return event
    raise AssertionError(f"no {kind} event within {seconds} s")


def test_realtime_events_cross_instances_through_nginx(deployment):
    bob_token, bob = sign_up(deployment.through["b"], "rb")
    ada_token, ada = sign_up(deployment.through["a"], "ra")
    # Bob listens on instance b, through nginx's WebSocket proxying.
    listening = socket_for(deployment.through["b"], bob_token)
    try:
        time.sleep(0.5)
        status, follow = call(deployment.through["a"], "POST", "/kinnect/follows", {"username": bob}, token=ada_token)
        assert status == 201, follow
        event = next_event(listening, "kinnect.follow.requested")
        assert event["person"]["profile"]["username"] == ada
    finally:
        listening.close()
    # And through the front door: a socket on whichever instance hears an act on the other.
    front = socket_for(deployment.front, ada_token)
    try:
        time.sleep(0.5)
        status, _ = call(deployment.through["b"], "POST", f"/kinnect/follow-requests/{ada}/confirm", token=bob_token)
        assert status in (200, 204), status
        event = next_event(front, "kinnect.follow.accepted")
        assert event["person"]["profile"]["username"] == bob
    finally:
        front.close()


def test_both_instances_serve_the_front_door_and_count_it(deployment):
    token, _ = sign_up(deployment.front, "rr")
    for _ in range(12):
        status, _ = call(deployment.front, "GET", "/me", token=token)
        assert status == 200
    # Each instance's own metrics (read directly: nginx is not asked for /metrics) show its share.
    served = {}
    for name, base in deployment.direct.items():
        status, _, text = get(base + "/metrics", {"Authorization": f"Bearer {deployment.metrics_token}"})
        assert status == 200
        served[name] = sum(float(line.rsplit(" ", 1)[1]) for line in text.decode().splitlines()
                           if line.startswith("kindred_http_requests_total") and 'route="/api/v1/me"' in line)
    assert served["a"] >= 1 and served["b"] >= 1, f"round robin reached both instances: {served}"
