"""Realtime under load (Issue 15, goal 5), against a running Kindred. Standard library only; the
sockets are read by kinnect_load.py's Receiver (the few lines of RFC 6455 a receiving client needs).

  python3 realtime_load.py prepare BASE PEOPLE FOLLOWERS FILE
      Signs up PEOPLE + 1 people through the API: person 0 is the author, and persons 1 to
      FOLLOWERS ask to follow them (POST /kinnect/follows) and are confirmed by the author.
      Writes one "TOKEN USER_ID" line per person to FILE, the author's first.
  python3 realtime_load.py measure BASE FILE SOCKETS FOLLOWERS POSTS PID IMAGE_DIR
      Opens one realtime WebSocket for each of persons 1 to SOCKETS (each a different account;
      ticket, then upgrade), reading the server's resident memory (/proc/PID) before and after.
      Then the author posts POSTS times (two small uploads, then POST /kinnect/posts), and for
      every follower's socket the time from sending the post until that socket held the
      kinnect.post.created event is recorded. Prints:
        sockets OPENED SECONDS CLOSED
        memory RSS_BEFORE_KIB RSS_AFTER_KIB KIB_PER_SOCKET
        create P50 P99 MAX N          the create request, ms
        delivery P50 P99 MAX N        every follower's event, ms from sending the post
        last P50 P99 MAX N            each post's last follower, ms
        delivered MIN MAX EXPECTED    events per post

Every request goes over a kept-alive connection: ten thousand sign-ups, tickets and sockets each
on a new connection would leave more ports in TIME_WAIT than loopback has.
"""
import http.client, json, os, sys, threading, time, urllib.parse, uuid
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))
from kinnect_load import Receiver, stats, upgrade  # noqa: E402

run = str(int(time.time() * 1000) % 1_000_000)


class Client(threading.local):
    """One kept-alive HTTP connection per thread."""

    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port, self.connection = parts.hostname, parts.port, None

    def call(self, method, path, body=None, token=None, raw=None, idempotent=False):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = {"content-type": "application/octet-stream" if raw is not None else "application/json",
                   "accept": "application/json"}
        if idempotent:  # as the web client and the SDK send every POST
            headers["idempotency-key"] = str(uuid.uuid4())
        if token:
            headers["authorization"] = "Bearer " + token
        for attempt in range(3):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
            try:
                self.connection.request(method, "/api/v1" + path, body=data, headers=headers)
                response = self.connection.getresponse()
                payload = response.read()
            except (http.client.HTTPException, OSError):
                # The server may close a kept-alive connection between requests; one new one.
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
                continue
            if response.getheader("connection", "").lower() == "close":
                self.connection.close()
                self.connection = None
            try:
                return response.status, json.loads(payload or b"null")
            except ValueError:
                return response.status, payload[:500]


def sign_up(client, name):
    for attempt in range(40):
        status, session = client.call("POST", "/auth/sign-up",
                                      {"email": f"{name}@example.com", "password": "load test!", "username": name})
        if status in (429, 503):  # a full password queue or a limit: wait as Retry-After would
            time.sleep(0.1 * (attempt + 1))
            continue
        assert status in (200, 201), (status, session)
        return session["accessToken"], session["me"]["id"]
    raise SystemExit("sign-up kept being refused")


def prepare(base, people, followers, path):
    client = Client(base)
    with ThreadPoolExecutor(8) as pool:
        accounts = list(pool.map(lambda index: sign_up(client, f"rt{run}_{index}"), range(people + 1)))
    author = accounts[0][0]

    def follow(index):
        status, body = client.call("POST", "/kinnect/follows", {"username": f"rt{run}_0"}, accounts[index][0])
        assert status in (200, 201), (status, body)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(follow, range(1, followers + 1)))

    def confirm(index):
        status, body = client.call("POST", f"/kinnect/follow-requests/rt{run}_{index}/confirm", token=author)
        assert status == 200, (status, body)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(confirm, range(1, followers + 1)))
    with open(path, "w") as file:
        for token, user_id in accounts:
            file.write(f"{token} {user_id}\n")


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit(f"no VmRSS for process {pid}")


def open_socket(client, token):
    status, ticket = client.call("POST", "/realtime/tickets", token=token)
    assert status == 201, (status, ticket)
    return upgrade(client.host, client.port, ticket["path"])


def measure(base, path, count, followers, posts, pid, images):
    with open(path) as file:
        accounts = [line.split() for line in file if line.strip()]
    if count + 1 > len(accounts) or followers > count:
        raise SystemExit(f"{path} holds {len(accounts) - 1} people besides the author; asked for {count} sockets")
    client = Client(base)
    author = accounts[0][0]
    before = resident_kib(pid)
    receiver = Receiver()
    receiver.start()
    started = time.perf_counter()

    def opened(index):
        item = open_socket(client, accounts[index][0])
        receiver.add(item)
        return item
    with ThreadPoolExecutor(16) as pool:
        sockets = list(pool.map(opened, range(1, count + 1)))
    connected = time.perf_counter() - started
    time.sleep(2.0)  # every socket registered with the server's hub, and its first ping answered
    after = resident_kib(pid)
    display, thumbnail = (open(os.path.join(images, name), "rb").read() for name in ("display.png", "thumbnail.png"))
    creates, deliveries, lasts, delivered = [], [], [], []
    for index in range(posts):
        uploads = []
        for data in (display, thumbnail):
            status, item = client.call("POST", "/media", token=author, raw=data)
            assert status == 201, (status, item)
            uploads.append(item["id"])
        already = len(receiver.messages)
        receiver.arrived.clear()
        receiver.needed = already + followers
        start = time.perf_counter()
        status, post = client.call("POST", "/kinnect/posts",
                                   {"caption": f"Fan-out {index}", "media": [{"display": uploads[0], "thumbnail": uploads[1]}]},
                                   author)
        created = time.perf_counter()
        assert status == 201, (status, post)
        # A follower's socket the server closed never gets it: ten seconds is far past any delivery.
        receiver.arrived.wait(10)
        time.sleep(0.05)
        times = receiver.post_created_times(already, post["id"])
        creates.append((created - start) * 1000)
        delivered.append(len(times))
        deliveries += [(stamp - start) * 1000 for stamp in times]
        if times:
            lasts.append((max(times) - start) * 1000)
        time.sleep(0.3)
    receiver.close(sockets)
    print(f"sockets {count} {connected:.1f} {receiver.closed}")
    print(f"memory {before} {after} {(after - before) / count:.2f}")
    print("create", stats(creates))
    print("delivery", stats(deliveries) if deliveries else "- - - 0")
    print("last", stats(lasts) if lasts else "- - - 0")
    print("delivered", min(delivered), max(delivered), followers)


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "prepare":
        prepare(arguments[0], int(arguments[1]), int(arguments[2]), arguments[3])
    elif command == "measure":
        measure(arguments[0], arguments[1], int(arguments[2]), int(arguments[3]), int(arguments[4]), int(arguments[5]),
                arguments[6])
    else:
        sys.exit(__doc__)
