"""Fixtures for the Kindred web-shell browser tests (pytest + Selenium 4, headless Chromium).

Run against a running server:  KINDRED_BASE_URL=http://127.0.0.1:8080 pytest Tests/Browser
Optional: CHROME_BIN (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""
import os
import re
from urllib.parse import urlsplit

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from kindred_ui import UI, Api, delete_account, unique_account

# Console errors we expect and accept: the favicon, and API answers the tests provoke on purpose
# (401 while signed out, 4xx validation / bad credentials, 404 for a connect code that was
# replaced, API calls made while a test has put the browser offline). Chrome logs those fetches
# as SEVERE "Failed to load resource"; JavaScript errors, CSP violations and 5xx still fail the
# test.
ALLOWED_CONSOLE = [
    re.compile(r"favicon\.(ico|svg).*status of 404"),
    re.compile(r"/api/v1/\S* - Failed to load resource: the server responded with a status of (400|401|403|404|409|422|429)\b"),
    re.compile(r"/api/v1/\S* - Failed to load resource: net::ERR_INTERNET_DISCONNECTED"),
]


@pytest.fixture(scope="session")
def base_url():
    url = os.environ.get("KINDRED_BASE_URL", "").strip()
    if not url:
        pytest.fail("KINDRED_BASE_URL is not set. Start the Kindred server and run e.g. "
                    "KINDRED_BASE_URL=http://127.0.0.1:8080 pytest Tests/Browser", pytrace=False)
    return url.rstrip("/")


# A small touch phone (iPhone SE size) through Chromium's mobile emulation: touches are real
# touch events, and the page lays out at 375 x 667 CSS px.
PHONE = {"deviceMetrics": {"width": 375, "height": 667, "pixelRatio": 2.0, "touch": True, "mobile": True}}


def _new_driver(mobile=None):
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=430,932"):
        options.add_argument(arg)
    if mobile:
        options.add_experimental_option("mobileEmulation", mobile)
    options.binary_location = os.environ.get("CHROME_BIN", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def _origins(base_url):
    """The test server's origin and its twin (127.0.0.1 <-> localhost) that some tests use as a
    second person's origin: both are wiped between tests."""
    parts = urlsplit(base_url)
    twin = {"127.0.0.1": "localhost", "localhost": "127.0.0.1"}.get(parts.hostname)
    origins = [f"{parts.scheme}://{parts.netloc}"]
    if twin:
        origins.append(f"{parts.scheme}://{twin}:{parts.port}" if parts.port else f"{parts.scheme}://{twin}")
    return origins


def _fail_on_console_errors(entries):
    severe = [e for e in entries if e.get("level") == "SEVERE"
              and not any(p.search(e.get("message", "")) for p in ALLOWED_CONSOLE)]
    if severe:
        pytest.fail("Browser console errors:\n" + "\n".join(e["message"] for e in severe), pytrace=False)


class _Browser:
    """One Chromium for a whole test file (starting one costs seconds on two cores), handed to each
    test as if new: between tests every window but one is closed, the network, request
    interception, size and emulation the last test changed are undone, and the server's origins
    lose their cookies, storage, caches and service workers."""

    def __init__(self, base_url, mobile=None):
        self.base_url, self.mobile, self.drv = base_url, mobile, None

    def fresh(self):
        if self.drv is None:
            self.drv = _new_driver(self.mobile)
            return self.drv
        drv = self.drv
        handles = drv.window_handles
        for handle in handles[1:]:
            drv.switch_to.window(handle)
            drv.close()
        drv.switch_to.window(handles[0])
        drv.get("about:blank")
        for command, args in (("Fetch.disable", {}), ("Network.enable", {}), ("Network.setBlockedURLs", {"urls": []}),
                              ("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
                              ("Network.clearBrowserCookies", {}), ("Network.clearBrowserCache", {}),
                              ("Network.disable", {}), ("Browser.setDownloadBehavior", {"behavior": "default"})):
            drv.execute_cdp_cmd(command, args)
        for origin in _origins(self.base_url):
            drv.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        if not self.mobile:
            # A phone's metrics come from chromedriver's mobile emulation and stay; a desktop
            # browser that a test turned into a phone is turned back.
            drv.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
            drv.set_window_size(430, 932)
        drv.get_log("browser")  # what the last test left behind is not this test's
        return drv

    def quit(self):
        if self.drv is not None:
            self.drv.quit()
            self.drv = None


def _run_driver(browser):
    """The file's browser for one test; fails the test on unexpected console errors."""
    drv = browser.fresh()
    yield drv
    _fail_on_console_errors(drv.get_log("browser"))


@pytest.fixture(scope="module")
def _desktop(base_url):
    browser = _Browser(base_url)
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def _desktop_b(base_url):
    browser = _Browser(base_url)
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def _phone(base_url):
    browser = _Browser(base_url, PHONE)
    yield browser
    browser.quit()


@pytest.fixture
def driver(_desktop):
    yield from _run_driver(_desktop)


@pytest.fixture
def driver_b(_desktop_b):
    """A second, independent browser (own cookies and storage): another person on another phone."""
    yield from _run_driver(_desktop_b)


@pytest.fixture
def phone_driver(_phone):
    """A browser emulating a 375 x 667 touch phone (see PHONE)."""
    yield from _run_driver(_phone)


@pytest.fixture
def ui(driver, base_url):
    return UI(driver, base_url)


@pytest.fixture
def ui_b(driver_b, base_url):
    return UI(driver_b, base_url)


@pytest.fixture
def phone_ui(phone_driver, base_url):
    return UI(phone_driver, base_url)


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
    # Clean up whatever the test left.
    delete_account(base_url, acct)
