"""Times a file's way up and down through Kindred's S3 media store, next to the same bytes sent
straight to the S3 server with boto3 (the peer), taking turns. For scripts/bench-media-s3.

    python s3_transfer.py BASE ENDPOINT BUCKET KEY_ID SECRET FILE RUNS

Prints one JSON object: for each of kindred_upload (POST /media), kindred_download (GET of the
signed URL it answered), s3_put (boto3 put_object, one signed request), s3_put_multipart
(boto3's upload_file in 8 MiB parts above 16 MiB, one at a time, as Kindred sends them) and s3_get
(get_object), the seconds of each run; and the sizes.
"""
import hashlib, http.client, json, os, sys, time, urllib.parse, urllib.request, uuid

import boto3
from boto3.s3.transfer import TransferConfig


def signup(base):
    name = "s3bench" + uuid.uuid4().hex[:8]
    body = json.dumps({"email": f"{name}@example.com", "password": "benchmark!", "username": name}).encode()
    request = urllib.request.Request(base + "/api/v1/auth/sign-up", data=body, headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["accessToken"]


def kindred_upload(base, token, path):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=300)
    size = os.path.getsize(path)
    started = time.perf_counter()
    with open(path, "rb") as body:
        connection.request("POST", "/api/v1/media", body=body, headers={
            "Content-Type": "application/octet-stream", "Content-Length": str(size),
            "Authorization": f"Bearer {token}", "Idempotency-Key": str(uuid.uuid4())})
        response = connection.getresponse()
        answer = response.read()
    elapsed = time.perf_counter() - started
    if response.status != 201:
        sys.exit(f"POST /media answered {response.status}: {answer[:300]!r}")
    return elapsed, json.loads(answer)


def kindred_download(base, media):
    started = time.perf_counter()
    digest, count = hashlib.sha256(), 0
    with urllib.request.urlopen(urllib.parse.urljoin(base, media["url"]), timeout=300) as response:
        while chunk := response.read(1 << 20):
            digest.update(chunk)
            count += len(chunk)
    elapsed = time.perf_counter() - started
    if count != media["byteCount"]:
        sys.exit(f"the signed URL gave {count} bytes of {media['byteCount']}")
    return elapsed


def main():
    base, endpoint, bucket, key_id, secret, path, runs = sys.argv[1:8]
    runs = int(runs)
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=key_id,
                      aws_secret_access_key=secret)
    parts = TransferConfig(multipart_threshold=16 << 20, multipart_chunksize=8 << 20, max_concurrency=1, use_threads=False)
    token = signup(base)
    times = {name: [] for name in ("kindred_upload", "kindred_download", "s3_put", "s3_put_multipart", "s3_get")}
    stored = None
    for run in range(runs):
        elapsed, media = kindred_upload(base, token, path)
        times["kindred_upload"].append(elapsed)
        stored = media["byteCount"]
        times["kindred_download"].append(kindred_download(base, media))

        key = f"peer-{run}.mp4"
        started = time.perf_counter()
        with open(path, "rb") as body:
            s3.put_object(Bucket=bucket, Key=key, Body=body)
        times["s3_put"].append(time.perf_counter() - started)
        started = time.perf_counter()
        s3.upload_file(path, bucket, key + ".parts", Config=parts)
        times["s3_put_multipart"].append(time.perf_counter() - started)
        started = time.perf_counter()
        body = s3.get_object(Bucket=bucket, Key=key)["Body"]
        while body.read(1 << 20):
            pass
        times["s3_get"].append(time.perf_counter() - started)
    print(json.dumps({"file_bytes": os.path.getsize(path), "stored_bytes": stored, "runs": runs, "seconds": times}))


if __name__ == "__main__":
    main()
