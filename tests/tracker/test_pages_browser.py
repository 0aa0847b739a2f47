"""The page layer's contracts in a real browser (Debian's chromium through Playwright) on phones
(390 x 844): a live update morphs the page in place and keeps what the player is typing; a
refusal shows on the same form with every typed value kept (with and without JavaScript); a form
sent while the tracker cannot be reached waits on the phone, survives a reload and is applied
once; seats; redo. Over the test game `tally` (tests/tracker/tally.py), served by uvicorn.
Screenshots go to DOMEKIT_SCREENSHOTS (or the test's tmp folder)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import httpx
import pytest
from kit_browser import PHONE, WATCH_CSP, browser_missing, chromium, free_port, shots_folder
from page_server import serving_tally
from tracker_helpers import new_kit

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]


@pytest.fixture(scope="module")
def tally(tmp_path_factory) -> Iterator[tuple[str, str]]:
    with serving_tally(tmp_path_factory.mktemp("pages"), free_port()) as served:
        yield served


@pytest.fixture(scope="module")
def browser():
    with chromium() as found:
        yield found


def add(base: str, kit: str, name: str, amount: int, **extra) -> httpx.Response:
    body = {"action": {"type": "add", "name": name, "amount": amount}, **extra}
    body.setdefault("client_action_id", secrets.token_hex(8))
    return httpx.post(f"{base}/k/{kit}/act", json=body, timeout=10)


def table(base: str, kit: str) -> dict:
    return httpx.get(f"{base}/k/{kit}/table.json", timeout=10).json()


def texts(base: str, kit: str) -> list[str]:
    return [e["text"] for e in httpx.get(f"{base}/k/{kit}/history.json").json()["entries"]]


def test_typing_while_another_phone_acts_keeps_the_value_and_shows_the_current_state(
    tally, browser, tmp_path
):
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    mine = browser.new_context(viewport=PHONE).new_page()
    theirs = browser.new_context(viewport=PHONE).new_page()
    for page in (mine, theirs):
        page.goto(f"{base}/k/{kit}/table")
        expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    # This phone is halfway through two forms; the other phone records two actions.
    mine.fill("#add-form input[name=name]", "b")
    mine.fill("#add-form input[name=amount]", "7")
    mine.fill("#low-a input[name=amount]", "2")
    mine.locator("#add-form input[name=amount]").focus()
    theirs.fill("#add-form input[name=amount]", "2")
    theirs.click("#add-form button")
    expect(theirs.locator("#tallies")).to_contain_text("a: 2")
    theirs.fill("#add-form input[name=amount]", "3")
    theirs.click("#add-form button")
    expect(theirs.locator("#tallies")).to_contain_text("a: 5")
    # The state is current, the typed values are kept, the version is the one shown.
    expect(mine.locator("#tallies")).to_contain_text("a: 5", timeout=5000)
    version = table(base, kit)["match"]["version"]
    assert version == 2
    expect(mine.locator("body")).to_have_attribute("data-version", "2")
    assert mine.input_value("#add-form input[name=name]") == "b"
    assert mine.input_value("#add-form input[name=amount]") == "7"
    assert mine.input_value("#add-form input[name=version]") == "2"
    assert mine.evaluate("document.activeElement.name") == "amount"
    # The top-up form is offered only while a is below 3: it is retired, saying why, with what
    # was typed in it, and is not sent.
    retired = mine.locator("dk-note.retired")
    expect(retired).to_contain_text("This form no longer applies")
    expect(retired).to_contain_text("add 3 to a")
    assert retired.locator("input[name=amount]").input_value() == "2"
    assert retired.locator("button").first.is_disabled()
    assert mine.locator("#low-a").count() == 0
    mine.screenshot(path=str(shots_folder(tmp_path) / "live-typing-kept.png"), full_page=True)
    # What this phone then sends applies to the state it shows.
    mine.click("#add-form button")
    expect(mine.locator("#tallies")).to_contain_text("b: 7")
    expect(mine.locator("#notes")).to_contain_text("Recorded: add 7 to b")
    expect(mine.locator("body")).to_have_attribute("data-version", "3")
    expect(theirs.locator("body")).to_have_attribute("data-version", "3", timeout=5000)
    assert texts(base, kit)[0] == "add 7 to b"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_refusal_shows_on_the_same_form_with_every_typed_value_kept(
    tally, browser, tmp_path, javascript
):
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    page = browser.new_context(viewport=PHONE, java_script_enabled=javascript).new_page()
    page.goto(f"{base}/k/{kit}/table")
    page.fill("#add-form input[name=name]", "b")
    page.fill("#add-form input[name=amount]", "-40")
    page.click("#add-form button")
    refusal = page.locator("#add-form [role=alert]")
    expect(refusal).to_contain_text("b would go below zero")
    expect(refusal).to_contain_text("no negative tallies")
    assert page.input_value("#add-form input[name=name]") == "b"
    assert page.input_value("#add-form input[name=amount]") == "-40"
    assert "Back to the page" not in page.content()
    assert texts(base, kit) == []
    page.screenshot(
        path=str(shots_folder(tmp_path) / f"refusal-inline-{'js' if javascript else 'nojs'}.png"),
        full_page=True,
    )
    # Corrected on the same form, it is recorded.
    page.fill("#add-form input[name=amount]", "40")
    page.click("#add-form button")
    expect(page.locator("#tallies")).to_contain_text("b: 40")
    assert texts(base, kit) == ["add 40 to b"]


def test_a_check_while_the_tracker_cannot_be_reached_offers_to_send_it_later(tally, browser):
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}/k/{kit}/table")
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    context.set_offline(True)
    page.fill("#check-form input[name=amount]", "6")
    page.click("#check-form button")
    note = page.locator("#check-form dk-note.queued")
    expect(note).to_contain_text("cannot be checked now")
    assert page.input_value("#check-form input[name=amount]") == "6"
    note.get_by_role("button", name="Record it without the check (sent when it is back)").click()
    expect(page.locator("#queue-status")).to_have_text("waiting to send: 1")
    context.set_offline(False)
    expect(page.locator("#tallies")).to_contain_text("b: 6", timeout=10000)
    assert texts(base, kit) == ["add 6 to b"]
    # Online, the check is the check page as before.
    page.fill("#check-form input[name=amount]", "2")
    page.click("#check-form button")
    expect(page.locator("h1")).to_have_text("Check, then confirm")
    page.click("text=Confirm and record")
    expect(page.locator("#tallies")).to_contain_text("b: 8")
    expect(page).to_have_url(f"{base}/k/{kit}/table?done=2")


def test_offline_taps_wait_on_the_phone_and_are_applied_once_when_it_is_back(
    tally, browser, tmp_path
):
    """As on the table's plain-http LAN address: no service worker, the page's own queue."""
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    shots = shots_folder(tmp_path)
    page.goto(f"{base}/k/{kit}/table")
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    waiting = page.locator("#queue-status")
    # 1. The network is gone: the tap waits, visibly, and is sent once the phone is back.
    context.set_offline(True)
    page.fill("#add-form input[name=amount]", "3")
    page.click("#add-form button")
    expect(waiting).to_have_text("waiting to send: 1")
    expect(page.locator("#add-form dk-note.queued")).to_contain_text("Waiting to send")
    page.screenshot(path=str(shots / "offline-waiting.png"), full_page=True)
    assert texts(base, kit) == []
    context.set_offline(False)
    expect(waiting).to_be_hidden(timeout=10000)
    expect(page.locator("#tallies")).to_contain_text("a: 3", timeout=5000)
    assert texts(base, kit) == ["add 3 to a"]
    # Once it went through, "Recorded" says so and nothing says it is still waiting.
    expect(page.locator("#notes")).to_contain_text("Recorded: add 3 to a")
    expect(page.locator("dk-note.queued")).to_have_count(0)
    # 2. The tracker cannot be reached (its writes fail): the tap is kept across a reload.
    context.route("**/act", lambda route: route.abort())
    page.fill("#add-form input[name=amount]", "4")
    page.click("#add-form button")
    expect(waiting).to_have_text("waiting to send: 1")
    page.reload()
    expect(waiting).to_have_text("waiting to send: 1")
    context.unroute("**/act")
    expect(waiting).to_be_hidden(timeout=10000)
    expect(page.locator("#tallies")).to_contain_text("a: 7", timeout=5000)
    # 3. The action reached the tracker but its answer was lost: sent again with the same
    # client action id, it is applied once.
    lost = []

    def answer_lost(route):
        route.fetch()  # the tracker records it...
        lost.append(route.request.post_data_json["client_action_id"])
        route.abort()  # ...and the phone never hears back

    context.route("**/act", answer_lost)
    page.fill("#add-form input[name=amount]", "5")
    page.click("#add-form button")
    expect(waiting).to_have_text("waiting to send: 1")
    context.unroute("**/act")
    expect(waiting).to_be_hidden(timeout=10000)
    expect(page.locator("#tallies")).to_contain_text("a: 12", timeout=5000)
    assert texts(base, kit) == ["add 5 to a", "add 4 to a", "add 3 to a"]
    assert table(base, kit)["tallies"]["a"] == 12
    # 4. A tap refused once it is sent (422) is shown on its form, values kept, not swallowed.
    context.set_offline(True)
    page.fill("#add-form input[name=amount]", "-50")
    page.click("#add-form button")
    expect(waiting).to_have_text("waiting to send: 1")
    context.set_offline(False)
    refusal = page.locator("#add-form dk-note.refusal")
    expect(refusal).to_contain_text("a would go below zero", timeout=10000)
    expect(waiting).to_be_hidden()
    assert page.input_value("#add-form input[name=amount]") == "-50"
    page.screenshot(path=str(shots / "offline-then-refused.png"), full_page=True)
    assert len(texts(base, kit)) == 3


def test_the_manifest_and_the_service_worker_on_localhost(tally, browser):
    """localhost is a secure context: the service worker caches the page so it opens offline,
    and the page holds a screen Wake Lock."""
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    local = base.replace("127.0.0.1", "localhost")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{local}/k/{kit}/table")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = httpx.get(base + href).json()
    assert manifest["name"] and manifest["start_url"] == f"/k/{kit}/table"
    front = httpx.get(base + "/manifest.webmanifest").json()
    assert front["name"] and front["start_url"] == "/"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == local + "/"
    page.reload()  # now under the worker, which keeps the page it saw
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    # During a match the screen stays awake (the browser offers a Wake Lock here).
    expect(page.locator("body")).to_have_attribute("data-awake", "yes")
    context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("Tallies")
    assert page.evaluate("document.styleSheets.length") >= 1
    context.set_offline(False)


def test_a_phone_acts_for_its_own_seat_directly_and_for_another_after_a_confirm(
    tally, browser, tmp_path
):
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{base}/k/{kit}/table")
    page.click("#seat-chip")
    page.screenshot(path=str(shots_folder(tmp_path) / "seat.png"), full_page=True)
    page.get_by_role("button", name="Tally a").click()
    expect(page.locator("#seat-chip")).to_have_text("Tally a")
    # Its own seat: recorded at once.
    page.fill("#add-form input[name=amount]", "2")
    page.click("#add-form button")
    expect(page.locator("#tallies")).to_contain_text("a: 2")
    # Another seat: asked first, recorded only after the confirm.
    page.fill("#add-form input[name=name]", "b")
    page.fill("#add-form input[name=amount]", "5")
    page.click("#add-form button")
    ask = page.locator("#add-form dk-note.refusal")
    expect(ask).to_contain_text("this is Tally b's action and this phone sits at Tally a")
    assert texts(base, kit) == ["add 2 to a"]
    ask.get_by_role("button", name="Yes, record it for Tally b").click()
    expect(page.locator("#tallies")).to_contain_text("b: 5")
    assert texts(base, kit) == ["add 5 to b", "add 2 to a"]
    # Undo names whose action it takes back.
    expect(page.locator("#undo-form button")).to_contain_text("Undo #2 (Tally b): add 5 to b")
    # Without JavaScript the same confirm is a button on the refused form.
    plain = browser.new_context(viewport=PHONE, java_script_enabled=False).new_page()
    plain.goto(f"{base}/k/{kit}/seat")
    plain.get_by_role("button", name="Tally a").click()
    plain.goto(f"{base}/k/{kit}/table")
    plain.fill("#add-form input[name=name]", "b")
    plain.fill("#add-form input[name=amount]", "1")
    plain.click("#add-form button")
    plain.get_by_role("button", name="Yes, record it for Tally b").click()
    assert table(base, kit)["tallies"]["b"] == 6


def test_undo_then_redo_and_the_history_in_sentences(tally, browser, tmp_path):
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    for amount in (1, 2, 3):
        assert add(base, kit, "a", amount).status_code == 200
    page = browser.new_context(viewport=PHONE).new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base}/k/{kit}/history")
    page.click("#undo-form button")
    expect(page.locator("#redo-form button")).to_have_text("Redo #3: add 3 to a")
    undone = page.locator("#entry-3")
    expect(undone).to_have_class("entry undone")
    expect(undone.locator(".chip")).to_have_text("undone")
    expect(page.locator("#entry-4 .sentence")).to_have_text("Took back #3")
    page.click("#redo-form button")
    expect(page.locator("#entry-5 .sentence")).to_have_text("add 3 to a")
    assert table(base, kit)["tallies"]["a"] == 6
    # The raw before/after is one tap away.
    entry = page.locator("#entry-5")
    assert not entry.locator(".changes").is_visible()
    entry.locator("summary").click()
    expect(entry.locator(".changes")).to_contain_text("tallies.a: 3 -> 6")
    page.screenshot(path=str(shots_folder(tmp_path) / "history.png"), full_page=True)


def test_a_page_without_its_own_template_shows_its_view_in_the_games_own_style(
    tally, browser, tmp_path
):
    """The tally's team page has no template (templates/page.html shows it) and the tally's own
    stylesheet (tests/tracker/templates/tally/static/tally.css) sets its number big and bold,
    under the pages' Content-Security-Policy, live like every page."""
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    assert add(base, kit, "a", 2).status_code == 200
    page = browser.new_context(viewport=PHONE).new_page()
    page.add_init_script(WATCH_CSP)
    page.goto(f"{base}/k/{kit}/team/a")
    value = page.locator("#view .a dd")
    expect(value).to_have_text("2")
    assert value.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    assert add(base, kit, "a", 3).status_code == 200  # another phone: the page follows
    expect(value).to_have_text("5", timeout=5000)
    assert page.evaluate("window.__csp") == []
    page.screenshot(path=str(shots_folder(tmp_path) / "generic-page.png"), full_page=True)


def test_a_refusal_goes_when_the_state_it_refused_moves_on_and_the_form_follows_the_page(
    tally, browser, tmp_path
):
    """Phone A sits at b and tops up a (another seat's action): refused. Another phone makes a
    the higher tally: A's page morphs, the refusal is gone, the form's hidden fields are the
    page's (it now tops up b), what A typed is kept (the form it typed in is retired, shown
    with its values), and A's next tap records for b at once (issue 27: a refusal stuck with
    `team=blue` refused every Buy until a reload)."""
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    assert add(base, kit, "b", 5).status_code == 200
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{base}/k/{kit}/seat")
    page.get_by_role("button", name="Tally b").click()
    page.goto(f"{base}/k/{kit}/table")
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    # 1. A refusal on a form that stays: it goes once the match moves on, values kept.
    page.fill("#add-form input[name=name]", "a")
    page.fill("#add-form input[name=amount]", "4")
    page.click("#add-form button")
    expect(page.locator("#add-form dk-note.refusal")).to_contain_text("this is Tally a's action")
    # 2. A refusal on a form keyed on what the page shows (the lowest tally, a).
    page.fill("#lowest-form input[name=amount]", "2")
    page.click("#lowest-form button")
    expect(page.locator("#lowest-form dk-note.refusal")).to_contain_text("Tally a's action")
    page.screenshot(path=str(shots_folder(tmp_path) / "refusal-before-news.png"), full_page=True)
    assert add(base, kit, "a", 10).status_code == 200  # another phone: b is now the lowest
    expect(page.locator("#tallies")).to_contain_text("a: 10", timeout=5000)
    expect(page.locator("dk-note.refusal")).to_have_count(0)
    assert page.input_value("#add-form input[name=name]") == "a"
    assert page.input_value("#add-form input[name=amount]") == "4"
    assert page.locator("#lowest-form input[name=name]").input_value() == "b"
    expect(page.locator("#lowest-form button")).to_have_text("Top up b")
    retired = page.locator("dk-note.retired")
    expect(retired).to_contain_text("Top up a")
    assert retired.locator("input[name=amount]").input_value() == "2"
    page.screenshot(path=str(shots_folder(tmp_path) / "refusal-after-news.png"), full_page=True)
    page.click("#lowest-form button")
    expect(page.locator("#tallies")).to_contain_text("b: 6")
    assert texts(base, kit)[0] == "add 1 to b"


def test_record_it_now_asks_the_rules_question_online_offline_and_keeps_a_refusal_on_its_form(
    tally, browser, tmp_path
):
    """A "record it now" the rules have a question about (a big amount: which jar?) is asked
    on the form, never recorded with a default: online, and when it was queued offline and
    sent later. Refused, it shows on its own form, what was typed kept."""
    from playwright.sync_api import expect

    base, db = tally
    kit = new_kit(db)
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    shots = shots_folder(tmp_path)
    page.goto(f"{base}/k/{kit}/table")
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    # Online: asked on the form, the page stays.
    page.fill("#check-form input[name=amount]", "150")
    page.click("#record-now")
    question = page.locator("#check-form dk-note.check")
    expect(question).to_contain_text("Which jar?")
    assert texts(base, kit) == []
    assert page.url == f"{base}/k/{kit}/table"
    question.get_by_role("button", name="Into the right jar").click()
    expect(page.locator("#tallies")).to_contain_text("b: 150")
    logged = httpx.get(f"{base}/k/{kit}/export.json").json()["actions"]
    assert logged[0]["payload"]["jar"] == "right"
    # Offline: it waits on the phone; sent, the rules' question is asked, nothing recorded.
    context.set_offline(True)
    page.fill("#check-form input[name=amount]", "200")
    page.click("#record-now")
    expect(page.locator("#queue-status")).to_have_text("waiting to send: 1")
    context.set_offline(False)
    question = page.locator("#check-form dk-note.check")
    expect(question).to_contain_text("Which jar?", timeout=10000)
    expect(page.locator("#queue-status")).to_be_hidden()
    expect(page.locator("dk-note.queued")).to_have_count(0)
    page.screenshot(path=str(shots / "queued-question.png"), full_page=True)
    assert texts(base, kit) == ["add 150 to b"]
    question.get_by_role("button", name="Into the left jar").click()
    expect(page.locator("#tallies")).to_contain_text("b: 350")
    assert texts(base, kit) == ["add 200 to b", "add 150 to b"]
    # Refused: on its own form, the values kept.
    page.fill("#check-form input[name=amount]", "-999")
    page.click("#record-now")
    expect(page.locator("#check-form dk-note.refusal")).to_contain_text("b would go below zero")
    assert page.input_value("#check-form input[name=amount]") == "-999"


def test_without_javascript_a_refused_record_it_now_comes_back_on_its_form(tally, browser):
    base, db = tally
    kit = new_kit(db)
    page = browser.new_context(viewport=PHONE, java_script_enabled=False).new_page()
    page.goto(f"{base}/k/{kit}/table")
    page.fill("#check-form input[name=amount]", "-40")
    page.click("#record-now")
    refusal = page.locator("#check-form [role=alert]")
    assert "b would go below zero" in refusal.inner_text()
    assert page.input_value("#check-form input[name=amount]") == "-40"
    assert page.input_value("#check-form input[name=name]") == "b"
    assert page.locator("h1").inner_text() == "Tallies"  # the page itself, not "Not recorded"
