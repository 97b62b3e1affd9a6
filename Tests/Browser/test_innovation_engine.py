"""Browser tests of the Innovation Engine web app (My QR / Scan / Network / connect links).
Two independent browsers play two people. See conftest.py for how to run them."""
from selenium.webdriver.common.by import By

from kindred_ui import delete_account, unique_account
from test_shell import sign_up


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
        sign_up(ui, a)
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
        sign_up(ui_b, b)
        ui_b.text_is("header-name", b["displayName"])
        driver_b.get(link)
        # The link's host may differ from KINDRED_BASE_URL (public base URL): then B signs in there.
        ui_b.wait.until(lambda d: ui_b.all("ie-connect-result") or ui_b.all("ie-connect-signin"))
        if ui_b.all("ie-connect-signin"):
            press(ui_b, "ie-connect-signin")
            ui_b.fill("signin-email", b["email"])
            ui_b.fill("signin-password", b["password"])
            ui_b.click("signin-submit")
        ui_b.text_is("ie-connect-result", f"You're now connected with {a['displayName']}")
        assert "/c/" not in driver_b.current_url
        assert driver_b.current_url.endswith("#/innovation-engine/connect")

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

        # Opening the same link again: already connected.
        driver_b.get(link)
        ui_b.text_is("ie-connect-result", f"You were already connected with {a['displayName']}")
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)


def test_connect_link_while_signed_out_goes_through_sign_up(ui, ui_b, driver, driver_b, base_url):
    a = {**unique_account(), "displayName": "Ada Link"}
    b = {**unique_account(), "displayName": "Bea Link"}
    try:
        sign_up(ui, a)
        ui.text_is("header-name", a["displayName"])
        ui.open("/innovation-engine/qr")
        link = ui.wait.until(lambda d: ui.find("ie-link").get_attribute("value"))

        # B has no account yet: the connect screen offers sign-up and comes back after it.
        driver_b.get(link)
        press(ui_b, "ie-connect-signup")
        ui_b.fill("signup-email", b["email"])
        ui_b.fill("signup-username", b["username"])
        ui_b.fill("signup-displayname", b["displayName"])
        ui_b.fill("signup-password", b["password"])
        ui_b.click("signup-submit")
        ui_b.text_is("ie-connect-result", f"You're now connected with {a['displayName']}")
        # The pending code is used once and forgotten.
        assert driver_b.execute_script("return sessionStorage.length") == 0
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)
