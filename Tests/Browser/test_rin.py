"""Browser tests of the Rin web app (the book, circles, who sees what, See as, people, profiles),
driving the real UI. See conftest.py for how to run them.

One desktop browser (1280 x 900) for the whole file; the phone (375 x 667, touch) starts only
for the phone test. Three people, made through the API: the owner (whose Rin the tests work in),
a friend on Rin, and a reader whose book holds 55 contacts made through the API (the paging
tests). Tests arrange through the API whatever an earlier test would have left, so each can also
run alone."""
import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from kindred_ui import create_account, delete_account, make_png, wait_for_alert
from rin_ui import browser, clean_console, phone  # noqa: F401 (fixtures)
from rin_ui import (add_contact, add_field, allow_downloads, cell_of, circles_of, contacts_of, downloaded, find_in, go,
                    grid_of, no_sideways_scroll, ok, one, press, press_in, primary_profile, set_cells, shared_kinds, signed_in, tap,
                    texts)


# ---- browsers and people ------------------------------------------------------------------------

# One desktop browser for the file, a phone only when a test asks, and console errors failing
# a test: `rin_ui`'s fixtures.


# 55 names over many letters, with an accent and a digit, so the book has sections and two pages.
FIRST = ["Ada", "Bea", "Cyd", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max", "Ned", "Oz",
         "Pam", "Quin", "Rae", "Sam", "Tom", "Uma", "Vic", "Wes", "Xia", "Yan", "Zoe"]


@pytest.fixture(scope="module")
def people(base_url):
    made = {"owner": create_account(base_url, displayName="Ada Rin"),
            "friend": create_account(base_url, displayName="Bea Rin"),
            "reader": create_account(base_url, displayName="Cy Reader")}
    for acct in made.values():
        acct["profile"] = primary_profile(acct)  # the first Rin request makes the primary profile
    reader = made["reader"]
    names = [f"{FIRST[i % len(FIRST)]} Page{i:02d}" for i in range(52)] + ["Émile Zola", "7 Eleven", "Óscar Ruiz"]
    for i, name in enumerate(names):
        given, _, family = name.partition(" ")
        add_contact(reader, reader["profile"], givenName=given, familyName=family,
                    values=[{"kind": "phone", "label": "mobile", "value": f"+1 202 555 {1000 + i:04d}"}])
    yield made
    for acct in made.values():
        delete_account(base_url, acct)


@pytest.fixture
def owner(people):
    return people["owner"]


@pytest.fixture
def friend(people):
    return people["friend"]


@pytest.fixture
def reader(people):
    return people["reader"]


def fresh_book(person):
    """Deletes every contact of the person's primary book."""
    for contact in contacts_of(person, person["profile"]):
        ok(person["api"].call("DELETE", f"/rin/contacts/{contact['id']}"), 204)


def contact_named(person, name):
    return next((c for c in contacts_of(person, person["profile"]) if c["displayName"] == name), None)


def fill_contact_form(ui, given="", family="", org="", phone="", email=""):
    for testid, text in (("rin-contact-given", given), ("rin-contact-family", family), ("rin-contact-org", org)):
        if text:
            ui.fill(testid, text)
    values = ui.all("rin-value-value")
    if phone:
        values[0].clear()
        values[0].send_keys(phone)
    if email:
        values[1].clear()
        values[1].send_keys(email)


# ---- (1) the book: add, search, open, edit, favourite, delete -----------------------------------

def test_contacts_add_search_open_edit_favourite_delete(base_url, browser, owner):
    fresh_book(owner)
    ui = signed_in(browser, base_url, owner, "/rin")
    ui.visible("rin-contacts-empty")  # an empty book says so, with the way to fill it

    # A contact with nothing in it: the server's words land next to the first name.
    press(ui, "rin-empty-add")
    ui.visible("rin-contact-form")
    values = ui.all("rin-value-value")
    for v in values:
        v.clear()
    press(ui, "rin-contact-save")
    assert "name" in ui.has_text("error-givenName").lower()
    assert ui.find("rin-contact-given").get_attribute("aria-invalid") == "true"

    # Two contacts, through the form.
    fill_contact_form(ui, "Grace", "Hopper", org="Navy", phone="+1 202 555 0143", email="grace@example.com")
    press(ui, "rin-contact-save")
    ui.text_is("rin-contact-title", "Grace Hopper")
    call = one(ui, "rin-contact-value", kind="phone").find_element(By.TAG_NAME, "a")
    assert call.get_attribute("href") == "tel:+12025550143"
    mail = one(ui, "rin-contact-value", kind="email").find_element(By.TAG_NAME, "a")
    assert mail.get_attribute("href") == "mailto:grace@example.com"
    ui.text_is("rin-contact-work", "Navy")

    go(ui, "/rin/contacts/new")
    ui.visible("rin-contact-form")
    fill_contact_form(ui, "Alan", "Turing", email="alan@example.com")
    press(ui, "rin-contact-save")
    ui.text_is("rin-contact-title", "Alan Turing")
    assert {c["displayName"] for c in contacts_of(owner, owner["profile"])} == {"Grace Hopper", "Alan Turing"}

    # The list, then searching it: by a part of a name, by e-mail, and for nobody.
    go(ui, "/rin/contacts")
    ui.wait.until(lambda d: sorted(texts(ui, "rin-contact-name")) == ["Alan Turing", "Grace Hopper"])
    assert texts(ui, "rin-az-letter") == ["A", "G"]
    ui.text_is("rin-contacts-total", "2 contacts")
    ui.fill("rin-contacts-search", "hop")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Grace Hopper"])
    ui.fill("rin-contacts-search", "alan@example")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Alan Turing"])
    ui.fill("rin-contacts-search", "nobody-like-this")
    ui.wait.until(lambda d: ui.find("rin-contacts-nomatch").is_displayed() and not ui.all("rin-contact-name"))
    ui.find("rin-contacts-search").clear()
    ui.fill("rin-contacts-search", "grace")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Grace Hopper"])

    # Open her from the results; make her a favourite.
    press(ui, one(ui, "rin-contact", name="Grace Hopper").find_element(By.TAG_NAME, "a"))
    ui.text_is("rin-contact-title", "Grace Hopper")
    press(ui, "rin-contact-favourite")
    ui.wait.until(lambda d: ui.find("rin-contact-favourite").get_attribute("aria-pressed") == "true")
    assert contact_named(owner, "Grace Hopper")["favourite"] is True

    # Edit: a title and a new organisation; what was not touched stays.
    press(ui, "rin-contact-edit")
    ui.visible("rin-contact-form")
    assert ui.find("rin-contact-given").get_attribute("value") == "Grace"
    ui.fill("rin-contact-org", "US Navy")
    ui.fill("rin-contact-jobtitle", "Rear Admiral")
    press(ui, "rin-contact-save")
    ui.text_is("rin-contact-work", "Rear Admiral · US Navy")
    grace = ok(owner["api"].call("GET", f"/rin/contacts/{contact_named(owner, 'Grace Hopper')['id']}"))
    assert (grace["organization"], grace["title"], grace["favourite"]) == ("US Navy", "Rear Admiral", True)
    assert [v["value"] for v in grace["values"]] == ["+1 202 555 0143", "grace@example.com"]

    # The front page lists her among the favourites, and the favourites filter shows her alone.
    go(ui, "/rin/contacts")
    ui.wait.until(lambda d: [t.get_attribute("data-id") for t in ui.all("rin-contact-tile")
                             if t.find_elements(By.XPATH, "ancestor::*[@data-testid='rin-home-favourites']")] == [grace["id"]])
    press(ui, "rin-filter-favourites")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Grace Hopper"])
    press(ui, "rin-filter-favourites")
    ui.wait.until(lambda d: len(ui.all("rin-contact-name")) == 2)

    # Delete Alan, after saying yes.
    press(ui, one(ui, "rin-contact", name="Alan Turing").find_element(By.TAG_NAME, "a"))
    ui.text_is("rin-contact-title", "Alan Turing")
    alan_id = browser.execute_script("return location.hash").rsplit("/", 1)[1]
    press(ui, "rin-contact-delete")
    wait_for_alert(browser).dismiss()  # no: nothing happens
    assert ok(owner["api"].call("GET", f"/rin/contacts/{alan_id}"))["displayName"] == "Alan Turing"
    press(ui, "rin-contact-delete")
    wait_for_alert(browser).accept()
    ui.text_is("rin-flash", "Alan Turing was deleted.")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Grace Hopper"])
    assert owner["api"].call("GET", f"/rin/contacts/{alan_id}")[0] == 404


# ---- (2) A to Z, 50 at a time --------------------------------------------------------------------

def test_a_to_z_sections_and_paging_past_50(base_url, browser, reader):
    expected = contacts_of(reader, reader["profile"])  # the server's A-Z order, one page of 100
    assert len(expected) == 55
    ui = signed_in(browser, base_url, reader, "/rin/contacts")
    ui.text_is("rin-contacts-total", "55 contacts")
    ui.wait.until(lambda d: len(ui.all("rin-contact")) == 50)
    assert ui.find("rin-contacts-more").is_displayed()

    # Scrolling to the end brings the last five (or the button does).
    more = ui.find("rin-contacts-more")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    try:
        WebDriverWait(browser, 3).until(lambda d: len(ui.all("rin-contact")) == 55)
    except TimeoutException:  # no scroll-triggered load in this browser: the button does it
        press(ui, "rin-contacts-more")
    ui.wait.until(lambda d: len(ui.all("rin-contact")) == 55)
    ui.wait.until(lambda d: not ui.find("rin-contacts-more").is_displayed())

    # The same order as the server's, each under its own letter, each letter once.
    shown = [el.get_attribute("data-id") for el in ui.all("rin-contact")]
    assert shown == [c["id"] for c in expected]
    groups = browser.execute_script("""
      return [...document.querySelectorAll('[data-testid="rin-az-group"]')].map((g) => ({
        letter: g.querySelector('[data-testid="rin-az-letter"]').textContent,
        ids: [...g.querySelectorAll('[data-testid="rin-contact"]')].map((li) => li.dataset.id) }));""")
    letters = [g["letter"] for g in groups]
    assert len(letters) == len(set(letters)), letters  # page two continued the letter page one ended in
    section_of = {c["id"]: c["section"] for c in expected}
    for group in groups:
        assert all(section_of[i] == group["letter"] for i in group["ids"]), group
    assert {"#", "E", "O", "Z"} <= set(letters)
    assert one(ui, "rin-contact", name="Émile Zola").find_element(By.XPATH, "ancestor::section[1]").get_attribute("data-letter") == "E"

    # A search narrows the list and hides the front rows.
    ui.fill("rin-contacts-search", "page07")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Hal Page07"])
    assert not ui.find("rin-home-recent").is_displayed()
    assert ui.find("rin-list-title").get_attribute("textContent") == "Matching contacts"


# ---- (3) vCard export ----------------------------------------------------------------------------

def test_export_one_contact_and_the_whole_book_as_vcard(base_url, browser, owner, tmp_path):
    if not contact_named(owner, "Grace Hopper"):
        add_contact(owner, owner["profile"], givenName="Grace", familyName="Hopper",
                    values=[{"kind": "phone", "value": "+1 202 555 0143", "isPrimary": True}])
    grace = contact_named(owner, "Grace Hopper")
    allow_downloads(browser, tmp_path)
    ui = signed_in(browser, base_url, owner, f"/rin/contacts/{grace['id']}")
    ui.text_is("rin-contact-title", "Grace Hopper")
    press(ui, "rin-contact-export")
    card = downloaded(tmp_path, "Grace Hopper.vcf")
    lines = card.splitlines()
    assert lines[0] == "BEGIN:VCARD" and lines[1] == "VERSION:4.0", lines[:3]
    assert "FN:Grace Hopper" in lines and lines[-1] == "END:VCARD"
    assert any(line.startswith("TEL") and line.endswith("+12025550143") for line in lines)
    ui.has_text("rin-contact-status")

    go(ui, "/rin/contacts")
    press(ui, "rin-export-all")
    book = downloaded(tmp_path, "Rin contacts.vcf")
    assert book.startswith("BEGIN:VCARD\r\nVERSION:4.0\r\n")
    assert book.count("BEGIN:VCARD") == len(contacts_of(owner, owner["profile"]))


# ---- (4) circles: make one, fill it ---------------------------------------------------------------

def test_create_a_circle_and_add_a_contact_and_a_person(base_url, browser, owner, friend):
    if not contact_named(owner, "Grace Hopper"):
        add_contact(owner, owner["profile"], givenName="Grace", familyName="Hopper")
    for name, circle in circles_of(owner, owner["profile"]).items():
        if name == "Climbing club":
            ok(owner["api"].call("DELETE", f"/rin/circles/{circle['id']}"), 204)
    ui = signed_in(browser, base_url, owner, "/rin/circles")
    ui.wait.until(lambda d: texts(ui, "rin-circle-name")[:5] == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
    assert [el.get_attribute("data-kind") for el in ui.all("rin-circle-row")][:2] == ["contacts", "public"]
    assert "Rin’s own" in one(ui, "rin-circle-row", name="Public").text

    press(ui, "rin-new-circle")
    press(ui, "rin-circle-create")  # no name: said next to the field, nothing made
    ui.has_text("error-name")
    ui.fill("rin-circle-name-input", "Climbing club")
    ui.fill("rin-circle-emoji-input", "🧗")
    teal = browser.find_element(By.CSS_SELECTOR, '[data-testid="rin-circle-colour"][value="#14B8A6"]')
    browser.execute_script("arguments[0].click()", teal)
    browser.execute_script("arguments[0].click()",
                           browser.find_element(By.CSS_SELECTOR, '[data-testid="rin-circle-template"][value="moderate"]'))
    press(ui, "rin-circle-create")
    ui.wait.until(lambda d: "Climbing club" in ui.find("rin-circle-title").text)
    made = circles_of(owner, owner["profile"])["Climbing club"]
    assert (made["emoji"], made["color"], made["template"], made["memberCount"]) == ("🧗", "#14B8A6", "moderate", 0)
    ui.visible("rin-members-empty")

    # A contact from the book, through the picker.
    press(ui, "rin-add-members")
    ui.visible("rin-picker")
    ui.fill("rin-picker-search", "grace")
    # The search re-renders the list: the row is found again if it was replaced.
    press_in(ui, "rin-picker-row", "rin-picker-check", name="Grace Hopper")
    ui.text_is("rin-picker-add", "Add 1")
    press(ui, "rin-picker-add")
    ui.wait.until(lambda d: texts(ui, "rin-member") and "Grace Hopper" in texts(ui, "rin-member")[0])
    ui.text_is("rin-circle-members-text", "1 member")
    members = ok(owner["api"].call("GET", f"/rin/circles/{made['id']}/members"))["items"]
    assert [m.get("contactId", "").upper() for m in members] == [contact_named(owner, "Grace Hopper")["id"].upper()]

    # A Rin person by username; an unknown one is said next to the field.
    ui.fill("rin-member-username", "nobody_has_this_name")
    press(ui, "rin-member-username-add")
    ui.has_text("error-username")
    ui.fill("rin-member-username", friend["username"])
    press(ui, "rin-member-username-add")
    ui.wait.until(lambda d: any("Bea Rin" in t and "On Rin" in t for t in texts(ui, "rin-member")))
    ui.text_is("rin-circle-members-text", "2 members")

    # The contact's page names the circle; the list counts its members.
    go(ui, f"/rin/contacts/{contact_named(owner, 'Grace Hopper')['id']}")
    ui.wait.until(lambda d: "Climbing club" in [c.get_attribute("data-circle") for c in ui.all("rin-circle-chip")])
    go(ui, "/rin/circles")
    ui.wait.until(lambda d: find_in(ui, "rin-circle-row", name="Climbing club")
                  and "2 members" in one(ui, "rin-circle-row", name="Climbing club").text)

    # The book filtered to the circle shows its contacts only.
    if not contact_named(owner, "Linus Pauling"):
        add_contact(owner, owner["profile"], givenName="Linus", familyName="Pauling")
    go(ui, "/rin/contacts")
    ui.wait.until(lambda d: "Linus Pauling" in texts(ui, "rin-contact-name"))
    Select(ui.find("rin-filter-circle")).select_by_visible_text("🧗 Climbing club")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Grace Hopper"])

    # Taking someone out.
    go(ui, f"/rin/circles/{made['id']}")
    ui.wait.until(lambda d: len(ui.all("rin-member")) == 2)
    bea = next(el for el in ui.all("rin-member") if "Bea Rin" in el.text)
    press(ui, bea.find_element(By.CSS_SELECTOR, '[data-testid="rin-member-remove"]'))
    ui.wait.until(lambda d: len(ui.all("rin-member")) == 1)
    assert len(ok(owner["api"].call("GET", f"/rin/circles/{made['id']}/members"))["items"]) == 1

    # Renamed, recoloured, its emoji taken away; then deleted, after saying yes.
    press(ui, ui.find("rin-circle-edit-section").find_element(By.TAG_NAME, "summary"))
    ui.fill("rin-circle-edit-name", "Climbers")
    ui.find("rin-circle-edit-emoji").clear()
    browser.execute_script("arguments[0].click()",
                           browser.find_element(By.CSS_SELECTOR, '[data-testid="rin-circle-edit-colour"][value="#EC4899"]'))
    press(ui, "rin-circle-save")
    ui.wait.until(lambda d: ui.find("rin-circle-title").text == "Climbers")
    renamed = circles_of(owner, owner["profile"])["Climbers"]
    assert (renamed["color"], "emoji" in renamed) == ("#EC4899", False)
    press(ui, "rin-circle-delete")
    wait_for_alert(browser).accept()
    ui.text_is("rin-flash", "Climbers was deleted.")
    ui.wait.until(lambda d: "Climbers" not in texts(ui, "rin-circle-name") and len(ui.all("rin-circle-row")) >= 5)
    assert "Climbers" not in circles_of(owner, owner["profile"])
    assert contact_named(owner, "Grace Hopper")  # its people stay in the book

    # Rin's own circles keep their names and can't be deleted.
    contacts_circle = circles_of(owner, owner["profile"])["Contacts"]
    go(ui, f"/rin/circles/{contacts_circle['id']}")
    ui.visible("rin-members-computed")
    assert not ui.all("rin-circle-delete")
    assert ui.find("rin-circle-edit-name").get_attribute("disabled") is not None


# ---- (5) who sees what ------------------------------------------------------------------------------

@pytest.fixture
def owner_fields(owner):
    """The owner's profile with a bio, a primary mobile, a home e-mail and a home address, the
    grid at its templates."""
    pid = owner["profile"]
    ok(owner["api"].call("PATCH", f"/rin/profiles/{pid}", {"bio": "Writes programs for engines."}))
    detail = ok(owner["api"].call("GET", f"/rin/profiles/{pid}"))
    for field in detail["fields"]:
        ok(owner["api"].call("DELETE", f"/rin/profiles/{pid}/fields/{field['id']}"), 204)
    fields = {"phone": add_field(owner, "phone", "+44 20 7946 0018", "mobile", pid),
              "email": add_field(owner, "email", "ada@example.com", "home", pid),
              "address": add_field(owner, "address", "12 St James's Square\nLondon", "home", pid)}
    for circle in circles_of(owner, pid).values():
        ok(owner["api"].call("DELETE", f"/rin/circles/{circle['id']}/policies"), 204)
    return fields


def cell(ui, circle, key):
    return one(ui, "rin-cell", circle=circle, field=key)


def test_policy_grid_allow_for_friends_is_saved(base_url, browser, owner, owner_fields):
    address = owner_fields["address"]["key"]
    friends = circles_of(owner, owner["profile"])["Friends"]
    ui = signed_in(browser, base_url, owner, "/rin/access")
    ui.wait.until(lambda d: len(ui.all("rin-grid-column")) >= 5)
    assert [r.get_attribute("data-kind") for r in ui.all("rin-grid-row")] == ["name", "photo", "bio", "phone", "email", "address"]

    # Friends (Moderate): the address starts on Ask, at the template, drawn with its word.
    target = cell(ui, "Friends", address)
    assert (target.get_attribute("data-access"), target.get_attribute("data-template")) == ("ask", "true")
    assert "Ask" in target.text
    assert cell(ui, "Friends", owner_fields["phone"]["key"]).get_attribute("data-access") == "allow"  # the primary phone
    assert cell(ui, "Public", address).get_attribute("data-access") == "deny"

    # Tap through Don't allow to Allow: not saved until Save.
    press(ui, target)
    ui.wait.until(lambda d: cell(ui, "Friends", address).get_attribute("data-access") == "deny")
    press(ui, cell(ui, "Friends", address))
    ui.wait.until(lambda d: cell(ui, "Friends", address).get_attribute("data-access") == "allow")
    target = cell(ui, "Friends", address)
    assert (target.get_attribute("data-changed"), target.get_attribute("data-template")) == ("true", "false")
    assert "Allow" in target.text
    assert cell_of(grid_of(owner, owner["profile"]), friends["id"], address)["access"] == "ask"
    ui.text_is("rin-grid-save", "Save 1 change")
    press(ui, "rin-grid-save")
    ui.has_text("rin-grid-status")
    ui.wait.until(lambda d: cell(ui, "Friends", address).get_attribute("data-changed") == "false")
    assert cell_of(grid_of(owner, owner["profile"]), friends["id"], address) == {
        "circleId": friends["id"], "fieldKey": address, "access": "allow", "isTemplate": False}

    # After a reload the cell is still Allow, no longer the template's.
    browser.refresh()
    ui.wait.until(lambda d: find_in(ui, "rin-cell", circle="Friends", field=address))
    target = cell(ui, "Friends", address)
    assert (target.get_attribute("data-access"), target.get_attribute("data-template")) == ("allow", "false")

    # Allow all for Colleagues fills its column (saved with the rest); Reset puts Friends back at once.
    press(ui, browser.find_element(By.CSS_SELECTOR, '[data-testid="rin-grid-column"][data-circle="Colleagues"] [data-testid="rin-grid-allow-all"]'))
    ui.wait.until(lambda d: all(c.get_attribute("data-access") == "allow" for c in find_in(ui, "rin-cell", circle="Colleagues")))
    press(ui, "rin-grid-discard")
    ui.wait.until(lambda d: cell(ui, "Colleagues", "bio").get_attribute("data-access") == "deny")
    press(ui, browser.find_element(By.CSS_SELECTOR, '[data-testid="rin-grid-column"][data-circle="Friends"] [data-testid="rin-grid-reset"]'))
    wait_for_alert(browser).accept()
    ui.wait.until(lambda d: cell(ui, "Friends", address).get_attribute("data-access") == "ask"
                  and cell(ui, "Friends", address).get_attribute("data-template") == "true")
    assert cell_of(grid_of(owner, owner["profile"]), friends["id"], address)["isTemplate"] is True


# ---- (6) See as -----------------------------------------------------------------------------------

def test_see_as_public_and_friends_show_different_fields(base_url, browser, owner, friend, owner_fields):
    friends = circles_of(owner, owner["profile"])["Friends"]
    set_cells(owner, [(friends["id"], owner_fields["address"]["key"], "allow")], owner["profile"])
    ok(owner["api"].call("POST", f"/rin/circles/{friends['id']}/members", {"profileIds": [friend["profile"]]}))
    ui = signed_in(browser, base_url, owner, "/rin/see-as")

    # Public: the name alone.
    ui.wait.until(lambda d: ui.find("rin-person-name").text == "Ada Rin")
    assert shared_kinds(ui) == ([], [])
    assert not ui.all("rin-person-bio")
    ui.has_text("rin-seeas-caption")

    # Friends: the primary phone and e-mail, the address now Allow; the bio on Ask, its label only.
    Select(ui.find("rin-seeas-viewer")).select_by_value(f"circle:{friends['id']}")
    ui.wait.until(lambda d: shared_kinds(ui)[0] == ["phone", "email", "address"])
    assert shared_kinds(ui)[1] == ["bio"]
    assert "Writes programs" not in ui.find("rin-seeas-result").text
    ask = one(ui, "rin-askable-field", kind="bio")
    assert "Bio" in ask.text and ask.find_element(By.CSS_SELECTOR, "svg")  # a lock, with no value
    button = ask.find_element(By.CSS_SELECTOR, '[data-testid="rin-ask"]')
    assert button.text == "Ask" and not button.is_enabled()  # drawn as they see it, but asking is theirs to do
    assert "+442079460018" in ui.find("rin-seeas-result").text

    # A person by username: the friend sits in Friends, so sees what Friends sees, as the server says.
    Select(ui.find("rin-seeas-viewer")).select_by_value("person")
    ui.fill("rin-seeas-username", friend["username"])
    press(ui, "rin-seeas-go")
    ui.wait.until(lambda d: ui.find("rin-seeas-caption").text == "What Bea Rin sees:")
    ui.wait.until(lambda d: shared_kinds(ui) == (["phone", "email", "address"], ["bio"]))
    server = ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}/preview?viewer=profile:{friend['profile']}"))
    assert [f["kind"] for f in server["fields"]] == ["phone", "email", "address"]


# ---- (7) a Rin person: linked from a contact, and their page -------------------------------------

def test_linked_contact_shows_the_persons_live_view(base_url, browser, owner, friend):
    fpid = friend["profile"]
    detail = ok(friend["api"].call("GET", f"/rin/profiles/{fpid}"))
    if not detail["fields"]:
        add_field(friend, "phone", "+1 415 555 0100", "mobile", fpid)
        add_field(friend, "address", "1 Main St", "home", fpid)
        ok(friend["api"].call("PATCH", f"/rin/profiles/{fpid}", {"bio": "Bakes bread."}))
    friends_of_friend = circles_of(friend, fpid)["Friends"]
    ok(friend["api"].call("POST", f"/rin/circles/{friends_of_friend['id']}/members", {"profileIds": [owner["profile"]]}))
    bea = add_contact(owner, owner["profile"], givenName="Bea", familyName="Baker", values=[{"kind": "email", "value": "bea@home.example"}])

    ui = signed_in(browser, base_url, owner, f"/rin/contacts/{bea['id']}")
    ui.text_is("rin-contact-title", "Bea Baker")
    ui.fill("rin-link-username", "nobody_has_this_name")
    press(ui, "rin-link-submit")
    assert "username" in ui.has_text("error-username").lower()
    ui.fill("rin-link-username", friend["username"])
    press(ui, "rin-link-submit")
    linked = ui.visible("rin-contact-linked")
    ui.wait.until(lambda d: "Bea Rin" in linked.text)
    assert shared_kinds(ui) == (["phone"], ["bio", "address"])
    assert [b.text for b in ui.all("rin-ask")] == ["Ask"] * 2  # asking works from here (test_rin_review.py)
    assert all(b.is_enabled() for b in ui.all("rin-ask"))
    assert "bea@home.example" in ui.find("rin-contact-page").text  # my own values stay beside theirs

    # Their page shows the same view.
    press(ui, "rin-contact-person-link")
    ui.text_is("rin-person-title", "Bea Rin")
    assert shared_kinds(ui) == (["phone"], ["bio", "address"])
    assert "Bakes bread" not in ui.find("rin-person-card").text

    # Found by username too; a name nobody has is said at the field.
    go(ui, "/rin/people")
    ui.fill("rin-find-username", "nobody_has_this_name")
    press(ui, "rin-find-submit")
    ui.has_text("error-username")
    ui.fill("rin-find-username", friend["username"])
    press(ui, "rin-find-submit")
    ui.text_is("rin-person-title", "Bea Rin")

    # Unlinking takes the live view away.
    go(ui, f"/rin/contacts/{bea['id']}")
    press(ui, "rin-contact-unlink")
    wait_for_alert(browser).accept()
    ui.visible("rin-link-form")
    assert "linkedPerson" not in ok(owner["api"].call("GET", f"/rin/contacts/{bea['id']}"))


# ---- (8) the Profile tab: fields, settings, alternates ---------------------------------------------

def test_profile_fields_settings_and_an_alternate(base_url, browser, owner, tmp_path):
    for profile in ok(owner["api"].call("GET", "/rin/profiles"))["items"]:
        if profile["kind"] != "primary":
            ok(owner["api"].call("DELETE", f"/rin/profiles/{profile['id']}"), 204)
    ok(owner["api"].call("PATCH", "/rin/settings", {"defaultRegion": "US"}))
    for field in ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}"))["fields"]:
        ok(owner["api"].call("DELETE", f"/rin/profiles/{owner['profile']}/fields/{field['id']}"), 204)
    ui = signed_in(browser, base_url, owner, "/rin/profile")
    ui.wait.until(lambda d: [c.get_attribute("data-kind") for c in ui.all("rin-profile-card")] == ["primary"])
    assert ui.find("rin-profile-card").get_attribute("aria-pressed") == "true"
    ui.visible("rin-photo")  # the primary may have a photo: uploaded through Kindred's media, then set
    ui.find("rin-photo-input").send_keys(make_png(tmp_path / "face.png", 64, 64))
    ui.text_is("rin-photo-status", "Photo saved.")
    photo = ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}"))["profile"].get("photo")
    assert photo and photo["kind"] == "png"
    assert ui.find("rin-photo-preview").find_element(By.TAG_NAME, "img").get_attribute("src").startswith(base_url)
    press(ui, "rin-photo-remove")
    ui.text_is("rin-photo-status", "Photo removed.")
    assert "photo" not in ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}"))["profile"]

    # A field: only the labels its kind may have are offered.
    kind = Select(ui.find("rin-field-kind"))
    kind.select_by_value("social")
    assert [o.get_attribute("value") for o in Select(ui.find("rin-field-label")).options] == ["linkedin", "x", "whatsapp", "other"]
    kind.select_by_value("birthday")
    assert not ui.find("rin-field-label").is_displayed()
    kind.select_by_value("phone")
    assert [o.get_attribute("value") for o in Select(ui.find("rin-field-label")).options] == ["mobile", "home", "work", "other"]
    Select(ui.find("rin-field-label")).select_by_value("work")
    ui.fill("rin-field-value", "(202) 555-0199")  # read with the default region, US
    press(ui, "rin-field-add")
    ui.wait.until(lambda d: any(f.get_attribute("data-label") == "work" for f in ui.all("rin-own-field")))
    work = one(ui, "rin-own-field", label="work")
    assert "+12025550199" in work.text and "Work phone" in work.text
    stored = [f for f in ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}"))["fields"] if f["label"] == "work"]
    assert [(f["kind"], f["value"]) for f in stored] == [("phone", "+12025550199")]

    # Changed in place (its label), then removed.
    press(ui, one(ui, "rin-own-field", label="work").find_element(By.CSS_SELECTOR, '[data-testid="rin-field-edit"]'))
    Select(ui.find("rin-field-edit-label")).select_by_value("home")
    press(ui, "rin-field-edit-save")
    ui.wait.until(lambda d: find_in(ui, "rin-own-field", label="home") and not find_in(ui, "rin-own-field", label="work"))
    assert [f["label"] for f in ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}"))["fields"]] == ["home"]
    press(ui, one(ui, "rin-own-field", label="home").find_element(By.CSS_SELECTOR, '[data-testid="rin-field-delete"]'))
    wait_for_alert(browser).accept()
    ui.visible("rin-own-fields-empty")
    assert ok(owner["api"].call("GET", f"/rin/profiles/{owner['profile']}"))["fields"] == []

    # A wrong e-mail: the server's words next to the value.
    Select(ui.find("rin-field-kind")).select_by_value("email")
    ui.fill("rin-field-value", "not an address")
    press(ui, "rin-field-add")
    assert "e-mail" in ui.has_text("error-value").lower()

    # The default region: a common one from the list, another typed; an unknown one refused at the field.
    Select(ui.find("rin-region-select")).select_by_value("other")
    ui.fill("rin-region-other", "XX")
    press(ui, "rin-region-save")
    assert "XX" in ui.has_text("error-defaultRegion")
    ui.fill("rin-region-other", "PT")
    press(ui, "rin-region-save")
    ui.has_text("rin-settings-status")
    assert ok(owner["api"].call("GET", "/rin/settings"))["defaultRegion"] == "PT"
    Select(ui.find("rin-region-select")).select_by_value("GB")
    press(ui, "rin-region-save")
    ui.wait.until(lambda d: ok(owner["api"].call("GET", "/rin/settings"))["defaultRegion"] == "GB")

    # A professional alternate: made, chosen, with a photo of its own whose link names neither the
    # account nor its id; its book is its own.
    press(ui, "rin-profile-new")
    ui.fill("rin-new-profile-name", "Ada Works")
    press(ui, "rin-new-profile-create")
    ui.wait.until(lambda d: [c.get_attribute("data-kind") for c in ui.all("rin-profile-card")] == ["primary", "professional"])
    assert one(ui, "rin-profile-card", kind="professional").get_attribute("aria-pressed") == "true"
    ui.visible("rin-photo")
    ui.find("rin-photo-input").send_keys(make_png(tmp_path / "work.png", 48, 48))
    ui.text_is("rin-photo-status", "Photo saved.")
    alternate = next(p for p in ok(owner["api"].call("GET", "/rin/profiles"))["items"] if p["kind"] == "professional")
    src = ui.find("rin-photo-preview").find_element(By.TAG_NAME, "img").get_attribute("src")
    assert alternate["photo"]["id"].lower() in src and owner["id"].lower() not in src.lower(), src
    go(ui, "/rin/contacts")
    ui.text_is("rin-acting-name", "Ada Works")
    ui.visible("rin-contacts-empty")
    alternate = next(p for p in ok(owner["api"].call("GET", "/rin/profiles"))["items"] if p["kind"] == "professional")
    assert (alternate["displayName"], alternate["discoverable"]) == ("Ada Works", False)

    # Past the daily limit (3 in 24 hours) the server's 429 is said on the form.
    for name in ("Ada Two", "Ada Three"):
        status, _ = owner["api"].call("POST", "/rin/profiles", {"kind": "personal", "displayName": name})
        assert status in (201, 429)
    go(ui, "/rin/profile/new")
    ui.fill("rin-new-profile-name", "Ada Four")
    press(ui, "rin-new-profile-create")
    assert "try again" in ui.has_text("rin-new-profile-error").lower()

    # Back to the primary: the book is the primary's again.
    go(ui, "/rin/profile")
    press(ui, one(ui, "rin-profile-card", kind="primary"))
    ui.wait.until(lambda d: one(ui, "rin-profile-card", kind="primary").get_attribute("aria-pressed") == "true")
    go(ui, "/rin/contacts")
    ui.text_is("rin-acting-name", "Ada Rin")

    # Deleting the alternate in use sends Rin back to the primary.
    go(ui, "/rin/profile")
    press(ui, one(ui, "rin-profile-card", name="Ada Works"))
    ui.wait.until(lambda d: one(ui, "rin-profile-card", name="Ada Works").get_attribute("aria-pressed") == "true")
    press(ui, "rin-profile-delete")
    wait_for_alert(browser).accept()
    ui.wait.until(lambda d: not find_in(ui, "rin-profile-card", name="Ada Works"))
    assert one(ui, "rin-profile-card", kind="primary").get_attribute("aria-pressed") == "true"
    assert "Ada Works" not in [p["displayName"] for p in ok(owner["api"].call("GET", "/rin/profiles"))["items"]]


# ---- (9) offline, then back ------------------------------------------------------------------------

def test_offline_says_so_and_try_again_recovers(base_url, browser, owner):
    ui = signed_in(browser, base_url, owner, "/rin/contacts")
    ui.wait.until(lambda d: ui.find("rin-contacts-state").get_attribute("data-state") == "done")
    ui.network(offline=True)
    try:
        go(ui, "/rin/circles")
        ui.wait.until(lambda d: ui.find("rin-circles-state").get_attribute("data-state") == "error")
        assert "could not be reached" in ui.find("rin-circles-state-error").text
        ui.visible("rin-circles-state-retry")
    finally:
        ui.online()
    press(ui, "rin-circles-state-retry")
    ui.wait.until(lambda d: len(ui.all("rin-circle-row")) >= 5)
    assert ui.find("rin-circles-state").get_attribute("data-state") == "done"

    # A change made while the server can't be reached stays on screen, unsaved, until it can.
    family = circles_of(owner, owner["profile"])["Family"]
    ok(owner["api"].call("DELETE", f"/rin/circles/{family['id']}/policies"), 204)
    go(ui, "/rin/access")
    ui.wait.until(lambda d: find_in(ui, "rin-cell", circle="Family", field="bio"))
    press(ui, cell(ui, "Family", "bio"))
    ui.wait.until(lambda d: cell(ui, "Family", "bio").get_attribute("data-access") == "ask")
    ui.network(offline=True)
    try:
        press(ui, "rin-grid-save")
        assert "could not be reached" in ui.has_text("rin-grid-error")
        assert cell(ui, "Family", "bio").get_attribute("data-changed") == "true"
    finally:
        ui.online()
    press(ui, "rin-grid-save")
    ui.wait.until(lambda d: cell(ui, "Family", "bio").get_attribute("data-changed") == "false")
    assert cell_of(grid_of(owner, owner["profile"]), family["id"], "bio")["access"] == "ask"
    ok(owner["api"].call("DELETE", f"/rin/circles/{family['id']}/policies"), 204)


def test_a_screen_arrives_when_first_opened_and_one_that_cannot_says_so(base_url, browser, owner):
    # Each Rin screen's module is fetched when the screen is first opened, or while the browser
    # is idle: a page opened with the Circles screen's module blocked draws the book, and Circles
    # says on its own page, under its own title, that it could not be loaded.
    ui = signed_in(browser, base_url, owner, "/")
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/js/apps/rin/circles.js"]})
    try:
        browser.refresh()  # a page with no Rin module loaded yet
        ui.text_is("header-name", owner["displayName"])
        go(ui, "/rin/contacts")
        ui.wait.until(lambda d: ui.find("rin-contacts-state").get_attribute("data-state") == "done")
        assert browser.find_element(By.CSS_SELECTOR, "main h1").get_attribute("data-placeholder") is None
        go(ui, "/rin/circles")
        unavailable = ui.visible("screen-unavailable")
        assert "Circles could not be loaded" in unavailable.text
        assert browser.find_element(By.CSS_SELECTOR, "main h1").text == "Circles"
        assert not ui.all("rin-circles")
        # What the console said of it is this test's to read (the blocked file, the failed import).
        said = [entry["message"] for entry in browser.get_log("browser")]
        assert any("Circles could not be loaded" in message for message in said), said
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})

    # Once it can be reached, Reload opens it.
    press(ui, "screen-reload")
    ui.wait.until(lambda d: len(ui.all("rin-circle-row")) >= 5)
    assert not ui.all("screen-unavailable")
    # Moving on, the next screen's own heading takes the focus, whether its module was already
    # fetched or arrived after a placeholder heading.
    go(ui, "/rin/score")
    ui.visible("rin-score-label")
    ui.wait.until(lambda d: d.execute_script(
        "const a = document.activeElement; return a.tagName === 'H1' && !a.hasAttribute('data-placeholder')"))


# ---- (10) a 375 x 667 touch phone: the book and the grid --------------------------------------------

def test_phone_contacts_list_and_grid_one_circle_at_a_time(base_url, phone, reader):
    ui = signed_in(phone, base_url, reader, "/rin/contacts")
    assert phone.execute_script("return innerWidth") == 375
    ui.wait.until(lambda d: len(ui.all("rin-contact")) == 50)
    no_sideways_scroll(phone)
    rows = ui.all("rin-contact")
    assert all(r.size["height"] >= 44 for r in rows[:5])  # finger-sized rows
    search = ui.find("rin-contacts-search")
    tap(phone, search)
    search.send_keys("zola")
    ui.wait.until(lambda d: texts(ui, "rin-contact-name") == ["Émile Zola"])
    tap(phone, one(ui, "rin-contact", name="Émile Zola").find_element(By.TAG_NAME, "a"))
    ui.text_is("rin-contact-title", "Émile Zola")
    no_sideways_scroll(phone)

    # The grid: one circle at a time, chosen above it; a tap changes a cell, Save keeps it.
    bio = "bio"
    friends = circles_of(reader, reader["profile"])["Friends"]
    ok(reader["api"].call("DELETE", f"/rin/circles/{friends['id']}/policies"), 204)
    go(ui, "/rin/access")
    ui.wait.until(lambda d: len(ui.all("rin-grid-column")) == 1)
    assert ui.find("rin-grid-circle").is_displayed()
    no_sideways_scroll(phone)
    Select(ui.find("rin-grid-circle")).select_by_visible_text("Friends")
    ui.wait.until(lambda d: [c.get_attribute("data-circle") for c in ui.all("rin-grid-column")] == ["Friends"])
    assert {c.get_attribute("data-circle") for c in ui.all("rin-cell")} == {"Friends"}
    assert cell(ui, "Friends", bio).get_attribute("data-access") == "ask"
    tap(phone, cell(ui, "Friends", bio))
    ui.wait.until(lambda d: cell(ui, "Friends", bio).get_attribute("data-access") == "deny")
    tap(phone, cell(ui, "Friends", bio))
    ui.wait.until(lambda d: cell(ui, "Friends", bio).get_attribute("data-access") == "allow")
    no_sideways_scroll(phone)
    tap(phone, ui.find("rin-grid-save"))
    ui.wait.until(lambda d: cell(ui, "Friends", bio).get_attribute("data-changed") == "false")
    assert cell_of(grid_of(reader, reader["profile"]), friends["id"], bio)["access"] == "allow"
    phone.refresh()
    ui.wait.until(lambda d: len(ui.all("rin-grid-column")) == 1)
    Select(ui.find("rin-grid-circle")).select_by_visible_text("Friends")
    ui.wait.until(lambda d: find_in(ui, "rin-cell", circle="Friends", field=bio)
                  and cell(ui, "Friends", bio).get_attribute("data-access") == "allow")
