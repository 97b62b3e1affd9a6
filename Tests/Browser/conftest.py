"""Fixtures for the Kindred web-shell browser tests (pytest + Selenium 4, headless Chromium).

Run against a running server:  KINDRED_BASE_URL=http://127.0.0.1:8080 pytest Tests/Browser
Optional: CHROME_BIN (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""
import json
import os
import re
import urllib.error
import urllib.request
import uuid

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT_SECONDS = 15

# Console errors we expect and accept: the favicon, and API answers the tests provoke on purpose
# (401 while signed out, 4xx validation / bad credentials). Chrome logs those fetches as SEVERE
# "Failed to load resource"; JavaScript errors, CSP violations and 5xx still fail the test.
ALLOWED_CONSOLE = [
    re.compile(r"favicon\.(ico|svg).*status of 404"),
    re.compile(r"/api/v1/\S* - Failed to load resource: the server responded with a status of (400|401|403|409|422|429)\b"),
]


@pytest.fixture(scope="session")
def base_url():
    url = os.environ.get("KINDRED_BASE_URL", "").strip()
    if not url:
        pytest.fail("KINDRED_BASE_URL is not set. Start the Kindred server and run e.g. "
                    "KINDRED_BASE_URL=http://127.0.0.1:8080 pytest Tests/Browser", pytrace=False)
    return url.rstrip("/")


@pytest.fixture
def driver():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=430,932"):
        options.add_argument(arg)
    options.binary_location = os.environ.get("CHROME_BIN", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    drv = webdriver.Chrome(service=service, options=options)
    try:
        yield drv
        entries = drv.get_log("browser")
    finally:
        drv.quit()
    severe = [e for e in entries if e.get("level") == "SEVERE"
              and not any(p.search(e.get("message", "")) for p in ALLOWED_CONSOLE)]
    if severe:
        pytest.fail("Browser console errors:\n" + "\n".join(e["message"] for e in severe), pytrace=False)


class UI:
    """Small helpers over the data-testid hooks the web shell exposes."""

    def __init__(self, driver, base_url):
        self.driver = driver
        self.base_url = base_url
        self.wait = WebDriverWait(driver, WAIT_SECONDS)

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

    def gone(self, testid):
        self.wait.until(EC.invisibility_of_element_located(self.sel(testid)))

    def click(self, testid):
        self.wait.until(EC.element_to_be_clickable(self.sel(testid))).click()

    def fill(self, testid, text):
        el = self.visible(testid)
        el.clear()
        el.send_keys(text)
        return el

    def text_is(self, testid, text):
        self.wait.until(EC.text_to_be_present_in_element(self.sel(testid), text))
        self.wait.until(lambda d: self.find(testid).text.strip() == text)

    def has_text(self, testid):
        """Waits until the element shows some text, and returns it."""
        return self.wait.until(lambda d: (d.find_elements(*self.sel(testid)) or [None])[0] is not None
                               and d.find_element(*self.sel(testid)).text.strip() or False)

    def sign_in(self, email, password):
        self.open("/sign-in")
        self.fill("signin-email", email)
        self.fill("signin-password", password)
        self.click("signin-submit")


@pytest.fixture
def ui(driver, base_url):
    return UI(driver, base_url)


class Api:
    """A minimal native-style API client (refresh token in the body) for arranging test data."""

    def __init__(self, base_url):
        self.base = base_url + "/api/v1"
        self.token = None

    def call(self, method, path, body=None):
        headers = {"X-Request-ID": str(uuid.uuid4()), "Accept": "application/json"}
        if method == "POST":
            headers["Idempotency-Key"] = str(uuid.uuid4())
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=WAIT_SECONDS) as res:
                raw = res.read()
                return res.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as err:
            raw = err.read()
            return err.code, (json.loads(raw) if raw else None)

    def sign_in(self, email, password, device="Browser test setup"):
        status, body = self.call("POST", "/auth/sign-in", {"email": email, "password": password,
                                                          "device": device, "refreshTokenDelivery": "body"})
        assert status == 200, body
        self.token = body["accessToken"]
        return body


def unique_account():
    suffix = uuid.uuid4().hex[:10]
    return {"email": f"web{suffix}@example.com", "username": f"web_{suffix}",
            "displayName": "Web Tester", "password": "correct-horse-9"}


@pytest.fixture
def account(base_url):
    """An account created through the API (with one 'Browser test setup' session); deleted afterwards."""
    acct = unique_account()
    api = Api(base_url)
    status, body = api.call("POST", "/auth/sign-up", {**acct, "device": "Browser test setup",
                                                       "refreshTokenDelivery": "body"})
    assert status == 201, body
    api.token = body["accessToken"]
    acct["api"] = api
    acct["sessionId"] = body["sessionId"]
    yield acct
    # Clean up whatever the test left: sign in afresh (the setup session may have been revoked).
    cleanup = Api(base_url)
    status, body = cleanup.call("POST", "/auth/sign-in", {"email": acct["email"], "password": acct["password"],
                                                          "refreshTokenDelivery": "body"})
    if status == 200:
        cleanup.token = body["accessToken"]
        cleanup.call("DELETE", "/me")
