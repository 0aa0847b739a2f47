"""Nature Dome odds: the clash given the cards in hand (rules/naturedome.txt).

The attacker's plays are every attack card in the hand, laid on any set of the hand's Attack
Boosts. The defender answers with the card and the choice (defend or escape) that loses the
fewest points; an Attack Boost answers (at 0) only from a hand of nothing but boosts, as the
engine's `legal_actions` says. Each (play, defense card, defend/escape) is resolved by the
engine's `clash_damages` (the damage `clash` gives, the attack side worked out once per play).

When the defender's hand is unknown it is `cards` cards drawn from the deck as it stands: the
whole deck (card_data/naturedome/power_cards.csv) minus the attacker's hand and the cards already
seen (played or discarded). The defender keeps the best card of its hand, so the damage is the
smallest of the hand's cards' damages; its distribution is exact by counting, without
replacement: P(damage >= d) = C(cards that let >= d through, k) / C(deck, k).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.dice import Dist
from toolkit.errors import DomekitError
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.rules import Defense, PowerCard, check_health, clash_damages
from toolkit.odds.charts import chart
from toolkit.odds.common import distribution, remembered

if TYPE_CHECKING:
    from toolkit.games.naturedome.match import MatchState


@lru_cache(maxsize=4)
def load(data_dir: str | Path | None = None) -> tuple[NatureDomeRules, tuple[PowerCard, ...]]:
    """The rules and the whole deck (each card as often as its qty)."""
    from toolkit.games.naturedome.data import load_deck, load_rules

    return load_rules(data_dir), tuple(load_deck(data_dir))


def cards_by_id(deck: Sequence[PowerCard], ids: Sequence[str], what: str) -> list[PowerCard]:
    """Cards named by id; an unknown id is an error listing what the deck has."""
    known = {card.id: card for card in deck}
    found = []
    for card_id in ids:
        if card_id not in known:
            raise DomekitError(
                f"{what}: no Power Card {card_id!r} (the deck has {', '.join(sorted(known))})"
            )
        found.append(known[card_id])
    return found


def _check_copies(deck: Sequence[PowerCard], cards: Sequence[PowerCard]) -> None:
    """No card more often than the deck holds it (the hands, seen cards and played pile)."""
    held = Counter(card.id for card in deck)
    for card_id, count in Counter(card.id for card in cards).items():
        if count > held[card_id]:
            raise DomekitError(
                f"{count} copies of {card_id!r} in the hands and seen cards; the deck holds "
                f"{held[card_id]}"
            )


def plays(hand: Sequence[PowerCard]) -> list[tuple[PowerCard, tuple[PowerCard, ...]]]:
    """Every attack the hand allows: an attack card on any set of the hand's boosts."""
    attacks = {card.id: card for card in hand if not card.is_boost}
    boosts = [card for card in hand if card.is_boost]
    found: dict[tuple[str, tuple[str, ...]], tuple[PowerCard, tuple[PowerCard, ...]]] = {}
    for attack in attacks.values():
        for size in range(len(boosts) + 1):
            for chosen in combinations(boosts, size):
                key = (attack.id, tuple(sorted(card.id for card in chosen)))
                found.setdefault(key, (attack, chosen))
    return list(found.values())


def _play_text(play: tuple[PowerCard, tuple[PowerCard, ...]]) -> str:
    attack, boosts = play
    return " + ".join([*(card.id for card in boosts), attack.id])


def clash_odds(
    *,
    hand: Sequence[PowerCard],
    attacker_health: int,
    defender_health: int,
    defender_hand: Sequence[PowerCard] | None = None,
    cards: int | None = None,
    seen: Sequence[PowerCard] = (),
    deck: Sequence[PowerCard],
    rules: NatureDomeRules,
) -> dict[str, Any]:
    """Every play from the hand against the defender's best answer; the best play in full."""
    key = (
        tuple(hand), attacker_health, defender_health,
        None if defender_hand is None else tuple(defender_hand), cards, tuple(seen), tuple(deck),
    )  # fmt: skip
    return remembered(
        "naturedome.clash", rules, key,
        lambda: _clash_odds(
            hand=hand, attacker_health=attacker_health, defender_health=defender_health,
            defender_hand=defender_hand, cards=cards, seen=seen, deck=deck, rules=rules,
        ),
    )  # fmt: skip


def _check_limits(
    hand: Sequence[PowerCard],
    attacker_health: int,
    defender_health: int,
    defender_hand: Sequence[PowerCard] | None,
    cards: int | None,
    rules: NatureDomeRules,
) -> None:
    """What the rules make impossible (rules.toml's [limits]): a hand above the three cards a
    player draws (the healths: the engine's `check_health`). An attacker whose last card was an
    Attack Boost holds it beside the three new cards ("the player draws three new Power Cards and
    combines one with the Attack Boost"): one card more."""
    limits = rules.limits
    check_health(attacker_health, rules, "attacker")
    check_health(defender_health, rules, "defender")
    boost_laid = 1 if any(card.is_boost for card in hand) else 0
    limits.check("hand", len(hand) - boost_laid, "the attacker's hand (an Attack Boost laid aside)")
    if defender_hand is not None:
        limits.check_count("hand", defender_hand, "the defender's hand")
    if cards is not None:
        limits.check("hand", cards, "the defender's cards in hand")


def _clash_odds(
    *,
    hand: Sequence[PowerCard],
    attacker_health: int,
    defender_health: int,
    defender_hand: Sequence[PowerCard] | None,
    cards: int | None,
    seen: Sequence[PowerCard],
    deck: Sequence[PowerCard],
    rules: NatureDomeRules,
) -> dict[str, Any]:
    # Every card checked against the deck before any work: a hand of 88 cards would otherwise
    # be weighed play by play (2^boosts of them) before anyone noticed it cannot be held.
    _check_copies(deck, [*hand, *seen, *(defender_hand or ())])
    _check_limits(hand, attacker_health, defender_health, defender_hand, cards, rules)
    options = plays(hand)
    if not options:
        raise DomekitError(
            "the hand holds no attack card: with only Attack Boosts left the attacker first "
            "draws new Power Cards (Attack Boost Cards), so there is no clash to weigh yet"
        )
    if defender_hand is not None and not defender_hand:
        raise DomekitError("the defender's hand is empty: it draws new cards before defending")
    size = rules.cards.deal if cards is None else cards
    if defender_hand is None:
        left = Counter(card.id for card in deck)
        by_id = {card.id: card for card in deck}
        for card in [*hand, *seen]:
            if left[card.id] <= 0:
                raise DomekitError(
                    f"more copies of {card.id!r} in the hand and seen cards than the deck holds"
                )
            left[card.id] -= 1
        pool = {card_id: n for card_id, n in left.items() if n > 0}
        if size < 1 or size > sum(pool.values()):
            raise DomekitError(
                f"the defender's hand of {size} cannot come from the {sum(pool.values())} "
                "cards left in the deck"
            )
    else:
        by_id = {card.id: card for card in defender_hand}
        pool = dict(Counter(card.id for card in defender_hand))

    ids = list(pool)
    results = []
    for play in options:
        least = _least_damages(
            play, [by_id[card_id] for card_id in ids], attacker_health, defender_health, rules
        )
        damages = dict(zip(ids, least, strict=True))
        if defender_hand is None:
            dist = _smallest_of_hand(damages, pool, size)
        else:
            dist = Dist.always(min(damages.values()))
        results.append((play, dist))
    # The best play: the most expected damage; on a tie the one that spends fewer cards.
    best_play, best = max(results, key=lambda item: (item[1].mean(), -len(item[0][1])))
    knock_out = defender_health
    return {
        "best_play": _play_text(best_play),
        "expected_damage": best.mean(),
        "p_damage": best.p(lambda damage: damage > 0),
        "p_knocked_out": best.p(lambda damage: damage >= knock_out),
        "damage_distribution": distribution(best),
        "plays": [
            {
                "play": _play_text(play),
                "expected_damage": dist.mean(),
                "p_damage": dist.p(lambda damage: damage > 0),
                "p_knocked_out": dist.p(lambda damage: damage >= knock_out),
                "damage_distribution": distribution(dist),
            }
            for play, dist in sorted(results, key=lambda item: -item[1].mean())
        ],
        "steps": [
            f"attacker's hand: {', '.join(card.id for card in hand)}",
            (
                f"defender's hand: {', '.join(card.id for card in defender_hand)}"
                if defender_hand is not None
                else f"defender's hand: {size} cards from the {sum(pool.values())} left in "
                "the deck (the whole deck minus the attacker's hand and the seen cards)"
            ),
            "the defender answers with the card and defend/escape that loses the fewest points",
            "each play against each defense card resolved by the engine (clash_damages)",
        ],
    }


def _least_damages(
    play: tuple[PowerCard, tuple[PowerCard, ...]],
    cards: Sequence[PowerCard],
    attacker_health: int,
    defender_health: int,
    rules: NatureDomeRules,
) -> list[int]:
    """For each card, the points lost when it answers this play the better way (defend or
    escape; an Attack Boost only defends, at 0), by the engine's `clash_damages`."""
    answers = [
        (answer, card)
        for card in cards
        for answer in ((Defense.DEFEND,) if card.is_boost else (Defense.DEFEND, Defense.ESCAPE))
    ]
    damages = iter(
        clash_damages(
            play[0], answers, boosts=play[1], attacker_health=attacker_health,
            defender_health=defender_health, rules=rules,
        )
    )  # fmt: skip
    return [next(damages) if card.is_boost else min(next(damages), next(damages)) for card in cards]


def _smallest_of_hand(damages: dict[str, int], pool: dict[str, int], k: int) -> Dist[int]:
    """The least damage among k cards drawn without replacement, exactly by counting:
    P(least >= d) = C(cards letting >= d through, k) / C(deck, k)."""
    copies: Counter[int] = Counter()
    for card_id, n in pool.items():
        copies[damages[card_id]] += n
    weights: dict[int, int] = {}
    above = 0  # cards letting through more than the level
    for level in sorted(copies, reverse=True):
        at_least = above + copies[level]
        weights[level] = math.comb(at_least, k) - math.comb(above, k)
        above = at_least
    return Dist(weights, math.comb(sum(pool.values()), k))


# -- The tracker's forms as charts (toolkit.odds.charts) ----------------------------------------


def clash_chart(
    *,
    hand: Sequence[str],
    attacker_health: int,
    defender_health: int,
    defender_hand: Sequence[str] | None = None,
    cards: int | None = None,
    seen: Sequence[str] = (),
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The clash form: card ids in the attacker's hand (and the defender's, if known)."""
    rules, deck = load(data_dir)
    result = clash_odds(
        hand=cards_by_id(deck, hand, "hand"),
        attacker_health=attacker_health,
        defender_health=defender_health,
        defender_hand=None
        if defender_hand is None
        else cards_by_id(deck, defender_hand, "defender hand"),
        cards=cards,
        seen=cards_by_id(deck, seen, "seen"),
        deck=deck,
        rules=rules,
    )
    return chart(result, "Clash odds")


def tracker_chart(state: MatchState, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The tracker's clash form as filled in (toolkit.odds.charts): the cards the attacker lays
    (boosts and attack card) against a defender whose hand is unknown: as many cards as the
    tracker counts in it, dealt from the deck as it stands (minus the laid cards and the played
    pile); it answers with the card that loses it the fewest points (the odds engine's policy)."""
    from toolkit.games.naturedome.actions import Clash
    from toolkit.games.naturedome.match import player_name

    if str(fields.get("type") or "") != Clash.kind:
        return None
    action = Clash.from_json(fields)
    attacker, defender = action.attacker, action.defender
    for card_id in (*action.boosts, action.attack):
        state.card(card_id)
    held = len(state.hands[defender])
    seen = sorted(card.id for card in state.played)
    result = clash_chart(
        hand=[*action.boosts, action.attack],
        attacker_health=state.health[attacker],
        defender_health=state.health[defender],
        cards=held,
        seen=seen,
        data_dir=state.data_dir,
    )
    name = player_name(defender)
    notes = [
        f"{name}'s {held} card(s) are not known: the odds deal them from the deck as it stands "
        f"(minus your cards and the {len(seen)} played), and {name} answers with the card and "
        "defend or escape that loses the fewest points. The answer chosen above is not used.",
        "The odds may play fewer of your cards when that does as much damage (best play).",
    ]
    return {**result, "main": "damage", "notes": notes}
