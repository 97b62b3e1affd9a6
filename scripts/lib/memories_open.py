"""Opening a long Memories book in Chromium, against a running Kindred, beside a floor of the same
data drawn by a page that is nothing but the fetches. Needs the test venv (selenium,
websocket-client for memories_load), Chromium and chromedriver (CHROME_BIN, CHROMEDRIVER).

  python memories_open.py BASE FLOOR_URL FLOOR_DIR OPENS [PAGES]
      Two friends and a book of PAGES (200) memory pages, each a few words of text and a
      handwritten stroke of 300 points, the two friends taking turns. One headless Chromium
      (1280 x 900: the book shows as a spread) signs in once, then opens the book OPENS times,
      each a full page load (about:blank, then the book's route), after 3 unmeasured opens.
      The time is the page's own clock, performance.now() from navigation start, until the
      first spread is on screen: "Pages 1–2 of PAGES" and both sheets in view drawn from their
      page's detail (data-loaded="true"), as the browser test checks it. A MutationObserver
      injected before the page's own scripts catches the moment the DOM and the canvases hold
      it, so there is no polling delay (the compositor's next frame is not waited for, by
      either measure). Prints "open P50 P99 MAX N", then where the median open's time went.

      The floor: the JSON the web client needed for that screen (both contents requests, for
      "of 200", and the two pages' details) saved from the API into FLOOR_DIR, with a page that
      fetches them from nginx (FLOOR_URL serves FLOOR_DIR) in the same order the data allows
      (the contents first: they name the pages), parses them, and writes both pages' words and
      the page number into the DOM. Measured in the same browser the same way, the opens of the
      two interleaved so both see the same machine. Prints "floor P50 P99 MAX N".

Both are warm opens of a returning visitor: the browser's cache holds the app's scripts (the
server sends Last-Modified without Cache-Control, so Chromium reuses them without asking);
the API's answers are never cached (no-store), and nginx is told to send the floor's JSON
no-store too, so both fetch their data every time.
"""
import http.client, json, os, sys, time, urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from memories_load import API, run, sign_up, stats, stroke

WARM_UP = 3
PASSWORD = "load test!"  # memories_load.sign_up's

WORDS = ["the lake at dawn, before anyone else was up", "your terrible singing in the car",
         "the bakery that sold out of everything but rye", "rain on the tent all night",
         "the long way home, on purpose", "that dog who followed us for a mile"]


def memory_page(i):
    """A page as people make them: a line or two of text, and a handwritten note beside it."""
    return {"version": 1, "paper": "lined", "elements": [
        {"id": "t", "type": "text", "z": 2, "frame": {"x": 100, "y": 900, "width": 800, "height": 200}, "rotation": 0,
         "text": f"Page {i + 1}: {WORDS[i % len(WORDS)]}.", "font": "serif", "size": 48, "color": "#1f3a5f", "align": "left"},
        stroke("s", 300)]}


def seed(base, pages):
    """Two friends (with display names, for the header) and their book of `pages` pages; returns
    the first friend's email, token and the book's id."""
    api = API(base)
    one_email = f"open{run}a@example.com"
    status, session = api.call("POST", "/auth/sign-up", {"email": one_email, "password": PASSWORD,
                                                         "username": f"open{run}a", "displayName": "Ada Opener"})
    assert status == 201, (status, session)
    one, one_name = session["accessToken"], session["me"]["profile"]["username"]
    other, other_name = sign_up(api, f"open{run}b")
    assert api.call("POST", "/memories/friend-requests", {"username": other_name}, token=one)[0] == 201
    status, friend = api.call("POST", f"/memories/friend-requests/{one_name}/accept", token=other)
    assert status == 200, (status, friend)
    book = friend["book"]["id"]
    # One at a time, so the book's order is the order made.
    for i in range(pages):
        status, page = api.call("POST", f"/memories/books/{book}/pages", {"canvas": memory_page(i)}, token=other if i % 2 else one)
        assert status == 201, (status, page)
    return one_email, one, book


def get_raw(base, path, token):
    """An API answer's bytes as the server sent them (the floor serves them unchanged)."""
    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    connection.request("GET", "/api/v1" + path, headers={"authorization": "Bearer " + token})
    response = connection.getresponse()
    body = response.read()
    assert response.status == 200, (response.status, body[:200])
    return body


FLOOR_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor</title><link rel="icon" href="data:,">
<script type="module" src="floor.js"></script></head>
<body><p data-testid="floor-number"></p><div data-testid="floor-spread"><div></div><div></div></div></body></html>
"""

# The same dependency the client has: the contents name the pages, so they come first; then the
# rest of the contents and both pages at once, as the web client asks for them.
FLOOR_JS = """const get = (url) => fetch(url).then((r) => r.json());
const first = await get('contents-1.json');
const [rest, ...pages] = await Promise.all([get('contents-2.json'),
  ...first.items.slice(0, 2).map((s) => get(`page-${s.id}.json`))]);
const spread = document.querySelector('[data-testid="floor-spread"]');
pages.forEach((page, i) => {
  spread.children[i].textContent = page.canvas.elements.filter((e) => e.type === 'text').map((e) => e.text).join('\\n\\n');
});
document.querySelector('[data-testid="floor-number"]').textContent = `Pages 1–2 of ${first.items.length + rest.items.length}`;
spread.dataset.shown = 'true';
"""


def write_floor(base, token, book, directory):
    """The data the web client fetched to show the first spread, as files for nginx."""
    contents = get_raw(base, f"/memories/books/{book}/pages?limit=100", token)
    cursor = json.loads(contents)["nextCursor"]
    rest = get_raw(base, f"/memories/books/{book}/pages?limit=100&cursor={urllib.parse.quote(cursor)}", token)
    files = {"contents-1.json": contents, "contents-2.json": rest, "index.html": FLOOR_HTML.encode(), "floor.js": FLOOR_JS.encode()}
    for summary in json.loads(contents)["items"][:2]:
        files[f"page-{summary['id']}.json"] = get_raw(base, f"/memories/pages/{summary['id']}", token)
    for name, body in files.items():
        with open(os.path.join(directory, name), "wb") as file:
            file.write(body)
    return sum(len(b) for n, b in files.items() if n.endswith(".json"))


# Runs in every document before its own scripts (Page.addScriptToEvaluateOnNewDocument). It notes
# performance.now() (ms since this navigation started) the moment the DOM first shows the spread:
# the viewer sets the page number and the sheets' data-loaded in the same task that paints their
# canvases, so a MutationObserver callback (a microtask after it) sees the spread as drawn.
# __drawnAt is when both pages were drawn whatever the page number said: the viewer shows the
# spread once the first hundred summaries are in, and says "of 200" when the rest arrive.
WATCH = """(() => {
  if (location.protocol === 'about:') return;
  const want = %s;
  const drawn = () => {
    const number = document.querySelector('[data-testid="memories-page-number"]');
    if (!number || !number.textContent.startsWith('Pages 1–2 of ')) return false;
    const sheets = [...document.querySelectorAll('[data-testid="memories-sheet"]')]
      .filter((s) => s.dataset.pageId && s.getClientRects().length);
    return sheets.length === 2 && sheets.every((s) => s.dataset.loaded === 'true');
  };
  const watch = new MutationObserver(() => {
    if (document.querySelector('[data-testid="floor-spread"][data-shown="true"]')) {
      window.__shownAt = performance.now();
    } else if (drawn()) {
      window.__drawnAt ??= performance.now();
      if (document.querySelector('[data-testid="memories-page-number"]').textContent.trim() === want) window.__shownAt = performance.now();
    }
    if (window.__shownAt !== undefined) watch.disconnect();
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""

# Where an open's time went, from the page's own timing entries (ms since navigation start).
TIMELINE = """const ends = (re) => performance.getEntriesByType('resource').filter((e) => re.test(e.name)).map((e) => e.responseEnd);
const nav = performance.getEntriesByType('navigation')[0];
return { drawn: window.__drawnAt, document: nav.responseEnd, load: nav.loadEventEnd,
  scripts: Math.max(0, ...ends(/\\.js$/)), modules: ends(/\\.js$/).length,
  refresh: Math.max(0, ...ends(/\\/auth\\/refresh$/)), contents: ends(/\\/books\\/[^/]+\\/pages/),
  pages: ends(/\\/memories\\/pages\\/[0-9A-F-]{36}$/i), book: Math.max(0, ...ends(/\\/memories\\/books\\/[^/?]+$/)),
  api: ends(/\\/api\\/v1\\//).length };"""


def new_driver():
    # conftest.py's _new_driver, at a desktop size (the book is a spread from 900 px wide).
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(arg)
    options.binary_location = os.environ.get("CHROME_BIN", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def sign_in(driver, base, email):
    # As the browser tests do (kindred_ui.UI.sign_in): the refresh cookie then restores the
    # session on every page load, as it does for someone coming back.
    wait = WebDriverWait(driver, 15)
    driver.get(f"{base}/#/sign-in")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="signin-email"]'))
    driver.find_element(By.CSS_SELECTOR, '[data-testid="signin-email"]').send_keys(email)
    driver.find_element(By.CSS_SELECTOR, '[data-testid="signin-password"]').send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, '[data-testid="signin-submit"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="header-name"]'))


def open_once(driver, url):
    """A full page load of `url`; ms from navigation start until the spread is shown."""
    driver.get("about:blank")
    driver.get(url)  # returns at the load event; the spread may come before or after it
    deadline = time.monotonic() + 30
    while (shown := driver.execute_script("return window.__shownAt ?? null")) is None:
        assert time.monotonic() < deadline, f"{url} never showed its first spread"
        time.sleep(0.01)
    return shown


def measure(base, floor_url, floor_dir, opens, pages):
    email, token, book = seed(base, pages)
    driver = new_driver()
    try:
        sign_in(driver, base, email)
        driver.get_log("browser")  # signed out until now: the 401 from /auth/refresh was expected
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH % json.dumps(f"Pages 1–2 of {pages}")})
        book_url = f"{base}/#/memories/book/{book}"
        open_once(driver, book_url)
        # The files for the floor, once the client has shown they are what it asks for.
        names = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
        assert sum("/pages?" in n for n in names) == 2, names
        floor_bytes = write_floor(base, token, book, floor_dir)
        app, floor, timelines = [], [], []
        for attempt in range(WARM_UP + opens):
            opened = open_once(driver, book_url)
            timeline = driver.execute_script(TIMELINE)
            low = open_once(driver, floor_url.rstrip("/") + "/index.html")
            if attempt >= WARM_UP:
                app.append(opened)
                floor.append(low)
                timelines.append((opened, timeline))
        errors = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    finally:
        driver.quit()
    print("open " + stats(app))
    print("floor " + stats(floor))
    # The median open, step by step, so a slow figure says where it came from.
    opened, t = sorted(timelines, key=lambda x: x[0])[len(timelines) // 2]
    contents = ", ".join(f"{c:.0f}" for c in sorted(t["contents"]))
    details = ", ".join(f"{p:.0f}" for p in sorted(t["pages"]))
    print(f"  median open {opened:.0f} ms (both pages drawn at {t['drawn']:.0f}): document {t['document']:.0f}, {t['modules']} scripts by {t['scripts']:.0f}, "
          f"session refresh {t['refresh']:.0f}, book {t['book']:.0f}, contents {contents}, "
          f"{len(t['pages'])} pages {details}, load event {t['load']:.0f}; {t['api']} API requests in all")
    print(f"  floor data {floor_bytes} bytes (2 contents requests, 2 pages)")
    for error in sorted(set(errors)):
        print(f"  browser console error: {error}")


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        raise SystemExit(__doc__)
    base, floor_url, floor_dir, opens = sys.argv[1:5]
    measure(base, floor_url, floor_dir, int(opens), int(sys.argv[5]) if len(sys.argv) == 6 else 200)
