"""The odds engine's core against independent figures: brute force and icepool (the exploding
dice: tests/odds/test_exploding.py)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.dice import Deck, Dist, die
from toolkit.errors import DomekitError

# -- icepool agrees ----------------------------------------------------------------------------


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


# -- the packed sum (one big-integer product) against the pair-by-pair sum --------------------


@settings(max_examples=150, deadline=None)
@given(
    a=st.dictionaries(st.integers(-20, 40), st.integers(1, 10**12), min_size=1, max_size=12),
    b=st.dictionaries(st.integers(-20, 40), st.integers(1, 10**12), min_size=1, max_size=12),
)
def test_sum_of_integer_outcomes_matches_pair_by_pair(a, b):
    left, right = Dist(a), Dist(b)
    assert left + right == left.combine(right, lambda x, y: x + y)
