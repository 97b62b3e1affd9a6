"""Download my data from the Account page on a 375 x 667 touch phone: the card builds the ZIP,
shows how far it is, and gives a link that downloads it; a request that cannot reach the server
says so and loses nothing."""
from kindred_ui import make_jpeg
from test_shell_phone import OVERFLOWING

FETCH_ZIP = """
const done = arguments[arguments.length - 1];
fetch(arguments[0]).then(async (r) => {
  const bytes = new Uint8Array(await r.arrayBuffer());
  done({ status: r.status, type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition'),
         size: bytes.length, head: String.fromCharCode(bytes[0], bytes[1]) });
}).catch((e) => done({ error: String(e) }));
"""


def test_download_my_data_on_a_phone(phone_ui, phone_driver, account, tmp_path):
    ui, driver = phone_ui, phone_driver
    # Something of theirs to export: a photo as a phone camera makes it.
    photo = tmp_path / "photo.jpg"
    make_jpeg(photo, 2400, 1800)
    status, media = account["api"].upload("/media", photo.read_bytes())
    assert status == 201, media

    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    ui.open("/account")
    start = ui.find("data-export-start")
    assert start.is_displayed() and not ui.find("data-export-link").is_displayed()

    # Offline (a phone without signal): the card says so, and the button can be pressed again.
    ui.network(offline=True)
    ui.click("data-export-start")
    assert ui.has_text("data-export-error")
    ui.wait.until(lambda _: ui.find("data-export-start").is_enabled())
    ui.online()

    ui.click("data-export-start")
    ui.wait.until(lambda _: ui.find("data-export-link").is_displayed())
    assert ui.has_text("data-export-status").startswith("Ready:")
    assert not ui.find("data-export-error").text
    href = ui.find("data-export-link").get_attribute("href")
    assert "/data-exports/" in href and "signature=" in href

    # The link downloads the ZIP in this browser, with no token (as following it would).
    got = driver.execute_async_script(FETCH_ZIP, href)
    assert got.get("status") == 200, got
    assert got["type"] == "application/zip" and got["disposition"].startswith("attachment;"), got
    assert got["head"] == "PK" and got["size"] > media["byteCount"], got

    # A fresh visit shows the same ready export, not a new one.
    driver.refresh()
    ui.wait.until(lambda _: ui.find("data-export-link").is_displayed())
    assert ui.find("data-export-link").get_attribute("href").split("?")[0] == href.split("?")[0]
    status, latest = account["api"].call("GET", "/me/data-export")
    assert status == 200 and latest["status"] == "ready", latest

    # Nothing on the page sticks out of the phone's screen.
    assert driver.execute_script("return document.documentElement.clientWidth") == 375
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 375
    assert not driver.execute_script(OVERFLOWING)
