"""What a request costs next to its own SQL (Issue 15, goal 2), against a running Kindred on
PostgreSQL. Standard library only.

  python3 request_cost.py setup BASE FILE
      Signs up a viewer and 80 others through the API; the viewer connects with 40 of them (each
      through that person's own code) and likes 20 cards. Writes FILE (JSON): the tokens, the
      others' codes, the cards left to swipe.
  python3 request_cost.py once BASE FILE NAME LOG
      One request of NAME (me, deck, connections, network, matches, swipe, connect), after one
      unmeasured (so the session is as a busy client finds it); prints the byte offsets of LOG
      (PostgreSQL's log) just before and after it. Then puts back what a write changed (an undone
      swipe, a removed connection), so it can run again.
  python3 request_cost.py run BASE FILE NAME COUNT OUT
      COUNT requests of NAME, one at a time on one kept-alive connection, after 20 unmeasured;
      appends the milliseconds of each (from sending to the whole answer read) to OUT. A write's
      undoing is not timed.
  python3 request_cost.py pgbench LOG START END DIR NAME
      The statements PostgreSQL logged (log_statement=all, log_line_prefix '%m [%p] ') between
      bytes START and END, as a pgbench script DIR/NAME.sql with its parameters in DIR/NAME.defs
      (`-D` and `name=value` on alternating lines; NULLs written in). A request that wrote runs as
      one transaction rolled back, so it can be replayed; the session's last-use time, written
      once a minute rather than per request, is left out. DIR/NAME-cleanup.sql deletes the rows
      the captured request inserted, for a replay to insert them again. Prints "READS WRITES
      LEFT_OUT".
  python3 request_cost.py path NAME
      The path a read is sent to (for wrk).
  python3 request_cost.py token FILE
      The viewer's access token.
  python3 request_cost.py stats FILE
      "P50 P99 MAX N" of FILE's milliseconds.
"""
import json, os, re, sys, time

sys.path.insert(0, os.path.dirname(__file__))
from kinnect_pglog import logged_statements, pgbench_line  # noqa: E402
from realtime_load import Client, sign_up  # noqa: E402

run = str(int(time.time() * 1000) % 1_000_000)
READS = {"health": ("GET", "/health"), "me": ("GET", "/me"), "deck": ("GET", "/date-an-intervention/deck"),
         "connections": ("GET", "/innovation-engine/connections"), "network": ("GET", "/innovation-engine/network"),
         "matches": ("GET", "/date-an-intervention/matches")}


def setup(base, path):
    client = Client(base)
    viewer = sign_up(client, f"rc{run}_v")[0]
    others = [sign_up(client, f"rc{run}_{index}")[0] for index in range(80)]
    codes = []
    for token in others:
        status, body = client.call("GET", "/innovation-engine/code", token=token)
        assert status == 200, (status, body)
        codes.append(body["code"] if "code" in body else body["link"])
    for code in codes[:40]:
        status, body = client.call("POST", "/innovation-engine/connections", {"code": code}, viewer)
        assert status in (200, 201), (status, body)
    status, deck = client.call("GET", "/date-an-intervention/deck?limit=50", token=viewer)
    assert status == 200, (status, deck)
    cards = [card["id"] for card in deck["cards"]]
    for card in cards[:20]:
        status, body = client.call("POST", "/date-an-intervention/swipes", {"interventionId": card, "direction": "like"}, viewer)
        assert status == 201, (status, body)
    with open(path, "w") as file:
        json.dump({"viewer": viewer, "codes": codes[40:], "cards": cards[20:]}, file)


class Requests:
    def __init__(self, base, path):
        with open(path) as file:
            self.state = json.load(file)
        self.client = Client(base)
        self.turn = 0

    def timed(self, name):
        """(ms, undo): one request of `name`, and what puts its change back."""
        viewer = self.state["viewer"]
        self.turn += 1
        if name in READS:
            method, path = READS[name]
            start = time.perf_counter()
            status, body = self.client.call(method, path, token=None if name == "health" else viewer)
            elapsed = (time.perf_counter() - start) * 1000
            assert status == 200, (name, status, body)
            return elapsed, None
        if name == "swipe":
            card = self.state["cards"][self.turn % len(self.state["cards"])]
            start = time.perf_counter()
            status, body = self.client.call("POST", "/date-an-intervention/swipes", {"interventionId": card, "direction": "like"}, viewer,
                                            idempotent=True)
            elapsed = (time.perf_counter() - start) * 1000
            assert status == 201, (name, status, body)
            return elapsed, lambda: self.expect(self.client.call("DELETE", "/date-an-intervention/swipes/last", token=viewer), 200, 204)
        if name == "connect":
            code = self.state["codes"][self.turn % len(self.state["codes"])]
            start = time.perf_counter()
            status, body = self.client.call("POST", "/innovation-engine/connections", {"code": code}, viewer, idempotent=True)
            elapsed = (time.perf_counter() - start) * 1000
            assert status == 201, (name, status, body)
            return elapsed, lambda: self.expect(
                self.client.call("DELETE", f"/innovation-engine/connections/{body['id']}", token=viewer), 204)
        raise SystemExit(f"no request named {name}")

    @staticmethod
    def expect(answer, *statuses):
        assert answer[0] in statuses, answer


def once(base, path, name, log):
    requests = Requests(base, path)
    _, undo = requests.timed(name)
    if undo:
        undo()
    time.sleep(0.5)  # the log written out
    start = os.stat(log).st_size
    _, undo = requests.timed(name)
    time.sleep(0.5)
    end = os.stat(log).st_size
    if undo:
        undo()
    print(start, end)


def timed_run(base, path, name, count, out):
    requests = Requests(base, path)
    times = []
    for index in range(20 + count):
        elapsed, undo = requests.timed(name)
        if undo:
            undo()
        if index >= 20:
            times.append(elapsed)
    with open(out, "a") as file:
        file.writelines(f"{value:.3f}\n" for value in times)


def stats(path):
    with open(path) as file:
        values = sorted(float(line) for line in file if line.strip())
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    print(f"{pick(0.50):.3f} {pick(0.99):.3f} {values[-1]:.3f} {len(values)}")


def pgbench(log, start, end, directory, name):
    statements = logged_statements(log, start, end)
    verb = lambda sql: sql.lstrip().split(None, 1)[0].upper()
    # Transaction control is the replay's own; the session's last use is written once a minute.
    left_out = [sql for sql, _ in statements
                if verb(sql) in ("BEGIN", "COMMIT", "ROLLBACK", "START") or re.match(r'(?is)\s*UPDATE\s+"?sessions"?\s+SET\s+"?last_used_at', sql)]
    statements = [item for item in statements if item[0] not in left_out]
    reads = sum(1 for sql, _ in statements if verb(sql) in ("SELECT", "WITH"))
    writes = len(statements) - reads
    names = {}
    lines = [pgbench_line(sql, values, names) for sql, values in statements]
    # The rows the captured request inserted are deleted once before the replays (the replay
    # inserts the same keys, in a transaction it rolls back; the API's requests make new ones).
    cleanup = []
    for sql, values in statements:
        match = re.match(r'(?is)\s*INSERT\s+INTO\s+("?[\w]+"?)\s*\(([^)]*)\)\s*VALUES\s*\((.*?)\)\s*(ON\s|RETURNING|$)', sql)
        if not match:
            continue
        columns = [column.strip().strip('"') for column in match.group(2).split(",")]
        cells = [cell.strip() for cell in match.group(3).split(",")]
        pairs = [(column, values.get(int(cell[1:]))) for column, cell in zip(columns, cells) if re.fullmatch(r"\$\d+", cell)]
        keys = [pair for pair in pairs if pair[0] == "id"] or [pair for pair in pairs if pair[1] is not None]
        if keys:
            quote = lambda value: "'" + value.replace("'", "''") + "'"
            cleanup.append(f"DELETE FROM {match.group(1)} WHERE " + " AND ".join(f'"{column}" = {quote(value)}' for column, value in keys) + ";\n")
    with open(f"{directory}/{name}-cleanup.sql", "w") as out:
        out.writelines(cleanup)
    if writes:
        lines = ["BEGIN;\n"] + lines + ["ROLLBACK;\n"]
    with open(f"{directory}/{name}.sql", "w") as out:
        out.writelines(lines)
    with open(f"{directory}/{name}.defs", "w") as out:
        for value, variable in names.items():
            if "\n" in value:
                raise SystemExit("a parameter holds a newline, which pgbench -D cannot take")
            out.write(f"-D\n{variable}={value}\n")
    print(reads, writes, len(left_out))


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "setup":
        setup(arguments[0], arguments[1])
    elif command == "once":
        once(arguments[0], arguments[1], arguments[2], arguments[3])
    elif command == "run":
        timed_run(arguments[0], arguments[1], arguments[2], int(arguments[3]), arguments[4])
    elif command == "pgbench":
        pgbench(arguments[0], int(arguments[1]), int(arguments[2]), arguments[3], arguments[4])
    elif command == "path":
        print("/api/v1" + READS[arguments[0]][1])
    elif command == "token":
        with open(arguments[0]) as file:
            print(json.load(file)["viewer"])
    elif command == "stats":
        stats(arguments[0])
    else:
        sys.exit(__doc__)
