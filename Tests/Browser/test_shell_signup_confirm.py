"""Sign-up on a server that confirms addresses first (KINDRED_SIGNUP_CONFIRMS_EMAIL, as one that
sends real e-mail does): the page says to check the inbox, and says the very same for an address
that already has an account; signing in before the link says why; the link finishes it. A second
`kindred serve`, started here, runs that way (scripts/test exports KINDRED_BIN)."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from kindred_ui import UI, Api, unique_account
from mail_ui import CHANGED_SUBJECT, VERIFY_SUBJECT, mail_names, wait_for_mail

ROOT = Path(__file__).resolve().parents[2]
NOTICE_SUBJECT = "Someone tried to sign up with your address"


@pytest.fixture(scope="module")
def confirming_server():
    binary = os.environ.get("KINDRED_BIN", "").strip()
    if not binary:
        pytest.fail("KINDRED_BIN is not set: the built kindred, which this file starts a second time (scripts/test exports it).",
                    pytrace=False)
    folder = tempfile.mkdtemp(prefix="kindred-confirming-")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "KINDRED_DATA_DIR": folder, "KINDRED_PORT": str(port), "KINDRED_BCRYPT_COST": "4",
           "KINDRED_SIGNUP_CONFIRMS_EMAIL": "true", "KINDRED_PUBLIC_DIR": str(ROOT / "Public"), "KINDRED_RUN_JOBS": "false",
           "KINDRED_MAIL_DIR": os.path.join(folder, "mail")}
    log = open(os.path.join(folder, "serve.log"), "wb")
    process = subprocess.Popen([binary, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/api/v1/health", timeout=2)
            break
        except OSError:
            time.sleep(0.2)
    else:
        process.terminate()
        pytest.fail("the confirming kindred serve did not start: " + open(os.path.join(folder, "serve.log")).read()[-2000:])
    yield {"base": base, "mail": os.path.join(folder, "mail")}
    process.terminate()
    process.wait(timeout=15)
    log.close()
    shutil.rmtree(folder, ignore_errors=True)


def sign_up(ui, acct):
    """Signs up through the page; gives what it says instead of signing in."""
    ui.sign_up(acct)
    return ui.has_text("signup-check-email")


def finish_with_the_link(ui, driver, link, acct):
    """Opens a sign-up's link, gives it the account's password, and signs in from there."""
    driver.get(link)
    ui.fill("verify-password", acct["password"])
    ui.click("verify-password-submit")
    assert "is verified" in ui.has_text("verify-done")
    ui.click("verify-continue")
    ui.fill("signin-email", acct["email"])
    ui.fill("signin-password", acct["password"])
    ui.click("signin-submit")
    ui.text_is("header-name", acct["displayName"])


def test_sign_up_waits_for_the_link_and_a_taken_address_reads_the_same(driver, confirming_server, monkeypatch):
    monkeypatch.setenv("KINDRED_MAIL_DIR", confirming_server["mail"])
    ui = UI(driver, confirming_server["base"])
    acct = unique_account()
    seen = mail_names()

    # A new address: check your inbox, nobody signed in.
    shown = sign_up(ui, acct)
    assert acct["email"] in shown and "Check your inbox" in shown
    assert not ui.all("nav-signout")

    # Signing in before the link says why.
    ui.sign_in(acct["email"], acct["password"])
    assert "Confirm your e-mail address first" in ui.has_text("form-error")

    # The link asks for the password, which it sets; then signing in works.
    mail = wait_for_mail(acct["email"], VERIFY_SUBJECT, seen)
    driver.get(mail.link)
    ui.visible("verify-password-form")
    ui.fill("verify-password", "short")
    ui.click("verify-password-submit")
    assert "8 characters" in ui.has_text("error-password")
    finish_with_the_link(ui, driver, mail.link, acct)
    ui.click("nav-signout")
    ui.wait.until(lambda d: not d.find_elements(*ui.sel("nav-signout")))

    # Someone else tries the same address: the page reads exactly as it did, and the owner is told.
    seen = mail_names()
    stranger = {**unique_account(), "email": acct["email"]}
    again = sign_up(ui, stranger)
    assert again == shown
    notice = wait_for_mail(acct["email"], NOTICE_SUBJECT, seen)
    assert f"@{acct['username']}" in notice.text


def test_whoever_signed_up_first_with_my_address_does_not_get_my_account(driver, confirming_server, monkeypatch):
    monkeypatch.setenv("KINDRED_MAIL_DIR", confirming_server["mail"])
    ui = UI(driver, confirming_server["base"])
    acct = unique_account()
    api = Api(confirming_server["base"])
    # A squatter signs up with my address first (its link comes to me, unopened).
    squatter = {**unique_account(), "email": acct["email"], "password": "the squatter's own"}
    status, _ = api.call("POST", "/auth/sign-up", {k: squatter[k] for k in ("email", "password", "username")})
    assert status == 202
    seen = mail_names()
    assert "Check your inbox" in sign_up(ui, acct)

    # My sign-up sends the waiting account's link again; opening it, I choose the password.
    finish_with_the_link(ui, driver, wait_for_mail(acct["email"], VERIFY_SUBJECT, seen).link, acct)
    status, _ = api.call("POST", "/auth/sign-in", {"email": acct["email"], "password": squatter["password"]})
    assert status == 401
    ui.click("nav-signout")
    ui.wait.until(lambda d: not d.find_elements(*ui.sel("nav-signout")))


def confirmed_account(ui, driver, seen):
    """An account signed up through the page and confirmed by its link; signed out after."""
    acct = unique_account()
    sign_up(ui, acct)
    driver.get(wait_for_mail(acct["email"], VERIFY_SUBJECT, seen).link)
    ui.fill("verify-password", acct["password"])
    ui.click("verify-password-submit")
    ui.has_text("verify-done")
    return acct


def test_changing_the_address_reads_alike_for_a_taken_one_and_waits_for_the_link(driver, confirming_server, monkeypatch):
    monkeypatch.setenv("KINDRED_MAIL_DIR", confirming_server["mail"])
    ui = UI(driver, confirming_server["base"])
    seen = mail_names()
    taken = confirmed_account(ui, driver, seen)
    acct = confirmed_account(ui, driver, seen)
    ui.sign_in(acct["email"], acct["password"])
    ui.text_is("header-name", acct["displayName"])
    ui.click("nav-account")
    ui.text_is("account-email", acct["email"])

    def change(to):
        ui.fill("email-new", to)
        ui.fill("email-password", acct["password"])
        ui.click("email-change-submit")
        return ui.has_text("email-change-status")

    # Another account's address and a new one read alike (but for the address), and nothing moves yet.
    seen = mail_names()
    said_taken = change(taken["email"])
    new = unique_account()["email"]
    said_new = change(new)
    assert said_taken.replace(taken["email"], "X") == said_new.replace(new, "X")
    assert "until then it stays" in said_new
    assert not any(e.text.strip() for e in ui.all("error-email")), "no field error"
    assert not any(e.text.strip() for e in ui.all("email-change-error")), "no alert"
    ui.text_is("account-email", acct["email"])
    notice = wait_for_mail(taken["email"], "Someone tried to use your address", seen)
    assert f"@{taken['username']}" in notice.text and acct["username"] not in notice.text

    # The link at the new address moves the account; the page shows it at once, verified.
    link = wait_for_mail(new, "Confirm your new e-mail address", seen).link
    driver.get(link)
    assert new in ui.has_text("verify-done")
    ui.click("verify-continue")
    ui.text_is("account-email", new)
    ui.text_is("account-email-state", "Verified")
    # The old address is told where the account went.
    assert new in wait_for_mail(acct["email"], CHANGED_SUBJECT, seen).text
