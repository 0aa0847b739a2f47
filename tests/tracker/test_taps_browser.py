"""Faster than paper, counted: each row of the tap table (taps.ROWS: every game's actions, the
taps before issue 27, the target, the pen and paper it replaces) played in a real browser
(Debian's chromium through Playwright) at 390 x 844, from the page a player is on, counting taps
as `taps.Taps` does (a click 1, a <select> 2, typing 1 + a character). Each test prints its
rows as the table README and docs/tracker.md quote, and holds each to its target; every common
action's button is on the first screen (844 px), without scrolling. The pages are screenshotted
into DOMEKIT_SCREENSHOTS (or the test's tmp folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from kit_browser import (
    GOLD_SPACES,
    PHONE,
    RED_GUNNER_ARMED,
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
from taps import DD, DM, DP, ND, Row, Taps, report, row

pytestmark = pytest.mark.browser


@pytest.fixture
def tracker(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    with serving_every_game(tmp_path) as served:
        yield served


def recorded(t: Taps) -> str:
    return t.page.locator(".flash").first.inner_text()


def set_up(base: str, kit: str, mode: str) -> None:
    """The set-up page's choice, as a phone makes it (a game with one way: nothing to choose)."""
    reply = httpx.post(f"{base}/k/{kit}/setup", json={"mode": mode}, timeout=10)
    assert reply.status_code in (200, 422), reply.text


def on_first_screen(t: Taps, selector: str) -> None:
    """The action's button is on the phone's first screen: no scrolling to reach it."""
    box = t.page.locator(selector).first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], (selector, box)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_death_dome_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["deathdome"]
    dd = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted: dict[Row, int] = {}
    set_up(base, kit, "light")
    with chromium() as browser:
        t = Taps(phone(browser))
        page = t.page
        # A purchase on the table page: the shop comes first in the set-up.
        page.goto(f"{dd}/table")
        on_first_screen(t, "#buy-form button[type=submit]")
        page.screenshot(path=str(shots / "dd-table-shop.png"), full_page=True)
        t.pick("#buy-item", "heavy-rifle")
        t.tap("#buy-form button[type=submit]")
        assert "Red buys Heavy Rifle" in recorded(t)
        counted[row(DD, "buy an item (set-up)")] = t.reset()
        act(base, kit, type="pass", team="blue")
        act(base, kit, type="buy", team="red", item="scalpel")
        # Equip: the scalpel goes on a medic, the only red unit whose deck it is in.
        page.goto(f"{dd}/team/red")
        scalpel = page.locator("form.equip:has(input[value=scalpel])")
        assert scalpel.locator("button").all_inner_texts() == ["Equip the medic"]
        on_first_screen(t, "form.equip:has(input[value=scalpel]) button")
        page.screenshot(path=str(shots / "dd-team-setup.png"), full_page=True)
        t.tap("form.equip:has(input[value=scalpel]) button")
        assert "Red medic takes Scalpel" in recorded(t)
        counted[row(DD, "equip an item")] = t.reset()
        assert state(base, kit, "unit/red/medic")["unit"]["items"][0]["id"] == "scalpel"

        act(base, kit, type="equip", unit="red.gunner", item="heavy-rifle")
        act(base, kit, type="pass", team="red")
        act(base, kit, type="start")

        # An attack: the heavy rifle is what the gunner carries; two 3s, and the defender's 2
        # records it. 3 + 3 + rifle 2 + skill 1 = 9 against 2 + toughness 2 = 4: 5 damage.
        page.goto(f"{dd}/unit/red/gunner")
        expect_text(page, "#weapon", "With Heavy Rifle S2")
        on_first_screen(t, "#answer button[value='4']")
        page.screenshot(path=str(shots / "dd-unit-attack.png"), full_page=True)
        t.tap("#target label:has(input[value='blue.gunner'])")
        t.tap("#cards [data-value='3'] label >> nth=0")
        t.tap("#cards [data-value='3'] label >> nth=1")
        t.tap("#answer button[value='2']")
        said = recorded(t)
        assert "Red gunner attacks Blue gunner with Heavy Rifle: 3 and 3 against 2" in said
        assert "5" in said.split(":", 2)[-1]  # the result in words: 5 Vitae lost
        counted[row(DD, "attack, cards 3,3 vs 2, recorded at the answer (light)")] = t.reset()
        assert state(base, kit, "unit/blue/gunner")["unit"]["vitae"] == 2

        # A capture of an unclaimed control point, then the turn's end: a tap each.
        page.goto(f"{dd}/team/red")
        on_first_screen(t, "#capture-control_point button[value='']")
        on_first_screen(t, "#end-turn-form button")
        page.screenshot(path=str(shots / "dd-team-turn.png"), full_page=True)
        t.tap("#capture-control_point button[value='']")
        assert "Red captures a control point" in recorded(t)
        counted[row(DD, "capture a control point (light)")] = t.reset()
        assert state(base, kit, "team/red")["team"]["control_points"] == 1
        t.tap("#end-turn-form button")
        expect_text(page, ".flash", "Red ends its turn")
        counted[row(DD, "end the turn (light)")] = t.reset()
        assert state(base, kit, "table")["current_team"] == "blue"

        # A kill, on red's next turn: the rules' question (which jail) is asked on the form.
        act(base, kit, type="end_turn", team="blue")
        page.goto(f"{dd}/unit/red/gunner")
        t.tap("#target label:has(input[value='blue.scout'])")
        t.tap("#cards [data-value='3'] label >> nth=0")
        t.tap("#cards [data-value='3'] label >> nth=1")
        t.tap("#answer button[value='2']")
        expect_text(page, "#attack-form dk-note.check", "which jail?")
        page.screenshot(path=str(shots / "dd-unit-jail-asked.png"), full_page=True)
        assert state(base, kit, "unit/blue/scout")["unit"]["vitae"] == 5  # not yet recorded
        t.tap("#attack-form dk-note.check button:has-text('Jail north')")
        assert "killed" in recorded(t) or "jail north" in recorded(t)
        counted[row(DD, "attack that kills, jail asked (light)")] = t.reset()
        assert state(base, kit, "unit/blue/scout")["unit"]["jail"] == "north"

        # The jail it went to is released in a tap (a unit phase of red's).
        page.goto(f"{dd}/team/red")
        on_first_screen(t, "#release-form button[value='north']")
        expect_text(page, "#release-form button[value='north']", "Jail north (Blue scout)")
        page.screenshot(path=str(shots / "dd-team-release.png"), full_page=True)
        t.tap("#release-form button[value='north']")
        assert "Red releases jail north" in recorded(t)
        counted[row(DD, "release a jail (light)")] = t.reset()
        assert state(base, kit, "unit/blue/scout")["unit"]["status"] == "active"

        # Vitae from a card: one tap on -2.
        page.goto(f"{dd}/unit/blue/medic")
        on_first_screen(t, "#vitae-change button[value='-2']")
        page.screenshot(path=str(shots / "dd-unit-vitae.png"), full_page=True)
        t.tap("#vitae-change button[value='-2']")
        assert "Blue medic loses 2 Vitae from a card" in recorded(t)
        counted[row(DD, "Vitae -2 from a card")] = t.reset()
        assert state(base, kit, "unit/blue/medic")["unit"]["vitae"] == 3

        # Money, from the paying team's page: the only other team is the payee.
        page.goto(f"{dd}/team/red")
        t.type("#transfer-form input[name=amount]", "50000")
        t.tap("#transfer-form button[type=submit]")
        assert "Red pays Blue 50,000 credits" in recorded(t)
        counted[row(DD, "pay 50 000 credits (from the team's page)")] = t.reset()
        page.goto(f"{dd}/table")
        page.screenshot(path=str(shots / "dd-table.png"), full_page=True)

    # Full tracking: the same attack, checked first.
    full = kits["deathdome full"]
    set_up(base, full, "full")
    for action in RED_GUNNER_ARMED:
        act(base, full, **action)
    with chromium() as browser:
        t = Taps(phone(browser))
        t.page.goto(f"{base}/k/{full}/unit/red/gunner")
        t.tap("#target label:has(input[value='blue.gunner'])")
        t.tap("#cards [data-value='3'] label >> nth=0")
        t.tap("#cards [data-value='3'] label >> nth=1")
        t.tap("#answer button[value='2']")
        expect_text(t.page, "h1", "Check, then confirm")
        t.page.screenshot(path=str(shots / "dd-confirm-attack.png"), full_page=True)
        t.tap("text=Confirm and record")
        assert "Red gunner attacks Blue gunner" in recorded(t)
        counted[row(DD, "attack with the check page first (full)")] = t.reset()
    report(counted)


def expect_text(page, selector: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator(selector).first).to_contain_text(text, timeout=10000)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_dominum_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["dominum full"]
    dm = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted: dict[Row, int] = {}
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
        counted[row(DM, "deploy (initial placement, full)")] = t.reset()

        act(base, kit, type="activate", player="red", phase="move")
        page.goto(f"{dm}/player/red")
        page.screenshot(path=str(shots / "dm-player-move.png"), full_page=True)
        t.tap("#move-form label[data-space='3,3']")
        t.tap("#move-form button[value='4,3']")
        assert "red move 3,3 -> 4,3" in recorded(t)
        counted[row(DM, "move (full)")] = t.reset()
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
        counted[row(DM, "attack (full)")] = t.reset()
    report(counted)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_dominum_light_rows(tracker, tmp_path: Path) -> None:
    """A light match: the table keeps the battlefield and the Phase tokens, the phone the Power
    Decks and the sums; an attack is three taps on red's mat, its answer one on gold's."""
    base, kits = tracker
    kit = kits["dominum"]
    dm = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted: dict[Row, int] = {}
    set_up(base, kit, "light")
    act(base, kit, type="begin", reserves={"red": ["3", "4"], "gold": ["1", "2"]}, seed=7,
        first_player="red")  # fmt: skip
    with chromium() as browser:
        t = Taps(phone(browser))
        page = t.page
        page.goto(f"{dm}/player/red")
        page.screenshot(path=str(shots / "dm-light-red.png"), full_page=True)
        # Nothing the table shows is asked: no board, no space, no Phase token.
        for gone in (".dm-board", "#place-form", "#move-form", "select[name=phase]"):
            assert page.locator(gone).count() == 0, gone
        counted[row(DM, "deploy, move, Phase token (light: on the table only)")] = 0
        # Shadowblade (3) draws a 3 against the Militia Pikeman: 6, said before gold answers.
        for button in ("#power button", "#power2 button"):
            on_first_screen(t, button)
        t.tap("#attacker label:has(input[value='Shadowblade'])")
        t.tap("#target label:has(input[value='Militia Pikeman'])")
        t.tap("#power button[value='deck:3']")
        expect_text(page, ".flash", "Shadowblade draws 3: attack total 6")
        counted[row(DM, "attack: your card, the enemy card, the power drawn (light)")] = t.reset()

        page.goto(f"{dm}/player/gold")
        expect_text(page, "#defend", "attack total 6")
        page.screenshot(path=str(shots / "dm-light-gold-answers.png"), full_page=True)
        on_first_screen(t, "#defend-form button[value='none']")
        t.tap("#defense-power button[value='deck:1']")  # 2 + 1 = 3 < 6
        expect_text(page, ".flash", "a wound: Shadowblade wounds Militia Pikeman")
        counted[row(DM, "answer an attack: the power drawn or none (light)")] = t.reset()

        # Red's assault: 5 in gold's zone, then 4 and a reserve 3: 12, 2 VP.
        page.goto(f"{dm}/player/red")
        t.tap("#initial label:has(input[value='5'])")
        t.tap("#power1 label:has(input[value='deck:4'])")
        t.tap("#power2 button[value='reserve:3']")
        expect_text(page, ".flash", "assault total 12: 2 VP")
        counted[row(DM, "assault: initial score, two draws (light)")] = t.reset()
        assert state(base, kit, "player/red")["mine"]["vp"] == 2

        t.tap("#phases button:has-text('Charge Phase')")
        expect_text(page, ".flash", "charge 2 -> 3")
        counted[row(DM, "Charge Phase (light)")] = t.reset()

        page.goto(f"{dm}/table")
        page.screenshot(path=str(shots / "dm-light-table.png"), full_page=True)
        expect_text(page, "#mode-note", "not entered")
        on_first_screen(t, "#end-round-form button")
        t.tap("#end-round-form button")
        expect_text(page, ".flash", "round 2 begins")
        counted[row(DM, "end the round (light)")] = t.reset()
    report(counted)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_domppa_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["domppa"]
    dp = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted: dict[Row, int] = {}
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
        counted[row(DP, "set up five characters")] = t.reset()
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
        counted[row(DP, "start the next character's turn")] = t.reset()
        page.screenshot(path=str(shots / "dp-unit-attack.png"), full_page=True)
        on_first_screen(t, "#record-attack")
        side = next(u["side"] for u in roster if u["id"] == first["id"])
        target = next(u["id"] for u in roster if u["side"] != side)
        t.tap(f"#target label:has(input[value='{target}'])")
        t.dice("#hit-dice", "55")
        t.dice("#damage-dice", "55")
        t.tap("#record-attack")
        expect_text(page, ".flash", f"{first['id']} -> {target}")
        counted[row(DP, "melee: target, hit dice, damage dice, Record it now")] = t.reset()

        # The target's phone (on its card) tests morale when it took damage: its dice and one
        # tap, and the result is said in words.
        assert state(base, kit, f"unit/{target}")["unit"]["morale_due"]
        open_page(page, f"{dp}/unit/{target}")
        on_first_screen(t, "#morale button")
        t.dice("#morale input[name=dice]", "54")
        t.tap("#morale button")
        expect_text(page, ".flash", "morale")
        fled = state(base, kit, f"unit/{target}")["unit"]["fleeing"]
        expect_text(page, ".flash", "fails: flees" if fled else "passed")
        page.screenshot(path=str(shots / "dp-morale.png"), full_page=True)
        counted[row(DP, "morale test: its dice, Test morale")] = t.reset()

        # The Scout with its Shortbow in hand shoots the Berserker 6 squares away.
        act(base, kit, type="gear", unit="scout", weapon="Shortbow")
        act(base, kit, type="turn", unit="scout")
        open_page(page, f"{dp}/unit/scout")
        expect_text(page, "#with", "Shortbow")
        on_first_screen(t, "#record-attack")
        t.tap("#target label:has(input[value='berserker'])")
        t.dice("#distance", "6")
        t.dice("#hit-dice", "54")
        t.dice("#damage-dice", "33")
        page.screenshot(path=str(shots / "dp-unit-ranged.png"), full_page=True)
        t.tap("#record-attack")
        expect_text(page, ".flash", "scout -> berserker")
        row_ranged = "ranged, the bow in hand: target, distance, hit and damage dice, Record it"
        counted[row(DP, row_ranged)] = t.reset()
        open_page(page, f"{dp}/table")
        page.screenshot(path=str(shots / "dp-table-turns.png"), full_page=True)
    report(counted)


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_nature_dome_rows(tracker, tmp_path: Path) -> None:
    base, kits = tracker
    kit = kits["naturedome"]
    nd = f"{base}/k/{kit}"
    shots = shots_folder(tmp_path)
    counted: dict[Row, int] = {}
    set_up(base, kit, "light")
    with chromium() as browser:
        one, two = Taps(phone(browser)), Taps(phone(browser))
        # Each player names the three cards drawn, on their own page: a tap a card.
        one.page.goto(f"{nd}/player/1")
        on_first_screen(one, "#name-form button[value='shell-guard']")
        one.page.screenshot(path=str(shots / "nd-player-name-hand.png"), full_page=True)
        for card in ("talon-dive", "bear-swipe", "shell-guard"):  # three quick taps
            one.tap(f"#name-form button[value='{card}']")
        expect_text(one.page, "#hand", "Talon Dive")
        expect_text(one.page, "#hand", "Shell Guard")
        counted[row(ND, "name the three cards drawn (light)")] = one.reset()
        two.page.goto(f"{nd}/player/2")
        for card in ("trunk-slam", "tail-drop", "ink-cloud"):
            two.tap(f"#name-form button[value='{card}']")
        expect_text(two.page, "#hand", "Trunk Slam")
        expect_text(two.page, "#hand", "Ink Cloud")
        two.reset()
        assert [len(m) for m in (state(base, kit, "player/2")["hand"]["named"],)] == [3]
        # The clash: the attacker's card on their page, the defender's answer on theirs (the
        # page shows what each answer costs). The rule text's example: attack 500, defend 400.
        one.page.goto(f"{nd}/player/1")
        on_first_screen(one, "#play-talon-dive button")
        one.page.screenshot(path=str(shots / "nd-player-attack.png"), full_page=True)
        one.tap("#play-talon-dive button")
        expect_text(one.page, ".flash", "The attacker attacks with Talon Dive")
        two.page.goto(f"{nd}/player/2")
        answer = "#answer-trunk-slam button[value='defend']"
        expect_text(two.page, answer, "−100 → 900")  # 500 - 400: it says what it costs
        expect_text(two.page, "#answer-tail-drop button[value='escape']", "no damage")
        on_first_screen(two, answer)
        two.page.screenshot(path=str(shots / "nd-player-answer.png"), full_page=True)
        two.tap(answer)
        expect_text(two.page, ".flash", "Player 2 loses 100")
        counted[row(ND, "a clash: the attacker's card, the defender's answer (light)")] = (
            one.reset() + two.reset()
        )
        assert [m["health"] for m in state(base, kit, "table")["meters"]] == [1000, 900]

    # Full tracking: the clash picked from the deck, checked, confirmed.
    full = kits["naturedome full"]
    set_up(base, full, "full")
    with chromium() as browser:
        t = Taps(phone(browser))
        t.page.goto(f"{base}/k/{full}/player/1")
        on_first_screen(t, "#defence button[value='defend']")  # it stays at the bottom edge
        t.page.screenshot(path=str(shots / "nd-player-full.png"), full_page=True)
        t.tap("#attack label:has(input[value='bear-swipe'])")
        t.tap("#answer label:has(input[value='bear-swipe'])")
        on_first_screen(t, "#defence button[value='defend']")
        t.page.screenshot(path=str(shots / "nd-player-full-picked.png"))
        t.tap("#defence button[value='defend']")
        t.page.screenshot(path=str(shots / "nd-confirm-clash.png"), full_page=True)
        t.tap("text=Confirm and record")
        assert "Player 1 attacks with Bear Swipe; Player 2 defends with Bear Swipe" in recorded(t)
        counted[row(ND, "a clash picked from the deck (full)")] = t.reset()
        # The defender's own page: its hand is its own, so no odds about it.
        defender = state(base, full, "table")["defender"]
        t.page.goto(f"{base}/k/{full}/player/{defender}")
        assert t.page.locator("#clash-form[data-odds]").count() == 0
    report(counted)
