"""Date An Intervention on a phone: the deck fits a 375 x 667 screen and only deliberate sideways
gestures on the card swipe it (real touch events through the DevTools protocol); nothing overflows
or breaks a word in two at 320 px; Compare stays readable; the chat keeps its header and composer
in view. See conftest.py for how to run them."""
import time

import pytest
from selenium.webdriver.support.ui import Select

from test_date_an_intervention import P, get, like_via_api, open_app, pass_first_category, swipe_of, top_id
from kindred_ui import wait_for_alert

PHONE = (375, 667)
SMALL_PHONE = (320, 568)


# ---- the phone: Chrome's mobile emulation, with touch --------------------------------------------

def as_phone(driver, size=PHONE, touch=True):
    """From now on this tab is a phone of `size` CSS pixels (mobile viewport, touch screen)."""
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})


def touch_path(driver, points, step_s=0.016):
    """One finger down at points[0], through the rest (about a frame apart), then up: real touch
    events, so the browser applies touch-action and scrolls or hands the moves to the page."""
    def touch(kind, point=None):
        pts = [{"x": point[0], "y": point[1], "id": 1}] if point else []
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})
    touch("touchStart", points[0])
    for point in points[1:]:
        time.sleep(step_s)
        touch("touchMove", point)
    time.sleep(step_s)
    touch("touchEnd")


def line(start, dx, dy, steps=15):
    x, y = start
    return [(round(x + dx * i / steps), round(y + dy * i / steps)) for i in range(steps + 1)]


def rect(driver, selector):
    return driver.execute_script("const e = document.querySelector(arguments[0]);"
                                 "return e && e.getBoundingClientRect().toJSON();", selector)


def viewport(driver):
    return driver.execute_script("return { width: innerWidth, height: innerHeight, scrollY: scrollY,"
                                 " scrollWidth: document.documentElement.scrollWidth,"
                                 " scrollHeight: document.documentElement.scrollHeight };")


def centre(r):
    return (round(r["x"] + r["width"] / 2), round(r["y"] + r["height"] / 2))


def at_rest(driver):
    """The top card is where it belongs: no drag offset left on it."""
    return driver.execute_script("const c = document.querySelector('[data-testid=\"dai-card\"]');"
                                 "return !!c && !c.classList.contains('date-an-intervention-dragging') && c.style.transform === '';")


# ---- (1) the deck on a 375 x 667 touch phone --------------------------------------------------------

def test_deck_fits_a_phone_screen_with_its_buttons(ui, driver, account):
    as_phone(driver)
    open_app(ui, account)
    top_id(ui)
    time.sleep(0.3)  # let the layout settle (the header's height arrives through a ResizeObserver)

    view = viewport(driver)
    assert view["scrollY"] == 0
    assert view["scrollHeight"] <= view["height"], f"Discover needs scrolling on a 375 x 667 phone: {view}"
    header = rect(driver, "#site-header")
    tabs = rect(driver, ".app-tabs")
    card = rect(driver, '[data-testid="dai-card"]')
    assert card["top"] >= tabs["bottom"] >= header["bottom"], (header, tabs, card)
    assert card["height"] >= 240, f"the card is too small to read: {card}"
    for testid in ("dai-undo", "dai-pass", "dai-superlike", "dai-like"):
        button = rect(driver, f'[data-testid="{testid}"]')
        assert card["bottom"] <= button["top"] and button["bottom"] <= view["height"], (testid, button, view)
        assert button["width"] >= 44 and button["height"] >= 44, (testid, button)  # a thumb-sized target


def test_only_a_sideways_drag_swipes_on_a_touch_screen(ui, driver, account):
    api = account["api"]
    as_phone(driver)
    open_app(ui, account)
    first = top_id(ui)
    start = centre(rect(driver, '[data-testid="dai-card"]'))

    # A long, quick upward fling (what scrolling down a page looks like), a downward one and a
    # mostly vertical one with some sideways drift: none of them swipes, the card stays on top.
    for dx, dy in ((0, -300), (0, 250), (70, -280)):
        touch_path(driver, line(start, dx, dy))
        ui.wait.until(lambda d: at_rest(d), f"the card did not settle after a ({dx}, {dy}) move")
        time.sleep(0.4)  # a swipe would have been sent by now
        assert top_id(ui) == first
    assert get(api, f"{P}/stats")["swiped"] == 0
    assert swipe_of(api, first) is None
    assert get(api, f"{P}/deck?limit=1")["cards"][0]["id"] == first

    # A deliberate drag sideways still swipes: right likes, left passes.
    touch_path(driver, line(start, 220, 20))
    ui.wait.until(lambda d: swipe_of(api, first) == "like")
    second = ui.wait.until(lambda d: top_id(ui) != first and top_id(ui))
    ui.click("dai-match-dismiss")
    touch_path(driver, line(start, -220, -15))
    ui.wait.until(lambda d: swipe_of(api, second) == "pass")
    stats = get(api, f"{P}/stats")
    assert (stats["likes"], stats["passes"], stats["superLikes"]) == (1, 1, 0)


def test_a_vertical_move_over_the_card_scrolls_the_page(ui, driver, account):
    """Where there is something to scroll (a phone too short for the whole deck), a finger moving up
    over the card scrolls the page, as anywhere else, and swipes nothing."""
    api = account["api"]
    as_phone(driver, (320, 480))
    open_app(ui, account)
    first = top_id(ui)
    view = viewport(driver)
    assert view["scrollHeight"] > view["height"] + 60, f"nothing to scroll at 320 x 480: {view}"
    card = rect(driver, '[data-testid="dai-card"]')
    start = (round(card["x"] + card["width"] / 2), round(min(card["bottom"], view["height"]) - 30))
    assert driver.execute_script("return !!document.elementFromPoint(...arguments).closest('[data-testid=\"dai-card\"]')",
                                 *start), "the finger would not be on the card"
    touch_path(driver, line(start, 0, -150, steps=10))
    ui.wait.until(lambda d: viewport(d)["scrollY"] > 20, "the page did not scroll under the finger")
    ui.wait.until(lambda d: at_rest(d))
    time.sleep(0.4)
    assert top_id(ui) == first and get(api, f"{P}/stats")["swiped"] == 0


def test_super_like_is_on_its_button(ui, driver, account):
    """With the upward gesture gone, the ★ button is how a phone super-likes."""
    api = account["api"]
    as_phone(driver)
    open_app(ui, account)
    first = top_id(ui)
    button = centre(rect(driver, '[data-testid="dai-superlike"]'))
    touch_path(driver, [button, button])  # a tap
    ui.wait.until(lambda d: swipe_of(api, first) == "superlike")


# ---- (2) layout at 320 px: no sideways overflow, no word cut in two --------------------------------

# Every text node on screen, split into words (a break after / or - is a break between words);
# a word whose pieces sit on two lines was broken mid-word. And the computed styles that allow
# such breaks on names, labels and headings.
WORD_BREAKS = r"""
const found = [];
const main = document.querySelector('main');
const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  if (!el || el.closest('.sr-only, select, option, textarea, [hidden]')) continue;
  for (const m of node.textContent.matchAll(/[^\s\/\-\u2010-\u2014]+/g)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    if (rects.length > 1 && rects[rects.length - 1].top >= rects[0].bottom - 2) {
      found.push(`"${m[0]}" in <${el.tagName.toLowerCase()} class="${el.className}">`);
    }
  }
}
for (const el of main.querySelectorAll('h1, h2, h3, dt, dd, th, td, label, li, p, a, span, button')) {
  const style = getComputedStyle(el);
  if (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all' || style.wordBreak === 'break-word') {
    if (!el.closest('.date-an-intervention-msg-text, .date-an-intervention-references')) found.push(`<${el.tagName.toLowerCase()} class="${el.className}"> may break anywhere`);
  }
}
return found;
"""

# Whether Discover's category select is cut off: its chosen option's text against the room inside
# the box (less the arrow, about 20 px).
CUT_SELECTS = r"""
const ctx = document.createElement('canvas').getContext('2d');
return [...document.querySelectorAll('#dai-filter')].filter((s) => s.offsetParent).map((s) => {
  const style = getComputedStyle(s);
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = s.options[s.selectedIndex]?.text || '';
  const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return { id: s.id, text, need: Math.ceil(ctx.measureText(text).width), room: Math.floor(room) };
}).filter((s) => s.need > s.room);
"""


def check_layout(ui, driver, screen, width=320):
    time.sleep(0.3)
    view = viewport(driver)
    assert view["width"] == width
    assert view["scrollWidth"] <= width, f"{screen}: the page is {view['scrollWidth']} px wide at {width} px"
    broken = driver.execute_script(WORD_BREAKS)
    assert not broken, f"{screen}: words broken mid-word at {width} px: {broken}"
    cut = driver.execute_script(CUT_SELECTS)
    assert not cut, f"{screen}: selects cut off at {width} px: {cut}"


def catalogue_with_longest_category(api):
    catalogue = get(api, f"{P}/interventions")
    category = max(catalogue["categories"], key=lambda c: len(c["name"]))
    return catalogue, category


@pytest.mark.parametrize("size", [(320, 640), PHONE])
def test_every_screen_fits_a_small_phone(ui, driver, account, size):
    api = account["api"]
    width = size[0]
    catalogue, category = catalogue_with_longest_category(api)
    members = [i for i in catalogue["interventions"] if i["category"] == category["id"]]
    # A like in the longest-named category makes it the favourite shown on Matches and Stats.
    for item in members:
        status, body = api.call("POST", f"{P}/swipes", {"interventionId": item["id"], "direction": "like"})
        assert status == 201, body
    liked = members[0]
    status, _ = api.stream("POST", f"{P}/chats/{liked['id']}/messages", {"text": "What are your risks?"})
    assert status == 200
    as_phone(driver, size, touch=False)
    open_app(ui, account)
    top_id(ui)
    check_layout(ui, driver, "Discover", width)

    # The empty deck: the category select, the count and the empty panel's words all fit.
    ui.open(f"{P}/discover?category={category['id']}")
    ui.visible("dai-empty")
    ui.wait.until(lambda d: Select(ui.find("dai-filter")).first_selected_option.get_attribute("value") == category["id"])
    ui.text_is("dai-remaining", "0 cards left")
    check_layout(ui, driver, "Discover, empty", width)
    empty = rect(driver, '[data-testid="dai-empty"]')
    reset = rect(driver, '[data-testid="dai-reset"]')
    assert empty["top"] <= reset["top"] and reset["bottom"] <= empty["bottom"], "the Reset button spills out of the empty panel"

    for route, screen, ready in ((f"{P}/matches", "Matches", "dai-match"), (f"{P}/stats", "Stats", "dai-stat-favourite"),
                                 (f"{P}/profile/{liked['id']}", "Profile", "dai-stats-grid"),
                                 (f"{P}/compare?a={liked['id']}&b={members[-1]['id']}", "Compare", "dai-compare-value"),
                                 (f"{P}/chat/{liked['id']}", "Chat", "dai-chat-message")):
        ui.open(route)
        ui.visible(ready)
        check_layout(ui, driver, screen, width)
    ui.open(f"{P}/stats")
    ui.text_is("dai-stat-favourite", category["name"])


def test_compare_is_readable_on_a_phone(ui, driver, account):
    api = account["api"]
    interventions = get(api, f"{P}/interventions")["interventions"]
    # The two with the most to say make the tallest comparison.
    wordy = sorted(interventions, key=lambda i: -sum(len(t) for t in i["interests"] + i["dealbreakers"]))[:2]
    as_phone(driver, touch=False)
    open_app(ui, account, f"{P}/compare?a={wordy[0]['id']}&b={wordy[1]['id']}")
    ui.wait.until(lambda d: [n.get_attribute("data-id") for n in ui.all("dai-compare-name")] == [w["id"] for w in wordy])
    time.sleep(0.3)
    view = viewport(driver)
    assert view["scrollWidth"] <= PHONE[0]
    # The lists, most of the text, read across the whole width instead of a column a few words wide.
    content = driver.execute_script("return document.querySelector('.date-an-intervention-compare').getBoundingClientRect().width")
    widths = driver.execute_script("return [...document.querySelectorAll('[data-testid=\"dai-compare-interests\"] li')]"
                                   ".map((li) => li.getBoundingClientRect().width)")
    assert widths and min(widths) >= 0.8 * content, (widths, content)
    assert view["scrollHeight"] < 2800, f"Compare is {view['scrollHeight']} px tall on a phone"
    # Each fact still pairs the two, and the lists say whose they are.
    trl = ui.find("dai-compare-trl").find_elements("css selector", '[data-testid="dai-compare-value"]')
    assert [c.get_attribute("data-side") for c in trl] == ["a", "b"]
    assert f"TRL {wordy[0]['techReadiness']}/9" in trl[0].text
    interests = ui.find("dai-compare-interests").text
    assert wordy[0]["name"] in interests and wordy[1]["name"] in interests
    assert wordy[0]["interests"][0] in interests

    # Scrolled down to the dealbreakers, the two names are still in view just below the header.
    driver.execute_script("document.querySelector('[data-testid=\"dai-compare-dealbreakers\"]').scrollIntoView()")
    time.sleep(0.2)
    header = rect(driver, "#site-header")
    for name in ui.all("dai-compare-name"):
        top = driver.execute_script("return arguments[0].getBoundingClientRect().top", name)
        assert header["bottom"] - 1 <= top < header["bottom"] + 40, (top, header)

    # A desktop still gets the table.
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.set_window_size(1280, 900)
    ui.wait.until(lambda d: d.find_elements("css selector", "table.date-an-intervention-compare-table"))
    assert len(ui.find("dai-compare-trl").find_elements("css selector", "td")) == 2


def test_reset_on_the_empty_deck_asks_first(ui, driver, account):
    api = account["api"]
    category = pass_first_category(api)
    swiped = get(api, f"{P}/stats")["swiped"]
    as_phone(driver, touch=False)
    open_app(ui, account, f"{P}/discover?category={category['id']}")
    ui.visible("dai-empty")

    ui.click("dai-reset")
    alert = wait_for_alert(driver)
    assert "Reset" in alert.text and category["name"] in alert.text
    alert.dismiss()
    time.sleep(0.5)
    assert get(api, f"{P}/stats")["swiped"] == swiped  # cancelled: every swipe is still there
    assert ui.visible("dai-empty") and not ui.all("dai-card")


# ---- (4) the chat keeps its header and composer in view --------------------------------------------

def test_chat_header_and_composer_stay_in_view(ui, driver, account):
    api = account["api"]
    match = like_via_api(api)
    for i in range(7):
        status, _ = api.stream("POST", f"{P}/chats/{match['id']}/messages",
                               {"text": f"Question {i}: how would you work, what could go wrong, and who pays?"})
        assert status == 200
    as_phone(driver)
    open_app(ui, account, f"{P}/chat/{match['id']}")
    ui.wait.until(lambda d: len(ui.all("dai-chat-message")) == 14)
    ui.wait.until(lambda d: ui.find("dai-chat-input").is_enabled())
    time.sleep(0.8)  # the smooth scroll to the newest message

    def check(where):
        view = viewport(driver)
        assert view["scrollHeight"] > view["height"] * 2, "not enough messages to scroll"
        header = rect(driver, "#site-header")
        head = rect(driver, ".date-an-intervention-chat-head")
        field = rect(driver, '[data-testid="dai-chat-input"]')
        send = rect(driver, '[data-testid="dai-chat-send"]')
        assert head["top"] >= header["bottom"] - 1 and head["bottom"] <= view["height"], f"{where}: chat header {head} vs {header}"
        for name, box in (("input", field), ("send", send)):
            assert header["bottom"] <= box["top"] and box["bottom"] <= view["height"], f"{where}: composer {name} {box} {view}"

    check("at the newest message")
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight / 3)")
    time.sleep(0.2)
    check("scrolled up")
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.2)
    check("at the top")
    # The offline stand-in's replies carry a badge, not a note inside the character's words.
    texts = [m.text for m in ui.all("dai-chat-message")]
    assert not [t for t in texts if "(Offline mode" in t]
    assert len(ui.all("dai-msg-offline")) == 7
