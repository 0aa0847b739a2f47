"""Exact distributions for the games' dice and decks: the odds engine's core.

A `Dist` is an immutable value: outcomes with positive integer weights over an integer `total`
(icepool's style). Probabilities are `fractions.Fraction`s; floats appear only when printing.
Every operation (`map`, `+`, `-`, comparisons, `bind`) returns a new `Dist` through one code path.

A `Dist` may carry *truncated mass*: `total` larger than the sum of its weights. Only the
exploding dice make any; it is the exact probability of the rolls a finite table cannot list, so
every listed probability is exact and the unlisted remainder is known exactly (`missing`).

Exploding d6 (the Dominions DRN): a 6 adds d6 - 1, and that die may explode again. One die
is followed for `EXPLODE_ROLLS` = 13 rolls; the mass left out is the chance that the 13th roll is a
6 too, 6**-13 per die. For the exploding 2d6 that is 1 - (1 - 6**-13)**2 = 1.5314e-10
(`TRUNCATED_MASS_2D6`), below 1e-9 even when a query combines up to six exploding 2d6 rolls. Every
sum up to 5 * 13 + 1 = 66 is listed with its exact probability.
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache, reduce
from itertools import accumulate, product
from typing import Any, Generic, TypeVar

from toolkit.errors import DomekitError

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

EXPLODE_ROLLS = 13
"""How many rolls of one exploding d6 are followed before the rest is left out as truncated mass."""


def sort_key(outcome: Any) -> tuple[int, Any]:
    """Numbers first in numeric order, then everything else by its text (e.g. 'Critical')."""
    if isinstance(outcome, bool):
        return (0, int(outcome))
    if isinstance(outcome, (int, float, Fraction)):
        return (0, outcome)
    if isinstance(outcome, tuple):
        return (2, tuple(sort_key(item) for item in outcome))
    return (1, str(outcome))


def _negated(outcome: Any) -> Any:
    return -outcome


class Dist(Generic[T]):
    """An exact distribution: outcome -> integer weight, out of an integer total."""

    __slots__ = ("_weights", "_total", "_order", "_running")

    def __init__(self, weights: Mapping[T, int], total: int | None = None) -> None:
        cleaned = {outcome: int(weight) for outcome, weight in weights.items() if weight}
        if any(weight < 0 for weight in cleaned.values()):
            raise ValueError("weights must not be negative")
        listed = sum(cleaned.values())
        if total is None:
            total = listed
        if total <= 0 or total < listed:
            raise ValueError(f"total {total} must be positive and at least the weights' sum")
        divisor = reduce(math.gcd, cleaned.values(), total)
        if divisor > 1:
            cleaned = {outcome: weight // divisor for outcome, weight in cleaned.items()}
            total //= divisor
        self._weights: dict[T, int] = cleaned  # in no particular order; readers sort
        self._total = total
        self._order: list[tuple[T, int]] | None = None
        self._running: tuple[list[T], list[int]] | None = None

    @classmethod
    def _trusted(cls, weights: dict[T, int], total: int) -> Dist[T]:
        """The one fast path for results built here: positive int weights summing to <= total."""
        dist = cls.__new__(cls)
        divisor = reduce(math.gcd, weights.values(), total)
        if divisor > 1:
            weights = {outcome: weight // divisor for outcome, weight in weights.items()}
            total //= divisor
        dist._weights, dist._total, dist._order, dist._running = weights, total, None, None
        return dist

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def always(cls, outcome: T) -> Dist[T]:
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each listed outcome equally likely (a repeated outcome counts more)."""
        counts = Counter(outcomes)
        if not counts:
            raise ValueError("a uniform distribution needs at least one outcome")
        return cls(counts)

    @classmethod
    def mix(cls, parts: Iterable[tuple[Dist[T], int]], *, missing: int = 0) -> Dist[T]:
        """A weighted mixture: pick a part with probability proportional to its weight.

        `missing` is weight that leads to no listed outcome (truncated mass carried over).
        """
        parts = [(part, weight) for part, weight in parts if weight]
        if missing < 0 or any(weight < 0 for _, weight in parts):
            raise ValueError("mixture weights must not be negative")
        common = math.lcm(*(part._total for part, _ in parts)) if parts else 1
        weights: dict[T, int] = {}
        total = missing * common
        for part, weight in parts:
            scale = weight * (common // part._total)
            total += weight * common
            for outcome, inner in part._weights.items():
                weights[outcome] = weights.get(outcome, 0) + inner * scale
        if total <= 0:
            raise ValueError("a mixture needs some positive weight")
        return cls._trusted(weights, total)

    # -- reading --------------------------------------------------------------------------------

    @property
    def total(self) -> int:
        return self._total

    @property
    def missing(self) -> Fraction:
        """The exact probability left out by truncation (0 except for exploding dice)."""
        return Fraction(self._total - sum(self._weights.values()), self._total)

    def _sorted(self) -> list[tuple[T, int]]:
        if self._order is None:
            try:  # outcomes of one comparable kind (the usual case) sort as they are
                self._order = sorted(self._weights.items(), key=lambda kv: kv[0])  # type: ignore[arg-type, return-value]
            except TypeError:
                self._order = sorted(self._weights.items(), key=lambda kv: sort_key(kv[0]))
        return self._order

    def outcomes(self) -> list[T]:
        return [outcome for outcome, _ in self._sorted()]

    def running(self) -> tuple[list[T], list[int]]:
        """The sorted outcomes, and the weight of all outcomes before each: `running[i]` is the
        weight of `outcomes[:i]` (one more entry than outcomes). Kept, like the order."""
        if self._running is None:
            order = self._sorted()
            self._running = (
                [outcome for outcome, _ in order],
                [0, *accumulate(weight for _, weight in order)],
            )
        return self._running

    def weights(self) -> dict[T, int]:
        return dict(self._sorted())

    def probability(self, outcome: T) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def probabilities(self) -> dict[T, Fraction]:
        return {outcome: Fraction(weight, self._total) for outcome, weight in self._sorted()}

    def p(self, predicate: Callable[[T], bool] | None = None) -> Fraction:
        """P(predicate(outcome)); without a predicate, P(outcome is truthy)."""
        test: Callable[[T], object] = predicate if predicate is not None else bool
        hits: int = sum(weight for outcome, weight in self._weights.items() if test(outcome))
        return Fraction(hits, self._total)

    def mean(self) -> Fraction:
        """The mean over the listed outcomes (truncated mass counts as absent)."""
        listed = sum(self._weights.values())
        weights: list[tuple[Any, int]] = list(self._weights.items())
        return Fraction(sum(outcome * weight for outcome, weight in weights), listed)

    def __iter__(self) -> Iterator[tuple[T, Fraction]]:
        return iter(self.probabilities().items())

    def __len__(self) -> int:
        return len(self._weights)

    # -- transforms -----------------------------------------------------------------------------

    def map(self, function: Callable[[T], U]) -> Dist[U]:
        """Apply `function` to every outcome; outcomes that map together add their weights."""
        weights: dict[U, int] = {}
        for outcome, weight in self._weights.items():
            key = function(outcome)
            weights[key] = weights.get(key, 0) + weight
        return Dist._trusted(weights, self._total)

    def trimmed(self, budget: Fraction) -> Dist[T]:
        """The same distribution with its largest outcomes left out, as many as fit while the
        whole truncated mass (`missing`) stays within `budget`: what is left is listed exactly,
        what is left out is known exactly. Outcomes compare as `outcomes()` sorts them."""
        # In weight: floor(budget * total) less what is already missing (weights are integers).
        allowed = budget.numerator * self._total // budget.denominator
        allowed -= self._total - sum(self._weights.values())
        kept = dict(self._sorted())
        for outcome, weight in reversed(self._sorted()):
            if weight > allowed or len(kept) == 1:
                break
            allowed -= weight
            del kept[outcome]
        return Dist._trusted(kept, self._total)

    def bind(self, function: Callable[[T], Dist[U]]) -> Dist[U]:
        """Follow each outcome with the distribution `function(outcome)` (a two-stage event)."""
        listed = self._weights.items()
        unlisted = self._total - sum(self._weights.values())
        return Dist.mix(
            ((function(outcome), weight) for outcome, weight in listed), missing=unlisted
        )

    def combine(self, other: Dist[U], function: Callable[[T, U], Any]) -> Dist[Any]:
        """The distribution of `function(a, b)` for independent a from self and b from other."""
        weights: dict[Any, int] = {}
        for (a, wa), (b, wb) in product(self._weights.items(), other._weights.items()):
            key = function(a, b)
            weights[key] = weights.get(key, 0) + wa * wb
        return Dist._trusted(weights, self._total * other._total)

    def _lift(self, other: Dist[Any] | Any) -> Dist[Any]:
        return other if isinstance(other, Dist) else Dist.always(other)

    def __add__(self, other: Dist[Any] | Any) -> Dist[Any]:
        other = self._lift(other)
        if len(other) == 1 and other.missing == 0:
            (shift,) = other._weights
            return self.map(lambda outcome: outcome + shift)
        packed = _packed_sum(self, other)
        if packed is not None:
            return packed
        return self.combine(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other: Dist[Any] | Any) -> Dist[Any]:
        return self + self._lift(other).map(_negated)

    def __rsub__(self, other: Any) -> Dist[Any]:
        difference: Dist[Any] = self.map(_negated) + other
        return difference

    def __neg__(self) -> Dist[Any]:
        return self.map(_negated)

    # Comparisons give the distribution of the yes/no answer, as icepool's do; `==` stays
    # value equality so distributions can be compared in tests.
    def _compare(self, other: Dist[Any] | Any, test: Callable[[Any, Any], bool]) -> Dist[bool]:
        if isinstance(other, Dist):
            return self.combine(other, test)
        return self.map(lambda outcome: test(outcome, other))

    def __ge__(self, other: Dist[Any] | Any) -> Dist[bool]:
        return self._compare(other, operator.ge)

    def __gt__(self, other: Dist[Any] | Any) -> Dist[bool]:
        return self._compare(other, operator.gt)

    def __le__(self, other: Dist[Any] | Any) -> Dist[bool]:
        return self._compare(other, operator.le)

    def __lt__(self, other: Dist[Any] | Any) -> Dist[bool]:
        return self._compare(other, operator.lt)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Dist)
            and self._weights == other._weights
            and self._total == other._total
        )

    def __hash__(self) -> int:
        return hash((frozenset(self._weights.items()), self._total))

    def __repr__(self) -> str:
        body = ", ".join(f"{outcome!r}: {weight}" for outcome, weight in self._sorted())
        return f"Dist({{{body}}}, total={self._total})"


def _packed_sum(a: Dist[Any], b: Dist[Any]) -> Dist[int] | None:
    """a + b for dense integer outcomes by one big-integer product (Kronecker substitution).

    Each distribution becomes one integer whose `width`-bit slots hold the weights of successive
    outcomes; multiplying the two integers convolves the weights exactly (Python's big-integer
    product runs in C), and each slot of the product is the weight of one sum. The slots are wide
    enough that no sum's weight can spill into the next. None when the outcomes are not integers
    or too sparse for the packing to pay.
    """
    if not all(type(o) is int for o in a._weights) or not all(type(o) is int for o in b._weights):
        return None
    low_a, high_a = min(a._weights), max(a._weights)
    low_b, high_b = min(b._weights), max(b._weights)
    span_a, span_b = high_a - low_a + 1, high_b - low_b + 1
    if span_a > 4 * len(a._weights) + 16 or span_b > 4 * len(b._weights) + 16:
        return None
    largest = max(a._weights.values()) * max(b._weights.values()) * min(span_a, span_b)
    size = (largest.bit_length() + 8) // 8  # bytes per slot

    def pack(weights: dict[int, int], low: int, span: int) -> int:
        buffer = bytearray(size * span)
        for outcome, weight in weights.items():
            at = (outcome - low) * size
            buffer[at : at + size] = weight.to_bytes(size, "little")
        return int.from_bytes(buffer, "little")

    product = pack(a._weights, low_a, span_a) * pack(b._weights, low_b, span_b)
    data = product.to_bytes(size * (span_a + span_b - 1), "little")
    low = low_a + low_b
    weights = {}
    for index in range(span_a + span_b - 1):
        weight = int.from_bytes(data[index * size : (index + 1) * size], "little")
        if weight:
            weights[low + index] = weight
    return Dist._trusted(weights, a._total * b._total)


def die(sides: int) -> Dist[int]:
    """A plain d`sides`: 1 to `sides`, equally likely."""
    if sides < 1:
        raise DomekitError(f"a die needs at least 1 side, not {sides}")
    return Dist.uniform(range(1, sides + 1))


@lru_cache(maxsize=32)
def exploding_die(
    sides: int = 6, explode_on: int = 6, penalty: int = 1, rolls: int = EXPLODE_ROLLS
) -> Dist[tuple[int, bool]]:
    """One exploding die as (value, exploded): on `explode_on` it adds another such die minus
    `penalty`, which may explode again. The DRN: a d6, exploding on 6, adding d6 - 1.

    Followed for `rolls` rolls; the last roll's `explode_on` face (sides**-rolls) is left out as
    truncated mass. `exploded` says whether the face `explode_on` showed, which fire
    damage needs ("the damage roll contained a 6").
    """
    if rolls < 1:
        raise DomekitError(f"an exploding die needs at least 1 roll, not {rolls}")
    if not 1 <= explode_on <= sides:
        raise DomekitError(f"a d{sides} cannot explode on {explode_on}")
    plain = [face for face in range(1, sides + 1) if face != explode_on]
    step = explode_on - penalty
    # After k explosions a plain face f counts k * (explode_on - penalty) + f, with weight
    # sides**(rolls - 1 - k) out of sides**rolls.
    weights: Counter[tuple[int, bool]] = Counter()
    for k in range(rolls):
        for face in plain:
            weights[(k * step + face, k > 0)] += sides ** (rolls - 1 - k)
    return Dist(weights, sides**rolls)


@lru_cache(maxsize=32)
def exploding_dice(
    count: int = 2,
    sides: int = 6,
    explode_on: int = 6,
    penalty: int = 1,
    rolls: int = EXPLODE_ROLLS,
    *,
    track: bool = False,
) -> Dist[Any]:
    """`count` exploding dice added: totals, or with `track` (total, whether any die exploded)."""
    one = exploding_die(sides, explode_on, penalty, rolls)
    if not track:
        one_total: Dist[Any] = one.map(lambda roll: roll[0])
        result = one_total
        for _ in range(count - 1):
            result = result + one_total
        return result
    result = one
    for _ in range(count - 1):
        result = result.combine(one, lambda a, b: (a[0] + b[0], a[1] or b[1]))
    return result


def exploding_d6(rolls: int = EXPLODE_ROLLS) -> Dist[int]:
    """One exploding d6: a 6 adds d6 - 1 and that die may explode again."""
    return exploding_dice(1, rolls=rolls)


def exploding_2d6(rolls: int = EXPLODE_ROLLS) -> Dist[int]:
    """Two exploding d6s added: an open-ended "2d6", the Dominions DRN."""
    return exploding_dice(2, rolls=rolls)


TRUNCATED_MASS_2D6 = exploding_2d6().missing
"""Exactly 1 - (1 - 6**-13)**2, about 1.53e-10: what the exploding 2d6 table leaves out."""


class Deck:
    """A deck as it stands: a multiset of cards, drawn from without replacement."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[T] | Mapping[T, int]) -> None:
        counts = Counter(cards) if not isinstance(cards, Mapping) else Counter(dict(cards))
        self._cards: Counter[Any] = Counter({card: n for card, n in counts.items() if n > 0})

    @property
    def size(self) -> int:
        return sum(self._cards.values())

    def counts(self) -> dict[Any, int]:
        return dict(sorted(self._cards.items(), key=lambda kv: sort_key(kv[0])))

    def cards(self) -> list[Any]:
        return sorted(self._cards.elements(), key=sort_key)

    def without(self, cards: Iterable[Any], *, what: str = "card") -> Deck:
        """The deck with these cards taken out; a card the deck does not hold is an error."""
        left = Counter(self._cards)
        for card in cards:
            if left[card] <= 0:
                raise DomekitError(
                    f"{what} {card!r} is not in the deck as it stands ({self._describe(left)})"
                )
            left[card] -= 1
        return Deck(left)

    @staticmethod
    def _describe(counts: Counter[Any]) -> str:
        cards = sorted(counts.elements(), key=sort_key)
        return ", ".join(str(card) for card in cards) or "empty"

    def draw(self) -> Dist[Any]:
        """The top card."""
        if not self._cards:
            raise DomekitError("cannot draw: the deck is empty")
        return Dist(self._cards)

    def draw_hand(self, count: int) -> Dist[tuple[Any, ...]]:
        """`count` cards at once, as a sorted tuple (the order does not matter)."""
        return _draw_hand(tuple(sorted(self._cards.items(), key=lambda kv: sort_key(kv[0]))), count)

    def draw_sequence(self, count: int) -> Dist[tuple[Any, ...]]:
        """`count` cards off the top, in the order drawn."""
        if count > self.size:
            raise DomekitError(f"cannot draw {count} cards: the deck holds {self.size}")
        if count == 0:
            return Dist.always(())

        def after(card: Any) -> Dist[tuple[Any, ...]]:
            rest = self.without([card]).draw_sequence(count - 1)
            return rest.map(lambda cards: (card, *cards))

        return self.draw().bind(after)

    def __repr__(self) -> str:
        return f"Deck({self.cards()!r})"


@lru_cache(maxsize=1024)
def _draw_hand(counts: tuple[tuple[Any, int], ...], count: int) -> Dist[tuple[Any, ...]]:
    size = sum(n for _, n in counts)
    if count < 0 or count > size:
        raise DomekitError(f"cannot draw {count} cards: the deck holds {size}")
    # Multivariate hypergeometric: weight = product of C(copies, taken) over C(size, count).
    weights: dict[tuple[Any, ...], int] = {}

    def walk(index: int, left: int, taken: tuple[Any, ...], weight: int) -> None:
        if left == 0:
            weights[taken] = weight
            return
        if index == len(counts):
            return
        card, copies = counts[index]
        for k in range(min(copies, left) + 1):
            walk(index + 1, left - k, taken + (card,) * k, weight * math.comb(copies, k))

    walk(0, count, (), 1)
    return Dist(weights, math.comb(size, count))


def distribution_rows(dist: Dist[Any]) -> list[dict[str, Any]]:
    """Outcome, exact probability and float for printing."""
    return [{"outcome": o, "probability": p} for o, p in dist.probabilities().items()]
