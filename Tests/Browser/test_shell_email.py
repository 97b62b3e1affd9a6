"""E-mail in the web shell: proving the address from the Account page, a forgotten password reset
through the link in the mail, and moving the account to another address. The mail is the real
thing the server wrote (mail_ui.py reads its .eml files), and each link is opened in the browser
as someone would from their inbox."""
import time

from kindred_ui import Api, create_account, delete_account, unique_account
from mail_ui import CHANGED_SUBJECT, RESET_SUBJECT, VERIFY_SUBJECT, mail_names, messages, token_of, wait_for_mail
from test_shell_phone import OVERFLOWING

SENT = "If an account uses that address, we sent it a link. It works for an hour."
RESET_DONE = "Password changed. Every device was signed out."
NEW_PASSWORD = "battery-staple-42"


def sign_in(ui, account):
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])


def signed_in(base_url, account):
    api = Api(base_url)
    api.sign_in(account["email"], account["password"])
    return api


def me(account):
    status, body = account["api"].call("GET", "/me")
    assert status == 200, body
    return body


def test_verify_the_address_from_the_account_page(ui, driver, account, base_url):
    sign_in(ui, account)
    ui.click("nav-account")
    ui.text_is("account-email", account["email"])
    ui.text_is("account-email-state", "Not verified")

    seen = mail_names()
    ui.click("account-email-send")
    ui.text_is("account-email-status", f"Sent — check {account['email']}.")
    mail = wait_for_mail(account["email"], VERIFY_SUBJECT, seen)
    assert mail.link and mail.link.startswith(f"{base_url}/#/verify-email?token="), mail.text

    # Opening the link proves the address; the account page says so without a reload.
    driver.get(mail.link)
    ui.text_is("verify-done", f"Your address {account['email']} is verified.")
    assert me(account)["emailVerified"] is True
    ui.click("verify-continue")
    ui.text_is("account-email-state", "Verified")
    assert not ui.find("account-email-send").is_displayed()
    driver.refresh()  # and the server says the same to a fresh page
    ui.text_is("account-email-state", "Verified")

    # A link works once.
    driver.get(mail.link)
    text = ui.has_text("verify-invalid")
    assert "already used" in text and "Account page" in text
    assert not ui.all("verify-done")


def test_reset_a_forgotten_password(ui, driver, account, base_url):
    old_password = account["password"]
    unknown = unique_account()["email"]

    # From the sign-in form, with the address already typed there.
    ui.open("/sign-in")
    ui.fill("signin-email", account["email"])
    ui.click("goto-forgot")
    ui.wait.until(lambda d: ui.find("forgot-email").get_attribute("value") == account["email"])
    seen = mail_names()
    ui.click("forgot-submit")
    ui.text_is("forgot-sent", SENT)

    # An address nobody has reads exactly the same.
    ui.click("forgot-again")
    ui.fill("forgot-email", unknown)
    ui.click("forgot-submit")
    ui.text_is("forgot-sent", SENT)

    mail = wait_for_mail(account["email"], RESET_SUBJECT, seen)
    assert mail.link and mail.link.startswith(f"{base_url}/#/reset-password?token="), mail.text
    time.sleep(1)  # the unknown address's request came second: give any mail to it time to land
    assert not messages(unknown, seen=seen)

    # Opened while signed in (with the old password) in this browser: that session ends too, and
    # the page stays to say so instead of jumping to "your session was revoked".
    sign_in(ui, account)
    driver.get(mail.link)
    ui.fill("reset-password", "short")
    ui.click("reset-submit")
    assert ui.has_text("error-password")
    ui.fill("reset-password", NEW_PASSWORD)
    ui.click("reset-submit")
    ui.text_is("reset-done", RESET_DONE)
    account["password"] = NEW_PASSWORD  # so the fixture can delete the account afterwards
    ui.wait.until(lambda d: not ui.all("header-name"))
    time.sleep(1)  # the realtime "session.revoked" must not move the page on
    assert "#/reset-password" in driver.current_url and not ui.all("flash")
    ui.text_is("reset-done", RESET_DONE)

    # Every session is gone: the API's, and this browser's (a reload doesn't bring it back).
    assert account["api"].call("GET", "/me")[0] == 401
    assert me({**account, "api": signed_in(base_url, account)})["emailVerified"] is True  # the link proved it
    driver.refresh()
    ui.visible("reset-password")
    assert not ui.all("header-name")

    # The link worked once.
    ui.fill("reset-password", "another-password-1")
    ui.click("reset-submit")
    assert "already used" in ui.has_text("reset-invalid")
    ui.click("reset-new-link")
    ui.visible("forgot-email")

    # The old password no longer signs in; the new one does.
    ui.sign_in(account["email"], old_password)
    assert ui.has_text("form-error")
    assert not ui.all("header-name")
    sign_in(ui, account)


def test_change_the_address(ui, driver, account, base_url):
    old = account["email"]
    new = unique_account()["email"]
    # Start from a proven address, to see the change make the new one unproven.
    seen = mail_names()
    assert account["api"].call("POST", "/me/email-verification")[0] == 202
    link = wait_for_mail(old, VERIFY_SUBJECT, seen).link
    assert Api(base_url).call("POST", "/auth/email-verification/confirm", {"token": token_of(link)}) == (200, {"email": old})

    sign_in(ui, account)
    ui.click("nav-account")
    ui.text_is("account-email-state", "Verified")

    # A wrong password is the password field's error, and this browser stays signed in.
    ui.fill("email-new", new)
    ui.fill("email-password", "not-the-password")
    ui.click("email-change-submit")
    assert ui.has_text("error-password")
    assert ui.find("email-password").get_attribute("aria-invalid") == "true"
    ui.text_is("header-name", account["displayName"])

    # Another account's address is the email field's error.
    other = create_account(base_url)
    try:
        ui.fill("email-new", other["email"])
        ui.fill("email-password", account["password"])
        ui.click("email-change-submit")
        assert ui.has_text("error-email")
        assert ui.find("email-new").get_attribute("aria-invalid") == "true"
    finally:
        delete_account(base_url, other)
    ui.text_is("account-email", old)

    seen = mail_names()
    ui.fill("email-new", new)
    ui.fill("email-password", account["password"])
    ui.click("email-change-submit")
    ui.text_is("account-email", new)
    account["email"] = new  # so the fixture can delete the account afterwards
    ui.text_is("account-email-state", "Not verified")
    assert new in ui.has_text("email-change-status")
    assert ui.find("account-email-send").is_displayed()

    # The old address is told; the new one gets a link to prove it.
    notice = wait_for_mail(old, CHANGED_SUBJECT, seen)
    assert new in notice.text
    verify = wait_for_mail(new, VERIFY_SUBJECT, seen)
    assert verify.link and "/#/verify-email?token=" in verify.link
    assert not messages(new, CHANGED_SUBJECT, seen)
    body = me(account)
    assert body["email"] == new and body["emailVerified"] is False

    # A reload shows what the server has.
    driver.refresh()
    ui.text_is("account-email", new)
    ui.text_is("account-email-state", "Not verified")


def fits(ui, where, width=375):
    d = ui.driver
    ui.wait.until(lambda _: d.execute_script("return document.readyState") == "complete")
    scroll = d.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"{where}: the page is {scroll} px wide: {d.execute_script(OVERFLOWING)}"


def test_email_pages_fit_a_phone(phone_ui, phone_driver, account):
    ui, driver = phone_ui, phone_driver
    # The account page's e-mail section, unproven, with a link just sent.
    sign_in(ui, account)
    ui.open("/account")
    ui.text_is("account-email-state", "Not verified")
    ui.click("account-email-send")
    ui.has_text("account-email-status")
    fits(ui, "account")
    ui.click("nav-signout")
    ui.visible("home-signin")

    ui.open("/forgot-password")
    ui.fill("forgot-email", account["email"])
    seen = mail_names()
    ui.click("forgot-submit")
    ui.text_is("forgot-sent", SENT)
    fits(ui, "forgot-sent")

    driver.get(wait_for_mail(account["email"], RESET_SUBJECT, seen).link)
    ui.fill("reset-password", "short")
    ui.click("reset-submit")
    assert ui.has_text("error-password")
    fits(ui, "reset-error")
    ui.fill("reset-password", NEW_PASSWORD)
    ui.click("reset-submit")
    ui.text_is("reset-done", RESET_DONE)
    account["password"] = NEW_PASSWORD
    fits(ui, "reset-done")

    driver.refresh()
    ui.visible("reset-password")
    ui.fill("reset-password", "another-password-1")
    ui.click("reset-submit")
    ui.visible("reset-invalid")
    fits(ui, "reset-invalid")
