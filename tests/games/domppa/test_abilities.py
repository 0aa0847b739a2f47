"""Abilities: reading them, inspirational and standard stacking, heat aura, fire shield, and the
story-mode rolls; unfinished abilities are text only."""

import pytest

from toolkit.errors import DomekitError
from toolkit.games.domppa.abilities import (
    ability_value,
    fire_shield_damage,
    healer_check,
    heat_aura_area,
    heat_aura_damage,
    heat_aura_squares,
    parse_abilities,
    parse_ability,
    party_morale_bonus,
    pillage_unrest,
    recuperation_check,
    resist_against,
    stealth_dice,
    stealth_successes,
)


@pytest.mark.parametrize(
    ("text", "key", "value", "kind", "computed"),
    [
        ("Berserk +3", "berserk", 3, None, True),
        ("Resist fire 5", "resist", 5, "fire", True),
        ("Dark Vision 50%", "dark_vision", 50, None, True),
        ("heat aura 2", "heat_aura", 2, None, True),
        ("Lucky", "lucky", None, None, True),
        ("Use Icarian Wings", "icarian_wings", None, None, True),
        ("Seduction", "seduction", None, None, False),  # "mechanics unfinished": text only
        ("Beastmaster", "beastmaster", None, None, False),
        ("Poison Use", "poison_use", None, None, False),
    ],
)
def test_reading_abilities(rules, text, key, value, kind, computed):
    ability = parse_ability(rules, text)
    assert (ability.key, ability.value, ability.kind, ability.computed) == (
        key,
        value,
        kind,
        computed,
    )


def test_unfinished_abilities_carry_their_text(rules):
    assert "unfinished" in parse_ability(rules, "Fortune Teller").text.lower()


def test_unknown_ability_is_an_error(rules):
    with pytest.raises(DomekitError, match="unknown ability 'Flight'"):
        parse_ability(rules, "Flight")
    with pytest.raises(DomekitError, match="cannot read"):
        parse_ability(rules, "Berserk lots")


def test_several_abilities(rules):
    keys = [a.key for a in parse_abilities(rules, "Healer 3|Inspirational +2| ")]
    assert keys == ["healer", "inspirational"]


@pytest.mark.parametrize(
    ("inspirational", "standards", "bonus"),
    [
        ([], 0, 0),
        ([2], 0, 2),
        ([1, 3, 2], 0, 3),  # inspirational does not stack: the largest counts
        ([], 1, 1),  # standard +1
        ([], 3, 1),  # standards do not stack with each other
        ([2], 1, 3),  # inspirational stacks with a standard
    ],
)
def test_inspirational_and_standard_stacking(rules, inspirational, standards, bonus):
    assert party_morale_bonus(rules, inspirational=inspirational, standards=standards)[0] == bonus


@pytest.mark.parametrize(
    ("level", "area"),
    [(1, 4), (2, 8), (3, 12), (4, 20), (5, 24), (6, 28), (7, 36), (8, 44), (9, 48), (10, 52)],
)
def test_heat_aura_area_grows_4_8_12_20_24_28_36_44_48(rules, level, area):
    assert heat_aura_area(rules, level) == area


def test_heat_aura_pattern_matches_the_rules_list(rules):
    # "start from the square's sides, fill out to a square ... level 4 adds 8 squares"
    listed = rules.abilities.heat_aura_areas
    assert [len(heat_aura_squares(n)) for n in range(1, len(listed) + 1)] == list(listed)
    assert heat_aura_squares(1) == [(1, 0), (-1, 0), (0, 1), (0, -1)]
    assert len(heat_aura_squares(4)) - len(heat_aura_squares(3)) == 8
    squares = heat_aura_squares(9)  # a full 7 x 7 square around the character
    assert len(set(squares)) == 48 and (0, 0) not in squares
    assert max(max(abs(x), abs(y)) for x, y in squares) == 3


def test_heat_aura_damage_is_armour_negating_fire_stun(rules):
    # 2d6 9 - 2 = 7 vs fire resist 1 doubled for stun: 5 fatigue, and a 6 showed: it burns
    damage = heat_aura_damage(rules, roll_total=9, fire_resist=1, roll_shows_six=True)
    assert (damage.fatigue, damage.hp_loss, damage.ignites) == (5, 0, True)


@pytest.mark.parametrize(
    ("fire_paths", "roll", "protection", "damage"),
    [(1, 9, 7, 2), (2, 9, 7, 3), (3, 9, 7, 4), (1, 7, 7, 0)],
)
def test_fire_shield_2d6_plus_1_per_fire_path_above_one(
    rules, fire_paths, roll, protection, damage
):
    outcome = fire_shield_damage(
        rules, roll_total=roll, fire_paths=fire_paths, protection=protection
    )
    assert outcome.damage == damage


@pytest.mark.parametrize(("dice", "success"), [((2, 3), True), ((3, 3), True), ((2, 4), False)])
def test_healer_both_dice_at_most_the_level(rules, dice, success):
    assert healer_check(rules, 3, *dice) is success


def test_recuperation_is_healer_2(rules):
    assert recuperation_check(rules, 2, 1)
    assert not recuperation_check(rules, 3, 1)


def test_pillage_unrest_d6_plus_bonus_times_5(rules):
    assert pillage_unrest(rules, 4, 1) == 25
    with pytest.raises(DomekitError, match="not a face"):
        pillage_unrest(rules, 7, 0)


@pytest.mark.parametrize(("stealth", "dice"), [(0, 0), (19, 0), (20, 1), (40, 2), (59, 2)])
def test_one_stealth_die_per_20_stealth(rules, stealth, dice):
    assert stealth_dice(rules, stealth) == dice


def test_each_stealth_die_of_6_is_a_success(rules):
    assert stealth_successes(rules, 40, [6, 5]) == 1
    assert stealth_successes(rules, 60, [6, 6, 1]) == 2
    with pytest.raises(DomekitError, match="2 stealth dice; got 1"):
        stealth_successes(rules, 40, [6])


def test_resist_against_a_damage_type(rules):
    abilities = parse_abilities(rules, "Resist fire 5|Resist cold 2|Use Icarian Wings|Fear 5")
    assert resist_against(rules, abilities, "fire") == 0  # 5 and the wings' -5
    assert resist_against(rules, abilities, "cold") == 2
    assert resist_against(rules, abilities, "poison") == 0
    assert ability_value(abilities, "fear") == 5
    assert ability_value(abilities, "icarian_wings") == 0
    assert ability_value(abilities, "berserk") is None


def test_heat_aura_area_counts_the_pattern_at_any_level(rules):
    # Past the rules' list the area is counted, not listed: the same as the squares listed, and
    # a level of 10**20 answers at once (listing its squares ran out of time and memory).
    listed = len(rules.abilities.heat_aura_areas)
    for level in range(listed + 1, 300):
        assert heat_aura_area(rules, level) == len(heat_aura_squares(level))
    ring = 10**10  # rings 1..r are r(r + 3) / 2 levels and 4r(r + 1) squares
    assert heat_aura_area(rules, ring * (ring + 3) // 2) == 4 * ring * (ring + 1)
    assert heat_aura_area(rules, 10**20) > 0
