"""Nature Dome from a printed kit: scan Player 1's Health Meter, enter a clash in a real browser,
and watch Player 2's phone update live."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit_browser import chromium, missing, phone, running_kit, scan, shots_folder

pytestmark = pytest.mark.browser


@pytest.mark.skipif(missing() is not None, reason=str(missing()))
def test_scan_player_1_enter_a_clash_and_player_2_sees_it(tmp_path: Path):
    from playwright.sync_api import expect

    shots = shots_folder(tmp_path)
    with running_kit("naturedome", tmp_path) as (base, pdf):
        urls = scan(pdf, "Nature Dome: Player 1 Health Meter", tmp_path)
        player1 = next(url for url in urls if url.endswith("/player/1"))
        assert player1.startswith(base + "/k/")
        player2 = player1.removesuffix("/1") + "/2"
        with chromium() as browser:
            phone1 = phone(browser)
            phone2 = phone(browser)
            phone2.goto(player2)
            expect(phone2.locator("#live-status")).to_have_text("live", timeout=5000)
            phone2.evaluate("window.notReloaded = true")
            expect(phone2.locator("#meter-2 .nd-health")).to_have_text("1000")

            phone1.goto(player1)
            expect(phone1.locator(".nd-turn")).to_contain_text("Your attack")
            phone1.screenshot(path=str(shots / "naturedome-player-1.png"), full_page=True)
            # Talon Dive attacks 500; Player 2 defends with Trunk Slam's 400.
            phone1.click("#attack label:has(input[value='talon-dive'])")
            phone1.click("#defence label:has(input[value='defend'])")
            phone1.click("#answer label:has(input[value='trunk-slam'])")
            phone1.click("text=Check the clash")
            expect(phone1.locator("ol.steps")).to_contain_text("the defender loses 500 - 400 = 100")
            phone1.screenshot(path=str(shots / "naturedome-confirm.png"), full_page=True)
            phone1.click("text=Confirm and record")
            expect(phone1.locator(".flash")).to_contain_text(
                "Recorded: clash P1 attack talon-dive / P2 defend trunk-slam"
            )

            expect(phone2.locator("#meter-2 .nd-health")).to_have_text("900", timeout=3000)
            expect(phone2.locator(".nd-turn")).to_contain_text("Your attack")
            assert phone2.evaluate("window.notReloaded") is True
            phone2.screenshot(path=str(shots / "naturedome-player-2-live.png"), full_page=True)
            phone1.goto(player1.rsplit("/player", 1)[0] + "/table")
            phone1.screenshot(path=str(shots / "naturedome-table.png"), full_page=True)
