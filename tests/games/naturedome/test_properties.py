"""Properties that hold for every clash and every legal duel (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.games.naturedome import match_json, views
from toolkit.games.naturedome.actions import Attack, Clash, Hand, LayBoost, Recount, Respond
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.data import load_deck, load_rules
from toolkit.games.naturedome.match import (
    FACE_DOWN,
    MatchState,
    Phase,
    apply,
    legal_actions,
    new_match,
    new_match_by_hand,
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


# -- one engine, two tables: a whole clash, cards shuffled by hand, the stored form --------------


def random_clash(state: MatchState, rng: random.Random) -> tuple[Clash, MatchState]:
    """A clash the attacker and defender could lay, one legal step at a time: as one Clash, and
    the state its steps lead to."""
    after, laid = state, []
    while not laid or not isinstance(laid[-1], Respond):
        step = rng.choice(legal_actions(after))
        laid.append(step)
        after, _ = apply(after, step)
    boosts = tuple(step.card for step in laid if isinstance(step, LayBoost))
    attack = next(step.card for step in laid if isinstance(step, Attack))
    answer = laid[-1]
    return Clash(state.attacker, attack, answer.defense, answer.card, boosts), after


def face_down(state: MatchState) -> MatchState:
    """What a table playing the same cards by hand can know of `state` (its deck in file order:
    a dealt duel keeps its deck in the order of the first shuffle)."""
    assert Counter(state.deck) == Counter(DECK)
    return replace(
        state,
        deck=tuple(DECK),
        seed=None,
        draw_pile=(FACE_DOWN,) * len(state.draw_pile),
        hands=((FACE_DOWN,) * len(state.hands[0]), (FACE_DOWN,) * len(state.hands[1])),
    )


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), choices=st.randoms(use_true_random=False))
def test_a_clash_is_its_steps_and_a_duel_by_hand_follows_the_dealt_one(seed, choices):
    """A whole clash gives the state its one-card steps give; the same clashes played with the
    real cards shuffled by hand give the same duel, only with the hands and deck face down."""
    dealt = new_match(DECK, RULES, random.Random(seed))
    by_hand = new_match_by_hand(DECK, RULES)
    assert by_hand == face_down(dealt)
    log: list[Clash] = []
    for _ in range(200):
        if dealt.phase is Phase.OVER:
            break
        action, by_steps = random_clash(dealt, choices)
        whole, outcome = apply(dealt, action)
        assert whole == replace(by_steps, version=dealt.version + 1)
        assert outcome.clash is not None and whole.last is not None
        by_hand, hand_outcome = apply(by_hand, action)
        assert by_hand == face_down(whole)
        assert hand_outcome.clash == outcome.clash and hand_outcome.summary == outcome.summary
        dealt = whole
        log.append(action)
    assert replay(new_match(DECK, RULES, random.Random(seed)), log) == dealt


CARD_IDS = sorted({card.id for card in DECK})
clashes = st.builds(
    Clash,
    attacker=st.sampled_from([0, 1]),
    attack=st.sampled_from(CARD_IDS),
    defense=st.sampled_from(Defense),
    card=st.sampled_from(CARD_IDS),
    boosts=st.lists(st.sampled_from(CARD_IDS), max_size=2).map(tuple),
)
recounts = st.builds(
    Recount,
    hands=st.tuples(st.integers(0, 5), st.integers(0, 5)),
    draw_pile=st.integers(0, len(DECK)),
)


def table_actions(state: MatchState) -> st.SearchStrategy[Clash | Recount]:
    """What phones send: mostly a clash by the player whose attack it is, a recount that adds
    up, and now and then anything at all."""
    unplayed = len(DECK) - len(state.played)
    counted = st.tuples(st.integers(0, min(5, unplayed)), st.integers(0, min(5, unplayed))).filter(
        lambda hands: sum(hands) <= unplayed
    )
    return st.one_of(
        clashes.map(lambda clash: replace(clash, attacker=state.attacker)),
        clashes.map(lambda clash: replace(clash, attacker=state.attacker)),
        clashes.map(lambda clash: replace(clash, attacker=state.attacker)),
        counted.map(lambda hands: Recount(hands, unplayed - sum(hands))),
        clashes,
        recounts,
    )


@settings(max_examples=60, deadline=None)
@given(data=st.data(), length=st.integers(0, 60))
def test_a_duel_by_hand_replays_undoes_keeps_every_card_and_stores_exactly(data, length):
    """Whatever a table sends: a refused action changes nothing; the state after n accepted
    actions is the replay of the first n (so undo by replay restores it exactly); every card is
    in a hand, the draw pile or the played pile; health stays on the meter and never rises within
    a round; the stored JSON form reads back to the same form and the same pages."""
    start = new_match_by_hand(DECK, RULES)
    states, log = [start], []
    for _ in range(length):
        before = states[-1]
        action = data.draw(table_actions(before))
        try:
            after, _ = apply(before, action)
        except DomekitError:
            continue
        log.append(action)
        states.append(after)
        assert len(after.draw_pile) + sum(map(len, after.hands)) + len(after.played) == len(DECK)
        assert after.table == () and all(0 <= health <= START for health in after.health)
        if after.round == before.round:
            assert all(a <= b for a, b in zip(after.health, before.health, strict=True))
        stored = match_json.to_json(after)
        again = match_json.from_json(json.loads(json.dumps(stored)), RULES, tuple(DECK))
        assert match_json.to_json(again) == stored
        assert views.table_view(again) == views.table_view(after)
    for undone in range(len(log) + 1):
        kept = len(log) - undone
        assert replay(start, log[:kept]) == states[kept]


@settings(max_examples=30, deadline=None)
@given(data=st.data(), length=st.integers(0, 30), choices=st.randoms(use_true_random=False))
def test_every_step_legal_actions_offers_from_face_down_hands_is_taken(data, length, choices):
    """From face-down hands the engine offers every card the deck still holds an unseen copy
    of, and takes each of them."""
    state = new_match_by_hand(DECK, RULES)
    for _ in range(length):
        try:
            state, _ = apply(state, data.draw(table_actions(state)))
        except DomekitError:
            continue
        if state.phase is Phase.OVER:
            return
        laid = state
        while True:
            offered = legal_actions(laid)
            mover = laid.attacker if laid.phase is Phase.ATTACK else laid.defender
            assert offered or not laid.hands[mover]  # a recount may leave a hand empty
            if not offered:
                break
            for step in offered:
                apply(laid, step)  # never refused
            laid, _ = apply(laid, choices.choice(offered))
            if not laid.table:
                break


# -- light tracking: the hands named as they are drawn, a clash one card at a time ---------------


def named_as_dealt(light: MatchState, dealt: MatchState) -> MatchState:
    """Each player names the cards of their hand the light duel still holds face down, as the
    dealt duel (the same cards) knows them: one Hand action a player."""
    for player in (0, 1):
        known = Counter(card.id for card in light.hands[player] if card is not FACE_DOWN)
        drawn = Counter(card.id for card in dealt.hands[player] if card is not FACE_DOWN)
        missing = tuple((drawn - known).elements())
        if missing:
            light, _ = apply(light, Hand(player, missing))
    return light


def hands_of(state: MatchState) -> list[Counter[str]]:
    return [Counter(card.id for card in hand if card is not FACE_DOWN) for hand in state.hands]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), choices=st.randoms(use_true_random=False))
def test_a_light_duel_names_what_is_drawn_and_plays_the_dealt_duel_step_by_step(seed, choices):
    """Light tracking: the players name each card they draw and lay one card a tap; played with
    the cards a dealt duel deals, the duel by hand keeps the same hands card for card, the same
    health, rounds and played pile, and its stored form (named cards, a clash half laid) reads
    back to the same duel at every step."""
    dealt = new_match(DECK, RULES, random.Random(seed))
    light = new_match_by_hand(DECK, RULES, light=True)
    for _ in range(120):
        if dealt.phase is Phase.OVER:
            break
        light = named_as_dealt(light, dealt)
        assert hands_of(light) == hands_of(dealt)
        step = choices.choice(legal_actions(dealt))
        dealt, outcome = apply(dealt, step)
        light, light_outcome = apply(light, step)
        assert light_outcome.clash == outcome.clash
        assert (light.health, light.round_winners, light.attacker, light.winner) == (
            dealt.health,
            dealt.round_winners,
            dealt.attacker,
            dealt.winner,
        )
        assert Counter(light.played) == Counter(dealt.played) and light.table == dealt.table
        stored = match_json.to_json(light)
        again = match_json.from_json(json.loads(json.dumps(stored)), RULES, tuple(DECK))
        assert match_json.to_json(again) == stored and hands_of(again) == hands_of(light)
        assert again.table == light.table and again.light


def test_a_player_names_only_cards_they_may_hold():
    """A card named must lie face down in the hand, and be one the table has not seen as often
    as the deck holds it (played, laid or named elsewhere)."""
    state = new_match_by_hand(DECK, RULES, light=True)
    state, outcome = apply(state, Hand(0, ("bear-swipe", "bear-swipe")))
    assert outcome.steps[0] == "Player 1 names Bear Swipe, Bear Swipe"
    with pytest.raises(DomekitError, match="the deck holds 2"):
        apply(state, Hand(1, ("bear-swipe",)))  # both copies are in Player 1's hand
    state, _ = apply(state, Hand(0, ("shell-guard",)))
    with pytest.raises(DomekitError, match="every one is named already"):
        apply(state, Hand(0, ("talon-dive",)))
    # Laying a named card takes it from the hand; the other copy stays named.
    state, _ = apply(state, Attack("bear-swipe"))
    assert hands_of(state)[0] == Counter({"bear-swipe": 1, "shell-guard": 1})
    stored = match_json.to_json(state)
    assert stored["table"] == ["bear-swipe"] and stored["named"][0] == ["bear-swipe", "shell-guard"]
    assert stored["mode"] == "light"
    # The rule text's example: attack 500 against defend 400 takes 100.
    state = new_match_by_hand(DECK, RULES, light=True)
    state, _ = apply(state, Hand(0, ("talon-dive",)))
    state, _ = apply(state, Hand(1, ("trunk-slam",)))
    state, _ = apply(state, Attack("talon-dive"))
    state, outcome = apply(state, Respond(Defense.DEFEND, "trunk-slam"))
    assert state.health == (START, START - 100) and outcome.summary == "Player 2 loses 100"
