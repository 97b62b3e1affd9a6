"""Browser tests of the Innovation Engine web app (My QR / Scan / Network / connect links).
Two independent browsers play two people. See conftest.py for how to run them.
Links always come from the owner's GET /innovation-engine/code (or My QR): a connect code is a
secret of its own, never the account id."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from kindred_ui import create_account, delete_account, make_png, unique_account, wait_for_alert


def press(ui, testid):
    """Click after centring the element: the sticky site header may cover things near the top."""
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", ui.visible(testid))
    ui.click(testid)


def row_for(ui, username):
    """The Network list row of one person, or None."""
    return next((r for r in ui.all("ie-person-row") if r.get_attribute("data-username") == username), None)


def note_of(row):
    return row.find_element(By.CSS_SELECTOR, '[data-testid="ie-note-input"]').get_attribute("value")


def test_connect_by_link_and_live_network(ui, ui_b, driver, driver_b, base_url):
    a = {**unique_account(), "displayName": "Ada Engine"}
    b = {**unique_account(), "displayName": "Bea Engine"}
    try:
        # A signs up and opens My QR from the home tile (now a live app).
        ui.sign_up(a)
        ui.text_is("header-name", a["displayName"])
        tile = ui.find("home-tiles").find_element(By.CSS_SELECTOR, '[data-app="innovation-engine"] a.tile')
        assert tile.get_attribute("aria-disabled") is None
        tile.click()
        ui.wait.until(lambda d: ui.find("ie-qr").find_elements(By.CSS_SELECTOR, "svg"))
        link = ui.wait.until(lambda d: ui.find("ie-link").get_attribute("value"))
        assert "/c/" in link
        assert ui.find("ie-tab-qr").get_attribute("aria-current") == "page"
        press(ui, "ie-copy")
        assert ui.has_text("ie-qr-status")  # "Copied", or the select-and-copy fallback

        # A's own link in Scan is refused, and so is garbage.
        press(ui, "ie-tab-scan")
        ui.fill("ie-scan-input", link)
        press(ui, "ie-scan-submit")
        ui.wait.until(lambda d: "your own code" in ui.find("ie-scan-error").text.lower())
        ui.fill("ie-scan-input", "definitely not a code")
        press(ui, "ie-scan-submit")
        ui.wait.until(lambda d: "not an innovation engine code" in ui.find("ie-scan-error").text.lower())
        assert not ui.find("ie-scan-result").text.strip()

        # A keeps the Network open, live.
        press(ui, "ie-tab-network")
        ui.text_is("ie-network-count", "0 people")
        ui.wait.until(lambda d: ui.find("realtime-status").get_attribute("data-state") == "open")

        # B signs up in another browser, then opens A's link as a phone camera would.
        ui_b.sign_up(b)
        ui_b.text_is("header-name", b["displayName"])
        driver_b.get(link)
        # The link's host may differ from KINDRED_BASE_URL (public base URL): then B signs in there.
        ui_b.wait.until(lambda d: ui_b.all("ie-connect-result") or ui_b.all("ie-connect-signin"))
        if ui_b.all("ie-connect-signin"):
            press(ui_b, "ie-connect-signin")
            ui_b.fill("signin-email", b["email"])
            ui_b.fill("signin-password", b["password"])
            ui_b.click("signin-submit")
        # B first sees whose link it is, then chooses to connect.
        ui_b.text_is("ie-confirm-name", f"Connect with {a['displayName']}?")
        assert "/c/" not in driver_b.current_url
        assert driver_b.current_url.endswith("#/innovation-engine/connect")
        press(ui_b, "ie-confirm-connect")
        ui_b.text_is("ie-connect-result", f"You're now connected with {a['displayName']}")

        # B's network: one person, A.
        press(ui_b, "ie-connect-network")
        ui_b.text_is("ie-network-count", "1 person")
        ui_b.wait.until(lambda d: row_for(ui_b, a["username"]))

        # A's network followed without a reload.
        ui.text_is("ie-network-count", "1 person")
        ui.wait.until(lambda d: row_for(ui, b["username"]))

        # A notes where they met; it survives a reload.
        row = row_for(ui, b["username"])
        note = row.find_element(By.CSS_SELECTOR, '[data-testid="ie-note-input"]')
        note.clear()
        note.send_keys("Met at the hackathon")
        save = row.find_element(By.CSS_SELECTOR, '[data-testid="ie-note-save"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
        save.click()
        ui.wait.until(lambda d: "saved" in ui.find("ie-network-status").text.lower())
        driver.refresh()
        ui.wait.until(lambda d: row_for(ui, b["username"]) and note_of(row_for(ui, b["username"])) == "Met at the hackathon")

        # The note is A's alone: B's row for A stays empty.
        driver_b.refresh()
        ui_b.wait.until(lambda d: row_for(ui_b, a["username"]))
        assert note_of(row_for(ui_b, a["username"])) == ""

        # Opening the same link again: already connected, nothing to confirm.
        driver_b.get(link)
        ui_b.text_is("ie-connect-result", f"You're already connected with {a['displayName']}")
        assert not ui_b.all("ie-confirm")
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)


def test_connect_link_while_signed_out_goes_through_sign_up(ui, ui_b, driver, driver_b, base_url):
    a = {**unique_account(), "displayName": "Ada Link"}
    b = {**unique_account(), "displayName": "Bea Link"}
    try:
        ui.sign_up(a)
        ui.text_is("header-name", a["displayName"])
        ui.open("/innovation-engine/qr")
        link = ui.wait.until(lambda d: ui.find("ie-link").get_attribute("value"))

        # B has no account yet: the connect screen says whose link it is, offers sign-up and
        # comes back after it.
        driver_b.get(link)
        ui_b.wait.until(lambda d: f"{a['displayName']} shared their Innovation Engine link" in ui_b.find("ie-connect-signed-out").text)
        assert f"{a['displayName']} wants to connect" in ui_b.find("ie-connect-owner").text
        press(ui_b, "ie-connect-signup")
        ui_b.fill_sign_up(b)
        ui_b.text_is("ie-confirm-name", f"Connect with {a['displayName']}?")
        press(ui_b, "ie-confirm-connect")
        ui_b.text_is("ie-connect-result", f"You're now connected with {a['displayName']}")
        # The pending code is used once and forgotten.
        assert driver_b.execute_script("return sessionStorage.length") == 0
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)


def sign_in(ui, acct):
    ui.sign_in(acct["email"], acct["password"])
    ui.text_is("header-name", acct["displayName"])


def connected(a, b):
    """Whether b is in a's connections, asked through the API."""
    status, body = a["api"].call("GET", "/innovation-engine/connections")
    assert status == 200, body
    return any(c["person"]["id"] == b["id"] for c in body["items"])


def test_scan_shows_who_before_connecting(ui, base_url, tmp_path):
    tess = create_account(base_url, displayName="Tess Avatar")
    me = create_account(base_url, displayName="Sam Scanner")
    try:
        with open(make_png(tmp_path / "tess.png", rgb=(30, 120, 200)), "rb") as f:
            tess["api"].set_avatar(f.read())
        status, code = tess["api"].call("GET", "/innovation-engine/code")
        assert status == 200, code
        assert code["link"].endswith("/c/" + code["code"])
        assert tess["id"] not in code["link"]  # the code is not the account id

        sign_in(ui, me)
        ui.open("/innovation-engine/scan")
        ui.fill("ie-scan-input", code["link"])
        press(ui, "ie-scan-submit")

        # "Connect with Tess?", with her photo and username; nothing is connected yet.
        ui.text_is("ie-confirm-name", "Connect with Tess Avatar?")
        assert f"@{tess['username']}" in ui.find("ie-confirm").text
        photo = ui.find("ie-confirm-avatar")
        assert photo.tag_name == "img" and "/media-files/" in photo.get_attribute("src")
        ui.wait.until(lambda d: d.execute_script("return arguments[0].naturalWidth > 0", photo))
        assert not connected(me, tess)

        # Cancel: still not connected, and the question is gone.
        press(ui, "ie-confirm-cancel")
        ui.wait.until(lambda d: not ui.all("ie-confirm"))
        assert not connected(me, tess)

        # The bare code works as well as the link; Connect connects.
        ui.fill("ie-scan-input", code["code"])
        press(ui, "ie-scan-submit")
        ui.text_is("ie-confirm-name", "Connect with Tess Avatar?")
        press(ui, "ie-confirm-connect")
        ui.text_is("ie-scan-result", "You're now connected with Tess Avatar")
        assert connected(me, tess) and connected(tess, me)
        ui.visible("ie-scan-network")
    finally:
        delete_account(base_url, tess)
        delete_account(base_url, me)


def test_a_new_code_retires_the_old_link(ui, ui_b, driver, driver_b, base_url):
    a = create_account(base_url, displayName="Rota Tor")
    b = create_account(base_url, displayName="Bee Late")
    try:
        sign_in(ui, a)
        ui.open("/innovation-engine/qr")
        old_link = ui.wait.until(lambda d: ui.find("ie-link").get_attribute("value"))

        # "Get a new code" asks first; saying no changes nothing.
        press(ui, "ie-rotate")
        wait_for_alert(driver).dismiss()
        assert ui.find("ie-link").get_attribute("value") == old_link
        press(ui, "ie-rotate")
        alert = wait_for_alert(driver)
        assert "stop working" in alert.text
        alert.accept()
        ui.wait.until(lambda d: ui.find("ie-link").get_attribute("value") not in ("", old_link))
        new_link = ui.find("ie-link").get_attribute("value")
        assert "no longer work" in ui.has_text("ie-qr-status")
        ui.find("ie-qr").find_element(By.CSS_SELECTOR, "svg")

        # B opens the old link: a clear "no longer works", nothing to confirm, no connection.
        sign_in(ui_b, b)
        driver_b.get(old_link)
        ui_b.wait.until(lambda d: "no longer works" in ui_b.find("ie-connect-error").text)
        assert not ui_b.all("ie-confirm")
        assert not connected(b, a)

        # An account id is not a code either (it is what profile search hands out).
        ui_b.open("/innovation-engine/scan")
        ui_b.fill("ie-scan-input", a["id"])
        press(ui_b, "ie-scan-submit")
        ui_b.wait.until(lambda d: "no longer works" in ui_b.find("ie-scan-error").text)
        assert not connected(b, a)

        # The new link works, and says whose it is (initials: A has no photo).
        driver_b.get(new_link)
        ui_b.text_is("ie-confirm-name", "Connect with Rota Tor?")
        assert ui_b.find("ie-confirm").find_element(By.CSS_SELECTOR, ".avatar-initials").text == "RT"
        press(ui_b, "ie-confirm-connect")
        ui_b.text_is("ie-connect-result", "You're now connected with Rota Tor")
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)


# The colour of the canvas at a CSS-px point, and whether a small box under it has bright
# (name-text) pixels. The sky is black, faces are photos or tinted initials, names are white.
PIXEL = """
const [canvas, x, y] = arguments;
const k = canvas.width / canvas.getBoundingClientRect().width;
return [...canvas.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data].slice(0, 3);
"""
BRIGHT_BELOW = """
const [canvas, x, y] = arguments;
const k = canvas.width / canvas.getBoundingClientRect().width;
const d = canvas.getContext('2d').getImageData(Math.round((x - 30) * k), Math.round((y + 18) * k),
  Math.round(60 * k), Math.round(14 * k)).data;
let bright = 0;
for (let i = 0; i < d.length; i += 4) if (d[i] > 220 && d[i + 1] > 220 && d[i + 2] > 220) bright += 1;
return bright;
"""


def star_position(ui, row):
    """Selects a person's star through their row's "Show in sky" and returns its (x, y) in CSS px."""
    button = row.find_element(By.CSS_SELECTOR, '[data-testid="ie-person-show"]')
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    label = ui.visible("ie-star-label")
    transform = ui.wait.until(lambda d: label.get_attribute("style"))
    x, y = [float(v) for v in transform.split("translate(")[1].split(")")[0].replace("px", "").split(",")]
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", ui.find("ie-network-canvas"))
    return x, y


def test_network_shows_faces_and_names(ui, base_url, tmp_path):
    me = create_account(base_url, displayName="Nora Network")
    face = create_account(base_url, displayName="Olive Photo")
    plain = create_account(base_url, displayName="Pete Plain")
    try:
        # An empty network says how to start, with both ways right there.
        sign_in(ui, me)
        ui.open("/innovation-engine/network")
        ui.text_is("ie-network-count", "0 people")
        ui.visible("ie-network-empty")
        assert ui.visible("ie-empty-qr").get_attribute("href").endswith("#/innovation-engine/qr")
        press(ui, "ie-empty-scan")
        ui.wait.until(lambda d: d.current_url.endswith("#/innovation-engine/scan"))

        with open(make_png(tmp_path / "olive.png", width=64, height=64, rgb=(200, 30, 60)), "rb") as f:
            face["api"].set_avatar(f.read())
        status, code = me["api"].call("GET", "/innovation-engine/code")
        assert status == 200, code
        for friend in (face, plain):
            status, body = friend["api"].call("POST", "/innovation-engine/connections", {"code": code["link"]})
            assert status == 201, body

        ui.open("/innovation-engine/network")
        ui.text_is("ie-network-count", "2 people")
        assert not ui.find("ie-network-empty").is_displayed()
        canvas = ui.find("ie-network-canvas")
        rows = {r.get_attribute("data-username"): r for r in ui.all("ie-person-row")}

        # The list shows faces: Olive's photo, Pete's initials.
        olive_img = rows[face["username"]].find_element(By.CSS_SELECTOR, '[data-testid="ie-person-avatar"]')
        assert olive_img.tag_name == "img"
        assert rows[plain["username"]].find_element(By.CSS_SELECTOR, ".avatar-initials").text == "PP"

        # In the sky, Olive is her photo's red, not a white dot, and has a name under her.
        x, y = star_position(ui, rows[face["username"]])
        ui.wait.until(lambda d: (lambda p: p[0] > 150 and p[1] < 90 and p[2] < 110)(d.execute_script(PIXEL, canvas, x, y)),
                      "Olive's face is not drawn from her photo")
        assert ui.driver.execute_script(BRIGHT_BELOW, canvas, x, y) > 5, "no name under Olive"

        # Pete has no photo: a tinted disc with his initials, not a white dot.
        x, y = star_position(ui, rows[plain["username"]])
        r, g, b = ui.driver.execute_script(PIXEL, canvas, x - 9, y - 8)  # inside the disc, clear of the letters
        assert not (r > 220 and g > 220 and b > 220) and (r, g, b) != (0, 0, 0), (r, g, b)
        assert ui.driver.execute_script(BRIGHT_BELOW, canvas, x, y) > 5, "no name under Pete"
    finally:
        for acct in (me, face, plain):
            delete_account(base_url, acct)


def test_a_connect_link_that_gets_no_answer_offers_try_again(ui, driver, base_url):
    a = create_account(base_url, displayName="Quiet Server")
    b = create_account(base_url, displayName="Patient Person")
    try:
        status, code = a["api"].call("GET", "/innovation-engine/code")
        assert status == 200, code
        ui.open("/")
        ui.set_timeouts(requestMs=2000)
        sign_in(ui, b)

        # Looking the code up gets no answer: after the time limit, a message and Try again.
        ui.stall_requests("*/api/v1/innovation-engine/codes/*")
        driver.get(code["link"])
        assert "took too long" in ui.has_text("ie-connect-error").lower()
        ui.release_requests()
        press(ui, "ie-connect-retry")
        ui.text_is("ie-confirm-name", "Connect with Quiet Server?")
        press(ui, "ie-confirm-connect")
        ui.text_is("ie-connect-result", "You're now connected with Quiet Server")
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)
