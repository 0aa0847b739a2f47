"""Stats: HP from Health, size, protection, encumbrance, action points, armour tiers, ranges."""

import pytest

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.rules import (
    action_points,
    armour_tier,
    cap_protection,
    encumbrance,
    fits_in_square,
    grid_range,
    helmet_is_heavy,
    hit_points,
    night_rest,
    protection_total,
    unit_size,
)


@pytest.mark.parametrize(
    ("health", "hp"),
    [
        (0, 0),
        (1, 1),
        (5, 5),  # 1-5: +1 HP each
        (6, 7),  # 6-10: +2 HP each
        (10, 15),  # the example: Health 10 gives 15 HP
        (11, 18),  # 11-20: +3 HP each
        (12, 21),  # the example: Health 12 gives 21 HP
        (20, 45),
        (21, 49),  # 21-40: +4 HP each
        (40, 125),
        (41, 130),  # 41-80: +5 HP each
        (80, 325),
        (81, 331),  # 81-160: +6 HP each
        (160, 805),
    ],
)
def test_health_gives_hit_points_by_the_tiered_formula(rules, health, hp):
    assert hit_points(rules, health).hp == hp


def test_health_beyond_the_table_and_negative_health_are_errors(rules):
    with pytest.raises(RuleError, match="stops at 160"):
        hit_points(rules, 161)
    with pytest.raises(DomekitError, match="health must not be negative"):
        hit_points(rules, -1)


@pytest.mark.parametrize(
    ("max_hp", "size"), [(0, 2), (15, 2), (16, 3), (21, 3), (37, 3), (38, 4), (805, 4)]
)
def test_size_from_max_hp_by_the_size_table(rules, max_hp, size):
    assert unit_size(rules, max_hp).size == size


def test_the_units_data_size_comes_first(rules):
    sized = unit_size(rules, 10, size=4)
    assert (sized.size, sized.from_data) == (4, True)


def test_a_square_holds_total_size_3(rules):
    assert fits_in_square(rules, [3])
    assert not fits_in_square(rules, [2, 2])


@pytest.mark.parametrize(
    ("total", "effective"),
    [(12, 12), (20, 20), (21, 20), (22, 21), (30, 25), (31, 25)],
)
def test_protection_over_20_halves_the_excess(rules, total, effective):
    assert cap_protection(rules, total).effective == effective


@pytest.mark.parametrize(
    ("head_hit", "shield", "total", "effective"),
    [
        (False, 0, 15, 15),  # body armour 8 + natural 7
        (True, 0, 22, 21),  # the helmet on a head hit: 15 + 7 = 22 -> 20 + 1
        (False, 3, 18, 18),  # a shield hit adds the shield's protection
    ],
)
def test_protection_is_body_or_head_plus_natural(rules, head_hit, shield, total, effective):
    outcome = protection_total(rules, body=8, head=15, natural=7, head_hit=head_hit, shield=shield)
    assert (outcome.total, outcome.effective) == (total, effective)


def test_the_head_hit_chance_is_10_percent(rules):
    assert rules.protection.head_hit_percent == 10


@pytest.mark.parametrize(
    ("equipment", "basic", "load", "spell", "ap"),
    [
        (0, None, 3, 3, 12),  # 3 + equipment; 3 + 2 x equipment; 12 - equipment
        (4, None, 7, 11, 8),
        (4, 1, 5, 9, 8),  # Basic Encumbrance 1 replaces the 3; AP unchanged
        (13, None, 16, 29, 0),  # AP never below 0
    ],
)
def test_encumbrance_spell_encumbrance_and_action_points(rules, equipment, basic, load, spell, ap):
    outcome = encumbrance(rules, equipment, basic)
    assert (outcome.encumbrance, outcome.spell_encumbrance, outcome.ap) == (load, spell, ap)


def test_fire_power_adds_to_action_points(rules):
    assert action_points(rules, 4, bonus=2).ap == 10


@pytest.mark.parametrize(("armour_encumbrance", "tier"), [(0, 0), (3, 3), (4, 4), (7, 4)])
def test_armour_tiers_by_encumbrance(rules, armour_encumbrance, tier):
    assert armour_tier(rules, armour_encumbrance) == tier


@pytest.mark.parametrize(("protection", "heavy"), [(14, False), (15, True), (20, True)])
def test_helmets_of_protection_15_or_more_are_heavy(rules, protection, heavy):
    assert helmet_is_heavy(rules, protection) is heavy


@pytest.mark.parametrize(("listed", "grid"), [(20, 10), (25, 12), (1, 0)])
def test_ranges_are_halved_for_the_grid(rules, listed, grid):
    assert grid_range(rules, listed) == grid


@pytest.mark.parametrize(("hp", "max_hp", "after"), [(5, 20, 15), (15, 20, 20), (0, 21, 10)])
def test_a_nights_rest_heals_at_most_half_of_max_hp(rules, hp, max_hp, after):
    assert night_rest(rules, hp, max_hp) == after
