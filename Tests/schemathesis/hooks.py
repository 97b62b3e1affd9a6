"""Schemathesis hooks for Kindred's contract run (loaded by scripts/lib/schemathesis_run.py).

The runner signs up the users and creates the data this file needs before Schemathesis starts, and
passes them in a JSON state file named by KINDRED_ST_STATE. Everything here is decided from the
generated case itself (never from a random source), so a run with the same seed makes the same
choices.

- Every operation is called as the run's main user, except:
  - the chat operations, as a user who liked every intervention (so a chat gets past the 409 for
    "not a match" whatever the main user's swipes, undos and deck resets did to its matches);
  - signOut, deleteAccount and revokeSession, which would end the main user's session or account:
    each call signs up a fresh user and acts as that user instead.
- Half of the schema-valid refresh tokens, sign-ins and sign-ups are swapped for real ones (a fresh
  user's refresh token, a real account's email and password, an unused email and username), and
  every schema-valid upload for a real PNG, so the success answers are checked against the contract
  too, not only the rejections. The other half stay as generated, so a schema-valid value the
  server refuses is still found.
- Half of the schema-valid page cursors are swapped for a real one (the list's own `nextCursor`
  for a first page of one item), so a next page is checked against the contract too.
- A few business rules (connecting to your own code; an avatar that is not your upload; a cursor
  the list never gave out; blocking or reporting yourself; a wrong password) are schema-valid requests the server rightly
  refuses with 422, and a made-up e-mailed link's token with 400 `invalid-link`; `filter_failure` lets exactly those through.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import struct
import threading
import urllib.request
import zlib

import schemathesis

with open(os.environ["KINDRED_ST_STATE"], encoding="utf-8") as _file:
    STATE = json.load(_file)

API = STATE["api"]  # e.g. http://127.0.0.1:8080/api/v1
MAIN_BEARER = "Bearer " + STATE["mainToken"]
CHAT_BEARER = "Bearer " + STATE["chatToken"]

CHAT_OPERATIONS = {
    "GET /date-an-intervention/chats/{interventionId}",
    "POST /date-an-intervention/chats/{interventionId}/messages",
    "POST /date-an-intervention/chats/{interventionId}/retry",
}
# Lists that page (`limit` + `cursor` in, `items` + `nextCursor` out).
PAGED_LISTS = {
    "GET /me/sessions", "GET /me/alerts", "GET /blocks", "GET /innovation-engine/connections", "GET /date-an-intervention/matches",
    "GET /kinnect/follow-requests", "GET /kinnect/feed", "GET /kinnect/saved", "GET /kinnect/activity",
    "GET /memories/friends", "GET /memories/friend-requests", "GET /memories/books", "GET /memories/activity",
    "GET /rin/blocks", "GET /rin/network/links",
}
# Paged lists of one post, comment or profile: their first page depends on which, so a cursor is
# left as generated (and refused as one the list never gave out).
PAGED_LISTS_OF_SOMETHING = {
    "GET /kinnect/profiles/{username}/followers", "GET /kinnect/profiles/{username}/following",
    "GET /kinnect/profiles/{username}/posts", "GET /kinnect/posts/{postId}/likes", "GET /kinnect/posts/{postId}/comments",
    "GET /kinnect/comments/{commentId}/replies",
    "GET /memories/books/{bookId}/pages", "GET /memories/books/{bookId}/drafts",
    "GET /rin/profiles/{profileId}/contacts", "GET /rin/circles/{circleId}/members",
    "GET /rin/profiles/{profileId}/imports", "GET /rin/profiles/{profileId}/suggestions", "GET /rin/profiles/{profileId}/merges",
    "GET /rin/profiles/{profileId}/conflicts", "GET /rin/profiles/{profileId}/asks", "GET /rin/security/items",
}
CURSOR_REFUSED = "That cursor is not one this list gave out. Start again from the first page."

# These end the caller's session or account, so each call gets a user of its own.
FRESH_USER_OPERATIONS = {"POST /auth/sign-out", "DELETE /me", "DELETE /me/sessions/{sessionId}"}

_counter = itertools.count(1)
_lock = threading.Lock()


def post_json(path: str, body: dict, token: str | None = None) -> dict:
    request = urllib.request.Request(API + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def get_json(path: str, token: str) -> dict:
    request = urllib.request.Request(API + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def fresh_user() -> dict:
    """A new account with a body-delivered refresh token: accessToken, refreshToken, sessionId."""
    with _lock:
        number = next(_counter)
    name = f"{STATE['prefix']}f{number}"
    return post_json("/auth/sign-up", {
        "email": f"{name}@schemathesis.kindred.test", "password": STATE["password"], "username": name,
        "refreshTokenDelivery": "body",
    })


def coin(*values: object) -> bool:
    """A fair coin decided by the generated data, so the same seed makes the same choice."""
    digest = hashlib.sha256(repr(values).encode("utf-8", "surrogatepass")).digest()
    return digest[0] % 2 == 0


def is_positive(case) -> bool:
    return case.meta is not None and case.meta.generation.mode.is_positive


def png(width: int, height: int, seed: int) -> bytes:
    """A small RGB PNG with no ancillary chunks."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes((seed + x * 7 + y * 13) % 256 for x in range(width * 3)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@schemathesis.auth(refresh_interval=None)
class KindredBearer:
    """The main user's token, or the chat user's for the chat operations."""

    def get(self, case, context):
        return CHAT_BEARER if context.operation.label in CHAT_OPERATIONS else MAIN_BEARER

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = data


@schemathesis.hook
def before_call(context, case, kwargs):
    label = case.operation.label
    headers = case.headers or {}
    # Only a request carrying the main user's token is redirected; the auth checks' probes
    # (no token, a made-up token) are left exactly as they are.
    if label in FRESH_USER_OPERATIONS and headers.get("Authorization") == MAIN_BEARER:
        user = fresh_user()
        headers["Authorization"] = "Bearer " + user["accessToken"]
        case.headers = headers
        if label == "DELETE /me/sessions/{sessionId}" and is_positive(case) and coin(case.path_parameters):
            case.path_parameters = {**(case.path_parameters or {}), "sessionId": user["sessionId"]}
    elif label == "POST /auth/refresh" and is_positive(case) and isinstance(case.body, dict) \
            and isinstance(case.body.get("refreshToken"), str) and coin(case.body):
        case.body = {**case.body, "refreshToken": fresh_user()["refreshToken"]}
    elif label == "POST /auth/sign-in" and is_positive(case) and isinstance(case.body, dict) and coin(case.body):
        case.body = {**case.body, "email": STATE["signInEmail"], "password": STATE["password"]}
    elif label == "POST /auth/sign-up" and is_positive(case) and isinstance(case.body, dict) and coin(case.body):
        # A new, well-formed email and username; the password, name and device stay as generated.
        with _lock:
            name = f"{STATE['prefix']}u{next(_counter)}"
        case.body = {**case.body, "email": f"{name}@schemathesis.kindred.test", "username": name}
    elif label in PAGED_LISTS and is_positive(case) and (case.query or {}).get("cursor") and coin(case.query):
        first = get_json(case.operation.path + "?limit=1", STATE["mainToken"])
        if first.get("nextCursor"):
            case.query = {**case.query, "cursor": first["nextCursor"]}
    elif label == "POST /media" and is_positive(case):
        # The contract can only say "bytes"; the server takes images and videos (415 otherwise), which
        # the operation's description says. A positive case sends a real PNG of varying size.
        digest = hashlib.sha256(case.body if isinstance(case.body, bytes) else repr(case.body).encode()).digest()
        case.body = png(1 + digest[0] % 48, 1 + digest[1] % 48, digest[2])


# Schema-valid requests the server refuses for a reason no JSON Schema can state, each with the one
# field error it gives. Only a 422 whose errors are exactly one of these is let through; any other
# error on the same request still fails the run.
BUSINESS_RULES = {
    ("POST /innovation-engine/connections", "code", "That is your own code. Scan someone else's."),
    ("PATCH /me", "avatarId", "Upload the picture first; that media id is not one of yours."),
    ("PATCH /rin/profiles/{profileId}", "photoId", "Upload the picture first; that media id is not one of yours."),
    ("PATCH /rin/profiles/{profileId}", "photoId", "Upload a photo of its own for this profile: that one is already shown on another of yours."),
    ("POST /blocks", "username", "You can't block yourself."),
    ("GET /rin/people/search", "q", "Type a name to search for."),
    ("POST /kinnect/follows", "username", "You can't follow yourself."),
    ("POST /kinnect/posts/{postId}/comments", "replyTo", "That comment is not on this post (any more)."),
    ("POST /kinnect/posts/{postId}/comments", "text", "Write something first."),
    ("POST /kinnect/posts", "media", "Each photo, thumbnail, video and poster is a different upload."),
    ("POST /kinnect/posts", "media", "A photo or video is already in use. Upload it again for this post."),
    *(("POST /kinnect/posts", f"media[{i}]", "Upload it first; that media id is not one of yours.") for i in range(10)),
    # A query of only spaces is within the contract's length but names nobody.
    ("GET /kinnect/people", "q", "Type a name or a username."),
    ("POST /reports", "target", "You can't report yourself or your own content."),
    *((label, "cursor", CURSOR_REFUSED) for label in PAGED_LISTS | PAGED_LISTS_OF_SOMETHING),
    ("POST /memories/friend-requests", "username", "You can't be friends with yourself."),
    ("POST /memories/drafts/{draftId}/send", "draftId", "Write something before sending this letter."),
    ("PATCH /memories/books/{bookId}", "removeCoverPhoto", "Choose a new cover photo or remove it, not both."),
    ("PATCH /memories/books/{bookId}", "coverPhotoId", "Upload the photo first; that media id is not one of yours or this book's."),
    # A circle's name counts characters as people do (a family emoji is one); JSON Schema counts code points.
    ("POST /rin/profiles/{profileId}/circles", "name", "A circle's name is at most 30 characters."),
    ("PATCH /rin/circles/{circleId}", "name", "A circle's name is at most 30 characters."),
    # One emoji: JSON Schema cannot say which strings are one.
    ("POST /rin/profiles/{profileId}/circles", "emoji", "Choose one emoji, or none (removeEmoji)."),
    ("PATCH /rin/circles/{circleId}", "emoji", "Choose one emoji, or none (removeEmoji)."),
    # A contact is linked by a username or a card's token: one of the two, which JSON Schema's
    # optional properties cannot say without a oneOf the generator would make awkward.
    ("PUT /rin/contacts/{contactId}/link", "username", "Give their username or their card's link, one of the two."),
    # Any string is a schema-valid password; only the account's own confirms a change of address.
    ("PUT /me/email", "password", "That password is not this account's."),
}

# An e-mailed link's token is any string to a schema, and only the ones Kindred sent work: a made-up
# one is refused with 400 `invalid-link` (the session, if any, is fine, so not 401).
LINK_OPERATIONS = {"POST /auth/email-verification/confirm", "POST /auth/password-reset/confirm"}

# A Memories page is checked whole by the MemoriesCanvas module, and some of its rules name the
# value they are about, so they are matched by pattern: (operation, field, message).
MEMORIES_CANVAS_OPERATIONS = r"(POST /memories/books/\{bookId\}/(pages|drafts)|PUT /memories/drafts/\{draftId\}|POST /memories/pages/\{pageId\}/operations)"
PATTERN_RULES = [
    # A point's x, y and pressure run from 0 to 1; JSON Schema can only bound all four numbers alike.
    (MEMORIES_CANVAS_OPERATIONS, r".*\.points\[\d+\]\[[012]\]", r"Must be from 0 to 1 \(.*\)\."),
    (MEMORIES_CANVAS_OPERATIONS, r".*\.id", r"Another element on this page has the id `.*`\."),
    (MEMORIES_CANVAS_OPERATIONS, r".*mediaId", r"Upload the photo first; that media id is not one of yours or this book's\."),
    (MEMORIES_CANVAS_OPERATIONS, r".*mediaId", r"Only photos go on a page; that upload is a video\."),
    # A region is two capital letters in the contract; Rin knows the phone numbering of 245 of them.
    (r"PATCH /rin/settings", r"defaultRegion", r"Rin doesn't know the phone numbering of [A-Z]{2}; .*"),
    # Whether a value reads as a phone number, an e-mail address or a date, and which labels fit a
    # kind, is the field's kind's rule (docs/RIN.md §2.2), not a schema's.
    (r"(POST /rin/profiles/\{profileId\}/fields|PATCH /rin/profiles/\{profileId\}/fields/\{fieldId\})", r"value|label|kind|isPrimary", r".*"),
    # A contact's values: only an address may hold more than one line.
    (r"(POST /rin/profiles/\{profileId\}/contacts|PATCH /rin/contacts/\{contactId\})", r"values\[\d+\]\.value", r".*"),
    (r"(POST /rin/profiles/\{profileId\}/contacts|PATCH /rin/contacts/\{contactId\})", r"displayName",
     r"(Give the contact|A contact keeps) a name, an organisation, a phone or an e-mail\."),
    (r"POST /rin/circles/\{circleId\}/members", r"profileIds", r"Name at least one person or contact to add\."),
    # The kinds of notification are the apps' to declare (KindredApp.notificationKinds), not the contract's.
    (r"PATCH /me/notifications", r"kinds", r"There is no kind of notification called “.*”\."),
    # A push device is exactly one of the two; an endpoint must be a browser's push service (a list
    # the operator sets, against server-side request forgery); keys must be what a browser makes.
    (r"PUT /me/push-device", r"webPush", r"Send exactly one of webPush and apns\."),
    (r"PUT /me/push-device", r"webPush\.endpoint", r"Notifications can only go to a browser’s own push service; this endpoint is not one\."),
    (r"PUT /me/push-device", r"webPush\.keys\.(p256dh|auth)", r"This is not a .* in base64url, as a browser gives it\."),
    (r"PUT /me/push-device", r"apns\.token", r"A device token is hexadecimal, two digits a byte\."),
]


@schemathesis.hook
def filter_failure(context, failure, case, response):
    if getattr(failure, "code", None) != "ST202":
        return True
    if response.status_code == 400 and case.operation.label in LINK_OPERATIONS:
        try:
            return not str(response.json().get("type", "")).endswith("/invalid-link")
        except Exception:
            return True
    if response.status_code != 422:
        return True
    try:
        errors = response.json().get("errors") or []
    except Exception:
        return True
    found = {(case.operation.label, error.get("field"), error.get("message")) for error in errors}

    def allowed(rule: tuple) -> bool:
        return rule in BUSINESS_RULES or any(
            re.fullmatch(label, rule[0]) and re.fullmatch(field, rule[1] or "") and re.fullmatch(message, rule[2] or "")
            for label, field, message in PATTERN_RULES)

    return not (found and all(allowed(rule) for rule in found))
