"""Date An Intervention under load, against a running Kindred. Standard library only.

  python3 dai_load.py ttft BASE_URL PROVIDER_URL [messages]
      Time to the first streamed token, sequentially: straight from the provider (the peer), and
      through Kindred's chat endpoint (auth, rate limit, saving the message, building the prompt).
  python3 dai_load.py users BASE_URL COUNT FILE
      Signs up COUNT people who each swipe a few cards; writes their tokens, one per line, to FILE.
"""
import http.client, json, statistics, sys, time, urllib.parse, urllib.request
from concurrent.futures import ThreadPoolExecutor

run = str(int(time.time() * 1000) % 1_000_000)


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + "/api/v1" + path, data=json.dumps(body).encode() if body is not None else None, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def sign_up(base, index):
    name = f"dai{run}_{index}"
    return call(base, "POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "load test!", "username": name[:20]})["accessToken"]


def first_token_ms(url, path, body, headers, is_first):
    """Milliseconds from sending the request to the first line `is_first` accepts, then drains."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    payload = json.dumps(body).encode()
    start = time.perf_counter()
    connection.request("POST", path, payload, {"content-type": "application/json", **headers})
    response = connection.getresponse()
    assert response.status == 200, (response.status, response.read()[:300])
    elapsed = None
    while True:
        line = response.readline()
        if not line:
            break
        if elapsed is None and is_first(line):
            elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    assert elapsed is not None, "no token arrived"
    return elapsed


def percentiles(values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    return f"p50={pick(0.50):.2f}ms p90={pick(0.90):.2f}ms p99={pick(0.99):.2f}ms max={values[-1]:.2f}ms"


def ttft(base, provider, messages):
    token = sign_up(base, 0)
    deck = call(base, "GET", "/date-an-intervention/deck?limit=10", token=token)
    matches = [card["id"] for card in deck["cards"]]
    for card in matches:
        call(base, "POST", "/date-an-intervention/swipes", {"interventionId": card, "direction": "like"}, token)
    direct, through = [], []
    prompt = {"model": "bench", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    for index in range(messages):
        # Interleaved, so both see the same machine at the same moment.
        direct.append(first_token_ms(provider, "/v1/chat/completions", prompt, {},
                                     lambda line: line.startswith(b"data: {") and b'"content": "word' in line))
        through.append(first_token_ms(base, f"/api/v1/date-an-intervention/chats/{matches[index % len(matches)]}/messages",
                                      {"text": f"Message {index}: what are your risks?"}, {"authorization": "Bearer " + token},
                                      lambda line: line.startswith(b"event: delta")))
    added = [t - d for t, d in zip(through, direct)]
    print(f"  provider directly (peer): {percentiles(direct)}")
    print(f"  through kindred:          {percentiles(through)}")
    print(f"  added by kindred:         {percentiles(added)}  (n={messages}, pairwise)")


def users(base, count, path):
    with ThreadPoolExecutor(8) as pool:
        tokens = list(pool.map(lambda index: sign_up(base, index), range(count)))
    for token in tokens:
        deck = call(base, "GET", "/date-an-intervention/deck?limit=5", token=token)
        for card, direction in zip(deck["cards"], ["like", "pass", "superlike", "pass", "like"]):
            call(base, "POST", "/date-an-intervention/swipes", {"interventionId": card["id"], "direction": direction}, token)
    with open(path, "w") as handle:
        handle.write("\n".join(tokens) + "\n")


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "ttft":
        ttft(sys.argv[2].rstrip("/"), sys.argv[3].rstrip("/"), int(sys.argv[4]) if len(sys.argv) > 4 else 500)
    elif mode == "users":
        users(sys.argv[2].rstrip("/"), int(sys.argv[3]), sys.argv[4])
