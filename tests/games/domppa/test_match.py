"""A Domppa combat through the match engine alone (no tracker, no HTTP): the rule texts' own
examples first (rules/domppa.en.md, read as RULINGS.md says), then properties of any combat.

The shipped characters (card_data/domppa/characters.csv): the Knight (27 HP, attack 13, defence
11, strength 12, encumbrance 9, 6 AP), the Berserker (21 HP, attack 12, defence 9, protection
3 + natural 7, morale 11, Berserk +3), the Scout (13 HP, defence 11, precision 12, protection 3 +
7), the Troll (85 HP, size 4, defence 7, natural 12), the Fire Mage (11 HP, attack 8, strength
8), the Militia Spearman (15 HP: size 2, defence 9).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa import match
from toolkit.games.domppa.actions import Action, AnyAction
from toolkit.games.domppa.data import WeaponRow, load_kit_data
from toolkit.games.domppa.match import (
    RULE_COMBAT,
    RULE_OUT,
    RULE_TURN,
    MatchState,
    apply,
    fighting,
    new_match,
    replay,
    state_from_json,
    state_json,
)

SHIPPED = load_kit_data(None)
# Two weapons the shipped data lacks, for the Cold and Paralysis chapters.
DATA = replace(
    SHIPPED,
    weapons=[
        *SHIPPED.weapons,
        WeaponRow(name="Frost Axe", damage=4, length=1, damage_types=("slashing",), element="cold"),
        WeaponRow(
            name="Serpent Fang", damage=6, length=0, damage_types=("piercing",), element="paralysis"
        ),
    ],
)


def start(seed: int = 7) -> MatchState:
    return new_match(DATA, seed=seed, previous=None)


def act(state: MatchState, **fields: Any) -> tuple[MatchState, match.Outcome]:
    return apply(state, Action.from_fields(fields))


def after(state: MatchState, *actions: dict[str, Any]) -> MatchState:
    for fields in actions:
        state, _ = act(state, **fields)
    return state


def unit(state: MatchState, unit_id: str) -> match.Combatant:
    found = state.find(unit_id)
    assert found is not None
    return found


def strike(attacker: str, target: str, weapon: str, hit: str, damage: str, **more: Any) -> dict:
    return dict(type="attack", attacker=attacker, target=target, weapon=weapon, hit_dice=hit,
                damage_dice=damage, **more)  # fmt: skip


def turn(unit_id: str, **dice: str) -> dict:
    return {"type": "turn", "unit": unit_id, **dice}


# ------------------------------------------------------------------------- Combat: Melee


def test_a_tie_hits_and_the_damage_is_the_difference_slashing_a_quarter_more():
    # "2d6 - 7 + attacker's attack skill vs defender's defence. A tie or better hits."
    # 1 + 2 - 7 + 13 = 9 against the Berserker's defence 9: a hit. "2d6 - 7 + strength + weapon
    # damage bonus vs prot": 4 + 3 - 7 + 12 + 5 = 17 against 3 + 7 = 10: 7, slashing +25% = 8.
    state, outcome = act(after(start(), turn("knight")), **strike(
        "knight", "berserker", "Broadsword", "1,2", "4,3"))  # fmt: skip
    assert "9 >= 9: hit" in outcome.steps
    assert "slashing: 7 x 125% rounded down = 8" in outcome.steps
    assert outcome.summary == "hit: 8 HP, 0 fatigue"
    berserker = unit(state, "berserker")
    assert (berserker.hp, berserker.morale_due) == (21 - 8, True)
    assert state.last is not None and state.last.summary == outcome.summary


def test_an_attack_costs_every_ap_left_and_a_melee_attacker_takes_its_encumbrance():
    state = after(
        start(), turn("knight"), strike("knight", "berserker", "Broadsword", "1,1", "1,1")
    )
    knight = unit(state, "knight")
    assert (knight.ap, knight.fatigue) == (0, 3 + 6)  # a miss tires as much as a hit
    with pytest.raises(RuleError) as refused:
        act(state, **strike("knight", "berserker", "Broadsword", "4,4", "4,4"))
    assert refused.value.rule == "Actions: attack" and "only 0 AP remain" in str(refused.value)


def test_defence_drops_by_one_a_blow_received_and_resets_at_the_round():
    state = after(
        start(), turn("knight"), strike("knight", "berserker", "Broadsword", "1,1", "1,1")
    )
    assert fighting(state, unit(state, "berserker")).defence == 9 - 1
    state = after(state, turn("scout"), strike("scout", "berserker", "Dagger", "1,1", "1,1"))
    assert fighting(state, unit(state, "berserker")).defence == 9 - 2
    state, outcome = act(state, type="new_round")
    assert outcome.steps[0] == "round 2: every character's defence is whole again"
    assert (state.round, state.active, unit(state, "berserker").blows) == (2, None, 0)
    assert fighting(state, unit(state, "berserker")).defence == 9


# ------------------------------------------------------------------------ Combat: Shooting


def test_a_shot_needs_14_plus_the_distance_and_reaches_half_the_listed_range():
    # "2d6 + attacker's precision + target's size vs 14 + distance in squares + parry x 2":
    # the Scout (12) at the Troll (size 4) 6 squares away needs 2d6 >= 4, a tie hitting.
    state = after(start(), turn("scout"))
    shot = strike("scout", "troll", "Shortbow", "2,1", "4,3", mode="ranged", distance=6)
    assert "19 < 20: miss" in act(state, **shot)[1].steps
    assert "20 >= 20: hit" in act(state, **{**shot, "hit_dice": "2,2"})[1].steps
    assert unit(act(state, **shot)[0], "troll").blows == 0  # a shot is no blow received
    # "Ranges of weapons and spells are halved": the Shortbow's listed 20 is 10 squares.
    with pytest.raises(RuleError, match="Shortbow reaches 10 squares"):
        act(state, **{**shot, "distance": 11})
    with pytest.raises(RuleError, match="Broadsword is not a ranged weapon"):
        act(state, **{**shot, "weapon": "Broadsword"})
    with pytest.raises(RuleError, match="Shortbow shoots: choose a ranged attack"):
        act(state, **{**shot, "mode": "melee"})


# ------------------------------------------------------------------ Morale, fleeing, rally


def test_morale_is_tested_against_12_plus_the_more_favourable_missing_hp():
    # The Berserker at 13 of 21 HP: 8 missing, or 4 started 10% steps: 12 + 4 = 16 to reach.
    state = after(
        start(), turn("knight"), strike("knight", "berserker", "Broadsword", "1,2", "4,3")
    )
    failed, outcome = act(state, type="morale", unit="berserker", dice="2,2")
    assert "2d6 4 + morale 11 = 15" in outcome.steps and outcome.summary == "Berserker fails: flees"
    berserker = unit(failed, "berserker")
    assert berserker.fleeing and not berserker.morale_due
    # "Fleeing characters take -4 to defence and attack" (on top of the blow received).
    assert (fighting(failed, berserker).attack, fighting(failed, berserker).defence) == (8, 4)
    passed, outcome = act(state, type="morale", unit="berserker", dice="3,2")
    assert outcome.summary == "Berserker passed" and not unit(passed, "berserker").fleeing
    with pytest.raises(RuleError) as refused:
        act(passed, type="rally", unit="berserker", dice="6,6,1,1")
    assert refused.value.rule == "Rally"
    rallied, outcome = act(failed, type="rally", unit="berserker", dice="3,2")
    assert outcome.summary == "Berserker rallied" and not unit(rallied, "berserker").fleeing


# --------------------------------------------------------------- Fire, Cold, Poison, Stun


def test_fire_damage_with_a_six_sets_alight_and_burning_takes_a_d2_each_turn():
    state = after(start(), turn("fire-mage"))
    # 5 + 5 - 7 + 8 = 11 against the Scout's 11; 6,1 is 6 + (1 - 1) = 6, + 5: 11 - 7 + 8 + 4 = 16
    # against 10: 6, slashing 7. "The character catches fire if the damage roll contained a 6."
    state, outcome = act(state, **strike("fire-mage", "scout", "Flaming Brand", "5,5", "6,1,5"))
    assert "Scout catches fire" in outcome.steps and unit(state, "scout").burning
    state, outcome = act(state, **turn("scout", burn_d2="2"))
    assert "Scout: burning 2: HP 6 -> 4" in outcome.steps
    # A blank d2 is rolled by the tracker, as the form says (1 or 2, recorded in the steps).
    state, outcome = act(state, **turn("scout"))
    assert any(step.startswith("burning d2: the tracker rolled ") for step in outcome.steps)
    assert unit(state, "scout").hp in (2, 3) and state.rolls == 1
    with pytest.raises(DomekitError, match="3 is not a face of a d2"):
        act(state, **turn("scout", burn_d2="3"))


def test_cold_damage_freezes_on_a_d6_of_5_and_freezing_tires_by_2d6_each_turn():
    state = after(start(), turn("knight"))
    cold = strike("knight", "berserker", "Frost Axe", "5,5", "5,5")
    state_4, outcome = act(state, **{**cold, "freeze_d6": "4"})
    assert "Berserker does not freeze (4 < 5)" in outcome.steps
    state_5, outcome = act(state, **{**cold, "freeze_d6": "5"})
    assert "Berserker starts freezing (5 >= 5)" in outcome.steps
    assert not unit(state_4, "berserker").freezing and unit(state_5, "berserker").freezing
    state, outcome = act(state_5, **turn("berserker", freeze_dice="4,2"))
    assert "freezing: +6 fatigue (as stun)" in outcome.steps
    assert unit(state, "berserker").fatigue == 6


def test_poison_takes_a_tenth_of_what_is_left_rounded_up_until_all_is_taken():
    state = after(start(), {"type": "condition", "unit": "scout", "condition": "poison",
                            "value": 25})  # fmt: skip
    taken = []
    while unit(state, "scout").poison and unit(state, "scout").hp:
        before = unit(state, "scout").hp
        state = after(state, turn("scout"))
        taken.append(before - unit(state, "scout").hp)
    assert taken[:4] == [3, 3, 2, 2]  # 10% of 25, 22, 19, 17, rounded up
    assert sum(taken) == 13  # the Scout's 13 HP: it is out before the 25 are all taken
    with pytest.raises(RuleError) as refused:
        act(state, **turn("scout"))
    assert refused.value.rule == RULE_OUT


def test_paralysis_lasts_half_the_damage_over_size_rounds_and_takes_no_hp():
    # The Berserker's Serpent Fang (+6, piercing, paralysis): 6,6,1,2 is 13, - 7 + 12 = 18
    # against the Spearman's defence 9; 6,6,4,3 is 6 + 5 + 3 + 3 = 17, - 7 + 13 + 6 = 29 against
    # its leather armour's 3 + natural 7 = 10, piercing leaves 8: 21 damage. "(Damage - size) / 2
    # rounds of paralysis": (21 - 2) / 2 = 9 (rounded down), and no HP (RULINGS: paralysis damage
    # paralyses).
    state = after(start(), turn("berserker"))
    state, outcome = act(state, **strike("berserker", "militia-spearman", "Serpent Fang",
                                         "6,6,1,2", "6,6,4,3"))  # fmt: skip
    spearman = unit(state, "militia-spearman")
    assert (spearman.hp, spearman.paralysed) == (spearman.max_hp, 9)
    assert "29 - 8 = 21 damage" in outcome.steps
    assert "paralysis: (21 - size 2) / 2 = 9 rounds" in outcome.steps
    assert not fighting(state, spearman).can_act and fighting(state, spearman).defence == 0
    rounds = spearman.paralysed
    for left in range(rounds - 1, -1, -1):
        state = after(state, {"type": "new_round"})
        assert unit(state, "militia-spearman").paralysed == left
    assert fighting(state, unit(state, "militia-spearman")).can_act


def test_stun_damage_gives_fatigue_instead_of_hp():
    state = after(start(), turn("knight"))
    state, outcome = act(state, **strike("knight", "scout", "Sap", "5,5", "6,1,4"))
    scout = unit(state, "scout")
    assert scout.hp == scout.max_hp and scout.fatigue > 0
    assert outcome.summary == f"hit: 0 HP, {scout.fatigue} fatigue"


# --------------------------------------------------------------------- Fatigue, rest, berserk


def test_every_full_20_fatigue_costs_a_point_and_100_stops_a_character():
    state = after(start(), {"type": "hp", "unit": "troll", "change": 0, "fatigue": 39})
    assert fighting(state, unit(state, "troll")).attack == 11 - 1
    state = after(state, {"type": "hp", "unit": "troll", "change": 0, "fatigue": 64})
    # "At 100+ fatigue the character may not act, has defence 0, and reduces its fatigue by d6."
    state, outcome = act(state, **turn("troll", recovery_d6="1"))
    assert "fatigue 103 -> 102" in outcome.steps and "Troll cannot act this turn" in outcome.steps
    troll = unit(state, "troll")
    assert troll.ap == 0 and fighting(state, troll).defence == 0
    with pytest.raises(RuleError, match="only 0 AP remain"):
        act(state, **strike("troll", "knight", "Mace", "4,4", "4,4"))
    attack = Action.from_fields(strike("troll", "knight", "Mace", "4,4", "4,4"))
    with pytest.raises(RuleError, match="Troll cannot act"):  # with AP left it still could not
        match.set_up_attack(state, attack, troll, unit(state, "knight"))


def test_a_whole_turn_in_rest_mode_recovers_3_fatigue():
    tired = {"type": "hp", "unit": "priest", "change": 0, "fatigue": 20}
    state = after(
        start(), tired, turn("priest"), {"type": "spend", "unit": "priest", "action": "rest"}
    )
    assert unit(state, "priest").resting and unit(state, "priest").ap == 0
    state, outcome = act(state, **turn("priest"))
    assert "fatigue 20 -> 17 (rest mode)" in outcome.steps


def test_a_berserk_character_tires_by_x_each_turn_and_cannot_shoot():
    state = after(start(), turn("berserker"), {"type": "spend", "unit": "berserker",
                                               "action": "berserk"})  # fmt: skip
    assert unit(state, "berserker").berserk == 3
    state, outcome = act(state, **turn("berserker"))
    assert "berserk +3: +3 fatigue" in outcome.steps
    with pytest.raises(RuleError) as refused:
        act(state, **strike("berserker", "troll", "Shortbow", "4,4", "4,4", mode="ranged"))
    assert refused.value.rule == "Berserk"
    state = after(start(), turn("knight"))
    with pytest.raises(RuleError, match="needs the Berserk ability"):
        act(state, type="spend", unit="knight", action="berserk")


# ----------------------------------------------------------------- turns, HP, the combat's end


def test_a_character_acts_on_its_own_turn_even_without_the_tracker():
    attack = strike("knight", "berserker", "Broadsword", "4,4", "4,4")
    with pytest.raises(RuleError) as refused:
        act(start(), **attack)
    assert refused.value.rule == RULE_TURN
    assert str(refused.value).startswith("it is nobody's turn, not Knight's")
    with pytest.raises(RuleError, match="it is Knight's turn, not Scout's"):
        act(after(start(), turn("knight")), type="spend", unit="scout", action="move", squares=1)


def test_a_character_at_0_hp_is_out_and_one_who_left_is_not_in_the_combat():
    state = after(start(), {"type": "hp", "unit": "scout", "change": -100})
    scout = unit(state, "scout")
    assert (scout.hp, scout.out, scout.morale_due) == (0, True, False)
    with pytest.raises(RuleError) as refused:
        act(after(state, turn("knight")), **strike("knight", "scout", "Mace", "4,4", "4,4"))
    assert refused.value.rule == RULE_OUT
    state = after(start(), turn("knight"), {"type": "leave", "unit": "knight"})
    assert state.active is None
    with pytest.raises(RuleError, match="not in this combat"):
        act(state, **turn("knight"))
    with pytest.raises(RuleError, match="has 27 of 27 HP"):
        act(start(), type="hp", unit="knight", change=1)


def test_nothing_is_recorded_once_the_combat_is_over_and_the_next_keeps_the_roster():
    state = after(start(), {"type": "add", "name": "Сергей", "health": 9, "side": "wanderers"},
                  {"type": "side", "unit": "knight", "side": "the Crown"},
                  {"type": "leave", "unit": "troll"})  # fmt: skip
    state, outcome = act(state, type="end_combat")
    assert outcome.steps[0].startswith("combat over; still standing: Militia Spearman, Knight")
    with pytest.raises(RuleError) as refused:
        act(state, type="new_round")
    assert refused.value.rule == RULE_COMBAT
    following = new_match(DATA, seed=8, previous=state)
    assert following.combat == 2 and not following.over
    sergei = unit(following, "сергей")
    assert (sergei.id, sergei.side, sergei.from_data) == ("сергей", "wanderers", False)
    assert unit(following, "knight").side == "the Crown"
    assert not unit(following, "troll").in_combat


def test_the_server_rolls_the_same_faces_for_the_same_seed_and_log():
    log = [turn("knight"), strike("knight", "troll", "Broadsword", "roll", "roll")]
    first, second, other = (after(start(seed), *log) for seed in (11, 11, 12))
    assert first == second and first.rolls == 2
    assert state_json(first)["last"] == state_json(second)["last"]
    assert first.last != other.last or first.seed != other.seed


# ----------------------------------------------------------------------------- properties

IDS = [ch.id for ch in DATA.characters]
ids = st.sampled_from(IDS)
dice = st.one_of(
    st.just("roll"),
    st.lists(st.integers(1, 5), min_size=2, max_size=2).map(lambda f: ",".join(map(str, f))),
)
weapons = st.sampled_from(
    ["Broadsword", "Flaming Brand", "Poisoned Dagger", "Sap", "Frost Axe", "Serpent Fang"]
)
fields = st.one_of(
    st.builds(lambda u: turn(u), ids),
    st.builds(lambda a, t, w, h, d: strike(a, t, w, h, d), ids, ids, weapons, dice, dice),
    st.builds(lambda u, d: {"type": "morale", "unit": u, "dice": d}, ids, dice),
    st.builds(lambda u, d: {"type": "rally", "unit": u, "dice": d}, ids, dice),
    st.just({"type": "new_round"}),
    st.builds(
        lambda u, c, v: {"type": "condition", "unit": u, "condition": c, "value": v},
        ids,
        st.sampled_from(["burning", "freezing", "fleeing", "resting", "poison", "paralysed"]),
        st.sampled_from(["0", "1", "12"]),
    ),
    st.builds(
        lambda u, c, f: {"type": "hp", "unit": u, "change": c, "fatigue": f},
        ids,
        st.integers(-20, 5),
        st.integers(-30, 110),
    ),  # fmt: skip
    st.builds(lambda u: {"type": "spend", "unit": u, "action": "rest"}, ids),
)


def _accepted(state: MatchState, sequence: list[dict]) -> tuple[list[AnyAction], list[MatchState]]:
    """The actions the rules accepted, in order, and the state after each (the first: before)."""
    actions, states = [], [state]
    for item in sequence:
        action = Action.from_fields(item)
        try:
            state, _ = apply(state, action)
        except DomekitError:
            continue
        actions.append(action)
        states.append(state)
    return actions, states


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(fields, max_size=30), seed=st.integers(0, 2**63 - 1), data=st.data())
def test_replay_equals_the_steps_and_undo_by_replay_restores_the_exact_state(sequence, seed, data):
    initial = start(seed)
    actions, states = _accepted(initial, sequence)
    assert replay(initial, actions) == states[-1]
    k = data.draw(st.integers(0, len(actions)))
    assert replay(initial, actions[: len(actions) - k]) == states[len(actions) - k]
    for state in states:
        # The JSON form holds the whole state, and reading it back is the same state.
        assert state_from_json(state_json(state), DATA) == state
        for c in state.roster:
            assert 0 <= c.hp <= c.max_hp and c.fatigue >= 0 and 0 <= c.ap <= c.max_ap
            assert c.paralysed >= 0 and all(part > 0 for part in c.poison)
        assert state.rolls >= initial.rolls


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(fields, max_size=20), extra=fields)
def test_apply_never_changes_its_state_and_a_refusal_changes_nothing(sequence, extra):
    _actions, states = _accepted(start(), sequence)
    state = states[-1]
    before = state_json(state)
    try:
        apply(state, Action.from_fields(extra))
    except DomekitError:
        pass
    assert state_json(state) == before


@settings(max_examples=40, deadline=None)
@given(total=st.integers(1, 200), hp=st.integers(1, 30))
def test_poison_taken_turn_by_turn_is_conserved(total, hp):
    state = after(start(), {"type": "add", "name": "Target", "health": hp},
                  {"type": "condition", "unit": "target", "condition": "poison",
                   "value": total})  # fmt: skip
    full = unit(state, "target").hp
    lost = 0
    while unit(state, "target").poison and not unit(state, "target").out:
        before = unit(state, "target").hp
        state = after(state, turn("target"))
        lost += before - unit(state, "target").hp
        assert lost + sum(unit(state, "target").poison) == total or unit(state, "target").out
    assert lost == min(total, full)
