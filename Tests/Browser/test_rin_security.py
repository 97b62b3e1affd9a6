"""Browser tests of Rin's security inbox: a sign-in from a second browser (a 375 x 667 touch phone,
with its own installation id) arrives live as a new-device alert on the first, which answers "this
wasn't me" and signs the phone out; an ask to see a field is answered from the inbox; a dispute
from both sides (raised with a photo on the phone, kept with a statement at a desk, withdrawn). One desktop
browser and one phone for the file (rin_ui)."""
import pytest

from kindred_ui import Api, create_account, delete_account, make_png, wait_for_alert
from rin_ui import browser, clean_console, phone  # noqa: F401 (fixtures)
from rin_ui import add_field, go, no_sideways_scroll, ok, press, primary_profile, set_cells, signed_in, circles_of


@pytest.fixture
def people(base_url):
    made = {name: create_account(base_url, displayName=f"{name.title()} Secure") for name in ("ada", "bea")}
    for acct in made.values():
        acct["profile"] = primary_profile(acct)
    yield made
    for acct in made.values():
        delete_account(base_url, acct)


def alert_items(ui):
    return [el for el in ui.all("rin-security-item") if el.get_attribute("data-section") == "alerts"]


def test_a_second_browser_signing_in_is_a_new_device_alert_answered_this_wasnt_me(base_url, browser, phone, people):
    ada = people["ada"]
    ui = signed_in(browser, base_url, ada, "/rin/security")
    ui.visible("rin-security-section-alerts")
    # This browser's own sign-in is new to the account (set up through the API): marked as this device.
    ui.wait.until(lambda d: any("(this device)" in el.text for el in alert_items(ui)))
    assert not [el for el in alert_items(ui) if "(this device)" in el.text][0].find_elements("css selector", '[data-testid="rin-security-not-me"]')

    # The phone signs in: the alert arrives live on the desktop.
    pui = signed_in(phone, base_url, ada, "/rin/score")
    pui.visible("rin-score")
    ui.wait.until(lambda d: len(alert_items(ui)) == 2)
    theirs = [el for el in alert_items(ui) if "(this device)" not in el.text][0]
    assert "New sign-in" in theirs.text and theirs.get_attribute("data-state") == "action"
    assert ui.visible("rin-security-section-alerts").find_elements("css selector", '[data-testid="rin-security-action-count"]')

    # "This wasn't me": confirmed, every other device is signed out, the phone included.
    press(ui, theirs.find_element("css selector", '[data-testid="rin-security-not-me"]'))
    wait_for_alert(browser).accept()
    ui.wait.until(lambda d: "signed out" in ui.visible("rin-security-status").text)
    ui.wait.until(lambda d: any("signed out from" in el.text for el in alert_items(ui)))
    pui.wait.until(lambda d: pui.all("home-signin") or pui.all("signin-email"))
    ok(ada["api"].call("GET", "/me"), 401)  # the test's own API session was another device: signed out too
    ui.text_is("header-name", ada["displayName"])
    api = Api(base_url)
    api.sign_in(ada["email"], ada["password"])
    answers = [a.get("answer") for a in ok(api.call("GET", "/me/alerts"))["items"]]
    assert "not_me" in answers


def test_an_ask_is_answered_from_the_inbox_on_a_phone(base_url, phone, people):
    ada, bea = people["ada"], people["bea"]
    field = add_field(ada, "birthday", "1815-12-10")
    public = [c for c in circles_of(ada).values() if c["kind"] == "public"][0]
    set_cells(ada, [(public["id"], field["key"], "ask")])
    ok(bea["api"].call("POST", f"/rin/people/{ada['profile']}/asks", {"fieldKey": field["key"]}))

    ui = signed_in(phone, base_url, ada, "/rin/profile")
    # The ask, and this phone's own sign-in (new to the account): two things need her.
    ui.wait.until(lambda d: ui.visible("rin-security-link-count").text == "2")
    press(ui, "rin-security-link")
    ui.wait.until(lambda d: [el for el in ui.all("rin-security-item") if el.get_attribute("data-section") == "access"])
    press(ui, "rin-security-approve")
    ui.wait.until(lambda d: "can see" in ui.visible("rin-security-status").text)
    press(ui, "rin-security-filter-resolved")
    ui.wait.until(lambda d: any(el.get_attribute("data-section") == "access" and "You said yes" in el.text
                                for el in ui.all("rin-security-item")))
    no_sideways_scroll(phone)


def test_a_dispute_from_both_sides(base_url, browser, phone, people, tmp_path):
    ada, bea = people["ada"], people["bea"]
    mobile = add_field(ada, "phone", "+44 20 7946 0018", label="mobile")
    public = [c for c in circles_of(ada).values() if c["kind"] == "public"][0]
    set_cells(ada, [(public["id"], mobile["key"], "allow")])
    photo = tmp_path / "bill.png"
    make_png(photo, 64, 48)

    # Bea, on her phone, says Ada's mobile is hers, with a photo of a bill.
    pui = signed_in(phone, base_url, bea, f"/rin/people/{ada['profile']}")
    details = pui.visible("rin-dispute")
    press(pui, details.find_element("css selector", "summary"))
    pui.fill("rin-dispute-statement", "That number has been mine since 2019.\nSee the bill.")
    pui.visible("rin-dispute-photos").send_keys(str(photo))
    press(pui, "rin-dispute-submit")
    pui.wait.until(lambda d: "Sent" in pui.visible("rin-dispute-status").text)
    no_sideways_scroll(phone)

    # Ada, at her desk, sees the claim (not the photo) and keeps the number, saying why.
    ui = signed_in(browser, base_url, ada, "/rin/security")
    item = ui.wait.until(lambda d: next((el for el in ui.all("rin-security-item") if el.get_attribute("data-section") == "disputes"), None))
    assert item.get_attribute("data-role") == "subject" and item.get_attribute("data-state") == "action"
    assert "since 2019" in item.text and not item.find_elements("css selector", "img")
    item.find_element("css selector", '[data-testid="rin-dispute-why"]').send_keys("It has been my number for ten years.")
    press(ui, item.find_element("css selector", '[data-testid="rin-dispute-keep"]'))
    ui.wait.until(lambda d: "moderators" in ui.visible("rin-security-status").text)

    # Bea sees the answer and her own photo, and withdraws.
    go(pui, "/rin/security")
    theirs = pui.wait.until(lambda d: next((el for el in pui.all("rin-security-item")
                                             if el.get_attribute("data-section") == "disputes" and "Their answer" in el.text), None))
    assert theirs.get_attribute("data-role") == "claimant" and "ten years" in theirs.text
    assert theirs.find_elements("css selector", "img")
    press(pui, theirs.find_element("css selector", '[data-testid="rin-dispute-withdraw"]'))
    pui.wait.until(lambda d: "Withdrawn" in pui.visible("rin-security-status").text)
    no_sideways_scroll(phone)
