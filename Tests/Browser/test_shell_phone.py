"""The shell and Innovation Engine on small phones: nothing wider than a 320 px screen, no word
split in the middle, a header whose links all fit, and a Network sky that lets a finger scroll
the page (375 x 667 touch phone)."""
from kindred_ui import create_account, delete_account, make_png

NARROW = 320

# Every text node's words that are split across two lines, though they could have fitted on one:
# the sign of overflow-wrap: anywhere or word-break: break-all. Only plain words (letters between
# spaces) count: an email or a link may rightly break where it must.
SPLIT_WORDS = """
const found = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  if (!el || el.closest('[hidden], .sr-only, script, style, option')) continue;
  const re = /(?<=^|\\s)\\p{L}{2,}(?=$|\\s|[.,;:!?…’”)])/gu;
  for (let m; (m = re.exec(node.data));) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) found.push(m[0]);
  }
}
return found;
"""

# Elements sticking out past the right edge of the screen (or clipped inside a scroller).
OVERFLOWING = """
const w = document.documentElement.clientWidth;
return [...document.querySelectorAll('body *')]
  .filter((el) => el.getClientRects().length && !el.closest('.sr-only, [hidden]'))
  .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > w + 0.5; })
  .map((el) => `${el.tagName.toLowerCase()}.${el.className || ''}[${el.dataset.testid || ''}] right=${Math.round(el.getBoundingClientRect().right)}`)
  .slice(0, 10);
"""


def narrow(driver, width=NARROW, height=640):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})


def check_fits(ui, where, screenshots=None):
    d = ui.driver
    ui.wait.until(lambda _: d.execute_script("return document.readyState") == "complete")
    width = d.execute_script("return document.documentElement.scrollWidth")
    sticking_out = d.execute_script(OVERFLOWING)
    split = d.execute_script(SPLIT_WORDS)
    if screenshots is not None:
        d.save_screenshot(str(screenshots / f"narrow-{where}.png"))
    assert width <= NARROW, f"{where}: the page is {width} px wide at {NARROW} px: {sticking_out}"
    assert not sticking_out, f"{where}: {sticking_out}"
    assert not split, f"{where}: words split mid-word: {split}"


def test_nothing_overflows_a_320px_screen(ui, driver, base_url, tmp_path):
    a = create_account(base_url, displayName="Tess Narrowmann-Whitewashed")
    b = create_account(base_url, displayName="Personality Bartholomew")
    try:
        with open(make_png(tmp_path / "b.png"), "rb") as f:
            b["api"].set_avatar(f.read())
        status, code = b["api"].call("GET", "/innovation-engine/code")
        assert status == 200, code
        status, body = a["api"].call("POST", "/innovation-engine/connections", {"code": code["link"]})
        assert status == 201, body

        narrow(driver)
        ui.open("/")
        ui.visible("home-signin")
        check_fits(ui, "home-signed-out", tmp_path)
        ui.open("/sign-up")
        ui.find("signup-email")
        check_fits(ui, "sign-up")

        ui.sign_in(a["email"], a["password"])
        ui.text_is("header-name", a["displayName"])
        check_fits(ui, "home", tmp_path)
        # Every header link is on screen and whole: "Sign out" isn't cut to "Sig…".
        for testid in ("nav-profile", "nav-sessions", "nav-account", "nav-signout"):
            el = ui.visible(testid)
            right = driver.execute_script("return arguments[0].getBoundingClientRect().right", el)
            assert right <= NARROW, f"{testid} ends at {right}px"
        nav = driver.find_element("css selector", ".nav ul")
        assert driver.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", nav)

        for route, testid in (("/profile", "profile-bio"), ("/sessions", "session-row"), ("/account", "account-email"),
                              ("/blocked", "block-username"),
                              ("/innovation-engine/qr", "ie-link"), ("/innovation-engine/scan", "ie-scan-input"),
                              ("/innovation-engine/network", "ie-person-row")):
            ui.open(route)
            ui.find(testid)
            if route.endswith("network"):
                ui.text_is("ie-network-count", "1 person")
            check_fits(ui, route.strip("/").replace("/", "-"), tmp_path)

        # The "Connect with …?" question, with a long name.
        c = create_account(base_url, displayName="Whitewashed Personality")
        try:
            status, c_code = c["api"].call("GET", "/innovation-engine/code")
            assert status == 200, c_code
            ui.open("/innovation-engine/scan")
            ui.fill("ie-scan-input", c_code["link"])
            ui.click("ie-scan-submit")
            ui.visible("ie-confirm")
            check_fits(ui, "connect-confirm", tmp_path)
        finally:
            delete_account(base_url, c)
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)


def touch_swipe(driver, x, y, dy, steps=12):
    """A finger on (x, y) moving by dy (negative: up, which scrolls the page down), through CDP."""
    point = lambda yy: [{"x": x, "y": yy, "id": 1, "radiusX": 5, "radiusY": 5, "force": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(y)})
    for i in range(1, steps + 1):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(y + dy * i / steps)})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_network_sky_lets_a_finger_scroll_the_page(phone_ui, phone_driver, base_url):
    ui, driver = phone_ui, phone_driver
    a = create_account(base_url, displayName="Ada Scroll")
    friends = [create_account(base_url, displayName=f"Friend {i}") for i in range(3)]
    try:
        status, code = a["api"].call("GET", "/innovation-engine/code")
        assert status == 200, code
        for f in friends:
            status, body = f["api"].call("POST", "/innovation-engine/connections", {"code": code["code"]})
            assert status == 201, body
        ui.sign_in(a["email"], a["password"])
        ui.text_is("header-name", a["displayName"])
        ui.open("/innovation-engine/network")
        ui.text_is("ie-network-count", "3 people")
        assert driver.execute_script("return innerWidth") == 375
        assert driver.execute_script("return matchMedia('(pointer: coarse)').matches")

        canvas = ui.visible("ie-network-canvas")
        # Put the sky under the finger with room to scroll on both sides.
        driver.execute_script("scrollTo(0, 0)")
        rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", canvas)
        x, y = rect[0] + rect[2] / 2, min(rect[1] + rect[3] / 2, 600)
        assert driver.execute_script("return document.documentElement.scrollHeight") > 667 + 200
        before = driver.execute_script("return scrollY")

        # A swipe up over the sky scrolls the page, as it does everywhere else.
        touch_swipe(driver, x, y, -250)
        ui.wait.until(lambda d: d.execute_script("return scrollY") > before + 100, "the sky trapped the scroll")
    finally:
        delete_account(base_url, a)
        for f in friends:
            delete_account(base_url, f)
