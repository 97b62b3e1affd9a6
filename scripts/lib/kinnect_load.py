"""Kinnect under load, against a running Kindred on PostgreSQL. Standard library only (the
WebSocket client is the few lines of RFC 6455 a receiving client needs).

  python3 kinnect_load.py signup BASE NAME
      Signs NAME up; prints "ACCESS_TOKEN USER_ID".
  python3 kinnect_load.py cursor BASE TOKEN PAGE
      Prints the cursor of feed page PAGE (2 or more), following nextCursor from the first.
  python3 kinnect_load.py get BASE TOKEN [CURSOR]
      One feed page (limit 20); prints how many posts it held.
  python3 kinnect_load.py feed BASE TOKEN FIRST CHAINS PAGES FILE
      Sequentially, on one kept-alive connection, after 20 unmeasured requests: FIRST requests
      for the first page, then CHAINS walks from page 2 to page PAGES through nextCursor. Appends
      "first MS" and "deeper MS" lines to FILE (client side, whole response read).
  python3 kinnect_load.py stats FILE
      Prints "first P50 P99 MAX N" and "deeper P50 P99 MAX N" from FILE.
  python3 kinnect_load.py fanout BASE SOCKETS POSTS IMAGE_DIR
      Signs up an author and SOCKETS followers, makes each follower an approved follower of the
      author by SQL ($PSQL, $PGURL), opens one realtime WebSocket per follower, then has the
      author post POSTS times (two small uploads, then the post). For each post: the create
      request's time, and the time from sending it until the first and the last socket held the
      kinnect.post.created event. IMAGE_DIR holds display.png and thumbnail.png.
"""
import base64, http.client, json, os, selectors, socket, subprocess, sys, threading, time, urllib.error, urllib.parse, urllib.request
from concurrent.futures import ThreadPoolExecutor

run = str(int(time.time() * 1000) % 1_000_000)


def call(base, method, path, body=None, token=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + "/api/v1" + path, data=data, method=method)
    request.add_header("content-type", "application/octet-stream" if raw is not None else "application/json")
    if token:
        request.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read()[:500]


def sign_up(base, name):
    for attempt in range(20):
        status, session = call(base, "POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "load test!", "username": name[:20]})
        if status == 503:  # the password queue is full: wait as Retry-After says
            time.sleep(0.2 * (attempt + 1))
            continue
        assert status in (200, 201), (status, session)
        return session["accessToken"], session["me"]["id"]
    raise SystemExit("sign-up kept answering 503")


def stats(values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    return f"{pick(0.50):.2f} {pick(0.99):.2f} {values[-1]:.2f} {len(values)}"


class Feed:
    def __init__(self, base, token):
        parts = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.headers = {"authorization": "Bearer " + token, "accept": "application/json"}

    def page(self, cursor=None):
        path = "/api/v1/kinnect/feed?limit=20" + ("&cursor=" + urllib.parse.quote(cursor) if cursor else "")
        start = time.perf_counter()
        self.connection.request("GET", path, headers=self.headers)
        response = self.connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        if response.status != 200:
            raise SystemExit(f"feed answered {response.status}: {body[:300]!r}")
        page = json.loads(body)
        return elapsed, page


def cursor_for(base, token, number):
    feed, cursor = Feed(base, token), None
    for _ in range(number - 1):
        _, page = feed.page(cursor)
        cursor = page.get("nextCursor")
        if not cursor:
            raise SystemExit(f"the feed has fewer than {number} pages")
    return cursor


def feed(base, token, first, chains, pages, path):
    client = Feed(base, token)
    for _ in range(20):  # warm-up: connection, caches, the server's pools
        client.page()
    firsts = []
    for _ in range(first):
        elapsed, page = client.page()
        firsts.append(elapsed)
    assert len(page["items"]) == 20, len(page["items"])
    deeper = []
    for _ in range(chains):
        _, page = client.page()
        for _ in range(2, pages + 1):
            cursor = page.get("nextCursor")
            if not cursor:
                raise SystemExit("the feed ended early")
            elapsed, page = client.page(cursor)
            deeper.append(elapsed)
    with open(path, "a") as out:
        out.writelines(f"first {value:.3f}\n" for value in firsts)
        out.writelines(f"deeper {value:.3f}\n" for value in deeper)


def summary(path):
    values = {}
    with open(path) as handle:
        for line in handle:
            kind, value = line.split()
            values.setdefault(kind, []).append(float(value))
    for kind in ("first", "deeper"):
        if kind in values:
            print(kind, stats(values[kind]))


# --- Realtime ---------------------------------------------------------------------------------

class Socket:
    def __init__(self, sock, buffer):
        self.sock, self.buffer, self.closed = sock, bytearray(buffer), False


def open_socket(base, token):
    status, ticket = call(base, "POST", "/realtime/tickets", token=token)
    assert status == 201, (status, ticket)
    parts = urllib.parse.urlsplit(base)
    return upgrade(parts.hostname, parts.port, ticket["path"])


def upgrade(host, port, path):
    """A realtime WebSocket opened at `path` (a ticket's), read from without blocking."""
    sock = socket.create_connection((host, port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            raise SystemExit("the server closed a realtime socket during the handshake")
        head += chunk
    head, rest = head.split(b"\r\n\r\n", 1)
    if not head.startswith(b"HTTP/1.1 101"):
        raise SystemExit("realtime upgrade refused: " + head.decode(errors="replace")[:300])
    sock.setblocking(False)
    return Socket(sock, rest)


class Receiver(threading.Thread):
    """Reads every socket, answers pings, and stamps each text message with the time the read
    that completed it returned. Does nothing else while messages arrive, so the stamps are the
    client's earliest."""

    def __init__(self):
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.pending, self.lock = [], threading.Lock()
        self.messages = []  # (time, payload)
        self.needed = None
        self.arrived = threading.Event()
        self.stopping = False
        self.closed = 0

    def add(self, item):
        """Sockets are read from the moment they open: the server pings at once, and closes a socket
        whose pong has not come by the next ping."""
        with self.lock:
            self.pending.append(item)

    def run(self):
        while not self.stopping:
            if self.pending:
                with self.lock:
                    for item in self.pending:
                        self.selector.register(item.sock, selectors.EVENT_READ, item)
                        # The first ping can come in the same read as the handshake's answer.
                        self.frames(item, time.perf_counter())
                    self.pending = []
            if not self.selector.get_map():
                time.sleep(0.01)
                continue
            for key, _ in self.selector.select(0.05):
                item = key.data
                try:
                    data = item.sock.recv(1 << 18)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                now = time.perf_counter()
                if not data:
                    self.selector.unregister(item.sock)
                    item.closed = True
                    self.closed += 1
                    continue
                item.buffer += data
                self.frames(item, now)
            if self.needed is not None and len(self.messages) >= self.needed:
                self.arrived.set()

    def post_created_times(self, since, post_id):
        """When each socket got the kinnect.post.created event of `post_id`, among the messages
        from index `since` on."""
        post_id = post_id.lower()
        return [stamp for stamp, payload in self.messages[since:]
                if b"kinnect.post.created" in payload and post_id in payload.decode().lower()]

    def close(self, sockets):
        """Stops reading and closes `sockets`."""
        self.stopping = True
        self.join()
        for item in sockets:
            item.sock.close()

    def frames(self, item, now):
        buffer = item.buffer
        while len(buffer) >= 2:
            opcode, length, at = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length, at = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length, at = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < at + length:
                return
            payload = bytes(buffer[at:at + length])
            del buffer[:at + length]
            if opcode == 1:
                self.messages.append((now, payload))
            elif opcode == 9:  # ping: a pong, masked as a client must
                mask = os.urandom(4)
                masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
                try:
                    item.sock.send(bytes([0x8A, 0x80 | len(payload)]) + mask + masked)
                except OSError:
                    pass
            elif opcode == 8:
                item.closed = True


def fanout(base, count, posts, images):
    started = time.perf_counter()
    author_token, author_id = sign_up(base, f"fa{run}")
    with ThreadPoolExecutor(8) as pool:
        followers = list(pool.map(lambda index: sign_up(base, f"ff{run}_{index}"), range(count)))
    signed_up = time.perf_counter() - started
    sql = ("INSERT INTO kinnect_follows (id, follower_id, followee_id, created_at, approved_at) "
           "SELECT gen_random_uuid(), follower.id, author.id, now(), now() FROM users AS follower, users AS author "
           f"WHERE follower.username LIKE 'ff{run}\\_%' AND author.username = 'fa{run}'")
    subprocess.run([os.environ["PSQL"], os.environ["PGURL"], "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True)
    started = time.perf_counter()
    receiver = Receiver()
    receiver.start()

    def opened(follower):
        item = open_socket(base, follower[0])
        receiver.add(item)
        return item
    with ThreadPoolExecutor(16) as pool:
        sockets = list(pool.map(opened, followers))
    connected = time.perf_counter() - started
    time.sleep(1.0)  # every socket registered with the server's hub
    display, thumbnail = (open(os.path.join(images, name), "rb").read() for name in ("display.png", "thumbnail.png"))
    field = "media"
    creates, firsts, lasts, delivered = [], [], [], []
    for index in range(posts):
        uploads = []
        for data in (display, thumbnail):
            status, item = call(base, "POST", "/media", token=author_token, raw=data)
            assert status == 201, (status, item)
            uploads.append(item["id"])
        draft = [{"display": uploads[0], "thumbnail": uploads[1]}]
        already = len(receiver.messages)
        receiver.arrived.clear()
        receiver.needed = already + count
        start = time.perf_counter()
        status, post = call(base, "POST", "/kinnect/posts", {"caption": f"Fan-out {index}", field: draft}, author_token)
        created = time.perf_counter()
        if status in (400, 422) and index == 0 and field == "media":
            # An older server names the list `photos`.
            field = "photos"
            receiver.needed = None
            start = time.perf_counter()
            status, post = call(base, "POST", "/kinnect/posts", {"caption": f"Fan-out {index}", field: draft}, author_token)
            created = time.perf_counter()
            receiver.needed = already + count
        assert status == 201, (status, post)
        receiver.arrived.wait(30)
        time.sleep(0.05)
        post_id = post["id"].lower()
        times = receiver.post_created_times(already, post_id)
        creates.append((created - start) * 1000)
        delivered.append(len(times))
        if times:
            firsts.append((min(times) - start) * 1000)
            lasts.append((max(times) - start) * 1000)
        time.sleep(0.5)
    receiver.close(sockets)
    print(f"setup {count} {signed_up:.1f} {connected:.1f} {receiver.closed} {field}")
    print("create", stats(creates))
    print("first", stats(firsts) if firsts else "- - - 0")
    print("last", stats(lasts) if lasts else "- - - 0")
    print("delivered", min(delivered), max(delivered), posts)


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "signup":
        print(*sign_up(arguments[0], arguments[1]))
    elif command == "cursor":
        print(cursor_for(arguments[0], arguments[1], int(arguments[2])))
    elif command == "get":
        print(len(Feed(arguments[0], arguments[1]).page(arguments[2] if len(arguments) > 2 else None)[1]["items"]))
    elif command == "feed":
        feed(arguments[0], arguments[1], int(arguments[2]), int(arguments[3]), int(arguments[4]), arguments[5])
    elif command == "stats":
        summary(arguments[0])
    elif command == "fanout":
        fanout(arguments[0], int(arguments[1]), int(arguments[2]), arguments[3])
    else:
        sys.exit(__doc__)
