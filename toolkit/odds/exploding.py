"""Exploding dice, exactly: no truncation anywhere.

One exploding die ("on a 6, add d6-1; the added die can explode again", the
Dominions DRN) is X = step * K + F: K, the number of explosions, is geometric (each roll explodes
with chance q = 1/sides), F is the last roll, uniform over the faces that do not explode, and
step = explode face - penalty (6 - 1 = 5). For `count` dice, S = step * N + G with N = K1 + ... (a
negative binomial: P(N = n) = C(n + count - 1, count - 1) q^n (1 - q)^count) and G = F1 + ...
independent of N. Everything follows in closed form:

- P(S = s) and P(S >= m) are finite sums over the few values of G (`probability`, `at_least`).
  Because a die never goes down, "at least m" is decided after finitely many rolls; for one d6
  P(X >= m) = P(X >= m - 5) / 6 past the first face.
- "no die exploded" is N = 0 (whether a 6 showed: a fire roll's question), so P(S >= m, no 6)
  is finite too.
- A yes/no test that a higher roll never makes worse and that a high enough roll always passes
  ("2d6 + x vs y") is settled by finding the totals where its answer changes (`classes`).
- E[f(S)] for an f that grows by `growth` every `period` totals from some total on (damage past the
  protection: 1 for 1, slashing 5 for 4, blunt to the head 2 for 1) is a finite sum plus geometric
  series with polynomial terms, summed in closed form (`expectation`).
- A distribution over an unbounded value ends in one bucket "N or more" holding exactly the rest
  (`spread`), so it adds up to exactly 1.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from typing import TypeVar

from toolkit.errors import DomekitError

T = TypeVar("T")

TAIL_AT_MOST = Fraction(1, 10**9)
"""A distribution lists each value until what remains is at most this; the rest is one bucket."""

SEARCH_LIMIT = 2**40
"""The highest total `classes` looks at for a test's best answer before calling the test broken."""


def or_more(value: int) -> str:
    """The tail bucket's key: "N or more"."""
    return f"{value} or more"


@dataclass(frozen=True)
class ExplodingDice:
    """`count` exploding d`sides` added, each exploding on `explode_on` into another die minus
    `penalty` (the DRN: 2, 6, 6, 1)."""

    count: int = 2
    sides: int = 6
    explode_on: int = 6
    penalty: int = 1
    step: int = field(init=False, repr=False, compare=False)
    least: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.count < 1 or self.sides < 2 or not 1 <= self.explode_on <= self.sides:
            raise DomekitError(
                f"exploding dice: {self.count}d{self.sides} exploding on {self.explode_on} "
                "is not a roll (at least 1 die of at least 2 sides, exploding on one of its faces)"
            )
        if self.explode_on - self.penalty < 1:
            raise DomekitError(
                f"exploding dice: an explosion on {self.explode_on} less {self.penalty} would not "
                "add to the roll (the explode face must be above the penalty)"
            )

        # What each explosion adds before the last die: explode face - penalty (5); the lowest
        # total: every die on its lowest face that does not explode.
        object.__setattr__(self, "step", self.explode_on - self.penalty)
        plain = [face for face in range(1, self.sides + 1) if face != self.explode_on]
        object.__setattr__(self, "least", self.count * min(plain))

    def probability(self, total: int) -> Fraction:
        """P(S = total), exactly."""
        if total < self.least:
            return Fraction(0)
        table = _table(self, total)
        if table is None:
            return Fraction(_weight(self, total), self.sides ** (_depth(self, total) + self.count))
        return Fraction(table.weights[total - self.least], table.whole)

    def at_least(self, total: int) -> Fraction:
        """P(S >= total), exactly: for each G = g, P(N >= ceil((total - g) / step)) (from the
        table of the usual totals where it reaches, which holds the same numbers)."""
        if total <= self.least:
            return Fraction(1)
        table = _table(self, total - 1)
        if table is None:
            return _at_least(self, total)
        return Fraction(table.whole - table.below[total - self.least], table.whole)

    def plain_at_least(self, total: int) -> Fraction:
        """P(S >= total and no die exploded)."""
        return _plain_at_least(self, total)

    def mean(self) -> Fraction:
        """E[S] = count * (the mean plain face + step * q / (1 - q))."""
        plain = _plain(self)
        return self.count * (Fraction(sum(plain), len(plain)) + Fraction(self.step, self.sides - 1))

    def classes(self, test: Callable[[int], T], best: T) -> list[tuple[int, T]]:
        """The stretches of totals where `test` gives one answer, as (first total, answer), for a
        test no higher total makes worse and whose answer from some total on is `best`.

        Doubling finds a total giving `best` (exploding dice reach any total, so "2d6 + x vs y"
        always gets there); bisection finds every total where the answer changes below it.
        """
        low = self.least
        high = low
        while (top := test(high)) != best:
            if high > SEARCH_LIMIT:
                raise DomekitError(f"no total up to {high} gives {best!r}: the test never passes")
            high = low + 2 * (high - low) + 1
        answers = {low: test(low), high: top}
        stretches = [(low, high)]
        while stretches:
            start, end = stretches.pop()
            if end - start > 1 and answers[start] != answers[end]:
                middle = (start + end) // 2
                answers[middle] = test(middle)
                stretches += [(start, middle), (middle, end)]
        found: list[tuple[int, T]] = []
        for total in sorted(answers):
            if not found or found[-1][1] != answers[total]:
                found.append((total, answers[total]))
        return found

    def chances(self, test: Callable[[int], T], best: T) -> dict[T, Fraction]:
        """P(answer) for each answer of such a test, exactly."""
        found = self.classes(test, best)
        chances: dict[T, Fraction] = {}
        for (start, answer), after in zip(found, [*found[1:], None], strict=True):
            mass = self.at_least(start) - (self.at_least(after[0]) if after else 0)
            chances[answer] = chances.get(answer, Fraction(0)) + mass
        return chances

    def expectation(
        self, value: Callable[[int], int], start: int, period: int, growth: int
    ) -> Fraction:
        """E[value(S)], exactly, for a `value` with value(s + period) = value(s) + growth for every
        s >= start: the totals below `start` one by one, the rest as geometric series.

        With S = step * N + G, for each g the values along n are h(n) = value(step * n + g) with
        h(n + L) = h(n) + growth * step * L / period, L = period / gcd(period, step); each residue
        of n mod L is a series sum_j (h0 + d j) C(a + L j + count - 1, count - 1) x^j, x = q^L.
        """
        if period < 1:
            raise DomekitError(f"expectation: the period must be at least 1, not {period}")
        start = max(start, self.least)
        listed = Fraction(0)
        if start > self.least:
            table = _table(self, start - 1)
            if table is None:
                listed = sum(
                    (value(total) * self.probability(total) for total in range(self.least, start)),
                    Fraction(0),
                )
            else:
                low = self.least
                weights = table.weights
                numerator = sum(value(t) * weights[t - low] for t in range(low, start))
                listed = Fraction(numerator, table.whole)
        step, count = self.step, self.count
        turn = period // math.gcd(period, step)
        rise = growth * (step * turn // period)
        x = Fraction(1, self.sides**turn)
        sums = _power_sums(x, count)
        rest = Fraction(0)
        factorial = math.factorial(count - 1)
        for g, ways in _plain_sums(self).items():
            first = max(0, -((g - start) // step))  # the least n with step * n + g >= start
            for offset in range(turn):
                a = first + offset
                # C(a + L j + count - 1, count - 1) * (count - 1)! as an integer polynomial in
                # j, times (h0 + rise j); lowest power first.
                poly = [1]
                for i in range(1, count):
                    poly = _times(poly, [a + i, turn])
                poly = _times(poly, [value(step * a + g), rise])
                series = sum((c * sums[k] for k, c in enumerate(poly) if c), Fraction(0))
                rest += series * Fraction(ways, factorial * self.sides ** (a + count))
        return listed + rest

    def spread(
        self, parts: Sequence[tuple[Fraction, Callable[[int], int] | int]]
    ) -> dict[int | str, Fraction]:
        """The distribution of a value over a mixture: each part has a weight and either a
        constant or a function of the total that a higher total never makes smaller and that
        grows without end. Values are listed until what remains is at most TAIL_AT_MOST; the
        rest is one bucket "N or more" (N the least value it holds), so the whole adds up to
        exactly the parts' weight."""
        cut = _cut(self)
        result: dict[int, Fraction] = {}
        growing = [(weight, part) for weight, part in parts if weight and callable(part)]
        for weight, part in parts:
            if weight and not callable(part):
                result[part] = result.get(part, Fraction(0)) + weight
        if not growing:
            return dict(sorted(result.items()))
        tail_from = max(part(cut) for _, part in growing)
        # Each part's weight as an integer over one common denominator, each total's weight as
        # an integer over the table's whole: one fraction per value at the end.
        scale = math.lcm(*(weight.denominator for weight, _ in growing))
        whole = _usual(self).whole
        counted: dict[int, int] = {}
        tail = Fraction(0)
        for weight, part in growing:
            share = weight.numerator * (scale // weight.denominator)
            total = self.least
            while (shown := part(total)) < tail_from:
                table = _table(self, total)
                if table is None:  # past the usual totals (a part listed far): one by one
                    found = weight * self.probability(total)
                    result[shown] = result.get(shown, Fraction(0)) + found
                else:
                    numerator = share * table.weights[total - self.least]
                    counted[shown] = counted.get(shown, 0) + numerator
                total += 1
            tail += weight * self.at_least(total)
        for shown, numerator in counted.items():
            result[shown] = result.get(shown, Fraction(0)) + Fraction(numerator, scale * whole)
        ordered: dict[int | str, Fraction] = dict(sorted(result.items()))
        ordered[or_more(tail_from)] = tail
        return ordered


def _times(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials given by their coefficients, lowest power first."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


@lru_cache(maxsize=64)
def _power_sums(x: Fraction, count: int) -> list[Fraction]:
    """sum_{j >= 0} j^k x^j for k = 0 .. count, by (1 - x) S_k = x sum_{i < k} C(k, i) S_i."""
    sums = [1 / (1 - x)]
    for k in range(1, count + 1):
        sums.append(x * sum(math.comb(k, i) * sums[i] for i in range(k)) / (1 - x))
    return sums


@cache
def _plain(dice: ExplodingDice) -> tuple[int, ...]:
    return tuple(face for face in range(1, dice.sides + 1) if face != dice.explode_on)


@cache
def _plain_sums(dice: ExplodingDice) -> dict[int, int]:
    """G's counts: the sums of the last faces, over (sides - 1)^count equally likely tuples."""
    return dict(Counter(sum(faces) for faces in product(_plain(dice), repeat=dice.count)))


def _depth(dice: ExplodingDice, total: int) -> int:
    """The most explosions a total can hold: its probability's denominator is sides^(this +
    count)."""
    return max(0, (total - dice.least) // dice.step)


@lru_cache(maxsize=4096)
def _weight(dice: ExplodingDice, total: int) -> int:
    """P(S = total) * sides^(depth + count): sum over g of C(n + count - 1, count - 1) * ways(g)
    * sides^(depth - n), n = (total - g) / step explosions."""
    depth = _depth(dice, total)
    weight = 0
    for g, ways in _plain_sums(dice).items():
        n, left = divmod(total - g, dice.step)
        if left == 0 and n >= 0:
            weight += (
                math.comb(n + dice.count - 1, dice.count - 1) * ways * dice.sides ** (depth - n)
            )
    return weight


def _at_least_explosions(dice: ExplodingDice, n: int) -> Fraction:
    """P(N >= n): of the first n + count - 1 rolls that end or go on, fewer than count ended."""
    if n <= 0:
        return Fraction(1)
    rolls = n + dice.count - 1
    ways = sum(math.comb(rolls, ended) * (dice.sides - 1) ** ended for ended in range(dice.count))
    return Fraction(ways, dice.sides**rolls)


@lru_cache(maxsize=4096)
def _at_least(dice: ExplodingDice, total: int) -> Fraction:
    plain = _plain_sums(dice)
    spread = (dice.sides - 1) ** dice.count
    found = Fraction(0)
    for g, ways in plain.items():
        found += ways * _at_least_explosions(dice, -((g - total) // dice.step))
    return found * Fraction(1, spread)


@lru_cache(maxsize=4096)
def _plain_at_least(dice: ExplodingDice, total: int) -> Fraction:
    ways = sum(count for g, count in _plain_sums(dice).items() if g >= total)
    return Fraction(ways, dice.sides**dice.count)  # no die exploded: each face 1/sides


TABLE_TOTALS = 96
"""The usual totals, least to least + 95, whose weights are kept as integers over one whole."""


@dataclass(frozen=True)
class _Table:
    """P(S = s) for the usual totals as integers over one `whole` (sides^K), and the weight of
    all totals below each (`below[i]`: of totals least .. least + i - 1)."""

    whole: int
    weights: list[int]
    below: list[int]


@cache
def _usual(dice: ExplodingDice) -> _Table:
    """One die's values, each k * step + a plain face with weight sides^-(k + 1), as integers
    over sides^(most + 1); the dice's sum by `convolve`, each one at a time. Every die value a
    usual total can hold is in the one die's list, so the usual totals are exact."""
    from toolkit.dice import convolve

    low = min(_plain(dice))
    span = TABLE_TOTALS  # one die's values low .. low + span - 1 (the others at least low)
    most = (span - 1) // dice.step + 1  # explosions a listed value can hold, and one more
    one = [0] * span
    for k in range(most + 1):
        for face in _plain(dice):
            value = k * dice.step + face
            if low <= value < low + span:
                one[value - low] += dice.sides ** (most - k)
    weights = one
    for _ in range(dice.count - 1):
        weights = convolve(weights, one)[:span]
    whole = dice.sides ** ((most + 1) * dice.count)
    weights = weights[:TABLE_TOTALS]
    below = [0]
    for weight in weights:
        below.append(below[-1] + weight)
    return _Table(whole, weights, below)


def _table(dice: ExplodingDice, total: int) -> _Table | None:
    """The table if it holds `total` (any total below the least counts as held), else None."""
    return _usual(dice) if total < dice.least + TABLE_TOTALS else None


@cache
def _cut(dice: ExplodingDice) -> int:
    """The least total with P(S >= total) <= TAIL_AT_MOST: where distributions stop listing."""
    total = dice.least
    while dice.at_least(total) > TAIL_AT_MOST:
        total += 1
    return total


@lru_cache(maxsize=8)
def exploding_dice(
    count: int = 2, sides: int = 6, explode_on: int = 6, penalty: int = 1
) -> ExplodingDice:
    """The exploding dice (one value per configuration, so its tables are kept)."""
    return ExplodingDice(count, sides, explode_on, penalty)


DRN = ExplodingDice()
"""An open-ended 2d6, the Dominions DRN: two d6 exploding on 6 into d6 - 1."""
