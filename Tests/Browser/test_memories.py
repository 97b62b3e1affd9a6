"""Browser tests of the Memories web app (friends, the shelf, the book viewer, the page editor,
print), driving the real UI. See conftest.py for how to run them.

One browser session per person for the whole file: `browser_a` (the owner) and `browser_b` (their
friend) are independent desktop browsers (own cookies and storage, 1280 x 900), and the phone
(375 x 667, touch) starts only for the phone test. Tests arrange through the API whatever an
earlier test would have left (friendship, pages), so each can also run alone."""
import io
import os
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urljoin, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import _fail_on_console_errors, PHONE, _new_driver
from kindred_ui import create_account, delete_account
from memories_ui import (GPS, SCENE, SKY, add_letter, add_memory_page, are_friends, blank, book_pages, camera_jpeg,
                         canvas_png, colour_at, draw, editor_canvas, editor_seen, editor_settled, ink, jpeg_segments, line,
                         live, make_friends, near, normal, ok, page_canvas, pdf_first_page_png, pdf_info, photo, photos_in,
                         press, print_pdf, signed_in, swipe, text, upload_photo, watch_editor, wiggle)

SLOW = 30  # seconds, for things that cross both browsers and the server on a busy machine
UPLOAD = 90  # seconds, for a 12 MP photo decoded, shrunk and sent over a throttled uplink


# ---- browsers and people ------------------------------------------------------------------------

def _desktop():
    drv = _new_driver()
    drv.set_window_size(1280, 900)
    return drv


@pytest.fixture(scope="module")
def browser_a():
    drv = _desktop()
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def browser_b():
    drv = _desktop()
    yield drv
    drv.quit()


_phones = []


@pytest.fixture(scope="module")
def browser_phone():
    drv = _new_driver(PHONE)
    _phones.append(drv)
    yield drv
    _phones.remove(drv)
    drv.quit()


@pytest.fixture(autouse=True)
def clean_console(browser_a, browser_b):
    """As conftest's drivers do: a test fails on console errors (JavaScript, CSP, 5xx) in any browser."""
    def drain():
        entries = []
        for drv in (browser_a, browser_b, *_phones):
            entries += drv.get_log("browser")
        return entries
    drain()
    yield
    _fail_on_console_errors(drain())


@pytest.fixture(scope="module")
def people(base_url):
    made = {"owner": create_account(base_url, displayName="Ada Memories"),
            "friend": create_account(base_url, displayName="Bea Memories"),
            "other": create_account(base_url, displayName="Cy Memories")}
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
def book(owner, friend):
    """The owner's and friend's book, open (friends again if an earlier test ended it)."""
    return make_friends(owner, friend)


@pytest.fixture(scope="module")
def rich_book(people):
    """The owner's book with `other`: five pages, the first a memory page with a red stroke, a photo
    and text, then letters and memory pages taking turns."""
    owner, other = people["owner"], people["other"]
    book = make_friends(owner, other)
    media = upload_photo(owner)
    first = add_memory_page(owner, book["id"], blank("dotted", [
        ink("red", [[0.2 + 0.6 * i / 40, 0.14, 0.8, i * 16] for i in range(41)], color="#d0021b", width=40, z=4),
        photo("harbour", media["id"]),
        text("words", "Ink, a photo and text\nrender the same everywhere.", font="serif", size=44, align="center", z=5),
        ink("wave", [[i / 60, 0.5 + (0.4 if i % 2 else -0.4), 0.3 + 0.6 * (i % 3) / 2, i * 12] for i in range(61)],
            color="#2a6f97", width=10, z=6, frame=(100, 1150, 800, 160)),
    ]))
    pages = [first]
    for i in range(4):
        author = other if i % 2 == 0 else owner
        canvas = blank("lined", [text("body", f"Page {i + 2}", font="hand", size=60, frame=(100, 150, 800, 300))])
        pages.append(add_letter(author, book["id"], canvas) if i % 2 == 0 else add_memory_page(author, book["id"], canvas))
    return {"book": book, "pages": pages, "photo": media}


def shown_pages(ui):
    return ui.find("memories-page-number").get_attribute("data-shown")


def open_book(ui, book_id, at=None):
    ui.open(f"/memories/book/{book_id}" + (f"?at={at}" if at else ""))
    ui.wait.until(lambda d: ui.find("memories-viewer").get_attribute("data-ready") == "true")
    return ui.find("memories-viewer")


def visible_sheets(driver):
    return [el for el in driver.find_elements(By.CSS_SELECTOR, '[data-testid="memories-sheet"]')
            if el.is_displayed() and el.get_attribute("data-page-id")]


def accept_alert(driver):
    WebDriverWait(driver, 10).until(EC.alert_is_present()).accept()


# ---- (1) request -> accept -> the book stands on both shelves, live --------------------------------

def test_request_accept_book_appears_live_for_both(base_url, browser_a, browser_b, people, owner, friend):
    assert not are_friends(owner, friend)
    ui_b = signed_in(browser_b, base_url, friend)
    ui_b.visible("memories-shelf-empty")
    live(ui_b)
    ui_a = signed_in(browser_a, base_url, owner)
    ui_a.visible("memories-shelf-empty")
    live(ui_a)
    for drv in (browser_a, browser_b):
        drv.execute_script("window.__sameDocument = true")  # gone if the page reloads

    # The owner asks from Friends, then goes back to the shelf.
    press(ui_a, "memories-tab-friends")
    ui_a.fill("memories-add-username", friend["username"])
    press(ui_a, "memories-add-submit")
    assert "Asked Bea Memories" in ui_a.has_text("memories-friends-status")
    ui_a.wait.until(lambda d: [r.get_attribute("data-username") for r in ui_a.all("memories-outgoing-request")] == [friend["username"]])
    press(ui_a, "memories-tab-shelf")
    ui_a.visible("memories-shelf-empty")

    # The friend's shelf shows the request as it arrives, and accepting it puts the book there.
    request = ui_b.wait.until(lambda d: next((r for r in ui_b.all("memories-request")
                                              if r.get_attribute("data-username") == owner["username"]), None))
    request.find_element(By.CSS_SELECTOR, '[data-testid="memories-request-accept"]').click()
    assert "friends now" in ui_b.has_text("memories-shelf-status")
    ui_b.wait.until(lambda d: len(ui_b.all("memories-book")) == 1)
    assert not ui_b.find("memories-shelf-empty").is_displayed()
    assert not ui_b.all("memories-request")

    # ...and on the owner's, without a reload.
    ui_a.wait.until(lambda d: len(ui_a.all("memories-book")) == 1)
    cover = ui_a.all("memories-book")[0]
    assert cover.find_element(By.CSS_SELECTOR, '[data-testid="memories-book-title"]').text == "Ada Memories & Bea Memories"
    assert cover.find_element(By.CSS_SELECTOR, '[data-testid="memories-book-friend"]').text == "with Bea Memories"
    assert ui_b.all("memories-book")[0].find_element(By.CSS_SELECTOR, '[data-testid="memories-book-friend"]').text == "with Ada Memories"
    for drv in (browser_a, browser_b):
        assert drv.execute_script("return window.__sameDocument === true")
    # The server agrees: one book, the same one, for both.
    shelf_a = ok(owner["api"].call("GET", "/memories/books"))["items"]
    shelf_b = ok(friend["api"].call("GET", "/memories/books"))["items"]
    assert [b["id"] for b in shelf_a] == [b["id"] for b in shelf_b] == [cover.get_attribute("data-id")]


# ---- (2) a letter: written, autosaved, sent; then it is in the friend's book for good ---------------

def test_write_and_send_a_letter_that_can_no_longer_change(base_url, browser_a, browser_b, owner, friend, book):
    ui_b = signed_in(browser_b, base_url, friend)
    before = len(book_pages(friend, book["id"]))
    open_book(ui_b, book["id"])
    live(ui_b)

    ui_a = signed_in(browser_a, base_url, owner)
    open_book(ui_a, book["id"])
    press(ui_a, "memories-write-letter")
    stage = ui_a.visible("memories-editor-stage")
    ui_a.wait.until(lambda d: ui_a.find("memories-save-state").text == "Saved")
    draft_id = ui_a.find("memories-editor").get_attribute("data-page-id")

    # A stroke with the pen, then words with the text tool.
    draw(browser_a, stage, [wiggle(0.15, 0.3, 0.8)])
    press(ui_a, "memories-tool-text")
    draw(browser_a, stage, [[(0.15, 0.55)]])
    box = ui_a.visible("memories-text-input")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Dear Bea,\nthe letter test.")
    ui_a.wait.until(lambda d: ui_a.find("memories-save-state").get_attribute("data-state") == "saving")
    ui_a.wait.until(lambda d: editor_settled(d))
    assert ui_a.find("memories-save-state").text == "Saved"
    mine = editor_canvas(browser_a)
    assert [e["type"] for e in mine["elements"]] == ["ink", "text"]
    assert mine["elements"][1]["text"] == "Dear Bea,\nthe letter test."
    saved = ok(owner["api"].call("GET", f"/memories/pages/{draft_id}"))
    assert saved["state"] == "draft" and normal(saved["canvas"]) == normal(mine)

    # Sending asks first, says it can't be changed, then shows the letter in the book.
    press(ui_a, "memories-send-letter")
    alert = WebDriverWait(browser_a, 10).until(EC.alert_is_present())
    assert "can’t be changed" in alert.text
    alert.accept()
    ui_a.text_is("memories-sent", "Your letter is sent. It is in your book for good.")
    ui_a.wait.until(lambda d: ui_a.find("memories-viewer").get_attribute("data-ready") == "true")
    ui_a.wait.until(lambda d: any(s.get_attribute("data-page-id") == draft_id for s in visible_sheets(d)))
    letter = next(s for s in visible_sheets(browser_a) if s.get_attribute("data-page-id") == draft_id)
    assert letter.get_attribute("data-kind") == "letter"
    assert not ui_a.all("memories-editor") and not ui_a.all("memories-toolbar")
    assert not ui_a.all("memories-edit-page")  # letters have no editing tools, memory pages would

    # The friend, looking at the book, gets it live; its contents say who wrote it.
    ui_b.wait.until(lambda d: ui_b.find("memories-page-number").get_attribute("data-count") == str(before + 1))
    press(ui_b, "memories-contents-toggle")
    item = ui_b.wait.until(lambda d: next((i for i in ui_b.all("memories-contents-item")
                                           if i.get_attribute("data-page-id") == draft_id), None))
    assert item.get_attribute("data-kind") == "letter" and "Letter from Ada Memories" in item.text
    item.click()
    ui_b.wait.until(lambda d: any(s.get_attribute("data-page-id") == draft_id and s.get_attribute("data-loaded") == "true"
                                  for s in visible_sheets(d)))
    assert not ui_b.all("memories-edit-page")
    # Open in front of the friend, the letter counts as read.
    WebDriverWait(browser_b, SLOW).until(lambda d: next(b["unreadLetters"] for b in ok(friend["api"].call("GET", "/memories/books"))["items"]
                                                        if b["id"] == book["id"]) == 0)
    # …its activity item with it, and the Activity badge follows the server's count.
    assert ok(friend["api"].call("GET", "/memories/activity/unread"))["count"] == 0
    ui_b.wait.until(lambda d: ui_b.find("memories-activity-badge").get_attribute("data-count") == "0")
    sent = ok(friend["api"].call("GET", f"/memories/pages/{draft_id}"))
    assert sent["state"] == "sent" and normal(sent["canvas"]) == normal(mine)

    # Nothing can change it: the server refuses a save, and the editor's address opens the book instead.
    status, problem = owner["api"].call("PUT", f"/memories/drafts/{draft_id}?revision={saved['revision']}", mine)
    assert status == 409, problem
    status, _ = owner["api"].call("POST", f"/memories/pages/{draft_id}/operations",
                                  {"operations": [{"opId": "6D3C1B1E-1111-4A2B-9C3D-000000000009", "kind": "delete", "elementId": "x"}]})
    assert status == 409
    ui_a.open(f"/memories/page/{draft_id}")
    ui_a.has_text("memories-readonly")
    ui_a.wait.until(lambda d: ui_a.find("memories-viewer").get_attribute("data-ready") == "true")
    assert not ui_a.all("memories-toolbar")


# ---- (3) two people drawing on one memory page at the same time end on the same page ----------------

def test_two_browsers_drawing_on_one_memory_page_converge(base_url, browser_a, browser_b, owner, friend, book):
    page = add_memory_page(owner, book["id"], blank("grid"))
    route = f"/memories/page/{page['id']}"
    ui_a = signed_in(browser_a, base_url, owner, route)
    ui_b = signed_in(browser_b, base_url, friend, route)
    stages = {}
    for ui in (ui_a, ui_b):
        live(ui)
        stages[ui] = ui.visible("memories-editor-stage")
        ui.wait.until(lambda d: editor_settled(d))

    # Both draw three strokes at once, with real pointer events, in two threads.
    ys = {ui_a: (0.2, 0.4, 0.6), ui_b: (0.3, 0.5, 0.7)}
    errors = []

    def person_draws(ui):
        try:
            draw(ui.driver, stages[ui], [wiggle(0.1, y, 0.9, steps=20) for y in ys[ui]])
        except Exception as err:  # noqa: BLE001 - reported below, in the test's own thread
            errors.append(err)
    threads = [threading.Thread(target=person_draws, args=(ui,)) for ui in (ui_a, ui_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors

    # Both end on the server's page: six strokes, each whole, in the same order everywhere.
    def converged(_):
        if not (editor_settled(browser_a) and editor_settled(browser_b)):
            return False
        a, b = editor_canvas(browser_a), editor_canvas(browser_b)
        return normal(a) == normal(b) and len(a["elements"]) == 6 and a
    canvas = WebDriverWait(browser_a, SLOW).until(converged, "the two editors never agreed")
    server = page_canvas(owner, page["id"])
    assert normal(server) == normal(canvas)
    strokes = canvas["elements"]
    assert all(e["type"] == "ink" and len(e["points"]) >= 10 for e in strokes), [len(e.get("points", [])) for e in strokes]
    assert len({e["id"] for e in strokes}) == 6
    seqs = [browser_a.execute_script("return window.__memoriesEditor.seq()"), browser_b.execute_script("return window.__memoriesEditor.seq()")]
    assert seqs[0] == seqs[1] == ok(owner["api"].call("GET", f"/memories/pages/{page['id']}"))["seq"]

    # The friend sees where the owner is on the page.
    draw(browser_a, stages[ui_a], [[(0.5, 0.9), (0.52, 0.9)]])
    cursor = ui_b.wait.until(lambda d: next((c for c in ui_b.all("memories-presence")
                                             if c.get_attribute("data-username") == owner["username"]), None))
    assert "Ada Memories" in cursor.text

    # Undo takes back the owner's last stroke, for both.
    browser_a.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
    WebDriverWait(browser_a, SLOW).until(lambda d: editor_settled(d) and editor_settled(browser_b)
                                         and len(editor_canvas(browser_a)["elements"]) == 6
                                         and normal(editor_canvas(browser_a)) == normal(editor_canvas(browser_b)))
    assert normal(page_canvas(owner, page["id"])) == normal(editor_canvas(browser_b))


# ---- strokes drawn offline wait, and go out once (same operation ids) when the network is back --------

def test_strokes_drawn_offline_are_sent_when_back_online(base_url, browser_a, owner, book):
    page = add_memory_page(owner, book["id"], blank("dotted"))
    ui = signed_in(browser_a, base_url, owner, f"/memories/page/{page['id']}")
    stage = ui.visible("memories-editor-stage")
    live(ui)
    ui.wait.until(lambda d: editor_settled(d))
    ui.network(offline=True)
    try:
        draw(browser_a, stage, [wiggle(0.1, 0.3, 0.9), wiggle(0.1, 0.6, 0.9)])
        ui.text_is("memories-save-state", "Offline — will save")
        assert len(editor_canvas(browser_a)["elements"]) == 2  # shown at once, all the same
        time.sleep(2.5)  # a retry or two, still offline
        assert page_canvas(owner, page["id"])["elements"] == []
    finally:
        ui.online()
    WebDriverWait(browser_a, SLOW).until(lambda d: editor_settled(d), "the queued strokes were never confirmed")
    ui.text_is("memories-save-state", "Saved")
    mine = editor_canvas(browser_a)
    server = page_canvas(owner, page["id"])
    # Applied once each: a resent operation the server already had adds no points twice.
    assert normal(server) == normal(mine)
    assert [len(e["points"]) for e in server["elements"]] == [len(e["points"]) for e in mine["elements"]]
    assert all(len(e["points"]) >= 10 for e in server["elements"])

    # The eraser takes the stroke it crosses; undo brings it back, for the server too.
    first = mine["elements"][0]["id"]
    press(ui, "memories-tool-eraser")
    draw(browser_a, stage, [[(0.5, 0.2), (0.5, 0.4)]])
    WebDriverWait(browser_a, SLOW).until(lambda d: editor_settled(d) and [e["id"] for e in editor_canvas(d)["elements"]] != [e["id"] for e in mine["elements"]])
    left = editor_canvas(browser_a)["elements"]
    assert [e["id"] for e in left] == [mine["elements"][1]["id"]], left
    assert [e["id"] for e in page_canvas(owner, page["id"])["elements"]] == [e["id"] for e in left]
    press(ui, "memories-undo")
    WebDriverWait(browser_a, SLOW).until(lambda d: editor_settled(d) and len(editor_canvas(d)["elements"]) == 2)
    back = page_canvas(owner, page["id"])
    assert first in [e["id"] for e in back["elements"]] and normal(back) == normal(editor_canvas(browser_a))


# ---- the title and cover, changed by one friend, seen by the other --------------------------------------

def test_title_and_cover_change_shows_on_the_friends_shelf(base_url, browser_a, browser_b, owner, friend, book):
    ui_b = signed_in(browser_b, base_url, friend)
    ui_b.wait.until(lambda d: any(b.get_attribute("data-id") == book["id"] for b in ui_b.all("memories-book")))
    live(ui_b)
    ui_a = signed_in(browser_a, base_url, owner)
    open_book(ui_a, book["id"])
    press(ui_a, "memories-edit-book")
    ui_a.visible("memories-settings")
    ui_a.fill("memories-settings-title", "Letters from the lake")
    swatch = ui_a.all("memories-settings-color")[1]
    colour = swatch.get_attribute("value")
    browser_a.execute_script("arguments[0].click()", swatch)  # the radio under its coloured label
    press(ui_a, "memories-settings-save")
    ui_a.wait.until(lambda d: not ui_a.all("memories-settings"))
    ui_a.text_is("memories-book-heading", "Letters from the lake")
    saved = ok(owner["api"].call("GET", f"/memories/books/{book['id']}"))
    assert saved["title"] == "Letters from the lake" and saved["coverColor"] == colour
    ui_b.wait.until(lambda d: any(b.get_attribute("data-id") == book["id"]
                                  and b.find_element(By.CSS_SELECTOR, '[data-testid="memories-book-title"]').text == "Letters from the lake"
                                  for b in ui_b.all("memories-book")))


# ---- (4) turning pages with the keyboard ---------------------------------------------------------------

def test_page_turning_by_keyboard(base_url, browser_a, owner, rich_book):
    ui = signed_in(browser_a, base_url, owner)
    viewer = open_book(ui, rich_book["book"]["id"])
    total = len(rich_book["pages"])
    assert viewer.get_attribute("data-mode") == "spread"  # 1280 px wide: two pages side by side
    ui.text_is("memories-page-number", f"Pages 1–2 of {total}")
    ids = [p["id"] for p in rich_book["pages"]]
    assert [s.get_attribute("data-page-id") for s in visible_sheets(browser_a)] == ids[0:2]
    browser_a.execute_script("""
      window.__leaves = 0;
      new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => {
        if (n.dataset && n.dataset.testid === 'memories-leaf') window.__leaves += 1;
      }))).observe(document.querySelector('[data-testid="memories-papers"]'), { childList: true });""")

    viewer.send_keys(Keys.ARROW_RIGHT)
    ui.text_is("memories-page-number", f"Pages 3–4 of {total}")
    ui.wait.until(lambda d: [s.get_attribute("data-page-id") for s in visible_sheets(d)] == ids[2:4])
    ui.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-testid="memories-leaf"]'))
    viewer.send_keys(Keys.ARROW_RIGHT)
    ui.text_is("memories-page-number", f"Page 5 of {total}")
    viewer.send_keys(Keys.ARROW_RIGHT)  # the end: nothing further
    ui.text_is("memories-page-number", f"Page 5 of {total}")
    viewer.send_keys(Keys.ARROW_LEFT)
    ui.text_is("memories-page-number", f"Pages 3–4 of {total}")
    viewer.send_keys(Keys.ARROW_LEFT)
    ui.text_is("memories-page-number", f"Pages 1–2 of {total}")
    ui.wait.until(lambda d: [s.get_attribute("data-page-id") for s in visible_sheets(d)] == ids[0:2])
    assert browser_a.execute_script("return window.__leaves") == 4  # every turn was the page-curl animation
    # A click on a page's outer edge turns it too, and so do the arrow buttons.
    papers = ui.find("memories-papers")
    browser_a.execute_script("arguments[0].scrollIntoView({block: 'center'})", papers)
    width = papers.size["width"]
    ActionChains(browser_a).move_to_element_with_offset(papers, round(width / 2) - 8, 0).click().perform()
    ui.text_is("memories-page-number", f"Pages 3–4 of {total}")
    ActionChains(browser_a).move_to_element_with_offset(papers, -round(width / 2) + 8, 0).click().perform()
    ui.text_is("memories-page-number", f"Pages 1–2 of {total}")
    ActionChains(browser_a).move_to_element_with_offset(papers, 0, 0).click().perform()  # the middle of a page: no turn
    time.sleep(0.8)
    ui.text_is("memories-page-number", f"Pages 1–2 of {total}")
    press(ui, "memories-next")
    ui.text_is("memories-page-number", f"Pages 3–4 of {total}")
    press(ui, "memories-prev")
    ui.text_is("memories-page-number", f"Pages 1–2 of {total}")
    # The kinds are told apart: the contents' badges and the pages' captions.
    press(ui, "memories-contents-toggle")
    assert [i.get_attribute("data-kind") for i in ui.all("memories-contents-item")] == ["memory", "letter", "memory", "letter", "memory"]
    # Each row's thumbnail is the page drawn small by the same renderer: the first one's red stroke shows.
    ui.wait.until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('.memories-thumb')].every((c) => c.width === 40 && c.height === 56)"))
    thumb = canvas_png(browser_a, browser_a.find_element(By.CSS_SELECTOR, ".memories-thumb"))
    assert any(r > 150 and g < 110 and b < 110 for _, (r, g, b) in thumb.getcolors(maxcolors=1 << 16)), "no red ink in its thumbnail"
    assert ui.find("memories-prev").get_attribute("aria-label") == "Previous page"


# ---- (5) the same page renders the same at 390 px and 1280 px ---------------------------------------

def test_identical_rendering_at_phone_and_desktop_widths(base_url, browser_a, owner, rich_book):
    from PIL import Image, ImageChops, ImageStat
    page_id = rich_book["pages"][0]["id"]
    ui = signed_in(browser_a, base_url, owner)

    def rendered(width, height):
        browser_a.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        open_book(ui, rich_book["book"]["id"], at=page_id)
        sheet = ui.wait.until(lambda d: next((s for s in visible_sheets(d) if s.get_attribute("data-page-id") == page_id
                                              and s.get_attribute("data-loaded") == "true"
                                              and s.get_attribute("data-photos") == "ready"), None))
        time.sleep(0.3)  # a resize observer's last repaint
        return canvas_png(browser_a, sheet.find_element(By.CSS_SELECTOR, "canvas")), ui.find("memories-viewer").get_attribute("data-mode")

    try:
        small, small_mode = rendered(390, 844)
        big, big_mode = rendered(1280, 1300)  # tall enough for the spread to take the width
    finally:
        browser_a.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert (small_mode, big_mode) == ("single", "spread")
    assert small.width < 390 < big.width * 1.5 and big.width > small.width * 1.2, (small.size, big.size)
    for img in (small, big):
        assert abs(img.height / img.width - 1.4) < 0.01, img.size
    size = (300, 420)
    a = small.resize(size, Image.LANCZOS)
    b = big.resize(size, Image.LANCZOS)
    diff = ImageChops.difference(a, b).convert("L")
    mean = ImageStat.Stat(diff).mean[0]
    within = sum(diff.histogram()[:41]) / (size[0] * size[1])
    assert mean < 4 and within > 0.99, (mean, within)
    # And it is the page: the red stroke's band is red, the photo's dark square is dark.
    red = a.getpixel((150, round(0.14 * 420)))
    assert red[0] > 150 and red[1] < 90 and red[2] < 90, red


# ---- (6) print: one PDF page per book page, the ink on the first ------------------------------------

def test_print_book_to_pdf(base_url, browser_a, owner, rich_book, tmp_path):
    ui = signed_in(browser_a, base_url, owner)
    open_book(ui, rich_book["book"]["id"])
    total = ok(owner["api"].call("GET", f"/memories/books/{rich_book['book']['id']}"))["pageCount"]
    assert total == len(rich_book["pages"])
    # The button draws every page, then calls window.print(). Headless Chromium's print job from
    # it never ends (no dialog to close) and would refuse the PDF below, so the call is counted
    # instead, and the PDF printed as Chromium prints the page.
    browser_a.execute_script("window.__printCalls = 0; window.print = () => { window.__printCalls += 1; };")
    press(ui, "memories-print-button")
    printed = WebDriverWait(browser_a, SLOW).until(
        lambda d: (p := d.find_elements(By.CSS_SELECTOR, '[data-testid="memories-print"][data-ready="true"]')) and p[0])
    assert printed.get_attribute("data-count") == str(total)
    assert [p.get_attribute("data-page-id") for p in ui.all("memories-print-page")] == [p["id"] for p in rich_book["pages"]]

    WebDriverWait(browser_a, SLOW).until(lambda d: d.execute_script("return window.__printCalls") == 1)
    pdf = print_pdf(browser_a, tmp_path / "book.pdf")
    info = pdf_info(pdf)
    assert int(info["Pages"]) == total, info
    width_pt, height_pt = [float(v) for v in info["Page size"].split(" pts")[0].split(" x ")]
    assert abs(height_pt / width_pt - 1.4) < 0.01, info  # 100 mm x 140 mm: the page's own shape
    first = pdf_first_page_png(pdf, tmp_path / "first")
    w, h = first.size
    # The red stroke runs across the top: x from 20% to 80% at 14% down, 40 units thick.
    band = [first.getpixel((round(w * x / 20), round(h * 0.14))) for x in range(5, 16)]
    reds = [p for p in band if p[0] > 150 and p[1] < 90 and p[2] < 90]
    assert len(reds) >= 9, band
    below = first.getpixel((round(w * 0.5), round(h * 0.06)))  # paper above the stroke
    assert min(below) > 200, below


# ---- (7) unfriending archives the book: still readable, with no tools -------------------------------

def test_archived_book_is_readable_without_tools(base_url, browser_a, browser_b, owner, friend, book):
    page = add_memory_page(owner, book["id"], blank("plain", [ink("s", line(0.1, 0.1, 0.9, 0.9))]))
    ui_b = signed_in(browser_b, base_url, friend)
    ui_b.wait.until(lambda d: any(b.get_attribute("data-id") == book["id"] for b in ui_b.all("memories-book")))
    live(ui_b)
    ui_a = signed_in(browser_a, base_url, owner, "/memories/friends")
    row = ui_a.wait.until(lambda d: next((r for r in ui_a.all("memories-friend") if r.get_attribute("data-username") == friend["username"]), None))
    row.find_element(By.CSS_SELECTOR, '[data-testid="memories-unfriend"]').click()
    accept_alert(browser_a)
    assert "archived" in ui_a.has_text("memories-friends-status")

    # The friend's shelf marks it archived, live.
    cover = ui_b.wait.until(lambda d: next((b for b in ui_b.all("memories-book")
                                            if b.get_attribute("data-id") == book["id"] and b.get_attribute("data-archived") == "true"), None))
    assert cover.find_element(By.CSS_SELECTOR, '[data-testid="memories-book-archived"]').get_attribute("textContent") == "Archived"

    # Readable, every page, with none of the tools.
    viewer = open_book(ui_a, book["id"], at=page["id"])
    ui_a.visible("memories-archived-notice")
    assert viewer.get_attribute("data-archived") == "true"
    ui_a.wait.until(lambda d: any(s.get_attribute("data-page-id") == page["id"] and s.get_attribute("data-loaded") == "true"
                                  for s in visible_sheets(d)))
    for testid in ("memories-book-tools", "memories-edit-book"):
        assert not ui_a.find(testid).is_displayed(), testid
    assert not ui_a.all("memories-edit-page")
    ui_a.open(f"/memories/page/{page['id']}")
    ui_a.has_text("memories-readonly")
    ui_a.wait.until(lambda d: ui_a.find("memories-viewer").get_attribute("data-ready") == "true")
    assert not ui_a.all("memories-toolbar")
    # The server agrees: nothing changes in an archived book.
    status, _ = owner["api"].call("PATCH", f"/memories/books/{book['id']}", {"title": "New"})
    assert status == 409
    status, _ = owner["api"].call("POST", f"/memories/books/{book['id']}/drafts", {})
    assert status == 409


# ---- (8) a phone: one page at a time, turned by a swipe --------------------------------------------

def test_phone_turns_pages_by_swipe(base_url, browser_phone, owner, rich_book):
    ui = signed_in(browser_phone, base_url, owner)
    viewer = open_book(ui, rich_book["book"]["id"])
    total = len(rich_book["pages"])
    assert viewer.get_attribute("data-mode") == "single"
    ui.text_is("memories-page-number", f"Page 1 of {total}")
    view = browser_phone.execute_script("return { w: innerWidth, sw: document.documentElement.scrollWidth }")
    assert view["w"] == 375 and view["sw"] <= 375, view
    papers = ui.find("memories-papers")
    browser_phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", papers)
    box = browser_phone.execute_script("return arguments[0].getBoundingClientRect().toJSON()", papers)
    assert box["left"] >= 0 and box["right"] <= 375, box
    middle = (round(box["left"] + box["width"] * 0.6), round(box["top"] + box["height"] / 2))

    swipe(browser_phone, middle, -160)
    ui.text_is("memories-page-number", f"Page 2 of {total}")
    ui.wait.until(lambda d: [s.get_attribute("data-page-id") for s in visible_sheets(d)] == [rich_book["pages"][1]["id"]])
    swipe(browser_phone, middle, -160)
    ui.text_is("memories-page-number", f"Page 3 of {total}")
    swipe(browser_phone, (middle[0] - 60, middle[1]), 160)
    ui.text_is("memories-page-number", f"Page 2 of {total}")
    # A vertical drag scrolls the page; it doesn't turn it.
    swipe(browser_phone, middle, 0, dy=-120)
    time.sleep(0.5)
    ui.text_is("memories-page-number", f"Page 2 of {total}")
    # The turn buttons are finger-sized, and nothing scrolls sideways.
    for testid in ("memories-prev", "memories-next"):
        b = browser_phone.execute_script("return arguments[0].getBoundingClientRect().toJSON()", ui.find(testid))
        assert b["width"] >= 44 and b["height"] >= 44, (testid, b)
    view = browser_phone.execute_script("return { w: innerWidth, sw: document.documentElement.scrollWidth }")
    assert view["sw"] <= view["w"], view

    # The editor fits too, and a finger draws (the page doesn't scroll under it).
    memory = rich_book["pages"][2]["id"]
    ui.open(f"/memories/page/{memory}")
    stage = ui.visible("memories-editor-stage")
    ui.wait.until(lambda d: editor_settled(d))
    before = len(editor_canvas(browser_phone)["elements"])
    browser_phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", stage)
    box = browser_phone.execute_script("return arguments[0].getBoundingClientRect().toJSON()", stage)
    scrolled = browser_phone.execute_script("return scrollY")
    swipe(browser_phone, (round(box["left"] + 40), round(box["top"] + box["height"] * 0.7)), 220, dy=-40)
    WebDriverWait(browser_phone, SLOW).until(lambda d: editor_settled(d) and len(editor_canvas(d)["elements"]) == before + 1)
    stroke = editor_canvas(browser_phone)["elements"][-1]
    assert stroke["type"] == "ink" and len(stroke["points"]) >= 5
    assert browser_phone.execute_script("return scrollY") == scrolled
    assert normal(page_canvas(owner, memory)) == normal(editor_canvas(browser_phone))
    view = browser_phone.execute_script("return { w: innerWidth, sw: document.documentElement.scrollWidth }")
    assert view["w"] == 375 and view["sw"] <= 375, view
    press(ui, "memories-undo")  # leave the page as it was
    WebDriverWait(browser_phone, SLOW).until(lambda d: editor_settled(d) and len(editor_canvas(d)["elements"]) == before)


# ---- a 200-page book opens at once: its contents in two requests, only the pages in view fetched ------

def test_a_long_book_opens_fast_and_fetches_only_what_is_in_view(base_url, browser_a, people):
    owner, other = people["owner"], people["other"]
    reader = create_account(base_url, displayName="Di Memories")
    try:
        book = make_friends(owner, reader)
        def make(i):
            page = add_memory_page(owner if i % 2 else reader, book["id"], blank("plain", [text("n", f"Page {i + 1}", size=80)]))
            return page["id"], f"Page {i + 1}"
        with ThreadPoolExecutor(4) as pool:
            words = dict(pool.map(make, range(200)))
        contents = ok(owner["api"].call("GET", f"/memories/books/{book['id']}/pages?limit=100"))
        contents = contents["items"] + ok(owner["api"].call("GET", f"/memories/books/{book['id']}/pages?limit=100&cursor={contents['nextCursor']}"))["items"]
        last_two = [words[p["id"]] for p in contents[-2:]]
        ui = signed_in(browser_a, base_url, owner)
        browser_a.execute_script("performance.setResourceTimingBufferSize(2000); performance.clearResourceTimings()")
        started = time.monotonic()
        open_book(ui, book["id"])
        ui.text_is("memories-page-number", "Pages 1–2 of 200")
        assert time.monotonic() - started < 10
        ui.wait.until(lambda d: all(s.get_attribute("data-loaded") == "true" for s in visible_sheets(d)))
        time.sleep(1)  # whatever else it was going to fetch
        fetched = browser_a.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\/memories\\/pages\\/[0-9A-F-]{36}$/i.test(n))")
        assert 2 <= len(set(fetched)) <= 8, fetched  # the spread and its neighbours, not 200 pages
        contents = browser_a.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\/books\\/[^/]+\\/pages/.test(n))")
        assert len(contents) == 2, contents  # 100 summaries a request
        # The last page is one key away, and its words are there for a screen reader.
        ui.find("memories-viewer").send_keys(Keys.END)
        ui.text_is("memories-page-number", "Pages 199–200 of 200")
        ui.wait.until(lambda d: [s.find_element(By.CSS_SELECTOR, '[data-testid="memories-sheet-words"]').get_attribute("textContent")
                                 for s in visible_sheets(d)] == last_two)
    finally:
        delete_account(base_url, reader)


# ---- a camera photo placed from the editor: progress, autosave, the friend sees it, no EXIF kept -------

@pytest.fixture(scope="module")
def camera_photo(tmp_path_factory):
    from PIL import Image
    path = camera_jpeg(tmp_path_factory.mktemp("memories-photos") / "IMG_0412.JPG")
    # What a phone hands over: a few MB, stored sideways with an Orientation tag, and located.
    assert 3_000_000 <= os.path.getsize(path) <= 6_000_000, os.path.getsize(path)
    exif = Image.open(path).getexif()
    assert exif[274] == 6 and exif.get_ifd(0x8825) == GPS, dict(exif)
    return path


# Where the editor puts a new photo (editor.js addPhoto): 600 wide at x 200, y 200; a portrait
# camera photo (3:4 once turned upright) is 800 high. Points inside it, in page units:
PHOTO_FRAME = {"x": 200, "y": 200, "width": 600, "height": 800}
IN_SCENE = (400, 600)  # the teal of the scene
IN_SKY = (780, 600)  # the right-hand 15%: the sensor's top edge, turned upright
ON_PAPER = (100, 1300)  # below the photo


def add_photo(ui, path, uplink=None):
    """Chooses `path` with the editor's "Add a photo" button: it is a label for the toolbar's file
    input, so the file goes to that input, as the picker it opens would. `uplink`: bytes per second
    to throttle uploads to, so the progress bar has time to be seen. Waits until the bar is gone."""
    label = ui.visible("memories-add-photo")
    field = ui.find("memories-photo-input")
    assert label.get_attribute("for") == field.get_attribute("id") and field.get_attribute("accept") == "image/*"
    watch_editor(ui.driver)
    if uplink:
        ui.network(upload_bytes_per_second=uplink)
    try:
        field.send_keys(path)
        WebDriverWait(ui.driver, UPLOAD).until(lambda d: (editor_seen(d)["upload"] or [0])[-1] is None,
                                               "the upload bar never went away")
    finally:
        if uplink:
            ui.online()
    assert not ui.find("memories-editor-error").text.strip(), ui.find("memories-editor-error").text


def placed_photo(driver):
    """Waits until the editor has one photo on its page and nothing unconfirmed; returns the page."""
    WebDriverWait(driver, SLOW).until(lambda d: editor_settled(d) and len(photos_in(editor_canvas(d))) == 1,
                                      "the photo never settled on the page")
    return editor_canvas(driver)


def shows_the_photo(driver, canvas_el):
    """The page's pixels: the scene and its red edge where the photo is (the photo itself, turned
    upright, not the grey placeholder of one still loading), paper around it."""
    image = canvas_png(driver, canvas_el)
    return (near(colour_at(image, *IN_SCENE), SCENE) and near(colour_at(image, *IN_SKY), SKY)
            and min(colour_at(image, *ON_PAPER)) > 200)


def stored_file(base_url, media):
    """The stored photo's bytes, fetched as a browser would: its signed URL, no token."""
    url = urljoin(base_url + "/", media["url"])
    assert urlsplit(url).path.startswith("/media-files/") and "signature=" in url, url
    with urllib.request.urlopen(url, timeout=30) as res:
        assert res.status == 200 and res.headers["Content-Type"] == "image/jpeg", (res.status, res.headers["Content-Type"])
        data = res.read()
    # Signed means it: the same address without its signature is refused.
    unsigned = url.split("?", 1)[0]
    try:
        urllib.request.urlopen(unsigned, timeout=30)
        raise AssertionError(f"{unsigned} answered without a signature")
    except urllib.error.HTTPError as err:
        assert err.code in (401, 403, 404), err.code
    return data


def assert_no_metadata(data):
    """No EXIF (so no GPS, camera or time) and no XMP left in a stored JPEG: no APP1 segment at
    all, none of the camera's words anywhere, and Pillow reads no EXIF from it."""
    from PIL import Image
    markers = [hex(m) for m, _ in jpeg_segments(data)]
    assert "0xe1" not in markers, markers
    for leak in (b"Exif", b"iPhone 13", b"2024:07:14"):
        assert leak not in data, leak
    img = Image.open(io.BytesIO(data))
    assert not img.getexif() and not img.getexif().get_ifd(0x8825)
    return img


def assert_progress_shown(seen):
    """The upload bar showed, moved forward only, reached (nearly) full, and went away."""
    shown = [v for v in seen if v is not None]
    assert seen and seen[-1] is None and shown, seen
    assert shown == sorted(shown), seen
    assert len({v for v in shown if 0 < v < 100}) >= 3, seen  # it moved while the bytes went
    assert max(shown) >= 95, seen


def test_camera_photo_on_a_memory_page_reaches_the_friend_without_its_exif(
        base_url, browser_a, browser_b, owner, friend, book, camera_photo):
    # The owner starts a memory page from the book, as a person does.
    ui_a = signed_in(browser_a, base_url, owner)
    open_book(ui_a, book["id"])
    press(ui_a, "memories-add-page")
    ui_a.visible("memories-editor-stage")
    ui_a.wait.until(lambda d: editor_settled(d))
    page_id = ui_a.find("memories-editor").get_attribute("data-page-id")
    assert ui_a.find("memories-editor").get_attribute("data-kind") == "memory"
    # The friend has the same page open in their editor, live.
    ui_b = signed_in(browser_b, base_url, friend, f"/memories/page/{page_id}")
    live(ui_b)
    ui_b.visible("memories-editor-stage")
    ui_b.wait.until(lambda d: editor_settled(d))
    browser_b.execute_script("performance.clearResourceTimings()")
    live(ui_a)

    # The 4.6 MB camera photo (sent shrunk to 1600 px) over a slow uplink, 256 KB/s, so the bar
    # has time to show it going.
    add_photo(ui_a, camera_photo, uplink=256 * 1024)
    assert_progress_shown(editor_seen(browser_a)["upload"])

    # On the page at once, selected to be moved, upright (portrait), and autosaved.
    mine = placed_photo(browser_a)
    seen = editor_seen(browser_a)
    element = photos_in(mine)[0]
    assert element["frame"] == PHOTO_FRAME and element["rotation"] == 0, element
    assert ui_a.find("memories-editor").get_attribute("data-selected") == "photo"
    assert "saving" in seen["save"] and seen["save"][-1] == "saved", seen["save"]
    ui_a.text_is("memories-save-state", "Saved")
    ui_a.wait.until(lambda d: shows_the_photo(d, ui_a.find("memories-editor-canvas")), "the owner's page never showed the photo")

    # The server's page is the editor's, and names the photo by its media id, with a signed URL.
    detail = ok(friend["api"].call("GET", f"/memories/pages/{page_id}"))
    assert normal(detail["canvas"]) == normal(mine)
    media = {m["id"].upper(): m for m in detail["media"]}
    stored = media[element["mediaId"].upper()]
    assert stored["kind"] == "jpeg" and stored["contentType"] == "image/jpeg", stored
    # Shrunk to at most 1600 px before it left the browser, turned upright.
    assert (stored["width"], stored["height"]) == (1200, 1600), stored

    # The friend's editor gets it live and draws the photo itself, loaded through its signed URL.
    WebDriverWait(browser_b, SLOW).until(lambda d: [e["mediaId"] for e in photos_in(editor_canvas(d))] == [element["mediaId"]],
                                         "the photo never reached the friend's editor")
    WebDriverWait(browser_b, SLOW).until(lambda d: shows_the_photo(d, ui_b.find("memories-editor-canvas")),
                                         "the friend's editor never drew the photo")
    loaded = browser_b.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    assert any("/media-files/" in name for name in loaded), loaded
    assert normal(editor_canvas(browser_b)) == normal(mine)

    # The stored file carries no EXIF: no location, camera or time left the owner's phone.
    img = assert_no_metadata(stored_file(base_url, stored))
    assert img.size == (1200, 1600)
    rgb = img.convert("RGB")
    assert near(rgb.getpixel((600, 800)), SCENE, 70) and near(rgb.getpixel((1150, 800)), SKY, 70)


def test_camera_photo_in_a_letter_is_saved_with_the_draft_and_sent(
        base_url, browser_a, browser_b, owner, friend, book, camera_photo):
    # The letter composer is the same editor (editor.js), saved whole as a draft instead of by operations.
    ui_a = signed_in(browser_a, base_url, owner)
    open_book(ui_a, book["id"])
    press(ui_a, "memories-write-letter")
    ui_a.visible("memories-editor-stage")
    ui_a.wait.until(lambda d: editor_settled(d))
    draft_id = ui_a.find("memories-editor").get_attribute("data-page-id")
    assert ui_a.find("memories-editor").get_attribute("data-kind") == "letter"

    add_photo(ui_a, camera_photo)  # full speed this time
    mine = placed_photo(browser_a)
    seen = editor_seen(browser_a)
    assert seen["upload"][0] == 0 and seen["upload"][-1] is None, seen["upload"]  # it showed, and went
    element = photos_in(mine)[0]
    assert element["frame"] == PHOTO_FRAME, element
    assert "saving" in seen["save"] and seen["save"][-1] == "saved", seen["save"]
    ui_a.wait.until(lambda d: shows_the_photo(d, ui_a.find("memories-editor-canvas")), "the letter never showed the photo")

    # The draft on the server has it, and it is still the owner's alone.
    draft = ok(owner["api"].call("GET", f"/memories/pages/{draft_id}"))
    assert draft["state"] == "draft" and normal(draft["canvas"]) == normal(mine)
    assert element["mediaId"].upper() in {m["id"].upper() for m in draft["media"]}
    status, _ = friend["api"].call("GET", f"/memories/pages/{draft_id}")
    assert status in (403, 404), status

    # Sent, the friend's book shows the letter with the photo drawn.
    press(ui_a, "memories-send-letter")
    accept_alert(browser_a)
    ui_a.text_is("memories-sent", "Your letter is sent. It is in your book for good.")
    ui_b = signed_in(browser_b, base_url, friend)
    open_book(ui_b, book["id"], at=draft_id)
    sheet = ui_b.wait.until(lambda d: next((s for s in visible_sheets(d) if s.get_attribute("data-page-id") == draft_id
                                            and s.get_attribute("data-photos") == "ready"), None))
    page_el = sheet.find_element(By.CSS_SELECTOR, "canvas")
    ui_b.wait.until(lambda d: shows_the_photo(d, page_el), "the friend's book never drew the letter's photo")
    sent = ok(friend["api"].call("GET", f"/memories/pages/{draft_id}"))
    assert sent["state"] == "sent" and normal(sent["canvas"]) == normal(mine)
    stored = next(m for m in sent["media"] if m["id"].upper() == element["mediaId"].upper())
    assert assert_no_metadata(stored_file(base_url, stored)).size == (1200, 1600)


def test_phone_places_a_camera_photo_from_the_toolbar(base_url, browser_phone, owner, book, camera_photo):
    page = add_memory_page(owner, book["id"], blank("lined"))
    ui = signed_in(browser_phone, base_url, owner, f"/memories/page/{page['id']}")
    ui.visible("memories-editor-stage")
    ui.wait.until(lambda d: editor_settled(d))

    # On a phone the tools are one row that scrolls sideways: the photo button is reached by
    # scrolling it into view, is finger-sized, and nothing covers it.
    label = ui.find("memories-add-photo")
    browser_phone.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", label)
    box = browser_phone.execute_script("return arguments[0].getBoundingClientRect().toJSON()", label)
    assert box["left"] >= 0 and box["right"] <= 375 and box["width"] >= 44 and box["height"] >= 44, box
    assert browser_phone.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return arguments[0].contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))", label)

    add_photo(ui, camera_photo, uplink=256 * 1024)
    assert_progress_shown(editor_seen(browser_phone)["upload"])
    mine = placed_photo(browser_phone)
    assert photos_in(mine)[0]["frame"] == PHOTO_FRAME
    ui.wait.until(lambda d: shows_the_photo(d, ui.find("memories-editor-canvas")), "the phone's page never showed the photo")
    assert normal(page_canvas(owner, page["id"])) == normal(mine)
    view = browser_phone.execute_script("return { w: innerWidth, sw: document.documentElement.scrollWidth }")
    assert view["w"] == 375 and view["sw"] <= 375, view
