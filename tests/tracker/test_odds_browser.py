"""The odds charts in a real browser (Debian's chromium through Playwright) at phone size: each
game's attack form draws its chart live as the player changes it, and the check page, which shows
the result already known, shows none. Screenshots of every changed page go to
DOMEKIT_SCREENSHOTS (or the test's tmp folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from kit_browser import (
    GOLD_SPACES,
    RED_SPACES,
    act,
    browser_missing,
    chromium,
    phone,
    serving_every_game,
    set_up_every,
    shots_folder,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def tracker(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    with serving_every_game(tmp_path) as served:
        yield served


def set_up(base: str, kits: dict[str, str]) -> None:
    """Each game where its attack forms show, tracked in full (the forms with a live chart):
    Death Dome in play, red's turn; Dominum's red in its assault phase with two cards in gold's
    zone; Domppa's Knight on its turn, the Berserker owing a morale test. Nature Dome's Player 1
    attacks from the start."""
    set_up_every(base, kits.values(), "full")
    act(base, kits["deathdome"], type="start")
    dm = kits["dominum"]
    act(base, dm, type="begin", reserves={"red": ["3", "4"], "gold": ["1", "2"]}, seed=7,
        first_player="red")  # fmt: skip
    forces = httpx.get(f"{base}/k/{dm}/table.json").json()["forces"]
    for i in range(6):
        act(base, dm, type="place", player="red", card=forces["red"][i], space=RED_SPACES[i])
        act(base, dm, type="place", player="gold", card=forces["gold"][i], space=GOLD_SPACES[i])
    act(base, dm, type="activate", player="red", phase="move")
    act(base, dm, type="move", player="red", start="3,3", end="4,3")
    act(base, dm, type="move", player="red", start="2,4", end="4,4")
    act(base, dm, type="end_phase", player="red")
    act(base, dm, type="activate", player="gold", phase="reserve")
    act(base, dm, type="reserve", player="gold", revealed="4")
    act(base, dm, type="activate", player="red", phase="assault")
    act(base, kits["domppa"], type="turn", unit="knight", recovery_d6="1")
    act(base, kits["domppa"], type="hp", unit="berserker", change="-11")


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_the_attack_forms_draw_their_odds_live_and_the_check_page_shows_none(
    tracker, tmp_path: Path
):
    from playwright.sync_api import expect

    base, kits = tracker
    set_up(base, kits)
    folder = shots_folder(tmp_path)
    with chromium() as browser:
        page = phone(browser)
        dd = f"{base}/k/{kits['deathdome']}"

        # Death Dome: no cards yet, the defender's 3 unknown cards: the chart says so.
        page.goto(f"{dd}/unit/red/gunner")
        page.click("#target label:has(input[value='blue.scout'])")  # no target: no odds yet
        chart = page.locator("#attack-form .odds")
        expect(chart).to_contain_text("Attack odds", timeout=5000)
        expect(chart).to_contain_text("not known")
        # 1 + skill 1 = 2 against a defender holding no cards (toughness 0): a sure wound.
        page.click("#cards [data-value='1'] label >> nth=0")
        page.click("#attack-form details summary")
        page.fill("#defender-cards", "0")
        wound = page.locator('#attack-form [data-chance="wound"] .odds-value')
        expect(wound).to_have_text("100%", timeout=5000)
        expect(page.locator('#attack-form [data-chance="kill"] .odds-value')).to_have_text("0%")
        page.screenshot(path=str(folder / "odds-deathdome-unit.png"), full_page=True)
        page.fill("#cards-typed", "1,x")
        expect(page.locator("#attack-form .odds-error")).to_contain_text(
            "cards are power values", timeout=5000
        )
        page.fill("#cards-typed", "")
        page.click("#cards [data-value='1'] label >> nth=0")  # off again
        for i in range(3):
            page.click(f"#cards [data-value='3'] label >> nth={i}")
        expect(page.locator('#attack-form [data-chance="kill"] .odds-value')).to_have_text(
            "100%", timeout=5000
        )
        page.click("#check-attack")
        expect(page.locator("h1")).to_have_text("Check, then confirm")
        # The check page shows the result, already known: no odds beside it.
        expect(page.locator("main")).to_contain_text("blue.scout killed")
        expect(page.locator(".odds")).to_have_count(0)
        page.screenshot(path=str(folder / "odds-deathdome-confirm.png"), full_page=True)

        page.goto(f"{dd}/team/red")
        # A capture's payout is certain: its form has no odds (they would decide nothing).
        expect(page.locator("#capture-control_point")).to_have_count(1)
        expect(page.locator("#turn-actions .odds-slot")).to_have_count(0)
        page.screenshot(path=str(folder / "odds-deathdome-team.png"), full_page=True)

        # Blue's scout has no attack form on red's turn; when red ends its turn the live
        # refresh brings the form in, and its chart fills without a reload.
        page.goto(f"{dd}/unit/blue/scout")
        expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
        expect(page.locator("#attack-form")).to_have_count(0)
        act(base, kits["deathdome"], type="end_turn", team="red")
        expect(page.locator("#attack-form")).to_have_count(1, timeout=5000)
        page.click("#target label:has(input[value='red.gunner'])")  # the odds need a target
        expect(page.locator("#attack-form .odds")).to_contain_text("Attack odds", timeout=5000)

        # Dominum: two cards in the zone, deck 1,1,2,2,3,4,C: 1 VP on 3 pairs of 21.
        page.goto(f"{base}/k/{kits['dominum']}/player/red")
        surge = page.locator('#assault-form [data-chance="takes_surge"] .odds-value')
        expect(surge).to_have_text("85.7%", timeout=5000)
        page.screenshot(path=str(folder / "odds-dominum-assault.png"), full_page=True)
        # No draw is preselected (issue 27): the player names both; then the result is known.
        page.select_option("#assault-form select[name=power1]", "deck:4")
        page.select_option("#assault-form select[name=power2]", "reserve:3")
        expect(page.locator("#assault-form .odds-slot")).to_contain_text("the result is known")
        page.click("text=Check the assault")
        expect(page.locator("h1")).to_have_text("Check, then confirm")
        expect(page.locator(".odds")).to_have_count(0)  # the result is shown, not odds
        page.screenshot(path=str(folder / "odds-dominum-confirm.png"), full_page=True)

        # Nature Dome: the chart follows the attack card chosen (none is chosen for the player:
        # the slot says what to tap); once the answer is chosen the result is certain: no odds.
        page.goto(f"{base}/k/{kits['naturedome']}/player/1")
        expect(page.locator("#clash-form .odds-slot")).to_contain_text("tap the attack card")
        page.click("#attack label:has(input[value='talon-dive'])")
        chart = page.locator("#clash-form .odds")
        expect(chart).to_contain_text("Clash odds", timeout=5000)
        expect(chart).to_contain_text("best play talon-dive")
        page.click("#attack label:has(input[value='bear-swipe'])")
        expect(chart).to_contain_text("best play bear-swipe", timeout=5000)
        page.click("#answer label:has(input[value='shell-guard'])")
        expect(page.locator("#clash-form .odds")).to_have_count(0, timeout=5000)
        expect(page.locator("#clash-form .odds-slot")).to_contain_text("the result is certain")
        page.screenshot(path=str(folder / "odds-naturedome-player.png"), full_page=True)

        # Domppa: the melee chart with its damage columns; the morale prompt's own chart.
        dp = f"{base}/k/{kits['domppa']}"
        page.goto(f"{dp}/unit/knight")
        page.click("#target label:has(input[value='berserker'])")
        # A weapon not on its card (it holds the Lance): "another weapon" under More.
        page.click("#attack-form details summary")
        page.select_option("select[name=other_with]", "melee:Broadsword")
        chart = page.locator("#attack-form .odds")
        expect(chart).to_contain_text("Melee odds", timeout=5000)
        expect(chart).to_contain_text("Berserker (10 of 21 HP)")
        expect(chart.locator("svg.odds-cols")).to_be_visible()
        page.screenshot(path=str(folder / "odds-domppa-knight.png"), full_page=True)
        page.goto(f"{dp}/unit/berserker")
        expect(page.locator('#morale [data-chance="passed"] .odds-value')).to_have_text("58.3%")
        page.screenshot(path=str(folder / "odds-domppa-morale.png"), full_page=True)
