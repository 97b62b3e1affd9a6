"""Browser tests of the Kinnect web app (feed, composer, activity, comments, profiles), driving the
real UI. See conftest.py for how to run them.

One browser for the whole file, with two windows for two people: the owner's on KINDRED_BASE_URL
and their friend's on the same server under its other loopback name (127.0.0.1 <-> localhost).
Different origins keep cookies and storage apart, so each window is its own signed-in person. The
tests run in order and build on each other (a follow, then a post, then likes and comments on it);
the `follows` and `shared_post` fixtures arrange through the API whatever an earlier test should
have left, so each can also run alone."""
import io
import os
import shutil
import subprocess
from urllib.parse import urlsplit, urlunsplit

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import _fail_on_console_errors, _new_driver
from kindred_ui import UI, create_account, delete_account, make_jpeg

UPLOAD_SECONDS = 120  # two multi-megabyte photos resized in the browser and uploaded on a busy machine


# ---- one browser, two people -------------------------------------------------------------------

def other_origin(base_url):
    parts = urlsplit(base_url)
    swap = {"127.0.0.1": "localhost", "localhost": "127.0.0.1"}.get(parts.hostname)
    if not swap:
        pytest.skip("needs KINDRED_BASE_URL on 127.0.0.1 or localhost, to give the second person another origin")
    return urlunsplit(parts._replace(netloc=f"{swap}:{parts.port}" if parts.port else swap))


class Person:
    """Someone at their own window of the shared browser: `ui()` switches to it first."""

    def __init__(self, driver, origin, acct, handle):
        self.driver, self.acct, self.handle = driver, acct, handle
        self._ui = UI(driver, origin)

    def ui(self):
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)
        return self._ui

    @property
    def api(self):
        return self.acct["api"]


@pytest.fixture(scope="module")
def browser():
    drv = _new_driver()
    drv.set_window_size(1100, 900)
    yield drv
    drv.quit()


@pytest.fixture(autouse=True)
def clean_console(browser):
    """As conftest's drivers do: a test fails on console errors (JavaScript, CSP, 5xx) in any window."""
    def drain():
        entries = []
        for handle in browser.window_handles:
            browser.switch_to.window(handle)
            entries += browser.get_log("browser")
        return entries
    drain()
    yield
    _fail_on_console_errors(drain())


@pytest.fixture(scope="module")
def people(browser, base_url):
    owner = create_account(base_url, displayName="Ada Kinnect")
    friend = create_account(base_url, displayName="Bea Kinnect")
    stranger = create_account(base_url, displayName="Cy Kinnect")
    first = browser.current_window_handle
    browser.switch_to.new_window("window")
    second = browser.current_window_handle
    try:
        yield {"owner": Person(browser, base_url, owner, first),
               "friend": Person(browser, other_origin(base_url), friend, second),
               "stranger": stranger, "state": {}}
    finally:
        for acct in (owner, friend, stranger):
            delete_account(base_url, acct)


@pytest.fixture
def owner(people):
    return people["owner"]


@pytest.fixture
def friend(people):
    return people["friend"]


def signed_in(person, acct=None, route="/kinnect/feed"):
    """The person's window, signed in as `acct` (default: their own account), showing `route`."""
    acct = acct or person.acct
    ui = person.ui()
    ui.open("/")
    ui.wait.until(lambda d: ui.all("header-name") or ui.all("home-signin"))
    if ui.all("header-name") and ui.find("header-name").text.strip() != acct["displayName"]:
        ui.click("nav-signout")
        ui.visible("home-signin")
    if not ui.all("header-name"):
        ui.sign_in(acct["email"], acct["password"])
        ui.text_is("header-name", acct["displayName"])
    ui.open(route)
    ui.find("kinnect-tab-feed")
    return ui


def press(ui, testid, within=None):
    """Click after centring the element (the sticky header or bottom tab bar may cover edges)."""
    el = within.find_element(*ui.sel(testid)) if within is not None else ui.visible(testid)
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    ui.wait.until(lambda d: el.is_displayed() and el.is_enabled())
    el.click()
    return el


def click(ui, el):
    """Click an element found some other way, centred first like press()."""
    ui.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    ui.wait.until(lambda d: el.is_displayed() and el.is_enabled())
    el.click()


def accept_confirm(ui):
    WebDriverWait(ui.driver, 10).until(EC.alert_is_present()).accept()


def article(ui, post_id):
    """The feed's (or post page's) <article> of one post, once it is there."""
    sel = f'[data-testid="kinnect-post"][data-id="{post_id}"]'
    return ui.wait.until(lambda d: (found := d.find_elements(By.CSS_SELECTOR, sel)) and found[0])


def inside(el, testid):
    return el.find_element(By.CSS_SELECTOR, f'[data-testid="{testid}"]')


def like_count(el):
    return int(inside(el, "kinnect-like-count").get_attribute("data-count"))


def shows(ui, el, testid, text):
    """Waits until el's testid element reads text; the count is redrawn when the server answers,
    so an element found a moment ago may be gone by the time it is read."""
    def reads(_):
        try:
            return inside(el, testid).text == text
        except StaleElementReferenceException:
            return False
    ui.wait.until(reads)


def jpeg_bytes(width, height, rgb):
    from PIL import Image
    buf = io.BytesIO()
    Image.new("RGB", (width, height), rgb).save(buf, "JPEG")
    return buf.getvalue()


def post_via_api(person, caption, sizes=((1080, 720),)):
    """A post of solid-colour photos, each uploaded as the two renditions the web client makes."""
    media = []
    for i, (w, h) in enumerate(sizes):
        colour = (40 + 60 * i, 120, 200 - 40 * i)
        status, display = person.api.upload("/media", jpeg_bytes(w, h, colour))
        assert status == 201, display
        status, thumb = person.api.upload("/media", jpeg_bytes(400, round(h * 400 / w), colour))
        assert status == 201, thumb
        media.append({"display": display["id"], "thumbnail": thumb["id"]})
    status, post = person.api.call("POST", "/kinnect/posts", {"caption": caption, "media": media})
    assert status == 201, post
    return post


@pytest.fixture
def follows(people):
    """The friend follows the owner (test 1 does it through the UI; this covers running alone)."""
    owner, friend = people["owner"], people["friend"]
    status, profile = friend.api.call("GET", f"/kinnect/profiles/{owner.acct['username']}")
    assert status == 200, profile
    if profile["following"] != "following":
        friend.api.call("POST", "/kinnect/follows", {"username": owner.acct["username"]})
        status, body = owner.api.call("POST", f"/kinnect/follow-requests/{friend.acct['username']}/confirm")
        assert status == 200, body


@pytest.fixture
def shared_post(people, follows):
    """The owner's two-photo post from test 2, or one made now through the API."""
    state = people["state"]
    if "post" not in state:
        state["post"] = post_via_api(people["owner"], "Two photos from the API", ((1080, 720), (1080, 1350)))["id"]
    return state["post"]


# ---- (1) follow request -> confirmed from Activity -> the follower's feed ---------------------------

def test_follow_request_confirmed_from_activity_shows_posts_in_feed(people, owner, friend):
    first_post = post_via_api(owner, "Hello from Ada")
    ui_o = signed_in(owner)
    ui_o.open("/kinnect/feed")
    article(ui_o, first_post["id"])
    ui_o.wait.until(lambda d: ui_o.find("kinnect-activity-badge").get_attribute("hidden") is not None)

    # The friend finds the owner in Search and asks to follow.
    ui_f = signed_in(friend)
    ui_f.open("/kinnect/search")
    ui_f.fill("kinnect-search-input", owner.acct["username"])
    row = ui_f.wait.until(lambda d: next((r for r in ui_f.all("kinnect-search-result")
                                          if r.get_attribute("data-username") == owner.acct["username"]), None))
    button = inside(row, "kinnect-follow")
    assert button.text == "Follow" and button.get_attribute("data-state") == "none"
    click(ui_f, button)
    ui_f.wait.until(lambda d: button.get_attribute("data-state") == "requested" and button.text == "Requested")
    # Until the owner confirms, the owner's profile is the private screen.
    ui_f.open(f"/kinnect/u/{owner.acct['username']}")
    ui_f.visible("kinnect-private")
    ui_f.text_is("kinnect-follow", "Requested")

    # The owner's Activity tab shows a badge, live; the request is answered right in the list.
    ui_o = owner.ui()
    ui_o.wait.until(lambda d: ui_o.find("kinnect-activity-badge").get_attribute("data-count") == "1")
    assert ui_o.find("kinnect-activity-badge").is_displayed()
    press(ui_o, "kinnect-tab-activity")
    item = ui_o.wait.until(lambda d: next((i for i in ui_o.all("kinnect-activity")
                                           if i.get_attribute("data-kind") == "followRequested"), None))
    assert item.get_attribute("data-unread") == "true"
    assert f"{friend.acct['username']} asked to follow you" in item.text
    # Seen: the badge clears (marked read through the newest item).
    ui_o.wait.until(lambda d: ui_o.find("kinnect-activity-badge").get_attribute("hidden") is not None)
    click(ui_o, inside(item, "kinnect-request-confirm"))
    ui_o.wait.until(lambda d: "follows you now" in ui_o.find("kinnect-activity-status").text)
    # The list now says they follow me (the request item became "started following you").
    ui_o.wait.until(lambda d: any(i.get_attribute("data-kind") == "followed" for i in ui_o.all("kinnect-activity")))

    # The friend's feed now has the owner's post.
    ui_f = friend.ui()
    press(ui_f, "kinnect-tab-feed")
    post = article(ui_f, first_post["id"])
    assert "Hello from Ada" in inside(post, "kinnect-caption").text
    status, profile = friend.api.call("GET", f"/kinnect/profiles/{owner.acct['username']}")
    assert status == 200 and profile["following"] == "following" and profile["canSeePosts"], profile


# ---- (2) a two-photo post through the composer; the follower sees "New posts" live -----------------

@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    from PIL import Image
    folder = tmp_path_factory.mktemp("kinnect-photos")
    jpeg = make_jpeg(folder / "camera.jpg", 3000, 2000)  # about 4 MB, a phone camera's photo
    png = folder / "screenshot.png"  # noise barely compresses: a few MB of real PNG
    Image.merge("RGB", [Image.effect_noise((1200, 1600), 50) for _ in range(3)]).save(png, "PNG")
    return [jpeg, str(png)]


def test_two_photo_post_appears_live_for_a_follower(people, owner, friend, follows, photos):
    assert all(os.path.getsize(p) > 2_000_000 for p in photos)
    # The friend is already looking at their feed, connected for live updates.
    ui_f = signed_in(friend)
    ui_f.open("/kinnect/feed")
    ui_f.find("kinnect-feed")
    ui_f.wait.until(lambda d: ui_f.find("realtime-status").get_attribute("data-state") == "open")
    assert not ui_f.find("kinnect-new-posts").is_displayed()

    # The owner picks both photos, orders them, captions and shares.
    ui_o = signed_in(owner)
    press(ui_o, "kinnect-tab-new")
    ui_o.find("kinnect-compose-input").send_keys("\n".join(photos))
    WebDriverWait(ui_o.driver, UPLOAD_SECONDS).until(
        lambda d: [i.get_attribute("data-state") for i in ui_o.all("kinnect-compose-item")] == ["done", "done"],
        "the two photos never finished uploading")
    ui_o.text_is("kinnect-compose-status", "All 2 are ready to share.")
    # The PNG (second) goes first: moved earlier with the keyboard-usable button.
    second = ui_o.all("kinnect-compose-item")[1]
    click(ui_o, inside(second, "kinnect-item-earlier"))
    ui_o.wait.until(lambda d: ui_o.all("kinnect-compose-item")[0].get_attribute("aria-label") == "Photo 1 of 2"
                    and ui_o.all("kinnect-compose-item")[0] == second)
    ui_o.fill("kinnect-compose-caption", "Two photos from the lake")
    ui_o.text_is("kinnect-compose-caption-counter", "24 / 2,200")
    press(ui_o, "kinnect-compose-share")
    ui_o.text_is("kinnect-posted", "Your post is shared.")
    status, feed = owner.api.call("GET", "/kinnect/feed?limit=1")
    post = feed["items"][0]
    assert post["caption"] == "Two photos from the lake" and len(post["media"]) == 2
    # Renditions made in the browser: display at most 1080 wide, thumbnail at most 400, same shape.
    portrait, landscape = post["media"]
    assert (portrait["display"]["width"], portrait["display"]["height"]) == (1080, 1440)
    assert (portrait["thumbnail"]["width"], portrait["thumbnail"]["height"]) == (400, 533)
    assert (landscape["display"]["width"], landscape["display"]["height"]) == (1080, 720)
    assert all(m["display"]["kind"] == "jpeg" for m in post["media"])
    people["state"]["post"] = post["id"]

    # The friend sees the banner without reloading, and tapping it shows the post at the top.
    ui_f = friend.ui()
    banner = ui_f.visible("kinnect-new-posts")
    assert "New posts" in banner.text and owner.acct["displayName"] in banner.text
    click(ui_f, banner)
    ui_f.wait.until(lambda d: not ui_f.find("kinnect-new-posts").is_displayed())
    first = ui_f.wait.until(lambda d: ui_f.all("kinnect-post")[0])
    assert first.get_attribute("data-id") == post["id"]
    carousel = inside(first, "kinnect-carousel")
    assert carousel.get_attribute("data-count") == "2"
    assert len(carousel.find_elements(By.CSS_SELECTOR, ".kinnect-dot")) == 2
    # Both photos load (the second ahead of being swiped to), at the display width made in the browser.
    ui_f.wait.until(lambda d: d.execute_script(
        "return [...arguments[0].querySelectorAll('img')].every(i => i.complete && i.naturalWidth === 1080)", carousel))
    # Arrows on a desktop, and the arrow keys, step through it.
    click(ui_f, inside(carousel, "kinnect-next"))
    ui_f.wait.until(lambda d: carousel.get_attribute("data-index") == "1")
    assert not inside(carousel, "kinnect-next").is_displayed()
    inside(carousel, "kinnect-track").send_keys(Keys.ARROW_LEFT)
    ui_f.wait.until(lambda d: carousel.get_attribute("data-index") == "0")


# ---- (3) double-tap likes, and never unlikes ----------------------------------------------------

def test_double_tap_likes_and_a_second_double_tap_keeps_it(people, owner, friend, shared_post):
    ui_f = signed_in(friend)
    ui_f.open("/kinnect/feed")
    post = article(ui_f, shared_post)
    assert like_count(post) == 0
    like = inside(post, "kinnect-like")
    assert like.get_attribute("aria-pressed") == "false"
    track = inside(post, "kinnect-track")
    ui_f.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", track)
    ActionChains(ui_f.driver).double_click(track).perform()
    ui_f.wait.until(lambda d: "kinnect-burst-on" in post.find_element(By.CSS_SELECTOR, ".kinnect-burst").get_attribute("class"))
    ui_f.wait.until(lambda d: like_count(post) == 1 and like.get_attribute("aria-pressed") == "true")
    shows(ui_f, post, "kinnect-like-count", "1 like")

    # Again, once the first heart has faded: the heart pops again and the like stays (a like that
    # is already there sends nothing, so once the heart shows there is nothing left to wait for).
    burst = post.find_element(By.CSS_SELECTOR, ".kinnect-burst")
    ui_f.wait.until(lambda d: "kinnect-burst-on" not in burst.get_attribute("class"))
    ActionChains(ui_f.driver).double_click(track).perform()
    ui_f.wait.until(lambda d: "kinnect-burst-on" in burst.get_attribute("class"))
    assert like_count(post) == 1 and like.get_attribute("aria-pressed") == "true"
    status, body = friend.api.call("GET", f"/kinnect/posts/{shared_post}")
    assert status == 200 and body["liked"] and body["likeCount"] == 1, body

    # The like count opens who liked it.
    click(ui_f, inside(post, "kinnect-like-count"))
    ui_f.wait.until(lambda d: [r.get_attribute("data-username") for r in ui_f.all("kinnect-liker")] == [friend.acct["username"]])
    press(ui_f, "kinnect-likes-close")
    ui_f.wait.until(lambda d: not ui_f.all("kinnect-likes"))

    # The bookmark keeps it in my private Saved list, reached from my profile.
    save = inside(post, "kinnect-save")
    click(ui_f, save)
    ui_f.wait.until(lambda d: save.get_attribute("aria-pressed") == "true"
                    and "Saved" in inside(post, "kinnect-post-status").text)
    press(ui_f, "kinnect-tab-profile")
    press(ui_f, "kinnect-saved-link")
    ui_f.wait.until(lambda d: [t.get_attribute("data-id") for t in ui_f.all("kinnect-tile")] == [shared_post])


# ---- (4) comments and a reply in the comments sheet ----------------------------------------------

def test_comment_and_reply_in_the_sheet(people, owner, friend, shared_post):
    ui_f = signed_in(friend)
    ui_f.open("/kinnect/feed")
    post = article(ui_f, shared_post)
    click(ui_f, inside(post, "kinnect-comment-button"))
    sheet = ui_f.visible("kinnect-comments")
    ui_f.wait.until(lambda d: ui_f.find("kinnect-comments-list").get_attribute("aria-busy") == "false")
    ui_f.visible("kinnect-comments-empty")

    ui_f.fill("kinnect-comment-input", "What a lake!")
    press(ui_f, "kinnect-comment-send")
    comment = ui_f.wait.until(lambda d: next((c for c in ui_f.all("kinnect-comment")
                                              if "What a lake!" in c.text and not c.get_attribute("data-id").startswith("pending")), None))
    assert ui_f.find("kinnect-comment-input").get_attribute("value") == ""

    click(ui_f, inside(comment, "kinnect-comment-reply"))
    ui_f.text_is("kinnect-replying", f"Replying to {friend.acct['username']}")
    ui_f.find("kinnect-comment-input").send_keys("And the light!")
    ui_f.find("kinnect-comment-input").send_keys(Keys.ENTER)  # Enter sends
    reply = ui_f.wait.until(lambda d: next((r for r in comment.find_elements(By.CSS_SELECTOR, '[data-testid="kinnect-reply"]')
                                            if "And the light!" in r.text and not r.get_attribute("data-id").startswith("pending")), None))
    assert reply
    press(ui_f, "kinnect-comments-close")
    ui_f.wait.until(lambda d: not ui_f.all("kinnect-comments"))
    ui_f.wait.until(lambda d: inside(post, "kinnect-view-comments").text == "View all 2 comments")

    # The server has both, the reply under the comment.
    status, page = owner.api.call("GET", f"/kinnect/posts/{shared_post}/comments")
    assert [c["text"] for c in page["items"]] == ["What a lake!"] and page["items"][0]["replyCount"] == 1, page
    status, replies = owner.api.call("GET", f"/kinnect/comments/{page['items'][0]['id']}/replies")
    assert [r["text"] for r in replies["items"]] == ["And the light!"], replies

    # The owner opens the comments on another device: "View 1 reply" loads it.
    ui_o = signed_in(owner)
    ui_o.open(f"/kinnect/p/{shared_post}?comments=1")
    ui_o.visible("kinnect-comments")
    ui_o.text_is("kinnect-view-replies", "View 1 reply")
    press(ui_o, "kinnect-view-replies")
    ui_o.wait.until(lambda d: any("And the light!" in r.text for r in ui_o.all("kinnect-reply")))
    assert not ui_o.find("kinnect-view-replies").is_displayed()
    press(ui_o, "kinnect-comments-close")


# ---- a like and a comment that the server never answers: shown at once, then taken back -----------

def test_a_failed_like_and_comment_roll_back_with_a_message(people, friend, shared_post):
    ui_f = signed_in(friend)
    ui_f.set_timeouts(requestMs=2000)  # give up on an unanswered request after 2 s instead of 30
    try:
        ui_f.driver.refresh()
        post = article(ui_f, shared_post)
        heart = inside(post, "kinnect-like")
        was_liked, count = heart.get_attribute("aria-pressed") == "true", like_count(post)
        ui_f.stall_requests("*/api/v1/kinnect/posts/*/like")
        click(ui_f, heart)
        # At once: the heart and the count change...
        ui_f.wait.until(lambda d: heart.get_attribute("aria-pressed") == str(not was_liked).lower()
                        and like_count(post) == count + (-1 if was_liked else 1))
        # ...and when no answer comes, they go back, with a message by the post.
        ui_f.wait.until(lambda d: heart.get_attribute("aria-pressed") == str(was_liked).lower() and like_count(post) == count)
        assert "didn’t work" in inside(post, "kinnect-post-error").text
        ui_f.release_requests()

        click(ui_f, inside(post, "kinnect-comment-button"))
        ui_f.wait.until(lambda d: ui_f.find("kinnect-comments-list").get_attribute("aria-busy") == "false")
        shown = len(ui_f.all("kinnect-comment"))
        ui_f.stall_requests("*/api/v1/kinnect/posts/*/comments")
        ui_f.fill("kinnect-comment-input", "This one won't make it")
        press(ui_f, "kinnect-comment-send")
        ui_f.wait.until(lambda d: any("kinnect-pending" in c.get_attribute("class") for c in ui_f.all("kinnect-comment")))
        # Taken back, the words returned to the box, and why.
        ui_f.wait.until(lambda d: len(ui_f.all("kinnect-comment")) == shown)
        assert ui_f.find("kinnect-comment-input").get_attribute("value") == "This one won't make it"
        assert ui_f.has_text("kinnect-comment-error")
        ui_f.release_requests()
        press(ui_f, "kinnect-comments-close")
    finally:
        ui_f.release_requests()
        ui_f.driver.execute_script("localStorage.removeItem('kindred.timeout.requestMs')")


# ---- (5) a stranger sees the private-account screen -----------------------------------------------

def test_a_stranger_sees_the_private_account_screen(people, owner, friend, shared_post):
    stranger = people["stranger"]
    ui_s = signed_in(friend, stranger)  # the friend's window, now someone else's
    ui_s.open(f"/kinnect/u/{owner.acct['username']}")
    private = ui_s.visible("kinnect-private")
    assert "This account is private" in private.text
    assert "Follow to see their photos and videos." in private.text
    ui_s.text_is("kinnect-profile-name", owner.acct["displayName"])
    ui_s.text_is("kinnect-follow", "Follow")
    assert not ui_s.all("kinnect-tile") and not ui_s.all("kinnect-grid")
    assert ui_s.find("kinnect-count-followers").tag_name != "a"  # their lists are private too
    status, _ = stranger["api"].call("GET", f"/kinnect/profiles/{owner.acct['username']}/posts")
    assert status == 404
    # Their feed has nothing of the owner's.
    press(ui_s, "kinnect-tab-feed")
    ui_s.visible("kinnect-feed-empty")
    assert not ui_s.all("kinnect-post")


# ---- (6) the author edits the caption --------------------------------------------------------------

def test_author_edits_the_caption(people, owner, shared_post):
    ui_o = signed_in(owner)
    ui_o.open("/kinnect/feed")
    post = article(ui_o, shared_post)
    assert not post.find_elements(By.CSS_SELECTOR, '[data-testid="kinnect-edited"]')
    press(ui_o, "kinnect-post-menu-button", within=post)
    press(ui_o, "kinnect-menu-edit")
    field = ui_o.visible("kinnect-caption-input")
    ui_o.wait.until(lambda d: d.switch_to.active_element == field)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("The lake at dawn\nwith everyone")
    ui_o.text_is("kinnect-caption-input-counter", "30 / 2,200")
    press(ui_o, "kinnect-caption-save")
    ui_o.wait.until(lambda d: not ui_o.all("kinnect-caption-editor"))
    ui_o.wait.until(lambda d: inside(post, "kinnect-caption-text").text == "The lake at dawn\nwith everyone")
    assert inside(post, "kinnect-edited").text == "Edited"
    assert "Caption saved" in inside(post, "kinnect-post-status").text
    status, body = owner.api.call("GET", f"/kinnect/posts/{shared_post}")
    assert body["caption"] == "The lake at dawn\nwith everyone" and body.get("editedAt"), body


# ---- (7) the author deletes a post -----------------------------------------------------------------

def test_author_deletes_a_post(people, owner):
    doomed = post_via_api(owner, "A blurry one")
    ui_o = signed_in(owner)
    ui_o.open("/kinnect/feed")
    post = article(ui_o, doomed["id"])
    press(ui_o, "kinnect-post-menu-button", within=post)
    press(ui_o, "kinnect-menu-delete")
    accept_confirm(ui_o)
    ui_o.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-testid="kinnect-post"][data-id="{doomed["id"]}"]'))
    status, _ = owner.api.call("GET", f"/kinnect/posts/{doomed['id']}")
    assert status == 404


# ---- a post's photo becomes the profile photo, and stays when the post goes ---------------------------

def test_the_photo_on_screen_becomes_the_profile_photo_and_outlives_its_post(people, owner):
    made = post_via_api(owner, "Two of me", sizes=((1080, 720), (720, 1080)))
    second = made["media"][1]["display"]["id"]
    ui_o = signed_in(owner)
    ui_o.open("/kinnect/feed")
    post = article(ui_o, made["id"])
    press(ui_o, "kinnect-next", within=post)
    ui_o.wait.until(lambda d: inside(post, "kinnect-carousel").get_attribute("data-index") == "1")
    press(ui_o, "kinnect-post-menu-button", within=post)
    press(ui_o, "kinnect-menu-avatar")
    ui_o.wait.until(lambda d: "your profile photo now" in inside(post, "kinnect-post-status").text)
    status, me = owner.api.call("GET", "/me")
    avatar = me["profile"]["avatar"]
    # The second photo, as its own copy (the post's file stays the post's).
    assert avatar["id"] != second and (avatar["width"], avatar["height"]) == (720, 1080), avatar
    header_img = lambda d: d.find_elements(By.CSS_SELECTOR, ".who-avatar img")
    # The header shows it at once (its URL names the copy's file).
    ui_o.wait.until(lambda d: header_img(d) and avatar["id"].lower() in header_img(d)[0].get_attribute("src"))

    press(ui_o, "kinnect-post-menu-button", within=post)
    press(ui_o, "kinnect-menu-delete")
    accept_confirm(ui_o)
    ui_o.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-testid="kinnect-post"][data-id="{made["id"]}"]'))
    status, me = owner.api.call("GET", "/me")
    assert me["profile"]["avatar"]["id"] == avatar["id"]
    ui_o.driver.refresh()
    ui_o.wait.until(lambda d: header_img(d) and d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", header_img(d)[0]) > 0)


# ---- an upload that stalls fails with Retry, and Retry finishes it; the draft is kept -----------------

def test_a_stalled_upload_fails_with_retry_and_keeps_the_draft(people, owner, photos):
    ui_o = signed_in(owner, route="/kinnect/new")
    ui_o.set_timeouts(uploadIdleMs=2000)  # "no progress for 2 s" instead of 30
    try:
        ui_o.driver.refresh()
        ui_o.stall_requests("*/api/v1/media")
        ui_o.find("kinnect-compose-input").send_keys(photos[0])
        ui_o.fill("kinnect-compose-caption", "Kept through a failure")
        item = ui_o.wait.until(lambda d: (found := ui_o.all("kinnect-compose-item")) and found[0].get_attribute("data-state") == "error" and found[0])
        assert "stopped making progress" in inside(item, "kinnect-item-error").text
        press(ui_o, "kinnect-compose-share")
        assert "Retry or remove" in ui_o.has_text("kinnect-compose-error")
        ui_o.release_requests()
        click(ui_o, inside(item, "kinnect-item-retry"))
        WebDriverWait(ui_o.driver, UPLOAD_SECONDS).until(lambda d: item.get_attribute("data-state") == "done")
        assert not inside(item, "kinnect-item-error").text
        assert ui_o.find("kinnect-compose-caption").get_attribute("value") == "Kept through a failure"
        # Discarded on purpose: removing the photo and the caption leaves nothing to ask about.
        click(ui_o, inside(item, "kinnect-item-remove"))
        ui_o.find("kinnect-compose-caption").clear()
        ui_o.wait.until(lambda d: not ui_o.all("kinnect-compose-item"))
    finally:
        ui_o.release_requests()
        ui_o.driver.execute_script("localStorage.removeItem('kindred.timeout.uploadIdleMs')")


# ---- a video: checked for length before upload, posted with a poster made in the browser -------------

@pytest.fixture(scope="module")
def videos(tmp_path_factory):
    ffmpeg = shutil.which("ffmpeg")
    # scripts/test installs ffmpeg from Debian; without it this test fails rather than skips.
    assert ffmpeg, "ffmpeg is needed to make the test videos (apt-get install ffmpeg)"
    folder = tmp_path_factory.mktemp("kinnect-videos")

    def make(name, seconds, size):
        path = folder / name
        subprocess.run([ffmpeg, "-v", "error", "-f", "lavfi", "-i", f"testsrc=size={size}:rate=10", "-t", str(seconds),
                        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", str(path)], check=True, timeout=60)
        return str(path)
    return {"clip": make("clip.mp4", 2, "640x360"), "long": make("long.mp4", 61, "160x90")}


def test_a_video_post_with_its_poster_and_an_early_length_check(people, owner, videos):
    ui_o = signed_in(owner, route="/kinnect/new")
    ui_o.find("kinnect-compose-input").send_keys(f"{videos['long']}\n{videos['clip']}")
    # The 61 s video is refused before any upload, with nothing to retry; the clip uploads.
    WebDriverWait(ui_o.driver, UPLOAD_SECONDS).until(
        lambda d: [i.get_attribute("data-state") for i in ui_o.all("kinnect-compose-item")] == ["error", "done"])
    too_long = ui_o.all("kinnect-compose-item")[0]
    assert "up to 60 seconds" in inside(too_long, "kinnect-item-error").text
    assert not inside(too_long, "kinnect-item-retry").is_displayed()
    press(ui_o, "kinnect-compose-share")
    assert "Retry or remove" in ui_o.has_text("kinnect-compose-error")
    click(ui_o, inside(too_long, "kinnect-item-remove"))
    ui_o.wait.until(lambda d: len(ui_o.all("kinnect-compose-item")) == 1)
    press(ui_o, "kinnect-compose-share")
    ui_o.text_is("kinnect-posted", "Your post is shared.")

    status, feed = owner.api.call("GET", "/kinnect/feed?limit=1")
    post = feed["items"][0]
    video, poster = post["media"][0]["display"], post["media"][0]["thumbnail"]
    assert video["kind"] == "mp4" and 1.5 < video["durationSeconds"] < 2.5, video
    assert poster["kind"] == "jpeg" and (poster["width"], poster["height"]) == (640, 360), poster
    # In the feed: a <video> with controls, inline, its poster, and metadata only until played.
    el = inside(article(ui_o, post["id"]), "kinnect-video")
    assert el.get_attribute("controls") is not None and el.get_attribute("playsinline") is not None
    assert el.get_attribute("preload") == "metadata" and "/media-files/" in el.get_attribute("poster")
    ui_o.wait.until(lambda d: d.execute_script("return arguments[0].readyState >= 1 && arguments[0].videoWidth", el) == 640)
    # On the profile grid, the tile carries the play glyph.
    press(ui_o, "kinnect-tab-profile")
    tile = ui_o.wait.until(lambda d: next((t for t in ui_o.all("kinnect-tile") if t.get_attribute("data-id") == post["id"]), None))
    assert tile.get_attribute("data-video") == "true" and inside(tile, "kinnect-tile-video")
    owner.api.call("DELETE", f"/kinnect/posts/{post['id']}")


# ---- a phone: the feed and the composer fit 375 x 667 (and 320) without sideways scrolling ----------

def as_phone(driver, width, height=667):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def as_desktop(driver):
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def fits(driver):
    view = driver.execute_script("return { width: innerWidth, scrollWidth: document.documentElement.scrollWidth,"
                                 " bodyWidth: document.body.scrollWidth }")
    assert view["scrollWidth"] <= view["width"] and view["bodyWidth"] <= view["width"], view
    return view


def rect(driver, el):
    return driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", el)


def tap(driver, x, y):
    for kind, points in (("touchStart", [{"x": x, "y": y, "id": 1}]), ("touchEnd", [])):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_phone_feed_and_composer_fit_without_sideways_scrolling(people, owner, shared_post, photos):
    ui_o = signed_in(owner)
    driver = ui_o.driver
    as_phone(driver, 375)
    try:
        ui_o.open("/kinnect/feed")
        post = article(ui_o, shared_post)
        fits(driver)
        # The tab bar sits at the bottom of the screen; the post's photo spans it edge to edge.
        bar = driver.find_element(By.CSS_SELECTOR, "main > nav.app-tabs")
        assert round(rect(driver, bar)["bottom"]) == driver.execute_script("return innerHeight")
        carousel = inside(post, "kinnect-carousel")
        box = rect(driver, carousel)
        assert round(box["width"]) == 375 and round(box["left"]) == 0, box
        # A finger's double-tap likes (the owner's own post, not liked by them yet).
        driver.execute_script("window.scrollTo(0, arguments[0].getBoundingClientRect().top + scrollY - 120)", carousel)
        before = like_count(post)
        box = rect(driver, carousel)
        x, y = round(box["left"] + box["width"] / 2), round(box["top"] + min(box["height"], 200) / 2)
        tap(driver, x, y)
        tap(driver, x, y)
        ui_o.wait.until(lambda d: like_count(post) == before + 1)
        assert inside(post, "kinnect-like").get_attribute("aria-pressed") == "true"

        # The composer with a photo in it, at 375 and at 320 px.
        press(ui_o, "kinnect-tab-new")
        ui_o.find("kinnect-compose-input").send_keys(photos[0])
        WebDriverWait(driver, UPLOAD_SECONDS).until(
            lambda d: [i.get_attribute("data-state") for i in ui_o.all("kinnect-compose-item")] == ["done"])
        ui_o.fill("kinnect-compose-caption", "A caption long enough to wrap onto a few lines on a small phone screen")
        fits(driver)
        share = ui_o.find("kinnect-compose-share")
        assert rect(driver, share)["right"] <= 375
        as_phone(driver, 320, 568)
        fits(driver)
        assert rect(driver, ui_o.find("kinnect-compose-share"))["right"] <= 320
        # Leave no draft behind: remove the photo, then the page may be left without asking.
        press(ui_o, "kinnect-item-remove")
        ui_o.wait.until(lambda d: not ui_o.all("kinnect-compose-item"))
        ui_o.find("kinnect-compose-caption").clear()
        press(ui_o, "kinnect-tab-feed")
        article(ui_o, shared_post)
        fits(driver)
    finally:
        as_desktop(driver)
