#!/usr/bin/env python3
"""An S3-compatible server on loopback that checks every request's signature.

Kindred's S3 media store is tested against it: moto's standalone server
(PyPI), an independent implementation of S3's API and of Signature Version 4
checking, not one written to match ours.

    python s3_server.py

- It starts moto on 127.0.0.1, on a port the kernel picks; makes an IAM user
  with an access key, and a bucket, while moto still lets requests in
  unsigned; then turns authentication on, so every later request must carry
  a valid signature by that key (a wrong one gets 403 SignatureDoesNotMatch
  or InvalidAccessKeyId).
- Once ready it prints one line to stdout:
  `READY <endpoint> <bucket> <access key id> <secret access key>`.
- Runs until SIGTERM or SIGINT (exit 0), or until the process that started it
  goes away, so a crashed test leaves no server behind.

Requires: moto[server] (which brings boto3).
"""
import socket
import threading
import urllib.request

import boto3
from moto.server import ThreadedMotoServer

from loopback import end_with_parent


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    plain = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="setup", aws_secret_access_key="setup")
    iam = boto3.client("iam", **plain)
    iam.create_user(UserName="kindred")
    iam.put_user_policy(UserName="kindred", PolicyName="media",
                        PolicyDocument='{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}')
    key = iam.create_access_key(UserName="kindred")["AccessKey"]
    bucket = "kindred-media"
    boto3.client("s3", **plain).create_bucket(Bucket=bucket)
    # From now on, nothing unsigned (or signed by another key) gets in.
    urllib.request.urlopen(urllib.request.Request(f"{endpoint}/moto-api/reset-auth", data=b"0", method="POST",
                                                  headers={"Content-Type": "text/plain"})).read()
    print(f"READY {endpoint} {bucket} {key['AccessKeyId']} {key['SecretAccessKey']}", flush=True)

    end_with_parent()
    threading.Event().wait()


if __name__ == "__main__":
    main()
