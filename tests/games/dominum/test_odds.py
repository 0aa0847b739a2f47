"""Dominum odds against hand counts and against every shuffle of the decks."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.games.dominum.config import default_rules
from toolkit.games.dominum.odds import PowerState, assault_odds, attack_odds
from toolkit.games.dominum.power import CRITICAL
from toolkit.games.dominum.rules import resolve_attack

RULES = default_rules()


def state(used=(), reserve=()) -> PowerState:
    return PowerState.of(used=list(used), reserve=list(reserve), rules=RULES)


def test_attack_without_a_defender_draw_counted_by_hand():
    # Strength 3 against defense 4: a 2, 3, 4 (6 cards) or the Critical wounds; a 1 (2 cards)
    # ties or loses. 7 of the 9 cards.
    odds = attack_odds(
        strength=3, defense=4, attacker=state(), defender=state(), defender_policy="never",
        rules=RULES,
    )  # fmt: skip
    assert odds["p_wound"] == Fraction(7, 9)
    assert odds["p_wound"] + odds["p_blocked"] == 1
    assert odds["attack_total_distribution"]["critical"] == Fraction(1, 9)


def test_deadly_wins_the_tie():
    plain = attack_odds(
        strength=3, defense=4, attacker=state(), defender=state(), defender_policy="never",
        rules=RULES,
    )  # fmt: skip
    deadly = attack_odds(
        strength=3, defense=4, deadly=True, attacker=state(), defender=state(),
        defender_policy="never", rules=RULES,
    )  # fmt: skip
    assert deadly["p_wound"] - plain["p_wound"] == Fraction(2, 9)  # the two 1s tie at 4


def shuffles_with_policy_deck(strength, defense, attacker_deck, defender_deck):
    """Every ordering of both decks: the attacker's top card, then the defender draws its top
    card when the attack would otherwise wound and a card in its deck could block."""
    wounds = total = 0
    for attack_order in itertools.permutations(attacker_deck):
        for defend_order in itertools.permutations(defender_deck):
            power = attack_order[0]
            reply = None
            if resolve_attack(strength=strength, power=power, defense=defense, rules=RULES).wound:
                could_block = any(
                    not resolve_attack(
                        strength=strength, power=power, defense=defense, defense_power=card,
                        rules=RULES,
                    ).wound
                    for card in defender_deck
                )  # fmt: skip
                reply = defend_order[0] if could_block else None
            outcome = resolve_attack(
                strength=strength, power=power, defense=defense, defense_power=reply, rules=RULES
            )
            wounds += outcome.wound
            total += 1
    return Fraction(wounds, total)


@pytest.mark.parametrize(
    ("attacker_used", "defender_used", "strength", "defense"),
    [
        ([1, 1, 2, 2, 3], [1, 2, 3, 3, 4], 3, 4),
        ([2, 3, 4, 4, CRITICAL], [1, 1, 2, 4, CRITICAL], 2, 2),
        ([1, 2, 3, 4, 4], [1, 1, 2, 2, 3], 4, 3),
    ],
)
def test_attack_matches_every_shuffle(attacker_used, defender_used, strength, defense):
    attacker, defender = state(attacker_used), state(defender_used)
    odds = attack_odds(
        strength=strength, defense=defense, attacker=attacker, defender=defender,
        defender_policy="deck", rules=RULES,
    )  # fmt: skip
    expected = shuffles_with_policy_deck(
        strength, defense, attacker.deck.cards(), defender.deck.cards()
    )
    assert odds["p_wound"] == expected


def test_best_defender_uses_the_lowest_reserve_card_that_blocks():
    # Strength 3 + 4 = 7 against defense 4: a reserve 3 blocks (7 <= 7) and is used before the 4.
    odds = attack_odds(
        strength=3, defense=4, attacker=state(), defender=state(reserve=[3, 4]),
        use_reserve=None, defender_policy="best", rules=RULES,
    )  # fmt: skip
    assert odds["defender_draw_distribution"]["reserve:3"] > 0
    assert "reserve:4" not in odds["defender_draw_distribution"]


def test_assault_vp_counted_by_hand():
    # Initial score 1 + 2 = 3; two cards from 1,1,2,2,3,3,4,4,Critical (counts 4): 36 pairs.
    # 2 VP needs 8 from the cards: the three 4s pair 3 ways. 1 VP needs 6 or 7: 2+4 (6 ways),
    # 3+3 (1), 3+4 (6) = 13 ways.
    odds = assault_odds(in_zone=2, fortified=1, state=state(), rules=RULES)
    assert odds["vp_distribution"] == {0: Fraction(20, 36), 1: Fraction(13, 36), 2: Fraction(3, 36)}
    assert odds["p_takes_surge"] == Fraction(20, 36)
    assert odds["expected_vp"] == Fraction(19, 36)


def test_assault_matches_every_shuffle():
    deck = state(used=[1, 4]).deck.cards()
    seen = Counter()
    for order in itertools.permutations(deck):
        value = sum(4 if card == CRITICAL else card for card in order[:2])
        seen[0 if 1 + value <= 8 else 1 if 1 + value <= 10 else 2] += 1
    total = sum(seen.values())
    odds = assault_odds(in_zone=1, state=state(used=[1, 4]), rules=RULES)
    assert odds["vp_distribution"] == {vp: Fraction(n, total) for vp, n in seen.items()}


def test_best_assault_takes_the_sure_reserve_cards():
    # Initial 3; reserve 4 and Critical make 11 for sure: 2 VP, better than any deck draw.
    odds = assault_odds(
        in_zone=2, fortified=1, state=state(used=[1, 1], reserve=[4, CRITICAL]), policy="best",
        rules=RULES,
    )  # fmt: skip
    assert odds["vp_distribution"] == {2: 1}
    assert {row["draw"] for row in odds["first_draw_options"]} == {
        "deck", "reserve:4", "reserve:critical",
    }  # fmt: skip


def test_draw_or_reserve_decision():
    # Strength 3 against defense 4, the attacker's 1 used, reserve 3 and the Critical; the
    # defender (policy deck) draws when some card left could block. The Critical wounds unless
    # the defender's top card is its Critical: 8/9. The deck (1,2,2,3,4,4): a 4 (7) wounds
    # unless the defender draws 3 or more (4/9 wound), a 3 (6) unless it draws 2 or more (2/9),
    # a 1 or 2 never: 2/6 x 4/9 + 1/6 x 2/9 = 5/27. Reserve 3: 2/9. Use the Critical.
    odds = attack_odds(
        strength=3, defense=4, attacker=state(used=[1], reserve=[3, CRITICAL]),
        defender=state(), use_reserve=None, rules=RULES,
    )  # fmt: skip
    by = {row["draw"]: row["p_wound"] for row in odds["options"]}
    assert by == {"deck": Fraction(5, 27), "reserve:3": Fraction(2, 9),
                  "reserve:critical": Fraction(8, 9)}  # fmt: skip
    assert odds["decision"]["draw"] == "reserve:critical"
    assert odds["decision"]["p_wound"] == Fraction(8, 9)
    # A reserve 1 (4 against 4: blocked) never wounds: draw from the deck and keep the 1.
    odds = attack_odds(
        strength=3, defense=4, attacker=state(reserve=[1]), defender=state(), use_reserve=None,
        rules=RULES,
    )  # fmt: skip
    assert odds["decision"]["draw"] == "deck"
    assert "draw from the deck" in odds["decision"]["why"]


def test_the_assault_decision_is_the_best_first_draw():
    odds = assault_odds(
        in_zone=2, fortified=1, state=state(used=[1, 1], reserve=[4, CRITICAL]), policy="best",
        rules=RULES,
    )  # fmt: skip
    best = max(row["expected_vp"] for row in odds["first_draw_options"])
    assert odds["decision"]["expected_vp"] == best == 2
    assert odds["decision"]["draw"] != "deck"


def test_a_card_used_twice_is_named():
    with pytest.raises(DomekitError, match="attacker's used card 'critical'"):
        PowerState.of(used=[CRITICAL, CRITICAL], rules=RULES, who="attacker")


CARDS = [1, 1, 2, 2, 3, 3, 4, 4, CRITICAL]


@settings(max_examples=40, deadline=None)
@given(
    used=st.lists(st.sampled_from(range(9)), max_size=6, unique=True),
    defender_used=st.lists(st.sampled_from(range(9)), max_size=6, unique=True),
    strength=st.integers(0, 6),
    defense=st.integers(0, 6),
)
def test_a_defender_draw_never_helps_the_attacker(used, defender_used, strength, defense):
    attacker = state([CARDS[i] for i in used])
    defender = state([CARDS[i] for i in defender_used])
    chances = {
        policy: attack_odds(
            strength=strength,
            defense=defense,
            attacker=attacker,
            defender=defender,
            defender_policy=policy,
            rules=RULES,
        )  # fmt: skip
        for policy in ("never", "deck", "best")
    }
    for odds in chances.values():
        assert odds["p_wound"] + odds["p_blocked"] == 1
        assert sum(odds["attack_total_distribution"].values()) == 1
    assert chances["deck"]["p_wound"] <= chances["never"]["p_wound"]
    assert chances["best"]["p_wound"] <= chances["never"]["p_wound"]


# -- the cards' abilities in the odds (issue 26) ---------------------------------------------------
def _fight(attacker: str, defender: str | None = None, **kwargs):
    from toolkit.games.dominum.data import load_dominum
    from toolkit.games.dominum.matchup import matchup

    data = load_dominum()
    defense = kwargs.pop("defense", None)
    return matchup(
        data, attacker=attacker, defender=defender, strength=None, defense=defense, **kwargs
    )


@pytest.mark.parametrize(
    ("where", "expected"), [("opponent", Fraction(1)), ("own", Fraction(7, 9))]
)
def test_infiltrate_changes_the_odds_where_it_holds(where, expected):
    """Skitterling (1), Infiltrate +1, against the Elven Spearman (2), no defender draw: in the
    opponent's Domain 2 + any card > 2, every card wounds; elsewhere 1 + card > 2 needs a 2 or
    more or the Critical: 7 of 9."""
    fight = _fight("Skitterling", "Elven Spearman", attacker_where=where)
    odds = attack_odds(
        attacker=state(), defender=state(), defender_policy="never", fight=fight, rules=RULES
    )
    assert odds["p_wound"] == expected


def test_evasive_shows_the_best_and_the_worst_of_the_shift():
    """Hawk Rider (2), Evasive, against defense 4, no defender draw: a 1 or a 2 (4 of 9) is
    blocked. Shifting after a block (the best) leaves no counterattack; staying (the worst),
    4/9."""
    fight = _fight("Hawk Rider", defense=4)
    odds = attack_odds(
        attacker=state(), defender=state(), defender_policy="never", fight=fight, rules=RULES
    )
    assert odds["p_blocked"] == Fraction(4, 9)
    assert odds["best"]["p_counterattack"] == 0 == odds["p_counterattack"]
    assert odds["worst"]["p_counterattack"] == Fraction(4, 9)
    assert odds["choices"] == ["Evasive: shift after a block (no counterattack), or stay"]


def test_a_lunge_second_draw_from_the_reserve_counted_by_hand():
    """Free Lancer (3, Lunge, Deadly) lunged against defense 5, no defender draw, its reserve a 4
    and its deck 1, 1, 2, 2, 3, 3, 4 and the Critical (8): a 2 ties and Deadly wins, so a 1 alone
    fails (2 of 8). Best: after a 1 it uses the reserve 4 (7 > 5): every draw wounds. Worst:
    after a 2, 3, 4 or the Critical (6 of 8) it draws again from the 7 left, two of them 1s (5/7
    wound; keeping or the reserve 4 would wound surely); after a 1 it keeps it (0). So
    6/8 x 5/7 = 15/28."""
    fight = _fight("Free Lancer", defense=5, lunged=True)
    odds = attack_odds(
        attacker=state(reserve=[4]), defender=state(), defender_policy="never", fight=fight,
        rules=RULES,
    )  # fmt: skip
    assert odds["best"]["p_wound"] == 1
    assert odds["worst"]["p_wound"] == Fraction(15, 28)
