"""Signing in and out, sessions and the account forms, as people met them in a real user test:
signing out while offline, telling devices apart, signing out every other device, an email
that is already taken, throttling messages, requests that never answer, and unsaved edits."""
import re

from selenium.webdriver.support.ui import WebDriverWait

from kindred_ui import Api, unique_account, wait_for_alert


def sign_in(ui, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])


def browser_session_ids(account):
    status, body = account["api"].call("GET", "/me/sessions")
    assert status == 200, body
    return {s["id"] for s in body["items"] if s["id"] != account["sessionId"]}


def test_sign_out_while_offline_finishes_when_back_online(ui, driver, account):
    sign_in(ui, account)
    [browser_session] = browser_session_ids(account)

    # Offline, signing out still signs out here, and says plainly that the server hasn't heard.
    ui.network(offline=True)
    ui.click("nav-signout")
    ui.visible("home-signin")
    note = ui.has_text("signout-pending").lower()
    assert "couldn’t be reached" in note or "couldn't be reached" in note
    assert not ui.all("header-name")
    assert browser_session in browser_session_ids(account)  # the server still has it, for now

    # Back online, a reload must not bring the session back through the refresh cookie: the
    # sign-out is finished first, and the session is gone on the server too.
    ui.online()
    driver.refresh()
    ui.visible("home-signin")
    assert not ui.all("header-name")
    WebDriverWait(driver, 15).until(lambda d: browser_session not in browser_session_ids(account))
    assert driver.execute_script("return localStorage.getItem('kindred.signOutPending')") is None

    # A second reload stays signed out, and signing in works again.
    driver.refresh()
    ui.visible("home-signin")
    assert not ui.all("header-name")
    sign_in(ui, account)


def test_sign_in_waits_for_a_pending_sign_out(ui, driver, account):
    sign_in(ui, account)
    [first] = browser_session_ids(account)
    ui.network(offline=True)
    ui.click("nav-signout")
    ui.find("signout-pending")

    # Still offline: signing in can't happen before the old session is ended.
    ui.open("/sign-in")
    ui.fill("signin-email", account["email"])
    ui.fill("signin-password", account["password"])
    ui.click("signin-submit")
    assert "sign-out" in ui.has_text("form-error").lower()
    assert not ui.all("header-name")

    # Online again, the same form first ends the old session, then signs in.
    ui.online()
    ui.click("signin-submit")
    ui.text_is("header-name", account["displayName"])
    sessions = browser_session_ids(account)
    assert first not in sessions and len(sessions) == 1


def test_sessions_name_the_device_and_sign_out_all_others(ui, driver, account, base_url):
    # Two more devices: the API session from the fixture, and another one.
    other = Api(base_url)
    other.sign_in(account["email"], account["password"], device="Tablet")
    sign_in(ui, account)

    ui.click("nav-sessions")
    ui.wait.until(lambda d: len(ui.all("session-row")) == 3)
    rows = ui.all("session-row")
    assert rows[0].get_attribute("data-current") == "true"  # this device first, and marked
    assert "This device" in rows[0].text
    # The browser named itself with browser and OS versions, not just "Chrome on Linux".
    label = rows[0].find_element("css selector", ".session-device").text.replace("This device", "").strip()
    assert re.search(r"(Chrome|Chromium|Headless Chrome) \d+ on \w+", label), label

    ui.click("sessions-revoke-others")
    alert = wait_for_alert(driver)
    assert "2 other devices" in alert.text
    alert.accept()
    ui.text_is("sessions-status", "Signed out 2 other devices.")
    ui.wait.until(lambda d: len(ui.all("session-row")) == 1)
    assert not ui.all("sessions-revoke-others") or not ui.find("sessions-revoke-others").is_displayed()

    # The others are really signed out; this browser is not.
    assert other.call("GET", "/me")[0] == 401
    assert account["api"].call("GET", "/me")[0] == 401
    driver.refresh()
    ui.text_is("header-name", account["displayName"])


def test_taken_email_links_to_sign_in_with_the_email_filled(ui, account):
    acct = {**unique_account(), "email": account["email"]}
    ui.sign_up(acct)
    link = ui.visible("signup-signin-instead")
    assert link.tag_name == "a" and link.text == "Sign in instead"
    link.click()
    ui.wait.until(lambda d: d.current_url.endswith("#/sign-in"))
    assert ui.find("signin-email").get_attribute("value") == account["email"]
    assert ui.driver.switch_to.active_element.get_attribute("data-testid") == "signin-password"
    ui.fill("signin-password", account["password"])
    ui.click("signin-submit")
    ui.text_is("header-name", account["displayName"])


def test_waits_read_as_people_say_them(ui, account):
    ui.open("/")
    said = ui.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('/js/errors.js').then((m) => done([896, 40, 75, 3600, 7200].map(m.formatWait)));
    """)
    assert said == ["about 15 minutes", "less than a minute", "about a minute", "about an hour", "about 2 hours"]

    # Too many wrong passwords: the message gives the wait in minutes, not "896 seconds".
    ui.open("/sign-in")
    message = ""
    for _ in range(12):
        ui.fill("signin-email", account["email"])
        ui.fill("signin-password", "wrong-password-1")
        ui.click("signin-submit")
        ui.wait.until(lambda d: ui.find("signin-submit").is_enabled() and ui.find("form-error").text.strip())
        message = ui.find("form-error").text
        if "Try again" in message:
            break
    assert re.search(r"Try again in (about \d+ minutes|about a minute|about an hour|less than a minute)", message), message
    assert "seconds" not in message


def test_a_request_that_never_answers_times_out(ui, account):
    ui.open("/")
    ui.set_timeouts(requestMs=2000)
    sign_in(ui, account)
    ui.click("nav-profile")
    ui.fill("profile-bio", "Written while the server hangs")

    # PATCH /me gets no answer: after the time limit the form says so and can be sent again.
    ui.stall_requests("*/api/v1/me")
    ui.click("profile-save")
    assert "took too long" in ui.has_text("form-error").lower()
    assert ui.find("profile-save").is_enabled()
    ui.release_requests()
    ui.click("profile-save")
    ui.text_is("profile-status", "Profile saved.")


def test_unsaved_profile_changes_ask_before_leaving(ui, driver, account):
    sign_in(ui, account)
    ui.click("nav-profile")
    ui.fill("profile-bio", "Not saved yet")

    # In the app: leaving asks; "stay" keeps the page and the text.
    ui.click("nav-sessions")
    alert = wait_for_alert(driver)
    assert "unsaved" in alert.text.lower()
    alert.dismiss()
    assert driver.current_url.endswith("#/profile")
    assert ui.find("profile-bio").get_attribute("value") == "Not saved yet"

    # Closing or reloading the tab: the page asks the browser to ask (beforeunload). ChromeDriver
    # answers the browser's own dialog by itself, so the test looks at the event instead.
    unload = "const e = new Event('beforeunload', { cancelable: true }); dispatchEvent(e); return e.defaultPrevented"
    assert driver.execute_script(unload) is True

    # Leaving anyway drops the edit; saving first means no question at all.
    ui.click("nav-sessions")
    wait_for_alert(driver).accept()
    ui.wait.until(lambda d: d.current_url.endswith("#/sessions"))
    ui.click("nav-profile")
    assert ui.find("profile-bio").get_attribute("value") == ""
    ui.fill("profile-bio", "Saved this time")
    ui.click("profile-save")
    ui.text_is("profile-status", "Profile saved.")
    assert driver.execute_script(unload) is False
    ui.click("nav-sessions")
    ui.wait.until(lambda d: d.current_url.endswith("#/sessions"))
