"""Exploding dice weighed exactly, against independent figures: the Dominions DRN tables, an
absorbing-state enumeration with `fractions.Fraction`, icepool, closed forms."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.odds.exploding import DRN, TAIL_AT_MOST, ExplodingDice, or_more


@cache
def reaches(need: int, dice: int) -> Fraction:
    """P(`dice` exploding d6s add up to at least `need`), enumerated face by face with an
    absorbing "reached" state: a die shows 1-5 and stops, or shows 6 and goes on as 6 + (a new
    exploding d6 - 1). Each step lowers `need` or the dice left, so it ends; nothing is cut off."""
    if need <= 0:
        return Fraction(1)
    if dice == 0:
        return Fraction(0)
    stopped = sum((reaches(need - face, dice - 1) for face in range(1, 6)), Fraction(0))
    return (stopped + reaches(need - 5, dice)) / 6  # 6 then a fresh die less 1: 5 more


# The Dominions DRN table (open-ended 2d6): P(DRN >= k).
DOMINIONS_DRN = {
    5: Fraction(5, 6), 6: Fraction(13, 18), 7: Fraction(7, 12), 8: Fraction(25, 54),
    9: Fraction(13, 36), 10: Fraction(5, 18), 11: Fraction(23, 108), 12: Fraction(1, 6),
    13: Fraction(55, 432), 14: Fraction(41, 432), 15: Fraction(5, 72), 16: Fraction(11, 216),
    17: Fraction(17, 432), 18: Fraction(115, 3888), 19: Fraction(7, 324), 20: Fraction(5, 324),
}  # fmt: skip


@pytest.mark.parametrize("k", range(5, 21))
def test_drn_thresholds_5_to_20_are_exact(k):
    assert DRN.at_least(k) == reaches(k, 2) == DOMINIONS_DRN[k]


def test_the_issue_figure_13_in_36():
    assert DRN.at_least(9) == Fraction(13, 36)  # attack 10 vs defence 12: 2d6 - 7 + 10 >= 12


@settings(max_examples=60, deadline=None)
@given(k=st.integers(-5, 90), count=st.integers(1, 3))
def test_every_threshold_is_the_enumeration(k, count):
    assert ExplodingDice(count=count).at_least(k) == reaches(k, count)


def test_the_table_of_usual_totals_holds_the_closed_forms():
    from toolkit.odds.exploding import _at_least, _depth, _weight

    for total in range(-3, 300):
        assert DRN.at_least(total) == _at_least(DRN, total), total
        exact = Fraction(_weight(DRN, total), 6 ** (_depth(DRN, total) + 2))
        assert DRN.probability(total) == (exact if total >= 2 else 0), total


def test_past_the_first_face_one_die_is_a_sixth_of_five_less():
    one = ExplodingDice(count=1)
    for m in range(6, 60):
        assert one.at_least(m) == one.at_least(m - 5) / 6


def test_one_exploding_d6_by_hand():
    one = ExplodingDice(count=1)
    for face in range(1, 6):
        assert one.probability(face) == Fraction(1, 6)
    assert one.probability(6) == Fraction(1, 36)  # 6 then 1: 6 + 0
    assert one.probability(10) == Fraction(1, 36)  # 6 then 5
    assert one.probability(11) == Fraction(1, 216)  # 6, 6, 1
    assert one.probability(0) == 0


def test_probabilities_are_differences_of_thresholds():
    for total in range(-2, 120):
        assert DRN.probability(total) == DRN.at_least(total) - DRN.at_least(total + 1)


def test_icepool_agrees_where_it_follows_the_dice_deep_enough():
    one = (icepool.d6 - 1).explode([5], depth=30) + 1
    theirs = one + one
    for k in range(2, 60):  # icepool's cut-off (6^-30) lies far beyond these totals' reach
        assert abs(theirs.probability(">=", k) - DRN.at_least(k)) < Fraction(1, 6**29)


def test_plain_rolls_are_those_where_no_die_exploded():
    # No 6 on either die: a total of 7 needs (2,5), (3,4), (4,3), (5,2) of 36.
    assert DRN.plain_at_least(7) == Fraction(10, 36)
    assert DRN.plain_at_least(11) == 0
    assert DRN.plain_at_least(2) == Fraction(25, 36)


def test_the_mean_is_the_closed_form():
    # One die: E = 3.5 + (1/6)(E - 1), so E = 4; two dice: 8.
    assert DRN.mean() == 8
    assert DRN.expectation(lambda s: s, DRN.least, 1, 1) == 8
    assert ExplodingDice(count=3).expectation(lambda s: s, 3, 1, 1) == 12


@settings(max_examples=60, deadline=None)
@given(c=st.integers(-5, 40))
def test_expected_excess_is_the_finite_closed_form(c):
    # E[(S - c)+] = E[S] - c + E[(c - S)+], and (c - S)+ is 0 past c: a finite sum.
    below = sum(((c - s) * DRN.probability(s) for s in range(2, c)), Fraction(0))
    ours = DRN.expectation(lambda s: max(0, s - c), c + 1, 1, 1)
    assert ours == DRN.mean() - c + below


@settings(max_examples=40, deadline=None)
@given(c=st.integers(0, 30), percent=st.sampled_from([125, 150, 200, 110]))
def test_expectation_of_a_rounded_multiple_against_a_long_sum(c, percent):
    # floor(raw * percent / 100) past c: the closed form against the sum over totals to 400
    # plus a bound on the rest (every term past 400 is below 6^-78 * total).
    def value(s: int) -> int:
        return max(0, s - c) * percent // 100

    period = 100 // math.gcd(percent, 100)
    ours = DRN.expectation(value, c + 1, period, percent * period // 100)
    listed = sum((value(s) * DRN.probability(s) for s in range(2, 400)), Fraction(0))
    assert 0 <= ours - listed < Fraction(1, 10**50)


def test_a_spread_adds_up_to_exactly_one_and_ends_in_one_bucket():
    spread = DRN.spread([(Fraction(1), lambda s: max(0, s - 9))])
    assert sum(spread.values()) == 1
    *values, tail = spread
    assert tail.endswith(" or more")
    n = int(tail.split()[0])
    assert values == list(range(n))
    assert spread[tail] == DRN.at_least(9 + n) <= TAIL_AT_MOST
    assert spread[0] == 1 - DRN.at_least(10)


def test_a_mixture_spread_shares_one_tail():
    spread = DRN.spread(
        [(Fraction(1, 2), 0), (Fraction(1, 3), lambda s: s), (Fraction(1, 6), lambda s: 2 * s)]
    )
    assert sum(spread.values()) == 1
    tails = [key for key in spread if isinstance(key, str)]
    assert len(tails) == 1
    n = int(tails[0].split()[0])
    assert all(key < n for key in spread if isinstance(key, int))
    assert spread[0] == Fraction(1, 2)
    assert spread[or_more(n)] == Fraction(1, 3) * DRN.at_least(n) + Fraction(1, 6) * DRN.at_least(
        -(-n // 2)
    )


def test_chances_of_a_threshold_test():
    found = DRN.chances(lambda s: s >= 13, True)
    assert found == {False: 1 - Fraction(55, 432), True: Fraction(55, 432)}
    classes = DRN.chances(lambda s: (s >= 7, 7 <= s < 9), (True, False))
    assert classes[(True, True)] == DRN.at_least(7) - DRN.at_least(9)


def test_a_test_that_never_passes_is_an_error_not_a_hang():
    with pytest.raises(DomekitError, match="never passes"):
        DRN.chances(lambda s: False, True)


def test_dice_that_cannot_explode_upwards_are_refused():
    with pytest.raises(DomekitError, match="explode face must be above the penalty"):
        ExplodingDice(penalty=6)
