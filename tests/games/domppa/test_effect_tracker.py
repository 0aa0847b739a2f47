"""What the cards say, the tracker does with no extra tap (issue 26), through the real app: the
unarmed Troll's form offers "none" and strikes with it, a second weapon's blow, a mount, the heal
action, formation fighter, a night's rest, and the check page asking whether a charged target
with a longer weapon was already in melee (the only thing the table must say)."""

from __future__ import annotations

import re

import pytest
from game_tracker import KitTable, tracker_client


class Combat(KitTable):
    game = "domppa"

    def unit(self, unit_id: str) -> dict:
        return self.client.get(f"/k/{self.kit}/unit/{unit_id}.json").json()["unit"]

    def form(self, **fields: str) -> dict[str, str]:
        version = str(self.state()["match"]["version"])
        return {"client_action_id": f"f{version}", "version": version, **fields}


@pytest.fixture
def combat(tmp_path):
    for client in tracker_client(tmp_path, "dp-effects.sqlite3"):
        yield Combat(client, client.db_url)


def test_the_troll_starts_unarmed_and_its_form_offers_none(combat):
    """Its gear names no weapon: it holds none, the attack form has "unarmed" chosen,
    and the blow has no weapon bonus: hit 6,3,2 = 10: 10 - 7 + 11 = 14 ties the Knight's 11 +
    parry 3; damage 5,5: 10 - 7 + 18 = 21 against 12 + 7: 2 HP."""
    assert combat.unit("troll")["weapon"] == ""
    combat.ok(type="turn", unit="troll")
    page = combat.client.get(f"/k/{combat.kit}/unit/troll").text
    # Issue 27: the weapon is a chip, how and with what in one tap (unarmed: melee with none).
    assert re.search(
        r'<input type="radio" name="with" value="melee:none" checked[^>]*>unarmed', page
    )
    reply = combat.ok(type="attack", attacker="troll", target="knight", weapon="none",
                      hit_dice="6,3,2", damage_dice="5,5")  # fmt: skip
    assert reply["text"] == "melee troll -> knight with none hit 6,3,2 damage 5,5"
    assert combat.unit("knight")["hp"] == 25


def test_a_second_weapon_strikes_in_the_same_attack(combat):
    combat.ok(type="gear", unit="berserker", weapon="Broadsword", off_hand="Dagger", shield="")
    assert combat.unit("berserker")["off_hand"] == "Dagger"
    assert combat.unit("berserker")["stats"]["attack"] == 12 - 1  # lengths 1 + 0
    combat.ok(type="turn", unit="berserker")
    strike = dict(type="attack", attacker="berserker", target="troll", hit_dice="3,3",
                  damage_dice="4,4")  # fmt: skip
    combat.ok(**strike, weapon="Broadsword")
    reply = combat.ok(**strike, weapon="Dagger")
    assert "the same attack, no AP" in reply["outcome"]["steps"][0]
    combat.refused("Action Points: the character may attack with the weapons it holds", **strike,
                   weapon="Dagger")  # fmt: skip
    combat.refused(None, type="gear", unit="berserker", weapon="Halberd", off_hand="Dagger")


def test_the_knight_mounts_its_horse_in_one_tap(combat):
    page = combat.client.get(f"/k/{combat.kit}/unit/knight").text
    assert "<option>Warhorse</option>" in page  # its mounts.csv horse, for its Riding
    combat.ok(type="mount", unit="knight", mount="Warhorse")
    knight = combat.unit("knight")
    assert (knight["stats"]["defence"], knight["size"], knight["max_ap"]) == (14, 4, 10)
    combat.refused("Riding; Charioteering", type="mount", unit="knight", mount="War Chariot")


def test_heal_formation_and_a_nights_rest(combat):
    combat.ok(type="hp", unit="knight", change=-5)
    combat.ok(type="turn", unit="priest")
    combat.ok(type="spend", unit="priest", action="heal", target="knight")
    assert combat.unit("knight")["hp"] == 25  # Healer 3
    combat.ok(type="turn", unit="militia-spearman")
    combat.refused(None, type="spend", unit="militia-spearman", action="formation_fighter",
                   bonus="defence")  # no comrade named  # fmt: skip
    combat.ok(type="spend", unit="militia-spearman", action="formation_fighter", bonus="defence",
              comrades=["knight", "scout"])  # fmt: skip
    assert combat.unit("scout")["stats"]["defence"] == 11 + 2
    assert "formation +2 defence" in combat.unit("knight")["conditions"]
    combat.refused("Hit Points: a night's rest", type="night_rest")


def test_the_table_offers_a_nights_rest_before_the_first_turn(combat):
    page = combat.client.get(f"/k/{combat.kit}/table").text
    assert 'id="night-rest"' in page
    combat.ok(type="hp", unit="berserker", change=-15)
    reply = combat.ok(type="night_rest")
    assert reply["outcome"]["steps"] == ["Berserker: HP 6 -> 16 (heals at most 10)"]
    combat.ok(type="turn", unit="knight")
    assert 'id="night-rest"' not in combat.client.get(f"/k/{combat.kit}/table").text


def test_a_charge_at_a_longer_weapon_asks_whether_it_was_already_in_melee(combat):
    """The Berserker (Broadsword, 1) charges the Knight (Lance, 4): the check page asks, one tap
    an answer; nothing is recorded before it."""
    combat.ok(type="turn", unit="berserker")
    url = f"/k/{combat.kit}/act"
    charge = combat.form(type="attack", attacker="berserker", target="knight", weapon="Broadsword",
                         hit_dice="3,3", damage_dice="5,5", charge="2", first_hit_dice="4,4",
                         first_damage_dice="4,4", ask_first="1")  # fmt: skip
    page = combat.client.post(url, data=charge, follow_redirects=False)
    assert page.status_code == 200 and "was it already in melee?" in page.text
    assert combat.unit("berserker")["hp"] == 21  # nothing recorded yet
    answer = {k: v for k, v in charge.items() if k != "ask_first"} | {"engaged": "no"}
    done = combat.client.post(url, data=answer, follow_redirects=False)
    assert done.status_code == 303
    # The Knight struck first: 8 - 7 + 12 + 5 = 18 against 10 less 2 (piercing): 10 HP.
    assert combat.unit("berserker")["hp"] == 11
