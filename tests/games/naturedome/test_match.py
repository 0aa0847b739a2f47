"""A whole duel as a fold over actions: hands, deck, played cards, rounds (rules/naturedome.txt).

Decks are laid out in a known order (top card first), so every hand can be checked by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from toolkit.errors import DomekitError, RuleError
from toolkit.games.naturedome.actions import Attack, Clash, LayBoost, Recount, Respond
from toolkit.games.naturedome.actions import parse as parse_action
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
    new_match_in_order,
    replay,
)
from toolkit.games.naturedome.rules import (
    RULE_BOOST,
    RULE_BOOST_DEFENSE,
    RULE_CHOICE,
    RULE_SET_UP,
    RULE_TURNS,
    RULE_WINNER,
    CardKind,
    Defense,
    PowerCard,
)

RULES = load_rules()


def card(ident: str, attack: int = 0, defend: int = 0, escape: int = 0) -> PowerCard:
    return PowerCard(id=ident, name=ident, attack=attack, defend=defend, escape=escape)


def boost(ident: str, value: int) -> PowerCard:
    return PowerCard(id=ident, name=ident, kind=CardKind.BOOST, boost=value)


def with_rules(**sections: dict) -> NatureDomeRules:
    data = RULES.model_dump(mode="json")
    for name, values in sections.items():
        data[name].update(values)
    return NatureDomeRules.model_validate(data)


def play(state: MatchState, *actions: str) -> MatchState:
    for text in actions:
        state, _ = apply(state, parse_action(text))
    return state


def ids(cards) -> list[str]:
    return [c.id for c in cards]


# Twelve plain cards c1..c12: attack 100 never beats defend 100, so nobody is hurt.
PLAIN = [card(f"c{n}", attack=100, defend=100, escape=100) for n in range(1, 13)]


def test_set_up_deals_three_each_player_1_first():
    """Set Up: 'each player places their Health Point Marker on 1000 ... Each player draws three
    Power Cards, with Player 1 drawing first.'"""
    state = new_match_in_order(PLAIN, RULES, seed=1)
    assert ids(state.hands[0]) == ["c1", "c2", "c3"]
    assert ids(state.hands[1]) == ["c4", "c5", "c6"]
    assert ids(state.draw_pile) == ["c7", "c8", "c9", "c10", "c11", "c12"]
    assert state.health == (1000, 1000)
    assert (state.attacker, state.phase, state.round) == (0, Phase.ATTACK, 1)


def test_the_rule_texts_example_in_a_match():
    """Duel: 'Attack = 500, Defend = 400, defender subtracts 100 points from Health Meter';
    'Played cards are then removed'; 'Alternate the attack and defend/escape cycle'."""
    deck = [card("claw", attack=500), card("p2"), card("p3")]
    deck += [card("shell", defend=400), card("p5"), card("p6")] + PLAIN[:3]
    state = new_match_in_order(deck, RULES, seed=1)
    state, outcome = apply(state, Attack("claw"))
    assert state.phase is Phase.RESPOND
    state, outcome = apply(state, Respond(Defense.DEFEND, "shell"))
    assert outcome.clash is not None and outcome.clash.damage == 100
    assert state.health == (1000, 900)
    assert ids(state.played) == ["claw", "shell"]
    assert ids(state.hands[0]) == ["p2", "p3"] and ids(state.hands[1]) == ["p5", "p6"]
    assert (state.attacker, state.phase, state.version) == (1, Phase.ATTACK, 2)


def test_the_zone_penalty_follows_each_cards_owner():
    """The Health Meter: a player in the yellow zone subtracts 100 from every card *they* play;
    the green opponent's cards keep their value."""
    deck = [card("claw", attack=700), card("guard", defend=300), card("p3")]
    deck += [card("flimsy", defend=100), card("bite", attack=500), card("p6")] + PLAIN[:3]
    state = play(new_match_in_order(deck, RULES, seed=1), "attack claw", "defend flimsy")
    assert state.health == (1000, 400)  # 700 - 100: Player 2 is now in the yellow zone
    state, outcome = apply(play(state, "attack bite"), Respond(Defense.DEFEND, "guard"))
    # Player 2's bite is 500 - 100 = 400 against Player 1's green guard 300.
    assert (outcome.clash.attack_total, outcome.clash.defense_total) == (400, 300)
    assert state.health == (900, 400)


def test_turns_and_cards_in_hand_are_enforced():
    """Duel: 'Player 1 attacks ... Player 2 either defends or escapes by playing the Power Card
    of their choice' - from their own hand, in turn."""
    state = new_match_in_order(PLAIN, RULES, seed=1)
    with pytest.raises(RuleError) as caught:
        apply(state, Respond(Defense.DEFEND, "c4"))
    assert caught.value.rule == RULE_TURNS
    with pytest.raises(RuleError) as caught:
        apply(state, Attack("c4"))  # Player 2's card
    assert caught.value.rule == RULE_CHOICE
    assert "Player 1 holds no card 'c4' (holds c1, c2, c3)" in str(caught.value)
    state = play(state, "attack c1")
    with pytest.raises(RuleError) as caught:
        apply(state, Attack("c2"))
    assert caught.value.rule == RULE_TURNS


def test_when_both_use_their_last_cards_the_attacker_draws_first():
    """Duel: 'When either player runs out of cards, they immediately draw three new Power Cards.
    If both players use there last cards in any one turn, ... the attacking player draws their
    three new cards first.'"""
    state = new_match_in_order(PLAIN, RULES, seed=1)
    state = play(state, "attack c1", "defend c4", "attack c5", "escape c2")
    state, outcome = apply(play(state, "attack c3"), Respond(Defense.DEFEND, "c6"))
    assert ids(state.hands[0]) == ["c7", "c8", "c9"]  # Player 1 attacked: draws first
    assert ids(state.hands[1]) == ["c10", "c11", "c12"]
    assert ids(state.draw_pile) == []
    assert "Player 1 is out of cards: draws 3 new Power Cards" in outcome.steps


def test_an_empty_deck_is_the_played_cards_reshuffled():
    """Duel: 'If all Power Cards are drawn before a player is Knocked Out, reshuffle the played
    Power Cards and continue play'."""
    deck = PLAIN[:6]
    state = new_match_in_order(deck, RULES, seed=7)
    assert state.draw_pile == ()
    state = play(state, "attack c1", "defend c4", "attack c5", "escape c2", "attack c3")
    state, outcome = apply(state, Respond(Defense.DEFEND, "c6"))
    assert "The deck is empty: the 6 played cards are reshuffled" in outcome.steps
    assert len(state.hands[0]) == 3 and len(state.hands[1]) == 3
    assert Counter(state.hands[0] + state.hands[1]) == Counter(deck)
    assert state.played == () and state.reshuffles == 1
    # The shuffle comes from the match's seed: the same log always gives the same hands.
    again = play(
        new_match_in_order(deck, RULES, seed=7),
        "attack c1",
        "defend c4",
        "attack c5",
        "escape c2",
        "attack c3",
        "defend c6",
    )
    assert again == state


def test_an_attack_boost_as_the_attackers_last_card_draws_three_and_combines():
    """Attack Boost Cards: 'If an Attack Boost is the last card in an attacking player's hand,
    the player draws three new Power Cards and combines one with the Attack Boost.'"""
    deck = [boost("howl", 200), card("p2", attack=100), card("p3", defend=100)]
    deck += [card("q1", defend=100), card("q2", attack=100), card("q3", defend=500)]
    deck += [card("fang", attack=400), card("n2"), card("n3")]
    state = play(new_match_in_order(deck, RULES, seed=1), "attack p2", "defend q1")
    state = play(state, "attack q2", "defend p3")
    assert ids(state.hands[0]) == ["howl"]
    state, outcome = apply(state, LayBoost("howl"))
    assert ids(state.hands[0]) == ["fang", "n2", "n3"]
    assert "draw 3 new Power Cards and combine one with it" in outcome.steps[-1]
    state, outcome = apply(play(state, "attack fang"), Respond(Defense.DEFEND, "q3"))
    assert outcome.clash.attack_total == 600  # boost 200 + attack 400
    assert state.health == (1000, 900)


def test_an_attack_boost_as_the_defenders_last_card_defends_at_0():
    """Attack Boost Cards: 'If an Attack Boost is the last card in a defending player's hand,
    the player's defend or escape points equal 0.'"""
    deck = [card("a1", attack=300), card("a2", attack=100), card("a3", attack=100)]
    deck += [boost("sting", 300), card("b2", attack=100, defend=100), card("b3", attack=100)]
    deck += PLAIN[:6]
    state = new_match_in_order(deck, RULES, seed=1)
    state = play(state, "attack a1")
    with pytest.raises(RuleError) as caught:  # Player 2 still holds cards that can defend
        apply(state, Respond(Defense.DEFEND, "sting"))
    assert caught.value.rule == RULE_BOOST_DEFENSE
    state = play(state, "defend b2", "attack b3", "defend a2", "attack a3")
    assert ids(state.hands[1]) == ["sting"]
    assert legal_actions(state) == [
        Respond(Defense.DEFEND, "sting"),
        Respond(Defense.ESCAPE, "sting"),
    ]
    state, outcome = apply(state, Respond(Defense.ESCAPE, "sting"))
    assert (outcome.clash.defense_total, outcome.clash.damage) == (0, 100)


def test_boosts_go_down_first_and_attack_cards_go_on_them():
    """Attack Boost Cards: 'a player lays the Attack Boost down first, then adds another attack
    card or another Attack Boost card from their hand.'"""
    deck = [boost("howl", 200), boost("roar", 300), card("claw", attack=300)] + PLAIN[:6]
    state = new_match_in_order(deck, RULES, seed=1)
    with pytest.raises(RuleError) as caught:
        apply(state, Attack("howl"))
    assert caught.value.rule == RULE_BOOST
    with pytest.raises(RuleError) as caught:
        apply(state, LayBoost("claw"))
    assert caught.value.rule == RULE_BOOST
    state, outcome = apply(
        play(state, "boost howl", "boost roar", "attack claw"), parse_action("defend c1")
    )
    assert outcome.clash.attack_total == 800
    assert state.health == (1000, 300)


HORNS = [card(f"h{n}", attack=1000) for n in range(1, 10)]


def test_a_knock_out_wins_the_round_and_the_next_round_starts_at_1000():
    """The Winner: 'The player who knocks out their opponent wins the round.' Each round starts
    with health back on 1000 and the Power Cards shuffled and dealt again."""
    state = new_match_in_order(HORNS, RULES, seed=3)
    state, outcome = apply(play(state, "attack h1"), Respond(Defense.DEFEND, "h4"))
    assert outcome.round_winner == 0 and outcome.match_winner is None
    assert state.rounds_won == (1, 0) and state.round == 2
    assert state.health == (1000, 1000)
    assert (len(state.hands[0]), len(state.hands[1]), state.played) == (3, 3, ())
    assert Counter(state.card_count()) == Counter(HORNS)
    assert state.attacker == 0  # rules.toml: next_round_first_attacker = "player1"


def test_two_rounds_win_the_duel_and_nothing_follows():
    """The Winner: 'The winner of the Nature Dome duel is the player who wins two out of three
    rounds.'"""
    state = new_match_in_order(HORNS, RULES, seed=3)
    for _ in range(2):
        state, outcome = apply(state, Attack(state.hands[0][0].id))
        state, outcome = apply(state, Respond(Defense.DEFEND, state.hands[1][0].id))
    assert outcome.match_winner == 0
    assert (state.phase, state.winner, state.rounds_won) == (Phase.OVER, 0, (2, 0))
    assert legal_actions(state) == []
    with pytest.raises(RuleError) as caught:
        apply(state, Attack(state.hands[0][0].id))
    assert caught.value.rule == RULE_WINNER


def test_three_rounds_when_each_player_wins_one():
    """The Winner: 'wins two out of three rounds' - with the loser attacking first in the next
    round (a house rule in rules.toml), Player 2 takes round 2 and round 3 decides."""
    rules = with_rules(match={"next_round_first_attacker": "loser"})
    state = new_match_in_order(HORNS, rules, seed=3)
    for expected_attacker in (0, 1, 0):
        assert state.attacker == expected_attacker
        attacker, defender = state.attacker, state.defender
        state, _ = apply(state, Attack(state.hands[attacker][0].id))
        state, outcome = apply(state, Respond(Defense.DEFEND, state.hands[defender][0].id))
        assert outcome.round_winner == attacker  # every horn knocks out: the attacker wins
    assert state.rounds_won == (2, 1) and state.winner == 0 and state.round == 3


def test_the_number_of_rounds_to_win_is_data():
    """RULINGS.md: every number is a default in card_data; rounds_to_win = 1 ends at once."""
    state = new_match_in_order(HORNS, with_rules(match={"rounds_to_win": 1}), seed=3)
    state = play(state, "attack h1", "defend h4")
    assert state.phase is Phase.OVER and state.rounds_won == (1, 0)


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (PLAIN[:5], "two hands need 6"),
        ([boost(f"b{n}", 100) for n in range(9)] + PLAIN[:3], "at least 4"),
    ],
)
def test_a_deck_the_duel_could_get_stuck_on_is_refused(deck, message):
    """Set Up: both players need a hand, and an attacker must always be able to find an attack
    card (more non-boost cards than a hand holds)."""
    with pytest.raises(RuleError, match=message) as caught:
        new_match_in_order(deck, RULES, seed=1)
    assert caught.value.rule == RULE_SET_UP


def test_new_match_shuffles_with_the_callers_random_and_replays_exactly():
    """DESIGN.md: state is a fold over the action log; the same seed and log give the same
    state."""
    deck = load_deck()
    first = new_match(deck, RULES, random.Random(42))
    assert first == new_match(deck, RULES, random.Random(42))
    assert first != new_match(deck, RULES, random.Random(43))
    rng = random.Random(5)
    log = []
    state = first
    while state.phase is not Phase.OVER:
        action = rng.choice(legal_actions(state))
        log.append(action)
        state, _ = apply(state, action)
    assert replay(first, log) == state
    assert replay(first, [parse_action(str(a)) for a in log]) == state


# -- the same engine with real cards, shuffled by hand (the tracker's duels) --------------------

SAMPLE = load_deck()


def clash(attacker: int, attack: str, defense: str, card: str, boosts=()) -> Clash:
    return Clash(attacker - 1, attack, Defense(defense), card, tuple(boosts))


def test_a_duel_by_hand_deals_face_down_cards():
    """Set Up, with the table's own cards: three each, Player 1 first, none of them known."""
    state = new_match_by_hand(SAMPLE, RULES)
    assert state.hands == ((FACE_DOWN,) * 3, (FACE_DOWN,) * 3)
    assert len(state.draw_pile) == len(SAMPLE) - 6 and set(state.draw_pile) == {FACE_DOWN}
    assert (state.health, state.attacker, state.phase, state.by_hand) == (
        (1000, 1000),
        0,
        Phase.ATTACK,
        True,
    )


def test_the_rule_texts_example_as_one_clash_from_face_down_hands():
    """Duel: 'Attack = 500, Defend = 400, defender subtracts 100 points from Health Meter'; the
    cards laid come out of the face-down hands into the played pile."""
    state = new_match_by_hand(SAMPLE, RULES)
    state, outcome = apply(state, clash(1, "talon-dive", "defend", "trunk-slam"))
    assert "Attack 500 > defend 400: the defender loses 500 - 400 = 100" in outcome.steps
    assert outcome.summary == "Player 2 loses 100"
    assert state.health == (1000, 900)
    assert [card.id for card in state.played] == ["talon-dive", "trunk-slam"]
    assert (len(state.hands[0]), len(state.hands[1]), state.attacker) == (2, 2, 1)
    assert state.last is not None and (state.last.attack_total, state.last.damage) == (500, 100)


def test_a_clash_is_its_steps_in_one_action():
    """Attack Boost Cards: the boosts go down first, the attack card on them, then the answer;
    a whole clash gives the state its one-card steps give."""
    deck = [boost("howl", 200), card("claw", attack=300), card("p3")] + PLAIN[:6]
    start = new_match_in_order(deck, RULES, seed=1)
    whole, outcome = apply(start, clash(1, "claw", "defend", "c1", boosts=["howl"]))
    by_steps = play(start, "boost howl", "attack claw", "defend c1")
    assert whole == replace(by_steps, version=1)
    assert outcome.clash is not None and outcome.clash.attack_total == 500
    assert whole.health == (1000, 600)


def test_only_the_attacker_lays_a_clash_and_only_between_clashes():
    state = new_match_in_order(PLAIN, RULES, seed=1)
    with pytest.raises(RuleError) as caught:
        apply(state, clash(2, "c4", "defend", "c1"))
    assert caught.value.rule == RULE_TURNS
    assert "it is Player 1's turn, not Player 2's" in str(caught.value)  # the door's guard
    with pytest.raises(RuleError) as caught:
        apply(play(state, "attack c1"), clash(1, "c2", "defend", "c4"))
    assert caught.value.rule == RULE_TURNS


def test_a_card_laid_from_a_face_down_hand_needs_a_copy_nobody_has_seen():
    """Duel: a player plays 'the Power Card of their choice' from their hand: the deck holds
    one Horn Charge, so once it is played it cannot be laid again before a reshuffle."""
    state = new_match_by_hand(SAMPLE, RULES)
    state, _ = apply(state, clash(1, "horn-charge", "defend", "shell-guard"))
    state, _ = apply(state, clash(2, "talon-dive", "defend", "shell-guard"))
    with pytest.raises(RuleError) as caught:
        apply(state, clash(1, "horn-charge", "defend", "tail-drop"))
    assert caught.value.rule == RULE_CHOICE
    assert "'Horn Charge': the deck holds 1, 1 already played" in str(caught.value)
    # Shell Guard: 2 in the deck, both played; Trunk Slam: 1, laid as the attack card just now.
    with pytest.raises(RuleError, match="'Shell Guard': the deck holds 2, 2 already played"):
        apply(state, clash(1, "shell-guard", "defend", "tail-drop"))
    with pytest.raises(RuleError, match="'Trunk Slam': the deck holds 1, 0 already played"):
        apply(state, clash(1, "trunk-slam", "defend", "trunk-slam"))
    with pytest.raises(DomekitError, match="no Power Card 'dragon-fire'"):
        apply(state, clash(1, "dragon-fire", "defend", "tail-drop"))


def test_an_attack_boost_answering_from_a_face_down_hand_counts_0_and_says_why():
    """Attack Boost Cards: 'If an Attack Boost is the last card in a defending player's hand,
    the player's defend or escape points equal 0': the engine cannot see the rest of the hand,
    so it takes the table's word and says so."""
    state = new_match_by_hand(SAMPLE, RULES)
    state, outcome = apply(state, clash(1, "talon-dive", "escape", "pack-howl"))
    assert (
        "Player 2 answers with an Attack Boost: allowed only when it is the last card that "
        "could defend or escape (it counts 0)"
    ) in outcome.steps
    assert outcome.clash is not None and outcome.clash.defense_total == 0
    assert state.health == (1000, 500)


def test_the_table_recounts_and_an_empty_draw_pile_is_the_played_pile_reshuffled():
    """Duel: 'If all Power Cards are drawn before a player is Knocked Out, reshuffle the played
    Power Cards and continue play' - face down, since the table shuffles by hand."""
    state = new_match_by_hand(SAMPLE, RULES)
    state, outcome = apply(state, Recount((1, len(SAMPLE) - 1), 0))
    assert outcome.steps == (f"hands 1 and {len(SAMPLE) - 1}, draw pile 0",)
    state, outcome = apply(state, clash(1, "talon-dive", "defend", "shell-guard"))
    assert "The deck is empty: the 2 played cards are reshuffled" in outcome.steps
    assert "No cards left to draw: Player 1 draws 2" in outcome.steps
    assert (state.reshuffles, state.played, state.draw_pile) == (1, (), ())
    assert state.hands[0] == (FACE_DOWN, FACE_DOWN)


def test_a_recount_adds_up_to_the_deck_and_only_for_cards_shuffled_by_hand():
    state = new_match_by_hand(SAMPLE, RULES)
    with pytest.raises(RuleError, match="hands 3 \\+ 3 \\+ draw pile 10 \\+ played 0 = 16") as no:
        apply(state, Recount((3, 3), 10))
    assert no.value.rule == RULE_SET_UP
    with pytest.raises(RuleError) as no:
        apply(new_match_in_order(PLAIN, RULES, seed=1), Recount((3, 3), 6))
    assert no.value.rule == RULE_SET_UP and "it knows every hand" in str(no.value)


def test_a_won_duel_takes_no_clash_but_the_table_may_still_recount():
    """The Winner: nothing follows the duel's win, except the table counting its cards."""
    state = new_match_by_hand(SAMPLE, RULES)
    for _ in range(2):  # Player 1 knocks Player 2 out twice (rules.toml: Player 1 starts)
        state, _ = apply(state, clash(1, "horn-charge", "escape", "trunk-slam"))  # 2 at 300
        state, _ = apply(state, clash(2, "talon-dive", "defend", "shell-guard"))
        state, outcome = apply(state, clash(1, "bear-swipe", "defend", "tail-drop"))  # out
    assert outcome.summary == "Player 1 wins the duel" and outcome.match_winner == 0
    assert (state.winner, state.rounds_won, state.round_winners) == (0, (2, 0), (0, 0))
    with pytest.raises(RuleError) as caught:
        apply(state, clash(2, "talon-dive", "defend", "shell-guard"))
    assert caught.value.rule == RULE_WINNER
    assert str(caught.value).startswith("the duel is over: Player 1 won it")
    counted, _ = apply(state, Recount((3, 3), len(SAMPLE) - 6 - len(state.played)))
    assert counted.winner == 0


def test_a_refusal_names_the_rule_and_the_duel_it_was_refused_in():
    """As python-chess names the position of an illegal move: the duel in one line."""
    state = new_match_in_order(PLAIN, RULES, seed=1)
    with pytest.raises(RuleError) as caught:
        apply(play(state, "attack c1"), Attack("c2"))
    assert caught.value.rule == RULE_TURNS
    assert (
        "[round 1 (0-0), Player 1 attacks; health 1000 · 1000; hands c2,c3 · c4,c5,c6; "
        "draw pile 6, played 0; on the table c1]"
    ) in caught.value.in_position()
    by_hand = new_match_by_hand(SAMPLE, RULES)
    with pytest.raises(RuleError) as caught:
        apply(by_hand, Recount((3, 3), 0))
    pile = len(SAMPLE) - 6
    where = f"[round 1 (0-0), Player 1 attacks; health 1000 · 1000; hands 3 · 3; draw pile {pile}"
    assert f"{where}, played 0]" in caught.value.in_position()
