"""Helpers for the Rin browser tests: arranging a book, circles, fields and policies through the
API (the same headers the web client sends: a request id, an Idempotency-Key on every POST, the
bearer token), signing a browser in as someone, real taps on a touch phone, and reading what the
page shows (the grid's cells, a person card's fields, a downloaded vCard)."""
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import _fail_on_console_errors, PHONE, _new_driver
from kindred_ui import UI


# ---- arranging through the API ------------------------------------------------------------------

def ok(result, *codes):
    status, body = result
    assert status in (codes or (200,)), (status, body)
    return body


def primary_profile(person):
    """The person's primary Rin profile id (the first Rin request makes it)."""
    return ok(person["api"].call("GET", "/rin/settings"))["primaryProfileId"]


def add_contact(person, profile_id=None, **draft):
    profile_id = profile_id or primary_profile(person)
    return ok(person["api"].call("POST", f"/rin/profiles/{profile_id}/contacts", draft), 201)


def contacts_of(person, profile_id=None, **query):
    profile_id = profile_id or primary_profile(person)
    params = "&".join(f"{k}={v}" for k, v in {"limit": 100, **query}.items())
    return ok(person["api"].call("GET", f"/rin/profiles/{profile_id}/contacts?{params}"))["items"]


def circles_of(person, profile_id=None):
    """{name: circle} of the profile's circles."""
    profile_id = profile_id or primary_profile(person)
    return {c["name"]: c for c in ok(person["api"].call("GET", f"/rin/profiles/{profile_id}/circles"))["items"]}


def add_field(person, kind, value, label=None, profile_id=None, **extra):
    profile_id = profile_id or primary_profile(person)
    draft = {"kind": kind, "value": value, **({"label": label} if label else {}), **extra}
    return ok(person["api"].call("POST", f"/rin/profiles/{profile_id}/fields", draft), 201)


def grid_of(person, profile_id=None):
    profile_id = profile_id or primary_profile(person)
    return ok(person["api"].call("GET", f"/rin/profiles/{profile_id}/policies"))


def cell_of(grid, circle_id, field_key):
    return next(c for c in grid["cells"] if c["circleId"].upper() == circle_id.upper() and c["fieldKey"] == field_key)


def set_cells(person, cells, profile_id=None):
    """cells: [(circle_id, field_key, access)], saved as the grid's Save does."""
    profile_id = profile_id or primary_profile(person)
    body = {"cells": [{"circleId": c, "fieldKey": k, "access": a} for c, k, a in cells]}
    return ok(person["api"].call("PUT", f"/rin/profiles/{profile_id}/policies", body))


# ---- the browser ---------------------------------------------------------------------------------

def signed_in(driver, base_url, acct, route="/rin"):
    """This browser, signed in as `acct`, showing `route`."""
    ui = UI(driver, base_url)
    ui.open("/")
    ui.wait.until(lambda d: ui.all("header-name") or ui.all("home-signin"))
    if ui.all("header-name") and ui.find("header-name").text.strip() != acct["displayName"]:
        ui.click("nav-signout")
        ui.visible("home-signin")
    if not ui.all("header-name"):
        ui.sign_in(acct["email"], acct["password"])
        ui.text_is("header-name", acct["displayName"])
    go(ui, route)
    return ui


def go(ui, route):
    """Opens a route by its link, as a person following one would (the page is not reloaded)."""
    ui.driver.execute_script("location.hash = arguments[0]", f"#{route}")
    ui.wait.until(lambda d: d.execute_script("return location.hash") == f"#{route}")


def press(ui, testid_or_element):
    """Click after centring the element (the sticky header may cover what is at the top)."""
    el = ui.visible(testid_or_element) if isinstance(testid_or_element, str) else testid_or_element
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    ui.wait.until(lambda d: el.is_displayed() and el.is_enabled())
    el.click()
    return el


def press_in(ui, testid, inner, **data):
    """Presses `inner` inside the one `testid` element with this data, finding both again if a
    re-render (a search narrowing a list) replaced them between finding and pressing."""
    def attempt(_):
        row = one(ui, testid, **data)
        press(ui, row.find_element(By.CSS_SELECTOR, f'[data-testid="{inner}"]'))
        return True
    ui.wait.until(attempt, f"could not press {inner} in {testid} {data}")


def tap(driver, element):
    """A finger's tap on the element's centre: real touch events through the DevTools protocol."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)
    x, y = round(box["x"] + box["width"] / 2), round(box["y"] + box["height"] / 2)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    time.sleep(0.05)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def find_in(ui, testid, **data):
    """The elements with this testid whose data-* attributes match `data` (e.g. circle="Friends")."""
    selector = f'[data-testid="{testid}"]' + "".join(f'[data-{k.replace("_", "-")}="{v}"]' for k, v in data.items())
    return ui.driver.find_elements(By.CSS_SELECTOR, selector)


def one(ui, testid, **data):
    """Waits for exactly one element with this testid and data, and returns it."""
    return ui.wait.until(lambda d: (lambda found: found[0] if len(found) == 1 else None)(find_in(ui, testid, **data)),
                         f"no single {testid} {data}")


def texts(ui, testid):
    return [el.text.strip() for el in ui.all(testid)]


def no_sideways_scroll(driver):
    view = driver.execute_script("return { w: innerWidth, sw: document.documentElement.scrollWidth }")
    assert view["sw"] <= view["w"], f"the page scrolls sideways: {view}"


def shared_kinds(ui):
    """What the person card on screen shows: ([kind of each shared field], [kind of each askable one])."""
    return ([el.get_attribute("data-kind") for el in ui.all("rin-shared-field")],
            [el.get_attribute("data-kind") for el in ui.all("rin-askable-field")])


# ---- downloads ----------------------------------------------------------------------------------

def allow_downloads(driver, folder):
    """Saves this browser's downloads into `folder` (headless Chromium asks nobody)."""
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})


def downloaded(folder, name, timeout=15):
    """The text of `name` once it is fully in `folder`."""
    path = Path(folder) / name
    WebDriverWait(None, timeout).until(lambda _: path.exists() and not (Path(folder) / f"{name}.crdownload").exists()
                                       and path.stat().st_size > 0, f"{name} was never downloaded")
    return path.read_bytes().decode("utf-8")  # as sent: vCard lines end in CRLF


# ---- browsers: one per test file (imported by each Rin test file) ------------------------------

_phones = []


@pytest.fixture(scope="module")
def browser():
    drv = _new_driver()
    drv.set_window_size(1280, 900)
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def phone():
    drv = _new_driver(PHONE)
    _phones.append(drv)
    yield drv
    _phones.remove(drv)
    drv.quit()


@pytest.fixture(autouse=True)
def clean_console(browser):
    """As conftest's drivers do: a test fails on console errors (JavaScript, CSP, 5xx) in any browser."""
    def drain():
        entries = []
        for drv in (browser, *_phones):
            entries += drv.get_log("browser")
        return entries
    drain()
    yield
    _fail_on_console_errors(drain())
