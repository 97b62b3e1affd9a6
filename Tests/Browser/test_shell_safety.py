"""Browser tests of blocking and reporting (shared by every app), and of lists that load more
as they are scrolled. See conftest.py for how to run them."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from kindred_ui import Api, create_account, delete_account, unique_account, wait_for_alert
from test_innovation_engine import press, row_for


def test_report_and_block_a_connection_then_unblock(ui, driver, base_url):
    a = {**unique_account(), "displayName": "Ada Safety"}
    b = create_account(base_url, displayName="Bea Blocked")
    try:
        ui.sign_up(a)
        ui.text_is("header-name", a["displayName"])
        # B connects with A's code, as if B had scanned A's QR.
        code = Api(base_url)
        code.sign_in(a["email"], a["password"])
        status, mine = code.call("GET", "/innovation-engine/code")
        assert status == 200, mine
        status, body = b["api"].call("POST", "/innovation-engine/connections", {"code": mine["code"]})
        assert status == 201, body

        ui.open("/innovation-engine/network")
        ui.wait.until(lambda d: row_for(ui, b["username"]) is not None)
        row = row_for(ui, b["username"])

        # Report: a reason and a note, sent to the moderators.
        report = row.find_element(By.CSS_SELECTOR, '[data-testid="person-report"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", report)
        report.click()
        ui.visible("report-dialog")
        ui.click("report-reason-spam")
        ui.fill("report-note", "Sends me links all day.")
        ui.click("report-send")
        ui.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-testid="report-dialog"]'))
        ui.wait.until(lambda d: "report was sent" in ui.find("ie-network-status").text)

        # Block: asked first, then the connection ends for both and B can no longer see A.
        block = row_for(ui, b["username"]).find_element(By.CSS_SELECTOR, '[data-testid="person-block"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", block)
        block.click()
        wait_for_alert(driver).accept()
        ui.wait.until(lambda d: row_for(ui, b["username"]) is None)
        ui.text_is("ie-network-count", "0 people")
        status, _ = b["api"].call("GET", f"/profiles/{a['username']}")
        assert status == 404
        status, page = b["api"].call("GET", "/innovation-engine/connections")
        assert status == 200 and page["items"] == []

        # The Account page leads to the blocked list, where B can be unblocked.
        ui.open("/account")
        ui.click("account-blocked")
        ui.wait.until(lambda d: [r.get_attribute("data-username") for r in ui.all("blocked-row")] == [b["username"]])
        ui.click("unblock")
        ui.wait.until(lambda d: not ui.all("blocked-row"))
        ui.visible("blocked-empty")
        status, _ = b["api"].call("GET", f"/profiles/{a['username']}")
        assert status == 200

        # Blocking by username from the same page.
        ui.fill("block-username", "@" + b["username"])
        ui.click("block-submit")
        ui.wait.until(lambda d: [r.get_attribute("data-username") for r in ui.all("blocked-row")] == [b["username"]])
        ui.fill("block-username", "nobody_" + a["username"][-8:])
        ui.click("block-submit")
        ui.wait.until(lambda d: "nobody you can see" in ui.find("error-username").text.lower())
    finally:
        delete_account(base_url, a)
        delete_account(base_url, b)


def test_a_long_sessions_list_loads_more_as_it_is_scrolled(ui, driver, account, base_url):
    # 55 more devices than the browser's own: more than the first page of 50.
    for _ in range(55):
        Api(base_url).sign_in(account["email"], account["password"], device="Old phone")
    ui.sign_in(account["email"], account["password"])
    ui.text_is("header-name", account["displayName"])
    ui.click("nav-sessions")
    ui.wait.until(lambda d: len(ui.all("session-row")) == 50)
    more = ui.find("sessions-more")
    assert more.is_displayed()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    ui.wait.until(lambda d: len(ui.all("session-row")) == 57)
    ids = [r.get_attribute("data-id") for r in ui.all("session-row")]
    assert len(set(ids)) == 57, "each device once"
    ui.wait.until(lambda d: not ui.find("sessions-more").is_displayed())
