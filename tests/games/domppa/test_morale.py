"""Morale after damage (the more favourable penalty), fleeing, rally; fear; awe."""

import pytest

from toolkit.errors import DomekitError
from toolkit.games.domppa.rules import (
    awe_test,
    fear_test,
    missing_hp_penalty,
    morale_test,
    rally,
)


@pytest.mark.parametrize(
    ("max_hp", "hp", "penalty"),
    [
        (40, 31, 3),  # RULINGS' example: 9 missing of 40 -> 9 versus 3 started 10% steps: 3
        (20, 20, 0),
        (20, 19, 1),  # 1 missing versus 1 started step
        (100, 95, 1),  # 5 missing: half a 10% step has started
        (20, 13, 4),  # 7 missing: 3.5 steps -> 4 started
        (10, 7, 3),  # 3 missing, 3 steps
        (200, 199, 1),
        (5, 0, 5),  # all missing: 5 versus 10 steps
    ],
)
def test_morale_penalty_is_the_more_favourable_reading(rules, max_hp, hp, penalty):
    assert missing_hp_penalty(rules, max_hp, hp)[0] == penalty


@pytest.mark.parametrize(
    ("roll", "passed"),
    [(9, True), (6, True), (5, False)],  # target 12 + 4 = 16; 6 + 10 = 16 ties and passes
)
def test_morale_test_2d6_plus_morale_vs_12_plus_penalty(rules, roll, passed):
    test = morale_test(rules, morale=10, max_hp=20, hp=13, roll_total=roll)
    assert test.target == 16
    assert test.passed is passed
    assert test.fleeing is not passed


def test_party_bonuses_add_to_morale(rules):
    assert morale_test(rules, morale=10, max_hp=20, hp=13, roll_total=5, bonus=1).passed


def test_rally_rerolls_morale(rules):
    rallied = rally(rules, morale=10, max_hp=20, hp=13, roll_total=8)
    assert rallied.passed
    assert "acts on its own next turn" in rallied.steps[-1]
    assert not rally(rules, morale=10, max_hp=20, hp=13, roll_total=2).passed


def test_hp_above_max_is_an_error(rules):
    with pytest.raises(DomekitError, match="above max HP"):
        missing_hp_penalty(rules, 10, 11)


@pytest.mark.parametrize(
    ("fear", "death_paths", "roll", "broken"),
    [
        (5, 0, 9, True),  # 9 + 5/5 = 10 vs morale 10: the fear wins a tie
        (5, 0, 8, False),
        (4, 0, 9, False),  # 4/5 rounds down to 0
        (4, 1, 9, True),  # +1 fear per Death path: 5
        (10, 0, 8, True),
    ],
)
def test_fear_2d6_plus_fear_fifth_vs_morale_minus_penalty(rules, fear, death_paths, roll, broken):
    test = fear_test(
        rules, fear=fear, death_paths=death_paths, morale=10, max_hp=20, hp=20, roll_total=roll
    )
    assert test.broken is broken


def test_fear_is_easier_against_the_wounded(rules):
    # 7 missing of 20: penalty 4, so morale 10 counts 6
    test = fear_test(rules, fear=5, morale=10, max_hp=20, hp=13, roll_total=5)
    assert (test.target, test.broken) == (6, True)


@pytest.mark.parametrize(("roll", "may_strike"), [(10, True), (9, False), (15, True)])
def test_awe_2d6_minus_7_plus_morale_vs_10_plus_awe(rules, roll, may_strike):
    assert awe_test(rules, morale=10, awe=3, roll_total=roll).may_strike is may_strike
