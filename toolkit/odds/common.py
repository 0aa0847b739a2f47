"""Shared shapes of the odds results: distributions as {value: Fraction}, JSON-ready dicts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from toolkit.dice import Dist


def distribution(dist: Dist[Any], key: Callable[[Any], Any] | None = None) -> dict[Any, Fraction]:
    """{outcome: probability}, optionally with the outcomes renamed by `key` (merging equals)."""
    if key is not None:
        dist = dist.map(key)
    return dist.probabilities()


def json_ready(result: Mapping[str, Any]) -> dict[str, Any]:
    """Fractions become {"fraction": "a/b", "float": x}; keys become strings (for the tracker)."""
    from toolkit.output import to_jsonable

    return to_jsonable(result)


def expected(dist: Dist[Any]) -> Fraction:
    return dist.mean()


def monotone_test(rolls: Dist[int], passes: Callable[[int], bool]) -> Dist[bool]:
    """P(pass) for a test that a higher roll never makes worse, with O(log n) engine calls.

    Binary search for the lowest passing total; tests/odds check the monotonicity this relies
    on against the engine for every total.
    """
    totals = rolls.outcomes()
    low, high = 0, len(totals)  # the first passing index lies in [low, high]
    while low < high:
        middle = (low + high) // 2
        if passes(totals[middle]):
            high = middle
        else:
            low = middle + 1
    threshold = totals[low] if low < len(totals) else None
    return rolls.map(lambda total: threshold is not None and total >= threshold)
