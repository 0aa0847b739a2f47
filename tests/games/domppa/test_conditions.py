"""Fatigue, darkness and dark vision, fleeing, blows received, berserk, formation fighter, fire
power, paralysis; burning, freezing and fatigue over turns."""

import pytest

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.conditions import (
    Conditions,
    attack_fatigue,
    burning_damage,
    darkness_penalty,
    fatigue_penalty,
    fatigue_recovery,
    fighting_stats,
    freezing_fatigue,
    put_out_chance,
    require_can_act,
    spell_fatigue,
    starts_freezing,
    warm_up_chance,
)


@pytest.mark.parametrize(
    ("fatigue", "penalty", "out"),
    [(0, 0, False), (19, 0, False), (20, 1, False), (59, 2, False), (99, 4, False), (100, 5, True)],
)
def test_fatigue_minus_1_per_full_20_and_out_at_100(rules, fatigue, penalty, out):
    outcome = fatigue_penalty(rules, fatigue)
    assert (outcome.penalty, outcome.incapacitated) == (penalty, out)


def test_at_100_fatigue_defence_is_0_and_no_action(rules):
    fighting = fighting_stats(rules, attack=10, defence=10, conditions=Conditions(fatigue=100))
    assert (fighting.defence, fighting.can_act) == (0, False)
    with pytest.raises(RuleError, match="cannot act"):
        require_can_act(fighting)


@pytest.mark.parametrize(
    ("darkness", "dark_vision", "penalty"),
    [
        (None, False, 0),
        ("night", False, 3),
        ("pitch_dark", False, 6),
        ("blind", False, 9),
        ("night", True, 1),  # Dark Vision 50%: night -1
        ("pitch_dark", True, 3),  # pitch dark -3
        ("blind", True, 9),  # blindness is not darkness
    ],
)
def test_darkness_penalties_and_dark_vision(rules, darkness, dark_vision, penalty):
    assert darkness_penalty(rules, darkness, dark_vision) == penalty


def test_darkness_hits_attack_defence_and_precision(rules):
    fighting = fighting_stats(
        rules, attack=10, defence=10, precision=10, conditions=Conditions(darkness="night")
    )
    assert (fighting.attack, fighting.defence, fighting.precision) == (7, 7, 7)


def test_fleeing_minus_4_attack_and_defence(rules):
    fighting = fighting_stats(rules, attack=10, defence=10, conditions=Conditions(fleeing=True))
    assert (fighting.attack, fighting.defence) == (6, 6)


@pytest.mark.parametrize(("blows", "defence"), [(0, 10), (1, 9), (3, 7), (12, 0)])
def test_defence_drops_by_one_per_blow_received_this_round(rules, blows, defence):
    # a new round starts again from 0 blows; defence never drops below 0
    fighting = fighting_stats(
        rules, attack=0, defence=10, conditions=Conditions(blows_received=blows)
    )
    assert fighting.defence == defence


def test_berserk_plus_x(rules):
    fighting = fighting_stats(
        rules, attack=12, defence=9, strength=13, conditions=Conditions(berserk=3)
    )
    assert (fighting.attack, fighting.strength, fighting.defence) == (15, 16, 6)
    assert (fighting.protection_bonus, fighting.morale) == (3, 50)
    assert not fighting.may_cast_or_shoot


@pytest.mark.parametrize(("choice", "attack", "defence"), [("attack", 12, 10), ("defence", 10, 12)])
def test_formation_fighter_plus_2_attack_or_defence(rules, choice, attack, defence):
    fighting = fighting_stats(rules, attack=10, defence=10, conditions=Conditions(formation=choice))
    assert (fighting.attack, fighting.defence) == (attack, defence)


def test_fire_power_x_times_heat_scale(rules):
    fighting = fighting_stats(
        rules,
        attack=10,
        defence=10,
        strength=10,
        conditions=Conditions(fire_power=1, heat_scale=2),
    )
    assert (fighting.attack, fighting.defence, fighting.strength) == (12, 12, 12)


def test_paralysed_cannot_act_and_has_defence_0(rules):
    fighting = fighting_stats(rules, attack=10, defence=10, conditions=Conditions(paralysed=True))
    assert (fighting.defence, fighting.can_act) == (0, False)


def test_two_weapon_penalty_lowers_attack(rules):
    fighting = fighting_stats(
        rules, attack=10, defence=10, conditions=Conditions(two_weapon_penalty=3)
    )
    assert fighting.attack == 7


@pytest.mark.parametrize(
    ("fire_resist", "cold_scale", "rain", "percent"),
    [
        (0, 0, False, 25),
        (2, 1, False, 40),  # 25 + 10 + 5
        (0, -3, False, 10),  # heat scale 3 is cold scale -3
        (0, 0, True, 100),  # +100% in rain
        (0, -6, False, 0),  # never below 0%
    ],
)
def test_chance_to_put_out_the_fire(rules, fire_resist, cold_scale, rain, percent):
    chance = put_out_chance(rules, fire_resist=fire_resist, cold_scale=cold_scale, rain=rain)
    assert chance.percent == percent


@pytest.mark.parametrize(
    ("cold_resist", "heat_scale", "percent"),
    [(0, 0, 25), (2, 1, 41), (0, -2, 13), (0, 20, 100)],
)
def test_chance_to_warm_up(rules, cold_resist, heat_scale, percent):
    assert warm_up_chance(rules, cold_resist=cold_resist, heat_scale=heat_scale).percent == percent


def test_burning_takes_a_d2_a_turn(rules):
    assert burning_damage(rules, 1) == 1
    assert burning_damage(rules, 2) == 2
    with pytest.raises(DomekitError, match="not a face of a d2"):
        burning_damage(rules, 3)


@pytest.mark.parametrize(("d6", "freezes"), [(1, False), (4, False), (5, True), (6, True)])
def test_freezing_on_a_d6_of_5_or_more(rules, d6, freezes):
    assert starts_freezing(rules, d6) is freezes


def test_freezing_takes_2d6_fatigue_a_turn():
    assert freezing_fatigue(9) == 9


def test_fatigue_from_attacks_spells_rest_and_collapse(rules):
    assert attack_fatigue(7) == 7  # a melee attacker takes its encumbrance
    assert attack_fatigue(7, berserk=3) == 10  # berserk X extra every turn
    assert spell_fatigue(10, 11) == 21  # the spell's fatigue + spell casting encumbrance
    assert fatigue_recovery(rules, 30, resting=True, d6=None) == 27  # rest mode recovers 3
    assert fatigue_recovery(rules, 102, resting=False, d6=4) == 98  # 100+: recovers a d6
    assert fatigue_recovery(rules, 2, resting=True, d6=None) == 0
    with pytest.raises(DomekitError, match="roll the d6"):
        fatigue_recovery(rules, 100, resting=False, d6=None)


@pytest.mark.parametrize("mount", ["horse", "chariot"])
def test_riding_and_chariots_give_3_defence(rules, mount):
    fighting = fighting_stats(rules, attack=10, defence=10, conditions=Conditions(mount=mount))
    assert fighting.defence == 13
