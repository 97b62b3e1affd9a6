"""The API side of scripts/bench-rin-score, against a running Kindred. Standard library only.

  python3 rin_score_load.py signup BASE COUNT FILE
      Signs up rinscore1 … rinscoreCOUNT and makes each one's Rin profile (a first GET /rin/score);
      writes "ACCESS_TOKEN USER_ID" lines to FILE. The seed then makes them seeded people 1 … COUNT.
  python3 rin_score_load.py score BASE FILE REQUESTS
      GET /rin/score REQUESTS times, the people of FILE in turn, one request at a time on one
      kept-alive connection, after 20 unmeasured; checks each answer holds a provisional score
      and prints p50/p99/max in ms (client side, whole response read) and how many were official.
"""
import http.client, json, sys, time, urllib.parse

from kinnect_load import call, sign_up, stats


def signup(base, count, path):
    lines = []
    for n in range(1, count + 1):
        token, user = sign_up(base, f"rinscore{n}")
        status, body = call(base, "GET", "/rin/score", token=token)
        assert status == 200, (status, body)
        lines.append(f"{token} {user}\n")
    with open(path, "w") as file:
        file.writelines(lines)


def score(base, path, requests):
    tokens = [line.split()[0] for line in open(path) if line.strip()]
    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    times, official, links = [], 0, 0
    for index in range(requests + 20):
        headers = {"authorization": "Bearer " + tokens[index % len(tokens)], "accept": "application/json"}
        start = time.perf_counter()
        connection.request("GET", "/api/v1/rin/score", headers=headers)
        response = connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status == 200, (response.status, body[:300])
        answer = json.loads(body)
        assert "provisional" in answer, sorted(answer)
        if index >= 20:
            times.append(elapsed)
            official += answer.get("official") is not None
    p50, p99, worst, count = stats(times).split()
    print(f"provisional score on request (GET /rin/score, {len(tokens)} people of about 150 links, one at a time): "
          f"p50 {p50} ms, p99 {p99} ms, max {worst} ms over {count}; {official} of them with an official score")


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "signup":
        signup(arguments[0], int(arguments[1]), arguments[2])
    elif command == "score":
        score(arguments[0], arguments[1], int(arguments[2]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
