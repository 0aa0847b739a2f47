"""Domppa from a printed kit: scan the Knight's character card, start its turn and enter a melee
blow as the dice fell in a real browser; the Berserker's phone shows the wound and the morale
test it now owes, live."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit_browser import (
    browser_missing,
    chromium,
    missing,
    phone,
    running_kit,
    scan,
    serving_every_game,
    shots_folder,
    state,
)

pytestmark = pytest.mark.browser


@pytest.mark.skipif(missing() is not None, reason=str(missing()))
def test_scan_a_character_strike_and_the_target_sees_it_live(tmp_path: Path):
    from playwright.sync_api import expect

    shots = shots_folder(tmp_path)
    with running_kit("domppa", tmp_path) as (base, pdf):
        urls = scan(pdf, "Knight", tmp_path)
        knight = next(url for url in urls if url.endswith("/unit/knight"))
        assert knight.startswith(base + "/k/")
        berserker = knight.removesuffix("/knight") + "/berserker"
        with chromium() as browser:
            attacker = phone(browser)
            target = phone(browser)
            target.goto(berserker)
            expect(target.locator("#live-status")).to_have_text("live", timeout=5000)
            target.evaluate("window.notReloaded = true")

            attacker.goto(knight)
            expect(attacker.locator("h1")).to_contain_text("Knight")
            attacker.click("text=Start Knight's turn")
            expect(attacker.locator(".flash").first).to_contain_text("Recorded: turn knight")
            attacker.screenshot(path=str(shots / "domppa-knight.png"), full_page=True)
            attacker.click("#target label:has(input[value='berserker'])")
            # A weapon not on its card (it holds the Lance): "another weapon" under More.
            attacker.click("#attack-form details summary")
            attacker.select_option("select[name=other_with]", "melee:Broadsword")
            attacker.fill("#hit-dice", "6,3,2")
            attacker.fill("#damage-dice", "5,4")
            attacker.click("text=Check the attack")
            expect(attacker.locator("ol.steps")).to_contain_text(
                "slashing: 9 x 125% rounded down = 11"
            )
            attacker.screenshot(path=str(shots / "domppa-confirm.png"), full_page=True)
            attacker.click("text=Confirm and record")
            expect(attacker.locator(".flash").first).to_contain_text(
                "Recorded: melee knight -> berserker"
            )

            expect(target.locator("#unit .big")).to_have_text("10", timeout=3000)
            assert target.evaluate("window.notReloaded") is True
            expect(target.locator("#morale")).to_contain_text("Morale test")
            target.screenshot(path=str(shots / "domppa-berserker-live.png"), full_page=True)
            target.fill("#morale input[name=dice]", "3,2")
            target.click("#morale button")
            expect(target.locator(".flash").first).to_contain_text("Recorded: morale")
            expect(target.locator("#unit")).to_contain_text("fleeing")
            attacker.goto(knight.rsplit("/unit", 1)[0] + "/table")
            expect(attacker.locator("#roster")).to_contain_text("fleeing")
            attacker.screenshot(path=str(shots / "domppa-table.png"), full_page=True)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_two_taps_in_a_row_are_both_recorded(tmp_path: Path):
    """Set-up: "Troll leaves" and "Priest leaves" tapped before the first has its answer (both
    submitted in one go): the second waits for the first and goes on top of it, not refused as
    stale because of this phone's own action (the page layer, toolkit/tracker/static/domekit.js)."""
    from playwright.sync_api import expect

    with serving_every_game(tmp_path) as (base, kits), chromium() as browser:
        page = phone(browser)
        page.goto(f"{base}/k/{kits['domppa']}/table")
        expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
        page.evaluate(
            "['troll', 'priest'].forEach(id =>"
            " document.querySelector('#leave-' + id + ' button').click())"
        )
        expect(page.locator("#leave-priest")).to_have_count(0, timeout=10000)
        expect(page.locator("#leave-troll")).to_have_count(0)
        expect(page.locator("dk-note.stale, dk-note.refusal")).to_have_count(0)
        units = {u["id"] for u in state(base, kits["domppa"], "table")["units"]}
        assert not units & {"troll", "priest"} and len(units) == 5
