"""Browser tests of Rin's share links: an alternate's QR code and link on the Profile tab, the link
opened on someone else's phone (375 x 667, touch) as a card they add to their contacts, and a new
link that stops the old one, and a card blocked on the phone and unblocked from the Profile tab. One
desktop browser and one phone for the file (rin_ui)."""
import pytest
from selenium.webdriver.common.by import By

from kindred_ui import create_account, delete_account, wait_for_alert
from rin_ui import browser, clean_console, phone  # noqa: F401 (fixtures)
from rin_ui import go, no_sideways_scroll, ok, one, press, primary_profile, signed_in, tap


@pytest.fixture
def people(base_url):
    made = {"ada": create_account(base_url, displayName="Ada Share"),
            "bea": create_account(base_url, displayName="Bea Share")}
    for acct in made.values():
        acct["profile"] = primary_profile(acct)
    yield made
    for acct in made.values():
        delete_account(base_url, acct)


def test_an_alternates_link_is_opened_on_a_phone_added_and_replaced(base_url, browser, phone, people):
    ada, bea = people["ada"], people["bea"]
    work = ok(ada["api"].call("POST", "/rin/profiles", {"kind": "professional", "displayName": "Ada at Work"}), 201)["profile"]

    # Ada chooses her professional profile: its QR code and link are on the Profile tab.
    ui = signed_in(browser, base_url, ada, "/rin/profile")
    press(ui, one(ui, "rin-profile-card", kind="professional"))
    ui.wait.until(lambda d: "Ada at Work" in d.find_element(By.ID, "rin-about-title").text)
    ui.wait.until(lambda d: ui.find("rin-share-link").get_attribute("value").startswith(base_url + "/r/"))
    link = ui.find("rin-share-link").get_attribute("value")
    token = link.rsplit("/", 1)[1]
    assert len(token) == 22 and work["id"].lower() not in link.lower() and ada["id"].lower() not in link.lower()
    assert ui.find("rin-share-qr").find_elements(By.TAG_NAME, "svg"), "the QR code is drawn"
    press(ui, "rin-share-copy")
    assert ui.has_text("rin-share-status")

    # Bea's phone opens the link as a camera would: the card, then her new contact.
    bui = signed_in(phone, base_url, bea, "/rin")
    phone.get(link)
    bui.wait.until(lambda d: d.execute_script("return location.hash") == f"#/rin/card/{token}")
    bui.text_is("rin-card-title", "Ada at Work")
    no_sideways_scroll(phone)
    tap(phone, bui.visible("rin-card-add"))
    bui.wait.until(lambda d: d.execute_script("return location.hash").startswith("#/rin/contacts/"))
    contacts = ok(bea["api"].call("GET", f"/rin/profiles/{bea['profile']}/contacts"))["items"]
    assert [(c["displayName"], c["isLinked"]) for c in contacts] == [("Ada at Work", True)]
    phone.get(link)
    bui.visible("rin-card-open")  # already in her book: the card opens that contact instead

    # Ada makes a new link; the old one no longer opens.
    press(ui, "rin-share-renew")
    wait_for_alert(browser).accept()
    ui.wait.until(lambda d: ui.find("rin-share-link").get_attribute("value") not in ("", link))
    assert "no longer works" in ui.has_text("rin-share-status")
    phone.get(link)
    bui.visible("rin-card-missing")
    bui.text_is("rin-card-title", "This link doesn’t work")

    # Her own card, opened on her own browser, is hers and has nothing to add.
    browser.get(ui.find("rin-share-link").get_attribute("value"))
    ui.visible("rin-card-own")
    assert not ui.all("rin-card-add")


def test_people_are_found_by_name_only_when_they_let_themselves_be(base_url, browser, people):
    ada, bea = people["ada"], people["bea"]
    name = f"Ada Zebrafinch {ada['username'][-6:]}"
    ok(ada["api"].call("PATCH", f"/rin/profiles/{ada['profile']}", {"displayName": name}))
    ui = signed_in(browser, base_url, bea, "/rin/people")
    ui.fill("rin-search-q", name.lower().replace("ada ", "ÀDA "))  # any case, any accents
    press(ui, "rin-search-submit")
    ui.wait.until(lambda d: [a.text for a in ui.all("rin-search-result")] == [name])
    press(ui, "rin-search-result")
    ui.text_is("rin-person-title", name)

    # Not discoverable: no longer found, though her page stays reachable by username.
    ok(ada["api"].call("PATCH", f"/rin/profiles/{ada['profile']}", {"discoverable": False}))
    ui.driver.back()
    ui.fill("rin-search-q", name)
    press(ui, "rin-search-submit")
    ui.visible("rin-search-empty")
    assert not ui.all("rin-search-result")


def test_a_card_is_blocked_on_a_phone_and_unblocked_from_the_profile_tab(base_url, phone, people):
    ada, bea = people["ada"], people["bea"]
    work = ok(ada["api"].call("POST", "/rin/profiles", {"kind": "personal", "displayName": "Ada Private Card"}), 201)["profile"]
    link = ok(ada["api"].call("GET", f"/rin/profiles/{work['id']}/share-link"))["link"]

    # Bea opens the card and blocks it: only that profile, under the name it showed her.
    bui = signed_in(phone, base_url, bea, "/rin")
    phone.get(link)
    bui.text_is("rin-card-title", "Ada Private Card")
    press(bui, "rin-card-block")  # a click: the confirm it opens would hold a touch event
    wait_for_alert(phone).accept()
    assert "Ada Private Card is blocked" in bui.has_text("rin-card-blocked")
    no_sideways_scroll(phone)
    blocks = ok(bea["api"].call("GET", "/rin/blocks"))["items"]
    assert [b["label"] for b in blocks] == ["Ada Private Card"]
    assert ada["username"] not in str(blocks) and ada["id"].lower() not in str(blocks).lower()
    phone.get(link)
    bui.visible("rin-card-missing")
    # Her account is not blocked: Kindred's own list stays empty, and Ada's primary still shows.
    assert ok(bea["api"].call("GET", "/blocks"))["items"] == []
    ok(bea["api"].call("GET", f"/rin/people/{ada['profile']}"))

    # The Profile tab lists it by that name, never by Ada's username, and lifts it.
    go(bui, "/rin/profile")
    row = bui.visible("rin-blocked-row")
    assert "Ada Private Card" in row.text and ada["username"] not in row.text
    tap(phone, bui.visible("rin-unblock"))
    assert "is unblocked" in bui.has_text("rin-blocked-status")
    bui.visible("rin-blocked-empty")
    phone.get(link)
    bui.text_is("rin-card-title", "Ada Private Card")


def test_a_contact_already_in_the_book_is_linked_by_pasting_the_card_link(base_url, browser, people):
    ada, bea = people["ada"], people["bea"]
    work = ok(ada["api"].call("POST", "/rin/profiles", {"kind": "professional", "displayName": "Ada Conference Card"}), 201)["profile"]
    link = ok(ada["api"].call("GET", f"/rin/profiles/{work['id']}/share-link"))["link"]
    contact = ok(bea["api"].call("POST", f"/rin/profiles/{bea['profile']}/contacts", {"displayName": "Ada from the talk"}), 201)

    ui = signed_in(browser, base_url, bea, f"/rin/contacts/{contact['id']}")
    ui.fill("rin-link-username", link)
    press(ui, "rin-link-submit")
    linked = ui.visible("rin-contact-linked")
    assert "Ada Conference Card" in linked.text
    detail = ok(bea["api"].call("GET", f"/rin/contacts/{contact['id']}"))
    assert detail["linkedPerson"]["profileId"].lower() == work["id"].lower()
    assert detail["displayName"] == "Ada from the talk"
