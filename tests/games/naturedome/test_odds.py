"""Nature Dome clash odds: the rule text's example, and unknown hands against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.games.naturedome.odds import cards_by_id, clash_odds, load, plays
from toolkit.games.naturedome.rules import Defense, clash, clash_damages

RULES, DECK = load()


def cards(*ids: str):
    return cards_by_id(DECK, ids, "test")


def test_known_hands_as_the_rule_text_counts():
    # Talon Dive attacks 500; Shell Guard defends 600: no points lost. With Lion Roar (300)
    # laid first the attack is 800: 800 - 600 = 200 (the Duel's "Attack - Defend").
    odds = clash_odds(
        hand=cards("talon-dive", "lion-roar"), attacker_health=1000, defender_health=1000,
        defender_hand=cards("shell-guard"), deck=DECK, rules=RULES,
    )  # fmt: skip
    assert odds["best_play"] == "lion-roar + talon-dive"
    assert odds["damage_distribution"] == {200: 1}
    rows = {row["play"]: row for row in odds["plays"]}
    assert rows["talon-dive"]["expected_damage"] == 0


def test_the_defender_escapes_when_escape_is_better():
    # Cheetah Sprint defends 100 but escapes 600: Bear Swipe's 600 does nothing.
    odds = clash_odds(
        hand=cards("bear-swipe"), attacker_health=1000, defender_health=1000,
        defender_hand=cards("cheetah-sprint"), deck=DECK, rules=RULES,
    )  # fmt: skip
    assert odds["p_damage"] == 0


def test_zone_penalty_reaches_the_defense():
    # A defender at 150 health is in the red zone: Shell Guard defends 600 - 200 = 400.
    odds = clash_odds(
        hand=cards("bear-swipe"), attacker_health=1000, defender_health=150,
        defender_hand=cards("shell-guard"), deck=DECK, rules=RULES,
    )  # fmt: skip
    assert odds["damage_distribution"] == {200: 1}
    assert odds["p_knocked_out"] == 1


@pytest.mark.parametrize(
    ("hand", "seen", "size"),
    [
        (("talon-dive", "pack-howl", "bear-swipe"), (), 3),
        (("horn-charge", "stampede", "shell-guard"), ("quill-wall", "iron-hide"), 2),
    ],
)
def test_unknown_hand_matches_every_hand_of_the_deck(hand, seen, size):
    attacker = cards(*hand)
    odds = clash_odds(
        hand=attacker, attacker_health=1000, defender_health=700, seen=cards(*seen),
        cards=size, deck=DECK, rules=RULES,
    )  # fmt: skip
    left = list(DECK)
    for card in [*attacker, *cards(*seen)]:
        left.remove(card)
    attack, boosts = next(
        p
        for p in plays(attacker)
        if " + ".join([*(b.id for b in p[1]), p[0].id]) == odds["best_play"]
    )

    def least(card):  # the engine's damage for the better of defend and escape
        return min(
            clash(attack, answer, card, boosts=boosts, attacker_health=1000,
                  defender_health=700, rules=RULES).damage
            for answer in (Defense.DEFEND, Defense.ESCAPE)
        )  # fmt: skip

    by_card = {card.id: least(card) for card in left}
    seen_damage: Counter[int] = Counter()
    for drawn in itertools.combinations(range(len(left)), size):
        hand_cards = [left[i] for i in drawn]
        only_boosts = all(card.is_boost for card in hand_cards)
        seen_damage[
            min(by_card[card.id] for card in hand_cards if only_boosts or not card.is_boost)
        ] += 1
    total = sum(seen_damage.values())
    assert odds["damage_distribution"] == {d: Fraction(n, total) for d, n in seen_damage.items()}


def test_a_hand_of_boosts_only_is_refused_with_the_reason():
    with pytest.raises(DomekitError, match="no attack card"):
        clash_odds(
            hand=cards("lion-roar"), attacker_health=1000, defender_health=1000, deck=DECK,
            rules=RULES,
        )  # fmt: skip


def test_unknown_card_is_named():
    with pytest.raises(DomekitError, match="no Power Card 'dragon'"):
        cards("dragon")


ATTACKS = sorted({card.id for card in DECK if not card.is_boost})
BOOSTS = sorted({card.id for card in DECK if card.is_boost})


@settings(max_examples=25, deadline=None)
@given(
    attack=st.sampled_from(ATTACKS),
    # unique: the sample deck holds a single Lion Roar, so two would not come from it
    boosts=st.lists(st.sampled_from(BOOSTS), max_size=2, unique=True),
    defender_health=st.integers(1, 1000),
    attacker_health=st.integers(1, 1000),
    size=st.integers(1, 3),
)
def test_clash_odds_keep_probability(attack, boosts, defender_health, attacker_health, size):
    odds = clash_odds(
        hand=cards(attack, *boosts), attacker_health=attacker_health,
        defender_health=defender_health, cards=size, deck=DECK, rules=RULES,
    )  # fmt: skip
    assert sum(odds["damage_distribution"].values()) == 1
    assert min(odds["damage_distribution"]) >= 0
    assert odds["p_knocked_out"] <= odds["p_damage"]
    best = max(row["expected_damage"] for row in odds["plays"])
    assert odds["expected_damage"] == best


# The engine's quiet path, which the odds call for every draw: `explain=False` must give exactly
# the outcome the full breakdown gives, only without steps.


@settings(max_examples=100, deadline=None)
@given(
    attack=st.sampled_from([card for card in DECK if not card.is_boost]),
    boosts=st.lists(st.sampled_from([card for card in DECK if card.is_boost]), max_size=2),
    card=st.sampled_from(DECK),
    answer=st.sampled_from(list(Defense)),
    attacker_health=st.integers(1, 1000),
    defender_health=st.integers(1, 1000),
)
def test_quiet_clash_matches_the_explained_one(
    attack, boosts, card, answer, attacker_health, defender_health
):
    def resolve(explain: bool):  # type: ignore[no-untyped-def]
        return clash(
            attack, answer, card, boosts=boosts, attacker_health=attacker_health,
            defender_health=defender_health, rules=RULES, explain=explain,
        )  # fmt: skip

    loud, quiet = resolve(True), resolve(False)
    assert loud.steps and quiet.steps == []
    assert replace(loud, steps=[]) == quiet
    answers = [(answer, card), (Defense.DEFEND, attack)]
    assert clash_damages(
        attack, answers, boosts=boosts, attacker_health=attacker_health,
        defender_health=defender_health, rules=RULES,
    ) == [
        loud.damage,
        clash(
            attack, Defense.DEFEND, attack, boosts=boosts, attacker_health=attacker_health,
            defender_health=defender_health, rules=RULES,
        ).damage,
    ]  # fmt: skip
