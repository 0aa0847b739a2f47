"""The Content-Security-Policy fits the pages: in a real browser (Debian's chromium) every page
of every game of the registry (the test suite's duel among them: each kind of page its kit
prints), the set-up page, the history, the check page, the refusal pages and an error page load
without one violation, and their scripts still run (live updates, local times, odds charts)."""

from __future__ import annotations

import os
import secrets

import every_game
import httpx
import pytest
from kit_browser import (
    PHONE,
    WATCH_CSP,
    browser_missing,
    chromium,
    free_port,
    serving,
    set_up_every,
    shots_folder,
)

from toolkit.tracker.kits import record_kit

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]


@pytest.fixture(scope="module")
def tracker(tmp_path_factory):
    folder = tmp_path_factory.mktemp("csp")
    db = f"sqlite:///{folder / 'tracker.sqlite3'}"
    kits = {}
    for game in every_game.names():
        kits[game] = secrets.token_urlsafe(16)
        extra = {"teams": ["red", "blue"]} if game == "deathdome" else {}
        record_kit(db, {"kit_id": kits[game], "game": game, "base_url": "http://t", **extra})
        kits[f"{game} as printed"] = every_game.record(db, game)
    fresh = secrets.token_urlsafe(16)  # a kit no phone has set up: its set-up page
    record_kit(db, {"kit_id": fresh, "game": "deathdome", "base_url": "http://t"})
    with serving(free_port(), db, folder / "none") as base:
        set_up_every(base, kits.values(), "light")
        kits["fresh"] = fresh
        yield base, kits


def act(base: str, kit: str, action: dict, **extra) -> httpx.Response:
    body = {"action": action, "client_action_id": os.urandom(8).hex(), **extra}
    return httpx.post(f"{base}/k/{kit}/act", json=body)


def violations(page) -> list[str]:
    return page.evaluate("window.__csp")


def test_every_page_loads_without_a_policy_violation_and_its_scripts_run(tracker, tmp_path):
    from playwright.sync_api import expect

    base, kits = tracker
    dd = kits["deathdome"]
    for action in [
        {"type": "transfer", "payer": "red", "payee": "blue", "amount": 100},
        {"type": "buy", "team": "red", "item": "heavy-rifle"},
        {"type": "equip", "unit": "red.gunner", "item": "heavy-rifle"},
        {"type": "pass", "team": "blue"},
        {"type": "pass", "team": "red"},
        {"type": "start"},
    ]:
        assert act(base, dd, action).status_code == 200, action
    pages = [
        f"/k/{dd}/table", f"/k/{dd}/team/red", f"/k/{dd}/unit/red/gunner", f"/k/{dd}/history",
        f"/k/{kits['naturedome']}/table", f"/k/{kits['naturedome']}/player/1",
        f"/k/{kits['dominum']}/table", f"/k/{kits['dominum']}/player/red",
        f"/k/{kits['domppa']}/table", f"/k/{kits['domppa']}/unit/knight",
        "/", "/k/nosuchkit000000000000000/table", f"/k/{kits['fresh']}/table",
    ]  # fmt: skip
    every = [  # each kind of page every game's kit prints, and its table
        f"/k/{kits[f'{game} as printed']}/{page}"
        for game in every_game.names()
        for page in every_game.one_of_each(game)
    ]
    shots = shots_folder(tmp_path)
    with chromium() as browser:
        page = browser.new_context(viewport=PHONE).new_page()
        page.add_init_script(WATCH_CSP)
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        for path in [*pages, *every]:
            response = page.goto(base + path)
            assert "script-src 'self'" in response.headers["content-security-policy"]
            if path in every or (
                path.endswith(("/table", "/team/red", "/player/1"))
                and "nosuch" not in path
                and kits["fresh"] not in path
            ):
                expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
            assert violations(page) == [], path
        # The history's times are the phone's clock (domekit.js), not seconds since 1970.
        page.goto(f"{base}/k/{dd}/history")
        stamp = page.locator("time[data-ts]").first.inner_text()
        assert not stamp.replace(".", "").isdigit(), stamp
        page.screenshot(path=str(shots / "history-import-confirm.png"), full_page=True)
        # The attack form's live odds chart (odds.js fetches the fragment).
        page.goto(f"{base}/k/{dd}/unit/red/gunner")
        page.click("#cards [data-value='2'] label >> nth=0")
        page.click("#target label:has(input[value='blue.scout'])")
        expect(page.locator("[data-odds-slot]").first).to_have_attribute(
            "data-state", "ok", timeout=5000
        )
        # The check page, and its "Change something" link going back.
        page.click("#more-attack summary")
        page.click("#check-attack")
        expect(page.locator("h1")).to_have_text("Check, then confirm")
        page.screenshot(path=str(shots / "confirm.png"), full_page=True)
        page.click("text=Change something")
        expect(page).to_have_url(f"{base}/k/{dd}/unit/red/gunner")
        page.goto(f"{base}/k/nosuchkit000000000000000/table")
        page.screenshot(path=str(shots / "error-404.png"), full_page=True)
        assert violations(page) == []
        # The watch does see a violation: an inline script, as an injection would add one.
        page.evaluate(
            "() => { const s = document.createElement('script');"
            " s.textContent = 'window.ran = 1'; document.body.appendChild(s); }"
        )
        page.wait_for_function("window.__csp.length > 0")
        assert page.evaluate("window.ran") is None
        console.clear()
    assert not [line for line in console if "Content Security Policy" in line], console


def test_the_same_event_from_a_second_phone_shows_already_recorded(tracker, tmp_path):
    from playwright.sync_api import expect

    base, kits = tracker
    dd = kits["deathdome"]
    version = httpx.get(f"{base}/k/{dd}/table.json").json()["match"]["version"]
    money = {"type": "transfer", "payer": "blue", "payee": "red", "amount": "50"}
    assert act(base, dd, money, version=version, actor="Sami").status_code == 200
    shots = shots_folder(tmp_path)
    with chromium() as browser:
        page = browser.new_context(viewport=PHONE).new_page()
        page.add_init_script(WATCH_CSP)
        page.goto(f"{base}/k/{dd}/table")
        # The second phone's form, made against the version before Sami's transfer.
        fields = {**money, "version": str(version), "client_action_id": "second-phone"}
        page.evaluate(
            """([url, fields]) => {
                const form = document.createElement("form");
                form.method = "post"; form.action = url;
                for (const [name, value] of Object.entries(fields)) {
                    const input = document.createElement("input");
                    input.type = "hidden"; input.name = name; input.value = value;
                    form.appendChild(input);
                }
                document.body.appendChild(form); form.submit();
            }""",
            [f"/k/{dd}/act", fields],
        )
        expect(page.locator(".stale")).to_contain_text("Already recorded by Sami at")
        expect(page.locator("#not-again")).to_be_visible()
        page.screenshot(path=str(shots / "refused-duplicate.png"), full_page=True)
        assert violations(page) == []
        page.click("#not-again")
        expect(page).to_have_url(f"{base}/k/{dd}/table")
    entries = httpx.get(f"{base}/k/{dd}/history.json").json()["entries"]
    assert [e["text"] for e in entries].count("transfer 50 blue -> red") == 1
