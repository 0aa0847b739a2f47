"""A Domppa combat from phones: every action and refusal through the tracker's HTTP API."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from game_tracker import KitTable, new_match, property_service, submit_all, tracker_client, undo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.domppa.kit import load_kit_data
from toolkit.games.domppa.tracker import RULE_OUT, RULE_TURN
from toolkit.tracker.matches import MatchService

DATA = load_kit_data(None)
IDS = [ch.id for ch in DATA.characters]


class Combat(KitTable):
    """One kit's combat driven through the JSON API, as the phones at the table would."""

    game = "domppa"

    def unit(self, unit_id: str) -> dict:
        return self.client.get(f"/k/{self.kit}/unit/{unit_id}.json").json()["unit"]

    def knight_strikes_berserker(self) -> dict:
        self.ok(type="turn", unit="knight")
        return self.ok(
            type="attack",
            attacker="knight",
            target="berserker",
            weapon="Broadsword",
            hit_dice="6,3,2",
            damage_dice="5,4",
        )


@pytest.fixture
def client(tmp_path):
    yield from tracker_client(tmp_path, "dp.sqlite3")


@pytest.fixture
def combat(client) -> Combat:
    return Combat(client, client.db_url)


# ------------------------------------------------------------------------------------ roster


def test_the_roster_starts_with_the_kits_characters_at_full_hp(combat):
    state = combat.state()
    assert [u["id"] for u in state["units"]] == IDS
    knight = combat.unit("knight")
    # Health 14: 5 x 1 + 5 x 2 + 4 x 3 = 27 HP (the rules' tiers); AP 12 - encumbrance 6.
    assert (knight["hp"], knight["max_hp"], knight["max_ap"]) == (27, 27, 6)
    assert knight["fatigue"] == 0 and knight["conditions"] == []


def test_a_character_entered_by_hand_joins_the_roster(combat):
    reply = combat.ok(
        type="add",
        name="Goblin Archer",
        side="raiders",
        health=6,
        attack=9,
        defence=8,
        precision=11,
        strength=8,
        morale=8,
        equipment_encumbrance=2,
    )
    assert reply["text"] == "add Goblin Archer (raiders)"
    goblin = combat.unit("goblin-archer")
    assert (goblin["max_hp"], goblin["side"], goblin["max_ap"]) == (7, "raiders", 10)
    combat.refused(None, type="add", name="Goblin Archer", health=6)
    combat.refused("action form", type="add", name="", health=6)
    combat.ok(type="leave", unit="goblin-archer")
    assert [u["id"] for u in combat.state()["bench"]] == ["goblin-archer"]
    combat.ok(type="join", unit="goblin-archer")


# ------------------------------------------------------------------------------------ attacks


def test_a_melee_blow_from_the_dice_faces_rolled(combat):
    reply = combat.knight_strikes_berserker()
    assert reply["text"] == "melee knight -> berserker with Broadsword hit 6,3,2 damage 5,4"
    steps = reply["outcome"]["steps"]
    # 6 explodes into 3: 6 + 2 = 8, + 2 = 10; 10 - 7 + attack 13 = 16 against defence 9.
    assert "to hit: 2d6 10 - 7 + attack 13 = 16" in steps
    # 9 - 7 + strength 12 + Broadsword 5 = 19 against leather 3 + natural 7 = 10: 9, slashing 11.
    assert "damage: 2d6 9 - 7 + strength 12 + weapon 5 = 19" in steps
    assert "slashing: 9 x 125% rounded down = 11" in steps
    berserker = combat.unit("berserker")
    assert (berserker["hp"], berserker["blows"], berserker["morale_due"]) == (10, 1, True)
    knight = combat.unit("knight")
    assert knight["ap"] == 0  # an attack costs all remaining AP
    assert knight["fatigue"] == 9  # a melee attacker takes its encumbrance (3 + 6)
    assert [u["id"] for u in combat.state()["morale_due"]] == ["berserker"]


def test_defence_drops_a_point_per_blow_and_resets_with_the_round(combat):
    combat.knight_strikes_berserker()
    assert combat.unit("berserker")["stats"]["defence"] == 9 - 1  # defence 9, one blow
    reply = combat.ok(type="new_round")
    assert reply["text"] == "new round"
    berserker = combat.unit("berserker")
    assert berserker["blows"] == 0 and berserker["stats"]["defence"] == 9
    assert combat.state()["round"] == 2 and combat.state()["active"] is None


def test_attack_refusals_name_their_rule(combat):
    attack = {
        "type": "attack",
        "attacker": "knight",
        "target": "berserker",
        "weapon": "Broadsword",
        "hit_dice": "4,4",
        "damage_dice": "4,4",
    }
    combat.refused(RULE_TURN, **attack)
    combat.ok(type="turn", unit="knight")
    combat.refused("Actions: attack", **{**attack, "mode": "ranged"})
    combat.refused("action form", **{**attack, "hit_dice": "4,7"})
    combat.refused("action form", **{**attack, "hit_dice": "4,6"})  # a 6 explodes: one more die
    combat.refused("action form", **{**attack, "hit_dice": ""})
    combat.refused(None, **{**attack, "target": "dragon"})
    combat.ok(**attack)
    assert (
        "costs 1 AP but only 0 AP remain" in combat.refused("Actions: attack", **attack)["message"]
    )
    combat.ok(type="hp", unit="scout", change=-100)
    combat.refused(RULE_OUT, **{**attack, "target": "scout"})


def test_a_fire_weapon_sets_the_target_alight_on_a_six_in_the_damage_roll(combat):
    combat.ok(type="turn", unit="fire-mage")
    reply = combat.ok(
        type="attack",
        attacker="fire-mage",
        target="scout",
        weapon="Flaming Brand",
        hit_dice="5,5",
        damage_dice="6,1,5",
    )
    assert "Scout catches fire" in reply["outcome"]["steps"]
    assert "burning" in combat.unit("scout")["conditions"]


def test_a_poisoned_blow_takes_its_damage_turn_by_turn(combat):
    combat.ok(type="condition", unit="scout", condition="poison", value=25)
    # 10% of what is left, rounded up: 3 of 25, then 3 of 22, then 2 of 19, ...
    reply = combat.ok(type="turn", unit="scout")
    assert "Scout: poison 3: HP 13 -> 10" in reply["outcome"]["steps"]
    assert combat.unit("scout")["poison_left"] == 22
    combat.ok(type="turn", unit="scout")
    combat.ok(type="turn", unit="scout")
    assert combat.unit("scout")["hp"] == 13 - 3 - 3 - 2


def test_the_server_rolls_from_the_seed_in_the_state_and_a_replay_rolls_the_same(combat):
    combat.ok(type="turn", unit="knight")
    attack = dict(
        type="attack",
        attacker="knight",
        target="troll",
        weapon="Broadsword",
        hit_dice="roll",
        damage_dice="roll",
    )
    first = combat.ok(**attack)["outcome"]["steps"]
    rolled = [s for s in first if "the tracker rolled" in s]
    assert len(rolled) == 2
    combat.ok(type="undo")
    again = combat.ok(**attack)["outcome"]["steps"]
    assert again == first


# ------------------------------------------------------------------------------ morale, turns


def test_morale_after_damage_a_failure_flees_and_a_rally_brings_it_back(combat):
    combat.knight_strikes_berserker()  # 10 of 21 HP left
    # Missing 11 of 21: 6 started 10% steps, fewer than 11: target 12 + 6 = 18.
    reply = combat.ok(type="morale", unit="berserker", dice="3,2")
    assert "2d6 5 + morale 11 = 16" in reply["outcome"]["steps"]
    assert reply["outcome"]["summary"] == "Berserker fails: flees"
    berserker = combat.unit("berserker")
    assert berserker["fleeing"] and not berserker["morale_due"]
    assert berserker["stats"]["attack"] == 12 - 4  # fleeing: -4 attack and defence
    combat.refused("Rally", type="rally", unit="knight", dice="6,6,6,1,1")
    reply = combat.ok(type="rally", unit="berserker", dice="6,5,4")
    assert reply["outcome"]["summary"] == "Berserker rallied"
    assert not combat.unit("berserker")["fleeing"]


def test_start_of_turn_burning_freezing_and_fatigue_recovery(combat):
    combat.ok(type="condition", unit="troll", condition="burning", value="1")
    combat.ok(type="condition", unit="troll", condition="freezing", value="1")
    combat.ok(type="hp", unit="troll", change=0, fatigue=103)
    reply = combat.ok(type="turn", unit="troll", burn_d2="2", freeze_dice="4,2", recovery_d6="1")
    steps = reply["outcome"]["steps"]
    assert "Troll: burning 2: HP 85 -> 83" in steps
    assert "freezing: +6 fatigue (as stun)" in steps
    assert "fatigue 109 -> 108" in steps
    troll = combat.unit("troll")
    assert troll["ap"] == 0 and not troll["can_act"]  # 100+ fatigue: it cannot act
    assert troll["morale_due"]
    combat.refused("action form", type="turn", unit="troll", burn_d2="3")


def test_rest_mode_recovers_fatigue_and_berserk_needs_the_ability(combat):
    combat.ok(type="hp", unit="priest", change=0, fatigue=20)
    combat.ok(type="turn", unit="priest")
    reply = combat.ok(type="spend", unit="priest", action="rest")
    assert combat.unit("priest")["resting"] and combat.unit("priest")["ap"] == 0
    reply = combat.ok(type="turn", unit="priest")
    assert "fatigue 20 -> 17 (rest mode)" in reply["outcome"]["steps"]
    combat.ok(type="turn", unit="knight")
    combat.refused("Actions: berserk", type="spend", unit="knight", action="berserk")
    combat.ok(type="turn", unit="berserker")
    combat.ok(type="spend", unit="berserker", action="berserk")
    assert combat.unit("berserker")["berserk"] == 3
    reply = combat.ok(type="turn", unit="berserker")
    assert "berserk +3: +3 fatigue" in reply["outcome"]["steps"]


def test_moving_spends_ap_from_the_actions_table(combat):
    combat.ok(type="turn", unit="scout")
    reply = combat.ok(type="spend", unit="scout", action="move", squares=2, diagonal_squares=1)
    assert "move: 2 x 2 + 1 diagonal x 3 + 0 difficult x 1 = 7 AP" in reply["outcome"]["steps"]
    assert combat.unit("scout")["ap"] == 11 - 7
    combat.refused("Actions: move", type="spend", unit="scout", action="move", squares=3)
    combat.refused(RULE_TURN, type="spend", unit="knight", action="move", squares=1)


def test_the_combat_ends_and_the_next_one_starts_with_the_same_roster(combat):
    combat.ok(type="add", name="Ogre", health=30, attack=10, defence=6)
    combat.ok(type="end_combat")
    combat.refused("Combat", type="turn", unit="knight")
    reply = combat.client.post(
        f"/k/{combat.kit}/next-match", json={"match_id": combat.state()["match"]["id"]}
    )
    assert reply.status_code == 200
    state = combat.state()
    assert state["combat"] == 2 and "ogre" in [u["id"] for u in state["units"]]


# ----------------------------------------------------------------------- the tracker's promises


def test_two_phones_striking_one_target_from_one_version_get_a_409(combat):
    combat.ok(type="turn", unit="knight")
    version = combat.state()["match"]["version"]
    strike = dict(
        type="attack",
        attacker="knight",
        target="troll",
        weapon="Broadsword",
        hit_dice="4,4",
        damage_dice="4,4",
    )
    assert combat.act(version, **strike).status_code == 200
    assert combat.act(version, **{**strike, "hit_dice": "5,5"}).status_code == 409
    # Setting another character's condition from the same old page touches nothing that changed.
    reply = combat.act(version, type="condition", unit="priest", condition="fleeing", value="1")
    assert reply.status_code == 200


def test_a_retried_action_id_applies_once_and_a_view_link_is_read_only(combat):
    first = combat.act(client_action_id="tap", type="hp", unit="scout", change=-2)
    again = combat.act(client_action_id="tap", type="hp", unit="scout", change=-2)
    assert again.json()["replayed"] and again.json()["seq"] == first.json()["seq"]
    assert combat.unit("scout")["hp"] == 11
    token = re.search(r"/v/([0-9a-f]+)/table", combat.client.get(f"/k/{combat.kit}/table").text)
    view = f"/v/{token.group(1)}"
    assert combat.client.get(f"{view}/unit/scout").status_code == 200
    reply = combat.client.post(
        f"{view}/act",
        json={"action": {"type": "hp", "unit": "scout", "change": -2}, "client_action_id": "v"},
    )
    assert reply.status_code == 403 and combat.unit("scout")["hp"] == 11


def test_pages_render_and_a_plain_form_previews_the_attack(combat):
    kit = combat.kit
    for path in ("table", *(f"unit/{i}" for i in IDS), "history", "export/roster.csv"):
        assert combat.client.get(f"/k/{kit}/{path}").status_code == 200, path
    assert combat.client.get(f"/k/{kit}/unit/dragon").status_code == 404
    combat.ok(type="turn", unit="knight")
    version = str(combat.state()["match"]["version"])
    form = {
        "type": "attack",
        "attacker": "knight",
        "target": "berserker",
        "mode": "melee",
        "weapon": "Broadsword",
        "hit_dice": "6,3,2",
        "damage_dice": "5,4",
        "client_action_id": "form-1",
        "version": version,
        "next": f"/k/{kit}/unit/knight",
    }
    preview = combat.client.post(f"/k/{kit}/preview", data=form)
    assert preview.status_code == 200 and "slashing: 9 x 125% rounded down = 11" in preview.text
    assert combat.unit("berserker")["hp"] == 21
    done = combat.client.post(f"/k/{kit}/act", data=form, follow_redirects=False)
    assert done.status_code == 303
    assert "test morale" in combat.client.get(done.headers["location"]).text
    assert combat.unit("berserker")["hp"] == 10


# --------------------------------------------------------------------------------- properties

dice = st.one_of(
    st.just("roll"),
    st.tuples(st.integers(1, 5), st.integers(1, 5)).map(lambda t: f"{t[0]},{t[1]}"),
)
ids = st.sampled_from(IDS)
combat_actions = st.one_of(
    st.builds(lambda u: {"type": "turn", "unit": u}, ids),
    st.builds(
        lambda a, t, h, d, w: {
            "type": "attack",
            "attacker": a,
            "target": t,
            "weapon": w,
            "hit_dice": h,
            "damage_dice": d,
        },
        ids,
        ids,
        dice,
        dice,
        st.sampled_from(["Broadsword", "Flaming Brand", "Poisoned Dagger", "Sap", "Mace"]),
    ),
    st.builds(lambda u, d: {"type": "morale", "unit": u, "dice": d}, ids, dice),
    st.just({"type": "new_round"}),
    st.builds(
        lambda u, c: {"type": "condition", "unit": u, "condition": c, "value": "1"},
        ids,
        st.sampled_from(["burning", "freezing", "fleeing", "resting"]),
    ),
    st.builds(
        lambda name, health: {"type": "add", "name": name, "health": health, "attack": 10},
        st.sampled_from(["Ogre", "Goblin Archer", "Сергей"]),
        st.integers(1, 30),
    ),
)


def _service() -> MatchService:
    return property_service("dp-properties.sqlite3")


def _new_combat(service: MatchService) -> int:
    return new_match(service, "domppa")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(combat_actions, max_size=25), data=st.data())
def test_undoing_the_last_k_actions_equals_replaying_the_first_n_minus_k(sequence, data):
    service = _service()
    match_id = _new_combat(service)
    applied = submit_all(service, match_id, sequence)
    k = data.draw(st.integers(0, len(applied)))
    undo(service, match_id, k)
    state = service.state(match_id)[1]
    # Replaying on a combat with the same seed gives the same state, server rolls included.
    other = _new_combat(service)
    replayed = replace(service.state(other)[1], seed=state.seed)
    for action in applied[: len(applied) - k]:
        replayed, _ = service.referee("domppa").apply(
            replayed, service.referee("domppa").read(action)
        )
    assert replayed == state
    for unit in state.roster:
        assert 0 <= unit.hp <= unit.max_hp and unit.fatigue >= 0 and unit.ap >= 0
    # A restarted server folds the log to the same state (a hand-entered character included).
    assert MatchService(service.store).state(match_id) == service.state(match_id)


def test_a_shield_parries_darkness_and_sides_change_the_numbers(combat):
    combat.ok(type="gear", unit="knight", weapon="Broadsword", shield="Kite Shield")
    assert (combat.unit("knight")["weapon"], combat.unit("knight")["shield"]) == (
        "Broadsword",
        "Kite Shield",
    )
    combat.refused(None, type="gear", unit="knight", weapon="Laser", shield="")
    combat.ok(type="side", unit="knight", side="the Crown")
    assert combat.unit("knight")["side"] == "the Crown"
    combat.ok(type="light", darkness="night")
    combat.refused("action form", type="light", darkness="dusk")
    combat.ok(type="turn", unit="scout")
    reply = combat.ok(
        type="attack",
        attacker="scout",
        target="knight",
        weapon="Dagger",
        hit_dice="5,5",
        damage_dice="3,3",
    )
    steps = reply["outcome"]["steps"]
    # The Knight's defence 11 - 3 at night, and the Kite Shield's parry 3.
    assert "defence 8 + parry 3 = 11" in steps
    assert any("night: -3 attack, defence and precision" in step for step in steps)


def test_a_shot_reaches_half_the_listed_range_and_adds_distance_to_the_target(combat):
    combat.ok(type="turn", unit="scout")
    shot = dict(
        type="attack",
        mode="ranged",
        attacker="scout",
        target="troll",
        weapon="Shortbow",
        hit_dice="5,5",
        damage_dice="4,4",
    )
    # The Shortbow's listed range 20 is 10 squares on the grid.
    combat.refused("Ranged: ranges are halved on the grid", **shot, distance=11)
    reply = combat.ok(**shot, distance=6)
    assert any(step.startswith("to hit: ") for step in reply["outcome"]["steps"])
    assert any("distance 6" in step for step in reply["outcome"]["steps"])
    assert combat.unit("troll")["blows"] == 0  # a shot is not a blow received


def test_an_action_typed_as_its_text_form_is_the_one_its_form_sends(combat):
    assert combat.ok(command="turn knight")["text"] == "turn knight"
    line = "melee knight -> berserker with Broadsword hit 6,3,2 damage 5,4"
    reply = combat.ok(command=line)
    assert (
        reply["text"] == line
        and "slashing: 9 x 125% rounded down = 11" in (reply["outcome"]["steps"])
    )
    assert combat.unit("berserker")["hp"] == 10
    combat.refused("action form", command="morale berserker")
    reply = combat.ok(command='add "Health Potion Guy" (raiders) health 6 attack 9 size 2')
    assert reply["text"] == "add Health Potion Guy (raiders)"
    guy = combat.unit("health-potion-guy")
    assert (guy["max_hp"], guy["size"], guy["side"]) == (7, 2, "raiders")


def test_a_restarted_tracker_folds_a_combat_with_a_hand_entered_character(combat):
    combat.ok(type="add", name="Ogre", health=30, attack=10, defence=6)
    combat.ok(type="turn", unit="ogre")
    service = MatchService(combat.client.app.state.store)  # a second server on the same file
    match_id = combat.state()["match"]["id"]
    version, state = service.state(match_id)
    assert version == 2 and state.find("ogre") is not None and state.active == "ogre"


def test_dice_typed_on_a_phones_number_pad_record_the_same_blow(combat):
    # 632 on a number pad (no comma) is the roll 6,3,2: the same blow as the commas give.
    combat.ok(type="turn", unit="knight")
    typed = combat.ok(type="attack", attacker="knight", target="berserker", weapon="Broadsword",
                      hit_dice="632", damage_dice="54")  # fmt: skip
    steps = typed["outcome"]["steps"]
    assert "hit 2d6: die 1: 6 exploded, 6 + (3 - 1) = 8" in steps
    assert "hit 2d6: 2d6 = 8 + 2 = 10" in steps
    assert combat.unit("berserker")["hp"] == 10  # as test_browser's 6,3,2 and 5,4 leave it


def test_a_phone_claims_a_side_and_runs_its_characters(combat):
    # The seats are the sides (characters.csv's `side`): a player runs the Defenders' Knight,
    # Scout, Militia Spearman and Priest from one phone; the Raiders' Berserker is another
    # player's, asked before it is recorded.
    page = combat.client.get(f"/k/{combat.kit}/seat").text
    assert "Defenders" in page and "Raiders" in page and "Knight" not in page
    combat.client.post(
        f"/k/{combat.kit}/seat", data={"seat": "side:Defenders", "next": f"/k/{combat.kit}/table"}
    )
    assert ">Defenders</a>" in combat.client.get(f"/k/{combat.kit}/table").text  # the seat chip
    for unit in ("knight", "scout"):
        combat.ok(type="turn", unit=unit)
        combat.ok(type="spend", unit=unit, action="move", squares=1)
    other = combat.act(type="turn", unit="berserker")
    assert other.status_code == 409 and other.json()["error"] == "seat"
    assert other.json()["seat"] == "side:Raiders" and other.json()["seat_name"] == "Raiders"
