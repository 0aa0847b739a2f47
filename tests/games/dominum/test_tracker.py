"""A Dominum match from phones: every action and refusal through the tracker's HTTP API."""

from __future__ import annotations

import html
import re

import pytest
from game_tracker import (
    KitTable,
    new_match,
    property_service,
    submit_all,
    tracker_client,
    undo_and_replay,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.dominum.data import load_dominum
from toolkit.games.dominum.setup import RULE_SETUP, default_forces
from toolkit.tracker.matches import MatchService

DATA = load_dominum()
RED_SPACES = ["1,2", "1,4", "2,2", "2,3", "2,4", "3,3"]
# Gold keeps its assault zone open but for 5,3, and puts one of its final three in the Neutral Line.
GOLD_SPACES = ["5,1", "5,5", "4,1", "4,5", "5,3", "3,1"]
BEGIN = {"type": "begin", "reserves": {"red": ["3", "4"], "gold": ["1", "2"]}, "seed": 7}


class Match(KitTable):
    """One kit's match driven through the JSON API, as the phones at the table would."""

    game = "dominum"

    def side(self, player: str) -> dict:
        return self.state()["sides"][player]

    def unit(self, space: str) -> dict | None:
        return next((u for u in self.state()["units"] if u["space"] == space), None)

    def deployed(self) -> None:
        self.ok(**BEGIN, first_player="red")
        forces = self.state()["forces"]
        for i in range(6):
            self.ok(type="place", player="red", card=forces["red"][i], space=RED_SPACES[i])
            self.ok(type="place", player="gold", card=forces["gold"][i], space=GOLD_SPACES[i])

    def spearman_to_3_2_and_attack(self) -> None:
        """Red's Elven Spearman steps 3,3 -> 3,2, beside gold's card on 3,1; after gold's empty
        reposition phase, red takes its attack phase."""
        self.ok(type="activate", player="red", phase="move")
        self.ok(type="move", player="red", start="3,3", end="3,2")
        self.ok(type="end_phase", player="red")
        self.ok(type="activate", player="gold", phase="reposition")
        self.ok(type="end_phase", player="gold")
        self.ok(type="activate", player="red", phase="attack")

    def two_in_golds_zone(self) -> None:
        """Red moves the Elven Spearman and the Glade Rider into gold's assault zone."""
        self.deployed()
        self.ok(type="activate", player="red", phase="move")
        self.ok(type="move", player="red", start="3,3", end="4,3")
        self.ok(type="move", player="red", start="2,4", end="4,4")
        self.ok(type="end_phase", player="red")
        self.ok(type="activate", player="gold", phase="reserve")
        self.ok(type="reserve", player="gold", revealed="4")


@pytest.fixture
def client(tmp_path):
    yield from tracker_client(tmp_path, "dm.sqlite3")


@pytest.fixture
def match(client) -> Match:
    return Match(client, client.db_url)


# ------------------------------------------------------------------------------------ set-up


def test_forces_are_one_hero_four_elites_and_seven_warriors_of_one_domain(match):
    state = match.state()
    assert state["began"] is False and state["domains"] == {"red": "Elves", "gold": "Freemen"}
    assert state["forces"]["red"] == default_forces(DATA, "Elves")
    kinds = [DATA.card(name).type for name in state["forces"]["red"]]
    assert (kinds.count("hero"), kinds.count("elite"), kinds.count("warrior")) == (1, 4, 7)
    match.ok(type="forces", player="gold", domain="Shy-Lorr")
    assert match.state()["forces"]["gold"] == default_forces(DATA, "Shy-Lorr")
    too_few = default_forces(DATA, "Elves")[:-1]
    assert (
        "they need 7"
        in match.refused(RULE_SETUP, type="forces", player="red", domain="Elves", cards=too_few)[
            "message"
        ]
    )
    strangers = [*default_forces(DATA, "Elves")[:-1], "Captain Aldric"]
    match.refused(RULE_SETUP, type="forces", player="red", domain="Elves", cards=strangers)
    match.refused(None, type="forces", player="red", domain="Dwarves")


def test_the_higher_reserve_decides_the_first_player_and_deployment_alternates(match):
    reply = match.ok(**BEGIN, first_player="gold")
    assert "red shows 7, gold shows 3; red is higher and decides who is 1st Player" in (
        "; ".join(reply["outcome"]["steps"])
    )
    state = match.state()
    assert state["stage"] == "deployment" and state["deployment_turn"] == "gold"
    assert state["sides"]["red"]["reserve"] == ["3", "4"]
    assert state["sides"]["red"]["deck_left"] == 7
    match.refused("Determine the First Player", **BEGIN, first_player="red")
    forces = state["forces"]
    match.refused(
        "Initial Deployment", type="place", player="red", card=forces["red"][0], space="1,1"
    )
    match.ok(type="place", player="gold", card=forces["gold"][0], space="5,2")
    match.refused(
        "Initial Deployment", type="place", player="red", card=forces["red"][0], space="4,1"
    )
    match.refused("Initial Deployment", type="activate", player="red", phase="move")


def test_begin_needs_the_two_cards_each_reset_turned_up(match):
    bad = {**BEGIN, "reserves": {"red": ["3"], "gold": ["1", "2"]}, "first_player": "red"}
    match.refused("Determine the First Player", **bad)
    match.refused(
        "action form",
        **{**BEGIN, "reserves": {"red": ["3", "9"], "gold": ["1", "2"]}},
        first_player="red",
    )
    match.refused(RULE_SETUP, type="activate", player="red", phase="move")


# ---------------------------------------------------------------------------- rounds, phases


def test_phase_tokens_alternate_and_the_link_keeps_the_turn(match):
    match.deployed()
    match.refused("Rounds. Turns. Phases.", type="activate", player="gold", phase="move")
    match.ok(type="activate", player="red", phase="reposition", link=True)
    match.ok(type="end_phase", player="red")
    assert match.state()["to_act"] == "red"  # the Link: the next phase follows at once
    match.refused("Rounds. Turns. Phases.", type="activate", player="red", phase="reposition")
    match.refused(
        "Linking Two Phases Together", type="activate", player="red", phase="move", link=True
    )
    match.ok(type="activate", player="red", phase="move")
    match.ok(type="end_phase", player="red")
    assert match.state()["to_act"] == "gold"
    assert match.side("red")["phases_used"] == ["reposition", "move"]
    assert match.side("red")["links_used"] == 1


def test_the_initiative_token_starts_the_next_round(match):
    match.deployed()
    red = ["charge", "move", "attack", "reposition", "reserve"]
    gold = ["initiative", "move", "attack", "reposition", "deploy"]
    for mine, theirs in zip(red, gold, strict=True):
        match.ok(type="activate", player="red", phase=mine)
        if mine == "charge":
            match.ok(type="charge", player="red")
        elif mine == "reserve":
            match.ok(type="reserve", player="red", revealed="1")
        else:
            match.ok(type="end_phase", player="red")
        match.ok(type="activate", player="gold", phase=theirs)
        if theirs != "initiative":
            match.ok(type="end_phase", player="gold")
    state = match.state()
    assert (state["round"], state["starter"], state["to_act"]) == (2, "gold", "gold")
    assert state["sides"]["red"]["phases_used"] == [] and state["sides"]["red"]["charge"] == 3


def test_an_attack_draws_power_and_a_second_wound_defeats(match):
    match.deployed()
    match.spearman_to_3_2_and_attack()
    # The Elven Spearman (strength 2) draws a 2 against the Militia Pikeman (2), no defense draw.
    reply = match.ok(type="attack", player="red", attacker="3,2", target="3,1", power="deck:2")
    steps = reply["outcome"]["steps"]
    assert "attacker draws 2: attack total 4" in steps and "4 > 2: a wound" in steps
    assert match.unit("3,1")["wounds"] == 1
    assert match.side("red")["deck_left"] == 6
    match.refused(
        "Attack Phase", type="attack", player="red", attacker="3,2", target="3,1", power="deck:1"
    )
    match.refused(
        "Draw Power", type="attack", player="red", attacker="2,2", target="3,1", power="reserve:1"
    )


def test_a_block_lets_the_defender_counterattack_and_a_critical_wounds(match):
    match.two_in_golds_zone()
    match.ok(type="activate", player="red", phase="charge")
    match.ok(type="charge", player="red")
    match.ok(type="activate", player="gold", phase="attack")
    # Crossbow Sergeant 3 + 1 against Elven Spearman 2 + red's reserve 4: blocked.
    reply = match.ok(
        type="attack",
        player="gold",
        attacker="5,3",
        target="4,3",
        power="deck:1",
        defense_power="reserve:4",
    )
    assert "4 <= 6: blocked" in reply["outcome"]["steps"]
    assert match.state()["pending"]["counter_player"] == "red"
    reply = match.ok(type="counterattack", player="red", power="deck:critical")
    assert "the attacker's Critical wounds" in reply["outcome"]["steps"]
    assert match.unit("5,3")["wounds"] == 1
    match.refused("Counterattack", type="counterattack", player="red", power="deck:1")


def test_an_assault_scores_from_the_cards_in_the_zone_and_the_two_draws(match):
    match.two_in_golds_zone()
    match.refused("Rounds. Turns. Phases.", type="activate", player="gold", phase="assault")
    match.ok(type="activate", player="red", phase="assault")
    reply = match.ok(type="assault", player="red", powers=["deck:4", "deck:3"])
    steps = reply["outcome"]["steps"]
    assert "initial assault score: 2 in the zone x 1 = 2" in steps
    assert "assault total 9 (9 to 10): 1 VP" in steps
    assert match.side("red")["vp"] == 1 and not match.side("red")["surge"]


def test_a_low_assault_takes_the_surge_token(match):
    match.two_in_golds_zone()
    match.ok(type="activate", player="red", phase="assault")
    match.ok(type="assault", player="red", powers=["deck:1", "deck:1"])  # 2 + 1 + 1 = 4
    assert match.side("red")["vp"] == 0 and match.side("red")["surge"]


def test_the_charge_phase_stops_at_three(match):
    match.deployed()
    match.ok(type="activate", player="red", phase="charge")
    reply = match.ok(type="charge", player="red")
    assert "Stronghold charge 2 -> 3 (at most 3)" in reply["outcome"]["steps"]
    match.ok(type="spend_charge", player="red", amount=2)
    assert match.side("red")["charge"] == 1
    match.refused("Activated Abilities", type="spend_charge", player="red", amount=2)


def test_weaken_does_not_stack_and_sacrifice_discards(match):
    match.deployed()
    match.ok(type="weaken", player="gold", space="2,3")
    assert match.unit("2,3")["weakened"]
    match.refused("Weakened", type="weaken", player="gold", space="2,3")
    match.ok(type="sacrifice", player="red", space="2,3")
    assert match.unit("2,3") is None and match.side("red")["discard"] == ["Thornweaver"]


def test_the_ninth_card_cycles_the_deck_with_a_counter_set_aside(match):
    match.deployed()
    # Red's deck after the reset: 1, 1, 2, 2, 3, 4 and the Critical; the reserve holds 3 and 4.
    for power in ("deck:1", "deck:1", "deck:2", "deck:2", "deck:3", "deck:4", "deck:critical"):
        reply = match.ok(type="power_duel", player="red", power=power)
    assert reply["outcome"]["steps"][-1] == "red wins the power duel"
    match.ok(type="power_duel", player="red", power="reserve:3")
    assert match.side("red")["next_draw_cycles"]
    message = match.refused("Cycling", type="power_duel", player="red", power="reserve:4")
    assert "choose a counter (1, 2, 3, 4)" in message["message"]
    match.ok(
        type="power_duel",
        player="red",
        power="reserve:4",
        cycles={"red": {"counter": 2, "revealed": ["critical"]}},
    )
    side = match.side("red")
    assert side["counters_left"] == [1, 3, 4] and side["cycles_done"] == 1
    assert side["reserve"] == ["2", "critical"] and side["deck_left"] == 7


def test_power_duel_ties_go_to_the_opponent(match):
    match.deployed()
    reply = match.ok(type="power_duel", player="red", power="deck:2", opponent_power="deck:2")
    assert reply["outcome"]["steps"][-2:] == [
        "2 = 2: the opponent wins (ties go to the opponent)",
        "gold wins the power duel",
    ]


# ----------------------------------------------------------------------- the tracker's promises


def test_two_phones_acting_from_one_version_get_a_409(match):
    match.deployed()
    version = match.state()["match"]["version"]
    assert match.act(version, type="activate", player="red", phase="move").status_code == 200
    second = match.act(version, type="activate", player="red", phase="attack")
    assert second.status_code == 409 and second.json()["since"] == ["red activate move"]


def test_a_retried_action_applies_once_and_a_view_link_is_read_only(match):
    match.deployed()
    first = match.act(client_action_id="tap", type="weaken", player="gold", space="2,3")
    again = match.act(client_action_id="tap", type="weaken", player="gold", space="2,3")
    assert again.status_code == 200 and again.json()["replayed"]
    assert again.json()["seq"] == first.json()["seq"]
    token = re.search(r"/v/([0-9a-f]+)/table", match.client.get(f"/k/{match.kit}/table").text)
    view = f"/v/{token.group(1)}"
    assert match.client.get(f"{view}/player/gold").status_code == 200
    reply = match.client.post(
        f"{view}/act", json={"action": {"type": "charge", "player": "red"}, "client_action_id": "v"}
    )
    assert reply.status_code == 403


def test_undo_restores_the_battlefield_exactly(match):
    match.two_in_golds_zone()
    before = match.state()
    match.ok(type="activate", player="red", phase="assault")
    match.ok(type="assault", player="red", powers=["deck:4", "deck:3"])
    match.ok(type="undo")
    match.ok(type="undo")
    after = match.state()
    assert after["sides"] == before["sides"] and after["units"] == before["units"]


def test_pages_render_in_every_stage_and_a_plain_form_previews_the_attack(match):
    kit = match.kit
    for path in ("table", "player/red", "player/gold", "history"):
        assert match.client.get(f"/k/{kit}/{path}").status_code == 200
    match.deployed()
    for path in ("table", "player/red", "player/gold", "export/battlefield.csv"):
        assert match.client.get(f"/k/{kit}/{path}").status_code == 200
    assert match.client.get(f"/k/{kit}/player/blue").status_code == 404
    match.ok(type="activate", player="red", phase="attack")
    form = {
        "type": "attack",
        "player": "red",
        "attacker": "3,3",
        "target": "3,1",
        "power": "deck:4",
        "defense_power": "",
        "kind": "attack",
        "client_action_id": "form-1",
        "version": str(match.state()["match"]["version"]),
        "next": f"/k/{kit}/player/red",
    }
    preview = match.client.post(f"/k/{kit}/preview", data=form)
    assert (
        preview.status_code == 422 and "does not have the target within its range" in preview.text
    )
    form["target"] = "2,3"
    assert match.client.post(f"/k/{kit}/preview", data=form).status_code == 422  # own card
    assert match.state()["last"]["text"] == "red activate attack"  # previews record nothing
    assert 'id="attack-form"' in match.client.get(f"/k/{kit}/player/red").text
    match.ok(type="end_phase", player="red")
    assert 'id="attack-form"' not in match.client.get(f"/k/{kit}/player/red").text


# --------------------------------------------------------------------------------- properties

spaces = st.sampled_from([f"{r},{c}" for r in range(1, 6) for c in range(1, 6)])
players = st.sampled_from(["red", "gold"])
powers = st.sampled_from(["deck:1", "deck:2", "deck:3", "deck:4", "deck:critical", "reserve:3"])
play = st.one_of(
    st.builds(
        lambda p, phase: {"type": "activate", "player": p, "phase": phase},
        players,
        st.sampled_from(["move", "attack", "charge", "reserve", "reposition", "initiative"]),
    ),
    st.builds(lambda p: {"type": "end_phase", "player": p}, players),
    st.builds(lambda p: {"type": "charge", "player": p}, players),
    st.builds(
        lambda p, a, b: {"type": "move", "player": p, "start": a, "end": b}, players, spaces, spaces
    ),
    st.builds(
        lambda p, a, b, w: {"type": "attack", "player": p, "attacker": a, "target": b, "power": w},
        players,
        spaces,
        spaces,
        powers,
    ),
    st.builds(lambda p, w: {"type": "power_duel", "player": p, "power": w}, players, powers),
    st.builds(lambda p, s: {"type": "weaken", "player": p, "space": s}, players, spaces),
)


def _service() -> MatchService:
    return property_service("dm-properties.sqlite3")


def _deployed_match(service: MatchService) -> int:
    match_id = new_match(service, "dominum")
    forces = service.state_json(match_id)[1]["forces"]
    setup = [{**BEGIN, "first_player": "red"}]
    for i in range(6):
        setup.append(
            {"type": "place", "player": "red", "card": forces["red"][i], "space": RED_SPACES[i]}
        )
        setup.append(
            {"type": "place", "player": "gold", "card": forces["gold"][i], "space": GOLD_SPACES[i]}
        )
    assert submit_all(service, match_id, setup) == setup
    return match_id


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(play, max_size=30), data=st.data())
def test_undoing_the_last_k_actions_equals_replaying_the_first_n_minus_k(sequence, data):
    service = _service()
    match_id, other = undo_and_replay(service, _deployed_match, sequence, data)
    state = service.state(match_id)[1]
    assert state == service.state(other)[1]
    view = service.referee("dominum").page(state, "table", ()).context
    for side in view["sides"].values():
        assert 0 <= side["charge"] <= side["charge_limit"] and side["vp"] >= 0
        assert side["deck_left"] + len(side["reserve"]) + len(side["used"]) == side["deck_size"]
    assert MatchService(service.store).state(match_id) == service.state(match_id)


def test_deploy_after_a_retreat_reposition_and_charge_removing_a_weaken(match):
    match.deployed()
    match.ok(type="weaken", player="gold", space="2,2")
    match.ok(type="activate", player="red", phase="deploy")
    match.refused("Deploy Phase", type="deploy", player="red", card="Elven Spearman", space="1,1")
    match.ok(type="retreat", player="red", space="2,3")
    match.refused("Deploy Phase", type="retreat", player="red", space="2,4")
    match.ok(type="deploy", player="red", card="Elven Spearman", space="2,3")
    assert match.unit("2,3")["name"] == "Elven Spearman"
    assert "Thornweaver" in match.side("red")["discard"]
    match.ok(type="end_phase", player="red")
    match.ok(type="activate", player="gold", phase="reserve")
    match.refused("Reserve Phase", type="reserve", player="gold", discard="1", revealed="3")
    match.ok(type="reserve", player="gold", revealed="3")
    match.ok(type="activate", player="red", phase="reposition")
    match.refused("Reposition Phase", type="shift", player="red", start="1,2", end="2,1")
    match.ok(type="shift", player="red", start="1,2", end="1,1")
    match.ok(type="end_phase", player="red")
    match.ok(type="activate", player="gold", phase="move")
    match.ok(type="end_phase", player="gold")
    match.ok(type="activate", player="red", phase="charge")
    match.ok(type="charge", player="red", remove_weaken_at="2,2")
    assert not match.unit("2,2")["weakened"] and match.side("red")["charge"] == 2


def test_a_second_wound_defeats_and_the_attacker_may_advance(match):
    match.deployed()
    match.spearman_to_3_2_and_attack()
    match.ok(type="attack", player="red", attacker="3,2", target="3,1", power="deck:2")
    match.ok(type="end_phase", player="red")
    # The wounded Militia Pikeman attacks (2 + 1) and is blocked (2 + 4): red counterattacks.
    match.ok(type="activate", player="gold", phase="attack")
    match.ok(
        type="attack",
        player="gold",
        attacker="3,1",
        target="3,2",
        power="deck:1",
        defense_power="reserve:4",
    )
    reply = match.ok(type="counterattack", player="red", power="deck:4")
    assert match.unit("3,1") is None and "Militia Pikeman" in match.side("gold")["discard"]
    assert match.state()["pending"]["advance_to"] == "3,1"
    assert any("advance" in step for step in reply["outcome"]["steps"])
    match.ok(type="advance", player="red", start="3,2")
    assert match.unit("3,1")["name"] == "Elven Spearman"
    match.refused("Advancing", type="advance", player="red", start="3,1")


def test_actions_typed_as_the_history_writes_them_and_whose_turn_it_is(match):
    match.deployed()
    match.ok(command="red activate move")
    # Gold acts in red's move phase: the tracker's guard names the rule of turns.
    refused = match.refused("Rounds. Turns. Phases.", command="gold move 4,1 -> 3,2")
    assert refused["message"].startswith("it is red's turn, not gold's")
    match.refused("Rounds. Turns. Phases.", type="end_phase", player="gold")
    match.ok(command="move red c3 -> c4")  # verb first, chess-board spaces: 3,3 -> 4,3
    assert match.unit("4,3")["name"] == "Elven Spearman"
    assert match.state()["last"]["text"] == "red move 3,3 -> 4,3"
    # A counterattack is the defender's to make at any time: only its own rule refuses it.
    match.refused("Counterattack", command="gold counterattack power 1")
    match.refused("action form", command="red moves 4,3 -> 4,4")
    match.ok(command="red end phase")
    assert match.state()["to_act"] == "gold"


# --------------------------------------------------------------- the cards' abilities at the table


def _shy_lorr_deployed(match: Match) -> None:
    """Red brings the Elves, gold the Shy-Lorr: gold's Shy-Lorr Spawn stands on 3,1, the Tide
    Stalker on 4,1; red's Elven Spearman on 3,3."""
    match.ok(type="forces", player="gold", domain="Shy-Lorr")
    match.deployed()


def test_a_knockback_is_asked_on_the_check_page_and_the_answer_recorded(match):
    """Elven Spearman, Knockback: 2 + 2 = 4 > 1 wounds the Spawn on 3,1. The check asks where it is
    shifted (no shift, or 2,1: 4,1 and 3,2 are taken); the answer is the attack's field."""
    _shy_lorr_deployed(match)
    match.spearman_to_3_2_and_attack()
    attack = {"type": "attack", "player": "red", "attacker": "3,2", "target": "3,1"}
    reply = match.client.post(
        f"/k/{match.kit}/preview", json={"action": {**attack, "power": "deck:2"}}
    )
    assert reply.status_code == 200, reply.json()
    [ask] = reply.json()["asks"]
    assert ask["field"] == "knockback_to"
    assert [o["value"] for o in ask["options"]] == ["no", "2,1"]
    assert match.state()["last"]["text"] == "red activate attack"  # a check records nothing
    answered = {**attack, "power": "deck:2", "knockback_to": "no"}
    reply = match.client.post(f"/k/{match.kit}/preview", json={"action": answered})
    assert reply.json()["asks"] == []  # "no" is an answer: asked no more
    match.ok(**attack, power="deck:2", knockback_to="2,1")
    assert match.unit("2,1")["name"] == "Shy-Lorr Spawn" and match.unit("2,1")["wounds"] == 1


def test_an_ability_is_used_from_the_phone_with_its_cost(match):
    """Thornweaver (on 2,3), "During your attack phase, pay 1 Charge to weaken one enemy within
    range instead of attacking": the player page offers it in the attack phase; used on the
    Spawn moved to 3,3, it costs 1 Charge (2 -> 1)."""
    _shy_lorr_deployed(match)
    match.ok(type="activate", player="red", phase="move")
    match.ok(type="move", player="red", start="3,3", end="3,4")
    match.ok(type="end_phase", player="red")
    match.ok(type="activate", player="gold", phase="move")
    match.ok(type="move", player="gold", start="3,1", end="3,3")
    match.ok(type="end_phase", player="gold")
    page = match.client.get(f"/k/{match.kit}/player/red.json").json()
    assert page["my_abilities"] == []
    match.ok(type="activate", player="red", phase="attack")
    page = match.client.get(f"/k/{match.kit}/player/red.json").json()
    # ... and the Elves' first Stronghold, Heartwood Grove ("In your turn, ...")
    assert [(a["source"], a["name"]) for a in page["my_abilities"]] == [
        ("2,3", "Thornweaver"),
        ("stronghold", "Heartwood Grove"),
    ]
    usable = page["my_abilities"][0]
    assert usable["text"].startswith("During your attack phase, pay 1 Charge to weaken")
    assert 'value="use"' in match.client.get(f"/k/{match.kit}/player/red").text
    match.ok(type="use", player="red", source="2,3", target="3,3")
    assert match.unit("3,3")["weakened"] and match.side("red")["charge"] == 1
    match.refused("Activated Abilities", type="use", player="red", source="2,3", target="3,3")


def test_the_pages_show_each_cards_text_and_the_stronghold(match):
    _shy_lorr_deployed(match)
    state = match.state()
    spawn = next(u for u in state["units"] if u["name"] == "Shy-Lorr Spawn")
    assert spawn["text"] == "On Discard: weaken one adjacent enemy."
    assert state["sides"]["gold"]["stronghold"]["name"] == "Drowned Temple"
    assert state["sides"]["gold"]["stronghold"]["text"] == (
        "In your turn, pay 1 Charge to shift an ally with Submerge."
    )
    assert "Drowned Temple" in match.client.get(f"/k/{match.kit}/player/gold").text


def test_a_stronghold_is_chosen_with_the_forces(match):
    match.ok(type="forces", player="red", domain="Elves", stronghold="Moonwell")
    match.refused(
        "Select Your Domain and Forces",
        type="forces",
        player="gold",
        domain="Freemen",
        stronghold="Moonwell",
    )
    match.ok(**BEGIN, first_player="red")
    assert match.side("red")["stronghold"]["name"] == "Moonwell"


def test_an_on_deploy_free_strike_has_its_form_at_once(match):
    """The Flesh Hunter, "On Deploy: make a Free Strike with Lunge": placed, its form shows on
    gold's mat at once; red placing next, it is lost ("otherwise the ability is lost")."""
    match.ok(type="forces", player="gold", domain="Shy-Lorr")
    match.ok(**BEGIN, first_player="red")
    forces = match.state()["forces"]
    assert forces["gold"][1] == "Flesh Hunter"
    match.ok(type="place", player="red", card=forces["red"][0], space="2,3")
    match.ok(type="place", player="gold", card="Flesh Hunter", space="4,3")
    assert match.state()["pending"]["strike_from"] == "4,3"
    assert 'id="strike-form"' in match.client.get(f"/k/{match.kit}/player/gold").text
    match.ok(type="place", player="red", card=forces["red"][1], space="2,2")
    assert match.state()["pending"]["strike_from"] is None
    assert 'id="strike-form"' not in match.client.get(f"/k/{match.kit}/player/gold").text


def test_an_alt_attack_has_its_form_in_the_phase_its_card_names(match):
    """Leaf Archer, "Alt Attack (in your move phase)": deployed (after a retreat), its Alt Attack
    form shows on red's mat in the move phase, not in the reposition phase."""
    match.deployed()
    match.ok(type="activate", player="red", phase="deploy")
    match.ok(type="retreat", player="red", space="2,3")
    match.ok(type="deploy", player="red", card="Leaf Archer", space="2,3")
    match.ok(type="end_phase", player="red")
    match.ok(type="activate", player="gold", phase="reserve")
    match.ok(type="reserve", player="gold", revealed="4")
    match.ok(type="activate", player="red", phase="reposition")
    page = match.client.get(f"/k/{match.kit}/player/red")
    assert 'id="alt-attack-form"' not in page.text
    match.ok(type="end_phase", player="red")
    match.ok(type="activate", player="gold", phase="charge")
    match.ok(type="charge", player="gold")
    match.ok(type="activate", player="red", phase="move")
    page = match.client.get(f"/k/{match.kit}/player/red")
    assert 'id="alt-attack-form"' in page.text and 'value="2,3">2,3 Leaf Archer' in page.text


# ------------------------------------------------------------------- light tracking (issue 27)


def test_a_light_match_through_the_tracker_keeps_the_decks_not_the_board(client):
    light = Match(client, client.db_url, mode="light")
    light.ok(**BEGIN, first_player="red")
    state = light.state()
    assert state["light"] is True and "board" not in state
    # Nothing the table shows is entered: a placement is refused, naming the mode.
    forces = state["forces"]["red"]
    refused = light.refused(None, type="place", player="red", card=forces[1], space="1,2")
    assert "table keeps the battlefield" in refused["message"]
    light.ok(type="card_attack", player="red", attacker="Shadowblade", target="Militia Pikeman",
             power="deck:3")  # fmt: skip
    assert light.state()["strike"]["total"] == 6  # Shadowblade 3 + the 3 drawn
    said = light.ok(type="defend", player="gold", power="deck:1")
    assert "a wound: Shadowblade wounds Militia Pikeman" in said["said"]
    assert light.state()["strike"] is None
    table = client.get(f"/k/{light.kit}/table").text
    assert table.count('id="mode-note"') == 1 and "not entered" in table
    mat = client.get(f"/k/{light.kit}/player/red").text
    assert 'class="dm-board"' not in mat and 'id="attack-form"' in mat


def test_a_match_begun_through_the_json_api_is_full_and_its_state_as_before(client):
    full = Match(client, client.db_url)  # the set-up's choice: full
    full.ok(**BEGIN, first_player="red")
    exported = client.get(f"/k/{full.kit}/export.json").json()
    assert "mode" not in exported["initial_state"]
    assert "light" not in full.state() and full.state()["board"]


def _lists(page: str) -> list[tuple[str, list[tuple[str, bool]]]]:
    """Every single-choice <select> of a page: its name and options (value, selected)."""
    found: list[tuple[str, list[tuple[str, bool]]]] = []
    for name, body in re.findall(r'<select name="(\w+)"(?![^>]*multiple)[^>]*>(.*?)</select>',
                                 page, flags=re.S):  # fmt: skip
        options = re.findall(r"<option( value=\"([^\"]*)\")?( selected)?>([^<]*)", body)
        found.append((name, [(v if has else t, bool(sel)) for has, v, sel, t in options]))
    return found


@pytest.mark.parametrize("mode", ["full", "light"])
def test_no_list_starts_on_a_value_nobody_chose_and_assault_needs_the_zone(client, mode):
    """Issue 27: no list of a Dominum page starts on a card, a counter or a player the player
    did not pick ("deck: turned up 1"); the Domain is the state's. The Assault Phase token is
    not offered with no card in the opponent's Assault Zone."""
    table = Match(client, client.db_url, mode=mode)
    table.ok(**BEGIN, first_player="red")
    if mode == "full":
        forces = table.state()["forces"]
        for i in range(6):
            table.ok(type="place", player="red", card=forces["red"][i], space=RED_SPACES[i])
            table.ok(type="place", player="gold", card=forces["gold"][i], space=GOLD_SPACES[i])
    for path in ("table", "player/red", "player/gold"):
        page = client.get(f"/k/{table.kit}/{path}").text
        assert " checked required" not in page and " checked>" not in page, path
        for name, options in _lists(page):
            if name == "domain":
                continue
            assert options and options[0][0] == "", (path, name, options)
            assert not any(selected for value, selected in options if value), (path, name)
    if mode == "full":
        red = client.get(f"/k/{table.kit}/player/red").text
        phases = dict(_lists(red))["phase"]
        assert [v for v, _ in phases] == ["", "deploy", "move", "reposition", "attack", "charge",
                                          "reserve", "initiative"]  # fmt: skip
        assert "none of your cards is in gold's assault zone" in red


def test_the_odds_go_once_both_draws_are_named(match):
    """Issue 27: a certain result is not shown as a chance. Red's assault with two cards in
    gold's zone: odds over the deck while a draw is open, none once both are named."""
    match.two_in_golds_zone()
    match.ok(type="activate", player="red", phase="assault")
    form = {"type": "assault", "player": "red", "power1": "", "power2": ""}
    kit = match.kit
    open_ = match.client.post(f"/k/{kit}/odds", data=form).json()
    assert open_["odds"]["chances"][0]["fraction"] == "6/7"  # takes the Surge: 6 of 7 pairs
    one = match.client.post(f"/k/{kit}/odds", data={**form, "power1": "deck:4"}).json()
    assert one["odds"]["chances"]
    known = match.client.post(f"/k/{kit}/odds", data={**form, "power1": "deck:4",
                                                       "power2": "reserve:3"})  # fmt: skip
    assert "odds" not in known.json(), known.text  # a quiet note, no chart
    assert "the result is known" in known.text
    # Named draws the rules refuse get the refusal, not a result.
    twice = match.client.post(f"/k/{kit}/odds", data={**form, "power1": "reserve:3",
                                                       "power2": "reserve:3"})  # fmt: skip
    assert twice.status_code == 422 and "the result is known" not in twice.text


def test_a_light_matchs_history_says_it_in_sentences_under_round_headings(client):
    light = Match(client, client.db_url, mode="light")
    light.ok(**BEGIN, first_player="red")
    light.ok(type="card_attack", player="red", attacker="Shadowblade", target="Militia Pikeman",
             power="deck:3")  # fmt: skip
    light.ok(type="defend", player="gold", power="none")
    light.ok(type="end_round")
    light.ok(type="charge", player="gold")
    history = html.unescape(client.get(f"/k/{light.kit}/history").text)
    assert "Red's Shadowblade attacks Militia Pikeman, drawing 3" in history
    assert "Gold answers without a draw" in history
    assert "The round ends" in history
    # Newest first: round 2's heading, then round 1's over the round's end.
    assert history.index("Match 1: round 2") < history.index("Match 1: round 1")
    assert history.index("Match 1: round 1") < history.index("The round ends")
