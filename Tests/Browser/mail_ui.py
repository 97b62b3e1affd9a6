"""Reading the e-mail Kindred sends. In development the server writes every message as an RFC 5322
`.eml` file into KINDRED_MAIL_DIR (scripts/test exports the server's `<data dir>/mail`); these
helpers wait for the one a test expects and read it with Python's own `email` package, as a mail
program would: headers decoded, base64 or quoted-printable body undone."""
import email
import email.policy
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

VERIFY_SUBJECT = "Confirm your e-mail address"
RESET_SUBJECT = "Reset your password"
CHANGED_SUBJECT = "Your e-mail address was changed"

# The web client's page for a link, with the token in the fragment: {origin}/#/page?token=…
LINK = re.compile(r"https?://[^\s/]+/#/[a-z-]+\?token=[^\s]+")


@dataclass
class Mail:
    name: str
    to: list
    subject: str
    text: str
    link: str | None


def mail_dir():
    path = os.environ.get("KINDRED_MAIL_DIR", "").strip()
    if not path:
        pytest.fail("KINDRED_MAIL_DIR is not set: point it at the directory the server writes e-mail to "
                    "(its <data dir>/mail, which scripts/test exports).", pytrace=False)
    return Path(path)


def mail_names():
    """The messages there now, so a test can wait for one sent after this moment."""
    folder = mail_dir()
    return {p.name for p in folder.glob("*.eml")} if folder.is_dir() else set()


def read_mail(path):
    with open(path, "rb") as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    text = msg.get_body(preferencelist=("plain",)).get_content()
    found = LINK.search(text)
    return Mail(name=path.name, to=[a.addr_spec.lower() for a in msg["To"].addresses],
                subject=str(msg["Subject"]), text=text, link=found.group(0) if found else None)


def messages(to, subject=None, seen=()):
    """Messages to `to` (with `subject`, if given) not in `seen`, oldest first: the server names
    each file after the time it wrote it."""
    folder = mail_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.eml")):
        if path.name in seen:
            continue
        mail = read_mail(path)
        if to.lower() in mail.to and (subject is None or mail.subject == subject):
            found.append(mail)
    return found


def wait_for_mail(to, subject, seen=(), timeout=15):
    """The newest message to `to` with `subject` that was not in `seen` (see mail_names). Mail goes
    out after the request is answered, so it may take a moment to land."""
    deadline = time.monotonic() + timeout
    while True:
        found = messages(to, subject, seen)
        if found:
            return found[-1]
        if time.monotonic() > deadline:
            pytest.fail(f"no e-mail to {to} with subject {subject!r} within {timeout} s "
                        f"(in {mail_dir()}: {sorted(mail_names() - set(seen))})", pytrace=False)
        time.sleep(0.2)


def token_of(link):
    """The token of a link the server sent, for arranging through the API."""
    return link.split("?token=", 1)[1]
