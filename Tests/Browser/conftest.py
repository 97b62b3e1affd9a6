"""Fixtures for the Kindred web-shell browser tests (pytest + Selenium 4, headless Chromium).

Run against a running server:  KINDRED_BASE_URL=http://127.0.0.1:8080 pytest Tests/Browser
Optional: CHROME_BIN (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""
import os
import re

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


def _run_driver(mobile=None):
    """A browser for one test; fails the test on unexpected console errors."""
    drv = _new_driver(mobile)
    try:
        yield drv
        entries = drv.get_log("browser")
    finally:
        drv.quit()
    severe = [e for e in entries if e.get("level") == "SEVERE"
              and not any(p.search(e.get("message", "")) for p in ALLOWED_CONSOLE)]
    if severe:
        pytest.fail("Browser console errors:\n" + "\n".join(e["message"] for e in severe), pytrace=False)


@pytest.fixture
def driver():
    yield from _run_driver()


@pytest.fixture
def driver_b():
    """A second, independent browser (own cookies and storage): another person on another phone."""
    yield from _run_driver()


@pytest.fixture
def phone_driver():
    """A browser emulating a 375 x 667 touch phone (see PHONE)."""
    yield from _run_driver(PHONE)


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
