"""Helpers for the Kindred browser tests: data-testid lookups, an API client for arranging
data, unique accounts, a hand-made PNG, real-sized JPEGs, and the network switches (offline,
slow, stalled) that Chromium's DevTools protocol offers."""
import json
import struct
import urllib.error
import urllib.request
import uuid
import zlib

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT_SECONDS = 15


class UI:
    """Small helpers over the data-testid hooks the web shell exposes."""

    def __init__(self, driver, base_url):
        self.driver = driver
        self.base_url = base_url
        # Pages re-render on navigation, so an element found a moment ago may be stale: retry.
        self.wait = WebDriverWait(driver, WAIT_SECONDS, ignored_exceptions=(StaleElementReferenceException,))

    def open(self, route="/"):
        self.driver.get(f"{self.base_url}/#{route}")

    @staticmethod
    def sel(testid):
        return (By.CSS_SELECTOR, f'[data-testid="{testid}"]')

    def find(self, testid):
        return self.wait.until(EC.presence_of_element_located(self.sel(testid)))

    def visible(self, testid):
        return self.wait.until(EC.visibility_of_element_located(self.sel(testid)))

    def all(self, testid):
        return self.driver.find_elements(*self.sel(testid))

    def click(self, testid):
        self.wait.until(EC.element_to_be_clickable(self.sel(testid))).click()

    def fill(self, testid, text):
        el = self.visible(testid)
        el.clear()
        el.send_keys(text)
        return el

    def text_is(self, testid, text):
        """Waits until the element's whole text is exactly `text`."""
        def matches(d):
            els = d.find_elements(*self.sel(testid))
            return bool(els) and els[0].text.strip() == text
        self.wait.until(matches, f"{testid} never showed {text!r}")

    def has_text(self, testid):
        """Waits until the element shows some text, and returns that text."""
        def shown(d):
            els = d.find_elements(*self.sel(testid))
            return bool(els) and els[0].text.strip()
        return self.wait.until(shown)

    def sign_in(self, email, password):
        self.open("/sign-in")
        self.fill("signin-email", email)
        self.fill("signin-password", password)
        self.click("signin-submit")

    def fill_sign_up(self, acct):
        """Fills the sign-up form on screen with `acct` and sends it."""
        self.fill("signup-email", acct["email"])
        self.fill("signup-username", acct["username"])
        self.fill("signup-displayname", acct["displayName"])
        self.fill("signup-password", acct["password"])
        self.click("signup-submit")

    def sign_up(self, acct):
        self.open("/sign-up")
        self.fill_sign_up(acct)

    def press_keys(self, *keys):
        """Types keys into whatever has focus, as a person at a keyboard would."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def set_timeouts(self, **limits):
        """Shortens the web client's time limits (Public/js/timeouts.js) for this browser, e.g.
        set_timeouts(uploadIdleMs=3000). Needs a page of the site open; applies from the next load."""
        for name, ms in limits.items():
            self.driver.execute_script("localStorage.setItem(arguments[0], String(arguments[1]))",
                                       f"kindred.timeout.{name}", ms)

    def network(self, offline=False, upload_bytes_per_second=-1, latency_ms=0):
        """Chromium's network emulation for this tab: offline, or uploads throttled (-1: no limit).
        Requests already under way fail when going offline, as on a phone that loses signal."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": offline, "latency": latency_ms, "downloadThroughput": -1,
            "uploadThroughput": upload_bytes_per_second})

    def online(self):
        self.network(offline=False)

    def stall_requests(self, url_pattern):
        """Holds every request matching url_pattern (e.g. "*/api/v1/media") unanswered, as a server
        or network that has stopped responding would, until release_requests()."""
        self.driver.execute_cdp_cmd("Fetch.enable", {"patterns": [{"urlPattern": url_pattern, "requestStage": "Request"}]})

    def release_requests(self):
        self.driver.execute_cdp_cmd("Fetch.disable", {})

    def drag(self, element, dx, dy, steps=10, step_ms=60):
        """Press on the element's centre, move by (dx, dy) in `steps` moves of `step_ms` each, release.
        Chromium turns these into pointerdown / pointermove / pointerup, as for a finger or mouse."""
        actions = ActionChains(self.driver, duration=step_ms)
        actions.click_and_hold(element)
        done_x = done_y = 0
        for i in range(1, steps + 1):
            x, y = round(dx * i / steps), round(dy * i / steps)
            actions.move_by_offset(x - done_x, y - done_y)
            done_x, done_y = x, y
        actions.release().perform()


class Api:
    """A minimal native-style API client (refresh token in the body) for arranging test data."""

    def __init__(self, base_url):
        self.base = base_url + "/api/v1"
        self.token = None

    def call(self, method, path, body=None):
        status, raw = self._send(method, path, body, "application/json")
        return status, (json.loads(raw) if raw else None)

    def stream(self, method, path, body=None):
        """For event-stream answers (Date An Intervention chat): reads to the end; returns (status, text)."""
        status, raw = self._send(method, path, body, "text/event-stream, application/problem+json")
        return status, raw.decode()

    def upload(self, path, data):
        """POSTs raw bytes (a photo for POST /media); returns (status, JSON body)."""
        status, raw = self._send("POST", path, data, "application/json", content_type="application/octet-stream")
        return status, (json.loads(raw) if raw else None)

    def set_avatar(self, photo_bytes):
        """Uploads a photo and makes it this account's avatar; returns the updated account."""
        status, media = self.upload("/media", photo_bytes)
        assert status == 201, media
        status, me = self.call("PATCH", "/me", {"avatarId": media["id"]})
        assert status == 200, me
        return me

    def _send(self, method, path, body, accept, content_type="application/json"):
        headers = {"X-Request-ID": str(uuid.uuid4()), "Accept": accept}
        if method == "POST":
            headers["Idempotency-Key"] = str(uuid.uuid4())
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            headers["Content-Type"] = content_type
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=WAIT_SECONDS) as res:
                return res.status, res.read()
        except urllib.error.HTTPError as err:
            return err.code, err.read()

    def sign_in(self, email, password, device="Browser test setup"):
        status, body = self.call("POST", "/auth/sign-in", {"email": email, "password": password,
                                                          "device": device, "refreshTokenDelivery": "body"})
        assert status == 200, body
        self.token = body["accessToken"]
        return body


def create_account(base_url, **fields):
    """An account made through the API (one 'Browser test setup' session), with `api` signed in
    as it and its `sessionId`. Delete it again with delete_account."""
    acct = {**unique_account(), **fields}
    api = Api(base_url)
    status, body = api.call("POST", "/auth/sign-up", {**{k: acct[k] for k in ("email", "username", "displayName", "password")},
                                                       "device": "Browser test setup", "refreshTokenDelivery": "body"})
    assert status == 201, body
    api.token = body["accessToken"]
    acct["api"] = api
    acct["sessionId"] = body["sessionId"]
    acct["id"] = body["me"]["id"]
    return acct


def delete_account(base_url, acct):
    """Removes a test account if it still exists, signing in afresh (its sessions may be gone)."""
    api = Api(base_url)
    status, body = api.call("POST", "/auth/sign-in", {"email": acct["email"], "password": acct["password"],
                                                      "refreshTokenDelivery": "body"})
    if status == 200:
        api.token = body["accessToken"]
        api.call("DELETE", "/me")


def wait_for_alert(driver, timeout=5):
    """The page's alert or confirm once it shows. A click returns before the page's handler has
    run, so the dialog may come a moment later; Selenium's alert lookup fails at once instead of
    waiting (that made these tests flaky), so the wait is on `alert_is_present`."""
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, timeout).until(EC.alert_is_present())


def unique_account():
    suffix = uuid.uuid4().hex[:10]
    return {"email": f"web{suffix}@example.com", "username": f"web_{suffix}",
            "displayName": "Web Tester", "password": "correct-horse-9"}




def make_jpeg(path, width, height, quality=85):
    """A JPEG of random noise, which barely compresses: 3000 x 2000 is about 4 MB, like a phone
    photo, and 720 x 540 about 300 KB. Real sizes are what exposed uploads that never finished."""
    from PIL import Image  # only the upload tests need Pillow
    noise = Image.merge("RGB", [Image.effect_noise((width, height), 60) for _ in range(3)])
    noise.save(path, "JPEG", quality=quality)
    return str(path)


def make_png(path, width=16, height=16, rgb=(194, 65, 12)):
    """A small valid PNG, built by hand so the tests need no imaging library."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))  # filter byte 0 per row
    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows))
           + chunk(b"IEND", b""))
    path.write_bytes(png)
    return str(path)
