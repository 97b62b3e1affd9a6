"""Memories under load, against a running Kindred. Standard library plus websocket-client (the
test venv has it).

  python memories_load.py save BASE RUNS POINTS PAGE_JSON
      Two friends and a draft; writes a page of POINTS points of ink to PAGE_JSON (for the nginx
      peer), then saves it RUNS times (PUT /memories/drafts/{id}), after 5 unmeasured saves.
      Prints "save P50 P99 MAX N" (client side, whole answer read, one kept-alive connection).
  python memories_load.py fetch URL RUNS
      GETs URL RUNS times on one kept-alive connection; prints "fetch P50 P99 MAX N".
  python memories_load.py relay BASE RUNS
      Two friends editing one memory page, each with a realtime socket: the time from one
      sending an operation (POST .../operations, one stroke of 200 points) until the other's
      socket holds it (memories.page.changed). Prints "relay P50 P99 MAX N".
  python memories_load.py echo RUNS
      The floor for that: a WebSocket echo server on loopback (this process, a thread), and the
      time from sending the same operation's JSON until it comes back. Prints "echo P50 P99 MAX N".
"""
import base64, hashlib, http.client, json, os, socket, struct, sys, threading, time, urllib.parse, uuid

import websocket  # websocket-client

run = str(int(time.time() * 1000) % 1_000_000)


class API:
    """One kept-alive HTTP/1.1 connection, as a browser tab uses."""

    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port, self.base = parts.hostname, parts.port, base
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def call(self, method, path, body=None, token=None, raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = "Bearer " + token
        self.connection.request(method, "/api/v1" + path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        return response.status, (json.loads(payload) if payload[:1] in (b"{", b"[") else payload)


def sign_up(api, name):
    status, session = api.call("POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "load test!", "username": name[:20]})
    assert status == 201, (status, session)
    return session["accessToken"], session["me"]["profile"]["username"]


def friends(api):
    one, one_name = sign_up(api, "mem" + run + "a")
    other, other_name = sign_up(api, "mem" + run + "b")
    assert api.call("POST", "/memories/friend-requests", {"username": other_name}, token=one)[0] == 201
    status, friend = api.call("POST", f"/memories/friend-requests/{one_name}/accept", token=other)
    assert status == 200, (status, friend)
    return one, other, friend["book"]["id"]


def stats(values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    return f"{pick(0.50):.2f} {pick(0.99):.2f} {values[-1]:.2f} {len(values)}"


def stroke(element_id, points, frame_x=100):
    # A handwriting-like scribble: points as a pen samples them, rounded as a client writes them.
    return {"id": element_id, "type": "ink", "z": 1, "frame": {"x": frame_x, "y": 100, "width": 800, "height": 1200},
            "rotation": 0, "tool": "pen", "color": "#1b1b3a", "width": 3,
            "points": [[round((i % 400) / 400, 4), round(((i // 400) % 100) / 100 + 0.004 * ((i * 7) % 3), 4),
                        round(0.3 + 0.5 * ((i * 13) % 10) / 10, 2), i * 8] for i in range(points)]}


def save(base, runs, points, page_path):
    api = API(base)
    one, _, book = friends(api)
    status, draft = api.call("POST", f"/memories/books/{book}/drafts", {}, token=one)
    assert status == 201, (status, draft)
    # Strokes of 1,000 points each, as a page of handwriting has many strokes.
    page = {"version": 1, "paper": "lined", "elements": [stroke(f"s{i}", min(1000, points - i * 1000)) for i in range((points + 999) // 1000)]}
    body = json.dumps(page, separators=(",", ":")).encode()
    with open(page_path, "wb") as file:
        file.write(body)
    revision, times = draft["revision"], []
    for attempt in range(runs + 5):
        start = time.perf_counter()
        status, saved = api.call("PUT", f"/memories/drafts/{draft['id']}?revision={revision}", raw=body, token=one)
        elapsed = (time.perf_counter() - start) * 1000
        assert status == 200, (status, saved)
        revision = saved["revision"]
        if attempt >= 5:
            times.append(elapsed)
    print(f"bytes {len(body)}")
    print("save " + stats(times))


def fetch(url, runs):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    times = []
    for attempt in range(runs + 5):
        start = time.perf_counter()
        connection.request("GET", parts.path)
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
        if attempt >= 5:
            times.append((time.perf_counter() - start) * 1000)
    print("fetch " + stats(times))


def relay(base, runs):
    api = API(base)
    one, other, book = friends(api)
    status, page = api.call("POST", f"/memories/books/{book}/pages", {}, token=one)
    assert status == 201, (status, page)
    status, ticket = api.call("POST", "/realtime/tickets", token=other)
    parts = urllib.parse.urlsplit(base)
    sock = websocket.create_connection(f"ws://{parts.hostname}:{parts.port}{ticket['path']}", timeout=30)
    times = []
    for attempt in range(runs + 5):
        operation = {"opId": str(uuid.uuid4()), "kind": "add", "element": stroke(f"r{attempt}", 200)}
        start = time.perf_counter()
        status, _ = api.call("POST", f"/memories/pages/{page['id']}/operations", {"operations": [operation]}, token=one)
        assert status == 200, status
        while True:
            event = json.loads(sock.recv())
            if event.get("type") == "memories.page.changed" and event["operations"][0]["operation"]["opId"].lower() == operation["opId"]:
                break
        if attempt >= 5:
            times.append((time.perf_counter() - start) * 1000)
    print("relay " + stats(times))


def echo_server(listener):
    """RFC 6455 in as few lines as an echo needs: the handshake, then each masked text frame back."""
    connection, _ = listener.accept()
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(4096)
    key = [line.split(b":", 1)[1].strip() for line in head.split(b"\r\n") if line.lower().startswith(b"sec-websocket-key")][0]
    accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
    connection.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    buffer = b""

    def take(count):
        nonlocal buffer
        while len(buffer) < count:
            chunk = connection.recv(65536)
            if not chunk:
                raise EOFError
            buffer += chunk
        part, buffer = buffer[:count], buffer[count:]
        return part

    try:
        while True:
            first, second = take(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", take(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", take(8))[0]
            mask = take(4)
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(take(length)))
            header = bytes([0x81]) + (bytes([length]) if length < 126 else (bytes([126]) + struct.pack("!H", length) if length < 65536 else bytes([127]) + struct.pack("!Q", length)))
            connection.sendall(header + payload)
    except EOFError:
        connection.close()


def echo(runs):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    threading.Thread(target=echo_server, args=(listener,), daemon=True).start()
    sock = websocket.create_connection(f"ws://127.0.0.1:{listener.getsockname()[1]}/", timeout=30)
    times = []
    for attempt in range(runs + 5):
        message = json.dumps({"opId": str(uuid.uuid4()), "kind": "add", "element": stroke(f"e{attempt}", 200)})
        start = time.perf_counter()
        sock.send(message)
        assert sock.recv() == message
        if attempt >= 5:
            times.append((time.perf_counter() - start) * 1000)
    print("echo " + stats(times))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "save":
        save(args[0], int(args[1]), int(args[2]), args[3])
    elif command == "fetch":
        fetch(args[0], int(args[1]))
    elif command == "relay":
        relay(args[0], int(args[1]))
    elif command == "echo":
        echo(int(args[0]))
    else:
        raise SystemExit(__doc__)
