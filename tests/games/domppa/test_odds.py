"""Domppa odds against hand counts, icepool and the engine itself."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import icepool
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.dice import TRUNCATED_MASS_2D6
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.odds import (
    ROLL_BUDGET,
    Blow,
    DamageType,
    Defender,
    awe_odds,
    fear_odds,
    load_rules,
    melee_odds,
    morale_odds,
    ranged_odds,
    two_d6,
)
from toolkit.odds.common import step_map

RULES = load_rules()
DRN = (icepool.d6 - 1).explode([5], depth=12) + 1
ICEPOOL_2D6 = DRN + DRN


def test_even_melee_hits_on_7_or_more_7_in_12():
    # Attack 5 vs defence 5: 2d6 - 7 + 5 >= 5 needs 2d6 >= 7. A die showing 6 already makes 7
    # with any other die, so explosions change nothing: 21 of the 36 plain pairs.
    odds = melee_odds(
        RULES, attack=5, defence=5, blow=Blow(strength=0, weapon_damage=0), defender=Defender()
    )
    assert abs(odds["p_hit"] - Fraction(7, 12)) <= odds["truncated_mass"]
    assert odds["p_shield_hit"] == 0


def test_shield_hit_is_a_miss_by_no_more_than_the_parry():
    # Defence 5, parry 2, attack 5: 2d6 >= 9 hits clean; 7 or 8 hits the shield (11/36 - 5/36 =
    # 6/36 of plain pairs, no explosion can land on 7 or 8 without... ) - checked with icepool.
    odds = melee_odds(
        RULES, attack=5, defence=5, parry=2, blow=Blow(strength=0, weapon_damage=0),
        defender=Defender(),
    )  # fmt: skip
    shield = ICEPOOL_2D6.probability(">=", 7) - ICEPOOL_2D6.probability(">=", 9)
    assert abs(odds["p_shield_hit"] - shield) <= odds["truncated_mass"]
    assert abs(odds["p_hit"] - ICEPOOL_2D6.probability(">=", 7)) <= odds["truncated_mass"]


def test_head_hits_are_ten_percent_of_hits():
    odds = melee_odds(
        RULES, attack=7, defence=4, blow=Blow(strength=3, weapon_damage=2),
        defender=Defender(body=6, head=3),
    )  # fmt: skip
    assert odds["p_head_hit"] == odds["p_hit"] / 10


@settings(max_examples=40, deadline=None)
@given(attack=st.integers(0, 15), defence=st.integers(0, 25))
def test_melee_hit_chance_agrees_with_icepool(attack, defence):
    odds = melee_odds(
        RULES, attack=attack, defence=defence, blow=Blow(strength=0, weapon_damage=0),
        defender=Defender(),
    )  # fmt: skip
    theirs = ICEPOOL_2D6.probability(">=", defence - attack + 7)
    assert abs(odds["p_hit"] - theirs) <= odds["truncated_mass"] < Fraction(1, 10**9)


@settings(max_examples=30, deadline=None)
@given(precision=st.integers(0, 12), size=st.integers(2, 4), distance=st.integers(0, 9))
def test_ranged_hit_chance_agrees_with_icepool(precision, size, distance):
    odds = ranged_odds(
        RULES, precision=precision, distance=distance, blow=Blow(strength=0, weapon_damage=0),
        defender=Defender(size=size),
    )  # fmt: skip
    theirs = ICEPOOL_2D6.probability(">=", 14 + distance - precision - size)
    assert abs(odds["p_hit"] - theirs) <= odds["truncated_mass"]


def test_damage_distribution_against_icepool():
    # Strength 4, weapon 2, protection 8 (no helmet difference: head = body): damage is
    # 2d6 - 7 + 6 - 8 when positive, on a sure hit (attack far above defence).
    odds = melee_odds(
        RULES, attack=40, defence=0, blow=Blow(strength=4, weapon_damage=2),
        defender=Defender(body=8, head=8),
    )  # fmt: skip
    damage = (ICEPOOL_2D6 - 9).map(lambda d: max(d, 0))
    for value in range(0, 40):
        listed = odds["damage_distribution"].get(value, 0)
        assert abs(listed - damage.probability(value)) <= odds["truncated_mass"], value


def test_kill_chance_is_the_damage_at_or_above_hp():
    odds = melee_odds(
        RULES, attack=6, defence=5, parry=1, blow=Blow(strength=5, weapon_damage=3),
        defender=Defender(body=8, head=5, natural=2, shield_protection=3, hp=6),
    )  # fmt: skip
    assert odds["p_kill"] == sum(p for loss, p in odds["hp_loss_distribution"].items() if loss >= 6)


def test_every_damage_type_keeps_probability_and_never_goes_negative():
    kinds = list(DamageType)
    odds = melee_odds(
        RULES, attack=6, defence=4, blow=Blow(strength=6, weapon_damage=3),
        defender=Defender(body=25, head=12, natural=3), damage_types=kinds,
    )  # fmt: skip
    assert set(odds["by_damage_type"]) == {kind.value for kind in kinds}
    for row in odds["by_damage_type"].values():
        spread = row["damage_distribution"]
        assert min(spread) >= 0
        assert 1 - sum(spread.values()) <= odds["truncated_mass"]
    # Armour negating can only do more than no damage type against the same armour.
    by = odds["by_damage_type"]
    assert by["armor-negating"]["expected_damage"] >= by["none"]["expected_damage"]


def test_morale_example_from_the_rulings():
    # Max 40 HP, 9 missing: penalty min(9, 3) = 3, target 15; morale 8 needs 2d6 >= 7: 7/12.
    odds = morale_odds(RULES, morale=8, max_hp=40, hp=31)
    assert odds["penalty"] == 3
    assert odds["p_passed"] + odds["truncated_mass"] == Fraction(7, 12)


def test_morale_failure_is_each_wound_weighed_by_the_test_at_the_hp_left():
    defender = Defender(body=4, head=2, hp=12, max_hp=20, morale=6)
    odds = melee_odds(
        RULES, attack=6, defence=5, blow=Blow(strength=5, weapon_damage=2), defender=defender
    )
    by_hand = sum(
        p * morale_odds(RULES, morale=6, max_hp=20, hp=12 - loss)["p_failed"]
        for loss, p in odds["hp_loss_distribution"].items()
        if 0 < loss < 12
    )
    assert abs(odds["p_morale_failure"] - by_hand) <= odds["truncated_mass"]
    assert 0 < odds["p_morale_failure"] < odds["p_damage"]


@settings(max_examples=40, deadline=None)
@given(
    morale=st.integers(-5, 20),
    max_hp=st.integers(1, 60),
    data=st.data(),
)
def test_the_morale_test_is_monotone_in_the_roll_as_the_search_assumes(morale, max_hp, data):
    hp = data.draw(st.integers(0, max_hp))
    rolls = two_d6(RULES)

    def passes(total: int) -> bool:
        return engine.morale_test(
            RULES, morale=morale, max_hp=max_hp, hp=hp, roll_total=total
        ).passed

    assert step_map(rolls, passes) == rolls.map(passes)


@settings(max_examples=40, deadline=None)
@given(
    attack=st.integers(-5, 25),
    defence=st.integers(0, 25),
    parry=st.integers(0, 6),
    precision=st.integers(-5, 15),
    size=st.integers(0, 5),
    distance=st.integers(0, 12),
)
def test_hit_classes_are_monotone_in_the_roll_as_the_search_assumes(
    attack, defence, parry, precision, size, distance
):
    rolls = two_d6(RULES)

    def melee(total: int) -> tuple[bool, bool]:
        hit = engine.melee_hit(RULES, attack=attack, defence=defence, hit_total=total, parry=parry)
        return hit.hit, hit.shield_hit

    def ranged(total: int) -> tuple[bool, bool]:
        hit = engine.ranged_hit(
            RULES, precision=precision, size=size, distance=distance, hit_total=total, parry=parry
        )
        return hit.hit, hit.shield_hit

    assert step_map(rolls, melee) == rolls.map(melee)
    assert step_map(rolls, ranged) == rolls.map(ranged)


@settings(max_examples=30, deadline=None)
@given(
    fear=st.integers(0, 40),
    morale=st.integers(0, 25),
    awe=st.integers(0, 6),
    max_hp=st.integers(1, 60),
    data=st.data(),
)
def test_fear_and_awe_are_monotone_in_the_roll_as_the_search_assumes(
    fear, morale, awe, max_hp, data
):
    hp = data.draw(st.integers(0, max_hp))
    rolls = two_d6(RULES)

    def broken(total: int) -> bool:
        return engine.fear_test(
            RULES, fear=fear, morale=morale, max_hp=max_hp, hp=hp, roll_total=total
        ).broken

    def may_strike(total: int) -> bool:
        return engine.awe_test(RULES, morale=morale, awe=awe, roll_total=total).may_strike

    assert step_map(rolls, broken) == rolls.map(broken)
    assert step_map(rolls, may_strike) == rolls.map(may_strike)


def test_step_map_calls_the_engine_only_near_the_changes():
    calls = []

    def passes(total: int) -> bool:
        calls.append(total)
        return total >= 9

    rolls = two_d6(RULES)
    assert step_map(rolls, passes) == rolls.map(lambda total: total >= 9)
    assert len(calls) <= 2 * len(rolls).bit_length() + 2 < len(rolls)


def test_truncation_is_stated_and_small():
    odds = melee_odds(
        RULES, attack=6, defence=5, blow=Blow(strength=5, weapon_damage=3),
        defender=Defender(body=8, hp=10, max_hp=20, morale=6),
    )  # fmt: skip
    assert 0 < odds["truncated_mass"] <= 3 * ROLL_BUDGET < Fraction(1, 10**9)
    assert two_d6(RULES).missing <= ROLL_BUDGET
    assert two_d6(RULES).missing >= TRUNCATED_MASS_2D6  # the 13-roll table's part, and the rest


def test_awe_counted_by_hand():
    # 2d6 - 7 + morale 9 vs 10 + awe 2: needs 2d6 >= 10, which a 6 alone does not make: icepool.
    odds = awe_odds(RULES, morale=9, awe=2)
    assert abs(odds["p_may_strike"] - ICEPOOL_2D6.probability(">=", 10)) <= odds["truncated_mass"]


def test_fear_wins_a_tie():
    # Fear 10 (10/5 = 2) vs morale 9, unhurt: broken on 2d6 + 2 >= 9, i.e. 2d6 >= 7: 7/12.
    odds = fear_odds(RULES, fear=10, morale=9, max_hp=20, hp=20)
    assert odds["p_broken"] + odds["truncated_mass"] == Fraction(7, 12)


# The engine's quiet paths, which the odds call for every roll and draw: `explain=False` and
# `hit_damages` must give exactly the outcome the full breakdown gives, only without steps.

blows = st.builds(
    engine.Blow,
    strength=st.integers(0, 20),
    weapon_damage=st.integers(0, 15),
    damage_type=st.sampled_from(list(engine.DamageType)),
    element=st.sampled_from(list(engine.Element)),
    stun=st.booleans(),
    bonus=st.integers(0, 5),
)
guards = st.builds(
    engine.Guard,
    protection=st.integers(0, 40),
    shield_protection=st.integers(0, 8),
    resist=st.integers(0, 10),
    size=st.integers(0, 5),
)


@settings(max_examples=150, deadline=None)
@given(
    blow=blows,
    guard=guards,
    hit=st.sampled_from([(True, False), (True, True), (False, False)]),
    head=st.booleans(),
    rolls=st.lists(st.tuples(st.integers(2, 130), st.booleans()), min_size=1, max_size=6),
)
def test_hit_damages_give_the_numbers_of_hit_damage(blow, guard, hit, head, rolls):
    the_hit = engine.Hit(*hit, total=0, target=0, steps=[])
    table = engine.hit_damages(RULES, blow, guard, rolls, head=head)[the_hit.shield_hit]
    for total, six in rolls:
        full = engine.hit_damage(
            RULES, the_hit, blow, guard, damage_total=total, damage_shows_six=six, head=head
        )
        quiet = engine.hit_damage(
            RULES, the_hit, blow, guard, damage_total=total, damage_shows_six=six, head=head,
            explain=False,
        )  # fmt: skip
        if full is None:
            assert quiet is None and not the_hit.hit
            continue
        assert full.steps and quiet is not None and quiet.steps == []
        assert replace(full, steps=[]) == quiet
        harm = table[(total, six)]
        assert (harm.damage, harm.hp_loss, harm.fatigue, harm.ignites) == (
            full.damage, full.hp_loss, full.fatigue, full.ignites,
        )  # fmt: skip
        assert list(harm.poison_schedule) == full.poison_schedule
        assert (harm.freeze_check, harm.paralysis_rounds) == (
            full.freeze_check,
            full.paralysis_rounds,
        )


@settings(max_examples=100, deadline=None)
@given(
    attack=st.integers(-5, 25),
    defence=st.integers(0, 25),
    parry=st.integers(0, 6),
    total=st.integers(2, 130),
    morale=st.integers(-5, 20),
    max_hp=st.integers(1, 60),
    data=st.data(),
)
def test_quiet_hits_and_morale_match_the_explained_ones(
    attack, defence, parry, total, morale, max_hp, data
):
    loud = engine.melee_hit(RULES, attack=attack, defence=defence, hit_total=total, parry=parry)
    quiet = engine.melee_hit(
        RULES, attack=attack, defence=defence, hit_total=total, parry=parry, explain=False
    )
    assert replace(loud, steps=[]) == quiet
    loud = engine.ranged_hit(
        RULES, precision=attack, size=3, distance=defence, hit_total=total, parry=parry
    )
    quiet = engine.ranged_hit(
        RULES, precision=attack, size=3, distance=defence, hit_total=total, parry=parry,
        explain=False,
    )  # fmt: skip
    assert replace(loud, steps=[]) == quiet
    hp = data.draw(st.integers(0, max_hp))
    loud = engine.morale_test(RULES, morale=morale, max_hp=max_hp, hp=hp, roll_total=total)
    quiet = engine.morale_test(
        RULES, morale=morale, max_hp=max_hp, hp=hp, roll_total=total, explain=False
    )
    assert replace(loud, steps=[]) == quiet


def test_a_repeated_query_is_answered_alike_and_its_steps_are_the_callers_own():
    blow = engine.Blow(strength=5, weapon_damage=3)
    target = Defender(body=8, hp=10, max_hp=20, morale=6)
    first = melee_odds(RULES, attack=6, defence=5, blow=blow, defender=target)
    first["steps"].append("a caller's own note")
    again = melee_odds(RULES, attack=6, defence=5, blow=blow, defender=target)
    assert "a caller's own note" not in again["steps"]
    assert {k: v for k, v in first.items() if k != "steps"} == {
        k: v for k, v in again.items() if k != "steps"
    }
