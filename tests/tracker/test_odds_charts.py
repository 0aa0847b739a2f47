"""The odds charts on the tracker's attack forms: the odds endpoint (JSON and the HTML fragment the
live chart draws) and the confirm page, for cases a player can work out by hand; the view-only
link may read odds but still not write; bad input is a 4xx naming what is wrong."""

from __future__ import annotations

import re
import secrets
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from tracker_helpers import act, make_app, new_kit

from toolkit.games.deathdome import odds as deathdome_odds
from toolkit.games.naturedome import odds as naturedome_odds


@pytest.fixture
def client(db_url: str):
    with TestClient(make_app(db_url), base_url="http://table.local") as test_client:
        test_client.db_url = db_url
        yield test_client


def chances(reply) -> dict[str, Fraction]:
    assert reply.status_code == 200, reply.text
    return {c["name"]: Fraction(c["fraction"]) for c in reply.json()["odds"]["chances"]}


def rows(reply, name: str) -> dict[str, Fraction]:
    found = next(d for d in reply.json()["odds"]["distributions"] if d["name"] == name)
    return {r["value"]: Fraction(r["fraction"]) for r in found["rows"]}


def chart_percent(html: str, chance: str) -> str:
    """The percentage the chart prints beside one chance's bar."""
    row = re.search(rf'data-chance="{chance}".*?class="odds-value">([^<]+)<', html, re.S)
    assert row is not None, f"no {chance} bar in the chart"
    return row.group(1)


# ------------------------------------------------------------------------------- Death Dome


@pytest.fixture
def deathdome(client) -> str:
    """Red and blue, the match started: red's turn; nobody bought anything (no weapons, no
    armour). Gunner: skill 1. Scout: toughness 0, Vitae 5 (card_data/deathdome/units.csv)."""
    kit = new_kit(client.db_url, "deathdome", teams=["red", "blue"])
    assert act(client, kit, {"type": "start"}).status_code == 200
    return kit


ATTACK = {"type": "attack", "attacker": "red.gunner", "target": "blue.scout"}


def test_an_attack_stack_above_a_defender_without_cards_wounds_for_certain(client, deathdome):
    # Attack stack: the card 1 + skill 1 = 2; defence: toughness 0 and no cards. Damage 2 - 0 = 2,
    # Vitae 5 -> 3: a wound, not a kill, and one card cannot push back.
    reply = client.get(
        f"/k/{deathdome}/odds", params={**ATTACK, "cards": "1", "defender_cards": "0"}
    )
    assert chances(reply) == {"wound": 1, "kill": 0, "push_back": 0}
    assert rows(reply, "damage") == {"2": 1}
    assert "holds 0 unknown card(s)" in " ".join(reply.json()["odds"]["notes"])
    # 3,3,3 + skill 1 = 10 against 0: a kill for certain (push back needs the unit left standing).
    reply = client.get(
        f"/k/{deathdome}/odds", params={**ATTACK, "cards": "3,3,3", "defender_cards": "0"}
    )
    assert chances(reply) == {"wound": 1, "kill": 1, "push_back": 0}


def test_once_the_defense_is_played_the_result_is_certain_and_no_odds_are_shown(client, deathdome):
    # The defender plays 1: defence stack 0 + 1 = 1 against 2: 1 damage, a wound, for certain.
    reply = client.get(f"/k/{deathdome}/odds", params={**ATTACK, "cards": "1", "defence": "1"})
    assert reply.status_code == 422 and "the result is certain" in reply.json()["message"]
    page = client.post(f"/k/{deathdome}/preview", data={**ATTACK, "cards": "1", "defence": "1"})
    assert page.status_code == 200
    assert "Check, then confirm" in page.text and "Attack odds" not in page.text
    assert "blue.scout takes 1, Vitae 4" in page.text  # the result, not odds beside it


def test_unknown_defender_cards_use_the_engines_default_and_say_so(client, deathdome):
    reply = client.get(f"/k/{deathdome}/odds", params={**ATTACK, "cards": "1"})
    expected = deathdome_odds.attack_chart(cards=[1], skill=1, toughness=0, vitae=5)
    assert reply.json()["odds"]["chances"] == expected["chances"]
    assert 0 < chances(reply)["wound"] < 1
    notes = " ".join(reply.json()["odds"]["notes"])
    assert "not known" in notes and "3 cards (a turn's base draw" in notes
    # The page's form carries the live chart, and says the default in its placeholder.
    page = client.get(f"/k/{deathdome}/unit/red/gunner").text
    assert f'data-odds="/k/{deathdome}/odds"' in page and "data-odds-slot" in page
    assert 'name="defender_cards"' in page and "3: a turn's draw" in page


def test_a_capture_decides_nothing_so_it_shows_no_odds(client, deathdome):
    capture = {"type": "capture", "team": "red", "point": "control_point"}
    reply = client.get(f"/k/{deathdome}/odds", params=capture)
    assert reply.status_code == 422 and "a capture has no odds" in reply.json()["message"]
    page = client.post(f"/k/{deathdome}/preview", data=capture)
    assert "Check, then confirm" in page.text and "Capture payout" not in page.text
    assert "data-odds" not in client.get(f"/k/{deathdome}/team/red").text


def test_the_fragment_is_the_chart_the_live_form_draws(client, deathdome):
    reply = client.get(
        f"/k/{deathdome}/odds",
        params={**ATTACK, "cards": "1", "defender_cards": "0", "format": "html"},
    )
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/html")
    assert chart_percent(reply.text, "wound") == "100%"
    assert '<svg class="odds-bar"' in reply.text and "<script" not in reply.text
    bad = client.get(f"/k/{deathdome}/odds", params={**ATTACK, "cards": "x", "format": "html"})
    assert bad.status_code == 422 and 'class="odds-error"' in bad.text
    assert "cards are power values" in bad.text


def test_a_view_only_link_reads_odds_and_still_cannot_write(client, deathdome):
    table = client.get(f"/k/{deathdome}/table").text
    view = re.search(r'href="(/v/[^/"]+)/table"', table).group(1)
    before = client.get(f"/k/{deathdome}/history.json").json()["entries"]
    reply = client.get(f"{view}/odds", params={**ATTACK, "cards": "1", "defender_cards": "0"})
    assert chances(reply)["wound"] == 1
    reply = client.post(f"{view}/odds", json={**ATTACK, "cards": "1", "defender_cards": "0"})
    assert chances(reply)["wound"] == 1
    refused = client.post(
        f"{view}/act",
        json={"action": {"type": "heal", "unit": "red.gunner"}, "client_action_id": "v1"},
    )
    assert refused.status_code == 403
    assert client.post(f"{view}/preview", data={**ATTACK, "cards": "1"}).status_code == 403
    # Asking for odds wrote nothing: the log is as it was.
    assert client.get(f"/k/{deathdome}/history.json").json()["entries"] == before


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({**ATTACK, "cards": "3,x"}, "cards are power values"),
        ({**ATTACK, "cards": "1", "target": "blue.nobody"}, "no unit 'nobody'"),
        ({**ATTACK, "cards": "1", "target": "scout"}, "a unit is named colour.type"),
        ({**ATTACK, "cards": "1", "weapon": "heavy-rifle"}, "does not carry"),
        ({**ATTACK, "cards": "1", "defender_cards": "-1"}, "must be at least 0"),
        ({**ATTACK, "cards": "1", "defender_cards": "99"}, "cannot hold 99 cards"),
        ({**ATTACK, "cards": "1", "behind": "moat"}, "behind must be one of"),
        ({"type": "capture", "team": "red", "point": "moon"}, "a capture has no odds"),
        ({"type": "heal", "unit": "red.gunner"}, "no odds for a 'heal' form"),
        ({"type": "teleport"}, "no odds for a 'teleport' form"),
    ],
)
def test_bad_input_is_a_422_naming_what_is_wrong(client, deathdome, params, message):
    reply = client.get(f"/k/{deathdome}/odds", params=params)
    assert reply.status_code == 422, reply.text
    assert message in reply.json()["message"]


def test_what_the_rules_make_impossible_is_a_422_naming_the_rule_in_odds_and_in_play(
    client, deathdome
):
    # "1,2,3,4 = power cards" (Special Play Deck): a 9 is refused by the odds and by the attack.
    form = {**ATTACK, "cards": "9", "defender_cards": "0"}
    reply = client.get(f"/k/{deathdome}/odds", params=form)
    assert reply.status_code == 422, reply.text
    assert reply.json()["rule"] == "Special Play Deck"
    assert "1,2,3,4 = power cards" in reply.json()["message"]
    played = act(client, deathdome, {**ATTACK, "cards": "9", "defence": ""})
    assert played.status_code == 422, played.text
    assert played.json()["rule"] == "Special Play Deck"


def test_unknown_kits_and_bodies_that_are_not_json_objects_are_4xx(client, deathdome):
    assert client.get(f"/k/{secrets.token_hex(16)}/odds", params=ATTACK).status_code == 404
    assert client.get(f"/v/{secrets.token_hex(16)}/odds", params=ATTACK).status_code == 404
    reply = client.post(
        f"/k/{deathdome}/odds", content=b"[1,2", headers={"content-type": "application/json"}
    )
    assert reply.status_code == 422
    reply = client.post(f"/k/{deathdome}/odds", json=[1, 2])
    assert reply.status_code == 422 and "JSON object" in reply.json()["message"]


# ---------------------------------------------------------------------------------- Dominum

RED_SPACES = ["1,2", "1,4", "2,2", "2,3", "2,4", "3,3"]
GOLD_SPACES = ["5,1", "5,5", "4,1", "4,5", "5,3", "3,1"]


@pytest.fixture
def dominum(client) -> str:
    """Red turned up 3 and 4 at the reset (its reserve board), then moves two cards into gold's
    assault zone (not on a fortified space) and activates its assault phase: its deck as it
    stands is the other seven of 1,1,2,2,3,3,4,4,Critical: 1,1,2,2,3,4,Critical."""
    kit = new_kit(client.db_url, "dominum")

    def ok(**action) -> None:
        reply = act(client, kit, action)
        assert reply.status_code == 200, reply.json()

    ok(type="begin", reserves={"red": ["3", "4"], "gold": ["1", "2"]}, seed=7, first_player="red")
    forces = client.get(f"/k/{kit}/table.json").json()["forces"]
    for i in range(6):
        ok(type="place", player="red", card=forces["red"][i], space=RED_SPACES[i])
        ok(type="place", player="gold", card=forces["gold"][i], space=GOLD_SPACES[i])
    ok(type="activate", player="red", phase="move")
    ok(type="move", player="red", start="3,3", end="4,3")
    ok(type="move", player="red", start="2,4", end="4,4")
    ok(type="end_phase", player="red")
    ok(type="activate", player="gold", phase="reserve")
    ok(type="reserve", player="gold", revealed="4")
    ok(type="activate", player="red", phase="assault")
    return kit


ASSAULT = {"type": "assault", "player": "red", "power1": "deck:4", "power2": "deck:3"}
OPEN_ASSAULT = {"type": "assault", "player": "red"}  # its draws not named yet: the odds' case


def test_an_assault_with_two_in_the_zone_scores_only_on_the_three_highest_pairs(client, dominum):
    # Initial score 2. Two draws from 1,1,2,2,3,4,C (the Critical counts 4 in an assault): 21
    # pairs. 1 VP needs a total of 9, so the pair must add to 7 or more: 3+4, 3+C, 4+C = 3 pairs;
    # 2 VP needs 11 (a pair of 9): none. P(1 VP) = 3/21 = 1/7; 8 or less takes the Surge: 6/7.
    reply = client.get(f"/k/{dominum}/odds", params=OPEN_ASSAULT)
    assert chances(reply) == {"takes_surge": Fraction(6, 7)}
    assert rows(reply, "vp") == {"0": Fraction(6, 7), "1": Fraction(1, 7)}
    assert Fraction(reply.json()["odds"]["figures"]["expected_vp"]["fraction"]) == Fraction(1, 7)
    # The check page shows the assault's result for the draws typed: no odds beside it.
    page = client.post(f"/k/{dominum}/preview", data=ASSAULT)
    assert page.status_code == 200 and "Check, then confirm" in page.text
    assert "Assault odds" not in page.text


def test_an_assault_using_the_reserve_4_needs_a_3_or_more_from_the_deck(client, dominum):
    # 2 + 4 (reserve) + one draw from 1,1,2,2,3,4,C: 9 or more needs 3, 4 or C: 3/7 for 1 VP,
    # none reach 11 (2 + 4 + 4 = 10).
    reply = client.get(f"/k/{dominum}/odds", params={**OPEN_ASSAULT, "power1": "reserve:4"})
    assert rows(reply, "vp") == {"0": Fraction(4, 7), "1": Fraction(3, 7)}


def test_an_attack_draws_from_both_decks_as_they_stand(client, dominum):
    # Elven Spearman (strength 2, on 4,3) attacks the Crossbow Sergeant (defence 3, on 5,3). Red
    # draws from 1,1,2,2,3,4,C; gold's deck is 1,2,3,3,4,C (its reserve holds 1,2,4).
    # A 1 (total 3) ties: no wound, gold keeps its cards. A 2 (total 4) would wound: gold draws
    # and every card blocks (3 + 1 ties). A 3 (total 5): only gold's 1 fails to block, 1/6. A 4
    # (total 6): its 1 and 2, 2/6. The Critical wounds unless gold draws its own, 5/6.
    # P(wound) = (1/7)(1/6 + 2/6 + 5/6) = 8/42 = 4/21; gold draws on 2, 3, 4 or C: 5/7.
    form = {"type": "attack", "player": "red", "attacker": "4,3", "target": "5,3"}
    reply = client.get(f"/k/{dominum}/odds", params={**form, "power": "deck:1"})
    found = chances(reply)
    assert found["wound"] == Fraction(4, 21) and found["defender_draws"] == Fraction(5, 7)
    assert rows(reply, "attack_total") == {
        "3": Fraction(2, 7), "4": Fraction(2, 7), "5": Fraction(1, 7), "6": Fraction(1, 7),
        "critical": Fraction(1, 7),
    }  # fmt: skip
    # Using the reserve 4 instead: total 6 for certain, gold blocks with 3, 3, 4 or C: 2/6 wound.
    reply = client.get(f"/k/{dominum}/odds", params={**form, "power": "reserve:4"})
    assert chances(reply)["wound"] == Fraction(1, 3)
    missing = client.get(f"/k/{dominum}/odds", params={**form, "power": "deck:1", "target": "3,3"})
    assert missing.status_code == 422 and "no enemy card on 3,3" in missing.json()["message"]


def test_dominum_pages_carry_the_live_chart_on_the_assault_form(client, dominum):
    page = client.get(f"/k/{dominum}/player/red").text
    assert 'id="assault-form" data-odds=' in page and "data-odds-slot" in page


# ------------------------------------------------------------------------ Nature Dome, Domppa


def test_the_clash_odds_deal_the_defenders_counted_hand_from_the_deck(client):
    kit = new_kit(client.db_url, "naturedome")
    form = {"type": "clash", "attacker": "1", "attack": "talon-dive", "defence": "defend"}
    reply = client.get(f"/k/{kit}/odds", params=form)
    # Player 2 holds the 3 cards of a deal, not yet known: the engine's own answer for them.
    expected = naturedome_odds.clash_chart(
        hand=["talon-dive"], attacker_health=1000, defender_health=1000, cards=3
    )
    assert reply.json()["odds"]["chances"] == expected["chances"]
    assert "Player 2's 3 card(s) are not known" in reply.json()["odds"]["notes"][0]
    # Once the answer is chosen the result is certain: no odds any more (issue 27).
    settled = client.get(f"/k/{kit}/odds", params={**form, "card": "trunk-slam"})
    assert settled.status_code == 422 and "the result is certain" in settled.json()["message"]
    # The check page shows the clash's result for the cards laid: no odds beside it.
    page = client.post(f"/k/{kit}/preview", data={**form, "card": "trunk-slam"})
    assert "Check, then confirm" in page.text and "Clash odds" not in page.text
    assert client.get(f"/k/{kit}/odds", params={**form, "attack": "dragon"}).status_code == 422


KNIGHTS_TURN = {"type": "turn", "unit": "knight", "recovery_d6": "1"}


def test_domppa_melee_odds_use_the_characters_on_the_roster(client):
    kit = new_kit(client.db_url, "domppa")
    assert act(client, kit, KNIGHTS_TURN).status_code == 200
    form = {"type": "attack", "mode": "melee", "attacker": "knight", "target": "berserker"}
    reply = client.get(f"/k/{kit}/odds", params={**form, "weapon": "Broadsword"})
    odds = reply.json()["odds"]
    assert odds["title"] == "Melee odds"
    names = [c["name"] for c in odds["chances"]]
    assert names[:2] == ["hit", "shield_hit"] and "kill" in names and "morale_failure" in names
    assert "Knight with Broadsword (slashing) against Berserker (21 of 21 HP)" in odds["notes"][0]
    shot = client.get(f"/k/{kit}/odds", params={**form, "mode": "ranged", "weapon": "Broadsword"})
    assert shot.status_code == 422 and "not a ranged weapon" in shot.json()["message"]
    assert client.get(f"/k/{kit}/odds", params={**form, "target": "nobody"}).status_code == 422


def test_the_morale_prompt_shows_its_odds_without_javascript(client):
    kit = new_kit(client.db_url, "domppa")
    assert act(client, kit, KNIGHTS_TURN).status_code == 200
    hit = {"type": "hp", "unit": "berserker", "change": "-11"}
    assert act(client, kit, hit).status_code == 200, "the berserker loses 11 of 21 HP"
    page = client.get(f"/k/{kit}/unit/berserker").text
    assert 'id="morale"' in page and "Morale odds" in page
    # Morale 11, 10 of 21 HP: 11 missing, 6 started 10% steps, penalty min(11, 6) = 6. 2d6 + 11
    # vs 12 + 6 passes on 7 or more: 21/36 = 7/12 (a die that explodes showed a 6, so its total
    # was 7 or more already): exactly.
    reply = client.get(f"/k/{kit}/odds", params={"type": "morale", "unit": "berserker"})
    assert "truncated_mass" not in reply.json()["odds"]["figures"]
    assert chances(reply)["passed"] == Fraction(7, 12)
    assert chart_percent(page, "passed") == "58.3%"


def exploding_2d6_at_least(target: int, dice: int = 2) -> Fraction:
    """P(exploding 2d6 >= target) by direct enumeration, independent of the odds engine: a die
    shows 1-5 and stops, or shows 6 and goes on as 6 + (a fresh die - 1); "reached" absorbs."""
    if target <= 0:
        return Fraction(1)
    if dice == 0:
        return Fraction(0)
    stops = sum(
        (exploding_2d6_at_least(target - face, dice - 1) for face in range(1, 6)), Fraction(0)
    )
    return (stops + exploding_2d6_at_least(target - 5, dice)) / 6


def test_a_shot_at_the_edge_of_its_range_needs_13_on_the_exploding_2d6(client):
    # The Knight (precision 8) shoots the Berserker (size 3, no shield) 10 squares away with a
    # Shortbow (listed 20, half on the grid: 10): 2d6 + 8 + 3 vs 14 + 10, a tie hits, so the
    # 2d6 must reach 13: 55/432 (only a die that exploded gets there). One square more is out of
    # range.
    kit = new_kit(client.db_url, "domppa")
    assert act(client, kit, KNIGHTS_TURN).status_code == 200
    form = {
        "type": "attack", "mode": "ranged", "attacker": "knight", "target": "berserker",
        "weapon": "Shortbow",
    }  # fmt: skip
    reply = client.get(f"/k/{kit}/odds", params={**form, "distance": "10"})
    hit = chances(reply)["hit"]
    assert hit == Fraction(55, 432) == exploding_2d6_at_least(13)
    far = client.get(f"/k/{kit}/odds", params={**form, "distance": "11"})
    assert far.status_code == 422 and "Shortbow reaches 10 squares" in far.json()["message"]


def test_the_character_page_can_ask_a_fights_odds(client):
    # The odds form "fight": the knight against the berserker over 3 exchanges, as both stand
    # on the roster (each with the weapon and shield its gear names): the same exact chances as
    # `domekit odds domppa fight Knight Berserker --exchanges 3`.
    from toolkit.games.domppa.fight import fight_from_data

    kit = new_kit(client.db_url, "domppa")
    form = {"type": "fight", "unit": "knight", "against": "berserker", "exchanges": "3"}
    reply = client.get(f"/k/{kit}/odds", params=form)
    found = chances(reply)
    expected = fight_from_data(None, "Knight", "Berserker", exchanges=3)
    assert found["knight_wins"] == expected["p_knight_wins"]
    assert found["berserker_wins"] + found["knight_wins"] + found["still_fighting"] == 1
    fight = reply.json()["odds"]["fight"]
    assert (fight["first"], fight["second"], fight["exchanges"]) == ("Knight", "Berserker", 3)
    assert Fraction(fight["p_wins"]["fraction"]) == expected["p_knight_wins"]
    bad = client.get(f"/k/{kit}/odds", params={**form, "exchanges": "500"})
    assert (
        bad.status_code == 422
        and "exchanges (--exchanges) must be 1 to 100" in bad.json()["message"]
    )
