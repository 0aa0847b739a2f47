"""Domppa odds against hand counts, icepool and the engine itself."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.odds import (
    Blow,
    DamageType,
    Defender,
    Element,
    awe_odds,
    fear_odds,
    load_rules,
    melee_odds,
    morale_odds,
    ranged_odds,
    two_d6,
)
from toolkit.odds.exploding import DRN

RULES = load_rules()
ICEPOOL_DIE = (icepool.d6 - 1).explode([5], depth=30) + 1
ICEPOOL_2D6 = ICEPOOL_DIE + ICEPOOL_DIE  # followed 30 rolls deep: off by under 6^-29
CLOSE = Fraction(1, 6**29)


def tail_value(spread: dict) -> int:
    """The N of a distribution's last bucket "N or more"."""
    (tail,) = [key for key in spread if isinstance(key, str)]
    return int(tail.split()[0])


def test_even_melee_hits_on_7_or_more_7_in_12():
    # Attack 5 vs defence 5: 2d6 - 7 + 5 >= 5 needs 2d6 >= 7. A die showing 6 already makes 7
    # with any other die, so explosions change nothing: 21 of the 36 plain pairs.
    odds = melee_odds(
        RULES, attack=5, defence=5, blow=Blow(strength=0, weapon_damage=0), defender=Defender()
    )
    assert odds["p_hit"] == Fraction(7, 12)
    assert odds["p_shield_hit"] == 0
    assert "truncated_mass" not in odds


def test_the_issue_melee_attack_10_vs_defence_12_hits_13_in_36():
    # 2d6 - 7 + 10 >= 12: 2d6 >= 9, the Dominions DRN table's 13/36, exactly.
    odds = melee_odds(
        RULES, attack=10, defence=12, blow=Blow(strength=5, weapon_damage=3),
        defender=Defender(body=8, head=5, natural=2, hp=10, max_hp=20, morale=8),
    )  # fmt: skip
    assert odds["p_hit"] == Fraction(13, 36)
    assert sum(odds["damage_distribution"].values()) == 1
    assert sum(odds["hp_loss_distribution"].values()) == 1


def test_shield_hit_is_a_miss_by_no_more_than_the_parry():
    # Defence 5, parry 2, attack 5: 2d6 >= 9 hits clean; 7 or 8 hits the shield.
    odds = melee_odds(
        RULES, attack=5, defence=5, parry=2, blow=Blow(strength=0, weapon_damage=0),
        defender=Defender(),
    )  # fmt: skip
    assert odds["p_shield_hit"] == Fraction(7, 12) - Fraction(13, 36)
    assert odds["p_hit"] == Fraction(7, 12)


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
    assert odds["p_hit"] == DRN.at_least(defence - attack + 7)
    assert abs(odds["p_hit"] - ICEPOOL_2D6.probability(">=", defence - attack + 7)) < CLOSE


@settings(max_examples=30, deadline=None)
@given(precision=st.integers(0, 12), size=st.integers(2, 4), distance=st.integers(0, 9))
def test_ranged_hit_chance_agrees_with_icepool(precision, size, distance):
    odds = ranged_odds(
        RULES, precision=precision, distance=distance, blow=Blow(strength=0, weapon_damage=0),
        defender=Defender(size=size),
    )  # fmt: skip
    theirs = ICEPOOL_2D6.probability(">=", 14 + distance - precision - size)
    assert abs(odds["p_hit"] - theirs) < CLOSE


def test_damage_distribution_is_exact_and_ends_in_one_bucket():
    # Strength 4, weapon 2, protection 8 (head = body): damage is 2d6 - 7 + 6 - 8 when
    # positive, on a sure hit (attack far above defence).
    odds = melee_odds(
        RULES, attack=40, defence=0, blow=Blow(strength=4, weapon_damage=2),
        defender=Defender(body=8, head=8),
    )  # fmt: skip
    spread = odds["damage_distribution"]
    n = tail_value(spread)
    assert spread[0] == 1 - DRN.at_least(10)
    for value in range(1, n):
        assert spread[value] == DRN.probability(value + 9), value
    assert spread[f"{n} or more"] == DRN.at_least(n + 9)
    assert sum(spread.values()) == 1
    # E[(2d6 - 9)+] = E[2d6] - 9 + E[(9 - 2d6)+]: 8 - 9 + the finite sum below 9.
    below = sum(((9 - s) * DRN.probability(s) for s in range(2, 9)), Fraction(0))
    assert odds["expected_damage"] == 8 - 9 + below
    assert odds["p_damage"] == DRN.at_least(10)


@pytest.mark.parametrize(
    "kind, head_share",
    [(DamageType.SLASHING, 0), (DamageType.BLUNT, 1), (DamageType.NONE, 0)],
)
def test_expected_damage_is_the_closed_form_of_each_damage_type(kind, head_share):
    # Slashing: floor(1.25 x raw); blunt to the head: 2 x raw. Against a long exact sum over
    # the totals (every total past 400 weighs under 6^-78).
    odds = melee_odds(
        RULES, attack=40, defence=0, blow=Blow(strength=4, weapon_damage=2, damage_type=kind),
        defender=Defender(body=8, head=8),
    )  # fmt: skip

    def damage(total: int, head: bool) -> int:
        raw = max(0, total - 7 + 6 - 8)
        if kind is DamageType.SLASHING:
            return raw * 125 // 100
        return raw * 2 if kind is DamageType.BLUNT and head else raw

    long_sum = sum(
        (
            DRN.probability(s)
            * (Fraction(9, 10) * damage(s, False) + Fraction(1, 10) * damage(s, True))
            for s in range(2, 400)
        ),
        Fraction(0),
    )
    assert 0 <= odds["expected_damage"] - long_sum < Fraction(1, 10**50)
    assert sum(odds["damage_distribution"].values()) == 1


def test_kill_chance_is_the_damage_at_or_above_hp():
    odds = melee_odds(
        RULES, attack=6, defence=5, parry=1, blow=Blow(strength=5, weapon_damage=3),
        defender=Defender(body=8, head=5, natural=2, shield_protection=3, hp=6),
    )  # fmt: skip
    spread = odds["hp_loss_distribution"]
    assert tail_value(spread) >= 6
    listed = sum(p for loss, p in spread.items() if isinstance(loss, int) and loss >= 6)
    assert odds["p_kill"] == listed + spread[f"{tail_value(spread)} or more"]


def test_every_damage_type_keeps_probability_and_never_goes_negative():
    kinds = list(DamageType)
    odds = melee_odds(
        RULES, attack=6, defence=4, blow=Blow(strength=6, weapon_damage=3),
        defender=Defender(body=25, head=12, natural=3), damage_types=kinds,
    )  # fmt: skip
    assert set(odds["by_damage_type"]) == {kind.value for kind in kinds}
    for row in odds["by_damage_type"].values():
        spread = row["damage_distribution"]
        assert min(key for key in spread if isinstance(key, int)) >= 0
        assert sum(spread.values()) == 1
    # Armour negating can only do more than no damage type against the same armour.
    by = odds["by_damage_type"]
    assert by["armor-negating"]["expected_damage"] >= by["none"]["expected_damage"]


@pytest.mark.parametrize("element", list(Element))
@pytest.mark.parametrize("stun", [False, True])
def test_every_element_and_stun_sums_to_exactly_one(element, stun):
    odds = melee_odds(
        RULES, attack=8, defence=4, blow=Blow(strength=6, weapon_damage=3, element=element,
        stun=stun), defender=Defender(body=6, head=3, size=3, hp=9, max_hp=20, morale=6),
    )  # fmt: skip
    for name, value in odds.items():
        if name.endswith("_distribution"):
            assert sum(value.values()) == 1, name
    if stun or element in (Element.POISON, Element.PARALYSIS):
        assert odds["hp_loss_distribution" if not stun else "fatigue_distribution"]
        assert odds["p_morale_failure"] == 0 and odds["p_kill"] == 0


def test_fire_ignites_only_when_a_die_exploded():
    # A sure hit, protection 0, strength 0 + weapon 10: every roll does damage (2d6 - 7 + 10 >=
    # 5 > 0), so the blow ignites exactly when the damage roll held a 6: 1 - (5/6)^2 = 11/36.
    odds = melee_odds(
        RULES, attack=40, defence=0, blow=Blow(strength=0, weapon_damage=10, element=Element.FIRE),
        defender=Defender(),
    )  # fmt: skip
    assert odds["p_ignites"] == Fraction(11, 36)


def test_morale_example_from_the_rulings():
    # Max 40 HP, 9 missing: penalty min(9, 3) = 3, target 15; morale 8 needs 2d6 >= 7: 7/12.
    odds = morale_odds(RULES, morale=8, max_hp=40, hp=31)
    assert odds["penalty"] == 3
    assert odds["p_passed"] == Fraction(7, 12)
    assert odds["p_passed"] + odds["p_failed"] == 1


def test_morale_failure_is_each_wound_weighed_by_the_test_at_the_hp_left():
    defender = Defender(body=4, head=2, hp=12, max_hp=20, morale=6)
    odds = melee_odds(
        RULES, attack=6, defence=5, blow=Blow(strength=5, weapon_damage=2), defender=defender
    )
    spread = odds["hp_loss_distribution"]
    assert tail_value(spread) >= 12
    by_hand = sum(
        p * morale_odds(RULES, morale=6, max_hp=20, hp=12 - loss)["p_failed"]
        for loss, p in spread.items()
        if isinstance(loss, int) and 0 < loss < 12
    )
    assert odds["p_morale_failure"] == by_hand
    assert 0 < odds["p_morale_failure"] < odds["p_damage"]


@settings(max_examples=40, deadline=None)
@given(morale=st.integers(-5, 20), max_hp=st.integers(1, 60), data=st.data())
def test_the_morale_test_is_monotone_in_the_roll_as_the_search_assumes(morale, max_hp, data):
    hp = data.draw(st.integers(0, max_hp))
    answers = [
        engine.morale_test(RULES, morale=morale, max_hp=max_hp, hp=hp, roll_total=total).passed
        for total in range(2, 140)
    ]
    assert answers == sorted(answers) and answers[-1]
    found = two_d6(RULES).chances(lambda total: answers[total - 2] if total < 140 else True, True)
    assert found.get(True, 0) == sum(
        (DRN.probability(t) for t in range(2, 140) if answers[t - 2]), DRN.at_least(140)
    )


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
    order = {(False, False): 0, (True, True): 1, (True, False): 2}

    def melee(total: int) -> int:
        hit = engine.melee_hit(RULES, attack=attack, defence=defence, hit_total=total, parry=parry)
        return order[(hit.hit, hit.shield_hit)]

    def ranged(total: int) -> int:
        hit = engine.ranged_hit(
            RULES, precision=precision, size=size, distance=distance, hit_total=total, parry=parry
        )
        return order[(hit.hit, hit.shield_hit)]

    for test in (melee, ranged):
        answers = [test(total) for total in range(2, 140)]
        assert answers == sorted(answers) and answers[-1] == 2
        found = DRN.chances(test, 2)
        for answer, chance in found.items():
            exact = sum((DRN.probability(t) for t in range(2, 140) if answers[t - 2] == answer),
                        DRN.at_least(140) if answer == 2 else Fraction(0))  # fmt: skip
            assert chance == exact


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
    broken = [
        engine.fear_test(
            RULES, fear=fear, morale=morale, max_hp=max_hp, hp=hp, roll_total=total
        ).broken
        for total in range(2, 140)
    ]
    may = [
        engine.awe_test(RULES, morale=morale, awe=awe, roll_total=total).may_strike
        for total in range(2, 140)
    ]
    for answers in (broken, may):
        assert answers == sorted(answers) and answers[-1]


def test_the_search_calls_the_engine_only_near_the_changes():
    calls = []

    def passes(total: int) -> bool:
        calls.append(total)
        return total >= 9

    assert DRN.chances(passes, True) == {True: Fraction(13, 36), False: Fraction(23, 36)}
    assert len(calls) <= 12


def test_awe_counted_by_hand():
    # 2d6 - 7 + morale 9 vs 10 + awe 2: needs 2d6 >= 10, which a 6 alone does not make.
    odds = awe_odds(RULES, morale=9, awe=2)
    assert odds["p_may_strike"] == Fraction(5, 18)


def test_fear_wins_a_tie():
    # Fear 10 (10/5 = 2) vs morale 9, unhurt: broken on 2d6 + 2 >= 9, i.e. 2d6 >= 7: 7/12.
    odds = fear_odds(RULES, fear=10, morale=9, max_hp=20, hp=20)
    assert odds["p_broken"] == Fraction(7, 12)


def test_damage_growth_is_what_final_damage_does():
    for kind in DamageType:
        for head in (False, True):
            period, growth = engine.damage_growth(RULES, kind, head)
            for raw in range(1, 60):
                now, _ = engine.final_damage(RULES, raw, kind, head)
                later, _ = engine.final_damage(RULES, raw + period, kind, head)
                assert later == now + growth, (kind, head, raw)


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


@settings(max_examples=40, deadline=None)
@given(
    attack=st.integers(0, 20), defence=st.integers(0, 20), parry=st.integers(0, 4),
    strength=st.integers(0, 15), body=st.integers(0, 15),
)  # fmt: skip
def test_the_odds_once_the_hit_is_rolled_are_the_damage_given_that_hit(
    attack, defence, parry, strength, body
):
    # Before the hit roll, a chance of damage is the hit classes' chances weighed by the chance
    # of damage after each: so the odds given a hit (clean or on the shield) put back together
    # make the odds before, and they show no chance of a hit any more (issue 27).
    blow = Blow(strength=strength, weapon_damage=2)
    defender = Defender(body=body, shield_protection=3, hp=12, max_hp=20, morale=10)
    before = melee_odds(RULES, attack=attack, defence=defence, parry=parry, blow=blow,
                        defender=defender)  # fmt: skip
    p_clean = before["p_hit"] - before["p_shield_hit"]
    total = Fraction(0)
    for hit, weight in (((True, False), p_clean), ((True, True), before["p_shield_hit"])):
        given_hit = melee_odds(RULES, attack=attack, defence=defence, parry=parry, blow=blow,
                               defender=defender, hit=hit)  # fmt: skip
        assert "p_hit" not in given_hit and "p_shield_hit" not in given_hit
        assert sum(given_hit["damage_distribution"].values()) == 1
        total += weight * given_hit["p_damage"]
    assert total == before["p_damage"]
