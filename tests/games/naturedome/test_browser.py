"""Nature Dome from a printed kit: scan Player 1's Health Meter, set the duel up light, name the
cards each player drew, lay the attack card on one phone and answer it on the other (the answer
says what it costs before it is tapped), each phone following the other live."""

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
            # The first phone to scan sets the duel up: light first, then back to its page.
            phone1.goto(player1)
            expect(phone1.locator("h1")).to_have_text("New match: how to track it")
            expect(phone1.locator("form.modes button").first).to_contain_text("Light")
            phone1.screenshot(path=str(shots / "naturedome-set-up.png"), full_page=True)
            phone1.click("#mode-light")
            expect(phone1).to_have_url(player1)
            phone2.goto(player2)
            expect(phone2.locator("#live-status")).to_have_text("live", timeout=5000)
            phone2.evaluate("window.notReloaded = true")
            expect(phone2.locator("#meter-2 .nd-health")).to_have_text("1000")
            # Each names the three cards drawn, a tap a card.
            for card in ("talon-dive", "bear-swipe", "shell-guard"):
                phone1.click(f"#name-form button[value='{card}']")
            for card in ("trunk-slam", "tail-drop", "ink-cloud"):
                phone2.click(f"#name-form button[value='{card}']")
            expect(phone2.locator("#hand")).to_contain_text("Ink Cloud")
            expect(phone1.locator(".nd-turn")).to_contain_text("Your attack")
            # Talon Dive attacks 500, with its odds against Player 2's unseen hand.
            play = phone1.locator("#play-talon-dive button")
            expect(play).to_contain_text("attack 500")
            expect(play).to_contain_text("% of the time")
            phone1.screenshot(path=str(shots / "naturedome-player-1.png"), full_page=True)
            play.click()
            # Player 2's phone shows the attack laid and what each answer costs (certain: no
            # odds); Trunk Slam defends 400: 100 damage.
            answer = phone2.locator("#answer-trunk-slam button[value='defend']")
            expect(answer).to_contain_text("−100 → 900", timeout=3000)
            expect(phone2.locator("#move .odds")).to_have_count(0)
            phone2.screenshot(path=str(shots / "naturedome-player-2-answers.png"), full_page=True)
            answer.click()
            expect(phone2.locator(".flash")).to_contain_text(
                "The defender defends with Trunk Slam: Player 2 loses 100"
            )
            expect(phone1.locator("#meter-2 .nd-health")).to_have_count(0)  # its own meter
            expect(phone2.locator("#meter-2 .nd-health")).to_have_text("900", timeout=3000)
            expect(phone2.locator(".nd-turn")).to_contain_text("Your attack")
            assert phone2.evaluate("window.notReloaded") is True
            phone2.screenshot(path=str(shots / "naturedome-player-2-live.png"), full_page=True)
            phone1.goto(player1.rsplit("/player", 1)[0] + "/table")
            expect(phone1.locator("#status")).to_contain_text("900")
            phone1.screenshot(path=str(shots / "naturedome-table.png"), full_page=True)
