"""Melee and ranged hits, shields, damage types, resistances, stun, fire, cold, poison,
paralysis, lances, touch spells, AoE scatter, magic resistance, weapon length."""

import pytest

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.rules import (
    Blow,
    DamageType,
    Element,
    Guard,
    aoe_scatter,
    final_damage,
    lance_bonus,
    lance_breakage,
    magic_penetration,
    melee_hit,
    melee_outcome,
    paralysis_rounds,
    penetrate,
    poison_schedule,
    ranged_hit,
    ranged_outcome,
    resolve_damage,
    strikes_first,
    touch_spell_hit,
    two_weapon_penalty,
)

# --- Melee: "2d6 - 7 + attack skill vs defence. A tie or better hits." -----------------------


@pytest.mark.parametrize(
    ("roll", "attack", "defence", "hit"),
    [(7, 10, 10, True), (6, 10, 10, False), (2, 15, 10, True), (12, 5, 11, False)],
)
def test_melee_hit_on_a_tie_or_better(rules, roll, attack, defence, hit):
    assert melee_hit(rules, attack=attack, defence=defence, hit_total=roll).hit is hit


@pytest.mark.parametrize(
    ("roll", "hit", "shield_hit"),
    [
        (9, True, False),  # 9 - 7 + 10 = 12 >= 10 + parry 2: a clean hit
        (8, True, True),  # 11 misses 12 only because of the parry: hits the shield
        (7, True, True),  # 10: a tie with the defence without the shield
        (6, False, False),  # 9: misses by more than the parry
    ],
)
def test_shield_parry_and_the_shield_hit(rules, roll, hit, shield_hit):
    outcome = melee_hit(rules, attack=10, defence=10, parry=2, hit_total=roll)
    assert (outcome.hit, outcome.shield_hit) == (hit, shield_hit)


def test_a_shield_hit_adds_the_shields_protection(rules):
    # the command: hit dice 4,3 (7), damage dice 6,2,3 (7 + 3 = 10), piercing
    strike = melee_outcome(
        rules,
        attack=10,
        defence=10,
        parry=2,
        blow=Blow(strength=10, weapon_damage=5, damage_type=DamageType.PIERCING),
        guard=Guard(protection=12, shield_protection=3),
        hit_total=7,
        damage_total=10,
    )
    assert strike.hit.shield_hit
    # 10 - 7 + 10 + 5 = 18 vs 12 + 3 = 15, piercing leaves 12: 6 damage
    assert strike.damage is not None
    assert (strike.damage.protection, strike.damage.damage) == (12, 6)


def test_a_clean_hit_ignores_the_shields_protection(rules):
    strike = melee_outcome(
        rules,
        attack=10,
        defence=10,
        parry=2,
        blow=Blow(strength=10, weapon_damage=5),
        guard=Guard(protection=12, shield_protection=3),
        hit_total=9,
        damage_total=10,
    )
    assert strike.damage_done == 6


def test_a_miss_does_no_damage(rules):
    strike = melee_outcome(
        rules,
        attack=10,
        defence=10,
        blow=Blow(strength=10, weapon_damage=5),
        guard=Guard(protection=0),
        hit_total=2,
        damage_total=20,
    )
    assert (strike.hit.hit, strike.damage, strike.damage_done) == (False, None, 0)


# --- Damage: "2d6 - 7 + strength + weapon damage vs prot; greater takes the difference" ------


@pytest.mark.parametrize(
    ("roll", "protection", "damage"),
    [
        (10, 12, 6),  # 18 - 12
        (10, 17, 1),
        (10, 18, 0),  # a tie does no damage: the attacker must be greater
        (10, 30, 0),  # 30 counts 25
        (15, 30, 0),  # 23 vs 25
        (18, 30, 1),  # 26 vs 25: the over-20 halving applies
    ],
)
def test_damage_is_the_excess_over_protection(rules, roll, protection, damage):
    outcome = resolve_damage(
        rules, damage_total=roll, strength=10, weapon_damage=5, protection=protection
    )
    assert outcome.damage == damage
    assert outcome.hp_loss == damage
    assert outcome.morale_test is (damage > 0)


@pytest.mark.parametrize(
    ("damage_type", "protection", "left"),
    [
        (DamageType.PIERCING, 12, 10),  # the example: piercing vs 12 leaves 10
        (DamageType.PIERCING, 15, 12),
        (DamageType.PIERCING, 4, 4),  # 20% of 4 = 0.8 rounds down to 0: protection rounds up
        (DamageType.ARMOR_PIERCING, 12, 6),
        (DamageType.ARMOR_PIERCING, 13, 7),  # 6.5 ignored rounds down to 6
        (DamageType.ARMOR_NEGATING, 12, 0),
        (DamageType.SLASHING, 12, 12),
        (DamageType.BLUNT, 12, 12),
    ],
)
def test_penetration_by_damage_type(rules, damage_type, protection, left):
    assert penetrate(rules, protection, damage_type)[0] == left


@pytest.mark.parametrize(
    ("damage_type", "head", "damage", "final"),
    [
        (DamageType.SLASHING, False, 5, 6),  # the example: slashing 5 becomes 6
        (DamageType.SLASHING, False, 4, 5),
        (DamageType.SLASHING, False, 3, 3),  # 3.75 rounds down
        (DamageType.SLASHING, True, 8, 10),
        (DamageType.BLUNT, True, 5, 10),  # blunt doubles the final damage to the head
        (DamageType.BLUNT, False, 5, 5),
        (DamageType.PIERCING, True, 5, 5),
    ],
)
def test_final_damage_by_damage_type(rules, damage_type, head, damage, final):
    assert final_damage(rules, damage, damage_type, head)[0] == final


def test_penetration_comes_after_the_over_20_halving(rules):
    # protection 30 counts 25; piercing ignores 5 of that: 20 left; 26 - 20 = 6
    outcome = resolve_damage(
        rules,
        damage_total=18,
        strength=10,
        weapon_damage=5,
        protection=30,
        damage_type=DamageType.PIERCING,
    )
    assert (outcome.protection, outcome.damage) == (20, 6)


@pytest.mark.parametrize(
    ("damage_type", "protection"),
    [
        (DamageType.NONE, 12 + 3),
        (DamageType.ARMOR_PIERCING, 6 + 3),  # resist is not halved by armour piercing
        (DamageType.ARMOR_NEGATING, 0 + 3),  # nor removed by armour negating
    ],
)
def test_resist_adds_to_protection_and_is_not_penetrated(rules, damage_type, protection):
    outcome = resolve_damage(
        rules,
        damage_total=7,
        strength=10,
        weapon_damage=10,
        protection=12,
        damage_type=damage_type,
        element=Element.FIRE,
        resist=3,
    )
    assert outcome.protection == protection


def test_stun_damage_is_fatigue_and_doubles_elemental_resistance(rules):
    outcome = resolve_damage(
        rules,
        damage_total=7,
        strength=10,
        weapon_damage=5,
        protection=7,
        element=Element.COLD,
        stun=True,
        resist=2,
    )
    # 15 vs 7 + 2 x 2 = 11: 4 fatigue, no HP, so no morale test
    assert (outcome.protection, outcome.fatigue, outcome.hp_loss) == (11, 4, 0)
    assert not outcome.morale_test


def test_stun_without_an_element_is_fatigue(rules):
    outcome = resolve_damage(
        rules, damage_total=7, strength=10, weapon_damage=5, protection=7, stun=True, resist=2
    )
    assert (outcome.fatigue, outcome.hp_loss) == (15 - 9, 0)


@pytest.mark.parametrize(
    ("shows_six", "protection", "ignites"),
    [(True, 7, True), (False, 7, False), (True, 20, False)],  # no damage taken: no fire
)
def test_fire_ignites_on_a_6_in_the_damage_roll(rules, shows_six, protection, ignites):
    outcome = resolve_damage(
        rules,
        damage_total=10,
        strength=8,
        weapon_damage=4,
        protection=protection,
        element=Element.FIRE,
        damage_shows_six=shows_six,
    )
    assert outcome.ignites is ignites


def test_fire_stun_damage_also_ignites(rules):
    outcome = resolve_damage(
        rules,
        damage_total=10,
        strength=8,
        weapon_damage=4,
        protection=7,
        element=Element.FIRE,
        stun=True,
        damage_shows_six=True,
    )
    assert outcome.ignites and outcome.fatigue == 8


def test_cold_damage_calls_for_the_freezing_roll(rules):
    hurt = resolve_damage(
        rules, damage_total=10, strength=8, weapon_damage=4, protection=7, element=Element.COLD
    )
    unhurt = resolve_damage(
        rules, damage_total=2, strength=8, weapon_damage=4, protection=7, element=Element.COLD
    )
    assert hurt.freeze_check and not unhurt.freeze_check


def test_poison_damage_is_taken_over_turns(rules):
    outcome = resolve_damage(
        rules, damage_total=7, strength=8, weapon_damage=4, protection=6, element=Element.POISON
    )
    assert (outcome.damage, outcome.hp_loss, outcome.poison_schedule) == (6, 0, [1] * 6)


def test_paralysis_damage_paralyses(rules):
    outcome = resolve_damage(
        rules,
        damage_total=10,
        strength=10,
        weapon_damage=2,
        protection=6,
        element=Element.PARALYSIS,
        size=3,
    )
    assert (outcome.damage, outcome.paralysis_rounds, outcome.hp_loss) == (9, 3, 0)


# --- Poison and paralysis --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "schedule"),
    [
        (0, []),
        (1, [1]),
        (10, [1] * 10),  # 10% of 10 is 1 each turn
        (15, [2, 2, 2] + [1] * 9),  # ceil(1.5), ceil(1.3), ceil(1.1), then 1s
        (25, [3, 3, 2, 2, 2, 2, 2] + [1] * 9),
    ],
)
def test_poison_takes_10_percent_of_what_is_left_rounded_up(rules, total, schedule):
    assert poison_schedule(rules, total).schedule == schedule


@pytest.mark.parametrize(
    ("damage", "size", "rounds"), [(9, 3, 3), (10, 3, 3), (4, 3, 0), (2, 3, 0), (20, 2, 9)]
)
def test_paralysis_lasts_damage_minus_size_halved(rules, damage, size, rounds):
    assert paralysis_rounds(rules, damage, size).rounds == rounds


# --- Shooting --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "parry", "hit", "shield_hit"),
    [
        (7, 0, True, False),  # 7 + 10 + 2 = 19 vs 14 + 5: a tie hits
        (6, 0, False, False),
        (11, 2, True, False),  # 23 vs 14 + 5 + 2 x 2 = 23
        (7, 2, True, True),  # 19: misses 23 only because of the shield
        (6, 2, False, False),
    ],
)
def test_ranged_hit_precision_size_distance_and_twice_the_parry(
    rules, roll, parry, hit, shield_hit
):
    outcome = ranged_hit(rules, precision=10, size=2, distance=5, parry=parry, hit_total=roll)
    assert (outcome.hit, outcome.shield_hit) == (hit, shield_hit)


def test_a_character_in_melee_may_not_shoot(rules):
    with pytest.raises(RuleError, match="in melee may not shoot"):
        ranged_hit(rules, precision=10, size=2, distance=5, hit_total=7, in_melee=True)


def test_ranged_damage_is_as_in_melee(rules):
    strike = ranged_outcome(
        rules,
        precision=10,
        size=2,
        distance=5,
        blow=Blow(strength=10, weapon_damage=5, damage_type=DamageType.PIERCING),
        guard=Guard(protection=12),
        hit_total=7,
        damage_total=10,
    )
    assert strike.damage_done == 8  # 18 vs 12 - 2


# --- Touch spells, AoE, magic resistance -----------------------------------------------------


def test_touch_spells_hit_with_a_melee_attack_roll(rules):
    assert touch_spell_hit(rules, attack=10, defence=10, hit_total=7).hit
    assert not touch_spell_hit(rules, attack=10, defence=10, hit_total=6).hit


@pytest.mark.parametrize(
    ("roll", "distance", "squares"),
    [
        (7, 6, 0),  # 17 vs 14 + 3: on target
        (12, 6, 0),
        (6, 6, 0),  # short by 1: half rounds down to 0
        (5, 6, 1),  # short by 2
        (3, 6, 2),  # short by 4
        (2, 7, 2),  # 12 vs 14 + 3 (7 / 2 rounded down): short by 5
    ],
)
def test_aoe_scatter_is_half_the_shortfall(rules, roll, distance, squares):
    outcome = aoe_scatter(rules, roll_total=roll, precision=10, distance=distance)
    assert outcome.squares == squares


@pytest.mark.parametrize(
    ("roll", "additional", "penetrates"),
    [(7, 3, False), (9, 3, True), (9, 0, False), (10, 0, True)],
)
def test_magic_resistance_penetration(rules, roll, additional, penetrates):
    # 2d6 + 3 + additional/2 vs MR 12 + spell path 2 / 2 = 13; a tie penetrates
    outcome = magic_penetration(
        rules, magic_resistance=12, spell_path=2, additional_path=additional, roll_total=roll
    )
    assert outcome.penetrates is penetrates


# --- Lances and weapon length ----------------------------------------------------------------


def test_a_lance_gains_1_damage_per_straight_square(rules):
    assert lance_bonus(rules, 4) == 4


@pytest.mark.parametrize(
    ("roll", "protection", "result"),
    [
        (7, 22, "broken"),  # 7 + 12 - (22 - 7) / 5 = 16
        (8, 22, "dropped"),  # 17
        (10, 22, "dropped"),  # 19
        (11, 22, "whole"),  # 20
        (8, 7, "whole"),  # the base 7 does not count: no penalty
        (5, 11, "dropped"),  # 4 points of armour: not a full 5
    ],
)
def test_lance_breakage_table(rules, roll, protection, result):
    outcome = lance_breakage(rules, attack=12, target_protection=protection, roll_total=roll)
    assert outcome.result == result


@pytest.mark.parametrize(
    ("lengths", "ambidextrous", "penalty"),
    [([1], 0, 0), ([1, 3], 0, 4), ([1, 3], 2, 2), ([0, 1], 5, 0)],
)
def test_two_weapons_the_sum_of_lengths_is_a_penalty(lengths, ambidextrous, penalty):
    assert two_weapon_penalty(lengths, ambidextrous)[0] == penalty


@pytest.mark.parametrize(
    ("defender", "charger", "in_melee", "first"),
    [(3, 1, False, True), (3, 1, True, False), (1, 1, False, False), (1, 3, False, False)],
)
def test_the_longer_weapon_strikes_first_against_a_charge(defender, charger, in_melee, first):
    assert (
        strikes_first(
            defender_length=defender, charger_length=charger, defender_already_in_melee=in_melee
        )
        is first
    )


def test_negative_stats_are_errors(rules):
    with pytest.raises(DomekitError, match="protection must not be negative"):
        resolve_damage(rules, damage_total=7, strength=1, weapon_damage=1, protection=-1)
    with pytest.raises(DomekitError, match="parry must not be negative"):
        melee_hit(rules, attack=1, defence=1, hit_total=7, parry=-2)
