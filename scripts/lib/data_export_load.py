"""Times "Download my data" for an account with POSTS Kinnect posts, each with its own photo in
two renditions (a 1080 x 1350 display and a 400 x 500 thumbnail, as the web client uploads them),
made through the API. For scripts/bench-data-export.

    python3 data_export_load.py BASE POSTS DISPLAY.png THUMBNAIL.png

Prints one JSON object: the setup's time, the export's time from asking to ready (polled every
20 ms), the ZIP's size and entry count, the download's time, and the same bytes' time read
straight off the disk (the peer: what copying the files alone costs here)."""
import io, json, sys, time, urllib.request, uuid, zipfile
from concurrent.futures import ThreadPoolExecutor

# The same API helper as Kinnect's load script (standard library only).
from kinnect_load import call


def main():
    base, posts, display_path, thumbnail_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    display, thumbnail = open(display_path, "rb").read(), open(thumbnail_path, "rb").read()
    name = "exp" + uuid.uuid4().hex[:8]
    status, session = call(base, "POST", "/auth/sign-up", {"email": f"{name}@example.com", "password": "benchmark!", "username": name})
    assert status == 201, session
    token = session["accessToken"]
    started = time.perf_counter()

    def post(index):
        ids = []
        for data in (display, thumbnail):
            status, item = call(base, "POST", "/media", token=token, raw=data)
            assert status == 201, (status, item)
            ids.append(item["id"])
        status, made = call(base, "POST", "/kinnect/posts",
                            {"caption": f"Post {index}", "media": [{"display": ids[0], "thumbnail": ids[1]}]}, token)
        assert status == 201, (status, made)
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(post, range(posts)))
    setup = time.perf_counter() - started

    started = time.perf_counter()
    status, export = call(base, "POST", "/me/data-export", token=token)
    assert status == 202, (status, export)
    while export["status"] == "building":
        time.sleep(0.02)
        status, export = call(base, "GET", "/me/data-export", token=token)
        assert status == 200, (status, export)
    built = time.perf_counter() - started
    assert export["status"] == "ready", export

    started = time.perf_counter()
    with urllib.request.urlopen(base + export["url"], timeout=300) as response:
        zipped = response.read()
    downloaded = time.perf_counter() - started
    entries = zipfile.ZipFile(io.BytesIO(zipped)).namelist()
    print(json.dumps({"posts": posts, "files": sum(1 for e in entries if e.startswith("media/")), "entries": len(entries),
                      "zip_bytes": len(zipped), "setup_s": round(setup, 2), "export_s": round(built, 3),
                      "download_s": round(downloaded, 3), "steps": export["total"]}))


if __name__ == "__main__":
    main()
