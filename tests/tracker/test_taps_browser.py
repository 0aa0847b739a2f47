"""Faster than paper, counted: each row of docs/tracker.md's tap table played in a real browser
(Debian's chromium through Playwright) at 390 x 844, from the page a player is on, counting taps
as `taps.Taps` does (a click 1, a <select> 2, typing 1 + a character). The figures are printed and
held to the table's "after" column; the pages are screenshotted into DOMEKIT_SCREENSHOTS (or the
test's tmp folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kit_browser import (
    GOLD_SPACES,
    RED_SPACES,
    act,
    browser_missing,
    chromium,
    open_page,
    phone,
    serving_every_game,
    shots_folder,
    state,
)
from taps import Taps

pytestmark = pytest.mark.browser


AFTER = {
    "Death Dome: attack (cards 3,3 vs 2)": 6,
    "Death Dome: attack, recorded without the check page": 5,
    "Death Dome: attack that kills, jail asked": 6,
    "Death Dome: Vitae -2": 1,
    "Death Dome: equip an item": 1,
    "Death Dome: pay 50 000 credits": 7,
    "Dominum: deploy (initial placement)": 2,
    "Dominum: move": 2,
    "Dominum: attack": 6,
    "Domppa: set up five characters": 2,
    "Domppa: next character and its attack": 13,
    "Nature Dome: a clash": 4,
}
"""The most taps each row may take (docs/tracker.md, "after")."""


@pytest.fixture
def tracker(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    with serving_every_game(tmp_path) as served:
        yield served




def recorded(t: Taps) -> str:
    return t.page.locator(".flash").first.inner_text()


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_death_dome_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["deathdome"]
    dd = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted = {}
    act(base, kit, type="buy", team="red", item="heavy-rifle")
    act(base, kit, type="pass", team="blue")
    act(base, kit, type="buy", team="red", item="scalpel")
    with chromium() as browser:
        t = Taps(phone(browser))
        page = t.page
        # Equip: the scalpel goes on a medic, the only red unit whose deck it is in.
        page.goto(f"{dd}/team/red")
        scalpel = page.locator("form.equip:has(input[value=scalpel])")
        assert scalpel.locator("button").all_inner_texts() == ["Equip the medic"]
        page.screenshot(path=str(shots / "dd-team-setup.png"), full_page=True)
        t.tap("form.equip:has(input[value=scalpel]) button")
        assert "equip red.medic" in recorded(t) or "scalpel" in recorded(t)
        counted["Death Dome: equip an item"] = t.reset()
        assert state(base, kit, "unit/red/medic")["unit"]["items"][0]["id"] == "scalpel"

        act(base, kit, type="equip", unit="red.gunner", item="heavy-rifle")
        act(base, kit, type="pass", team="red")
        act(base, kit, type="start")

        # An attack: the heavy rifle is preselected, two 3s and a 2 are tapped.
        page.goto(f"{dd}/unit/red/gunner")
        assert page.locator("#weapon input[value=heavy-rifle]").is_checked()
        page.screenshot(path=str(shots / "dd-unit-attack.png"), full_page=True)
        t.tap("#target label:has(input[value='blue.gunner'])")
        t.tap("#cards [data-value='3'] label >> nth=0")
        t.tap("#cards [data-value='3'] label >> nth=1")
        t.tap("#defence [data-value='2'] label >> nth=0")
        t.tap("text=Check the attack")
        page.screenshot(path=str(shots / "dd-confirm-attack.png"), full_page=True)
        t.tap("text=Confirm and record")
        assert "attack red.gunner -> blue.gunner with heavy-rifle cards 3,3 vs 2" in recorded(t)
        counted["Death Dome: attack (cards 3,3 vs 2)"] = t.reset()
        # 3 + 3 + rifle 2 + skill 1 = 9 against 2 + toughness 2 = 4: 5 damage on 7 Vitae.
        assert state(base, kit, "unit/blue/gunner")["unit"]["vitae"] == 2

        # The common case, a wound: recorded at once. 3 + 2 + rifle 2 + skill 1 = 8 against
        # 2 + toughness 1 = 3: 5 damage on the warrior's 6 Vitae.
        page.goto(f"{dd}/unit/red/gunner")
        t.tap("#target label:has(input[value='blue.warrior'])")
        t.tap("#cards [data-value='3'] label >> nth=0")
        t.tap("#cards [data-value='2'] label >> nth=0")
        t.tap("#defence [data-value='2'] label >> nth=0")
        t.tap("#record-attack")
        assert "attack red.gunner -> blue.warrior with heavy-rifle cards 2,3 vs 2" in recorded(t)
        counted["Death Dome: attack, recorded without the check page"] = t.reset()
        assert state(base, kit, "unit/blue/warrior")["unit"]["vitae"] == 1

        # A kill, on red's next turn (a turn has two unit phases): "Record it now" stops on the
        # check page only to ask which jail.
        act(base, kit, type="end_turn", team="red")
        act(base, kit, type="end_turn", team="blue")
        page.goto(f"{dd}/unit/red/gunner")
        t.tap("#target label:has(input[value='blue.scout'])")
        t.tap("#cards [data-value='3'] label >> nth=0")
        t.tap("#cards [data-value='3'] label >> nth=1")
        t.tap("#defence [data-value='2'] label >> nth=0")
        t.tap("#record-attack")
        assert "which jail?" in page.locator("main").inner_text()
        t.tap("#confirm-form button >> nth=1")
        assert "attack red.gunner -> blue.scout with heavy-rifle cards 3,3 vs 2" in recorded(t)
        counted["Death Dome: attack that kills, jail asked"] = t.reset()

        # Vitae from a card: one tap on −2.
        page.goto(f"{dd}/unit/blue/medic")
        page.screenshot(path=str(shots / "dd-unit-vitae.png"), full_page=True)
        t.tap("#vitae-change button[value='-2']")
        assert "vitae blue.medic -2" in recorded(t)
        counted["Death Dome: Vitae -2"] = t.reset()
        assert state(base, kit, "unit/blue/medic")["unit"]["vitae"] == 3

        # Money: a round 50 000 is a valid amount for the browser.
        page.goto(f"{dd}/table")
        page.screenshot(path=str(shots / "dd-table.png"), full_page=True)
        t.pick("select[name=payee]", "blue")
        t.type("input[name=amount]", "50000")
        t.tap("text=Pay")
        assert "50,000" in recorded(t) or "50000" in recorded(t)
        counted["Death Dome: pay 50 000 credits"] = t.reset()
    report(counted)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_dominum_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["dominum"]
    dm = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted = {}
    act(base, kit, type="begin", reserves={"red": ["3", "4"], "gold": ["1", "2"]}, seed=7,
        first_player="red")  # fmt: skip
    forces = state(base, kit, "table")["forces"]
    for i in range(6):
        act(base, kit, type="place", player="red", card=forces["red"][i], space=RED_SPACES[i])
        if i < 5:
            act(
                base, kit, type="place", player="gold", card=forces["gold"][i], space=GOLD_SPACES[i]
            )
    with chromium() as browser:
        t = Taps(phone(browser))
        page = t.page
        # Initial deployment: the card by its full name, then the space on the board.
        page.goto(f"{dm}/player/gold")
        card = forces["gold"][5]
        assert page.locator("#place-form .tapgroup").inner_text().count(card) >= 1
        page.screenshot(path=str(shots / "dm-player-place.png"), full_page=True)
        t.tap(f"#place-form label.tap:has(input[value='{card}'])")
        t.tap(f"#place-form button[value='{GOLD_SPACES[5]}']")
        assert f"gold place {card} at {GOLD_SPACES[5]}" in recorded(t)
        counted["Dominum: deploy (initial placement)"] = t.reset()

        act(base, kit, type="activate", player="red", phase="move")
        page.goto(f"{dm}/player/red")
        page.screenshot(path=str(shots / "dm-player-move.png"), full_page=True)
        t.tap("#move-form label[data-space='3,3']")
        t.tap("#move-form button[value='4,3']")
        assert "red move 3,3 -> 4,3" in recorded(t)
        counted["Dominum: move"] = t.reset()
        act(base, kit, type="move", player="red", start="2,4", end="4,4")
        act(base, kit, type="end_phase", player="red")
        act(base, kit, type="activate", player="gold", phase="reserve")
        act(base, kit, type="reserve", player="gold", revealed="4")
        act(base, kit, type="activate", player="red", phase="attack")

        page.goto(f"{dm}/player/red")
        page.screenshot(path=str(shots / "dm-player-attack.png"), full_page=True)
        t.tap("#attack-form label[data-space='4,4']")
        t.tap("#attack-form label[data-space='4,5']")
        t.tap("#power label:has(input[value='deck:3'])")
        t.tap("#defense-power label:has(input[value='deck:1'])")
        t.tap("text=Check the attack")
        page.screenshot(path=str(shots / "dm-confirm-attack.png"), full_page=True)
        t.tap("text=Confirm and record")
        assert "red attack 4,4 -> 4,5 power 3 vs 1" in recorded(t)
        counted["Dominum: attack"] = t.reset()
    report(counted)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_domppa_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["domppa"]
    dp = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted = {}
    with chromium() as browser:
        t = Taps(phone(browser))
        page = t.page
        # Set-up: the seven characters of the card data start with their gear and side; five
        # fight, two leave in a tap each.
        page.goto(f"{dp}/table")
        page.screenshot(path=str(shots / "dp-table-setup.png"), full_page=True)
        # Each tap once the page shows the one before recorded, as a player sees it (two taps
        # in flight at once: tests/games/domppa/test_browser.py).
        for leaving in ("troll", "priest"):
            t.tap(f"#leave-{leaving} button")
            page.locator(f"#leave-{leaving}").wait_for(state="detached", timeout=10000)
        counted["Domppa: set up five characters"] = t.reset()
        roster = state(base, kit, "table")["units"]
        assert len(roster) == 5
        knight = next(u for u in roster if u["id"] == "knight")
        assert (knight["weapon"], knight["shield"], knight["side"]) == (
            "Lance",
            "Kite Shield",
            "Defenders",
        )
        # The next character by the turn order: one tap starts its turn and opens its page.
        first = state(base, kit, "table")["next_up"]
        t.tap("#next-character button")
        # Either the phone follows the form to the character's page, or the table page morphs
        # in place (JavaScript) and its "its turn" link is one more tap.
        page.wait_for_function(
            "id => location.pathname.endsWith('/unit/' + id)"
            " || document.querySelector('#active-character') !== null",
            arg=first["id"],
            timeout=15000,
        )
        if f"/unit/{first['id']}" not in page.url:
            t.tap("#active-character")
        assert f"/unit/{first['id']}" in page.url
        page.screenshot(path=str(shots / "dp-unit-attack.png"), full_page=True)
        target = page.locator("#target input").first.get_attribute("value")
        t.tap(f"#target label:has(input[value='{target}'])")
        t.type("#hit-dice", "5,3")
        t.type("#damage-dice", "4,4")
        t.tap("text=Check the attack")
        t.tap("text=Confirm and record")
        assert f"{first['id']} -> {target}" in recorded(t)
        counted["Domppa: next character and its attack"] = t.reset()
        open_page(page, f"{dp}/table")
        page.screenshot(path=str(shots / "dp-table-turns.png"), full_page=True)
    report(counted)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_nature_dome_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    nd = f"{base}/k/{kits['naturedome']}"
    shots = shots_folder(tmp_path)
    counted = {}
    with chromium() as browser:
        t = Taps(phone(browser))
        page = t.page
        page.goto(f"{nd}/player/1")
        page.screenshot(path=str(shots / "nd-player-attacker.png"), full_page=True)
        t.tap("#attack label:has(input[value='bear-swipe'])")
        t.tap("#answer label:has(input[value='bear-swipe'])")
        t.tap("text=Check the clash")
        page.screenshot(path=str(shots / "nd-confirm-clash.png"), full_page=True)
        t.tap("text=Confirm and record")
        assert "clash P1 attack bear-swipe / P2 defend bear-swipe" in recorded(t)
        counted["Nature Dome: a clash"] = t.reset()
        # The defender's own page: its hand is its own, so no odds about it.
        defender = state(base, kits["naturedome"], "table")["defender"]
        page.goto(f"{nd}/player/{defender}")
        page.screenshot(path=str(shots / "nd-player-defender.png"), full_page=True)
        assert page.locator("#clash-form[data-odds]").count() == 0
    report(counted)


def report(counted: dict[str, int]) -> None:
    for row, taps in counted.items():
        print(f"| {row} | {taps} |")
        assert taps <= AFTER[row], f"{row}: {taps} taps, the table says at most {AFTER[row]}"
