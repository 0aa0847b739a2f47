"""The Power Deck: draw, reserve board, reset, cycling (rules/dominum.txt, "The Power Deck")."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.config import default_rules
from toolkit.games.dominum.power import (
    CRITICAL,
    PowerDeck,
    PowerSource,
    full_deck,
    parse_power,
)

NINE = Counter([1, 1, 2, 2, 3, 3, 4, 4, CRITICAL])


def all_cards(deck: PowerDeck) -> Counter:
    return Counter(deck.deck + deck.reserve + deck.used)


def test_the_deck_is_nine_cards(rules):
    """The Power Deck is a set of 9 cards (RULINGS: 1,1,2,2,3,3,4,4 and the Critical)."""
    assert Counter(full_deck(rules)) == NINE


def test_reset_puts_the_top_two_on_the_reserve_board(rules):
    """Reset: shuffle, place the top two cards (face up) on your reserve board."""
    deck = PowerDeck.dealt(rules, [CRITICAL, 3])
    assert deck.reserve == (CRITICAL, 3)
    assert len(deck.deck) == 7 and deck.used == ()
    assert deck.counters_left == (1, 2, 3, 4)


def test_reset_with_a_generator_is_repeatable(rules):
    a = PowerDeck.dealt(rules, random.Random(7))
    b = PowerDeck.dealt(rules, random.Random(7))
    assert a == b and all_cards(a) == NINE


def test_draw_power_from_the_deck_or_the_reserve(rules):
    """Draw Power: flip the top card, or use a reserve card; either goes to the used pile."""
    deck = PowerDeck.dealt(rules, [4, 1, 2])
    deck, card = deck.draw()
    assert card == 2 and deck.used == (2,)
    deck = deck.use_reserve(4)
    assert deck.reserve == (1,) and deck.used == (2, 4)
    with pytest.raises(RuleError, match="no 4 in the reserve board"):
        deck.use_reserve(4)


def test_draw_a_revealed_card(rules):
    deck = PowerDeck.dealt(rules, [4, 1])
    deck, card = deck.draw(revealed=CRITICAL)
    assert card == CRITICAL and CRITICAL not in deck.deck
    with pytest.raises(RuleError, match="no Critical in the Power Deck"):
        deck.draw(revealed=CRITICAL)


def test_reserve_phase_limit_three(rules):
    """Reserve Phase: with 3 reserve cards already, discard one before drawing."""
    deck = PowerDeck.dealt(rules, [1, 2, 3, 4])
    deck = deck.reserve_power()
    assert deck.reserve == (1, 2, 3)
    with pytest.raises(RuleError, match="Reserve Phase"):
        deck.reserve_power()
    deck = deck.reserve_power(discard=2)
    assert deck.reserve == (1, 3, 4) and deck.used == (2,)


def test_reserve_phase_may_not_discard_below_the_limit(rules):
    deck = PowerDeck.dealt(rules, [1, 2])
    with pytest.raises(RuleError, match="only when the reserve board is full"):
        deck.reserve_power(discard=1)


def empty_by_draws(rules, order):
    """Deal in `order`, then use every card: the deck first, then the reserve."""
    deck = PowerDeck.dealt(rules, order)
    while deck.deck:
        deck, _ = deck.draw()
    for card in deck.reserve:
        deck = deck.use_reserve(card)
    return deck


def test_reserving_the_last_card_does_not_cycle(rules):
    """Reserve Phase: drawing the last card does not cycle; only 9 used cards do."""
    deck = PowerDeck.dealt(rules, [1, 2])
    while len(deck.deck) > 1:
        deck, _ = deck.draw()
    deck = deck.reserve_power()
    assert deck.deck == () and not deck.needs_cycle


def test_cycling(rules):
    """Cycling: counter aside, its card to the reserve board, shuffle 8, top one to the reserve,
    7 in the deck, one less counter."""
    deck = empty_by_draws(rules, [1, 2])
    assert deck.needs_cycle
    with pytest.raises(RuleError, match="Cycling"):
        deck.draw()
    cycled = deck.cycle(3, [CRITICAL])
    assert cycled.reserve == (3, CRITICAL)
    assert len(cycled.deck) == 7 and cycled.used == ()
    assert cycled.counters_left == (1, 2, 4) and cycled.cycles_done == 1
    assert all_cards(cycled) == NINE


def test_cycling_needs_a_counter_left(rules):
    deck = empty_by_draws(rules, [1, 2]).cycle(3, random.Random(1))
    deck = empty_by_draws_from(deck)
    with pytest.raises(RuleError, match="choose one of the cycle counters left: 1, 2, 4"):
        deck.cycle(3, random.Random(1))


def test_cycle_only_when_all_nine_are_used(rules):
    with pytest.raises(RuleError, match="only when all 9"):
        PowerDeck.dealt(rules, [1, 2]).cycle(1, [])


def test_after_the_last_counter_the_deck_resets(rules):
    """Ruling: with no counter left, a used-up deck resets (no counter, 2 to the reserve)."""
    deck = PowerDeck.dealt(rules, random.Random(3))
    for counter in (4, 3, 2, 1):
        deck = empty_by_draws_from(deck).cycle(counter, random.Random(counter))
    deck = empty_by_draws_from(deck)
    assert deck.counters_left == ()
    reset = deck.cycle(None, [2, 2])
    assert reset.reserve == (2, 2) and len(reset.deck) == 7


def test_the_last_card_assault_case(rules):
    """Assault Phase: with one card left to play, draw it, remember it, cycle, then take the
    second card from the reserve or the deck."""
    deck = PowerDeck.dealt(rules, [1, 2])
    while deck.deck:
        deck, _ = deck.draw()
    deck = deck.use_reserve(1)
    assert len(deck.reserve) == 1 and not deck.deck  # one card left to play
    deck, first = deck.draw_power(PowerSource("reserve", 2))
    assert first == 2 and deck.needs_cycle
    deck = deck.cycle(4, [3])
    deck, second = deck.draw_power(PowerSource("reserve", 4))
    assert (first, second) == (2, 4)


def test_parse_power(rules):
    assert parse_power("Critical", rules=rules) == CRITICAL
    assert parse_power(" 3 ", rules=rules) == 3
    for bad in ("0", "5", "x", ""):
        with pytest.raises(DomekitError, match="1 to 4 or critical"):
            parse_power(bad, rules=rules)


def empty_by_draws_from(deck: PowerDeck) -> PowerDeck:
    while deck.deck:
        deck, _ = deck.draw()
    for card in deck.reserve:
        deck = deck.use_reserve(card)
    return deck


# -- properties ---------------------------------------------------------------------------------
OPS = st.lists(st.sampled_from(["draw", "reserve", "use", "discard", "cycle"]), max_size=60)


@given(seed=st.integers(0, 10_000), ops=OPS, counter_pick=st.integers(0, 3))
def test_a_deck_always_holds_nine_cards(seed, ops, counter_pick):
    """Whatever is done, the 9 cards are across deck, reserve and used; the reserve holds at
    most 3; a cycle leaves 7 in the deck and 2 on the reserve board."""
    rules = default_rules()
    rng = random.Random(seed)
    deck = PowerDeck.dealt(rules, rng)
    for op in ops:
        try:
            if op == "draw":
                deck, _ = deck.draw()
            elif op == "reserve":
                deck = deck.reserve_power()
            elif op == "discard" and deck.reserve:
                deck = deck.reserve_power(discard=deck.reserve[0])
            elif op == "use" and deck.reserve:
                deck = deck.use_reserve(deck.reserve[-1])
            elif op == "cycle" and deck.counters_left:
                counter = deck.counters_left[counter_pick % len(deck.counters_left)]
                before = deck.counters_left
                deck = deck.cycle(counter, rng)
                assert len(deck.deck) == 7 and len(deck.reserve) == 2
                assert deck.reserve[0] == counter
                assert len(deck.counters_left) == len(before) - 1
        except RuleError:
            pass
        assert all_cards(deck) == NINE
        assert len(deck.reserve) <= rules.power_deck.reserve_limit
