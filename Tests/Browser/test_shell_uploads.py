"""Profile photo uploads in Chromium with photos of the sizes people send (a 4 MB camera JPEG,
a 300 KB one), and what happens when the network stalls or drops half-way: the upload fails
with a message and Retry, instead of sitting at "Uploading… 100%" forever."""
import os

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from kindred_ui import make_jpeg

UPLOAD_SECONDS = 120  # a 4 MB photo through a busy 2-core test machine


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photos")
    return {"camera": make_jpeg(folder / "camera.jpg", 3000, 2000),  # about 4 MB
            "small": make_jpeg(folder / "small.jpg", 720, 540, quality=92)}  # about 300 KB


def open_profile(ui, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    ui.click("nav-profile")
    ui.find("avatar-input")


def progress_state(ui):
    return ui.find("avatar-progress").get_attribute("data-state")


def wait_for_state(ui, state, seconds=UPLOAD_SECONDS):
    WebDriverWait(ui.driver, seconds).until(
        lambda d: progress_state(ui) == state, f"the photo upload never reached {state!r}")


def shown_avatar(ui):
    """The src of the saved avatar once it has loaded from a signed media URL, else None."""
    imgs = ui.all("avatar-img")
    if not imgs:
        return None
    src = imgs[0].get_attribute("src") or ""
    loaded = ui.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", imgs[0])
    return src if "/media-files/" in src and "signature=" in src and loaded else None


def test_real_jpegs_upload_and_show(ui, account, photos):
    assert os.path.getsize(photos["camera"]) > 3_000_000
    assert 200_000 < os.path.getsize(photos["small"]) < 400_000
    open_profile(ui, account)

    # A 300 KB photo: uploads, becomes the avatar, shows.
    ui.find("avatar-input").send_keys(photos["small"])
    wait_for_state(ui, "done")
    first = ui.wait.until(lambda d: shown_avatar(ui))
    ui.text_is("avatar-status", "Photo updated.")

    # A 4 MB camera photo replaces it.
    ui.find("avatar-input").send_keys(photos["camera"])
    wait_for_state(ui, "done")
    second = ui.wait.until(lambda d: (src := shown_avatar(ui)) and src.split("?")[0] != first.split("?")[0] and src)
    assert second
    width = ui.driver.execute_script("return document.querySelector('[data-testid=avatar-img]').naturalWidth")
    assert width > 0

    # The server kept it: the account's avatar is set.
    status, me = account["api"].call("GET", "/me")
    assert status == 200 and me["profile"].get("avatar"), me


def test_stalled_upload_fails_with_retry_and_retry_succeeds(ui, account, photos):
    ui.open("/")
    ui.set_timeouts(uploadIdleMs=3000)  # "no progress for 3 s" instead of 30 s
    open_profile(ui, account)

    # Nothing answers uploads any more, as when a server or a network hangs.
    ui.stall_requests("*/api/v1/media")
    ui.find("avatar-input").send_keys(photos["small"])
    wait_for_state(ui, "error", seconds=30)
    assert "stopped making progress" in ui.has_text("avatar-error")
    assert ui.visible("avatar-retry").is_enabled()
    assert ui.visible("avatar-cancel").is_enabled()
    assert not ui.all("avatar-img") or not shown_avatar(ui)  # the old (no) photo is still the one saved

    # The network is back: Retry uploads the same photo.
    ui.release_requests()
    ui.click("avatar-retry")
    wait_for_state(ui, "done")
    ui.wait.until(lambda d: shown_avatar(ui))
    assert not ui.find("avatar-error").text.strip()


def test_upload_dropped_midway_offers_retry(ui, account, photos):
    open_profile(ui, account)

    # A slow uplink (about 256 KB/s), so the 4 MB photo is still going when the signal drops.
    ui.network(upload_bytes_per_second=256 * 1024)
    ui.find("avatar-input").send_keys(photos["camera"])
    WebDriverWait(ui.driver, 60).until(
        lambda d: progress_state(ui) == "uploading" and int(ui.find("avatar-progress").get_attribute("value")) >= 5,
        "the upload never got going")
    ui.network(offline=True)
    wait_for_state(ui, "error", seconds=60)
    assert ui.has_text("avatar-error")
    ui.visible("avatar-retry")

    # Back online at full speed: Retry finishes it.
    ui.online()
    ui.click("avatar-retry")
    wait_for_state(ui, "done")
    ui.wait.until(lambda d: shown_avatar(ui))


def test_cancel_a_stalled_upload_keeps_the_old_photo(ui, account, photos):
    ui.open("/")
    ui.set_timeouts(uploadIdleMs=60_000)
    open_profile(ui, account)
    ui.stall_requests("*/api/v1/media")
    ui.find("avatar-input").send_keys(photos["small"])
    ui.wait.until(lambda d: progress_state(ui) in ("uploading", "saving"))

    # Cancel while it hangs: the page is calm again and nothing changed.
    ui.click("avatar-cancel")
    ui.wait.until(lambda d: progress_state(ui) == "idle")
    assert "cancelled" in ui.has_text("avatar-status").lower()
    assert not ui.find("avatar-error").text.strip()
    ui.release_requests()
    status, me = account["api"].call("GET", "/me")
    assert status == 200 and not me["profile"].get("avatar"), me

    # And a new upload after that works.
    ui.find("avatar-input").send_keys(photos["small"])
    wait_for_state(ui, "done")
    ui.wait.until(lambda d: shown_avatar(ui))
