"""First paint of the web client, cold and repeat, in headless Chromium (scripts/bench-web).

For each origin given (Kindred serving its own files, and the peer: nginx serving the same
Public/ with the API passed to Kindred), one browser signs in once through the page, then for each
route, RUNS times:
- cold: the browser's cache emptied (cookies kept, so the session stays), the route opened; the
  first contentful paint (Chromium's paint timing) and the moment the route's own content is on
  screen (a MutationObserver put in the page before any of its scripts runs), both from the start
  of navigation; and the bytes that came over the network (transfer sizes of the page and of every
  file it loaded, the API's answers left out);
- repeat: the same route opened again with the cache as the cold visit left it: the same bytes.
Prints one JSON object: per origin, per route, the medians.
"""
import argparse
import json
import os
import statistics
import sys
import time
import urllib.request
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# Route, and what shows it is there: the home screen's tiles, each app's first heading.
ROUTES = [
    ("home", "/#/", '[data-testid="app-tile"]'),
    ("innovation-engine", "/#/innovation-engine", "main.innovation-engine h1"),
    ("date-an-intervention", "/#/date-an-intervention", "main.date-an-intervention h1"),
    ("kinnect", "/#/kinnect", "main.kinnect h1"),
    ("rin", "/#/rin", "main.rin h1:not([data-placeholder])"),
    ("memories", "/#/memories", "main.memories h1"),
]

# Put in every document before its own scripts: the time the route's content first matches.
OBSERVER = """
window.__shown = null;
const watch = () => {
  const selector = sessionStorage.getItem('bench.selector');
  if (!selector) return;
  const check = () => { if (window.__shown === null && document.querySelector(selector)) window.__shown = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  check();
};
watch();
"""

MEASURE = """
const nav = performance.getEntriesByType('navigation')[0];
const paint = performance.getEntriesByName('first-contentful-paint')[0];
const files = performance.getEntriesByType('resource').filter((r) => !new URL(r.name).pathname.startsWith('/api/'));
return {
  fcp: paint ? paint.startTime : null,
  shown: window.__shown,
  bytes: (nav ? nav.transferSize : 0) + files.reduce((sum, r) => sum + r.transferSize, 0),
  files: files.length,
};
"""


def driver():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=430,932"):
        options.add_argument(arg)
    options.binary_location = os.environ.get("CHROME_BIN", "/usr/bin/chromium")
    return webdriver.Chrome(service=Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def sign_up(api_base, account):
    body = json.dumps({**account, "displayName": "Bench"}).encode()
    request = urllib.request.Request(api_base + "/api/v1/auth/sign-up", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201, response.status


def measure(origin, account, runs):
    d = driver()
    try:
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER})
        d.execute_cdp_cmd("Network.enable", {})
        wait = WebDriverWait(d, 30)
        d.get(origin + "/#/sign-in")
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '[data-testid="signin-email"]'))
        d.find_element(By.CSS_SELECTOR, '[data-testid="signin-email"]').send_keys(account["email"])
        d.find_element(By.CSS_SELECTOR, '[data-testid="signin-password"]').send_keys(account["password"])
        d.find_element(By.CSS_SELECTOR, '[data-testid="signin-submit"]').click()
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '[data-testid="header-name"]'))
        results = {}
        for name, route, selector in ROUTES:
            cold, repeat = [], []
            for _ in range(runs):
                for kind in ("cold", "repeat"):
                    if kind == "cold":
                        d.execute_cdp_cmd("Network.clearBrowserCache", {})
                    d.execute_script("sessionStorage.setItem('bench.selector', arguments[0])", selector)
                    d.get("about:blank")
                    d.get(origin + route)
                    wait.until(lambda x: x.execute_script("return window.__shown !== null && "
                                                          "performance.getEntriesByName('first-contentful-paint').length > 0"))
                    time.sleep(0.3)  # late files (an app's stylesheet) are counted too
                    (cold if kind == "cold" else repeat).append(d.execute_script(MEASURE))
            median = lambda rows, key: statistics.median(row[key] for row in rows)
            results[name] = {
                "cold": {"fcp_ms": round(median(cold, "fcp"), 1), "shown_ms": round(median(cold, "shown"), 1),
                         "bytes": int(median(cold, "bytes")), "files": int(median(cold, "files"))},
                "repeat": {"fcp_ms": round(median(repeat, "fcp"), 1), "shown_ms": round(median(repeat, "shown"), 1),
                           "bytes": int(median(repeat, "bytes"))},
            }
        return results
    finally:
        d.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--origin", action="append", required=True, help="name=url, e.g. kindred=http://127.0.0.1:8080")
    parser.add_argument("--api", required=True, help="where to sign the account up")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    suffix = uuid.uuid4().hex[:10]
    account = {"email": f"bench{suffix}@example.com", "username": f"bench_{suffix}", "password": "bench-password-1"}
    sign_up(args.api, account)
    report = {}
    for entry in args.origin:
        name, url = entry.split("=", 1)
        report[name] = measure(url.rstrip("/"), account, args.runs)
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
