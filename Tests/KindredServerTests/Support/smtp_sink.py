#!/usr/bin/env python3
"""A real SMTP server on loopback that keeps every message it is given.

Kindred's SMTP client is tested against it. Built on aiosmtpd, so the
protocol (EHLO, STARTTLS, AUTH PLAIN/LOGIN, dot-unstuffing, SIZE, 8BITMIME,
SMTPUTF8) is an independent implementation, not one written to match ours.

    python smtp_sink.py --dir DIR [--user U --password P]
        [--tls none|starttls|implicit] [--require-auth]
        [--reject-rcpt ADDRESS ...] [--verbose]

- With TLS, a self-signed certificate for localhost and 127.0.0.1 is made
  with the openssl command into DIR/cert.pem and DIR/key.pem; a client
  trusts DIR/cert.pem as its only root.
- It listens on 127.0.0.1, on a port the kernel picks, and once it accepts
  connections prints one line to stdout, `READY <port> <DIR/cert.pem or ->`
  (DIR made absolute). Nothing else goes to stdout.
- starttls: STARTTLS is offered and required before anything but EHLO,
  NOOP and QUIT (530). AUTH is offered only after STARTTLS.
  implicit: TLS from the first byte (SMTPS); AUTH is offered at once.
  none: plain text; AUTH (if configured) is offered in the clear.
- --user/--password offer AUTH PLAIN and LOGIN; other credentials get 535.
  --require-auth answers MAIL, RCPT and DATA without AUTH with 530.
- --reject-rcpt ADDRESS (repeatable, case-insensitive) answers RCPT for that
  address with 550.
- Each accepted message becomes DIR/messages/<n>.eml (the DATA bytes as
  received, CRLFs kept, dot-unstuffed, ending with the CRLF before the final
  dot) and DIR/messages/<n>.json, n = 1, 2, ... The .json is written last,
  atomically, and both exist before the client gets its 250 for DATA:
  {"mail_from", "rcpt_tos", "authenticated_as", "tls", "smtputf8",
   "mail_options"}.
- Runs until SIGTERM or SIGINT (exit 0), or until the process that started
  it goes away, so a crashed test leaves no server behind.

Requires: aiosmtpd; the openssl command for TLS.
"""
import argparse
import asyncio
import json
import logging
import os
import signal
import ssl
import subprocess
import sys
import tempfile
import warnings

try:
    from aiosmtpd.smtp import SMTP, AuthResult
except ImportError:
    print("smtp_sink.py: aiosmtpd is not installed (pip install -r Tests/requirements.txt)", file=sys.stderr)
    sys.exit(3)

OPENSSL_CONFIG = """\
[req]
distinguished_name = dn
x509_extensions = leaf
prompt = no
[dn]
CN = localhost
[leaf]
basicConstraints = critical, CA:FALSE
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1
subjectKeyIdentifier = hash
"""


def make_certificate(directory):
    """A self-signed RSA certificate for localhost and 127.0.0.1, valid for 30 days.

    No keyUsage extension: with one lacking keyCertSign, OpenSSL and
    BoringSSL would not treat the certificate as its own issuer, and a
    client trusting it as a root could not verify it.
    """
    cert = os.path.join(directory, "cert.pem")
    key = os.path.join(directory, "key.pem")
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", dir=directory, delete=False) as config:
        config.write(OPENSSL_CONFIG)
    try:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "30",
             "-config", config.name, "-keyout", key, "-out", cert],
            check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
    except FileNotFoundError:
        sys.exit("smtp_sink.py: the openssl command is needed for TLS")
    except subprocess.CalledProcessError as error:
        sys.exit("smtp_sink.py: openssl failed: " + error.stderr.decode(errors="replace"))
    finally:
        os.unlink(config.name)
    return cert, key


class Sink:
    """aiosmtpd handler: rejects chosen recipients and writes each message to disk."""

    def __init__(self, messages, reject, offer_auth):
        self.messages = messages
        self.reject = {address.lower() for address in reject}
        self.offer_auth = offer_auth
        numbers = [int(name[:-5]) for name in os.listdir(messages) if name.endswith(".json") and name[:-5].isdigit()]
        self.count = max(numbers, default=0)

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        # aiosmtpd lists "250-AUTH" (even with no mechanisms) whenever AUTH is
        # allowed on the connection; without credentials, offer none.
        session.host_name = hostname
        if not self.offer_auth:
            responses = [line for line in responses if not line.upper().startswith("250-AUTH")]
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.reject:
            return "550 5.1.1 <%s>: Recipient address rejected" % address
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(rcpt_options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        number = self.count
        content = envelope.original_content
        if content is None:
            content = envelope.content if isinstance(envelope.content, bytes) else envelope.content.encode()
        transport = server.transport
        login = getattr(session.auth_data, "login", None) if session.authenticated else None
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "authenticated_as": login.decode("utf-8", "replace") if isinstance(login, bytes) else login,
            "tls": transport is not None and transport.get_extra_info("ssl_object") is not None,
            "smtputf8": bool(envelope.smtp_utf8),
            "mail_options": list(envelope.mail_options),
        }
        with open(os.path.join(self.messages, "%d.eml" % number), "wb") as file:
            file.write(content)
        temporary = os.path.join(self.messages, ".%d.json.tmp" % number)
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(record, file)
        os.replace(temporary, os.path.join(self.messages, "%d.json" % number))
        return "250 2.0.0 OK: queued as %d" % number


def make_authenticator(user, password):
    user, password = user.encode(), password.encode()

    def authenticate(server, session, envelope, mechanism, auth_data):
        # auth_data is aiosmtpd's LoginPassword(login: bytes, password: bytes).
        if auth_data.login == user and auth_data.password == password:
            return AuthResult(success=True, auth_data=auth_data)
        return AuthResult(success=False, handled=False)  # aiosmtpd answers 535 5.7.8

    return authenticate


async def serve(options):
    directory = os.path.abspath(options.dir)
    messages = os.path.join(directory, "messages")
    os.makedirs(messages, exist_ok=True)

    context = None
    cert = "-"
    if options.tls != "none":
        cert, key = make_certificate(directory)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)

    offer_auth = options.user is not None
    handler = Sink(messages, options.reject_rcpt, offer_auth)
    loop = asyncio.get_running_loop()

    def protocol():
        return SMTP(
            handler,
            loop=loop,
            hostname="localhost",  # the default, socket.getfqdn(), can wait on DNS
            enable_SMTPUTF8=True,
            # STARTTLS is offered only on a plain connection that can upgrade.
            tls_context=context if options.tls == "starttls" else None,
            require_starttls=options.tls == "starttls",
            authenticator=make_authenticator(options.user, options.password) if offer_auth else None,
            auth_required=options.require_auth,
            # aiosmtpd counts only STARTTLS as TLS; under implicit TLS it would
            # never offer AUTH, and with none AUTH is allowed in the clear on purpose.
            auth_require_tls=options.tls == "starttls",
            auth_exclude_mechanism=None if offer_auth else ["PLAIN", "LOGIN"],
        )

    server = await loop.create_server(
        protocol, host="127.0.0.1", port=0, ssl=context if options.tls == "implicit" else None,
    )
    await server.start_serving()
    port = server.sockets[0].getsockname()[1]

    stop = asyncio.Event()
    # A child inherits its parent's blocked signals: started from a Swift test process (whose
    # threads block SIGTERM), the sink would never see the signal that stops it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    parent = os.getppid()

    async def watch_parent():
        while os.getppid() == parent:
            await asyncio.sleep(0.5)
        stop.set()

    watcher = loop.create_task(watch_parent())

    sys.stdout.write("READY %d %s\n" % (port, cert))
    sys.stdout.flush()

    await stop.wait()
    watcher.cancel()
    server.close()


def main():
    parser = argparse.ArgumentParser(description="SMTP server on 127.0.0.1 that writes each message to DIR/messages.")
    parser.add_argument("--dir", required=True, help="where cert.pem, key.pem and messages/ go")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    parser.add_argument("--require-auth", action="store_true", help="530 for MAIL, RCPT and DATA before AUTH")
    parser.add_argument("--reject-rcpt", action="append", default=[], metavar="ADDRESS",
                        help="answer RCPT TO this address with 550 (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="log the SMTP conversation to stderr")
    options = parser.parse_args()
    if (options.user is None) != (options.password is None):
        parser.error("--user and --password go together")
    if options.require_auth and options.user is None:
        parser.error("--require-auth needs --user and --password")

    # aiosmtpd warns on every connection when AUTH is required without STARTTLS;
    # that is intended here, and a test that never reads stderr must not fill its pipe.
    warnings.simplefilter("ignore")
    logging.basicConfig(stream=sys.stderr, format="smtp_sink: %(message)s")
    logging.getLogger("mail.log").setLevel(logging.DEBUG if options.verbose else logging.ERROR)
    asyncio.run(serve(options))


if __name__ == "__main__":
    main()
