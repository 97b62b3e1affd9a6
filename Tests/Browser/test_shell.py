"""Browser tests of the Kindred web shell (Public/). See conftest.py for how to run them."""
import re
import uuid

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from kindred_ui import make_jpeg, unique_account

APP_NAMES = {"Innovation Engine", "Date An Intervention", "Kinnect", "Rin", "Memories"}
LIVE_APPS = {"innovation-engine": "#/innovation-engine",  # app id -> where its tile links
             "date-an-intervention": "#/date-an-intervention",
             "kinnect": "#/kinnect",
             "rin": "#/rin",
             "memories": "#/memories"}


def test_full_journey(ui, driver, tmp_path):
    acct = unique_account()

    # Sign up -> signed in, the header shows the display name.
    ui.sign_up(acct)
    ui.text_is("header-name", acct["displayName"])
    ui.find("home-tiles")

    # Profile: new name and bio, and a photo of a real size (about 300 KB) uploaded with progress.
    ui.click("nav-profile")
    ui.fill("profile-displayname", "Renamed Tester")
    ui.fill("profile-bio", "Hello from Selenium")
    ui.find("avatar-input").send_keys(make_jpeg(tmp_path / "avatar.jpg", 720, 540, quality=92))
    ui.wait.until(lambda d: ui.find("avatar-progress").get_attribute("data-state") == "done")
    progress = ui.find("avatar-progress")
    assert progress.get_attribute("value") == progress.get_attribute("max")

    def avatar_loaded(d):
        imgs = ui.all("avatar-img")
        if not imgs:
            return False
        src = imgs[0].get_attribute("src") or ""
        loaded = d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", imgs[0])
        return "/media-files/" in src and "signature=" in src and loaded
    ui.wait.until(avatar_loaded)

    ui.click("profile-save")
    ui.text_is("profile-status", "Profile saved.")
    ui.text_is("header-name", "Renamed Tester")

    # Reload: the HttpOnly refresh cookie restores the session; no token in web storage, only this
    # browser's installation id (random, no secret: it names the browser for new-device alerts).
    driver.refresh()
    ui.text_is("header-name", "Renamed Tester")
    ui.wait.until(lambda d: ui.find("profile-bio").get_attribute("value") == "Hello from Selenium")
    stored = driver.execute_script(
        "return Object.entries(localStorage).concat(Object.entries(sessionStorage))")
    assert [key for key, _ in stored] == ["kindred.installation"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{16,64}", stored[0][1])
    assert "kindred_refresh" not in driver.execute_script("return document.cookie")

    # Sign out, then sign in again with the same credentials.
    ui.click("nav-signout")
    ui.visible("home-signin")
    assert not ui.all("header-name")
    ui.sign_in(acct["email"], acct["password"])
    ui.text_is("header-name", "Renamed Tester")

    # Delete the account: the button only enables once the username is typed.
    ui.click("nav-account")
    assert not ui.find("delete-submit").is_enabled()
    ui.fill("delete-confirm", acct["username"])
    ui.click("delete-submit")
    ui.visible("home-signin")
    assert "deleted" in ui.has_text("flash").lower()
    assert not ui.all("header-name")

    # The account is gone: signing in fails with a visible error.
    ui.sign_in(acct["email"], acct["password"])
    assert ui.has_text("form-error")
    assert ui.visible("form-error").is_displayed()
    assert not ui.all("header-name")


def test_sign_up_validation(ui):
    acct = unique_account()

    # Too-short password and username: caught before anything is sent.
    ui.open("/sign-up")
    ui.fill("signup-email", acct["email"])
    ui.fill("signup-username", "ab")
    ui.fill("signup-password", "short")
    ui.click("signup-submit")
    assert ui.has_text("error-password")
    assert ui.has_text("error-username")
    for testid in ("signup-password", "signup-username"):
        field = ui.find(testid)
        assert field.get_attribute("aria-invalid") == "true"
        error_id = ui.find("error-" + testid.split("-")[1]).get_attribute("id")
        assert error_id in field.get_attribute("aria-describedby").split()
    assert ui.has_text("form-error")

    # A username the server rejects (spaces, punctuation): its field error comes from problem+json.
    ui.fill("signup-username", "bad name!")
    ui.fill("signup-password", acct["password"])
    ui.click("signup-submit")
    assert ui.has_text("error-username")
    assert ui.find("signup-username").get_attribute("aria-invalid") == "true"
    ui.wait.until(lambda d: ui.find("signup-submit").is_enabled())
    assert not ui.all("header-name")

    # Nothing was created: those credentials don't sign in.
    ui.sign_in(acct["email"], acct["password"])
    assert ui.has_text("form-error")
    assert not ui.all("header-name")


def test_home_tiles_and_no_third_party_requests(ui, driver, base_url):
    ui.open("/")
    tiles = ui.find("home-tiles")
    ui.wait.until(lambda d: len(ui.all("app-tile")) == 5)
    names = {el.text for el in tiles.find_elements("css selector", '[data-testid="tile-name"]')}
    assert names == APP_NAMES
    for tile in ui.all("app-tile"):
        link = tile.find_element("css selector", ".tile")
        if tile.get_attribute("data-app") in LIVE_APPS:
            assert tile.get_attribute("data-live") == "true"
            assert link.get_attribute("aria-disabled") is None
            assert link.get_attribute("href").endswith(LIVE_APPS[tile.get_attribute("data-app")])
            assert "Coming soon" not in tile.text
        else:
            assert link.get_attribute("aria-disabled") == "true"
            assert "Coming soon" in tile.text
    ui.visible("home-signin")
    ui.visible("home-signup")
    assert len(driver.find_elements("css selector", "h1")) == 1
    assert "Kindred" in driver.title

    resources = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    assert resources, "expected the page to load its scripts and styles"
    outside = [r for r in resources if not r.startswith(base_url + "/")]
    assert not outside, f"requests left {base_url}: {outside}"


# The app registry (Public/js/apps.js) as the page itself reads it: from the page's own
# (versioned) copy of the client, so its URLs are the ones the page made.
READ_REGISTRY = """
const done = arguments[arguments.length - 1];
import(new URL('apps.js', document.querySelector('script[type="module"]').src).href).then(
  ({ APPS }) => done(APPS.map(({ id, name, live, module, stylesheet }) => ({ id, name, live, module, stylesheet }))),
  (err) => done(String(err)));
"""
STYLESHEETS = """
return [...document.head.querySelectorAll('link[rel="stylesheet"]')]
  .map((link) => ({ href: link.getAttribute('href'), loaded: Boolean(link.sheet) }));
"""


def test_the_shell_loads_apps_through_the_registry(ui, driver, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    apps = driver.execute_async_script(READ_REGISTRY)
    assert isinstance(apps, list), apps
    live = [app for app in apps if app["live"]]
    assert live, "no live app in the registry"

    # A tile per registry entry, in the registry's order, linking to the app's own route.
    ui.wait.until(lambda d: [t.get_attribute("data-app") for t in ui.all("app-tile")] == [app["id"] for app in apps])
    for app in live:
        tile = driver.find_element("css selector", f'[data-testid="app-tile"][data-app="{app["id"]}"] a.tile')
        assert tile.get_attribute("href").endswith(f"#/{app['id']}")

    # Once the first screen is up, each live app is fetched ahead: its stylesheet arrives in
    # <head>, once and loaded; nothing of an app that isn't live.
    def every_live_sheet_loaded(d):
        sheets = d.execute_script(STYLESHEETS)
        hrefs = [sheet["href"] for sheet in sheets]
        return all(hrefs.count(app["stylesheet"]) == 1 for app in live) and all(sheet["loaded"] for sheet in sheets)
    ui.wait.until(every_live_sheet_loaded, "the live apps' stylesheets never all arrived")
    sheets = driver.execute_script(STYLESHEETS)
    hrefs = [sheet["href"] for sheet in sheets]
    for app in apps:
        assert hrefs.count(app["stylesheet"]) == (1 if app["live"] else 0), (app["id"], hrefs)

    # Each live app's route shows the shared app frame: its name, then its tab bar of its own routes.
    for app in live:
        ui.open(f"/{app['id']}")
        ui.wait.until(lambda d: d.execute_script(
            "return document.querySelector('main').classList.contains(arguments[0])", app["id"]))
        assert driver.find_element("css selector", "main > .app-name").text.lower() == app["name"].lower()
        tabs = driver.find_element("css selector", "main > nav.app-tabs")
        assert tabs.get_attribute("aria-label") == app["name"]
        links = tabs.find_elements("css selector", "a.app-tab")
        assert links and all(link.get_attribute("href").split("#")[1].startswith(f"/{app['id']}/") for link in links)
        assert [link.get_attribute("aria-current") for link in links].count("page") == 1
        assert driver.find_element("css selector", "main h1").text
        assert driver.execute_script(STYLESHEETS) == sheets  # loaded once: moving between apps links nothing more


def test_an_app_is_fetched_when_opened_and_one_that_cannot_be_says_so(ui, driver, account):
    # The first screen needs no app: a page opened with every app's modules blocked draws the
    # home screen and signs in without a word about them (each is fetched only when opened, or
    # ahead once the screen is up, quietly).
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/js/apps/*"]})
    try:
        ui.sign_in(account["email"], account["password"])
        ui.text_is("header-name", account["displayName"])
        ui.wait.until(lambda d: len(ui.all("app-tile")) == len(APP_NAMES))
        assert "could not be loaded" not in driver.find_element("css selector", "main").text

        ui.open("/profile")
        ui.find("profile-displayname")

        # An app that cannot be fetched says so on its own page, with the way back.
        ui.open("/memories")
        unavailable = ui.visible("app-unavailable")
        assert "Memories could not be loaded" in unavailable.text
        assert driver.find_element("css selector", "main h1").text == "Memories"
        # What the console said of it is this test's to read (the blocked files, the failed import).
        said = [entry["message"] for entry in driver.get_log("browser")]
        assert any("Memories could not be loaded" in message for message in said), said
    finally:
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})

    # Once it can be reached, reloading opens it.
    ui.click("app-reload")
    ui.wait.until(lambda d: d.execute_script("return document.querySelector('main').classList.contains('memories')"))
    assert not ui.all("app-unavailable")

    # A link that opens the page in an app loads that app before the first screen.
    driver.get(f"{ui.base_url}/c/{'x' * 22}")
    ui.wait.until(lambda d: "/innovation-engine/" in d.execute_script("return location.hash"))
    ui.wait.until(lambda d: d.execute_script("return document.querySelector('main').classList.contains('innovation-engine')"))


def test_sign_in_with_keyboard_only(ui, driver, account):
    ui.open("/sign-in")
    email = ui.visible("signin-email")
    keys = ActionChains(driver)

    def active_testid():
        return driver.switch_to.active_element.get_attribute("data-testid")

    for _ in range(15):
        if active_testid() == "signin-email":
            break
        keys.send_keys(Keys.TAB).perform()
    assert active_testid() == "signin-email", "TAB never reached the email field"
    keys.send_keys(account["email"]).perform()
    keys.send_keys(Keys.TAB).perform()
    assert active_testid() == "signin-password"
    keys.send_keys(account["password"]).perform()
    keys.send_keys(Keys.ENTER).perform()
    ui.text_is("header-name", account["displayName"])
    assert email  # the form was really there before signing in


def test_sessions_page_lists_current_session(ui, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    ui.click("nav-sessions")
    ui.wait.until(lambda d: len(ui.all("session-row")) >= 2)  # this browser + the API setup session
    rows = ui.all("session-row")
    current = [r for r in rows if r.get_attribute("data-current") == "true"]
    assert len(current) == 1
    assert "This device" in current[0].text

    # Revoke the other session: its row goes away and we stay signed in.
    other = next(r for r in rows if r.get_attribute("data-current") != "true")
    other_id = other.get_attribute("data-id")
    other.find_element("css selector", '[data-testid="session-revoke"]').click()
    ui.wait.until(lambda d: all(r.get_attribute("data-id") != other_id for r in ui.all("session-row")))
    assert len(ui.all("session-row")) == len(rows) - 1
    ui.text_is("header-name", account["displayName"])

    # Revoking this device's own session signs it out.
    current = next(r for r in ui.all("session-row") if r.get_attribute("data-current") == "true")
    current.find_element("css selector", '[data-testid="session-revoke"]').click()
    ui.visible("home-signin")
    assert not ui.all("header-name")


def test_realtime_profile_update_and_revocation(ui, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    ui.wait.until(lambda d: ui.find("realtime-status").get_attribute("data-state") == "open")

    # Another device renames the profile: the header follows without a reload.
    api = account["api"]
    new_name = "Renamed " + uuid.uuid4().hex[:6]
    status, body = api.call("PATCH", "/me", {"displayName": new_name})
    assert status == 200, body
    ui.text_is("header-name", new_name)

    # Another device revokes this browser's session: it signs out and says why.
    status, body = api.call("GET", "/me/sessions")
    assert status == 200, body
    browser_session = next(s for s in body["items"] if not s["current"])
    status, body = api.call("DELETE", f"/me/sessions/{browser_session['id']}")
    assert status == 204, body
    ui.visible("signin-email")
    assert "revoked" in ui.has_text("flash").lower()
    assert not ui.all("header-name")


# What the page loaded: each file's URL, bytes over the network and before/after decoding.
LOADED = """
const nav = performance.getEntriesByType('navigation')[0];
return {
  page: nav.transferSize,
  files: performance.getEntriesByType('resource').filter((r) => !new URL(r.name).pathname.startsWith('/api/'))
    .map((r) => ({ name: new URL(r.name).pathname, transfer: r.transferSize, encoded: r.encodedBodySize, decoded: r.decodedBodySize })),
};
"""


def test_a_repeat_visit_takes_the_client_from_the_cache(ui, driver, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    ui.wait.until(lambda d: d.find_elements("css selector", '[data-testid="app-tile"]'))
    first = driver.execute_script(LOADED)
    # Every file of the client came under one versioned prefix, text gzipped.
    names = [f["name"] for f in first["files"]]
    assert any(n.endswith("/js/main.js") for n in names) and all(n.startswith("/static/") for n in names), names
    assert len({n.split("/")[2] for n in names}) == 1, "one version for every file"
    main = next(f for f in first["files"] if f["name"].endswith("/js/main.js"))
    assert 0 < main["encoded"] < main["decoded"], main

    # Again, as a person coming back: the page is asked after (a 304 of headers only), its files
    # are not (the cache keeps them), and the session carries on.
    driver.get("about:blank")
    ui.open("/")
    ui.text_is("header-name", account["displayName"])
    ui.wait.until(lambda d: d.find_elements("css selector", '[data-testid="app-tile"]'))
    again = driver.execute_script(LOADED)
    assert again["page"] < 1000, again["page"]
    # (The apps fetched ahead after the first screen may still have been arriving when the first
    # visit was left: a file it had not finished may be fetched now. Every one it had is cached.)
    had = {f["name"] for f in first["files"]}
    assert any(f["name"].endswith("/js/main.js") for f in again["files"]), again["files"]
    assert all(f["transfer"] == 0 for f in again["files"] if f["name"] in had), again["files"]
