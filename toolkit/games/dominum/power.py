"""The Power Deck (rules/dominum.txt, "The Power Deck"): draw, reserve board, reset, cycling.

A `PowerDeck` is a value: every operation returns a new deck. Shuffles come in from outside,
as a `random.Random` the caller owns, or as the cards the table revealed: a sequence of cards that
is the top of the new order (a whole order, or only the cards that were turned up; the rest of
the deck then keeps a canonical order, which a player at the table cannot see anyway).

Drawing from the deck takes the top card, or the card the table revealed (`revealed=`), which
must still be in the deck. Used cards go to the used pile; when all the deck's cards are there,
`needs_cycle` is true and nothing can be drawn until `cycle` runs ("suspend play").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.config import DominumRules

CRITICAL: Literal["critical"] = "critical"
PowerCard = int | Literal["critical"]
Shuffle = random.Random | Sequence[PowerCard]


def parse_power(text: str, *, rules: DominumRules, what: str = "power card") -> PowerCard:
    """'1'..'4' or 'critical' (any case) as a power card; anything else is a clear error."""
    cleaned = text.strip().lower()
    if cleaned == CRITICAL and rules.power_deck.criticals > 0:
        return CRITICAL
    numbered = sorted(rules.power_deck.numbered)
    allowed = f"{numbered[0]} to {numbered[-1]} or critical"
    try:
        value = int(cleaned)
    except ValueError:
        raise DomekitError(f"{what} must be {allowed}, got {text!r}") from None
    if value not in rules.power_deck.numbered:
        raise DomekitError(f"{what} must be {allowed}, got {text!r}")
    return value


def check_power(card: object, *, rules: DominumRules, what: str = "power card") -> PowerCard:
    """A power card given as a value (not text): a numbered value of the deck or CRITICAL."""
    if card == CRITICAL and rules.power_deck.criticals > 0:
        return CRITICAL
    if isinstance(card, int) and not isinstance(card, bool) and card in rules.power_deck.numbered:
        return card
    raise DomekitError(f"{what} must be a value of the Power Deck or critical, got {card!r}")


def card_value(card: PowerCard, *, rules: DominumRules) -> int:
    """A card's number where the Critical counts as a number (assaults, the first-player draw)."""
    return rules.power_deck.critical_counts_as if card == CRITICAL else int(card)


def card_text(card: PowerCard) -> str:
    """A power card as the rule lines name it: `3`, `Critical`."""
    return "Critical" if card == CRITICAL else str(card)


def card_order(card: PowerCard) -> tuple[int, int]:
    """The numbered cards low to high, then the Critical."""
    return (1, 0) if card == CRITICAL else (0, int(card))


def card_json(card: PowerCard) -> str:
    """A power card as the forms, the pages and the JSON forms write it: `3`, `critical`."""
    return CRITICAL if card == CRITICAL else str(card)


def full_deck(rules: DominumRules) -> tuple[PowerCard, ...]:
    """The nine cards in canonical order: the numbered cards low to high, then the Critical."""
    return (*sorted(rules.power_deck.values), *[CRITICAL] * rules.power_deck.criticals)


def _canonical(cards: Iterable[PowerCard]) -> tuple[PowerCard, ...]:
    cards = list(cards)
    numbered = sorted(card for card in cards if card != CRITICAL)
    return (*numbered, *[CRITICAL] * (len(cards) - len(numbered)))


def _remove(
    cards: tuple[PowerCard, ...], card: PowerCard, rule: str, where: str
) -> tuple[PowerCard, ...]:
    if card not in cards:
        held = ", ".join(card_text(c) for c in cards) or "nothing"
        raise RuleError(rule, f"no {card_text(card)} in the {where} (it holds {held})")
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def arrange(cards: Sequence[PowerCard], shuffle: Shuffle) -> tuple[PowerCard, ...]:
    """The cards in their new order: shuffled by the generator, or the revealed top first."""
    if isinstance(shuffle, random.Random):
        order = list(cards)
        shuffle.shuffle(order)
        return tuple(order)
    top = tuple(shuffle)
    missing = Counter(top) - Counter(cards)
    if missing:
        extra = ", ".join(card_text(card) for card in missing.elements())
        raise RuleError(
            "Power Deck", f"the revealed order names {extra}, not among the cards shuffled"
        )
    rest = Counter(cards) - Counter(top)
    return top + _canonical(rest.elements())


@dataclass(frozen=True)
class PowerDeck:
    """One player's power cards: the face-down deck (top first), reserve board, used pile."""

    deck: tuple[PowerCard, ...]
    reserve: tuple[PowerCard, ...]
    used: tuple[PowerCard, ...]
    counters_left: tuple[int, ...]
    rules: DominumRules

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def fresh(cls, rules: DominumRules) -> PowerDeck:
        """All cards in the deck, none on the reserve board, every cycle counter in hand."""
        return cls(full_deck(rules), (), (), tuple(rules.power_deck.cycle_counters), rules)

    @classmethod
    def dealt(cls, rules: DominumRules, shuffle: Shuffle) -> PowerDeck:
        """A fresh deck after the opening reset ("Determine the First Player")."""
        return cls.fresh(rules).reset(shuffle)

    # -- looking ----------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rules.power_deck.size

    @property
    def needs_cycle(self) -> bool:
        """Every card is in the used pile: play stops until the deck cycles."""
        return len(self.used) == self.size

    @property
    def next_draw_cycles(self) -> bool:
        """The next draw uses the last card, so the deck cycles after it ("Cycling")."""
        return len(self.used) + 1 >= self.size

    @property
    def cycles_done(self) -> int:
        return len(self.rules.power_deck.cycle_counters) - len(self.counters_left)

    def can_draw(self) -> bool:
        return bool(self.deck or self.reserve)

    # -- operations -------------------------------------------------------------------------
    def reset(self, shuffle: Shuffle) -> PowerDeck:
        """Reset: gather all nine, shuffle, top two face up on the reserve board.

        A reset does not use a cycle counter.
        """
        order = arrange(self.deck + self.reserve + self.used, shuffle)
        keep = self.rules.power_deck.reset_to_reserve
        return replace(self, deck=order[keep:], reserve=order[:keep], used=())

    def draw(self, revealed: PowerCard | None = None) -> tuple[PowerDeck, PowerCard]:
        """Draw Power from the deck: the top card, or the card the table turned up.

        The card goes to the used pile.
        """
        self._check_not_waiting()
        if not self.deck:
            rule = "Draw Power"
            if self.reserve:
                raise RuleError(rule, "the Power Deck is empty; use a reserve power card")
            raise RuleError(rule, "no power card left to draw")
        if revealed is None:
            card, deck = self.deck[0], self.deck[1:]
        else:
            card, deck = revealed, _remove(self.deck, revealed, "Draw Power", "Power Deck")
        return replace(self, deck=deck, used=self.used + (card,)), card

    def use_reserve(self, card: PowerCard) -> PowerDeck:
        """Draw Power from the reserve board instead: that card goes to the used pile."""
        self._check_not_waiting()
        reserve = _remove(self.reserve, card, "Draw Power", "reserve board")
        return replace(self, reserve=reserve, used=self.used + (card,))

    def draw_power(self, source: PowerSource) -> tuple[PowerDeck, PowerCard]:
        """Draw Power from where the player chose (top of the deck or a reserve card)."""
        if source.source == "reserve":
            if source.card is None:
                raise RuleError("Draw Power", "name the reserve power card used")
            return self.use_reserve(source.card), source.card
        return self.draw(source.card)

    def reserve_power(
        self, *, discard: PowerCard | None = None, revealed: PowerCard | None = None
    ) -> PowerDeck:
        """Reserve Phase: the top card of the deck goes face up on the reserve board.

        With the reserve board full, one reserve card must be discarded first (to the used pile).
        Drawing the deck's last card this way does not cycle: only a full used pile does.
        """
        self._check_not_waiting()
        rule = "Reserve Phase"
        deck = self
        full = len(self.reserve) >= self.rules.power_deck.reserve_limit
        if full and discard is None:
            raise RuleError(
                rule,
                f"the reserve board already holds {len(self.reserve)}: discard one first",
            )
        if not full and discard is not None:
            raise RuleError(rule, "discard only when the reserve board is full")
        if not self.deck:
            raise RuleError(rule, "the Power Deck is empty: nothing to reserve")
        if discard is not None:
            deck = deck.use_reserve(discard)
        if revealed is None:
            card, rest = deck.deck[0], deck.deck[1:]
        else:
            card, rest = revealed, _remove(deck.deck, revealed, rule, "Power Deck")
        return replace(deck, deck=rest, reserve=deck.reserve + (card,))

    def cycle(self, counter: int | None, shuffle: Shuffle) -> PowerDeck:
        """Cycling: set a counter aside, its card to the reserve board, shuffle the other eight,
        draw the top one to the reserve board; 7 stay in the deck.

        With no counter left (ruling, see docs/rulings/dominum.md) the deck resets instead.
        """
        rule = "Cycling"
        if not self.needs_cycle:
            raise RuleError(
                rule,
                f"a deck cycles only when all {self.size} cards are used ({len(self.used)} are)",
            )
        if not self.counters_left:
            if counter is not None:
                raise RuleError(rule, "no cycle counter left to set aside")
            return self.reset(shuffle)
        if counter is None or counter not in self.counters_left:
            left = ", ".join(str(c) for c in self.counters_left)
            raise RuleError(rule, f"choose one of the cycle counters left: {left}")
        rest = _remove(self.used, counter, rule, "used pile")
        order = arrange(rest, shuffle)
        draws = self.rules.power_deck.cycle_draws_to_reserve
        counters = _remove_int(self.counters_left, counter)
        return replace(
            self,
            deck=order[draws:],
            reserve=(counter, *order[:draws]),
            used=(),
            counters_left=counters,
        )

    def _check_not_waiting(self) -> None:
        if self.needs_cycle:
            raise RuleError("Cycling", "all power cards are used: cycle the deck first")


def _remove_int(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    index = values.index(value)
    return values[:index] + values[index + 1 :]


@dataclass(frozen=True)
class PowerSource:
    """Where a Draw Power comes from: the deck (its top card, or the card the table turned up)
    or a reserve card."""

    source: Literal["deck", "reserve"] = "deck"
    card: PowerCard | None = None

    def to_json(self) -> str:
        """As the forms and the JSON forms write it: `deck`, `deck:3`, `reserve:critical`."""
        return self.source if self.card is None else f"{self.source}:{card_json(self.card)}"

    def text(self) -> str:
        """As an action's text form writes it: the card turned up from the deck (`3`,
        `critical`), `deck` when the engine's deck names it, a reserve card as `reserve:3`."""
        if self.source == "deck" and self.card is not None:
            return card_json(self.card)
        return self.to_json()
