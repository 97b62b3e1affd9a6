#!/usr/bin/env python3
"""Apple's Push Notification service on loopback: HTTP/2 over TLS, checking what it is sent the
way APNs does (developer.apple.com, "Sending notification requests to APNs").

Kindred's APNs sender is tested against it.

    python apns_server.py <provider-public-key.pem> <team-id> <key-id> <topic> <ca-out.pem>

- Makes a CA and a certificate for 127.0.0.1, writes the CA to <ca-out.pem> (the client trusts
  it), and listens on 127.0.0.1 with TLS, offering only `h2` by ALPN. A second, plain HTTP/1.1
  port is for the test to look and steer. Prints one line, `READY <h2-port> <control-port>`.
- POST /3/device/<token> (HTTP/2) answers as APNs does:
  - 403 {"reason": "MissingProviderToken"} without `authorization: bearer <jwt>`;
    403 InvalidProviderToken when the JWT is not ES256 signed by the provider key, its `kid`
    is not <key-id> or its `iss` not <team-id>; 403 ExpiredProviderToken when `iat` is more than
    an hour old (or ahead);
  - 400 BadDeviceToken for a token that is not 64 hex digits or more; 400 MissingTopic /
    BadTopic when `apns-topic` is missing or not <topic>; 400 InvalidPushType when
    `apns-push-type` is not `alert` or `background`; 400 PayloadEmpty / BadPayload when the body
    is empty or not a JSON object with `aps`; 413 PayloadTooLarge above 4096 bytes;
  - 410 {"reason": "Unregistered", "timestamp"} for a token told to be gone;
  - 429 TooManyRequests once when told to be busy;
  - else 200 with an `apns-id`, keeping the message.
- Control (HTTP/1.1): GET /devices/<token>/messages -> [{"headers", "payload"}];
  POST /devices/<token>/unregister; POST /busy; GET /stats -> {"received", "rejected", "connections"}.
- Runs until SIGTERM or SIGINT, or until the process that started it goes away.

Requires: h2, cryptography.
"""
import datetime
import ipaddress
import json
import os
import socket
import ssl
import sys
import tempfile
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from loopback import b64decode, end_with_parent

try:
    import h2.config
    import h2.connection
    import h2.events
    import h2.exceptions
    from cryptography import x509
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
    from cryptography.x509.oid import NameOID
except ImportError as error:
    print(f"apns_server.py: {error} (pip install -r Tests/requirements.txt)", file=sys.stderr)
    sys.exit(3)


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.messages = {}  # token -> [{"headers", "payload"}]
        self.unregistered = set()
        self.busy = False
        self.received = 0
        self.rejected = 0
        self.connections = 0


STATE = State()
PROVIDER_KEY = None
TEAM_ID = KEY_ID = TOPIC = None


def check_token(header):
    """None when the provider token is good, else APNs' reason."""
    if not header or not header.startswith("bearer "):
        return "MissingProviderToken"
    try:
        head_b64, claims_b64, signature_b64 = header[7:].split(".")
        head = json.loads(b64decode(head_b64))
        claims = json.loads(b64decode(claims_b64))
        raw = b64decode(signature_b64)
        if head.get("alg") != "ES256" or head.get("kid") != KEY_ID or claims.get("iss") != TEAM_ID or len(raw) != 64:
            return "InvalidProviderToken"
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        PROVIDER_KEY.verify(der, f"{head_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except (ValueError, InvalidSignature, json.JSONDecodeError):
        return "InvalidProviderToken"
    issued = claims.get("iat")
    if not isinstance(issued, int) or not time.time() - 3600 <= issued <= time.time() + 60:
        return "ExpiredProviderToken"
    return None


def answer_push(path, headers, body):
    """(status, reason or None)."""
    if headers.get(":method") != "POST" or not path.startswith("/3/device/"):
        return 404, "BadPath"
    token = path[len("/3/device/"):]
    reason = check_token(headers.get("authorization"))
    if reason:
        return 403, reason
    if len(token) < 64 or any(c not in "0123456789abcdefABCDEF" for c in token):
        return 400, "BadDeviceToken"
    if "apns-topic" not in headers:
        return 400, "MissingTopic"
    if headers["apns-topic"] != TOPIC:
        return 400, "BadTopic"
    if headers.get("apns-push-type") not in ("alert", "background"):
        return 400, "InvalidPushType"
    if not body:
        return 400, "PayloadEmpty"
    if len(body) > 4096:
        return 413, "PayloadTooLarge"
    try:
        payload = json.loads(body)
        if not isinstance(payload, dict) or not isinstance(payload.get("aps"), dict):
            return 400, "BadPayload"
    except json.JSONDecodeError:
        return 400, "BadPayload"
    with STATE.lock:
        if token in STATE.unregistered:
            return 410, "Unregistered"
        if STATE.busy:
            STATE.busy = False
            return 429, "TooManyRequests"
        STATE.messages.setdefault(token, []).append({"headers": headers, "payload": payload})
    return 200, None


def serve_h2(sock):
    config = h2.config.H2Configuration(client_side=False, header_encoding="utf-8")
    conn = h2.connection.H2Connection(config=config)
    conn.initiate_connection()
    sock.sendall(conn.data_to_send())
    streams = {}
    try:
        while True:
            data = sock.recv(65535)
            if not data:
                return
            for event in conn.receive_data(data):
                if isinstance(event, h2.events.RequestReceived):
                    streams[event.stream_id] = {"headers": dict(event.headers), "body": b""}
                elif isinstance(event, h2.events.DataReceived):
                    streams[event.stream_id]["body"] += event.data
                    conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                elif isinstance(event, h2.events.StreamEnded):
                    stream = streams.pop(event.stream_id)
                    status, reason = answer_push(stream["headers"].get(":path", ""), stream["headers"], stream["body"])
                    with STATE.lock:
                        if status == 200:
                            STATE.received += 1
                        else:
                            STATE.rejected += 1
                    response = [(":status", str(status)), ("apns-id", str(uuid.uuid4()).upper())]
                    if reason is None:
                        conn.send_headers(event.stream_id, response, end_stream=True)
                    else:
                        detail = {"reason": reason}
                        if status == 410:
                            detail["timestamp"] = int(time.time() * 1000)
                        body = json.dumps(detail).encode()
                        conn.send_headers(event.stream_id, response + [("content-type", "application/json"),
                                                                       ("content-length", str(len(body)))])
                        conn.send_data(event.stream_id, body, end_stream=True)
                elif isinstance(event, h2.events.ConnectionTerminated):
                    return
            outgoing = conn.data_to_send()
            if outgoing:
                sock.sendall(outgoing)
    except (OSError, ssl.SSLError, h2.exceptions.ProtocolError):
        return
    finally:
        sock.close()


def make_certificates(ca_out):
    """A CA (written to ca_out) and a server certificate for 127.0.0.1 signed by it."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Kindred test APNs CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    with open(ca_out, "wb") as f:
        f.write(ca.public_bytes(serialization.Encoding.PEM))
    folder = tempfile.mkdtemp(prefix="apns-server-")
    cert_path, key_path = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    with open(cert_path, "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_path, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()))
    return cert_path, key_path


class Control(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        with STATE.lock:
            if parts == ["stats"]:
                return self.answer(200, {"received": STATE.received, "rejected": STATE.rejected,
                                         "connections": STATE.connections})
            if len(parts) == 3 and parts[0] == "devices" and parts[2] == "messages":
                return self.answer(200, STATE.messages.get(parts[1], []))
        self.answer(404)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        parts = self.path.strip("/").split("/")
        with STATE.lock:
            if len(parts) == 3 and parts[0] == "devices" and parts[2] == "unregister":
                STATE.unregistered.add(parts[1])
                return self.answer(204)
            if parts == ["busy"]:
                STATE.busy = True
                return self.answer(204)
        self.answer(404)


def main():
    global PROVIDER_KEY, TEAM_ID, KEY_ID, TOPIC
    if len(sys.argv) != 6:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], "rb") as f:
        PROVIDER_KEY = serialization.load_pem_public_key(f.read())
    TEAM_ID, KEY_ID, TOPIC = sys.argv[2], sys.argv[3], sys.argv[4]
    cert_path, key_path = make_certificates(sys.argv[5])
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_path, key_path)
    context.set_alpn_protocols(["h2"])

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    control = ThreadingHTTPServer(("127.0.0.1", 0), Control)
    control.daemon_threads = True

    def accept():
        while True:
            client, _ = listener.accept()
            try:
                tls = context.wrap_socket(client, server_side=True)
            except (OSError, ssl.SSLError):
                client.close()
                continue
            if tls.selected_alpn_protocol() != "h2":
                tls.close()  # APNs speaks only HTTP/2
                continue
            with STATE.lock:
                STATE.connections += 1
            threading.Thread(target=serve_h2, args=(tls,), daemon=True).start()

    end_with_parent()
    threading.Thread(target=accept, daemon=True).start()
    print(f"READY {listener.getsockname()[1]} {control.server_address[1]}", flush=True)
    try:
        control.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
