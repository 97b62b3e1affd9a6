"""Browser tests of Rin's Score tab and network on a 375 x 667 touch phone: the score with its
label, its four components with what each is made of and what would raise it, the network with
links made by card, by each holding the other and by verified addresses, the setting that lets one's links see through
one, the path through someone who shows it; and on a desktop, the history chart drawn by our own
code. One phone and one desktop browser for the file (rin_ui)."""
import pytest
from selenium.webdriver.common.by import By

from kindred_ui import create_account, delete_account
from mail_ui import VERIFY_SUBJECT, token_of, wait_for_mail
from rin_ui import browser, clean_console, phone  # noqa: F401 (fixtures)
from rin_ui import add_contact, go, no_sideways_scroll, ok, primary_profile, signed_in, tap, texts


@pytest.fixture
def people(base_url):
    made = {name: create_account(base_url, displayName=f"{name.title()} Score") for name in ("ada", "bea", "cyra")}
    for acct in made.values():
        acct["profile"] = primary_profile(acct)
    yield made
    for acct in made.values():
        delete_account(base_url, acct)


def link_by_username(holder, held):
    contact = add_contact(holder, displayName=held["displayName"])
    ok(holder["api"].call("PUT", f"/rin/contacts/{contact['id']}/link", {"username": held["username"]}))


def test_the_score_its_explanations_and_the_network_on_a_phone(base_url, phone, people):
    ada, bea, cyra = people["ada"], people["bea"], people["cyra"]
    # Ada took Bea's card; Bea and Cyra hold each other.
    token = ok(bea["api"].call("GET", f"/rin/profiles/{bea['profile']}/share-link"))["token"]
    ok(ada["api"].call("POST", f"/rin/cards/{token}/contact"), 201)
    link_by_username(bea, cyra)
    link_by_username(cyra, bea)

    ui = signed_in(phone, base_url, ada, "/rin/score")
    ui.visible("rin-score")
    value = int(ui.visible("rin-score-value").text)
    assert value == ok(ada["api"].call("GET", "/rin/score"))["provisional"]["score"]
    assert "Provisional" in ui.visible("rin-score-label").text
    assert ui.visible("rin-score-band").text in ("New", "Building", "Good", "Strong")
    components = [el.get_attribute("data-testid") for el in ui.all("rin-score-components")[0].find_elements(By.CSS_SELECTOR, "li")]
    assert sorted(components) == ["rin-component-position", "rin-component-quality", "rin-component-stability", "rin-component-trust"]
    assert all(texts(ui, "rin-component-summary")), "every component says what it is made of"
    assert any("raise" in el.text for el in ui.all("rin-component-raise")), "something would raise it"
    assert "1 of the 1 people on Rin in your book" in " ".join(texts(ui, "rin-component-summary"))
    ui.visible("rin-history-empty")
    no_sideways_scroll(phone)

    # The network: Bea, linked by her card; she doesn't show how she connects people yet.
    tap(phone, ui.visible("rin-score-network"))
    ui.wait.until(lambda d: d.execute_script("return location.hash") == "#/rin/network")
    assert ui.visible("rin-network-links").text == "You’re linked to 1 person."
    assert "None of your links shows" in ui.visible("rin-network-two-hop").text
    assert texts(ui, "rin-link-name") == ["Bea Score"]
    assert not ui.all("rin-link-bridges")
    no_sideways_scroll(phone)

    # Ada lets her links see through her: saved on the server.
    box = ui.visible("rin-shows-connections")
    assert not box.is_selected()
    tap(phone, box)
    ui.wait.until(lambda d: "see whom you connect" in ui.visible("rin-shows-status").text)
    assert ok(ada["api"].call("GET", "/rin/settings"))["showsConnections"] is True

    # Bea shows hers: Ada sees whom Bea connects her to, and the path to Cyra through Bea.
    ok(bea["api"].call("PATCH", "/rin/settings", {"showsConnections": True}))
    go(ui, "/rin/score")
    ui.visible("rin-score")
    go(ui, "/rin/network")
    assert ui.visible("rin-link-bridges").text == "Connects you to 1 other person."
    assert "Fewer than 5 people" in ui.visible("rin-network-two-hop").text
    go(ui, f"/rin/people/{cyra['profile']}")
    ui.wait.until(lambda d: ui.all("rin-path"))
    assert texts(ui, "rin-path") == ["Through Bea Score"]
    go(ui, f"/rin/people/{bea['profile']}")
    ui.visible("rin-paths-linked")
    no_sideways_scroll(phone)


def test_the_history_chart_is_drawn_with_a_point_a_day_and_a_table_for_screen_readers(base_url, browser, people):
    ui = signed_in(browser, base_url, people["ada"], "/rin/score")
    ui.visible("rin-score")
    # The history needs daily runs; the chart is the page's own code, drawn here with three days.
    drawn = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('/js/apps/rin/score.js').then(({ historyChart }) => {
          const chart = historyChart([{ day: '2026-11-20', score: 20 }, { day: '2026-11-21', score: 45 }, { day: '2026-11-23', score: 81 }]);
          document.querySelector('[data-testid="rin-score"]').append(chart);
          const line = chart.querySelector('[data-testid="rin-history-line"]');
          done({ points: line.getAttribute('points').split(' ').length, label: chart.querySelector('svg').getAttribute('aria-label'),
                 rows: chart.querySelectorAll('tbody tr').length, width: chart.querySelector('svg').getBoundingClientRect().width });
        }, (err) => done({ error: String(err) }));
    """)
    assert "error" not in drawn, drawn
    assert drawn["points"] == 3 and drawn["rows"] == 3
    assert drawn["label"] == "Your score over 3 days: from 20 to 81."
    assert 200 < drawn["width"] <= 1280


def verify_address(base_url, acct):
    """Opens the sign-up's verification link as the API would (the page itself is tested in
    test_shell_email.py)."""
    mail = wait_for_mail(acct["email"], VERIFY_SUBJECT)
    ok(acct["api"].call("POST", "/auth/email-verification/confirm", {"token": token_of(mail.link)}))


def test_a_link_made_by_verified_addresses_says_so_on_a_phone(base_url, phone, people):
    ada, bea = people["ada"], people["bea"]
    # Each has the other's address in their book; nobody linked anyone by hand.
    add_contact(ada, displayName="Bea from work", values=[{"kind": "email", "value": bea["email"].upper()}])
    add_contact(bea, displayName="Ada", values=[{"kind": "email", "value": ada["email"]}])
    ui = signed_in(phone, base_url, ada, "/rin/network")
    assert ui.visible("rin-network-links").text == "You aren’t linked to anyone yet."
    assert not ui.all("rin-link-row"), "an address nobody proved links nobody"

    # Both prove their addresses: they are linked, and the link says it rests on an address.
    verify_address(base_url, ada)
    verify_address(base_url, bea)
    go(ui, "/rin/score")
    ui.visible("rin-score")
    go(ui, "/rin/network")
    ui.wait.until(lambda d: ui.visible("rin-network-links").text == "You’re linked to 1 person.")
    assert texts(ui, "rin-link-name") == ["Bea Score"]
    badge = ui.visible("rin-link-by-email")
    assert badge.text == "Email" and "verified" in badge.get_attribute("title")
    links = ok(ada["api"].call("GET", "/rin/network/links"))["items"]
    assert [(link["kind"], link["byEmail"]) for link in links] == [("reciprocal", True)]
    no_sideways_scroll(phone)
