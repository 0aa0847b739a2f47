"""The odds engine's core against independent figures: the DRN tables, brute force, icepool."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.dice import (
    EXPLODE_ROLLS,
    TRUNCATED_MASS_2D6,
    Deck,
    Dist,
    die,
    exploding_2d6,
    exploding_d6,
)
from toolkit.errors import DomekitError

DRN = exploding_2d6()


def at_least(dist: Dist[int], target: int) -> Fraction:
    """P(outcome >= target), counting the truncated mass, all of which lies above 66."""
    return dist.p(lambda total: total >= target) + dist.missing


# -- the Dominions DRN table (the figures quoted in the issue) --------------------------------


def test_drn_at_least_9_is_13_in_36():
    assert at_least(DRN, 9) == Fraction(13, 36)


def test_drn_at_least_12_is_one_in_six():
    assert at_least(DRN, 12) == Fraction(1, 6)


def test_drn_at_least_20_is_0_015432():
    assert at_least(DRN, 20) == Fraction(5, 324)
    assert f"{float(at_least(DRN, 20)):.6f}" == "0.015432"


def test_exploding_d6_by_hand():
    one = exploding_d6()
    for face in range(1, 6):
        assert one.probability(face) == Fraction(1, 6)  # no 6 on the face: no explosion
    # 6 then 1 counts 6 + (1 - 1) = 6; 6 then 5 counts 10; 6, 6, 1 counts 11.
    assert one.probability(6) == Fraction(1, 36)
    assert one.probability(10) == Fraction(1, 36)
    assert one.probability(11) == Fraction(1, 216)
    assert one.probability(12) == Fraction(1, 216)  # 6, 6, 2


def test_truncated_mass_is_stated_exactly_and_below_1e_9():
    assert TRUNCATED_MASS_2D6 == 1 - (1 - Fraction(1, 6**EXPLODE_ROLLS)) ** 2
    assert TRUNCATED_MASS_2D6 < Fraction(1, 10**9)
    assert 6 * TRUNCATED_MASS_2D6 < Fraction(1, 10**9)  # six 2d6 rolls in one query still fit
    assert sum(DRN.probabilities().values()) + DRN.missing == 1
    assert max(DRN.outcomes()) == 2 * (5 * (EXPLODE_ROLLS - 1) + 5)  # 12 explosions each, then 5s


def test_every_sum_up_to_66_is_listed():
    assert set(range(2, 67)) <= set(DRN.outcomes())


# -- icepool agrees ----------------------------------------------------------------------------


def icepool_drn() -> icepool.Die:
    # The DRN die written the other way round: a d6 - 1 that explodes on its top face, plus 1.
    one = (icepool.d6 - 1).explode([5], depth=EXPLODE_ROLLS - 1) + 1
    return one + one


def test_icepool_drn_matches_up_to_the_truncated_mass():
    theirs = icepool_drn()
    for target in range(-5, 68):
        # icepool keeps the last roll's 6 as a 6 (value 66 for one die); we leave it out.
        assert theirs.probability(">=", target) == at_least(DRN, target), target


@settings(max_examples=60, deadline=None)
@given(
    sides=st.lists(st.sampled_from([2, 3, 4, 6, 8, 10, 12]), min_size=1, max_size=4),
    modifier=st.integers(-10, 10),
    target=st.integers(-5, 40),
)
def test_sums_of_plain_dice_agree_with_icepool(sides, modifier, target):
    ours = sum((die(n) for n in sides[1:]), die(sides[0])) + modifier
    theirs = icepool.Die([modifier]) + icepool.Die([0])
    for n in sides:
        theirs = theirs + icepool.d(n)
    assert ours.probabilities() == {o: theirs.probability(o) for o in theirs.outcomes()}
    assert (ours >= target).p() == theirs.probability(">=", target)
    assert sum(ours.probabilities().values()) == 1


@settings(max_examples=60, deadline=None)
@given(modifier=st.integers(-10, 20), target=st.integers(0, 45))
def test_exploding_2d6_checks_agree_with_icepool(modifier, target):
    ours = (DRN + modifier >= target).p() + DRN.missing
    assert ours == (icepool_drn() + modifier).probability(">=", target)


@settings(max_examples=60, deadline=None)
@given(
    cards=st.lists(st.sampled_from([1, 2, 3, 4, 5]), min_size=1, max_size=9),
    data=st.data(),
)
def test_hands_agree_with_icepool_deal(cards, data):
    count = data.draw(st.integers(1, len(cards)))
    ours = Deck(cards).draw_hand(count)
    theirs = icepool.Deck(cards).deal(count).expand()
    assert ours.probabilities() == {o: theirs.probability(o) for o in theirs.outcomes()}


# -- brute force over small decks --------------------------------------------------------------

POWER_DECK = [1, 1, 2, 2, 3, 3, 4, 4, "Critical"]


def brute_force(cards: list, count: int, *, ordered: bool) -> dict:
    seen = Counter(
        tuple(order[:count]) if ordered else tuple(sorted(order[:count], key=str))
        for order in itertools.permutations(cards)
    )
    total = sum(seen.values())
    return {key: Fraction(n, total) for key, n in seen.items()}


@pytest.mark.parametrize("used", [[], [4, "Critical"], [1, 1, 2, 3]])
@pytest.mark.parametrize("count", [1, 2, 3])
def test_power_deck_draws_match_every_shuffle(used, count):
    deck = Deck(POWER_DECK).without(used)
    ordered = deck.draw_sequence(count).probabilities()
    assert ordered == brute_force(deck.cards(), count, ordered=True)
    hands = {tuple(sorted(h, key=str)): p for h, p in deck.draw_hand(count).probabilities().items()}
    assert hands == brute_force(deck.cards(), count, ordered=False)


def test_drawing_a_card_the_deck_lacks_names_it():
    with pytest.raises(DomekitError, match="'Critical' is not in the deck"):
        Deck(POWER_DECK).without(["Critical", "Critical"])


def test_two_cards_from_the_full_power_deck():
    hands = Deck(POWER_DECK).draw_hand(2)
    assert hands.probability((4, "Critical")) == Fraction(2, 36)  # 2 of the 36 pairs
    assert hands.probability((4, 4)) == Fraction(1, 36)


# -- the value's own laws ------------------------------------------------------------------------


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=8), st.integers(-5, 5))
def test_map_and_add_keep_total_probability(outcomes, shift):
    dist = Dist.uniform(outcomes)
    assert sum((dist + shift).probabilities().values()) == 1
    assert (dist + shift).mean() == dist.mean() + shift
    assert (dist - dist).mean() == 0


def test_bind_mixes_two_stage_events():
    # Hit on a d6 roll of 4+, then a d4 damage: P(damage 4) = 1/2 * 1/4.
    outcome = die(6).bind(lambda roll: die(4) if roll >= 4 else Dist.always(0))
    assert outcome.probability(4) == Fraction(1, 8)
    assert outcome.probability(0) == Fraction(1, 2)


def test_bind_keeps_the_truncated_mass_of_both_stages():
    # A hit roll then a damage roll, both exploding: what is left out adds up exactly.
    two_stage = DRN.bind(lambda total: DRN if total >= 9 else Dist.always(0))
    hit_listed = DRN.p(lambda total: total >= 9)
    assert two_stage.missing == DRN.missing + hit_listed * DRN.missing
    assert sum(two_stage.probabilities().values()) + two_stage.missing == 1


# -- the packed sum (one big-integer product) against the pair-by-pair sum --------------------


@settings(max_examples=150, deadline=None)
@given(
    a=st.dictionaries(st.integers(-20, 40), st.integers(1, 10**12), min_size=1, max_size=12),
    b=st.dictionaries(st.integers(-20, 40), st.integers(1, 10**12), min_size=1, max_size=12),
    spare_a=st.integers(0, 10**6),
)
def test_sum_of_integer_outcomes_matches_pair_by_pair(a, b, spare_a):
    left = Dist(a, sum(a.values()) + spare_a)  # truncated mass too
    right = Dist(b)
    assert left + right == left.combine(right, lambda x, y: x + y)
    assert (left + right).missing == left.missing


@settings(max_examples=100, deadline=None)
@given(
    weights=st.dictionaries(st.integers(0, 60), st.integers(1, 10**6), min_size=1, max_size=20),
    budget=st.fractions(min_value=0, max_value=Fraction(1, 2)),
)
def test_trimmed_leaves_out_only_the_largest_outcomes_within_the_budget(weights, budget):
    dist = Dist(weights)
    trimmed = dist.trimmed(budget)
    kept = trimmed.outcomes()
    assert kept == dist.outcomes()[: len(kept)]  # the largest went, the rest stay, exactly
    assert all(trimmed.probability(o) == dist.probability(o) for o in kept)
    assert trimmed.missing == 1 - sum(dist.probability(o) for o in kept)
    assert trimmed.missing <= budget or len(kept) == 1
    if len(kept) > 1:  # as many as fit: leaving out the next would break the budget
        assert trimmed.missing + dist.probability(kept[-1]) > budget


def test_trimmed_drn_keeps_the_table_figures():
    trimmed = DRN.trimmed(Fraction(1, 6 * 10**9))
    assert at_least(trimmed, 9) == Fraction(13, 36)
    assert at_least(trimmed, 20) == Fraction(5, 324)
    assert trimmed.missing < Fraction(1, 6 * 10**9)
