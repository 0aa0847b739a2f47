"""Properties that hold for every clash and every legal duel (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.data import load_deck, load_rules
from toolkit.games.naturedome.match import (
    MatchState,
    Phase,
    apply,
    legal_actions,
    new_match,
    replay,
)
from toolkit.games.naturedome.rules import (
    CardKind,
    Defense,
    PowerCard,
    clash,
    penalised,
    zone_penalty,
)

RULES = load_rules()
DECK = load_deck()
START = RULES.health.start

values = st.integers(min_value=0, max_value=1500)
healths = st.integers(min_value=1, max_value=START)


@given(
    attack=values,
    boosts=st.lists(values, max_size=4),
    defense=st.sampled_from(Defense),
    defense_value=values,
    defense_is_boost=st.booleans(),
    attacker_health=healths,
    defender_health=healths,
)
def test_a_clash_never_raises_health_and_nothing_is_below_zero(
    attack, boosts, defense, defense_value, defense_is_boost, attacker_health, defender_health
):
    """Duel: 'Points cannot be regained'; The Health Meter: 'no attack, defense or escape can
    have a value of less than 0'; the damage is the excess of attack over defense."""
    if defense_is_boost:
        defense_card = PowerCard(id="d", name="", kind=CardKind.BOOST, boost=defense_value)
    else:
        defense_card = PowerCard(id="d", name="", **{defense.value: defense_value})
    outcome = clash(
        PowerCard(id="a", name="", attack=attack),
        defense,
        defense_card,
        boosts=[PowerCard(id="b", name="", kind=CardKind.BOOST, boost=b) for b in boosts],
        attacker_health=attacker_health,
        defender_health=defender_health,
        rules=RULES,
    )
    assert 0 <= outcome.defender_health <= defender_health
    assert min(outcome.attack_total, outcome.defense_total, outcome.damage) >= 0
    assert outcome.damage == max(0, outcome.attack_total - outcome.defense_total)
    assert outcome.defender_health == max(0, defender_health - outcome.damage)
    assert outcome.knocked_out == (outcome.defender_health == 0)
    # Each card is reduced on its own, by its owner's zone, never below 0.
    penalty = zone_penalty(attacker_health, RULES)
    assert outcome.attack_total == sum(penalised(v, penalty) for v in [attack, *boosts])
    assert outcome.attack_total <= attack + sum(boosts)


def play_randomly(state: MatchState, rng: random.Random, limit: int):
    """Legal actions chosen at random; yields (before, action, after, outcome)."""
    for _ in range(limit):
        if state.phase is Phase.OVER:
            return
        actions = legal_actions(state)
        assert actions, "a duel that is not over always has a legal action"
        action = rng.choice(actions)
        after, outcome = apply(state, action)
        yield state, action, after, outcome
        state = after


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), choices=st.randoms(use_true_random=False))
def test_a_sample_deck_duel_always_ends_with_one_player_on_two_rounds(seed, choices):
    """The Winner: 'The winner of the Nature Dome duel is the player who wins two out of three
    rounds.' Along the way: health never rises within a round, no health below 0, and every card
    is always somewhere (deck + hands + table + played = the deck)."""
    start = new_match(DECK, RULES, random.Random(seed))
    everything = Counter(DECK)
    state, log = start, []
    for before, action, after, _outcome in play_randomly(start, choices, 5000):
        log.append(action)
        assert after.card_count() == everything
        assert all(0 <= h <= START for h in after.health)
        if after.round == before.round:
            assert after.health[0] <= before.health[0] and after.health[1] <= before.health[1]
        else:
            assert after.health == (START, START)
        state = after
    assert state.phase is Phase.OVER
    assert sorted(state.rounds_won) in ([0, 2], [1, 2])
    assert state.rounds_won[state.winner] == RULES.match.rounds_to_win
    assert state.round <= 2 * RULES.match.rounds_to_win - 1
    assert replay(start, log) == state


@st.composite
def decks_and_rules(draw):
    rules = NatureDomeRules.model_validate(
        {
            "health": {"start": 1000, "yellow_at_or_below": 500, "red_at_or_below": 200},
            "penalty": {"yellow": draw(st.integers(0, 300)), "red": draw(st.integers(0, 500))},
            "cards": {"deal": draw(st.integers(1, 4)), "draw": draw(st.integers(1, 4))},
            "match": {
                "rounds_to_win": draw(st.integers(1, 3)),
                "next_round_first_attacker": draw(
                    st.sampled_from(["player1", "alternate", "loser"])
                ),
            },
        }
    )
    largest = max(rules.cards.deal, rules.cards.draw)
    power = [
        PowerCard(
            id=f"p{n}", name="", attack=draw(values), defend=draw(values), escape=draw(values)
        )
        for n in range(draw(st.integers(largest + 1, largest + 6)))
    ]
    boosts = [
        PowerCard(id=f"b{n}", name="", kind=CardKind.BOOST, boost=draw(values))
        for n in range(draw(st.integers(0, 12)))
    ]
    deck = power + boosts
    if len(deck) < 2 * rules.cards.deal:
        deck += [power[0]] * (2 * rules.cards.deal - len(deck))
    return deck, rules


@settings(max_examples=60, deadline=None)
@given(deck_rules=decks_and_rules(), seed=st.integers(0, 2**32), choices=st.randoms())
def test_any_accepted_deck_never_gets_stuck_and_never_loses_a_card(deck_rules, seed, choices):
    """Duel: hands refill with 'three new Power Cards' (or the rules.toml number), the played
    cards are reshuffled when the deck runs out; Attack Boosts as last cards never leave a
    player without a move; no card is ever lost or doubled."""
    deck, rules = deck_rules
    state = new_match(deck, rules, random.Random(seed))
    largest = max(rules.cards.deal, rules.cards.draw)
    for _before, _action, after, _outcome in play_randomly(state, choices, 300):
        assert after.card_count() == Counter(deck)
        assert all(len(hand) <= largest for hand in after.hands)
        if after.phase is Phase.OVER:
            assert max(after.rounds_won) == rules.match.rounds_to_win
